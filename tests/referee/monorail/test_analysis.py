"""Opening analysis: the 150 classes, completing moves, witness moves and the short game-tree search."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.monorail import Move, Position, is_complete, is_legal, legal_moves, parse_move, start
from referee.monorail.analysis import How, Outcome, Result, Search, analyze, completing_moves, witness_moves
from referee.monorail.solver import solve
from referee.monorail.symmetry import GROUP
from tests.referee.monorail.strategies import STATION_CELLS, finished, options, played, rectangle, walk_tiles

LOOP = tuple(t for t in walk_tiles(rectangle(-2, 0, 6, 2)) if t.cell not in STATION_CELLS)
"""A loop of 12 through the stations: x from -2 to 3, rows 0 and 1."""

GAP = Position(tuple(t for t in LOOP if t.cell not in {(-1, 1), (0, 1), (1, 1), (2, 1)}), 4)
"""That loop with four straight tiles missing from its top row, and exactly four tiles left."""


def test_the_start_reproduces_the_namu_wiki_figure() -> None:
    classes = analyze(start(), depth=2)
    assert sum(len(c.members) for c in classes) == 646 and len(classes) == 166
    keep = [c for c in classes if c.after.completable]
    assert sum(len(c.members) for c in keep) == 588 and len(keep) == 150  # genius-rules.md M1
    assert Counter(len(c.move.tiles) for c in keep) == {1: 5, 2: 36, 3: 109}
    lost = [c for c in classes if c.outcome == Outcome(Result.LOSS, 2, How.IMPOSSIBLE)]
    assert len(lost) == 16 and sum(len(c.members) for c in lost) == 58
    assert all(c.outcome == Outcome(Result.OPEN) for c in keep)  # no first move hands over a completion
    # A class's members are its representative's images; each move is in exactly one class.
    members = [m for c in classes for m in c.members]
    assert len(members) == len(set(members)) == 646
    assert all(c.move in c.members for c in classes)  # legal_moves lists tiles in cell order, as canonical does


@pytest.mark.parametrize(
    ("move", "outcome"),
    [
        ("H@0,1 H@1,1", Outcome(Result.WIN, 3, How.FORCED)),  # two single gaps, two tiles: the opponent loses
        ("H@0,1", Outcome(Result.LOSS, 4, How.FORCED, parse_move("H@1,1"))),  # and leaves two single gaps
        ("H@-1,1", Outcome(Result.LOSS, 2, How.HANDS_OVER, parse_move("H@0,1 H@1,1 H@2,1"))),
        ("H@-1,1 H@0,1 H@1,1", Outcome(Result.LOSS, 2, How.HANDS_OVER, parse_move("H@2,1"))),
        ("V@-1,2", Outcome(Result.LOSS, 2, How.IMPOSSIBLE)),  # a stray tile: nothing is left for the gap
        ("NE@-1,1", Outcome(Result.LOSS, 2, How.IMPOSSIBLE)),  # a wrong shape in the gap
    ],
)
def test_the_search_on_a_gap_of_four(move: str, outcome: Outcome) -> None:
    assert Search(True, GROUP).outcome(GAP, parse_move(move), depth=4) == outcome


def test_a_search_without_symmetries_finds_the_same() -> None:
    assert Search().outcome(GAP, parse_move("H@0,1 H@1,1"), depth=3) == Outcome(Result.WIN, 3, How.FORCED)


def test_the_search_looks_no_deeper_than_asked() -> None:
    search = Search(True, GROUP)
    assert search.outcome(GAP, parse_move("H@0,1 H@1,1"), depth=2) == Outcome(Result.OPEN)
    assert search.outcome(GAP, parse_move("H@0,1"), depth=3) == Outcome(Result.OPEN)
    assert search.outcome(GAP, parse_move("H@-1,1"), depth=1) == Outcome(Result.OPEN)


def test_a_move_that_closes_the_loop_wins_at_ply_one() -> None:
    last = Position(tuple(t for t in LOOP if t.cell not in {(0, 1), (1, 1)}), 2)
    assert Search().outcome(last, parse_move("H@0,1 H@1,1"), depth=1) == Outcome(Result.WIN, 1, How.COMPLETES)
    assert list(completing_moves(last)) == [parse_move("H@0,1 H@1,1")]


def test_the_claimed_forced_win_checked_by_brute_force() -> None:
    # After H@0,1 H@1,1 every reply leaves the mover a completion or a right 'impossible'.
    after = GAP.after(parse_move("H@0,1 H@1,1").tiles)
    replies = list(legal_moves(after))
    assert replies
    for reply in replies:
        position = after.after(reply.tiles)
        completes = any(is_complete(position.after(m.tiles).board) for m in legal_moves(position))
        assert completes or not solve(position).completable


def test_the_analysis_of_a_position_groups_by_its_own_symmetries() -> None:
    classes = analyze(GAP, depth=3)
    # The gap is symmetric under x -> 1-x only; the winning pair H@0,1 H@1,1 is its own image.
    win = [c for c in classes if c.outcome.result is Result.WIN]
    assert [c.move for c in win] == [parse_move("H@0,1 H@1,1")] and len(win[0].members) == 1
    assert sum(len(c.members) for c in classes) == len(list(legal_moves(GAP)))


def brute_completions(position: Position, strict: bool = True) -> set[Move]:
    return {m for m in options(position, strict) if is_complete(position.after(m.tiles).board)}


@st.composite
def near_complete(draw: st.DrawFn) -> Position:
    """A loop through the stations with 1-4 tiles taken out, and a supply of 0-6."""
    loop = draw(finished())
    cut = draw(st.lists(st.sampled_from(range(len(loop))), min_size=1, max_size=4, unique=True))
    rest = tuple(t for i, t in enumerate(loop) if i not in cut)
    return Position(rest, draw(st.integers(0, 6)))


@settings(max_examples=40)
@given(st.one_of(near_complete(), played(max_moves=2)), st.booleans())
def test_completing_moves_are_the_legal_moves_that_complete(position: Position, strict: bool) -> None:
    listed = list(completing_moves(position, strict))
    assert len(listed) == len(set(listed))
    assert set(listed) == brute_completions(position, strict)


@settings(max_examples=30)
@given(st.one_of(near_complete(), played(max_moves=3)))
def test_witness_moves_are_legal_and_keep_completion_possible(position: Position) -> None:
    solution = solve(position)
    if not solution.completable or not solution.witness:
        assert list(witness_moves(position, solution.witness or ())) == []
        return
    moves = list(witness_moves(position, solution.witness))
    assert moves  # a witness always touches the table
    for move in moves:
        assert is_legal(position, move) and set(move.tiles) <= set(solution.witness)
        assert solve(position.after(move.tiles)).completable


@settings(max_examples=15)
@given(near_complete(), st.data())
def test_outcomes_at_ply_one_and_two_are_what_they_say(position: Position, data: st.DataObject) -> None:
    moves = options(position)
    if not moves:
        return
    move = data.draw(st.sampled_from(moves))
    outcome = Search(True, GROUP).outcome(position, move, depth=2)
    after = position.after(move.tiles)
    if is_complete(after.board):
        assert outcome == Outcome(Result.WIN, 1, How.COMPLETES)
    elif not solve(after).completable:
        assert outcome == Outcome(Result.LOSS, 2, How.IMPOSSIBLE)
    elif brute_completions(after):
        assert outcome.how is How.HANDS_OVER and outcome.reply in brute_completions(after)
    else:
        assert outcome == Outcome(Result.OPEN)


def test_witness_moves_are_the_legal_lines_of_the_witness() -> None:
    assert list(witness_moves(start(), parse_move("NW@2,0").tiles)) == [parse_move("NW@2,0")]
    assert list(witness_moves(start(), parse_move("NW@5,5").tiles)) == []  # touches nothing
    assert list(witness_moves(start(), parse_move("V@2,0").tiles)) == []  # against the station's rail


def test_a_first_move_that_loses_by_force_within_four_plies() -> None:
    # NE@-1,0 is answered by H@0,1 H@1,1 SW@2,1: two cells, -1,1 and 2,0, each faced by two rail
    # ends, not in one line. The first seat fills one and the second the other, or a stray tile
    # leaves the loop impossible.
    outcome = Search(True, GROUP).outcome(start(), parse_move("NE@-1,0"), depth=4)
    assert outcome == Outcome(Result.LOSS, 4, How.FORCED, parse_move("H@0,1 H@1,1 SW@2,1"))
    trap = start().after(parse_move("NE@-1,0 H@0,1 H@1,1 SW@2,1").tiles)
    assert solve(trap).completable and not brute_completions(trap)
    for move in legal_moves(trap):
        after = trap.after(move.tiles)
        assert not solve(after).completable or brute_completions(after)
