"""Monorail's bots, weakest first: `random`, `greedy` and `solver`.

- `random` places a random legal move (a random line of cells, then random shapes that fit
  it); it never declares 'impossible'.
- `greedy` completes the loop when one move does; otherwise it plays a random move that
  neither lets the opponent complete with one move nor leaves a position it can see is
  impossible (a cell three rail ends point into, or more cells to fill than tiles left).
  It declares 'impossible' when it sees that of the position it is given.
- `solver` asks the exact solver (referee.monorail.solver): it declares 'impossible'
  exactly when the position cannot be completed, completes when one move does, never
  hands the opponent a one-move completion it can avoid, and keeps completion possible
  unless no move that is safe does. Its look-ahead is bounded: a move made of tiles of
  the solver's witness keeps completion possible by construction; other moves cost one
  solver call each, at most `SOLVES` per turn.

Every level answers a challenge the same way: the solver's witness when the position can
be completed, else nothing (giving up). Only a wrong declaration can be met, and none of
these bots declares wrongly, so how a weaker bot would have answered never decides a game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import pairwise, product

from referee.game import Json
from referee.monorail.analysis import completing_moves
from referee.monorail.game import Action, Attempt, Declare, Place
from referee.monorail.loop import is_complete
from referee.monorail.move import IllegalMoveError, Move, check_placement, is_legal, lines
from referee.monorail.position import Position
from referee.monorail.solver import solve
from referee.monorail.tile import Cell, Shape, Tile

SOLVES = 48
"""Solver calls the solver bot spends per turn on moves outside its witness."""


def position_of(view: Json) -> Position:
    """The position a seat's view shows (Monorail hides nothing: stations, placed, supply)."""
    return Position.from_json(view)


def faced_cells(position: Position) -> Counter[Cell]:
    """Each empty cell a rail end points into, with how many ends point into it."""
    return Counter(side.beyond(cell) for cell, side in position.open_ends)


def shuffled_moves(position: Position, rng: random.Random, strict_edges: bool = True) -> Iterator[Move]:
    """Every legal move once, in a random order: lines of cells shuffled, then each line's
    shapes. Lazy, so a bot that takes the first move it likes never lists them all.

    The shapes a cell allows beside the tiles already down, and the pairs two neighbouring
    cells allow together, are found once per line: a rail against a blank side is illegal in
    any move, so those combinations are passed over without the referee's whole check. The
    same moves come in the same order from the same draws of `rng` as when every combination
    went to `is_legal` (a greedy bot's turn had asked it of up to some 200,000)."""
    runs = list(lines(position))
    rng.shuffle(runs)
    for run in runs:
        combos = list(product(Shape, repeat=len(run)))
        rng.shuffle(combos)
        allowed = [{s for s in Shape if not strict_edges or _fits(position, Tile(x, y, s))} for x, y in run]
        joined = [
            {(a, b) for a in before for b in after if not strict_edges or _fits(position, Tile(*c, a), Tile(*d, b))}
            for (c, before), (d, after) in pairwise(zip(run, allowed, strict=True))
        ]
        for shapes in combos:
            if not all(shape in fits for shape, fits in zip(shapes, allowed, strict=True)) or not all(
                pair in fits for pair, fits in zip(pairwise(shapes), joined, strict=False)
            ):
                continue
            move = Move.laid(run, shapes)
            if is_legal(position, move, strict_edges):
                yield move


def _fits(position: Position, *tiles: Tile) -> bool:
    """Whether `tiles` alone may be placed: on empty cells, no rail against a blank side."""
    try:
        check_placement(position, tiles)
    except IllegalMoveError:
        return False
    return True


def seen_impossible(position: Position) -> bool:
    """What greedy sees without searching: a cell three or more rail ends point into (one
    tile joins two), or more cells that must be filled than tiles left."""
    faced = faced_cells(position)
    if is_complete(position.board):
        return False
    return not faced or max(faced.values()) > 2 or len(faced) > position.tiles_left


def answer_challenge(position: Position) -> Attempt:
    """The solver's witness when the loop can still be completed, else no tiles (giving up)."""
    solution = solve(position)
    return Attempt(solution.witness or ())


class RandomBot:
    """Any legal move, uniformly; never declares."""

    level = "random"

    def choose(self, view: Json, rng: random.Random) -> Action:
        position = position_of(view)
        if view.get("challenge") is not None:
            return answer_challenge(position)
        return Place(next(shuffled_moves(position, rng, view.get("strict_edges", True))))


class GreedyBot:
    """Completes when it can; otherwise a random move that hands over nothing it can see."""

    level = "greedy"

    def choose(self, view: Json, rng: random.Random) -> Action:
        position = position_of(view)
        strict = view.get("strict_edges", True)
        if view.get("challenge") is not None:
            return answer_challenge(position)
        if position.placed and seen_impossible(position):
            return Declare()
        win = next(completing_moves(position, strict), None)
        if win is not None:
            return Place(win)
        first: Move | None = None
        for move in shuffled_moves(position, rng, strict):
            first = first or move
            after = position.after(move.tiles)
            if not seen_impossible(after) and next(completing_moves(after, strict), None) is None:
                return Place(move)
        assert first is not None, "a position in play always has a legal move"
        return Place(first)


class SolverBot:
    """Plays by the exact solver: right declarations, no completion handed over, and
    completion kept possible when a safe move keeps it (within `SOLVES` calls a turn)."""

    level = "solver"

    def choose(self, view: Json, rng: random.Random) -> Action:
        position = position_of(view)
        strict = view.get("strict_edges", True)
        if view.get("challenge") is not None:
            return answer_challenge(position)
        solution = solve(position, strict)
        if position.placed and not solution.completable:
            return Declare()
        win = next(completing_moves(position, strict), None)
        if win is not None:
            return Place(win)
        witness = set(solution.witness or ())
        first: Move | None = None
        safe: Move | None = None
        solves = 0
        for move in shuffled_moves(position, rng, strict):
            first = first or move
            after = position.after(move.tiles)
            if next(completing_moves(after, strict), None) is not None:
                continue  # the opponent would complete it
            safe = safe or move
            if witness.issuperset(move.tiles):
                return Place(move)  # the rest of the witness still completes it
            if solves < SOLVES and not seen_impossible(after):
                solves += 1
                if solve(after, strict).completable:
                    return Place(move)
        assert first is not None, "a position in play always has a legal move"
        return Place(safe or first)


LEVELS = {"random": RandomBot, "greedy": GreedyBot, "solver": SolverBot}
DEFAULT_LEVEL = "solver"
