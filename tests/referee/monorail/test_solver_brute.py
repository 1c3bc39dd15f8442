"""The solver against the independent brute force (brute.py): on every position of some small
families enumerated in full, and on random ones from play and random boards.

Each position is checked at every tiles_left from 0 to the brute force's reach: the solver must
say completable exactly when the brute force finds a completion within that many tiles, with
the same fewest count. Run with `-s` to see the agreement counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, product

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.monorail import Position, Shape, Side, Tile, legal_moves, parse_move, start
from referee.monorail.solver import solve
from tests.referee.monorail.brute import fewest_new_tiles
from tests.referee.monorail.strategies import boards, played


def cross_check(name: str, positions: Iterable[Position], most: int) -> None:
    """Compare at tiles_left 0..most; print and assert the agreement counts."""
    checked = agreed = 0
    wrong: list[str] = []
    for p in positions:
        fewest = fewest_new_tiles(Position(p.placed, most, p.stations), most)
        for left in range(most + 1):
            solution = solve(Position(p.placed, left, p.stations))
            expected = (True, fewest) if fewest is not None and fewest <= left else (False, None)
            checked += 1
            if (solution.completable, solution.min_needed) == expected:
                agreed += 1
            else:
                wrong.append(f"{p.as_json()} left {left}: solver {solution}, brute force {fewest}")
    print(f"\n{name}: {checked} checked, {agreed} agree, {len(wrong)} disagree")
    assert not wrong, wrong[:5]


def test_every_first_move() -> None:
    cross_check("first moves", (start().after(m.tiles) for m in legal_moves(start())), 5)


def test_the_stations_and_one_more_tile_anywhere_near() -> None:
    """Stations plus any one tile in any shape within 3 cells: separate chains, forced joins,
    edge faults."""
    cells = [(x, y) for x in range(-3, 5) for y in range(-3, 4) if (x, y) not in start().board]
    cross_check("one tile near", (Position((Tile(x, y, s),)) for x, y in cells for s in Shape), 6)


def test_two_tiles_beside_the_open_ends() -> None:
    """Stations plus two tiles, any shapes, on the cells beside the cells the stations' rail
    ends point into: walls, single exits, dead ends, three ends on one cell, edge faults."""
    beside = [(-2, 0), (-1, 1), (-1, -1), (3, 0), (2, 1), (2, -1)]
    positions = (
        Position((Tile(*a, s), Tile(*b, t))) for a, b in combinations(beside, 2) for s, t in product(Shape, Shape)
    )
    cross_check("two tiles beside the ends", positions, 6)


def test_positions_that_need_more_tiles() -> None:
    """Hand-built positions with walls beside an open end, within the brute force's reach at 8
    tiles (about a second): the first needs a single exit taken (8 tiles)."""
    texts = ["V@3,0 H@2,-1", "NE@-1,0 V@-1,1 SE@-1,2", "V@3,0 SW@2,-1", "SE@3,0 H@2,1"]
    positions = [Position(parse_move(text).tiles) for text in texts]
    cross_check("longer completions", positions, 8)


def ring(left: int, bottom: int, width: int, height: int) -> list[Tile]:
    """The loop round the border of a rectangle, each tile joining the cells before and after it."""
    right, top = left + width - 1, bottom + height - 1
    cells = (
        [(x, bottom) for x in range(left, right + 1)]
        + [(right, y) for y in range(bottom + 1, top + 1)]
        + [(x, top) for x in range(right - 1, left - 1, -1)]
        + [(left, y) for y in range(top - 1, bottom, -1)]
    )
    tiles = []
    for i, cell in enumerate(cells):
        before, after = cells[i - 1], cells[(i + 1) % len(cells)]
        a, b = (s for s in Side if s.beyond(cell) in (before, after))
        tiles.append(Tile(*cell, Shape.joining(a, b)))
    return tiles


def rings() -> list[list[Tile]]:
    """The rail tiles of every rectangular loop 4 or 5 wide and 2 or 3 high with the stations on
    its bottom or top side (never at a corner: they are straights)."""
    found = []
    for width in (4, 5):
        for height in (2, 3):
            for left in range(3 - width, 0):
                for bottom in (0, 1 - height):
                    tiles = ring(left, bottom, width, height)
                    assert set(start().stations) <= set(tiles)
                    found.append([t for t in tiles if t not in start().stations])
    return found


def test_rings_with_tiles_taken_out() -> None:
    """Loops round the stations with any 1 to 3 of their rail tiles removed: up to three
    chains to join."""
    positions = [
        Position(tuple(sorted(set(tiles) - set(gone))))
        for tiles in rings()
        for count in range(1, 4)
        for gone in combinations(tiles, count)
    ]
    cross_check("rings less 1-3 tiles", positions, 6)


@settings(max_examples=60)
@given(st.one_of(played(max_moves=2), boards(max_tiles=4)))
def test_positions_from_play_and_random_boards(p: Position) -> None:
    fewest = fewest_new_tiles(Position(p.placed, 5, p.stations), 5)
    for left in range(6):
        solution = solve(Position(p.placed, left, p.stations))
        assert solution.min_needed == (fewest if fewest is not None and fewest <= left else None)
