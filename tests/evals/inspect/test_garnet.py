"""Garnet Thief's payout and players evals inside Inspect AI: the same rounds, games and isolation
checks, the same referee's figures as `refgm eval --game garnet` (tests/evals/inspect/compare.py)."""

from __future__ import annotations

from tests.evals.inspect import require_inspect

require_inspect()

from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402
from inspect_ai.model import get_model  # noqa: E402

from evals.inspect import garnet  # noqa: E402
from refgm.cli import main  # noqa: E402
from tests.evals.inspect.compare import (  # noqa: E402
    SCRIPTED,
    inspect_run,
    lines_of,
    metrics_of,
    refgm_eval,
    report_tables,
    rows_of,
    same_figures,
    without_none,
)
from tests.evals.inspect.scripted import mocked, served  # noqa: E402
from tests.gm.backends.servers import FaultServer  # noqa: E402

ITEMS = 16
POPULATIONS = "random,mixed"
GAMES = 2
MOCK = "inspect:mockllm/model"
PAYOUT = ["--game", "garnet", "--mode", "payout", "--lang", "en", "--items", str(ITEMS)]
PLAYERS = ["--game", "garnet", "--mode", "players,isolation", "--lang", "en", "--population", POPULATIONS,
           "--games", str(GAMES)]


def players_task() -> Any:
    return garnet.garnet_players(lang="en", population=POPULATIONS, games=GAMES)


def test_payouts_through_inspects_mock_model_score_as_refgm_eval_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = refgm_eval(PAYOUT, tmp_path / "refgm", monkeypatch)
    log = inspect_run(garnet.garnet_payout(lang="en", items=ITEMS), get_model("mockllm/model", custom_outputs=mocked),
                      tmp_path / "logs")
    lines = lines_of(log)
    assert len(log.samples or ()) == len(lines) == len(expected) == ITEMS
    assert {line["model"] for line in lines} == {MOCK}
    assert same_figures(lines) == same_figures(expected)
    assert {line["outcome"] for line in lines} == {"exact", "wrong", "unread"}  # the script's three
    assert metrics_of(log) == pytest.approx(without_none(garnet.payout_figures(expected)))


def test_players_through_inspects_mock_model_play_and_check_what_refgm_eval_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = refgm_eval(PLAYERS, tmp_path / "refgm", monkeypatch)
    log = inspect_run(players_task(), get_model("mockllm/model", custom_outputs=mocked), tmp_path / "logs")
    lines = lines_of(log)
    # a sample is a game and the isolation check of its log
    assert len(log.samples or ()) == 2 * GAMES and len(lines) == len(expected) == 2 * 2 * GAMES
    assert same_figures(lines) == same_figures(expected)
    games = [line for line in lines if line["mode"] == "players"]
    checks = [line for line in lines if line["mode"] == "isolation"]
    assert len(games) == len(checks) == 2 * GAMES
    assert sum(line["bluffs"] for line in games) > 0 and sum(line["retries"] for line in games) > 0
    assert all(line["requests"] > 0 and line["leaks"] == line["log_problems"] == 0 for line in checks)
    assert metrics_of(log) == pytest.approx(without_none(garnet.players_figures(expected)))


def test_players_through_inspects_openai_compatible_provider_against_a_loopback_server(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = refgm_eval(PLAYERS, tmp_path / "refgm", monkeypatch)
    with FaultServer([], lifetime_s=120.0, then=served) as server:
        model = get_model("openai-api/loopback/scripted", base_url=server.openai_url, api_key="unused")
        log = inspect_run(players_task(), model, tmp_path / "logs")
    assert server.received and all(r.body["response_format"]["type"] == "json_schema" for r in server.received)
    lines = lines_of(log)
    assert {line["model"] for line in lines} == {"inspect:openai-api/loopback/scripted"}
    assert same_figures(lines) == same_figures(expected)


def test_both_logs_imported_with_refgm_inspect_are_what_refgm_report_reads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    ours = tmp_path / "refgm"
    refgm_eval(PAYOUT, ours, monkeypatch)
    refgm_eval(PLAYERS, ours, monkeypatch)
    mock = get_model("mockllm/model", custom_outputs=mocked)
    logs = [inspect_run(garnet.garnet_payout(lang="en", items=ITEMS), mock, tmp_path / "logs").location,
            inspect_run(players_task(), mock, tmp_path / "logs").location]
    run = tmp_path / "run"
    capsys.readouterr()
    assert main(["inspect", *logs, "--out", str(run)]) == 0
    assert f"{ITEMS + 2 * 2 * GAMES} results added" in capsys.readouterr().out
    assert same_figures(rows_of(run)) == same_figures(rows_of(ours))
    tables = report_tables(run, MOCK)
    assert tables == report_tables(ours, SCRIPTED)
    assert any(row.startswith("MODEL|en|mixed|2|") for row in tables)
    games = [row for row in rows_of(run) if row["mode"] == "players"]
    assert len(games) == 2 * GAMES
    for game in games:  # each game's event log is where refgm eval keeps it, and replays
        assert main(["replay", str(run / game["log"])]) == 0


def test_without_isolation_a_sample_is_the_game_alone(tmp_path: Path) -> None:
    task = garnet.garnet_players(lang="en", population="random", games=1, isolation=False)
    log = inspect_run(task, get_model("mockllm/model", custom_outputs=mocked), tmp_path / "logs")
    assert [line["mode"] for line in lines_of(log)] == ["players"]
    assert "leaking_requests" not in metrics_of(log)


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
