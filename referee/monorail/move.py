"""A move and its legality (M3, M4): 1–3 tiles in one contiguous line, touching the table.

`check_move` names the first rule a move breaks as a typed `IllegalMoveError`, so every
surface (the CLI, play, an agent's retry) gives the same reason; `legal_moves` lists every
legal move for analysis and bots.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from itertools import pairwise, product

from referee.errors import RefereeError
from referee.monorail.position import Position
from referee.monorail.tile import Cell, Shape, Side, Tile

MAX_TILES = 3


class Fault(Enum):
    """Why a move is illegal; the value is the code the machine interface reports."""

    EMPTY = "empty"
    TOO_MANY = "too_many"
    SUPPLY = "supply"
    REPEATED = "repeated"
    OCCUPIED = "occupied"
    NOT_IN_LINE = "not_in_line"
    GAP = "gap"
    NOT_TOUCHING = "not_touching"
    EDGE = "edge"
    TURN = "turn"
    OVER = "over"
    TOO_EARLY = "too_early"
    CHALLENGE = "challenge"


class IllegalMoveError(RefereeError):
    """A move the rules forbid; `fault` is why and `cells` the cells concerned."""

    def __init__(self, fault: Fault, message: str, cells: tuple[Cell, ...] = ()) -> None:
        super().__init__(message)
        self.fault = fault
        self.cells = cells


@dataclass(frozen=True)
class Move:
    """The tiles a player places in one turn, in the order given."""

    tiles: tuple[Tile, ...]

    @classmethod
    def laid(cls, run: tuple[Cell, ...], shapes: tuple[Shape, ...]) -> Move:
        """The move that lays `shapes` on the cells of `run`, one each, in order."""
        return cls(tuple(Tile(x, y, s) for (x, y), s in zip(run, shapes, strict=True)))

    def as_json(self) -> list[list[object]]:
        return [t.as_json() for t in self.tiles]


def _where(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def check_placement(position: Position, tiles: tuple[Tile, ...], strict_edges: bool = True) -> None:
    """The rules every set of new tiles obeys, in a move or an attempt after 'impossible':
    drawn from the supply, on distinct empty cells, and (strict) no rail end against a blank side."""
    if len(tiles) > position.tiles_left:
        raise IllegalMoveError(Fault.SUPPLY, f"{len(tiles)} tiles placed but only {position.tiles_left} left")
    seen: set[Cell] = set()
    for tile in tiles:
        if tile.cell in seen:
            raise IllegalMoveError(Fault.REPEATED, f"two tiles on {_where(tile.cell)}", (tile.cell,))
        seen.add(tile.cell)
        if tile.cell in position.board:
            raise IllegalMoveError(Fault.OCCUPIED, f"{_where(tile.cell)} already has a tile", (tile.cell,))
    if strict_edges:
        _check_edges(position, tiles)


# Each shape's rail as bits by side (N, E, S, W: the opposite of side i is i ^ 2), keyed by the
# shape's name, and the step to each neighbour: the edge check runs for every neighbour of every
# tile of every move listed, and an Enum member hashes and reads its value in Python code.
_SIDE_ORDER = (Side.N, Side.E, Side.S, Side.W)
_RAIL = {shape.value: sum(1 << i for i, side in enumerate(_SIDE_ORDER) if shape.opens(side)) for shape in Shape}
_AROUND = tuple((side.value, i) for i, side in enumerate(_SIDE_ORDER))


def _check_edges(position: Position, tiles: tuple[Tile, ...]) -> None:
    board = position.board
    new = {t.cell: t.shape for t in tiles}  # looked up before the board, never merged into a copy of it
    for tile in tiles:
        x, y = tile.x, tile.y
        rail = _RAIL[tile.shape._value_]
        for (dx, dy), i in _AROUND:
            where = (x + dx, y + dy)
            other = new[where] if where in new else board.get(where)
            if other is None or rail >> i & 1 == _RAIL[other._value_] >> (i ^ 2) & 1:
                continue
            if rail >> i & 1:
                text = f"the rail of {_where(tile.cell)} runs into the blank side of {_where(where)}"
            else:
                text = f"the rail of {_where(where)} runs into the blank side of {_where(tile.cell)}"
            raise IllegalMoveError(Fault.EDGE, text, (tile.cell, where))


def check_move(position: Position, move: Move, strict_edges: bool = True) -> None:
    """Raise IllegalMoveError with the first rule `move` breaks in `position`; None if legal."""
    tiles = move.tiles
    if not tiles:
        raise IllegalMoveError(Fault.EMPTY, "a move places 1 to 3 tiles")
    if len(tiles) > MAX_TILES:
        raise IllegalMoveError(Fault.TOO_MANY, f"a move places at most 3 tiles, not {len(tiles)}")
    check_placement(position, tiles, strict_edges=False)
    cells = sorted(t.cell for t in tiles)
    xs, ys = {c[0] for c in cells}, {c[1] for c in cells}
    if len(xs) > 1 and len(ys) > 1:
        raise IllegalMoveError(Fault.NOT_IN_LINE, "the tiles of a move lie in one row or one column", tuple(cells))
    along = 1 if len(xs) == 1 else 0
    for a, b in pairwise(cells):
        if b[along] - a[along] != 1:
            raise IllegalMoveError(Fault.GAP, f"the tiles leave a gap between {_where(a)} and {_where(b)}", (a, b))
    if not any(side.beyond(c) in position.board for c in cells for side in Side):
        raise IllegalMoveError(
            Fault.NOT_TOUCHING,
            "at least one tile must touch a tile already on the table",
            tuple(cells),
        )
    if strict_edges:
        _check_edges(position, tiles)


def is_legal(position: Position, move: Move, strict_edges: bool = True) -> bool:
    try:
        check_move(position, move, strict_edges)
    except IllegalMoveError:
        return False
    return True


def lines(position: Position) -> Iterator[tuple[Cell, ...]]:
    """Every run of 1–3 empty cells in a row or column with a cell touching the table,
    each once, in a stable order."""
    board = position.board
    n = min(MAX_TILES, position.tiles_left)
    touching = sorted({side.beyond(c) for c in board for side in Side} - board.keys())
    seen: set[tuple[Cell, ...]] = set()
    for cell in touching:
        for step in ((1, 0), (0, 1)):
            for length in range(1, n + 1):
                for offset in range(length):
                    run = tuple(
                        (cell[0] + (i - offset) * step[0], cell[1] + (i - offset) * step[1]) for i in range(length)
                    )
                    if run in seen or any(c in board for c in run):
                        continue
                    seen.add(run)
                    yield run


def _edges_hold(position: Position, tiles: tuple[Tile, ...]) -> bool:
    try:
        _check_edges(position, tiles)
    except IllegalMoveError:
        return False
    return True


def legal_moves(position: Position, strict_edges: bool = True) -> Iterator[Move]:
    """Every legal move in `position`, each once (tiles in cell order)."""
    for run in lines(position):
        # Strict: first the shapes each cell allows beside the old tiles, then the new tiles together.
        options = [[s for s in Shape if not strict_edges or _edges_hold(position, (Tile(x, y, s),))] for x, y in run]
        for shapes in product(*options):
            move = Move.laid(run, shapes)
            if len(run) == 1 or not strict_edges or _edges_hold(position, move.tiles):
                yield move
