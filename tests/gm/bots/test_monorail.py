"""Monorail's bots: the completing moves they rely on, soundness of what greedy sees, and the
solver bot's promises (right declarations, no completion handed over)."""

from __future__ import annotations

import random
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm.bots import UnknownBotError, levels, open_bot
from gm.bots.monorail import answer_challenge, position_of, seen_impossible, shuffled_moves
from referee.monorail.analysis import completing_moves
from referee.monorail.game import Attempt, Declare, MonorailState, Place, step
from referee.monorail.loop import is_complete
from referee.monorail.move import Move, is_legal, legal_moves, lines
from referee.monorail.notation import move_str, parse_move
from referee.monorail.position import Position
from referee.monorail.protocol import GAME
from referee.monorail.solver import solve
from referee.monorail.tile import Shape


def played(seed: int, plies: int) -> Position:
    """A position in play reached by up to `plies` random legal moves that leave a tile in
    the supply and the loop open (the game goes on)."""
    rng = random.Random(seed)
    position = Position()
    for _ in range(plies):
        moves = (m for m in shuffled_moves(position, rng) if len(m.tiles) < position.tiles_left)
        after = next((p for m in moves if not is_complete((p := position.after(m.tiles)).board)), None)
        if after is None:
            break
        position = after
    return position


def view(position: Position, challenge: str | None = None) -> dict[str, object]:
    return GAME.view(MonorailState(position=position, declared_by=None if challenge is None else 0), "second")


positions = st.builds(played, st.integers(0, 10**6), st.integers(1, 7))


def test_the_levels_weakest_first() -> None:
    assert levels("monorail") == ("random", "greedy", "solver")
    assert levels("liar") == ()
    with pytest.raises(UnknownBotError, match="random, greedy, solver"):
        open_bot("monorail", "grandmaster")


@settings(max_examples=40)
@given(st.builds(played, st.integers(0, 10**6), st.integers(1, 2)), st.integers(0, 2**32))
def test_a_loop_with_a_line_taken_out_is_completed_by_that_line(position: Position, seed: int) -> None:
    """Complete the loop with the solver's witness, take out 1-3 tiles in a row or column,
    and the move that puts them back is among the completing moves."""
    solution = solve(position)
    if not solution.witness:
        return
    loop = position.after(solution.witness)
    rng = random.Random(seed)
    tile = rng.choice(loop.placed)
    step = rng.choice(((1, 0), (0, 1)))
    board = {t.cell: t for t in loop.placed}
    run = [tile]
    while len(run) < rng.randint(1, 3) and (nxt := board.get((run[-1].x + step[0], run[-1].y + step[1]))):
        run.append(nxt)
    kept = tuple(t for t in loop.placed if t not in run)
    gap = Position(kept, loop.tiles_left + len(run))
    assert tuple(sorted(run)) in {tuple(sorted(m.tiles)) for m in completing_moves(gap)}


# The smallest loop round the stations: NE@-1,0 SE@-1,1 H@0,1 H@1,1 SW@2,1 NW@2,0.
@pytest.mark.parametrize(
    "placed, completing",
    [
        ("NE@-1,0 SE@-1,1 NW@2,0", ["H@0,1 H@1,1 SW@2,1"]),
        ("NE@-1,0 SE@-1,1 H@0,1 H@1,1 NW@2,0", ["SW@2,1"]),
        ("NE@-1,0 H@0,1 H@1,1 NW@2,0", []),  # (-1,1) and (2,1) have tiles between them
        ("NE@-1,0 SE@-1,1 H@0,1", []),  # (1,1) and (2,0) are in no one line
    ],
)
def test_completing_moves_in_examples(placed: str, completing: list[str]) -> None:
    tiles = parse_move(placed).tiles
    found = completing_moves(Position(tiles, 16 - len(tiles)))
    assert [move_str(m) for m in found] == completing


@settings(max_examples=60)
@given(positions)
def test_what_greedy_sees_is_never_wrong(position: Position) -> None:
    if seen_impossible(position):
        assert not solve(position).completable


