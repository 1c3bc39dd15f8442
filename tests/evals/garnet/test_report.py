"""The Garnet Thief report: payouts scored per round, per seat and per edge case, no answer never
a wrong one, the referee beside; players' means per model seat; isolation's counts; a section
and a figure per mode in `refgm report`; a damaged line named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from evals.garnet.report import (
    ISOLATION_COLUMNS,
    KIND_COLUMNS,
    PAYOUT_COLUMNS,
    PLAYERS_COLUMNS,
    isolation_rows,
    kind_rows,
    payout_rows,
    players_rows,
    row_problem,
    summarise_isolation,
    summarise_payouts,
    summarise_players,
)
from evals.runner import RESULTS
from refgm.cli import main
from tests.evals.garnet.scripted import bluffer, play, rows


def paid(
    outcome: str, seats: int = 8, gains: int = 8, penalties: int = 8, kind: str = "tie", **more: Any
) -> dict[str, Any]:
    return {
        "game": "garnet",
        "mode": "payout",
        "model": "m",
        "lang": "en",
        "seed": 0,
        "index": 0,
        "kind": kind,
        "outcome": outcome,
        "referee_exact": True,
        "gains_right": gains,
        "penalties_right": penalties,
        "seats_right": seats,
        "model_calls": 1,
        "tokens_in": 300,
        "tokens_out": 20,
        "latency": 2.0,
        "cost_usd": 0.0,
        **more,
    }


def cells(columns: tuple[str, ...], row: list[str]) -> dict[str, str]:
    return dict(zip(columns, row, strict=True))


def test_payouts_are_exact_over_rounds_and_right_over_answered_seats() -> None:
    lines = [
        paid("exact"),
        paid("wrong", seats=6, gains=7, penalties=7, kind="liar_zero"),
        paid("unread", seats=0, gains=0, penalties=0, kind="too_large"),
        paid("refused", seats=0, gains=0, penalties=0),
    ]
    (summary,) = summarise_payouts(lines)
    row = cells(PAYOUT_COLUMNS, payout_rows([summary])[0])
    assert (row["rounds"], row["answered"], row["exact (of answered)"], row["exact (of all)"]) == (
        "4",
        "50.0%",
        "50.0%",
        "25.0%",
    )
    assert row["seats right (of answered)"] == "87.5%" and row["gains right"] == "93.8%"  # 14/16, 15/16
    assert (row["wrong"], row["refused"], row["unparseable"], row["failed calls"]) == ("1", "1", "1", "0")
    assert row["with the referee"] == "100.0%" and row["tokens/round"] == "320"
    kinds = cells(KIND_COLUMNS, kind_rows(lines)[0])
    assert (kinds["tie"], kinds["liar_zero"], kinds["too_large"], kinds["remainder"]) == ("1/2", "0/1", "0/1", "–")


def test_players_are_summed_per_model_seat_and_isolation_counts_every_request() -> None:
    game = {
        "game": "garnet",
        "mode": "players",
        "model": "m",
        "lang": "en",
        "population": "random",
        "seed": 0,
        "seats": ["1", "2"],
        "garnets": [3, -1],
        "ranks": [1, 6],
        "won": 1,
        "candidate": False,
        "choices": 16,
        "own_choices": 10,
        "bluffs": 4,
        "penalties": 3,
        "gains": 5,
        "plies": 64,
        "moves": 16,
        "first_illegal": 0,
        "first_no_move": 6,
        "illegal": 0,
        "retries": 12,
        "fallbacks": 6,
        "model_calls": 28,
        "tokens_in": 2800,
        "tokens_out": 400,
        "latency": 32.0,
        "cost_usd": 0.0,
    }
    assert row_problem(game) is None
    row = cells(PLAYERS_COLUMNS, players_rows(summarise_players([game, {**game, "seed": 1, "candidate": True}]))[0])
    assert (row["games"], row["model seats"], row["mean garnets"], row["mean rank"], row["won"]) == (
        "2",
        "4",
        "1.00",
        "3.50",
        "50.0%",
    )
    assert (row["candidate"], row["bluff rate (own choices)"], row["penalties/seat-game"]) == ("50.0%", "40.0%", "1.50")
    assert (row["first reply no move"], row["fallbacks/decision"], row["tokens/decision"]) == ("37.5%", "0.38", "200")
    checked = {
        "game": "garnet",
        "mode": "isolation",
        "model": "m",
        "lang": "en",
        "population": "random",
        "seed": 0,
        "requests": 30,
        "alternatives": 400,
        "leaks": 0,
        "request_leaks": 0,
        "view_leaks": 0,
        "log_problems": 0,
    }
    row = cells(ISOLATION_COLUMNS, isolation_rows(summarise_isolation([checked, {**checked, "requests": 12}]))[0])
    assert (row["game logs"], row["requests checked"], row["leaking requests"]) == ("2", "42", "0")


@pytest.mark.parametrize(
    ("change", "what"),
    [
        ({"mode": "judge"}, '"mode" must be payout, players or isolation'),
        ({"outcome": "right"}, '"outcome" must be one of exact, wrong, refused, unread, failed'),
        ({"kind": "odd"}, '"kind" must be one of tie,'),
        ({"gains_right": "8"}, '"gains_right" must be a number'),
        ({"referee_exact": 1}, '"referee_exact" must be true or false'),
    ],
)
def test_a_damaged_line_is_named(change: dict[str, Any], what: str) -> None:
    assert row_problem(paid("exact")) is None
    found = row_problem({**paid("exact"), **change})
    assert found is not None and found.startswith(what)


def test_refgm_report_draws_each_mode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    run = tmp_path / "run"
    argv = ["--population", "random", "--games", "1", "--items", "8", "--model", "offline"]
    assert play(run, bluffer, monkeypatch, *argv) == 0
    assert {row["mode"] for row in rows(run)} == {"payout", "players", "isolation"}
    capsys.readouterr()
    assert main(["report", str(run)]) == 0
    assert "Garnet Thief results" in capsys.readouterr().out
    text = (run / "report.md").read_text(encoding="utf-8")
    sections = ["## Garnet Thief: payouts", "## Garnet Thief: models as players", "## Garnet Thief: isolation"]
    assert all(section in text for section in sections)
    assert "| offline | en | 8 | 100.0% | 100.0% | 100.0% | 100.0% |" in text
    assert "| openai:scripted | en | random | 1 | 1 |" in text
    for name in ("garnet_payout.png", "garnet_players.png"):
        assert (run / name).read_bytes().startswith(b"\x89PNG")
    assert "<h2>Garnet Thief: isolation of the model seats</h2>" in (run / "report.html").read_text(encoding="utf-8")
    lines = (run / RESULTS).read_text(encoding="utf-8").splitlines()
    (run / RESULTS).write_text(lines[0] + "\n" + json.dumps({**json.loads(lines[0]), "kind": 3}) + "\n", "utf-8")
    assert main(["report", str(run)]) == 2
    assert f'{run / RESULTS}:2: "kind" must be one of' in capsys.readouterr().err
