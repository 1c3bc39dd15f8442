"""Monorail's judge and opponent evals inside Inspect AI: the same questions and games, the same
referee's figures as `refgm eval --game monorail` (tests/evals/inspect/compare.py)."""

from __future__ import annotations

from tests.evals.inspect import require_inspect

require_inspect()

from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402

from evals.inspect import monorail  # noqa: E402
from evals.monorail.judge import MoveJudgement, PositionJudgement  # noqa: E402
from gm.monorail import TILES, MoveReply  # noqa: E402
from tests.evals.inspect import compare  # noqa: E402

ITEMS = 12
BOTS = "random,solver"
GAMES = 2
JUDGE = ["--game", "monorail", "--mode", "judge", "--lang", "en", "--items", str(ITEMS)]
OPPONENT = ["--game", "monorail", "--mode", "opponent", "--lang", "en", "--bot", BOTS, "--games", str(GAMES)]


def test_the_judge_through_inspects_mock_model_scores_as_refgm_eval_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log, lines = compare.played_alike(JUDGE, monorail.monorail_judge(lang="en", items=ITEMS), tmp_path, monkeypatch,
                                      monorail.judge_figures)
    assert len(log.samples or ()) == len(lines) == ITEMS
    assert {line["outcome"] for line in lines} == {"right", "wrong", "unread"}  # the script's three
    assert compare.metrics_of(log)["items"] == ITEMS


def test_the_opponent_through_inspects_mock_model_plays_the_games_refgm_eval_plays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, lines = compare.played_alike(OPPONENT, monorail.monorail_opponent(lang="en", bot=BOTS, games=GAMES), tmp_path,
                                    monkeypatch, monorail.opponent_figures)
    assert sorted((line["bot"], line["seat"]) for line in lines) == [
        ("random", "first"), ("random", "second"), ("solver", "first"), ("solver", "second")]
    # the script's empty placements: refused first replies, asked again, never a fallback
    assert 0 < sum(line["first_illegal"] for line in lines) == sum(line["retries"] for line in lines) \
        < sum(line["moves"] for line in lines)


def test_inspects_openai_compatible_provider_judges_against_a_loopback_server(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    received = compare.played_alike_on_loopback(JUDGE, monorail.monorail_judge(lang="en", items=ITEMS), tmp_path,
                                                monkeypatch, (MoveJudgement, PositionJudgement))
    assert len(received) == ITEMS
    assert {r.body["response_format"]["json_schema"]["name"] for r in received} == {"MoveJudgement", "PositionJudgement"}


def test_inspects_openai_compatible_provider_plays_against_a_loopback_server_with_the_tile_bound(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    received = compare.played_alike_on_loopback(OPPONENT, monorail.monorail_opponent(lang="en", bot=BOTS, games=GAMES),
                                                tmp_path, monkeypatch, (MoveReply,))
    assert all(r.body["response_format"]["json_schema"]["schema"]["properties"]["tiles"]["maxItems"] == TILES
               for r in received)


def test_both_logs_imported_with_refgm_inspect_are_what_refgm_report_reads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    ours = tmp_path / "refgm"
    compare.refgm_eval(JUDGE, ours, monkeypatch)
    compare.refgm_eval(OPPONENT, ours, monkeypatch)
    logs = [compare.inspect_run(task, compare.mock(), tmp_path / "logs").location for task in (
        monorail.monorail_judge(lang="en", items=ITEMS), monorail.monorail_opponent(lang="en", bot=BOTS, games=GAMES))]
    capsys.readouterr()
    tables = compare.imported_as_refgm_eval(logs, ours, tmp_path / "run")
    assert f"{ITEMS + 2 * GAMES} results added" in capsys.readouterr().out
    assert any(row.startswith("MODEL|en|move|") for row in tables)
    assert any(row.startswith("MODEL|en|solver|2|") for row in tables)


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
