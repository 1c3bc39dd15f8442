"""Garnet Thief under the game protocol: the registry finds it, each seat's view (G8), moves in the log, rules."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.errors import MalformedIntentError
from referee.game import Game, Result, find_game, game_names
from referee.garnet import (
    SEATS,
    Character,
    Choose,
    Designate,
    GarnetState,
    Move,
    Rules,
    RulesError,
    new_game,
    step,
)
from referee.garnet.game import MOST_GARNETS
from referee.garnet.protocol import GAME
from tests.referee.garnet.strategies import characters, chooses, played

M, C, P, B = Character.MAFIA, Character.CARTEL, Character.POLICE, Character.BEGGAR
PROTOCOL: Game[GarnetState, Move] = GAME  # mypy checks that GAME is a Game


@pytest.mark.parametrize("name", ["garnet", " Garnet ", "Garnet Thief", "가넷도둑", "가넷 도둑", "ガーネット泥棒"])
def test_the_registry_finds_garnet_by_name_or_alias(name: str) -> None:
    assert find_game(name) is GAME
    assert "garnet" in game_names() and GAME.name == "garnet"


def play(state: GarnetState, *moves: Choose) -> GarnetState:
    for move in moves:
        assert state.seat is not None
        state = GAME.step(state, state.seat, move)
    return state


def test_a_seat_sees_the_announcements_so_far_and_its_own_choice_only() -> None:
    state = play(GAME.start({}), Choose(P, M), Choose(B, C), Choose(M, M))
    views = {seat: GAME.view(state, seat) for seat in SEATS}
    for view in views.values():
        assert json.loads(json.dumps(view)) == view
        assert view["announcements"] == [
            {"seat": "1", "announcement": "Mafia"},
            {"seat": "2", "announcement": "Cartel"},
            {"seat": "3", "announcement": "Mafia"},
        ]
        assert view["to_move"] == "4" and view["round"] == 1 and view["history"] == []
    assert [views[s]["choice"] for s in SEATS] == ["Police", "Beggar", "Mafia", None, None, None, None, None]
    assert views["4"] == {
        "seat": "4",
        "seats": list(SEATS),
        "to_move": "4",
        "rules": {"pot": 4, "penalty": 1, "start": 0, "allow_negative": True},
        "rounds": 8,
        "round": 1,
        "order": list(SEATS),
        "announcements": views["1"]["announcements"],
        "choice": None,
        "history": [],
        "totals": [0] * 8,
        "winners": [],
        "last_places": [],
        "designator": None,
        "candidate": None,
        "result": None,
    }
    for seat in ("1", "2", "3"):  # the view says nothing else about the others' choices
        assert {k: v for k, v in views[seat].items() if k not in ("seat", "choice")} == {
            k: v for k, v in views["4"].items() if k not in ("seat", "choice")
        }


def test_after_the_reveal_every_seat_sees_the_round_in_full() -> None:
    state = play(GAME.start({}), *[Choose(c, s) for c, s in zip([P, B, M] + [B] * 5, [M, C, M] + [B] * 5, strict=True)])
    view = GAME.view(state, "5")
    assert view["round"] == 2 and view["order"] == ["2", "3", "4", "5", "6", "7", "8", "1"]
    assert view["announcements"] == [] and view["choice"] is None
    assert view["history"] == [
        {
            "round": 1,
            "order": list(SEATS),
            "reveal": ["8", "7", "6", "5", "4", "3", "2", "1"],
            "choices": ["Police", "Beggar", "Mafia", "Beggar", "Beggar", "Beggar", "Beggar", "Beggar"],
            "announcements": ["Mafia", "Cartel", "Mafia", "Beggar", "Beggar", "Beggar", "Beggar", "Beggar"],
            "counts": {"Mafia": 1, "Cartel": 0, "Police": 1, "Beggar": 6},
            "recipient_group": "Mafia",
            "group_share": 4,
            "beggar_share": 0,
            "house": 0,
            "gains": [0, 0, 4, 0, 0, 0, 0, 0],
            "penalties": [1, 1, 0, 0, 0, 0, 0, 0],
            "delta": [-1, -1, 4, 0, 0, 0, 0, 0],
            "applied": [-1, -1, 4, 0, 0, 0, 0, 0],
            "totals": [-1, -1, 4, 0, 0, 0, 0, 0],
        }
    ]
    assert view["totals"] == [-1, -1, 4, 0, 0, 0, 0, 0]


@given(played(max_turns=63), st.data())
def test_a_seat_s_view_is_the_same_whatever_the_others_chose_this_round(
    state: GarnetState, data: st.DataObject
) -> None:
    # Rebuild this round with every other seat's secret choice redrawn, announcements kept.
    viewer = data.draw(st.sampled_from(SEATS))
    other = replace(state, turns=())
    for seat, turn in zip(state.order, state.turns, strict=False):
        chosen = turn.character if seat == viewer else data.draw(characters)
        other = step(other, seat, Choose(chosen, turn.announcement))
    assert GAME.view(other, viewer) == GAME.view(state, viewer)


def test_the_end_through_the_protocol() -> None:
    state = new_game(Rules(allow_negative=False))
    for _ in range(8):
        state = play(state, *[Choose(M if seat == "1" else B, B) for seat in state.order])
    # Seat 1 lied each round and took the pot; the others told the truth and got nothing.
    assert state.totals == (32, 0, 0, 0, 0, 0, 0, 0)
    view = GAME.view(state, "6")
    assert (view["round"], view["order"], view["to_move"], view["designator"]) == (None, [], "1", "1")
    assert view["winners"] == ["1"] and view["last_places"] == ["2", "3", "4", "5", "6", "7", "8"]
    ended = GAME.step(state, "1", Designate("6"))
    final = {"candidate": "6", "totals": [32, 0, 0, 0, 0, 0, 0, 0]}
    assert GAME.result(ended) == Result(("1",), MOST_GARNETS, final) and GAME.to_move(ended) is None
    assert GAME.view(ended, "6")["candidate"] == "6"
    assert GAME.view(ended, "6")["result"] == {"winners": ["1"], "reason": MOST_GARNETS, **final}


moves: st.SearchStrategy[Move] = st.one_of(chooses, st.builds(Designate, st.none() | st.sampled_from(SEATS)))


@given(moves)
def test_a_move_round_trips_through_its_log_json(move: Move) -> None:
    recorded = GAME.move_json(move)
    assert json.loads(json.dumps(recorded)) == recorded
    assert GAME.move_from_json(recorded) == move


def test_the_log_json_of_each_move() -> None:
    assert GAME.move_json(Choose(P, M)) == {"choose": "Police", "announce": "Mafia"}
    assert GAME.move_json(Designate("3")) == {"designate": "3"}
    assert GAME.move_json(Designate()) == {"designate": None}


@pytest.mark.parametrize(
    "obj",
    [
        {},
        {"choose": "Police"},
        {"choose": "Police", "announce": "Thief"},
        {"choose": 1, "announce": "Mafia"},
        {"choose": "Police", "announce": "Mafia", "extra": 1},
        {"designate": 3},
        {"designate": "3", "choose": "Police"},
        ["choose", "Police"],
        "designate",
        None,
    ],
)
def test_a_malformed_log_move_is_a_typed_value_error(obj: Any) -> None:
    with pytest.raises(MalformedIntentError) as raised:
        GAME.move_from_json(obj)
    assert isinstance(raised.value, ValueError)


def test_the_rules_round_trip_and_default_to_the_show_s() -> None:
    assert GAME.rules_json(GAME.start({})) == {"pot": 4, "penalty": 1, "start": 0, "allow_negative": True}
    rules = {"pot": 6, "penalty": 2, "start": 5, "allow_negative": False}
    state = GAME.start(rules)
    assert GAME.rules_json(state) == rules and state.totals == (5,) * 8


@pytest.mark.parametrize(
    "rules",
    [
        {"pot": "4"},
        {"pot": True},
        {"pot": -1},
        {"allow_negative": 0},
        {"start": -1, "allow_negative": False},
        {"seats": 8},
        [],
    ],
)
def test_malformed_rules_are_a_typed_value_error(rules: Any) -> None:
    with pytest.raises(RulesError) as raised:
        GAME.start(rules)
    assert isinstance(raised.value, ValueError)


@given(played(max_turns=len(SEATS) * 8 - 1), characters, characters)
def test_what_everyone_learns_of_a_choice_is_its_announcement_alone(
    state: GarnetState, character: Character, other: Character
) -> None:
    said = Character.BEGGAR
    assert GAME.public_json(Choose(character, said)) == GAME.public_json(Choose(other, said)) == {"announce": "Beggar"}
    assert GAME.public_json(Designate("3")) is None


@given(played(max_turns=len(SEATS) * 8 - 1), chooses)
def test_a_step_reveals_exactly_when_it_closes_a_round(state: GarnetState, move: Choose) -> None:
    assert state.seat is not None
    after = step(state, state.seat, move)
    revealed = GAME.revealed_json(state, after)
    if len(after.rounds) == len(state.rounds):
        assert revealed is None
    else:
        assert revealed is not None and revealed == GAME.view(after, "1")["history"][-1]
        assert revealed["choices"][int(state.seat) - 1] == move.character.value
