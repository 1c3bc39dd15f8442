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


ROUND = '{"choices": ["Mafia", "Mafia", "Mafia", "Mafia", "Mafia", "Mafia", "Mafia", "Mafia"]}\n'


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("command", [["garnet", "payout", "--jsonl"], ["parse", "--jsonl"]])
def test_a_full_disk_is_a_clear_error_with_exit_2(command: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-m", "refgm.cli", *command], cwd=ROOT, input=ROUND.encode(),
                              stdout=full, stderr=subprocess.PIPE, timeout=60, check=False)
    assert done.returncode == 2
    assert done.stderr.decode() == "refgm: cannot write the output (No space left on device)\n"


def test_a_closed_stdin_is_no_input() -> None:
    done = subprocess.run(f"{sys.executable} -m refgm.cli garnet payout --jsonl <&-", shell=True, cwd=ROOT,
                          capture_output=True, timeout=60, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