@settings(max_examples=40)
@given(positions, st.integers(0, 2**32))
def test_the_solver_bot_declares_exactly_when_the_loop_cannot_be_completed(position: Position, seed: int) -> None:
    action = open_bot("monorail", "solver").choose(view(position), random.Random(seed))
    assert isinstance(action, Declare) == (not solve(position).completable)


@settings(max_examples=25)
@given(positions, st.integers(0, 2**32))
def test_the_solver_bot_hands_over_no_completion_it_can_avoid(position: Position, seed: int) -> None:
    action = open_bot("monorail", "solver").choose(view(position), random.Random(seed))
    if not isinstance(action, Place):
        return
    after = position.after(action.move.tiles)
    if is_complete(after.board) or next(completing_moves(after), None) is None:
        return
    for move in legal_moves(position):
        later = position.after(move.tiles)
        assert is_complete(later.board) or next(completing_moves(later), None) is not None


@settings(max_examples=25)
@given(positions, st.integers(0, 2**32))
def test_the_solver_bot_completes_when_one_move_does(position: Position, seed: int) -> None:
    if next(completing_moves(position), None) is None:
        return
    for level in ("greedy", "solver"):
        action = open_bot("monorail", level).choose(view(position), random.Random(seed))
        assert isinstance(action, Place) and is_complete(position.after(action.move.tiles).board)


@settings(max_examples=30)
@given(positions, st.integers(0, 2**32))
def test_every_bot_plays_a_legal_move_from_its_rng_alone(position: Position, seed: int) -> None:
    state = MonorailState(position=position)
    for level in levels("monorail"):
        bot = open_bot("monorail", level)
        random.seed(1)
        first = bot.choose(GAME.view(state, "first"), random.Random(seed))
        random.seed(2)
        again = bot.choose(GAME.view(state, "first"), random.Random(seed))
        assert first == again
        if not isinstance(first, Declare) or position.placed:
            step(state, "first", first)  # raises if the referee refuses it


@settings(max_examples=30)
@given(positions)
def test_a_challenge_is_met_exactly_when_the_loop_can_be_completed(position: Position) -> None:
    attempt = answer_challenge(position)
    assert isinstance(attempt, Attempt)
    assert is_complete(position.after(attempt.tiles).board) == solve(position).completable
    challenged = view(position, challenge="first")
    for level in levels("monorail"):
        assert open_bot("monorail", level).choose(challenged, random.Random(0)) == attempt


@settings(max_examples=30)
@given(positions, st.integers(0, 2**32))
def test_shuffled_moves_are_the_legal_moves(position: Position, seed: int) -> None:
    shuffled = [m.tiles for m in shuffled_moves(position, random.Random(seed))]
    assert len(shuffled) == len(set(shuffled))
    assert {frozenset(t) for t in shuffled} == {frozenset(m.tiles) for m in legal_moves(position)}


@settings(max_examples=40)
@given(positions, st.integers(0, 2**32), st.booleans())
def test_shuffled_moves_come_in_the_order_every_combination_judged_by_the_referee_gives(
    position: Position, seed: int, strict: bool
) -> None:
    """The bots' moves (and so every recorded game) depend on this order and on the draws:
    the shortcut past combinations a cell's neighbours forbid changes neither."""

    def judged(rng: random.Random) -> list[Move]:
        runs = list(lines(position))
        rng.shuffle(runs)
        found = []
        for run in runs:
            combos = list(product(Shape, repeat=len(run)))
            rng.shuffle(combos)
            found += [Move.laid(run, c) for c in combos if is_legal(position, Move.laid(run, c), strict)]
        return found

    fast, plain = random.Random(seed), random.Random(seed)
    assert list(shuffled_moves(position, fast, strict)) == judged(plain)
    assert fast.random() == plain.random()


def test_a_view_is_the_position() -> None:
    position = played(7, 3)
    assert position_of(view(position)) == position
