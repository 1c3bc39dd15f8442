"""The move notation `H@2,0 NE@3,0`: what it reads, what it refuses and why, and its round trip."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.errors import RefereeError
from referee.monorail import Move, NotationError, Shape, Tile, move_str, parse_move
from referee.monorail.notation import parse_tile, tile_str
from tests.referee.monorail.strategies import shapes


def tiles(*specs: tuple[int, int, Shape]) -> Move:
    return Move(tuple(Tile(x, y, s) for x, y, s in specs))


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("H@2,0", tiles((2, 0, Shape.H))),
        ("H@2,0 NE@3,0", tiles((2, 0, Shape.H), (3, 0, Shape.NE))),
        ("h@2,0 ne@3,0", tiles((2, 0, Shape.H), (3, 0, Shape.NE))),
        ("EN@3,0", tiles((3, 0, Shape.NE))),
        ("SW@-1,-12", tiles((-1, -12, Shape.SW))),
        ("H@(2,0) V@( 2 , 1 )", tiles((2, 0, Shape.H), (2, 1, Shape.V))),
        ("  H @ 2 , 0\tNE@3,0  ", tiles((2, 0, Shape.H), (3, 0, Shape.NE))),
        ("H@2,0;NE@3,0; V@3,1", tiles((2, 0, Shape.H), (3, 0, Shape.NE), (3, 1, Shape.V))),
        ("V@4,0 V@4,0", tiles((4, 0, Shape.V), (4, 0, Shape.V))),  # notation only; the rules refuse it
        ("H@999999,-999999", tiles((999999, -999999, Shape.H))),
    ],
)
def test_the_notation_reads(text: str, move: Move) -> None:
    assert parse_move(text) == move


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "no tiles given"),
        ("   ", "no tiles given"),
        (" ; ", "no tiles given"),
        ("X@1,1", "'X' is not a shape"),
        ("HV@1,1", "'HV' is not a shape"),
        ("H2,0", "'H2,0' is not a tile"),
        ("H@2", "'H@2' is not a tile"),
        ("H@2,0 foo", "'foo' is not a tile"),
        ("H@2,0, NE@3,0", "',' is not a tile"),
        ("impossible", "'impossible' is not a tile"),
        ("H@1234567,0", "is not a tile"),
        ("H@2.5,0", "is not a tile"),
        ("@2,0", "'@2,0' is not a tile"),
    ],
)
def test_text_that_is_no_move_is_a_notation_error_naming_the_part(text: str, says: str) -> None:
    with pytest.raises(NotationError, match=says):
        parse_move(text)


def test_notation_errors_are_value_errors() -> None:
    assert issubclass(NotationError, RefereeError) and issubclass(NotationError, ValueError)


def test_the_notation_of_a_move() -> None:
    assert move_str(tiles((2, 0, Shape.H), (3, 0, Shape.NE))) == "H@2,0 NE@3,0"
    assert tile_str(Tile(-1, 5, Shape.SW)) == "SW@-1,5"
    assert parse_tile(" NW@(0,1) ") == Tile(0, 1, Shape.NW)


coordinate = st.integers(-999_999, 999_999)
notated_tiles = st.builds(Tile, coordinate, coordinate, shapes)
notated_moves = st.lists(notated_tiles, min_size=1, max_size=6).map(lambda ts: Move(tuple(ts)))


@given(notated_moves)
def test_parse_move_reads_back_move_str(move: Move) -> None:
    assert parse_move(move_str(move)) == move


@given(notated_moves)
def test_move_str_of_a_reading_is_the_canonical_text(move: Move) -> None:
    text = move_str(move)
    assert move_str(parse_move(text)) == text


@given(notated_moves, st.data())
def test_case_spacing_brackets_separators_and_curve_order_do_not_matter(move: Move, data: st.DataObject) -> None:
    parts = []
    for tile in move.tiles:
        name = tile.shape.value
        name = data.draw(st.sampled_from([name, name.lower(), name[::-1], name[::-1].lower()]))
        pad = data.draw(st.sampled_from(["", " ", "  "]))
        where = f"{tile.x}{pad},{pad}{tile.y}"
        if data.draw(st.booleans()):
            where = f"({where})"
        parts.append(f"{name}{pad}@{pad}{where}")
    separators = st.sampled_from([" ", "  ", "\t", ";", "; ", " ;"])
    text = parts[0] + "".join(data.draw(separators) + part for part in parts[1:])
    assert parse_move(data.draw(st.sampled_from(["", " "])) + text) == move


@given(st.text(max_size=40))
def test_any_text_is_a_move_or_a_notation_error(text: str) -> None:
    try:
        move = parse_move(text)
    except NotationError as err:
        assert str(err)
    else:
        assert move.tiles and parse_move(move_str(move)) == move
