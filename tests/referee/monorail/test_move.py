"""Moves (M3, M4): every fault with a case, the 646 legal first moves, and the laws of
`check_move` and `legal_moves` against a brute enumeration of every line and shape."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import RefereeError
from referee.monorail import (
    Fault,
    IllegalMoveError,
    Move,
    Position,
    Shape,
    Tile,
    check_move,
    is_legal,
    legal_moves,
    parse_move,
    start,
)
from referee.monorail.move import MAX_TILES, check_placement
from tests.referee.monorail.strategies import boards, in_one_line, moves, options, played


def position_after(text: str = "", tiles_left: int | None = None) -> Position:
    placed = parse_move(text).tiles if text else ()
    return Position(placed, 16 - len(placed) if tiles_left is None else tiles_left)


FAULTS = [
    # (position's placed tiles, supply, move, fault, words of the reason)
    ("", None, "", Fault.EMPTY, "1 to 3 tiles"),
    ("", None, "H@2,0 H@3,0 H@4,0 H@5,0", Fault.TOO_MANY, "at most 3 tiles, not 4"),
    ("", 2, "H@2,0 H@3,0 H@4,0", Fault.SUPPLY, "3 tiles placed but only 2 left"),
    ("H@2,0 H@3,0", 0, "H@4,0", Fault.SUPPLY, "1 tiles placed but only 0 left"),
    ("", None, "H@2,0 V@2,0", Fault.REPEATED, "two tiles on 2,0"),
    ("", None, "H@1,0", Fault.OCCUPIED, "1,0 already has a tile"),
    ("H@2,0", None, "H@2,0 H@3,0", Fault.OCCUPIED, "2,0 already has a tile"),
    ("", None, "H@2,0 H@3,1", Fault.NOT_IN_LINE, "one row or one column"),
    ("", None, "H@2,0 H@3,0 V@3,1", Fault.NOT_IN_LINE, "one row or one column"),
    ("", None, "H@2,0 H@4,0", Fault.GAP, "gap between 2,0 and 4,0"),
    ("", None, "V@0,1 V@0,3", Fault.GAP, "gap between 0,1 and 0,3"),
    # M3: not even a gap an old tile fills: the stations lie between -1,0 and 2,0.
    ("", None, "H@-1,0 H@2,0", Fault.GAP, "gap between -1,0 and 2,0"),
    ("", None, "H@3,0", Fault.NOT_TOUCHING, "touch a tile already on the table"),
    ("", None, "H@3,0 H@4,0 H@5,0", Fault.NOT_TOUCHING, "touch a tile already on the table"),
    ("", None, "H@1,2", Fault.NOT_TOUCHING, "touch"),  # a diagonal neighbour does not touch
    # M4, strict: a rail end against a blank side, either way round, old or new tiles.
    ("", None, "V@2,0", Fault.EDGE, "the rail of 1,0 runs into the blank side of 2,0"),
    ("", None, "V@0,1", Fault.EDGE, "the rail of 0,1 runs into the blank side of 0,0"),
    ("", None, "H@2,0 V@3,0", Fault.EDGE, "the rail of 2,0 runs into the blank side of 3,0"),
    ("NW@2,0", None, "H@2,1", Fault.EDGE, "the rail of 2,0 runs into the blank side of 2,1"),
]


@pytest.mark.parametrize(("placed", "left", "move", "fault", "says"), FAULTS)
def test_each_fault_with_its_reason(placed: str, left: int | None, move: str, fault: Fault, says: str) -> None:
    position = position_after(placed, left)
    with pytest.raises(IllegalMoveError, match=says) as caught:
        check_move(position, parse_move(move) if move else Move(()))
    assert caught.value.fault is fault
    assert not is_legal(position, parse_move(move) if move else Move(()))


def test_every_fault_a_move_can_break_has_a_case() -> None:
    move_faults = {
        Fault.EMPTY,
        Fault.TOO_MANY,
        Fault.SUPPLY,
        Fault.REPEATED,
        Fault.OCCUPIED,
        Fault.NOT_IN_LINE,
        Fault.GAP,
        Fault.NOT_TOUCHING,
        Fault.EDGE,
    }
    assert {case[3] for case in FAULTS} == move_faults
    # The rest are the game's (test_game.py): whose turn, the end, 'impossible' and the challenge.
    assert set(Fault) - move_faults == {Fault.TURN, Fault.OVER, Fault.TOO_EARLY, Fault.CHALLENGE}


def test_an_illegal_move_error_is_a_value_error_with_the_cells() -> None:
    assert issubclass(IllegalMoveError, RefereeError) and issubclass(IllegalMoveError, ValueError)
    with pytest.raises(IllegalMoveError) as caught:
        check_move(start(), parse_move("H@2,0 H@4,0"))
    assert caught.value.cells == ((2, 0), (4, 0))


@pytest.mark.parametrize(
    ("placed", "move"),
    [
        ("", "H@2,0"),
        ("", "NW@2,0 V@2,1 SE@2,2"),
        ("", "H@2,0 H@3,0 H@4,0"),  # M3: the tiles before it in the line count as on the table
        ("", "H@4,0 H@2,0 H@3,0"),  # in any order
        ("", "H@0,1 H@1,1"),  # blank sides may touch (rule 6); the track need not connect
        ("", "SE@-1,0 V@-1,-1 NE@-1,-2"),
        ("H@2,0", "NW@3,0"),
        ("H@2,0 H@3,0", "H@4,0 H@5,0 H@6,0"),
    ],
)
def test_legal_moves_by_the_rules(placed: str, move: str) -> None:
    check_move(position_after(placed), parse_move(move))
    assert is_legal(position_after(placed), parse_move(move))


def test_with_the_edge_rule_off_a_rail_may_meet_a_blank_side() -> None:
    for move in ("V@2,0", "V@0,1", "H@2,0 V@3,0"):
        assert is_legal(start(), parse_move(move), strict_edges=False)
        assert not is_legal(start(), parse_move(move))
    with pytest.raises(IllegalMoveError) as caught:
        check_move(start(), parse_move("V@2,0 V@4,0"), strict_edges=False)
    assert caught.value.fault is Fault.GAP


def test_the_legal_first_moves() -> None:
    first = list(legal_moves(start()))
    assert len(first) == len(set(first)) == 646  # genius-rules.md M1
    assert Counter(len(m.tiles) for m in first) == {1: 18, 2: 136, 3: 492}
    # By hand: 6 cells touch the stations; W and E of them 3 shapes open toward the station,
    # above and below them 3 shapes have no rail into the station's blank side.
    singles = {m.tiles[0] for m in first if len(m.tiles) == 1}
    assert {t for t in singles if t.cell == (2, 0)} == {Tile(2, 0, s) for s in (Shape.H, Shape.NW, Shape.SW)}
    assert {t for t in singles if t.cell == (0, 1)} == {Tile(0, 1, s) for s in (Shape.H, Shape.NE, Shape.NW)}
    assert len(list(legal_moves(start(), strict_edges=False))) == 36 + 576 + 4320  # 6 cells x 6 shapes ...


def test_no_move_when_the_supply_is_empty() -> None:
    assert list(legal_moves(position_after("H@2,0 H@3,0", 0))) == []
    assert {len(m.tiles) for m in legal_moves(Position(tiles_left=2))} == {1, 2}


def brute_force(position: Position, strict_edges: bool) -> set[Move]:
    """Every line of 1-3 cells near the board, with every shape, that check_move passes."""
    xs = [x for x, _ in position.board]
    ys = [y for _, y in position.board]
    found: set[Move] = set()
    for x, y in product(
        range(min(xs) - MAX_TILES, max(xs) + MAX_TILES + 1), range(min(ys) - MAX_TILES, max(ys) + MAX_TILES + 1)
    ):
        for (dx, dy), length in product(((1, 0), (0, 1)), range(1, MAX_TILES + 1)):
            run = [(x + i * dx, y + i * dy) for i in range(length)]
            for shapes in product(Shape, repeat=length):
                move = Move(tuple(Tile(cx, cy, s) for (cx, cy), s in zip(run, shapes, strict=True)))
                if is_legal(position, move, strict_edges):
                    found.add(move)
    return found


@settings(max_examples=12)
@given(st.one_of(played(max_moves=3), boards(max_tiles=4)), st.booleans())
def test_legal_moves_are_exactly_the_moves_check_move_passes(position: Position, strict_edges: bool) -> None:
    listed = list(legal_moves(position, strict_edges))
    assert len(listed) == len(set(listed))
    assert set(listed) == brute_force(position, strict_edges)


@settings(max_examples=40)
@given(played(), st.data())
def test_a_legal_move_never_makes_an_edge_fault_when_strict(position: Position, data: st.DataObject) -> None:
    move = data.draw(st.sampled_from(options(position)))
    check_move(position, move)
    after = position.after(move.tiles)
    assert after.faults == ()
    assert after.tiles_left == position.tiles_left - len(move.tiles)


@settings(max_examples=40)
@given(st.one_of(played(), boards()), st.data())
def test_a_legal_move_places_one_to_three_contiguous_tiles_in_a_line_touching_the_table(
    position: Position, data: st.DataObject
) -> None:
    listed = options(position, strict_edges=False)
    if not listed:
        assert position.tiles_left == 0
        return
    move = data.draw(st.sampled_from(listed))
    cells = [t.cell for t in move.tiles]
    assert 1 <= len(cells) <= min(MAX_TILES, position.tiles_left)
    assert not set(cells) & position.board.keys()
    assert in_one_line(cells)
    assert any(abs(c[0] - d[0]) + abs(c[1] - d[1]) == 1 for c in cells for d in position.board)


@settings(max_examples=25)
@given(st.one_of(played(), boards()), st.data())
def test_strict_legal_moves_are_the_unstrict_ones_without_an_edge_fault(
    position: Position, data: st.DataObject
) -> None:
    strict = set(options(position))
    loose = options(position, strict_edges=False)
    assert strict <= set(loose)
    if loose:
        move = data.draw(st.sampled_from(loose))
        # A move the edge rule refuses adds a fault; one it lets through adds none.
        new_faults = set(position.after(move.tiles).faults) - set(position.faults)
        assert (move in strict) == (not new_faults)


@given(st.one_of(played(), boards()), moves(min_size=0))
def test_check_move_raises_only_illegal_move_errors_and_agrees_with_is_legal(position: Position, move: Move) -> None:
    for strict_edges in (True, False):
        try:
            check_move(position, move, strict_edges)
        except IllegalMoveError as err:
            assert isinstance(err.fault, Fault) and str(err)
            assert not is_legal(position, move, strict_edges)
        else:
            assert is_legal(position, move, strict_edges)


@given(st.one_of(played(), boards()), moves(min_size=0, max_size=8))
def test_check_placement_is_the_part_of_check_move_about_the_supply_and_cells(position: Position, move: Move) -> None:
    # A move check_move passes passes check_placement; check_placement's refusal refuses the move.
    try:
        check_placement(position, move.tiles)
    except IllegalMoveError as err:
        assert err.fault in (Fault.SUPPLY, Fault.REPEATED, Fault.OCCUPIED, Fault.EDGE)
        assert not is_legal(position, move)
    else:
        if is_legal(position, move):
            return
        with pytest.raises(IllegalMoveError) as caught:
            check_move(position, move)
        assert caught.value.fault in (Fault.EMPTY, Fault.TOO_MANY, Fault.NOT_IN_LINE, Fault.GAP, Fault.NOT_TOUCHING)
