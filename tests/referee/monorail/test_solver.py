"""The completion solver: table tests for known positions and its laws as property tests."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from referee.monorail import Position, Shape, Tile, is_complete, legal_moves, parse_move, start
from referee.monorail.position import TILES
from referee.monorail.solver import NOT_COMPLETABLE, SearchLimitError, Solution, solve
from referee.monorail.symmetry import GROUP, Symmetry
from tests.referee.monorail.strategies import boards, played

RING = "NE@-1,0 SE@-1,1 H@0,1 H@1,1 SW@2,1 NW@2,0"  # the shortest loop round the stations


def position(text: str, tiles_left: int | None = None) -> Position:
    placed = parse_move(text).tiles if text else ()
    return Position(placed, TILES - len(placed) if tiles_left is None else tiles_left)


def answer(p: Position) -> tuple[bool, int | None]:
    solution = solve(p)
    if solution.witness is not None:
        assert is_complete(p.after(solution.witness).board)
        assert len(solution.witness) == solution.min_needed
    return solution.completable, solution.min_needed


TABLE = [
    ("the start", "", None, (True, 6)),
    ("the start, one tile pair short", "", 4, (False, None)),
    ("the start with 6 tiles left", "", 6, (True, 6)),
    ("the loop, one tile to go (forced: two ends face it)", "NE@-1,0 SE@-1,1 H@0,1 H@1,1 SW@2,1", None, (True, 1)),
    ("the loop, one tile to go, none left", "NE@-1,0 SE@-1,1 H@0,1 H@1,1 SW@2,1", 0, (False, None)),
    ("the loop, two tiles to go", "NE@-1,0 SE@-1,1 H@0,1 H@1,1", None, (True, 2)),
    ("two chains that must be joined: a straight above the stations", "H@0,2", None, (True, 7)),
    ("the same, a pair short", "H@0,2", 5, (False, None)),
    ("three chains joined in a row by forced tiles", "H@3,0 H@5,0", None, (True, 12)),
    ("a single exit: the cell E of the stations can only turn north", "V@3,0 H@2,-1", None, (True, 8)),
    ("a dead end: the cell E of the stations walled in by blank sides", "V@3,0 H@2,1 H@2,-1", None, (False, None)),
    ("three rail ends point into one cell", "V@2,1 H@3,0", None, (False, None)),
    ("an odd pocket: three ends into two walled-in cells", "NE@-1,1 H@0,2 SW@1,2 SW@2,1", None, (False, None)),
    ("a closed sub-loop beside the stations", "NE@5,5 NW@6,5 SE@5,6 SW@6,6", None, (False, None)),
    ("a forced cycle: a chain's two ends face one cell", "NW@6,5 SW@6,6 SE@5,6", None, (False, None)),
    ("a rail end against a blank side (edge fault)", "V@2,0", None, (False, None)),
    # Long searches (the first version of the solver, an independent plain search, agrees):
    ("two bends far apart: a 16-tile loop", "SW@-2,0 NE@-1,0 NE@1,1 SW@1,2", 16, (True, 16)),
    ("two bends far apart, a pair short", "SW@-2,0 NE@-1,0 NE@1,1 SW@1,2", 14, (False, None)),
    ("two bends below and left: a 16-tile loop", "NW@-2,0 SE@-1,0 NW@1,-2 SE@1,-1", 16, (True, 16)),
    ("a first move the namu count excludes: needs 15, has 13", "NW@-3,0 V@-2,0 NE@-1,0", None, (False, None)),
    ("the same with 15 tiles (analysis)", "NW@-3,0 V@-2,0 NE@-1,0", 15, (True, 15)),
]


@pytest.mark.parametrize(("text", "left", "expected"), [row[1:] for row in TABLE], ids=[row[0] for row in TABLE])
def test_known_positions(text: str, left: int | None, expected: tuple[bool, int | None]) -> None:
    assert answer(position(text, left)) == expected


def test_a_complete_position_needs_nothing() -> None:
    assert solve(position(RING)) == Solution(True, 0, ())


def test_not_completable_says_nothing_more() -> None:
    assert solve(position("V@2,0")) == NOT_COMPLETABLE


def test_588_of_the_646_first_moves_keep_completion_possible() -> None:
    """genius-rules.md M1: the namu wiki's 150 classes are these 588 moves up to symmetry."""
    results = [solve(start().after(move.tiles)).completable for move in legal_moves(start())]
    assert (len(results), sum(results)) == (646, 588)


