"""Monorail under the game protocol: the registry finds it, the views, and the moves in the log."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.game import Result, find_game, game_names
from referee.monorail import SEATS, Action, Attempt, Declare, Place, TileError, new_game, parse_move
from referee.monorail.game import CHALLENGE_WON
from referee.monorail.protocol import GAME
from tests.referee.monorail.strategies import moves, tiles


@pytest.mark.parametrize("name", ["monorail", "Monorail", " MONORAIL ", "모노레일", "モノレール"])
def test_the_registry_finds_monorail_by_name_or_alias(name: str) -> None:
    assert find_game(name) is GAME
    assert "monorail" in game_names() and GAME.name == "monorail"


def test_two_seats_and_whose_turn_it_is() -> None:
    state = new_game()
    assert GAME.seats(state) == SEATS
    assert GAME.to_move(state) == "first"
    state = GAME.step(state, "first", Place(parse_move("NE@-1,0 SE@-1,1")))
    assert GAME.to_move(state) == "second" and GAME.result(state) is None


def test_the_view_is_the_whole_state_for_every_seat() -> None:
    state = GAME.step(new_game(), "first", Place(parse_move("H@2,0")))
    views = [GAME.view(state, seat) for seat in SEATS]
    for seat, view in zip(SEATS, views, strict=True):
        assert json.loads(json.dumps(view)) == view
        assert view == {
            "seat": seat,
            "to_move": "second",
            "challenge": None,
            "strict_edges": True,
            "stations": [[0, 0, "H"], [1, 0, "H"]],
            "placed": [[2, 0, "H"]],
            "tiles_left": 15,
            "open_ends": [[0, 0, "W"], [2, 0, "E"]],
            "result": None,
        }
    assert {k: v for k, v in views[0].items() if k != "seat"} == {k: v for k, v in views[1].items() if k != "seat"}


def test_a_game_driven_through_the_protocol_to_its_end() -> None:
    state = GAME.step(new_game(), "first", Place(parse_move("NE@-1,0 SE@-1,1")))
    state = GAME.step(state, "second", Declare())
    assert GAME.to_move(state) == "first" and GAME.view(state, "first")["challenge"] == "second"
    state = GAME.step(state, "first", Attempt(()))
    assert GAME.result(state) == Result(("second",), CHALLENGE_WON) and GAME.to_move(state) is None
    assert GAME.view(state, "second")["result"] == {"winners": ["second"], "reason": "challenge_won"}


actions: st.SearchStrategy[Action] = st.one_of(
    moves().map(Place),
    st.just(Declare()),
    st.lists(tiles, max_size=16).map(lambda ts: Attempt(tuple(ts))),
)


@given(actions)
def test_a_move_round_trips_through_its_log_json(action: Action) -> None:
    recorded = GAME.move_json(action)
    assert json.loads(json.dumps(recorded)) == recorded
    assert GAME.move_from_json(recorded) == action


def test_the_log_json_of_each_action() -> None:
    assert GAME.move_json(Place(parse_move("H@2,0 NE@3,0"))) == {"place": [[2, 0, "H"], [3, 0, "NE"]]}
    assert GAME.move_json(Declare()) == {"declare": "impossible"}
    assert GAME.move_json(Attempt(())) == {"attempt": []}


@pytest.mark.parametrize(
    "obj",
    [
        {},
        {"declare": "possible"},
        {"place": "H@2,0"},
        {"place": [[2, 0]]},
        {"attempt": [[2, 0, "Q"]]},
        {"attempt": None},
        {"pass": True},
        ["place", [[2, 0, "H"]]],
        "place",
        None,
    ],
)
def test_a_malformed_log_move_is_a_typed_value_error(obj: Any) -> None:
    with pytest.raises(TileError):
        GAME.move_from_json(obj)
