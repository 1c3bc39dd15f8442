"""Completion (M5): every tile on the table is on one closed loop."""

from __future__ import annotations

from collections.abc import Mapping

from referee.monorail.tile import Cell, Shape


def is_complete(board: Mapping[Cell, Shape]) -> bool:
    """Whether the tiles form exactly one closed loop: every rail end meets a rail end, and
    walking the rail from any tile visits every tile before it comes back."""
    if not board:
        return False
    for cell, shape in board.items():
        for side in shape.sides:
            other = board.get(side.beyond(cell))
            if other is None or not other.opens(side.opposite):
                return False
    start = next(iter(board))
    cell, came = start, next(iter(board[start].sides))
    visited = 0
    while True:
        visited += 1
        leave = board[cell].other_end(came)
        cell, came = leave.beyond(cell), leave.opposite
        if cell == start:
            return visited == len(board)
        if visited > len(board):
            return False
