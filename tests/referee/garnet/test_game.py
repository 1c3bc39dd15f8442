"""A whole game (G4–G7): the order of turns, the reveal, the totals, the winners and the candidate.

Table tests play scripted games through `step`; the laws drive random games."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given

from referee.game import Result
from referee.garnet import (
    ROUNDS,
    SEATS,
    Character,
    CharacterError,
    Choose,
    Designate,
    Fault,
    GarnetState,
    IllegalMoveError,
    Move,
    Rules,
    new_game,
    order,
    payout,
    step,
)
from referee.garnet.game import MOST_GARNETS
from tests.referee.garnet.strategies import chooses, played

M, C, P, B = Character.MAFIA, Character.CARTEL, Character.POLICE, Character.BEGGAR


def play_round(
    state: GarnetState, choices: Sequence[Character], said: Sequence[Character] | None = None
) -> GarnetState:
    """One round, each seat in the round's order choosing what `choices` gives it (in seat order)."""
    told = choices if said is None else said
    for seat in state.order:
        i = SEATS.index(seat)
        state = step(state, seat, Choose(choices[i], told[i]))
    return state


def refused(state: GarnetState, seat: str, move: Move) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as caught:
        step(state, seat, move)
    assert isinstance(caught.value, ValueError)
    return caught.value


# Seat 1 is the lone Mafia every round and takes the pot; seat 2 chooses Police and says Mafia,
# gains nothing and pays 1; the others are truthful Beggars and get nothing.
LONE_MAFIA = [M, P, B, B, B, B, B, B]
BLUFF = [M, M, B, B, B, B, B, B]


def test_round_r_is_opened_by_seat_r_then_the_seats_follow_cyclically() -> None:
    assert order(1) == SEATS
    assert order(3) == ("3", "4", "5", "6", "7", "8", "1", "2")
    assert order(8) == ("8", "1", "2", "3", "4", "5", "6", "7")
    state = new_game()
    assert (state.number, state.seat) == (1, "1")
    for _ in range(ROUNDS - 1):
        state = play_round(state, LONE_MAFIA)
    assert (state.number, state.seat, state.order[:2]) == (ROUNDS, "8", ("8", "1"))


def test_each_seat_in_turn_and_the_announcements_in_choosing_order() -> None:
    state = play_round(new_game(), LONE_MAFIA)  # round 2: seat 2 opens
    assert state.seat == "2"
    state = step(state, "2", Choose(P, M))
    state = step(state, "3", Choose(B, C))
    assert state.seat == "4"
    assert state.announced == (("2", M), ("3", C))
    assert (state.choice("2"), state.choice("3"), state.choice("4"), state.choice("1")) == (P, B, None, None)
    assert refused(state, "5", Choose(B, B)).fault is Fault.TURN
    assert refused(state, "2", Choose(B, B)).fault is Fault.TURN  # one choice a round, never a second
    assert str(refused(state, "9", Choose(B, B))) == "it is seat 4's turn"


def test_after_the_last_seat_the_round_is_revealed_from_the_last_chooser_back_and_paid() -> None:
    state = play_round(play_round(new_game(), LONE_MAFIA), LONE_MAFIA)
    state = play_round(state, [B, P, M, B, B, B, B, B], [B, M, P, B, B, B, B, B])  # round 3
    third = state.rounds[2]
    assert third.order == order(3)
    assert third.reveal == ("2", "1", "8", "7", "6", "5", "4", "3")
    assert third.payout == payout([B, P, M, B, B, B, B, B], [B, M, P, B, B, B, B, B])
    assert third.payout.delta == (0, -1, 4, 0, 0, 0, 0, 0)
    assert state.totals == third.totals == (8, -1, 4, 0, 0, 0, 0, 0)
    assert state.turns == () and state.number == 4 and state.seat == "4"


def test_a_whole_game_with_one_last_place_ends_at_once() -> None:
    state = new_game()
    for _ in range(ROUNDS):
        state = play_round(state, LONE_MAFIA, BLUFF)
    assert state.totals == (32, -8, 0, 0, 0, 0, 0, 0)  # negative balances are allowed by default (G6)
    assert state.winners == ("1",) and state.last_places == ("2",)
    assert state.candidate == "2" and state.designator is None and state.seat is None
    assert state.result == Result(("1",), MOST_GARNETS, {"candidate": "2", "totals": list(state.totals)})
    assert refused(state, "1", Designate("2")).fault is Fault.OVER


def test_the_start_is_configurable() -> None:
    state = new_game(Rules(start=5))
    assert state.totals == (5,) * 8
    assert play_round(state, LONE_MAFIA, BLUFF).totals == (9, 4, 5, 5, 5, 5, 5, 5)


