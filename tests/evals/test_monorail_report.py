"""The Monorail report's arithmetic: judge verdicts split by direction and never mixed with
no verdict; an opponent's rates per game and per move; a figure per mode, legends off the bars."""

from __future__ import annotations

from typing import Any

from evals.monorail.report import (
    JUDGE_COLUMNS,
    OPPONENT_COLUMNS,
    figures,
    judge_rows,
    markdown,
    opponent_rows,
    row_problem,
    summarise,
    summarise_games,
)


def judged(outcome: str, answer: bool | None, truth: bool, **more: Any) -> dict[str, Any]:
    line: dict[str, Any] = {
        "game": "monorail",
        "mode": "judge",
        "model": "m",
        "lang": "en",
        "seed": 0,
        "index": 0,
        "question": "move",
        "fault": None,
        "truth": truth,
        "referee": truth,
        "answer": answer,
        "outcome": outcome,
        "model_calls": 1,
        "tokens_in": 90,
        "tokens_out": 10,
        "latency": 1.0,
        "cost_usd": 0.0,
    }
    return {**line, **more}


def game(outcome: str, **more: Any) -> dict[str, Any]:
    line: dict[str, Any] = {
        "game": "monorail",
        "mode": "opponent",
        "model": "m",
        "lang": "en",
        "bot": "random",
        "seat": "first",
        "seed": 0,
        "outcome": outcome,
        "reason": "completed",
        "plies": 8,
        "moves": 4,
        "first_illegal": 0,
        "first_no_move": 0,
        "illegal": 0,
        "retries": 0,
        "fallbacks": 0,
        "model_calls": 4,
        "tokens_in": 400,
        "tokens_out": 40,
        "latency": 4.0,
        "cost_usd": 0.001,
    }
    return {**line, **more}


def test_wrong_verdicts_are_split_and_no_verdict_is_no_wrong_one() -> None:
    lines = [
        judged("right", True, True),
        judged("wrong", True, False),
        judged("wrong", False, True),
        judged("wrong", True, False),
        judged("unread", None, True),
        judged("refused", None, False),
        judged("failed", None, True, tokens_in=0, tokens_out=0),
    ]
    assert all(row_problem(line) is None for line in lines)
    (cells,) = judge_rows(summarise(lines))
    table = dict(zip(JUDGE_COLUMNS, cells, strict=True))
    assert (table["items"], table["answered"]) == ("7", "57.1%")  # 4 of 7 gave a verdict
    assert (table["accuracy (of answered)"], table["accuracy (of all)"]) == ("25.0%", "14.3%")
    assert (table["yes, wrongly"], table["no, wrongly"]) == ("2", "1")
    assert (table["refused"], table["unparseable"], table["failed calls"]) == ("1", "1", "1")
    assert table["with the referee"] == "100.0%" and table["tokens/item"] == "86"


def test_an_opponents_rates_are_per_game_and_per_move() -> None:
    lines = [
        game("won", first_illegal=2, illegal=3, retries=3, fallbacks=1, first_no_move=1),
        game(
            "lost",
            seat="second",
            reason="challenge_won",
            moves=6,
            plies=12,
            model_calls=6,
            tokens_in=500,
            tokens_out=100,
            latency=6.0,
        ),
    ]
    assert all(row_problem(line) is None for line in lines)
    (cells,) = opponent_rows(summarise_games(lines))
    table = dict(zip(OPPONENT_COLUMNS, cells, strict=True))
    assert (table["games"], table["won"], table["moved first"], table["moves"]) == ("2", "50.0%", "1", "10")
    assert (table["first reply illegal"], table["first reply no move"]) == ("20.0%", "10.0%")
    assert (table["illegal replies/move"], table["retries/move"], table["fallbacks/move"]) == ("0.30", "0.30", "0.10")
    assert (table["tokens/move"], table["latency/move"], table["plies/game"]) == ("104", "1.00s", "10.0")
    assert table["how the games ended"] == "lost by challenge_won 1, won by completed 1"


def test_a_damaged_line_is_named() -> None:
    assert (
        row_problem(judged("wrong", None, True))
        == '"answer" is null exactly when the outcome is refused, unread or failed'
    )
    assert row_problem(game("drawn")) == '"outcome" must be one of won, lost'
    assert row_problem(game("won", moves="4")) == '"moves" must be a number'
    assert row_problem({**game("won"), "mode": "play"}) == '"mode" must be judge or opponent'


def test_each_mode_gets_its_section_and_figure_and_no_legend_lies_on_a_bar() -> None:
    both = [judged("right", True, True), game("won")]
    text = "\n".join(markdown(both))
    assert text.index("## Monorail: a model as judge") < text.index("## Monorail: a model as opponent")
    drawn = figures(both)
    assert sorted(drawn) == ["judge.png", "opponent.png"]
    assert all(ax.get_legend() is None for fig in drawn.values() for ax in fig.axes)
    assert sorted(figures([game("lost")])) == ["opponent.png"]
    assert "as judge" not in "\n".join(markdown([game("lost")]))
