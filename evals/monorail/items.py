"""The judge eval's questions: seeded Monorail positions and moves, each labelled by the referee.

Item `index` of seed `seed` is drawn from its own `random.Random`, so any prefix of a set is
the same whatever its length, and a resumed run asks exactly the same questions. The kinds
alternate so that every prefix is balanced: even indices ask whether a position can still
be completed (completable and not in turn), odd ones whether a move is legal (legal, then
an illegal move of each fault `check_move` names, in turn).

Positions come from careful random play: from the start, each move is drawn at random
among those that keep the loop completable (and do not close it), to a random depth. An
uncompletable position is such a game whose last move, also drawn at random, is one of
those that ruin it, so the two halves look alike and a judge cannot tell them apart by
depth or tile count. Illegal moves are built near the board to break one rule each; the
label and the fault are always the referee's (`check_move`, `solve`), never the builder's
intention, and a candidate the referee faults differently is drawn again.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from referee.monorail.loop import is_complete
from referee.monorail.move import Fault, IllegalMoveError, Move, check_move, legal_moves, lines
from referee.monorail.position import Position, start
from referee.monorail.solver import solve
from referee.monorail.tile import Cell, Shape, Side, Tile

Question = Literal["move", "position"]
QUESTIONS: tuple[Question, ...] = ("position", "move")

GAME_FAULTS = (Fault.TURN, Fault.OVER, Fault.TOO_EARLY, Fault.CHALLENGE)
"""Faults of the game's state (whose turn, a finished game, 'impossible' too early, a pending
challenge), raised by `game.step`: a question about a move in a position cannot carry them."""
MOVE_FAULTS = tuple(fault for fault in Fault if fault not in GAME_FAULTS)
"""Every fault `check_move` can name, each the subject of its own illegal moves."""

MAX_DEPTH = 6
"""The deepest random play goes (moves from the start) before a question is asked."""
TRIES = 200
"""Candidates drawn for an illegal move of one kind before another position is tried."""


@dataclass(frozen=True)
class Item:
    """One question and its answer by the referee.

    `truth` is whether the move is legal (a move question) or the position completable (a
    position question); `fault` is the referee's reason for an illegal move; `depth` is how
    many moves the position is from the start."""

    seed: int
    index: int
    question: Question
    position: Position
    move: Move | None
    truth: bool
    fault: Fault | None
    depth: int

    def as_json(self) -> dict[str, Any]:
        """The question as `refgm monorail check --jsonl` reads it, so anyone can re-check it."""
        line = self.position.as_json()
        if self.move is not None:
            line["move"] = self.move.as_json()
        return line


def fault_of(position: Position, move: Move) -> Fault | None:
    """The referee's reason `move` is illegal in `position`, or None when it is legal."""
    try:
        check_move(position, move)
    except IllegalMoveError as err:
        return err.fault
    return None


