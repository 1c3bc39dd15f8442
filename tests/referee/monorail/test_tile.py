"""Sides, shapes and tiles (genius-rules.md, "Encoding"; M2): table tests and their laws."""

from __future__ import annotations

import pytest
from hypothesis import given

from referee.errors import RefereeError
from referee.monorail import Shape, Side, Tile, TileError
from tests.referee.monorail.strategies import cells, shapes, sides, tiles

N, E, S, W = Side.N, Side.E, Side.S, Side.W


@pytest.mark.parametrize(
    ("side", "opposite", "beyond"),
    [
        (N, S, (3, 6)),
        (E, W, (4, 5)),
        (S, N, (3, 4)),
        (W, E, (2, 5)),
    ],
)
def test_sides_point_north_east_south_west(side: Side, opposite: Side, beyond: tuple[int, int]) -> None:
    assert side.opposite is opposite
    assert side.beyond((3, 5)) == beyond


@pytest.mark.parametrize(
    ("shape", "opens", "straight"),
    [
        (Shape.H, {W, E}, True),
        (Shape.V, {N, S}, True),
        (Shape.NE, {N, E}, False),
        (Shape.NW, {N, W}, False),
        (Shape.SE, {S, E}, False),
        (Shape.SW, {S, W}, False),
    ],
)
def test_the_six_shapes_and_the_sides_they_open_to(shape: Shape, opens: set[Side], straight: bool) -> None:
    assert shape.sides == opens
    assert [side for side in Side if shape.opens(side)] == [s for s in (N, E, S, W) if s in opens]
    assert shape.straight is straight
    a, b = sorted(opens, key=lambda s: s.name)
    assert shape.other_end(a) is b and shape.other_end(b) is a
    assert Shape.joining(a, b) is shape is Shape.joining(b, a)


def test_six_shapes_every_pair_of_sides_once() -> None:
    assert len(Shape) == 6
    assert len({shape.sides for shape in Shape}) == 6


@pytest.mark.parametrize(
    ("name", "shape"),
    [
        ("H", Shape.H),
        ("h", Shape.H),
        (" V ", Shape.V),
        ("NE", Shape.NE),
        ("ne", Shape.NE),
        ("EN", Shape.NE),
        ("wn", Shape.NW),
        ("ES", Shape.SE),
        ("Ws", Shape.SW),
    ],
)
def test_parse_a_shape_in_any_case_and_a_curve_either_way_round(name: str, shape: Shape) -> None:
    assert Shape.parse(name) is shape


@pytest.mark.parametrize("name", ["", "X", "HH", "HV", "NS", "EW", "NEE", "ㄱ", "N E"])
def test_a_name_that_is_no_shape_is_a_tile_error_naming_the_shapes(name: str) -> None:
    with pytest.raises(TileError, match="not a shape; the shapes are H, V, NE, NW, SE, SW"):
        Shape.parse(name)


def test_tile_errors_are_value_errors() -> None:
    assert issubclass(TileError, RefereeError) and issubclass(TileError, ValueError)


def test_a_tile_in_json() -> None:
    assert Tile(2, -1, Shape.NE).as_json() == [2, -1, "NE"]
    assert Tile.from_json([2, -1, "NE"]) == Tile(2, -1, Shape.NE)
    assert Tile.from_json((2, -1, "en")) == Tile(2, -1, Shape.NE)
    assert Tile(2, -1, Shape.NE).cell == (2, -1)


@pytest.mark.parametrize(
    ("obj", "says"),
    [
        ([1, 2], "a tile is"),
        ([1, 2, "H", 4], "a tile is"),
        ("H@1,2", "a tile is"),
        ({"x": 1, "y": 2, "shape": "H"}, "a tile is"),
        (None, "a tile is"),
        ([1.0, 2, "H"], "integers"),
        ([1, "2", "H"], "integers"),
        ([True, 0, "H"], "integers"),
        ([0, 0, 3], "shape is a name"),
        ([0, 0, None], "shape is a name"),
        ([0, 0, "Q"], "not a shape"),
    ],
)
def test_a_malformed_tile_is_a_tile_error_saying_what_is_wrong(obj: object, says: str) -> None:
    with pytest.raises(TileError, match=says):
        Tile.from_json(obj)


@given(sides)
def test_opposite_is_an_involution_and_beyond_steps_back(side: Side) -> None:
    assert side.opposite.opposite is side and side.opposite is not side
    assert side.opposite.beyond(side.beyond((0, 0))) == (0, 0)


@given(shapes, sides)
def test_other_end_leaves_by_the_other_side_and_comes_back(shape: Shape, side: Side) -> None:
    if shape.opens(side):
        out = shape.other_end(side)
        assert out is not side and shape.opens(out)
        assert shape.other_end(out) is side
        assert Shape.joining(side, out) is shape


@given(shapes)
def test_a_shape_parses_from_its_name(shape: Shape) -> None:
    assert Shape.parse(shape.value) is shape
    assert Shape.parse(shape.value.lower()[::-1]) is shape


@given(tiles)
def test_a_tile_round_trips_through_json(tile: Tile) -> None:
    assert Tile.from_json(tile.as_json()) == tile


@given(cells, shapes)
def test_a_tile_sits_on_its_cell(cell: tuple[int, int], shape: Shape) -> None:
    assert Tile(*cell, shape).cell == cell
