"""Garnet Thief's payout and players evals inside Inspect AI: the same rounds, games and isolation
checks, the same referee's figures as `refgm eval --game garnet` (tests/evals/inspect/compare.py)."""

from __future__ import annotations

from tests.evals.inspect import require_inspect

require_inspect()

from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402

from evals.garnet.payout import PayoutAnswer  # noqa: E402
from evals.inspect import garnet  # noqa: E402
from gm.garnet import ChoiceReply, DesignationReply  # noqa: E402
from tests.evals.inspect import compare  # noqa: E402

ITEMS = 16
POPULATIONS = "random,mixed"
GAMES = 2
PAYOUT = ["--game", "garnet", "--mode", "payout", "--lang", "en", "--items", str(ITEMS)]
PLAYERS = ["--game", "garnet", "--mode", "players,isolation", "--lang", "en", "--population", POPULATIONS,
           "--games", str(GAMES)]


def players_task() -> Any:
    return garnet.garnet_players(lang="en", population=POPULATIONS, games=GAMES)


def test_payouts_through_inspects_mock_model_score_as_refgm_eval_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log, lines = compare.played_alike(PAYOUT, garnet.garnet_payout(lang="en", items=ITEMS), tmp_path, monkeypatch,
                                      garnet.payout_figures)
    assert len(log.samples or ()) == len(lines) == ITEMS
    assert {line["outcome"] for line in lines} == {"exact", "wrong", "unread"}  # the script's three


def test_players_through_inspects_mock_model_play_and_check_what_refgm_eval_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log, lines = compare.played_alike(PLAYERS, players_task(), tmp_path, monkeypatch, garnet.players_figures)
    games = [line for line in lines if line["mode"] == "players"]
    checks = [line for line in lines if line["mode"] == "isolation"]
    # a sample is a game and the isolation check of its log
    assert len(log.samples or ()) == len(games) == len(checks) == 2 * GAMES
    assert sum(line["bluffs"] for line in games) > 0 and sum(line["retries"] for line in games) > 0
    assert all(line["requests"] > 0 and line["leaks"] == line["log_problems"] == 0 for line in checks)


def test_players_through_inspects_openai_compatible_provider_against_a_loopback_server(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    received = compare.played_alike_on_loopback(PLAYERS, players_task(), tmp_path, monkeypatch,
                                                (ChoiceReply, DesignationReply))
    assert "ChoiceReply" in {r.body["response_format"]["json_schema"]["name"] for r in received}


def test_payouts_through_inspects_openai_compatible_provider_ask_for_eight_seats(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    received = compare.played_alike_on_loopback(PAYOUT, garnet.garnet_payout(lang="en", items=ITEMS), tmp_path,
                                                monkeypatch, (PayoutAnswer,))
    assert len(received) == ITEMS
    # the bound Inspect's own JSON schema cannot hold (inspect_ai.util.JSONSchema has no minItems)
    assert {r.body["response_format"]["json_schema"]["schema"]["properties"]["gains"]["minItems"]
            for r in received} == {8}


def test_both_logs_imported_with_refgm_inspect_are_what_refgm_report_reads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    ours = tmp_path / "refgm"
    compare.refgm_eval(PAYOUT, ours, monkeypatch)
    compare.refgm_eval(PLAYERS, ours, monkeypatch)
    logs = [compare.inspect_run(task, compare.mock(), tmp_path / "logs").location
            for task in (garnet.garnet_payout(lang="en", items=ITEMS), players_task())]
    capsys.readouterr()
    tables = compare.imported_as_refgm_eval(logs, ours, tmp_path / "run")
    assert f"{ITEMS + 2 * 2 * GAMES} results added" in capsys.readouterr().out
    assert any(row.startswith("MODEL|en|mixed|2|") for row in tables)
    assert any(row.startswith(f"MODEL|en|{2 * GAMES}|") for row in tables)  # the isolation table: the logs


def test_without_isolation_a_sample_is_the_game_alone(tmp_path: Path) -> None:
    task = garnet.garnet_players(lang="en", population="random", games=1, isolation=False)
    log = compare.inspect_run(task, compare.mock(), tmp_path / "logs")
    assert [line["mode"] for line in compare.lines_of(log)] == ["players"]
    assert "leaking_requests" not in compare.metrics_of(log)


@pytest.mark.parametrize("build, params", [
    (garnet.garnet_payout, {"lang": "fr"}), (garnet.garnet_payout, {"items": 0}),
    (garnet.garnet_players, {"population": "sharks"}), (garnet.garnet_players, {"games": 0}),
    (garnet.garnet_players, {"seats": 0}), (garnet.garnet_players, {"seats": 8}),
])
def test_a_task_parameter_refgm_eval_would_refuse_is_refused(build: Any, params: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        build(**params)


def test_all_is_every_language_and_population() -> None:
    assert len(garnet.garnet_payout(items=2).dataset) == 3 * 2
    assert len(garnet.garnet_players(games=1).dataset) == 3 * len(garnet.populations())
