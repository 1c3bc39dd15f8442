"""Monorail's move notation, like chess's SAN: `H@2,0 NW@3,0` (shape @ x,y, space-separated).

Shapes: H (West–East), V (North–South) and the curves NE, NW, SE, SW, named by the two sides
they open to; x grows East, y North; the stations are H@0,0 and H@1,0.
"""

from __future__ import annotations

import re

from referee.errors import RefereeError
from referee.monorail.move import Move
from referee.monorail.tile import Shape, Tile, TileError

_TILE = re.compile(r"([A-Za-z]{1,2})\s*@\s*\(?\s*(-?\d{1,6})\s*,\s*(-?\d{1,6})\s*\)?")
_SEPARATORS = re.compile(r"[\s;]+")


class NotationError(RefereeError):
    """Text that is not a move in the notation; the message says which part and why."""


def parse_tile(text: str) -> Tile:
    """One tile, `NE@3,0`."""
    match = _TILE.fullmatch(text.strip())
    if match is None:
        raise NotationError(f"{text.strip()!r} is not a tile; write shape@x,y, e.g. NE@3,0")
    name, x, y = match.groups()
    try:
        shape = Shape.parse(name)
    except TileError as e:
        raise NotationError(str(e)) from None
    return Tile(int(x), int(y), shape)


def parse_move(text: str) -> Move:
    """A move, `H@2,0 NW@3,0`; NotationError naming the first part that is not a tile."""
    tiles: list[Tile] = []
    at = 0
    while (gap := _SEPARATORS.match(text, at)) is not None or at < len(text):
        at = gap.end() if gap else at
        if at == len(text):
            break
        match = _TILE.match(text, at)
        if match is None:
            word = _SEPARATORS.split(text[at:], maxsplit=1)[0]
            raise NotationError(f"{word!r} is not a tile; write shape@x,y, e.g. NE@3,0")
        tiles.append(parse_tile(match.group(0)))
        at = match.end()
    if not tiles:
        raise NotationError("no tiles given; write shape@x,y, e.g. H@2,0 NW@3,0")
    return Move(tuple(tiles))


def tile_str(tile: Tile) -> str:
    return f"{tile.shape.value}@{tile.x},{tile.y}"


def move_str(move: Move) -> str:
    """The notation of `move`: `parse_move(move_str(m)) == m`."""
    return " ".join(tile_str(t) for t in move.tiles)
