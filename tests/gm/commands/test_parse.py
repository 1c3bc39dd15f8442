"""`refgm parse`: the JSONL machine interface in a real subprocess and in process, and human mode."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from gm.cli import main
from gm.commands.parse import run_jsonl

ROOT = Path(__file__).resolve().parents[3]
WIRE_KEYS = {"kind", "cost", "propositions", "guess"}

LINES = [
    '{"text": "A, did you eat it?"}',
    '{"text": "Everyone, who drank the juice?", "incident": "juice", "lang": "en"}',
    '{"text": "It was B, and C is the liar."}',
    '{"text": "C, would B say that A is honest?", "extra": "ignored"}',
    "not json",
    "",
    '{"text": 3}',
    '{"text": "x", "lang": "fr"}',
    '{"text": "x", "incident": "pie"}',
    "[1, 2]",
]


def check(out_lines: list[str]) -> None:
    assert len(out_lines) == len(LINES)
    objects = [json.loads(line) for line in out_lines]
    assert objects[0] == {
        "kind": "question", "cost": 1, "guess": None,
        "propositions": [{"speaker": "A", "about": "A", "predicate": "culprit", "negated": False}],
    }
    assert objects[1]["kind"] == "question" and objects[1]["cost"] == 9
    assert objects[2] == {"kind": "guess", "cost": 0, "propositions": [], "guess": {"culprit": "B", "liar": "C"}}
    assert objects[3]["propositions"] == [
        {"speaker": "C", "about": "A", "predicate": "honest", "negated": False, "via": "B"}
    ]
    for good in objects[:4]:
        assert set(good) == WIRE_KEYS
    for bad in objects[4:]:
        assert set(bad) == WIRE_KEYS | {"error"}
        assert bad["kind"] == "unclear" and bad["cost"] == 0 and bad["guess"] is None
    assert "empty" in objects[5]["error"]
    assert "text" in objects[6]["error"]
    assert "fr" in objects[7]["error"]
    assert "pie" in objects[8]["error"]


def test_jsonl_subprocess() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "gm.cli", "parse", "--jsonl"],
        input="\n".join(LINES) + "\n", capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    check(result.stdout.splitlines())


def test_jsonl_in_process() -> None:
    out = io.StringIO()
    status = run_jsonl(io.StringIO("\n".join(LINES) + "\n"), out)
    assert status == 1
    check(out.getvalue().splitlines())


def test_jsonl_exit_code_zero_when_every_line_is_well_formed() -> None:
    out = io.StringIO()
    assert run_jsonl(io.StringIO('{"text": "B ate it."}\n{"text": "hmm"}\n'), out) == 0
    assert [json.loads(line)["kind"] for line in out.getvalue().splitlines()] == ["guess", "remark"]


def test_jsonl_default_incident_and_language_from_options(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"text": "A, did you drink it?"}\n'))
    assert main(["parse", "--jsonl", "--incident", "juice", "--lang", "en"]) == 0
    assert json.loads(capsys.readouterr().out)["kind"] == "question"


def test_human_mode(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "A, did you eat it?", "Did A eat it?", "B, who is the liar?"]) == 0
    out = capsys.readouterr().out
    assert "question, cost 1" in out and "A is asked: culprit(A)" in out
    assert "unclear: say whom you are asking" in out
    assert "cost 3 (open" in out
