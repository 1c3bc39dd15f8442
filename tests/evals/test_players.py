import random

import pytest

from evals.players import PLAYERS, View, next_intent
from referee.liar import Guess, Question, Rules, World, all_worlds, literal
from referee.liar.game import new_game, step
from referee.liar.knowledge import Observation
from referee.liar.verdict import Answers, GuessVerdict


def play(player: str, secret: World, seed: int) -> tuple[str, int]:
    """A whole game against the referee, the simulator seeing only what a player sees."""
    rules, rng = Rules(), random.Random(seed)
    state = new_game(rules, random.Random(0), secret)
    view = View(rules, remaining=rules.budget)
    for turns in range(1, 30):
        intent = next_intent(player, view, rng)
        state, verdict = step(state, intent)
        heard, culprit, liar, wrong = view.heard, view.culprit, view.liar, view.wrong_guesses
        if isinstance(verdict, Answers):
            heard += tuple(Observation(a.query.speaker, a.query.proposition, a.answer)
                           for a in verdict.answers)
        if isinstance(verdict, GuessVerdict) and isinstance(intent, Guess):
            if verdict.correct:
                culprit, liar = intent.culprit or culprit, intent.liar or liar
            else:
                wrong += (intent,)
        view = View(rules, heard, state.remaining, culprit, liar, wrong)
        if state.over:
            return state.outcome, turns
    return "unfinished", 30


@pytest.mark.parametrize("player", PLAYERS)
def test_every_simulator_finishes_every_game(player: str) -> None:
    for secret in all_worlds():
        for seed in range(3):
            outcome, _ = play(player, secret, seed)
            assert outcome in ("won", "lost"), (player, secret, seed)


def test_the_information_optimal_player_always_wins() -> None:
    for secret in all_worlds():
        assert play("optimal", secret, 0)[0] == "won", secret


def test_simulators_are_seeded() -> None:
    view = View(Rules(), remaining=7)
    for player in PLAYERS:
        first = [next_intent(player, view, random.Random(5)) for _ in range(3)]
        assert first == [next_intent(player, view, random.Random(5)) for _ in range(3)]


def test_with_one_world_left_every_simulator_names_it() -> None:
    # A says A didn't eat it, B and C say A is the liar: only culprit A / liar A is left.
    heard = (Observation("A", literal("culprit", "A"), False),
             Observation("B", literal("liar", "A"), True),
             Observation("C", literal("liar", "A"), True),
             Observation("B", literal("culprit", "A"), True))
    view = View(Rules(), heard, remaining=3)
    assert view.worlds == (World("A", "A"),)
    for player in PLAYERS:
        assert next_intent(player, view, random.Random(1)) == Guess("A", "A")


def test_compound_questions_never_cost_more_than_is_left() -> None:
    rng = random.Random(3)
    for remaining in range(1, 8):
        for _ in range(20):
            intent = next_intent("compound", View(Rules(), remaining=remaining), rng)
            assert not isinstance(intent, Question) or intent.cost <= remaining
