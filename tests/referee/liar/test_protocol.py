"""The liar game under the game protocol: one seat, a view that never holds the secret."""

from __future__ import annotations

import contextlib
import json
import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.errors import IllegalIntentError, MalformedIntentError, RefereeError
from referee.game import Game, Result, find_game
from referee.liar import (
    Confirm,
    CountQuery,
    GameState,
    Guess,
    Intent,
    Other,
    Query,
    Question,
    Remark,
    Roster,
    Rules,
    Unclear,
    World,
    adjudicate,
    all_worlds,
    literal,
    new_game,
)
from referee.liar.codec import intent_from_json
from referee.liar.protocol import GAME, SEAT
from tests.referee.liar.strategies import games, intents, worlds

PROTOCOL: Game[GameState, Intent] = GAME  # mypy checks that GAME satisfies the protocol


def _played(state: GameState, moves: list[Intent]) -> GameState:
    """`state` after every move the rules allow (a refused one changes nothing)."""
    for move in moves:
        if state.over:
            break
        with contextlib.suppress(RefereeError):
            state = GAME.step(state, SEAT, move)
    return state


def _start(world: World, roster: Roster = Roster()) -> GameState:
    return new_game(Rules(roster), random.Random(0), world)


def test_the_registry_finds_it() -> None:
    assert find_game("liar") is GAME and GAME.seats(_start(World("A", "B"))) == ("player",)


@given(games(), st.data())
def test_the_view_depends_on_nothing_the_player_was_not_told(
    game: tuple[Rules, World, int], data: st.DataObject
) -> None:
    """Another secret that agrees on the confirmed roles, another nonce and every answer's
    truth flipped: the same view, so neither the secret, the nonce nor a truth is in it."""
    rules, world, seed = game
    state = new_game(rules, random.Random(seed), world)
    state = _played(state, data.draw(st.lists(intents(rules.roster, strangers=False), max_size=8)))
    other = data.draw(worlds(rules.roster))
    other = World(
        world.culprit if state.culprit_confirmed else other.culprit,
        world.liar if state.liar_confirmed else other.liar,
    )
    twin = replace(
        state,
        secret=other,
        nonce=f"{data.draw(st.integers(0, 2**128 - 1)):032x}",
        answers=tuple(replace(a, truth=not a.truth) for a in state.answers),
    )
    assert GAME.view(state, SEAT) == GAME.view(twin, SEAT)


@pytest.mark.parametrize("world", all_worlds())
def test_no_world_shows_its_secret_before_a_guess_confirms_it(world: World) -> None:
    asked = Question((Query("A", literal("culprit", "B")), Query("B", literal("liar", "C"))))
    pending = Question((Query("C", literal("culprit", "A")),), open=True)
    for state in (_start(world), _played(_start(world), [asked]), _played(_start(world), [asked, pending])):
        view = GAME.view(state, SEAT)
        text = json.dumps(view)
        assert (view["culprit"], view["liar"]) == (None, None)
        assert state.nonce not in text and "truth" not in text and "secret" not in text
    assert GAME.view(_played(_start(world), [asked, pending]), SEAT)["pending"] == {
        "asked": [{"speaker": "C", "proposition": {"predicate": "culprit", "about": "A"}}],
        "cost": 1,
    }


def test_the_view_tells_the_answers_as_said_and_what_is_confirmed() -> None:
    world = World("B", "C")  # C lies: "B did it?" is answered no
    asked = Question((Query("C", literal("culprit", "B")),))
    state = _played(_start(world), [asked, Guess(culprit="B")])
    assert GAME.view(state, SEAT) == {
        "seat": "player",
        "to_move": "player",
        "roster": ["A", "B", "C"],
        "budget": 7,
        "remaining": 6,
        "answers": [{"speaker": "C", "proposition": {"predicate": "culprit", "about": "B"}, "answer": False}],
        "culprit": "B",
        "liar": None,
        "pending": None,
        "outcome": "playing",
    }


@given(games(), st.data())
def test_a_step_is_the_referees_step(game: tuple[Rules, World, int], data: st.DataObject) -> None:
    rules, world, seed = game
    state = new_game(rules, random.Random(seed), world)
    for move in data.draw(st.lists(intents(rules.roster), max_size=8)):
        try:
            expected = adjudicate(state, move)[0]
        except RefereeError as err:
            with pytest.raises(type(err)):
                GAME.step(state, SEAT, move)
            continue
        state = GAME.step(state, SEAT, move)
        assert state == expected
        assert GAME.to_move(state) == (None if state.over else SEAT)
        assert (GAME.result(state) is None) == (not state.over)


def test_only_the_player_moves() -> None:
    with pytest.raises(IllegalIntentError, match="one seat, 'player', not 'first'"):
        GAME.step(_start(World("A", "B")), "first", CountQuery())


@pytest.mark.parametrize(
    "moves, result",
    [
        ([Guess("A", "B")], Result(("player",), "won")),
        ([Guess("A"), Guess(liar="B")], Result(("player",), "won")),
        ([Guess("B", "B")] * 7 + [Guess("C", "C")], Result((), "lost")),
    ],
)
def test_the_result_names_the_player_only_when_won(moves: list[Intent], result: Result) -> None:
    state = _played(_start(World("A", "B")), moves)
    assert (GAME.result(state), GAME.to_move(state)) == (result, None)
    assert GAME.result(_start(World("A", "B"))) is None


@pytest.mark.parametrize(
    "move",
    [
        Question((Query("A", literal("culprit", "B", negated=True)),), open=True),
        Guess(liar="C"),
        Confirm(False),
        Remark(),
        Other(about_rules=True),
        CountQuery(),
        Unclear(),
    ],
)
def test_a_move_is_recorded_as_the_log_records_an_intent(move: Intent) -> None:
    assert GAME.move_from_json(json.loads(json.dumps(GAME.move_json(move)))) == move
    assert GAME.move_from_json(GAME.move_json(move)) == intent_from_json(GAME.move_json(move))


@pytest.mark.parametrize(
    "obj",
    [
        {},
        {"kind": "dance"},
        {"kind": "guess"},
        {"kind": "question", "open": True, "queries": 5},
        {"kind": "unclear", "problem": 1},
    ],
)
def test_a_malformed_move_is_a_typed_value_error(obj: dict[str, object]) -> None:
    with pytest.raises(MalformedIntentError, match="not a recorded intent"):
        GAME.move_from_json(obj)
    assert issubclass(MalformedIntentError, ValueError)
