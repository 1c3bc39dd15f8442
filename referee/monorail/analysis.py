"""Opening analysis: every legal move from a position, grouped by symmetry, and what it leads to.

A move keeps completion possible when the solver still finds a loop with the tiles left. A
short game-tree search (plies counted from the move itself, ply 1) then tells which moves
decide the game under perfect play: a move that completes wins at ply 1; a move after which
the opponent can declare 'impossible' rightly, or complete the loop with one legal move,
loses at ply 2; a move after which every reply leaves the mover such a win wins at ply 3;
and so on to the depth asked. The search is exact within its depth: "open" means no forced
result within it, not a draw.

Declaring 'impossible' wrongly always loses (the challenged seat completes the loop, M7),
so in the search a seat only declares when it is right; the supply running out (M8) is the
same as a right declaration, since no tile is left to complete with.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from itertools import product

from referee.monorail.loop import is_complete
from referee.monorail.move import MAX_TILES, Move, is_legal, legal_moves
from referee.monorail.position import Position
from referee.monorail.solver import Solution, solve
from referee.monorail.symmetry import Symmetry, canonical, canonical_tiles, stabilizer
from referee.monorail.tile import Shape, Tile


def completing_moves(position: Position, strict_edges: bool = True) -> Iterator[Move]:
    """Every legal move that completes the loop, in cell order. Such a move covers every cell
    an open end faces (an end left facing an empty cell is no loop), so only the 1-3 cell lines
    through all of those cells are tried, and usually there is none."""
    if position.faults or not position.open_ends:
        return  # a rail end against a blank side never joins a loop (M4)
    faced = sorted({side.beyond(cell) for cell, side in position.open_ends})
    longest = min(MAX_TILES, position.tiles_left)
    if len(faced) > longest:
        return
    runs: set[tuple[tuple[int, int], ...]] = set()
    for step in ((1, 0), (0, 1)):
        along, across = (0, 1) if step == (1, 0) else (1, 0)
        if len({c[across] for c in faced}) != 1:
            continue
        low, high = faced[0][along], faced[-1][along]
        for length in range(high - low + 1, longest + 1):
            for first in range(high - length + 1, low + 1):
                runs.add(
                    tuple(
                        (faced[0][0] + (first - low + i) * step[0], faced[0][1] + (first - low + i) * step[1])
                        for i in range(length)
                    )
                )
    for run in sorted(runs):
        if any(cell in position.board for cell in run):
            continue
        for shapes in product(Shape, repeat=len(run)):
            move = Move.laid(run, shapes)
            if is_complete(position.after(move.tiles).board) and is_legal(position, move, strict_edges):
                yield move


class Result(Enum):
    """A move's value for the seat that makes it, as far as the search looked."""

    WIN = "win"
    LOSS = "loss"
    OPEN = "open"


class How(Enum):
    """How a decided move is decided."""

    COMPLETES = "completes"  # the move closes the loop (ply 1)
    IMPOSSIBLE = "impossible"  # the opponent declares 'impossible', rightly (ply 2)
    HANDS_OVER = "hands_over"  # the opponent completes the loop with one legal move (ply 2)
    FORCED = "forced"  # deeper: every line the search looked at ends so


@dataclass(frozen=True)
class Outcome:
    """What a move leads to: the result, within how many plies (None when open), and how."""

    result: Result
    plies: int | None = None
    how: How | None = None
    reply: Move | None = None  # the opponent's answer that wins: a completion (HANDS_OVER) or a forced loss's


@dataclass(frozen=True)
class MoveClass:
    """The moves that are one move under the position's symmetries, and their common fate."""

    move: Move  # the canonical representative
    members: tuple[Move, ...]
    after: Solution  # the solver's answer for the position after the move
    outcome: Outcome


def witness_moves(position: Position, witness: tuple[Tile, ...], strict_edges: bool = True) -> Iterator[Move]:
    """The legal moves made of a witness's tiles (1-3 of them in a line). Each keeps completion
    possible, and no solver is needed to know it: the rest of the witness still completes."""
    cells = {t.cell: t for t in witness}
    seen: set[Move] = set()
    for (x, y), (dx, dy), length in product(sorted(cells), ((1, 0), (0, 1)), range(1, MAX_TILES + 1)):
        run = [(x + i * dx, y + i * dy) for i in range(length)]
        if all(c in cells for c in run):
            move = Move(tuple(cells[c] for c in run))
            if move not in seen and is_legal(position, move, strict_edges):
                seen.add(move)
                yield move


