"""The game (M1-M8): turns, completion wins, 'impossible' and the challenge, the supply running out.

Table tests play each rule through `step`; the laws drive random games, with the solver
deciding when a declaration is right."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.game import Result
from referee.monorail import (
    SEATS,
    Action,
    Attempt,
    Declare,
    Fault,
    IllegalMoveError,
    MonorailState,
    Move,
    Place,
    Position,
    Rules,
    Tile,
    is_complete,
    new_game,
    parse_move,
    start,
    step,
)
from referee.monorail.game import CHALLENGE_MET, CHALLENGE_WON, COMPLETED, TILES_OUT
from referee.monorail.solver import solve
from tests.referee.monorail.strategies import finished, in_one_line, options, played, tiles

FIRST, SECOND = SEATS
SMALLEST = "NE@-1,0 NW@2,0 SE@-1,1 SW@2,1 H@0,1 H@1,1"


def place(text: str) -> Place:
    return Place(parse_move(text))


def attempt(text: str = "") -> Attempt:
    return Attempt(parse_move(text).tiles if text else ())


def play(*turns: Action, state: MonorailState | None = None) -> MonorailState:
    """Each action by the seat the game waits for."""
    state = state or new_game()
    for action in turns:
        assert state.seat is not None
        state = step(state, state.seat, action)
    return state


def refused(state: MonorailState, seat: str, action: Action) -> Fault:
    with pytest.raises(IllegalMoveError) as caught:
        step(state, seat, action)
    return caught.value.fault


def test_a_new_game_waits_for_the_first_seat_with_the_full_supply() -> None:
    state = new_game()
    assert SEATS == ("first", "second")
    assert state.seat == FIRST and not state.over and not state.challenged
    assert state.position == start() and state.rules == Rules(strict_edges=True, tiles=16)
    assert new_game(Rules(tiles=10)).position.tiles_left == 10


def test_turns_alternate_and_a_seat_out_of_turn_is_refused() -> None:
    state = new_game()
    assert refused(state, SECOND, place("H@2,0")) is Fault.TURN
    state = step(state, FIRST, place("H@2,0"))
    assert state.seat == SECOND and state.position.tiles_left == 15
    assert refused(state, FIRST, place("H@3,0")) is Fault.TURN
    assert step(state, SECOND, place("H@3,0")).seat == FIRST


@pytest.mark.parametrize(
    ("move", "fault"),
    [
        ("H@3,0", Fault.NOT_TOUCHING),
        ("H@2,0 H@4,0", Fault.GAP),
        ("V@2,0", Fault.EDGE),
        ("H@1,0", Fault.OCCUPIED),
        ("H@2,0 H@3,0 H@4,0 H@5,0", Fault.TOO_MANY),
    ],
)
def test_an_illegal_move_is_refused_with_its_fault_and_changes_nothing(move: str, fault: Fault) -> None:
    state = new_game()
    assert refused(state, FIRST, place(move)) is fault
    assert state == new_game()


def test_the_edge_rule_can_be_switched_off() -> None:
    state = new_game(Rules(strict_edges=False))
    assert step(state, FIRST, place("V@2,0")).position.placed == parse_move("V@2,0").tiles


def test_the_move_that_completes_the_loop_wins() -> None:  # M5, M6
    state = play(place("NE@-1,0 SE@-1,1"), place("NW@2,0 SW@2,1"), place("H@0,1"))
    assert state.seat == SECOND
    state = play(place("H@1,1"), state=state)
    assert state.result == Result((SECOND,), COMPLETED)
    assert state.over and state.seat is None and is_complete(state.position.board)
    assert refused(state, FIRST, place("H@5,0")) is Fault.OVER
    assert refused(state, SECOND, Declare()) is Fault.OVER


def test_a_move_that_closes_the_loop_and_adds_a_stray_tile_does_not_complete() -> None:  # M5
    state = play(place("NE@-1,0 SE@-1,1"), place("NW@2,0 SW@2,1"), place("H@0,1"))
    state = play(place("H@1,1 H@1,2"), state=state)  # H@1,2 lies beside the closed loop, off it
    assert state.result is None and not is_complete(state.position.board)
    assert not solve(state.position).completable
    # ... so the first seat declares 'impossible', rightly: nothing can take the stray tile away.
    state = play(Declare(), attempt("H@5,5 H@6,5"), state=state)
    assert state.result == Result((FIRST,), CHALLENGE_WON)


def test_impossible_before_any_rail_tile_is_refused() -> None:  # M7
    assert refused(new_game(), FIRST, Declare()) is Fault.TOO_EARLY


def test_the_second_seat_may_declare_impossible_on_its_very_first_turn() -> None:  # M7, S4E6
    # Lee Jun-seok's first move was 3 tiles in one column; Choi Yeon-seung declared at once.
    state = play(place("H@0,-3 NW@0,-2 SE@0,-1"))
    assert not solve(state.position).completable
    state = play(Declare(), state=state)
    assert state.challenged and state.seat == FIRST and state.declared_by == 1
    assert play(attempt(), state=state).result == Result((SECOND,), CHALLENGE_WON)


def test_during_a_challenge_only_an_attempt_is_taken() -> None:  # M7
    state = play(place("H@2,0"), Declare())
    assert refused(state, FIRST, place("H@3,0")) is Fault.CHALLENGE
    assert refused(state, FIRST, Declare()) is Fault.CHALLENGE
    assert refused(state, SECOND, attempt("H@3,0")) is Fault.TURN
    assert refused(new_game(), FIRST, attempt("H@2,0")) is Fault.CHALLENGE


def test_an_attempt_that_completes_wins_for_the_challenged_seat() -> None:  # M7
    state = play(place("NE@-1,0 SE@-1,1"), Declare())
    # Every remaining tile at once: no 1-3 limit, no line, no touching rule.
    state = play(attempt("NW@2,0 SW@2,1 H@0,1 H@1,1"), state=state)
    assert state.result == Result((FIRST,), CHALLENGE_MET)


@pytest.mark.parametrize("tiles", ["", "NW@2,0 SW@2,1 H@0,1", "NW@2,0 SW@2,1 H@0,1 H@1,1 H@7,7"])
def test_an_attempt_that_does_not_complete_wins_for_the_declarer(tiles: str) -> None:  # M7
    state = play(place("NE@-1,0 SE@-1,1"), Declare(), attempt(tiles))
    assert state.result == Result((SECOND,), CHALLENGE_WON)


def test_an_attempt_on_a_taken_cell_or_over_the_supply_is_refused_and_may_be_made_again() -> None:  # M7
    state = play(place("NE@-1,0 SE@-1,1"), Declare())
    assert refused(state, FIRST, attempt("H@0,0")) is Fault.OCCUPIED
    assert refused(state, FIRST, attempt("H@5,5 H@5,5")) is Fault.REPEATED
    short = replace(state, position=replace(state.position, tiles_left=2))
    assert refused(short, FIRST, attempt("NW@2,0 SW@2,1 H@0,1")) is Fault.SUPPLY
    assert play(attempt("NW@2,0 SW@2,1 H@0,1 H@1,1"), state=state).result == Result((FIRST,), CHALLENGE_MET)


def test_when_the_supply_runs_out_the_seat_to_move_wins() -> None:  # M8
    state = play(place("H@2,0"), place("H@3,0"), state=new_game(Rules(tiles=3)))
    state = play(place("H@4,0"), state=state)
    assert state.position.tiles_left == 0
    assert state.result == Result((SECOND,), TILES_OUT)


def test_the_sixteenth_tile_loses_when_it_does_not_close_the_loop() -> None:  # M8, the equivalent reading
    state = new_game()
    moves = [
        "H@2,0 H@3,0 H@4,0",
        "H@5,0 H@6,0 H@7,0",
        "H@8,0 H@9,0 H@10,0",
        "H@-1,0 H@-2,0 H@-3,0",
        "H@-4,0 H@-5,0 H@-6,0",
        "H@11,0",
    ]
    state = play(*(place(m) for m in moves), state=state)
    assert state.position.tiles_left == 0 and state.result == Result((FIRST,), TILES_OUT)


def test_the_last_tile_that_closes_the_loop_completes_it() -> None:  # M6 before M8
    state = play(place("NE@-1,0 SE@-1,1"), place("NW@2,0 SW@2,1"), place("H@0,1 H@1,1"), state=new_game(Rules(tiles=6)))
    assert state.position.tiles_left == 0 and state.result == Result((FIRST,), COMPLETED)


# The laws, on random games.


@st.composite
def games(draw: st.DrawFn, max_moves: int = 4) -> MonorailState:
    """A game after a few random legal moves, never over."""
    position = draw(played(max_moves))
    turn = draw(st.integers(0, 1)) if position.placed else 0
    return MonorailState(Rules(), position, turn=turn)


@settings(max_examples=30)
@given(games(), st.data())
def test_a_declaration_wins_exactly_when_the_solver_says_the_loop_cannot_be_completed(
    state: MonorailState, data: st.DataObject
) -> None:
    if not state.position.placed:
        return
    challenged = step(state, state.seat or "", Declare())
    declarer, defender = SEATS[state.turn], SEATS[1 - state.turn]
    assert challenged.seat == defender and challenged.challenged
    solution = solve(state.position)
    if solution.completable:
        assert solution.witness is not None
        done = step(challenged, defender, Attempt(solution.witness))
        assert done.result == Result((defender,), CHALLENGE_MET)
    else:
        anything = data.draw(st.lists(tiles, max_size=6, unique_by=lambda t: t.cell))
        free = tuple(t for t in anything if t.cell not in state.position.board)[: state.position.tiles_left]
        assert step(challenged, defender, Attempt(free)).result == Result((declarer,), CHALLENGE_WON)


@settings(max_examples=30)
@given(games(), st.data())
def test_a_step_never_changes_the_state_it_is_given_and_keeps_the_count(
    state: MonorailState, data: st.DataObject
) -> None:
    before = replace(state)
    move = data.draw(st.sampled_from(options(state.position)))
    seat = state.seat or ""
    after = step(state, seat, Place(move))
    assert state == before
    assert len(after.position.placed) + after.position.tiles_left == 16
    assert after.seat == (None if after.over else SEATS[1 - state.turn])
    if after.result is not None:
        assert after.result.reason == COMPLETED and is_complete(after.position.board)
        assert after.result.winners == (seat,)


@given(finished(), st.data())
def test_whoever_places_the_last_tiles_of_a_loop_wins(loop: tuple[Tile, ...], data: st.DataObject) -> None:
    # Every tile but a last move's worth, then that move: the mover wins by completion.
    cut = data.draw(st.integers(1, min(3, len(loop) - 1)))
    i = data.draw(st.integers(0, len(loop) - cut))
    last = loop[i : i + cut]
    if not in_one_line(t.cell for t in last):
        return
    rest = loop[:i] + loop[i + cut :]
    turn = data.draw(st.integers(0, 1))
    state = MonorailState(Rules(tiles=len(loop)), Position(rest, cut), turn=turn)
    done = step(state, SEATS[turn], Place(Move(last)))
    assert done.result == Result((SEATS[turn],), COMPLETED)


@settings(max_examples=20)
@given(played(max_moves=3), st.data())
def test_placing_tiles_never_makes_an_impossible_position_possible_again(
    position: Position, data: st.DataObject
) -> None:
    # So a declaration that is right stays right, and the tiles a move adds are part of some completion
    # of the position before it: min_needed can only fall by what was placed.
    move = data.draw(st.sampled_from(options(position)))
    before, after = solve(position), solve(position.after(move.tiles))
    if after.completable:
        assert before.completable and before.min_needed is not None and after.min_needed is not None
        assert before.min_needed <= len(move.tiles) + after.min_needed
