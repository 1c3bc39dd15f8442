"""Completion (M5): one closed loop through every tile; its laws on random loops."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.monorail import Position, Shape, Side, is_complete, parse_move
from referee.monorail.tile import Cell
from tests.referee.monorail.strategies import cells, loops, rectangle, shapes, walk_tiles

SMALLEST = "NE@-1,0 NW@2,0 SE@-1,1 SW@2,1 H@0,1 H@1,1"
"""The six tiles that close the smallest loop through the stations (M7: the start needs only 6)."""


def board(placed: str) -> dict[Cell, Shape]:
    return dict(Position(parse_move(placed).tiles if placed else ()).board)


@pytest.mark.parametrize(
    ("placed", "complete"),
    [
        ("", False),
        (SMALLEST, True),
        ("NE@-1,0 NW@2,0 SE@-1,1 SW@2,1 H@0,1", False),  # one tile short
        (SMALLEST + " H@5,5", False),  # a stray tile, far away (M5: every tile on the loop)
        (SMALLEST + " H@3,0", False),  # a stray tile beside the loop, blank side to blank side
        (SMALLEST + " NE@10,10 NW@11,10 SE@10,11 SW@11,11", False),  # two closed loops
        ("SE@-1,0 NE@-1,-1 H@0,-1 H@1,-1 NW@2,-1 SW@2,0", True),  # the same loop below the stations
        ("NE@-1,0 NW@2,0 SE@-1,1 SW@2,1 H@0,1 NW@1,1", False),  # a wrong curve: a rail end into nothing
        ("NE@-2,0 H@-1,0 NW@2,0 SE@-2,1 SW@2,1 H@-1,1 H@0,1 H@1,1", True),
    ],
)
def test_complete_is_one_closed_loop_through_every_tile(placed: str, complete: bool) -> None:
    assert is_complete(board(placed)) is complete


def test_a_board_with_no_tiles_is_not_complete() -> None:
    assert not is_complete({})


def test_a_figure_eight_is_not_one_loop() -> None:
    # Two loops that share no cell but touch side to side; each alone is complete.
    left = {t.cell: t.shape for t in walk_tiles(rectangle(0, 0, 2, 2))}
    right = {t.cell: t.shape for t in walk_tiles(rectangle(2, 0, 2, 2))}
    assert is_complete(left) and is_complete(right)
    assert not is_complete(left | right)


def transform(board: dict[Cell, Shape], turns: int, mirror: bool, dx: int, dy: int) -> dict[Cell, Shape]:
    """`board` under an isometry of the grid: a mirror (x -> -x), quarter turns, a translation."""

    def cell(c: Cell) -> Cell:
        x, y = (-c[0], c[1]) if mirror else c
        for _ in range(turns):
            x, y = -y, x
        return x + dx, y + dy

    def side(s: Side) -> Side:
        a, b = cell(s.value)
        o = cell((0, 0))
        return Side((a - o[0], b - o[1]))

    def shape(s: Shape) -> Shape:
        a, b = s.sides
        return Shape.joining(side(a), side(b))

    return {cell(c): shape(s) for c, s in board.items()}


isometries = st.tuples(st.integers(0, 3), st.booleans(), st.integers(-20, 20), st.integers(-20, 20))


@given(loops())
def test_every_simple_closed_walk_is_complete(loop: dict[Cell, Shape]) -> None:
    assert is_complete(loop)


@given(loops(), isometries)
def test_completion_is_invariant_under_the_grid_symmetries_and_translation(
    loop: dict[Cell, Shape], iso: tuple[int, bool, int, int]
) -> None:
    assert is_complete(transform(loop, *iso))
    broken = dict(loop)
    broken.pop(next(iter(broken)))
    assert not is_complete(transform(broken, *iso))


@given(st.dictionaries(cells, shapes, max_size=10), isometries)
def test_any_board_is_complete_exactly_when_its_image_is(
    board: dict[Cell, Shape], iso: tuple[int, bool, int, int]
) -> None:
    assert is_complete(board) == is_complete(transform(board, *iso))


@given(loops(), st.data())
def test_taking_any_tile_away_breaks_the_loop(loop: dict[Cell, Shape], data: st.DataObject) -> None:
    cell = data.draw(st.sampled_from(sorted(loop)))
    assert not is_complete({c: s for c, s in loop.items() if c != cell})


@given(loops(), cells, shapes)
def test_a_stray_tile_on_a_complete_board_uncompletes_it(loop: dict[Cell, Shape], cell: Cell, shape: Shape) -> None:
    # M5: completion is judged with every tile on the table, so adding to a loop never keeps it complete.
    if cell not in loop:
        assert not is_complete({**loop, cell: shape})


@given(loops(), st.data())
def test_changing_one_tile_of_a_loop_breaks_it(loop: dict[Cell, Shape], data: st.DataObject) -> None:
    cell = data.draw(st.sampled_from(sorted(loop)))
    shape = data.draw(st.sampled_from([s for s in Shape if s is not loop[cell]]))
    assert not is_complete({**loop, cell: shape})