@dataclass
class Search:
    """The solver and the game tree over one analysis, with memos keyed by position up to `group`."""

    strict_edges: bool = True
    group: tuple[Symmetry, ...] = (Symmetry.IDENTITY,)  # the symmetries every position searched keeps
    _solved: dict[tuple[object, ...], Solution] = field(default_factory=dict)
    _completable: dict[tuple[object, ...], bool] = field(default_factory=dict)
    _wins: dict[tuple[object, ...], bool] = field(default_factory=dict)
    _loses: dict[tuple[object, ...], bool] = field(default_factory=dict)

    def _key(self, position: Position, plies: int = 0) -> tuple[object, ...]:
        return canonical_tiles(position.placed, self.group), position.tiles_left, plies

    def solve(self, position: Position) -> Solution:
        """The solver's answer, once per position; the moves along its witness are noted as
        keeping completion possible, so the search rarely needs the solver after them."""
        key = self._key(position)
        if key not in self._solved:
            solution = self._solved[key] = solve(position, self.strict_edges)
            self._completable[key] = solution.completable
            for move in witness_moves(position, solution.witness or (), self.strict_edges):
                self._completable[self._key(position.after(move.tiles))] = True
        return self._solved[key]

    def completable(self, position: Position) -> bool:
        key = self._key(position)
        if key not in self._completable:
            self.solve(position)
        return self._completable[key]

    def moves(self, position: Position) -> Iterator[Move]:
        """Every legal move, those along the solver's witness first (they are the likeliest to
        keep the game going, and the cheapest to judge); a few come twice, the memos make that free."""
        if self.completable(position):
            yield from witness_moves(position, self.solve(position).witness or (), self.strict_edges)
        yield from legal_moves(position, self.strict_edges)

    def wins_at_once(self, position: Position) -> bool:
        """The seat to move wins on this turn: a completion, or a right 'impossible' (once a rail
        tile is down, M7). The completion is looked for first: it costs far less than the solver."""
        if next(completing_moves(position, self.strict_edges), None) is not None:
            return True
        return bool(position.placed) and not self.completable(position)

    def wins_within(self, position: Position, plies: int) -> bool:
        """The seat to move forces a win within `plies` plies (its own turn is ply 1)."""
        if self.wins_at_once(position):
            return True
        if plies < 3:
            return False
        key = self._key(position, plies)
        if key not in self._wins:
            self._wins[key] = any(self.loses_within(position.after(m.tiles), plies - 1) for m in self.moves(position))
        return self._wins[key]

    def loses_within(self, position: Position, plies: int) -> bool:
        """Whatever the seat to move does, the other seat wins within `plies` plies (this turn is ply 1)."""
        if plies < 2 or self.wins_at_once(position):
            return False
        key = self._key(position, plies)
        if key not in self._loses:
            self._loses[key] = all(self.wins_within(position.after(m.tiles), plies - 1) for m in self.moves(position))
        return self._loses[key]

    def outcome(self, position: Position, move: Move, depth: int) -> Outcome:
        """What `move` from `position` leads to, searched to `depth` plies (the move is ply 1)."""
        after = position.after(move.tiles)
        if is_complete(after.board):
            return Outcome(Result.WIN, 1, How.COMPLETES)
        if depth < 2:
            return Outcome(Result.OPEN)
        if not self.completable(after):
            return Outcome(Result.LOSS, 2, How.IMPOSSIBLE)
        reply = next(completing_moves(after, self.strict_edges), None)
        if reply is not None:
            return Outcome(Result.LOSS, 2, How.HANDS_OVER, reply)
        for plies in range(3, depth + 1):
            if plies % 2 == 1 and self.loses_within(after, plies - 1):
                return Outcome(Result.WIN, plies, How.FORCED)
            if plies % 2 == 0 and self.wins_within(after, plies - 1):
                # The opponent's reply that does it (the memos make finding it again cheap).
                reply = next(m for m in self.moves(after) if self.loses_within(after.after(m.tiles), plies - 2))
                return Outcome(Result.LOSS, plies, How.FORCED, reply)
        return Outcome(Result.OPEN)


def analyze(
    position: Position,
    depth: int = 3,
    strict_edges: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[MoveClass, ...]:
    """Every legal move of `position` in classes under its symmetries (`stabilizer`), each with
    the solver's answer after it and its outcome searched to `depth` plies; smaller moves first,
    then in the order of their canonical tiles. `progress(done, total)` follows each class."""
    group = stabilizer(position)
    classes: dict[Move, list[Move]] = {}
    for move in legal_moves(position, strict_edges):
        classes.setdefault(canonical(move, group), []).append(move)
    order = sorted(classes, key=lambda m: (len(m.tiles), [(t.x, t.y, t.shape.value) for t in m.tiles]))
    search = Search(strict_edges, stabilizer(Position(tiles_left=0, stations=position.stations)))
    found = []
    for done, move in enumerate(order, 1):
        after = search.solve(position.after(move.tiles))
        found.append(MoveClass(move, tuple(classes[move]), after, search.outcome(position, move, depth)))
        if progress is not None:
            progress(done, len(order))
    return tuple(found)
