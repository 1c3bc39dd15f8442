"""Strategy files and their checker: the tiles-8 strategy verified against every reply, the
format read back as written, and every kind of corruption rejected (the checker can fail)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from functools import cache

import pytest

from referee.monorail import Move, Position, Tile, legal_moves, move_str
from referee.monorail.game import variant
from referee.monorail.solver import solve
from referee.monorail.strategy import Entry, Strategy, StrategyError, check
from tests.referee.monorail.test_solve import solved

START: frozenset[Tile] = frozenset()


@cache
def strategy() -> Strategy:
    return solved("tiles-8").strategy({"nodes": solved("tiles-8").nodes})


def test_the_tiles_8_strategy_wins_against_every_reply() -> None:
    plan = strategy()
    assert plan.winner == "first" and plan.rules == variant("tiles-8")
    verdict = check(plan)
    assert verdict.ok, (verdict.reason, verdict.line)
    assert verdict.positions == len(plan.entries)  # every entry is met, and no more are
    assert verdict.replies > len(plan.entries)
    assert plan.entries[START].place is not None  # the first player moves at the start


def test_the_file_reads_back_as_written() -> None:
    lines = list(strategy().lines())
    header = json.loads(lines[0])
    assert header == {
        "format": "refgm-monorail-strategy",
        "version": 1,
        "variant": "tiles-8",
        "rules": {"strict_edges": True, "tiles": 8},
        "winner": "first",
        "entries": len(lines) - 1,
        "search": {"nodes": solved("tiles-8").nodes},
    }
    assert json.loads(lines[1])["placed"] == []  # the start first
    assert Strategy.from_lines(lines) == strategy()
    kinds = {tuple(sorted(json.loads(line))) for line in lines[1:]}
    assert kinds == {("declare", "placed"), ("if_declared", "place", "placed"), ("place", "placed")}


def _a_move_entry(plan: Strategy) -> frozenset[Tile]:
    """A position after the start where the winner moves and the game goes on."""
    return next(p for p, e in plan.entries.items() if p and e.place is not None and e.if_declared)


def _a_losing_first_move() -> Move:
    """A legal first move after which the loop cannot be completed."""
    start = Position(tiles_left=8)
    return next(m for m in legal_moves(start) if not solve(start.after(m.tiles)).completable)


def _drop(plan: Strategy) -> Strategy:
    return replace(plan, entries={p: e for p, e in plan.entries.items() if p != _a_move_entry(plan)})


def _blunder(plan: Strategy) -> Strategy:
    return replace(plan, entries={**plan.entries, START: Entry(_a_losing_first_move(), ())})


def _wrong_impossible(plan: Strategy) -> Strategy:
    return replace(plan, entries={**plan.entries, _a_move_entry(plan): Entry(None)})


def _short_answer(plan: Strategy) -> Strategy:
    entry = plan.entries[START]
    assert entry.if_declared is not None
    return replace(plan, entries={**plan.entries, START: replace(entry, if_declared=entry.if_declared[:-1])})


def _declare_at_the_start(plan: Strategy) -> Strategy:
    return replace(plan, entries={**plan.entries, START: Entry(None)})


def _other_winner(plan: Strategy) -> Strategy:
    return replace(plan, winner="second")


@pytest.mark.parametrize(
    ("corrupt", "reason"),
    [
        (_drop, "no entry for this position"),
        (_blunder, "the second player wins (challenge_won)"),  # the loser declares 'impossible', rightly
        (_wrong_impossible, "'impossible' declared, but the loop can be completed"),
        (_short_answer, "the second player wins (challenge_won)"),  # the attempt leaves the loop open
        (_declare_at_the_start, "the strategy's action is illegal"),
        (_other_winner, "no entry for this position"),
    ],
)
def test_a_corrupted_strategy_is_rejected(corrupt: Callable[[Strategy], Strategy], reason: str) -> None:
    verdict = check(corrupt(strategy()))
    assert not verdict.ok and reason in verdict.reason, verdict


def test_the_failing_line_is_named() -> None:
    verdict = check(_short_answer(strategy()))
    first = strategy().entries[START].place
    assert first is not None and verdict.line == (move_str(first), "impossible")


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([], "line 1: an empty file"),
        (['{"format": "other", "version": 1}'], "not a refgm-monorail-strategy file"),
        (["not json"], "line 1: not JSON"),
        (
            [
                '{"format": "refgm-monorail-strategy", "version": 1, "variant": null, "rules": {"strict_edges": true, '
                '"tiles": 8}, "winner": "first", "entries": 0}'
            ],
            "variant None is not the rules",
        ),
        (
            [
                '{"format": "refgm-monorail-strategy", "version": 1, "variant": "tiles-8", "rules": {"strict_edges": true, '
                '"tiles": 8}, "winner": "third", "entries": 0}'
            ],
            "winner is one of",
        ),
    ],
)
def test_a_malformed_file_names_its_line(lines: list[str], message: str) -> None:
    with pytest.raises(StrategyError, match=message):
        Strategy.from_lines(lines)


def test_a_malformed_entry_names_its_line() -> None:
    lines = list(strategy().lines())
    with pytest.raises(StrategyError, match="line 3: a second entry for the same position"):
        Strategy.from_lines([lines[0], lines[1], lines[1]])
    with pytest.raises(StrategyError, match="line 1: the header counts"):
        Strategy.from_lines(lines[:-1])
    with pytest.raises(StrategyError, match="line 2: placed: 'Q' is not a shape"):
        Strategy.from_lines([lines[0], '{"placed": [[0, 1, "Q"]], "declare": "impossible"}', *lines[2:]])
    with pytest.raises(StrategyError, match='line 2: an entry has "place"'):
        Strategy.from_lines([lines[0], '{"placed": []}', *lines[2:]])
