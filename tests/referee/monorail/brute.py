"""A brute-force completion check, written apart from the solver to cross-check it.

It shares nothing with `referee.monorail.solver` but `is_complete`: it tries every set of up
to `most` new tiles on cells near the open ends, in every shape, and asks `is_complete`.
Two facts, both plain consequences of M5, keep it finite and small:

- every cell an open end points into must hold a tile (a rail end must meet a rail end);
- every new tile of a completed loop lies on a run of consecutive new tiles whose first and
  last cells are such faced cells (a run starts and ends next to old tiles, whose rail ends
  point into it). A run of at most `most` tiles keeps each of its cells within
  (most - 1) // 2 steps of one of its ends, so no other cell can hold a new tile.

The shapes tried on a cell are only those whose two rail sides point at tiles or chosen
cells: any other shape leaves a rail end meeting nothing, which `is_complete` refuses anyway.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations, product

from referee.monorail import Position, Shape, is_complete
from referee.monorail.tile import Cell


def fewest_new_tiles(position: Position, most: int) -> int | None:
    """The fewest new tiles, at most `most` (and at most tiles_left), that complete `position`;
    None when no set of that many does."""
    board = position.board
    most = min(most, position.tiles_left)
    if is_complete(board):
        return 0
    faced = {side.beyond(cell) for cell, shape in board.items() for side in shape.sides} - board.keys()
    reach = (most - 1) // 2
    steps = [
        (dx, dy) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1) if abs(dx) + abs(dy) <= reach
    ]
    window = sorted({(x + dx, y + dy) for x, y in faced for dx, dy in steps} - board.keys() - faced)
    for count in range(len(faced), most + 1):
        for extra in combinations(window, count - len(faced)):
            cells = faced | set(extra)
            if _completes(board, cells):
                return count
    return None


def _completes(board: Mapping[Cell, Shape], cells: set[Cell]) -> bool:
    """Whether some shape on each of `cells` completes the loop."""
    options: list[list[Shape]] = []
    for cell in sorted(cells):
        shapes = [
            shape
            for shape in Shape
            if all(side.beyond(cell) in cells or side.beyond(cell) in board for side in shape.sides)
        ]
        if not shapes:
            return False
        options.append(shapes)
    order = sorted(cells)
    for choice in product(*options):
        trial = dict(board)
        trial.update(zip(order, choice, strict=True))
        if is_complete(trial):
            return True
    return False
