"""Hypothesis strategies for Monorail: shapes, tiles, moves, positions reached by play, loops.

Loops are built without the code under test: a rectangle of cells walked in order, then
random "bumps" that replace a step a -> b of the walk by a -> c -> d -> b through two empty
cells beside it. Every such walk is a simple cycle of cells, and a tile per cell joining its
neighbours in the walk is a complete board (M5).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import pairwise

from hypothesis import strategies as st

from referee.monorail import STATIONS, TILES, Move, Position, Shape, Side, Tile, legal_moves
from referee.monorail.tile import Cell

shapes = st.sampled_from(list(Shape))
sides = st.sampled_from(list(Side))
coordinates = st.integers(-6, 6)
cells = st.tuples(coordinates, coordinates)
tiles = st.builds(Tile, coordinates, coordinates, shapes)
STATION_CELLS = frozenset(t.cell for t in STATIONS)


def moves(min_size: int = 1, max_size: int = 5) -> st.SearchStrategy[Move]:
    """Any tiles at all (legal or not), in any order."""
    return st.lists(tiles, min_size=min_size, max_size=max_size).map(lambda ts: Move(tuple(ts)))


def in_one_line(cells: Iterable[Cell]) -> bool:
    """Whether `cells` fill one row or column without a gap (M3), by counting steps."""
    ordered = sorted(cells)
    straight = len({x for x, _ in ordered}) == 1 or len({y for _, y in ordered}) == 1
    return straight and all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in pairwise(ordered))


@lru_cache(maxsize=4096)
def options(position: Position, strict_edges: bool = True) -> list[Move]:
    """The legal moves of `position`, remembered: hypothesis replays the same openings often."""
    return list(legal_moves(position, strict_edges))


@st.composite
def played(draw: st.DrawFn, max_moves: int = 4, strict_edges: bool = True, supply: int = TILES) -> Position:
    """A position reached from the start (with `supply` tiles) by legal moves (never a complete one)."""
    position = Position(tiles_left=supply)
    for _ in range(draw(st.integers(0, max_moves))):
        listed = options(position, strict_edges)
        if not listed:
            break
        move = draw(st.sampled_from(listed))
        position = position.after(move.tiles)
    return position


@st.composite
def boards(draw: st.DrawFn, max_tiles: int = 8) -> Position:
    """The stations and random tiles near them, edge faults and all, with any supply."""
    free = st.tuples(st.integers(-2, 3), st.integers(-2, 2)).filter(lambda c: c not in STATION_CELLS)
    spots = draw(st.lists(free, max_size=max_tiles, unique=True))
    placed = tuple(Tile(x, y, draw(shapes)) for x, y in spots)
    return Position(placed, draw(st.integers(0, 16)))


def _shape_between(before: Cell, cell: Cell, after: Cell) -> Shape:
    def toward(other: Cell) -> Side:
        return Side((other[0] - cell[0], other[1] - cell[1]))

    return Shape.joining(toward(before), toward(after))


def walk_tiles(walk: list[Cell]) -> tuple[Tile, ...]:
    """The tiles of a closed walk of cells: each joins the cells before and after it."""
    n = len(walk)
    return tuple(Tile(*walk[i], _shape_between(walk[i - 1], walk[i], walk[(i + 1) % n])) for i in range(n))


def rectangle(x0: int, y0: int, width: int, height: int) -> list[Cell]:
    """The border cells of a rectangle, walked anticlockwise from its bottom-left corner."""
    bottom = [(x0 + i, y0) for i in range(width)]
    right = [(x0 + width - 1, y0 + j) for j in range(1, height)]
    top = [(x0 + i, y0 + height - 1) for i in range(width - 2, -1, -1)]
    left = [(x0, y0 + j) for j in range(height - 2, 0, -1)]
    return bottom + right + top + left


def bumped(draw: st.DrawFn, walk: list[Cell], max_bumps: int, keep: frozenset[Cell] = frozenset()) -> list[Cell]:
    """`walk` with random bumps that never move a cell in `keep`."""
    walk = list(walk)
    for _ in range(draw(st.integers(0, max_bumps))):
        i = draw(st.integers(0, len(walk) - 1))
        a, b = walk[i], walk[(i + 1) % len(walk)]
        dx, dy = draw(st.sampled_from([(b[1] - a[1], a[0] - b[0]), (a[1] - b[1], b[0] - a[0])]))
        c, d = (a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)
        if a in keep or b in keep or c in walk or d in walk:
            continue
        walk[i + 1 : i + 1] = [c, d]
    return walk


@st.composite
def loops(draw: st.DrawFn, max_bumps: int = 6) -> dict[Cell, Shape]:
    """A complete board (one closed loop), anywhere."""
    ints = st.integers
    walk = rectangle(draw(ints(-3, 0)), draw(ints(-3, 0)), draw(ints(2, 5)), draw(ints(2, 4)))
    return {t.cell: t.shape for t in walk_tiles(bumped(draw, walk, max_bumps))}


@st.composite
def finished(draw: st.DrawFn, max_bumps: int = 5) -> tuple[Tile, ...]:
    """The rail tiles of a complete loop through the stations (H@0,0 H@1,0 kept straight)."""
    x0, width, height = draw(st.integers(-3, -1)), draw(st.integers(4, 6)), draw(st.integers(2, 4))
    x0 = max(x0, 3 - width)  # the stations lie inside the bottom or top edge, never on a corner
    y0 = draw(st.sampled_from([0, 1 - height]))
    walk = bumped(draw, rectangle(x0, y0, width, height), max_bumps, keep=STATION_CELLS)
    return tuple(t for t in walk_tiles(walk) if t.cell not in STATION_CELLS)