def test_without_debts_a_balance_stops_at_zero_and_the_ties_at_the_bottom_are_designated() -> None:
    state = new_game(Rules(allow_negative=False))
    for _ in range(ROUNDS):
        state = play_round(state, LONE_MAFIA, BLUFF)
    assert state.totals == (32, 0, 0, 0, 0, 0, 0, 0)
    assert state.last_places == ("2", "3", "4", "5", "6", "7", "8")
    assert state.result is None and state.designator == "1" and state.seat == "1"
    assert refused(state, "2", Designate("3")).fault is Fault.TURN
    assert refused(state, "1", Choose(M, M)).fault is Fault.DESIGNATE
    bad = refused(state, "1", Designate("1"))
    assert bad.fault is Fault.CANDIDATE
    assert str(bad) == "seat 1 is not among the last places: seats 2, 3, 4, 5, 6, 7, 8"
    assert refused(state, "1", Designate("9")).fault is Fault.CANDIDATE
    ended = step(state, "1", Designate("5"))
    assert (
        ended.candidate == "5"
        and ended.result == Result(("1",), MOST_GARNETS, {"candidate": "5", "totals": list(ended.totals)})
        and ended.seat is None
    )
    assert state.candidate is None  # the state before is unchanged


def test_co_winners_and_the_lowest_winner_designates_and_nobody_named_is_the_lowest_tied_seat() -> None:
    state = new_game()
    for number in range(1, ROUNDS + 1):  # the opener is the lone Mafia: everyone ends with 4
        state = play_round(state, [M if seat == str(number) else B for seat in SEATS])
    assert state.totals == (4,) * 8
    assert state.winners == SEATS and state.last_places == SEATS and state.designator == "1"
    ended = step(state, "1", Designate())
    assert ended.candidate == "1" and ended.result == Result(
        SEATS, MOST_GARNETS, {"candidate": "1", "totals": list(ended.totals)}
    )
    assert step(state, "1", Designate("8")).candidate == "8"  # a co-winner tied last may be named


def test_several_winners_the_lowest_of_them_designates() -> None:
    state = new_game()
    # Seats 3 and 5 share the pot as Mafia each round (2 each); seats 1 and 2 lie and pay; the rest are truthful.
    for _ in range(ROUNDS):
        state = play_round(state, [B, P, M, B, M, B, B, B], [P, C, M, B, M, B, B, B])
    assert state.totals == (-8, -8, 16, 0, 16, 0, 0, 0)
    assert (state.winners, state.last_places, state.designator) == (("3", "5"), ("1", "2"), "3")
    assert refused(state, "5", Designate("1")).fault is Fault.TURN
    assert step(state, "3", Designate()).candidate == "1"
    designated = step(state, "3", Designate("2"))
    assert designated.result == Result(("3", "5"), MOST_GARNETS, {"candidate": "2", "totals": list(designated.totals)})


def test_a_designation_while_the_rounds_go_on_is_refused() -> None:
    assert refused(new_game(), "1", Designate("2")).fault is Fault.CHOOSE


@pytest.mark.parametrize("character, announcement", [("Mafia", M), (M, "police"), (None, M)])
def test_a_choice_is_made_of_characters(character: object, announcement: object) -> None:
    with pytest.raises(CharacterError):
        Choose(character, announcement)  # type: ignore[arg-type]


# --- laws -------------------------------------------------------------------------------


@given(played())
def test_the_totals_are_the_start_plus_every_round_s_delta(state: GarnetState) -> None:
    running = [state.rules.start] * len(SEATS)
    for number, played_round in enumerate(state.rounds, start=1):
        assert played_round.number == number and played_round.order[0] == SEATS[number - 1]
        assert played_round.reveal == tuple(reversed(played_round.order))
        for i, delta in enumerate(played_round.payout.delta):
            running[i] = running[i] + delta if state.rules.allow_negative else max(0, running[i] + delta)
        assert played_round.totals == tuple(running)
    assert state.totals == tuple(running)
    if not state.rules.allow_negative:
        assert min(state.totals) >= 0


@given(played(), chooses)
def test_only_the_seat_to_move_may_choose(state: GarnetState, move: Choose) -> None:
    for seat in SEATS:
        if seat != state.seat:
            assert refused(state, seat, move).fault in (Fault.TURN, Fault.OVER)


@given(played(min_turns=ROUNDS * len(SEATS)))
def test_every_game_ends_with_the_most_garnets_winning_and_one_candidate_among_the_fewest(state: GarnetState) -> None:
    assert state.number is None and len(state.rounds) == ROUNDS
    if state.designator is not None:
        assert state.designator == state.winners[0] and len(state.last_places) > 1
        state = step(state, state.designator, Designate())
    assert state.result is not None and state.result.winners == state.winners
    assert state.winners == tuple(s for s, t in zip(SEATS, state.totals, strict=True) if t == max(state.totals))
    assert state.candidate == state.last_places[0] and state.totals[SEATS.index(state.candidate)] == min(state.totals)


def test_a_clamped_balance_records_what_the_totals_applied_beside_the_penalty() -> None:
    """G6 with allow_negative=False: the lie penalty is the rule's, the change is what was applied."""
    state = new_game(Rules(allow_negative=False))
    for seat, move in zip(SEATS, [Choose(P, M)] + [Choose(M, M)] * 7, strict=True):
        state = step(state, seat, move)
    (played,) = state.rounds
    assert played.payout.penalties[0] == 1 and played.payout.delta[0] == -1
    assert played.applied[0] == 0 and state.totals[0] == 0
