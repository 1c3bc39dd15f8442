"""Sides, shapes and tiles: the pieces of Monorail (genius-rules.md, "Encoding").

A cell is `(x, y)`, x growing East and y North. A rail tile opens to two sides; the six
shapes are the straight and the curve of the double-sided tile in every rotation (M2).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from referee.errors import RefereeError

Cell = tuple[int, int]


class TileError(RefereeError):
    """A tile or shape that is not one of Monorail's (bad JSON, an unknown shape name)."""


class Side(Enum):
    """A side of a cell, with the step it points along."""

    N = (0, 1)
    E = (1, 0)
    S = (0, -1)
    W = (-1, 0)

    @property
    def opposite(self) -> Side:
        dx, dy = self._value_
        return Side((-dx, -dy))

    def beyond(self, cell: Cell) -> Cell:
        """The neighbouring cell on this side of `cell`."""
        dx, dy = self._value_  # not `value`, a property that is slow to read: legality asks this most
        return cell[0] + dx, cell[1] + dy


class Shape(Enum):
    """A rail shape, named by the two sides it opens to."""

    H = "H"
    V = "V"
    NE = "NE"
    NW = "NW"
    SE = "SE"
    SW = "SW"

    @property
    def sides(self) -> frozenset[Side]:
        return _SIDES[self]

    @property
    def straight(self) -> bool:
        return self in (Shape.H, Shape.V)

    def opens(self, side: Side) -> bool:
        return side in _SIDES[self]

    def other_end(self, side: Side) -> Side:
        """Where the rail leaves when it enters by `side` (which must be one of its ends)."""
        a, b = _PAIRS[self]
        return b if side is a else a

    @classmethod
    def parse(cls, name: str) -> Shape:
        """The shape called `name` (any case; a curve's sides in either order: "EN" is NE)."""
        key = name.strip().upper()
        if len(key) == 2 and key[::-1] in _NAMES:
            key = key[::-1]
        try:
            return cls(key)
        except ValueError:
            raise TileError(f"{name!r} is not a shape; the shapes are {', '.join(_NAMES)}") from None

    @classmethod
    def joining(cls, a: Side, b: Side) -> Shape:
        """The shape whose rail joins sides `a` and `b`."""
        return _BY_SIDES[frozenset((a, b))]


_PAIRS: dict[Shape, tuple[Side, Side]] = {
    Shape.H: (Side.W, Side.E),
    Shape.V: (Side.N, Side.S),
    Shape.NE: (Side.N, Side.E),
    Shape.NW: (Side.N, Side.W),
    Shape.SE: (Side.S, Side.E),
    Shape.SW: (Side.S, Side.W),
}
_SIDES = {shape: frozenset(pair) for shape, pair in _PAIRS.items()}
_BY_SIDES = {sides: shape for shape, sides in _SIDES.items()}
_NAMES = tuple(shape.value for shape in Shape)


@dataclass(frozen=True, order=True)
class Tile:
    """A rail (or station) tile on a cell."""

    x: int
    y: int
    shape: Shape

    @property
    def cell(self) -> Cell:
        return self.x, self.y

    def as_json(self) -> list[Any]:
        return [self.x, self.y, self.shape.value]

    @classmethod
    def from_json(cls, obj: object) -> Tile:
        """A tile from `[x, y, shape]`; TileError naming what is wrong otherwise."""
        if not isinstance(obj, list | tuple) or len(obj) != 3:
            raise TileError(f"a tile is [x, y, shape], not {obj!r}")
        x, y, shape = obj
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (x, y)):
            raise TileError(f"a tile's x and y are integers, not {x!r}, {y!r}")
        if not isinstance(shape, str):
            raise TileError(f'a tile\'s shape is a name such as "H", not {shape!r}')
        return cls(x, y, Shape.parse(shape))
