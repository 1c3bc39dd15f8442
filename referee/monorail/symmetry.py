"""The symmetries of the start position (M1): what makes two moves "the same move".

The stations `H@0,0 H@1,0` are fixed by four maps of the plane and no others (a quarter
turn would stand them upright): the identity, the mirror x -> 1-x (East and West swap), the
mirror y -> -y (North and South swap), and both (a half turn about the stations' middle).
A map carries cells, sides, shapes and tiles together, so it carries legal moves to legal
moves and loops to loops; the namu wiki's "150 first moves excluding symmetric ones" counts
classes under this group. `canonical` picks one representative per class.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from referee.monorail.move import Move
from referee.monorail.position import Position
from referee.monorail.tile import Cell, Shape, Side, Tile


class Symmetry(Enum):
    """A map of the board onto itself that fixes the stations; the value is (mirror x, mirror y)."""

    IDENTITY = (False, False)
    MIRROR_X = (True, False)
    MIRROR_Y = (False, True)
    BOTH = (True, True)

    def cell(self, cell: Cell) -> Cell:
        mirror_x, mirror_y = self._value_  # not `value`, a property that is slow to read
        x, y = cell
        return (1 - x if mirror_x else x), (-y if mirror_y else y)

    def side(self, side: Side) -> Side:
        mirror_x, mirror_y = self.value
        dx, dy = side.value
        return Side((-dx if mirror_x else dx, -dy if mirror_y else dy))

    def shape(self, shape: Shape) -> Shape:
        a, b = shape.sides
        return Shape.joining(self.side(a), self.side(b))

    def tile(self, tile: Tile) -> Tile:
        x, y = self.cell(tile.cell)
        return Tile(x, y, self.shape(tile.shape))

    def move(self, move: Move) -> Move:
        """The image of `move`, its tiles in the order given."""
        return Move(tuple(self.tile(t) for t in move.tiles))

    def then(self, other: Symmetry) -> Symmetry:
        """This map followed by `other` (the group is its own multiplication table: x-or)."""
        return Symmetry((self.value[0] != other.value[0], self.value[1] != other.value[1]))


GROUP = tuple(Symmetry)


Key = tuple[tuple[int, int, str], ...]
"""A set of tiles as sorted (x, y, shape name) triples: cheap to compare and to hash."""

# Each map's image of every shape, by name, for `canonical_key`, which the game-theoretic search
# asks for every position it meets (an Enum member hashes and reads its value in Python code).
_SHAPES = {s.value: {shape.value: s.shape(shape).value for shape in Shape} for s in Symmetry}


def canonical_key(tiles: Iterable[Tile], group: Iterable[Symmetry] = GROUP) -> Key:
    """The key of the representative of a set of tiles under `group` (see `canonical_tiles`)."""
    tiles = tuple(tiles)
    return min(tuple(sorted((*s.cell((t.x, t.y)), _SHAPES[s._value_][t.shape._value_]) for t in tiles)) for s in group)


def _tiles(key: Key) -> tuple[Tile, ...]:
    return tuple(Tile(x, y, Shape(s)) for x, y, s in key)


def stabilizer(position: Position) -> tuple[Symmetry, ...]:
    """The symmetries that map every tile of `position` onto the table as it is: the group
    under which its moves may be counted as one (all four at the start)."""
    board = position.board
    return tuple(s for s in GROUP if all(board.get(s.cell(cell)) is s.shape(shape) for cell, shape in board.items()))


def canonical_tiles(tiles: Iterable[Tile], group: Iterable[Symmetry] = GROUP) -> tuple[Tile, ...]:
    """The representative of a set of tiles under `group`: of its images, the one whose tiles,
    in cell order, come first. Two sets are symmetric exactly when their representatives are equal."""
    return _tiles(canonical_key(tiles, group))


def canonical(move: Move, group: Iterable[Symmetry] = GROUP) -> Move:
    """The representative of `move`'s class under `group`, its tiles in cell order."""
    return Move(canonical_tiles(move.tiles, group))
