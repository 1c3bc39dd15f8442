"""Monorail, the death match of The Genius S4E6, as decided in genius-rules.md (M1–M9)."""

from referee.monorail.game import (
    SEATS,
    Action,
    Attempt,
    Declare,
    MonorailState,
    Place,
    Rules,
    new_game,
    step,
)
from referee.monorail.loop import is_complete
from referee.monorail.move import (
    Fault,
    IllegalMoveError,
    Move,
    check_move,
    check_placement,
    is_legal,
    legal_moves,
)
from referee.monorail.notation import NotationError, move_str, parse_move
from referee.monorail.position import STATIONS, TILES, Position, start
from referee.monorail.tile import Cell, Shape, Side, Tile, TileError

__all__ = [
    "SEATS",
    "STATIONS",
    "TILES",
    "Action",
    "Attempt",
    "Cell",
    "Declare",
    "Fault",
    "IllegalMoveError",
    "MonorailState",
    "Move",
    "NotationError",
    "Place",
    "Position",
    "Rules",
    "Shape",
    "Side",
    "Tile",
    "TileError",
    "check_move",
    "check_placement",
    "is_complete",
    "is_legal",
    "legal_moves",
    "move_str",
    "new_game",
    "parse_move",
    "start",
    "step",
]