# Laws, on positions from legal play and on random boards near the stations (edge faults and
# all); tiles_left is any count (analysis).

positions = st.one_of(played(max_moves=3), boards())


def with_left(p: Position, left: int) -> Position:
    return Position(p.placed, left, p.stations)


lefts = st.integers(0, TILES)


@given(positions, lefts)
def test_a_witness_completes_the_position_within_the_supply(p: Position, left: int) -> None:
    p = with_left(p, left)
    solution = solve(p)
    if not solution.completable:
        assert solution == NOT_COMPLETABLE
        return
    assert solution.witness is not None and solution.min_needed is not None
    assert len(solution.witness) == solution.min_needed <= p.tiles_left
    assert is_complete(p.after(solution.witness).board)
    assert (len(p.board) + solution.min_needed) % 2 == 0  # M9: a loop on the grid has even length


@given(positions, lefts)
def test_more_tiles_never_hurt(p: Position, left: int) -> None:
    fewer, more = solve(with_left(p, left)), solve(with_left(p, left + 2))
    if fewer.completable:
        assert (more.completable, more.min_needed) == (True, fewer.min_needed)
    if not more.completable:
        assert not fewer.completable


@given(positions, lefts)
def test_min_needed_does_not_depend_on_the_supply(p: Position, left: int) -> None:
    big = solve(with_left(p, TILES))
    small = solve(with_left(p, left))
    if big.completable:
        assert small.completable == (big.min_needed is not None and big.min_needed <= left)
        if small.completable:
            assert small.min_needed == big.min_needed
    else:
        assert not small.completable


@given(st.sampled_from(GROUP), positions, lefts)
def test_the_answer_is_the_same_under_the_boards_symmetries(symmetry: Symmetry, p: Position, left: int) -> None:
    """x -> 1-x, y -> -y and both (the half turn about the stations' middle), shapes mapped along."""
    p = with_left(p, left)
    image = Position(tuple(map(symmetry.tile, p.placed)), left, tuple(map(symmetry.tile, p.stations)))
    assert answer(image) == answer(p)


@given(positions, st.data())
def test_an_edge_fault_is_never_completable(p: Position, data: st.DataObject) -> None:
    assume(p.open_ends)
    cell, side = data.draw(st.sampled_from(p.open_ends))
    faced = side.beyond(cell)
    blank = [s for s in Shape if not s.opens(side.opposite)]
    spoilt = Position(p.placed + (Tile(*faced, data.draw(st.sampled_from(blank))),), TILES, p.stations)
    assert spoilt.faults
    assert solve(spoilt) == NOT_COMPLETABLE
    assert solve(spoilt, strict_edges=False) == NOT_COMPLETABLE
    assert solve(Position(spoilt.placed, 64, spoilt.stations)) == NOT_COMPLETABLE  # however many tiles


@given(positions, lefts)
def test_a_completed_position_is_complete_with_nothing(p: Position, left: int) -> None:
    p = with_left(p, TILES)
    solution = solve(p)
    if solution.witness is None:
        return
    done = with_left(p.after(solution.witness), left)
    assert solve(done) == Solution(True, 0, ())


@given(positions, lefts)
def test_the_edge_flag_does_not_change_the_answer(p: Position, left: int) -> None:
    p = with_left(p, left)
    assert solve(p, strict_edges=False) == solve(p)


def test_a_step_limit_gives_no_answer_rather_than_a_guess() -> None:
    far = Position(parse_move("SE@-1,0 SW@2,0 NE@-1,-3 NW@2,-3 V@10,10").tiles, 64)
    with pytest.raises(SearchLimitError) as raised:
        solve(far, max_steps=1_000)
    assert raised.value.steps == 1_000 and isinstance(raised.value, ValueError)
    # A limit a real position stays within changes nothing.
    assert solve(start(), max_steps=1_000) == solve(start())
