"""A reader that goes away (`refgm audit log | head -1`): a quiet exit 141, never a traceback,
and never the 1 that audit and replay give a game failing its check."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from refgm.cli import BROKEN_PIPE

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("command", [
    ["audit", "transcripts/en-cake.jsonl"],
    ["replay", "transcripts/en-cake.jsonl"],
    ["models"],
    ["parse", "A, did you eat it?", "B ate it."],
])
def test_a_closed_pipe_exits_141_without_a_traceback(command: list[str]) -> None:
    child = subprocess.Popen([sys.executable, "-m", "refgm.cli", *command], cwd=ROOT,
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # before the child has written anything: its first write meets a closed pipe
    stderr = child.stderr.read().decode()
    assert child.wait(timeout=60) == BROKEN_PIPE == 141
    assert stderr == ""
