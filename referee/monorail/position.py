"""A Monorail position: the stations, the rail tiles placed, and the supply left (M1, M2).

`board` maps every occupied cell to its shape. A position that breaks the edge rule is
still a position (analysis may ask about one); it simply cannot be completed (M4).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from referee.monorail.tile import Cell, Shape, Side, Tile, TileError

TILES = 16
STATIONS = (Tile(0, 0, Shape.H), Tile(1, 0, Shape.H))

End = tuple[Cell, Side]


@dataclass(frozen=True)
class Position:
    """Stations and placed rail tiles on distinct cells, and `tiles_left` in the supply."""

    placed: tuple[Tile, ...] = ()
    tiles_left: int = TILES
    stations: tuple[Tile, ...] = STATIONS
    _board: dict[Cell, Shape] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.tiles_left < 0:
            raise TileError(f"tiles_left is at least 0, not {self.tiles_left}")
        board: dict[Cell, Shape] = {}
        for tile in self.stations + self.placed:
            if tile.cell in board:
                raise TileError(f"two tiles on cell {tile.x},{tile.y}")
            board[tile.cell] = tile.shape
        object.__setattr__(self, "_board", board)

    @property
    def board(self) -> Mapping[Cell, Shape]:
        return self._board

    def tiles(self) -> Iterator[Tile]:
        yield from self.stations
        yield from self.placed

    def after(self, tiles: Iterable[Tile]) -> Position:
        """This position with `tiles` placed from the supply (legality is the caller's)."""
        new = tuple(tiles)
        return Position(self.placed + new, self.tiles_left - len(new), self.stations)

    @cached_property
    def open_ends(self) -> tuple[End, ...]:
        """Rail ends that point into an empty cell, in a stable order."""
        return tuple(
            (cell, side)
            for cell, shape in sorted(self._board.items())
            for side in _ORDERED_SIDES[shape._value_]
            if side.beyond(cell) not in self._board
        )

    @cached_property
    def faults(self) -> tuple[End, ...]:
        """Edge-rule breaches: a rail end that meets a neighbour's blank side (M4)."""
        return tuple(
            (cell, side)
            for cell, shape in sorted(self._board.items())
            for side in _ORDERED_SIDES[shape._value_]
            if (other := self._board.get(side.beyond(cell))) is not None and not other.opens(side.opposite)
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "stations": [t.as_json() for t in self.stations],
            "placed": [t.as_json() for t in self.placed],
            "tiles_left": self.tiles_left,
        }

    @classmethod
    def from_json(cls, obj: object) -> Position:
        """A position from the JSON of `refgm monorail check`; TileError on a malformed one."""
        if not isinstance(obj, dict):
            raise TileError("a position is a JSON object with stations, placed and tiles_left")
        stations = obj.get("stations", [t.as_json() for t in STATIONS])
        placed = obj.get("placed", [])
        for key, value in (("stations", stations), ("placed", placed)):
            if not isinstance(value, list):
                raise TileError(f"{key} is a list of [x, y, shape]")
        left = obj.get("tiles_left", TILES - len(placed))
        if not isinstance(left, int) or isinstance(left, bool):
            raise TileError(f"tiles_left is a whole number, not {left!r}")
        return cls(
            tuple(Tile.from_json(t) for t in placed),
            left,
            tuple(Tile.from_json(t) for t in stations),
        )


_SIDE_ORDER = (Side.N, Side.E, Side.S, Side.W)
# Each shape's sides in that order, by the shape's name (an Enum member hashes in Python code).
_ORDERED_SIDES = {shape.value: tuple(side for side in _SIDE_ORDER if shape.opens(side)) for shape in Shape}


def start() -> Position:
    """The opening position: the two stations and the full supply."""
    return Position()
