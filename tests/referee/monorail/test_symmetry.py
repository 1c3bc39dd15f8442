"""The symmetries of the start: a group of four that carries moves, legality and loops along."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.monorail import (
    STATIONS,
    Move,
    Position,
    Shape,
    Side,
    is_complete,
    is_legal,
    legal_moves,
    parse_move,
    start,
)
from referee.monorail.solver import solve
from referee.monorail.symmetry import GROUP, Symmetry, canonical, canonical_tiles, stabilizer
from tests.referee.monorail.strategies import boards, cells, moves, options, played, shapes, sides

symmetries = st.sampled_from(GROUP)


def image(symmetry: Symmetry, position: Position) -> Position:
    return Position(tuple(symmetry.tile(t) for t in position.placed), position.tiles_left, position.stations)


@pytest.mark.parametrize(
    ("symmetry", "move", "becomes"),
    [
        (Symmetry.IDENTITY, "H@2,0 NE@3,0", "H@2,0 NE@3,0"),
        (Symmetry.MIRROR_X, "H@2,0 NE@3,0", "H@-1,0 NW@-2,0"),
        (Symmetry.MIRROR_X, "SW@1,1 V@0,-1", "SE@0,1 V@1,-1"),
        (Symmetry.MIRROR_Y, "H@2,0 NE@3,0", "H@2,0 SE@3,0"),
        (Symmetry.MIRROR_Y, "NW@0,2 V@0,1", "SW@0,-2 V@0,-1"),
        (Symmetry.BOTH, "H@2,0 NE@3,0", "H@-1,0 SW@-2,0"),
        (Symmetry.BOTH, "SE@1,1", "NW@0,-1"),
    ],
)
def test_each_symmetry_maps_tiles_and_shapes(symmetry: Symmetry, move: str, becomes: str) -> None:
    assert symmetry.move(parse_move(move)) == parse_move(becomes)


def test_the_group_fixes_the_stations_and_nothing_else_does() -> None:
    assert len(GROUP) == 4
    for symmetry in GROUP:
        assert {symmetry.tile(t) for t in STATIONS} == set(STATIONS)
    assert stabilizer(start()) == GROUP
    # A quarter turn stands the stations upright: it is no symmetry of the start.
    assert {(-t.y, t.x) for t in STATIONS} != {t.cell for t in STATIONS}


def test_a_position_keeps_only_the_symmetries_that_map_it_onto_itself() -> None:
    assert stabilizer(start().after(parse_move("NW@2,0").tiles)) == (Symmetry.IDENTITY,)
    assert stabilizer(start().after(parse_move("H@2,0").tiles)) == (Symmetry.IDENTITY, Symmetry.MIRROR_Y)
    assert stabilizer(start().after(parse_move("NW@2,0 NE@-1,0").tiles)) == (Symmetry.IDENTITY, Symmetry.MIRROR_X)
    assert stabilizer(start().after(parse_move("H@0,1 H@0,-1").tiles)) == (Symmetry.IDENTITY, Symmetry.MIRROR_Y)
    four = parse_move("H@0,1 H@1,1 H@0,-1 H@1,-1").tiles
    assert stabilizer(start().after(four)) == GROUP


def test_the_legal_first_moves_fall_into_166_classes() -> None:
    classes = Counter(canonical(m) for m in legal_moves(start()))
    assert len(classes) == 166
    assert Counter(len(m.tiles) for m in classes) == {1: 5, 2: 36, 3: 125}
    assert sum(classes.values()) == 646
    assert set(classes.values()) <= {1, 2, 4}


def test_canonical_picks_one_move_per_class() -> None:
    move = parse_move("NE@3,0 H@2,0")
    # Its images' tiles in cell order: H@2,0 NE@3,0 | NW@-2,0 H@-1,0 | H@2,0 SE@3,0 | SW@-2,0 H@-1,0.
    assert {canonical(s.move(move)) for s in GROUP} == {canonical(move)} == {parse_move("NW@-2,0 H@-1,0")}


@given(symmetries, symmetries, symmetries)
def test_the_four_form_a_group_of_commuting_involutions(a: Symmetry, b: Symmetry, c: Symmetry) -> None:
    assert a.then(a) is Symmetry.IDENTITY
    assert a.then(Symmetry.IDENTITY) is a is Symmetry.IDENTITY.then(a)
    assert a.then(b) is b.then(a)
    assert a.then(b).then(c) is a.then(b.then(c))


@given(symmetries, symmetries, cells, sides, shapes)
def test_then_is_doing_one_map_after_the_other(
    a: Symmetry, b: Symmetry, cell: tuple[int, int], side: Side, shape: Shape
) -> None:
    both = a.then(b)
    assert both.cell(cell) == b.cell(a.cell(cell))
    assert both.side(side) is b.side(a.side(side))
    assert both.shape(shape) is b.shape(a.shape(shape))


@given(symmetries, cells, sides, shapes)
def test_a_symmetry_carries_cells_sides_and_shapes_together(
    symmetry: Symmetry, cell: tuple[int, int], side: Side, shape: Shape
) -> None:
    assert symmetry.cell(side.beyond(cell)) == symmetry.side(side).beyond(symmetry.cell(cell))
    assert symmetry.side(side.opposite) is symmetry.side(side).opposite
    assert symmetry.shape(shape).sides == {symmetry.side(s) for s in shape.sides}
    assert symmetry.shape(shape).straight is shape.straight


@settings(max_examples=40)
@given(symmetries, st.one_of(played(), boards()), moves(max_size=3), st.booleans())
def test_legality_is_the_same_in_the_mirror(symmetry: Symmetry, position: Position, move: Move, strict: bool) -> None:
    assert is_legal(position, move, strict) == is_legal(image(symmetry, position), symmetry.move(move), strict)


@settings(max_examples=25)
@given(symmetries, played(max_moves=3))
def test_the_legal_moves_of_an_image_are_the_images_of_the_legal_moves(symmetry: Symmetry, position: Position) -> None:
    mapped = {frozenset(symmetry.move(m).tiles) for m in options(position)}
    assert mapped == {frozenset(m.tiles) for m in options(image(symmetry, position))}


@settings(max_examples=15)
@given(symmetries, played(max_moves=3))
def test_completion_and_completability_are_the_same_in_the_mirror(symmetry: Symmetry, position: Position) -> None:
    mirrored = image(symmetry, position)
    assert is_complete(position.board) == is_complete(mirrored.board)
    assert solve(position).completable == solve(mirrored).completable
    assert solve(position).min_needed == solve(mirrored).min_needed


@given(moves(max_size=4), symmetries)
def test_canonical_is_the_same_for_every_image_and_is_one_of_them(move: Move, symmetry: Symmetry) -> None:
    if len({t.cell for t in move.tiles}) < len(move.tiles):
        return  # not a set of tiles
    chosen = canonical(move)
    assert canonical(symmetry.move(move)) == chosen == canonical(chosen)
    assert any(sorted_tiles(s.move(move)) == chosen.tiles for s in GROUP)


@given(st.one_of(played(), boards()), symmetries)
def test_canonical_tiles_of_a_position_ignores_the_symmetry_and_the_order(
    position: Position, symmetry: Symmetry
) -> None:
    mirrored = [symmetry.tile(t) for t in reversed(position.placed)]
    assert canonical_tiles(mirrored) == canonical_tiles(position.placed)


def sorted_tiles(move: Move) -> tuple[object, ...]:
    return tuple(sorted(move.tiles, key=lambda t: (t.x, t.y, t.shape.value)))


def test_every_symmetry_is_one_of_four_sign_flips() -> None:
    assert {s.value for s in GROUP} == set(product((False, True), repeat=2))
