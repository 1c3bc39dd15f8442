"""`refgm report`: a results file with a damaged line exits 2 naming the line, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from refgm.cli import main

GAME: dict[str, Any] = {
    "model": "offline", "mode": "harness", "lang": "en", "player": "random", "seed": 0, "incident": "cake",
    "outcome": "won", "turns": 3, "asked": 2, "answers": 2, "wrong_answers": 0, "contradiction": False,
    "count_displays": 3, "count_errors": 0, "verdicts": 1, "wrong_verdicts": 0, "leaks": 0,
    "revealed": False, "secret_changed": False, "unread": 0, "retries": 0, "fallbacks": 0,
    "model_calls": 0, "tokens_in": 0, "tokens_out": 0, "latency": 0.0, "cost_usd": 0.0, "error": None,
}


def report(run: Path, lines: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    run.mkdir(exist_ok=True)
    (run / "results.jsonl").write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    code = main(["report", str(run)])
    return code, capsys.readouterr().err


@pytest.mark.parametrize(("line", "what"), [
    ('{"model": 1}', '"model" must be a string'),
    ("[]", "a results line is a JSON object"),
    (json.dumps({**GAME, "turns": "3"}), '"turns" must be a number'),
    (json.dumps({**GAME, "model": "\ud800"}), '"model" must be a string'),
    ("[" * 5_000 + "]" * 5_000, "not a JSON line"),
])
def test_a_damaged_line_exits_2_naming_it(line: str, what: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, err = report(tmp_path / "run", [json.dumps(GAME), line, json.dumps(GAME)], capsys)
    assert code == 2 and err.startswith(f"refgm report: {tmp_path / 'run' / 'results.jsonl'}:2: {what}")


_value = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=5),
                   st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(key=st.sampled_from(sorted(GAME)), value=_value)
def test_fuzz_any_field(key: str, value: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = report(tmp_path / "run", [json.dumps({**GAME, key: value})], capsys)
    assert code in (0, 2) and "Traceback" not in err
    assert code == 0 or (err.startswith("refgm report: ") and ":1: " in err)