def plan(index: int) -> tuple[Question, bool, Fault | None]:
    """What item `index` asks: its question, the answer it is built to have, and the fault."""
    j = index // 2
    if index % 2 == 0:
        return "position", j % 2 == 0, None
    if j % 2 == 0:
        return "move", True, None
    return "move", False, MOVE_FAULTS[(j // 2) % len(MOVE_FAULTS)]


@cache
def item(seed: int, index: int) -> Item:
    """Item `index` of the set drawn from `seed` (the same every time it is asked for)."""
    rng = random.Random(f"monorail-judge:{seed}:{index}")
    question, truth, fault = plan(index)
    while True:  # a draw that cannot carry the item (rare) is followed by another from the same rng
        made = (_position_item if question == "position" else _move_item)(rng, truth, fault)
        if made is not None:
            position, move, depth = made
            break
    if move is None:
        label = solve(position).completable
        return Item(seed, index, question, position, None, label, None, depth)
    found = fault_of(position, move)
    return Item(seed, index, question, position, move, found is None, found, depth)


def items(seed: int, count: int) -> tuple[Item, ...]:
    """The first `count` items of `seed`'s set."""
    return tuple(item(seed, index) for index in range(count))


# --- positions --------------------------------------------------------------------------


def _keeps(position: Position) -> bool:
    """The loop is still open and can be completed: a position careful play may reach."""
    return not is_complete(position.board) and solve(position).completable


def _shuffled(position: Position, rng: random.Random) -> list[Move]:
    moves = list(legal_moves(position))
    rng.shuffle(moves)
    return moves


def careful_play(rng: random.Random, depth: int) -> tuple[Position, int]:
    """The position after up to `depth` random moves that each keep the loop completable, and
    how many were played (fewer when no such move is left)."""
    position = start()
    for played in range(depth):
        nxt = next((q for m in _shuffled(position, rng) if _keeps(q := position.after(m.tiles))), None)
        if nxt is None:
            return position, played
        position = nxt
    return position, depth


def _ruin(position: Position, rng: random.Random) -> Position | None:
    """The position after a random legal move that leaves the loop uncompletable."""
    for move in _shuffled(position, rng):
        after = position.after(move.tiles)
        if not is_complete(after.board) and not solve(after).completable:
            return after
    return None


def _position_item(rng: random.Random, completable: bool, _: Fault | None) -> tuple[Position, None, int] | None:
    depth = rng.randint(1, MAX_DEPTH)
    if completable:
        position, played = careful_play(rng, depth)
        return (position, None, played) if played else None
    position, played = careful_play(rng, depth - 1)
    ruined = _ruin(position, rng)
    return None if ruined is None else (ruined, None, played + 1)


# --- moves ------------------------------------------------------------------------------


def _move_item(rng: random.Random, legal: bool, fault: Fault | None) -> tuple[Position, Move, int] | None:
    position, depth = careful_play(rng, rng.randint(0, MAX_DEPTH))
    if fault is Fault.SUPPLY:  # only a nearly empty supply can be overdrawn by 1-3 tiles
        down = _play_down(position, depth, rng)
        if down is None:
            return None
        position, depth = down
    if legal:
        moves = list(legal_moves(position))
        return (position, rng.choice(moves), depth) if moves else None
    assert fault is not None
    build = _BUILDERS[fault]
    for _ in range(TRIES):
        move = build(position, rng)
        if move is not None and fault_of(position, move) is fault:
            return position, move, depth
    return None


def _play_down(position: Position, depth: int, rng: random.Random) -> tuple[Position, int] | None:
    """Random play on from `position` until 1 or 2 tiles are left (None if it ends first)."""
    while position.tiles_left > 2:
        moves = [m for m in legal_moves(position) if not is_complete(position.after(m.tiles).board)]
        if not moves:
            return None
        position, depth = position.after(rng.choice(moves).tiles), depth + 1
    return (position, depth) if position.tiles_left > 0 else None


_STEPS: tuple[Cell, ...] = ((1, 0), (0, 1))


def _shapes(rng: random.Random, cells: tuple[Cell, ...]) -> Move:
    return Move(tuple(Tile(x, y, rng.choice(list(Shape))) for x, y in cells))


def _empty_near(position: Position) -> list[Cell]:
    """Empty cells next to the table, in a stable order."""
    board = position.board
    return sorted({side.beyond(c) for c in board for side in Side} - board.keys())


def _run(first: Cell, step: Cell, length: int) -> tuple[Cell, ...]:
    return tuple((first[0] + i * step[0], first[1] + i * step[1]) for i in range(length))


def _small_legal(position: Position, rng: random.Random, most: int) -> Move | None:
    moves = [m for m in legal_moves(position) if len(m.tiles) <= most]
    return rng.choice(moves) if moves else None


def _empty(_: Position, __: random.Random) -> Move:
    return Move(())


def _too_many(position: Position, rng: random.Random) -> Move:
    """Four tiles in a line from a cell next to the table."""
    return _shapes(rng, _run(rng.choice(_empty_near(position)), rng.choice(_STEPS), 4))


def _supply(position: Position, rng: random.Random) -> Move:
    """One tile more than the supply holds, in a line next to the table."""
    return _shapes(rng, _run(rng.choice(_empty_near(position)), rng.choice(_STEPS), position.tiles_left + 1))


def _repeated(position: Position, rng: random.Random) -> Move | None:
    """A legal move with a second tile on one of its cells."""
    move = _small_legal(position, rng, 2)
    if move is None:
        return None
    at = rng.randrange(len(move.tiles))
    twin = move.tiles[at]
    other = Tile(twin.x, twin.y, rng.choice([s for s in Shape if s is not twin.shape]))
    return Move(move.tiles[: at + 1] + (other,) + move.tiles[at + 1 :])


def _occupied(position: Position, rng: random.Random) -> Move | None:
    """A legal move with one tile moved onto a neighbouring tile already on the table."""
    move = _small_legal(position, rng, 3)
    if move is None:
        return None
    at = rng.randrange(len(move.tiles))
    tile = move.tiles[at]
    taken = [side.beyond(tile.cell) for side in Side if side.beyond(tile.cell) in position.board]
    if not taken:
        return None
    x, y = rng.choice(taken)
    return Move(move.tiles[:at] + (Tile(x, y, tile.shape),) + move.tiles[at + 1 :])


def _not_in_line(position: Position, rng: random.Random) -> Move | None:
    """A legal one-tile move and a tile diagonal to it."""
    move = _small_legal(position, rng, 1)
    if move is None:
        return None
    (tile,) = move.tiles
    dx, dy = rng.choice((1, -1)), rng.choice((1, -1))
    return Move((tile, Tile(tile.x + dx, tile.y + dy, rng.choice(list(Shape)))))


def _gap(position: Position, rng: random.Random) -> Move | None:
    """A legal one-tile move and a tile two cells from it in its row or column."""
    move = _small_legal(position, rng, 1)
    if move is None:
        return None
    (tile,) = move.tiles
    side = rng.choice(list(Side))
    x, y = side.beyond(side.beyond(tile.cell))
    return Move((tile, Tile(x, y, rng.choice(list(Shape)))))


def _not_touching(position: Position, rng: random.Random) -> Move | None:
    """One or two tiles in a line two cells or more from the table."""
    board = position.board
    near = set(_empty_near(position))
    outside = sorted({side.beyond(c) for c in near for side in Side} - near - board.keys())
    if not outside:
        return None
    return _shapes(rng, _run(rng.choice(outside), rng.choice(_STEPS), rng.randint(1, 2)))


def _edge(position: Position, rng: random.Random) -> Move | None:
    """Tiles on a run next to the table, shapes drawn at random (most break the edge rule)."""
    runs = list(lines(position))
    return _shapes(rng, rng.choice(runs)) if runs else None


_BUILDERS: dict[Fault, Callable[[Position, random.Random], Move | None]] = {
    Fault.EMPTY: _empty,
    Fault.TOO_MANY: _too_many,
    Fault.SUPPLY: _supply,
    Fault.REPEATED: _repeated,
    Fault.OCCUPIED: _occupied,
    Fault.NOT_IN_LINE: _not_in_line,
    Fault.GAP: _gap,
    Fault.NOT_TOUCHING: _not_touching,
    Fault.EDGE: _edge,
}
