"""Positions (M1, M2, M4): the stations, the supply, open ends, edge faults and the JSON form."""

from __future__ import annotations

import pytest
from hypothesis import given

from referee.monorail import STATIONS, TILES, Position, Shape, Side, Tile, TileError, start
from tests.referee.monorail.strategies import boards, played


def test_the_start_has_the_two_stations_open_west_and_east_and_sixteen_tiles() -> None:
    position = start()
    assert position.stations == STATIONS == (Tile(0, 0, Shape.H), Tile(1, 0, Shape.H))
    assert position.stations == STATIONS and position.placed == () and position.tiles_left == TILES == 16
    assert dict(position.board) == {(0, 0): Shape.H, (1, 0): Shape.H}
    assert position.open_ends == (((0, 0), Side.W), ((1, 0), Side.E))
    assert position.faults == ()


def test_after_places_tiles_from_the_supply_and_leaves_the_position_as_it_was() -> None:
    position = start()
    later = position.after([Tile(2, 0, Shape.NW), Tile(2, 1, Shape.V)])
    assert later.tiles_left == 14 and later.placed == (Tile(2, 0, Shape.NW), Tile(2, 1, Shape.V))
    assert later.open_ends == (((0, 0), Side.W), ((2, 1), Side.N))
    assert position == start()


@pytest.mark.parametrize(
    ("placed", "faults"),
    [
        ((Tile(2, 0, Shape.H),), ()),
        ((Tile(2, 0, Shape.V),), (((1, 0), Side.E),)),  # the station's rail into V's blank west side
        ((Tile(0, 1, Shape.V),), (((0, 1), Side.S),)),  # V's rail into the station's blank north side
        ((Tile(0, 1, Shape.H), Tile(1, 1, Shape.H)), ()),  # blank sides may touch (rule 6)
        ((Tile(-1, 0, Shape.SW),), (((0, 0), Side.W),)),
        ((Tile(2, 0, Shape.NW), Tile(2, 1, Shape.H)), (((2, 0), Side.N),)),
    ],
)
def test_faults_are_rail_ends_against_blank_sides(placed: tuple[Tile, ...], faults: tuple[object, ...]) -> None:
    assert Position(placed).faults == faults


def test_two_tiles_on_one_cell_or_a_negative_supply_is_no_position() -> None:
    with pytest.raises(TileError, match="two tiles on cell 1,0"):
        Position((Tile(1, 0, Shape.V),))
    with pytest.raises(TileError, match="at least 0"):
        Position(tiles_left=-1)


def test_json_defaults_are_the_stations_and_the_supply_the_placed_tiles_leave() -> None:
    assert Position.from_json({}) == start()
    assert Position.from_json({"placed": [[2, 0, "H"]]}) == Position((Tile(2, 0, Shape.H),), 15)
    assert Position.from_json({"placed": [], "tiles_left": 40}).tiles_left == 40
    assert start().as_json() == {"stations": [[0, 0, "H"], [1, 0, "H"]], "placed": [], "tiles_left": 16}


@pytest.mark.parametrize(
    ("obj", "says"),
    [
        ([], "JSON object"),
        ({"placed": {"x": 1}}, "placed is a list"),
        ({"stations": "H@0,0"}, "stations is a list"),
        ({"tiles_left": "3"}, "whole number"),
        ({"tiles_left": True}, "whole number"),
        ({"tiles_left": 2.0}, "whole number"),
        ({"tiles_left": -2}, "at least 0"),
        ({"placed": [[0, 0, "V"]]}, "two tiles on cell 0,0"),
        ({"placed": [[0, 0]]}, "a tile is"),
    ],
)
def test_a_malformed_position_is_a_tile_error(obj: object, says: str) -> None:
    with pytest.raises(TileError, match=says):
        Position.from_json(obj)


@given(boards())
def test_a_position_round_trips_through_json(position: Position) -> None:
    assert Position.from_json(position.as_json()) == position


@given(boards())
def test_open_ends_face_empty_cells_and_faults_face_blank_sides(position: Position) -> None:
    board = position.board
    for cell, side in position.open_ends:
        assert board[cell].opens(side) and side.beyond(cell) not in board
    for cell, side in position.faults:
        assert board[cell].opens(side) and not board[side.beyond(cell)].opens(side.opposite)
    every_end = {(c, s) for c, shape in board.items() for s in shape.sides}
    joined = {(c, s) for c, s in every_end if (o := board.get(s.beyond(c))) is not None and o.opens(s.opposite)}
    assert set(position.open_ends) | set(position.faults) | joined == every_end


@given(played())
def test_strict_play_never_leaves_a_fault(position: Position) -> None:
    assert position.faults == ()
    assert position.tiles_left + len(position.placed) == TILES
