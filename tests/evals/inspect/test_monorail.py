"""Monorail's judge and opponent evals inside Inspect AI: the same questions and games, the same
referee's figures as `refgm eval --game monorail` (tests/evals/inspect/compare.py)."""

from __future__ import annotations

from tests.evals.inspect import require_inspect

require_inspect()

from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402
from inspect_ai.model import get_model  # noqa: E402

from evals.inspect import monorail  # noqa: E402
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

ITEMS = 12
BOTS = "random,solver"
GAMES = 2
MOCK = "inspect:mockllm/model"
JUDGE = ["--game", "monorail", "--mode", "judge", "--lang", "en", "--items", str(ITEMS)]
OPPONENT = ["--game", "monorail", "--mode", "opponent", "--lang", "en", "--bot", BOTS, "--games", str(GAMES)]


def test_the_judge_through_inspects_mock_model_scores_as_refgm_eval_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = refgm_eval(JUDGE, tmp_path / "refgm", monkeypatch)
    log = inspect_run(monorail.monorail_judge(lang="en", items=ITEMS), get_model("mockllm/model", custom_outputs=mocked),
                      tmp_path / "logs")
    lines = lines_of(log)
    assert len(log.samples or ()) == len(lines) == len(expected) == ITEMS
    assert {line["model"] for line in lines} == {MOCK}
    assert same_figures(lines) == same_figures(expected)
    assert {line["outcome"] for line in lines} == {"right", "wrong", "unread"}  # the script's three
    assert metrics_of(log) == pytest.approx(without_none(monorail.judge_figures(expected)))
    assert metrics_of(log)["items"] == ITEMS


def test_the_opponent_through_inspects_mock_model_plays_the_games_refgm_eval_plays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = refgm_eval(OPPONENT, tmp_path / "refgm", monkeypatch)
    log = inspect_run(monorail.monorail_opponent(lang="en", bot=BOTS, games=GAMES),
                      get_model("mockllm/model", custom_outputs=mocked), tmp_path / "logs")
    lines = lines_of(log)
    assert len(lines) == len(expected) == 2 * GAMES
    assert same_figures(lines) == same_figures(expected)
    assert sorted((line["bot"], line["seat"]) for line in lines) == [
        ("random", "first"), ("random", "second"), ("solver", "first"), ("solver", "second")]
    # the script's empty placements: refused first replies, asked again, never a fallback
    assert 0 < sum(line["first_illegal"] for line in lines) == sum(line["retries"] for line in lines) \
        < sum(line["moves"] for line in lines)
    assert metrics_of(log) == pytest.approx(without_none(monorail.opponent_figures(expected)))


def test_inspects_openai_compatible_provider_judges_against_a_loopback_server(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = refgm_eval(JUDGE, tmp_path / "refgm", monkeypatch)
    with FaultServer([], lifetime_s=120.0, then=served) as server:
        model = get_model("openai-api/loopback/scripted", base_url=server.openai_url, api_key="unused")
        log = inspect_run(monorail.monorail_judge(lang="en", items=ITEMS), model, tmp_path / "logs")
    assert len(server.received) == ITEMS
    assert {r.body["response_format"]["json_schema"]["name"] for r in server.received} == \
        {"MoveJudgement", "PositionJudgement"}
    lines = lines_of(log)
    assert {line["model"] for line in lines} == {"inspect:openai-api/loopback/scripted"}
    assert same_figures(lines) == same_figures(expected)


def test_both_logs_imported_with_refgm_inspect_are_what_refgm_report_reads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    ours = tmp_path / "refgm"
    refgm_eval(JUDGE, ours, monkeypatch)
    expected = refgm_eval(OPPONENT, ours, monkeypatch)[ITEMS:]
    mock = get_model("mockllm/model", custom_outputs=mocked)
    logs = [inspect_run(monorail.monorail_judge(lang="en", items=ITEMS), mock, tmp_path / "logs").location,
            inspect_run(monorail.monorail_opponent(lang="en", bot=BOTS, games=GAMES), mock, tmp_path / "logs").location]
    run = tmp_path / "run"
    capsys.readouterr()
    assert main(["inspect", *logs, "--out", str(run)]) == 0
    assert f"{ITEMS + 2 * GAMES} results added" in capsys.readouterr().out
    assert same_figures(rows_of(run)) == same_figures(rows_of(ours))
    tables = report_tables(run, MOCK)
    assert tables == report_tables(ours, SCRIPTED)
    assert any(row.startswith("MODEL|en|move|") for row in tables)
    assert any(row.startswith("MODEL|en|solver|2|") for row in tables)
    for game in expected:  # each game's event log is where refgm eval keeps it, and replays
        imported = next(row for row in rows_of(run) if row["key"] == game["key"].replace(SCRIPTED, MOCK))
        assert main(["replay", str(run / imported["log"])]) == 0


@pytest.mark.parametrize("build, params", [
    (monorail.monorail_judge, {"lang": "fr"}), (monorail.monorail_judge, {"items": 0}),
    (monorail.monorail_opponent, {"bot": "grandmaster"}), (monorail.monorail_opponent, {"games": 0}),
])
def test_a_task_parameter_refgm_eval_would_refuse_is_refused(build: Any, params: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        build(**params)


def test_all_is_every_language_and_bot_level() -> None:
    assert len(monorail.monorail_judge(items=2).dataset) == 3 * 2
    assert len(monorail.monorail_opponent(games=1).dataset) == 3 * 3
