"""`refgm parse`: the JSONL machine interface in a real subprocess and in process, and human mode."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.lang.limits import UTTERANCE_CHARS
from refgm.cli import main
from refgm.commands.parse import run_jsonl

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
        [sys.executable, "-m", "refgm.cli", "parse", "--jsonl"],
        input="\n".join(LINES) + "\n", capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    check(result.stdout.splitlines())


def test_jsonl_in_process() -> None:
    out = io.StringIO()
    status = run_jsonl(io.BytesIO(("\n".join(LINES) + "\n").encode()), out)
    assert status == 1
    check(out.getvalue().splitlines())


def test_jsonl_exit_code_zero_when_every_line_is_well_formed() -> None:
    out = io.StringIO()
    assert run_jsonl(io.BytesIO(b'{"text": "B ate it."}\n{"text": "hmm"}\n'), out) == 0
    assert [json.loads(line)["kind"] for line in out.getvalue().splitlines()] == ["guess", "remark"]


def test_jsonl_default_incident_and_language_from_options(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b'{"text": "A, did you drink it?"}\n')))
    assert main(["parse", "--jsonl", "--incident", "juice", "--lang", "en"]) == 0
    assert json.loads(capsys.readouterr().out)["kind"] == "question"


def test_human_mode(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "A, did you eat it?", "Did A eat it?", "B, who is the liar?"]) == 0
    out = capsys.readouterr().out
    assert "question, cost 1" in out and "A is asked: culprit(A)" in out
    assert "unclear: say whom you are asking" in out
    assert "cost 3 (open" in out


# --- any input: one output line per input line, never a traceback ------------------------

HOSTILE = [
    b"[" * 5_000 + b"]" * 5_000,                          # nested deeper than json's recursion
    b'{"text": "x", "n": ' + b"9" * 5_000 + b"}",          # over Python's integer digit limit
    '{"text": "Aさん、\\ud800ケーキを食べましたか？"}'.encode(),  # a lone surrogate, escaped
    '{"text": "가\udcff"}'.encode("utf-8", "surrogatepass"),  # the same, raw: not UTF-8
    "가".encode() + b"\xff",                             # not UTF-8
    b'{"text": "' + b"A, did you eat it? " * 4_000 + b'"}',  # over the line limit
    ('{"text": "' + "あ" * (UTTERANCE_CHARS + 1) + '"}').encode(),  # over the utterance limit
    b'{"text": "x", "lang": {"a": [1]}}',
]


def test_jsonl_answers_every_hostile_line_and_the_lines_after_it() -> None:
    good = b'{"text": "A, did you eat it?"}'
    out = io.StringIO()
    lines = [line for bad in HOSTILE for line in (bad, good)]
    assert run_jsonl(io.BytesIO(b"\n".join(lines) + b"\n"), out) == 1
    objects = [json.loads(line) for line in out.getvalue().split("\n")[:-1]]
    assert len(objects) == len(lines)
    for bad, answer in zip(objects[::2], HOSTILE, strict=True):
        assert bad["kind"] == "unclear" and bad["error"], answer[:60]
    assert all(obj["kind"] == "question" and "error" not in obj for obj in objects[1::2])
    errors = [obj["error"] for obj in objects[::2]]
    assert "nested too deeply" in errors[0] and "digits" in errors[1]
    assert "surrogate" in errors[2] and "not UTF-8" in errors[3] and "not UTF-8" in errors[4]
    assert "longer than 65,536 bytes" in errors[5] and "longer than 2,000 characters" in errors[6]


def test_human_mode_reports_a_line_that_is_not_utf8_and_reads_on() -> None:
    result = subprocess.run([sys.executable, "-m", "refgm.cli", "parse"],
                            input="가".encode() + b"\xff\nA, did you eat it?\n", capture_output=True,
                            cwd=ROOT, timeout=60)
    stderr = result.stderr.decode()
    assert result.returncode == 1 and "Traceback" not in stderr
    assert stderr == "refgm parse: line 1: not UTF-8 text: byte 0xff at byte 4; not read\n"
    assert result.stdout.decode().startswith("[en] question, cost 1")


def test_human_mode_refuses_an_argument_over_the_limit_or_not_unicode(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "x" * (UTTERANCE_CHARS + 1), "가\udcff", "B ate it."]) == 1
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        "refgm parse: argument 1: longer than 2,000 characters (2,001); not read",
        "refgm parse: argument 2: not Unicode text: a lone surrogate U+DCFF at character 2; not read",
    ]
    assert captured.out.startswith("[en] guess")


_line = st.one_of(
    st.binary(max_size=300),
    st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.fixed_dictionaries(
        {"text": st.one_of(st.text(max_size=200), st.integers(), st.none(), st.lists(st.text()))},
        optional={"lang": st.one_of(st.sampled_from(["ko", "ja", "en", "fr"]), st.integers(), st.text()),
                  "incident": st.one_of(st.sampled_from(["cake", "juice", "pie"]), st.none())},
    ).map(lambda obj: json.dumps(obj).encode()),
).map(lambda raw: raw.replace(b"\n", b" "))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_line, min_size=1, max_size=6))
def test_jsonl_fuzz_one_wire_object_per_input_line(lines: list[bytes]) -> None:
    out = io.StringIO()
    status = run_jsonl(io.BytesIO(b"\n".join(lines) + b"\n"), out)
    objects = [json.loads(line) for line in out.getvalue().split("\n")[:-1]]
    assert len(objects) == len(lines)
    assert status == (1 if any("error" in obj for obj in objects) else 0)
    for obj in objects:
        assert set(obj) - {"error"} == WIRE_KEYS
