"""Seeded player simulators: each picks the next intent from what the player has seen.

A simulator sees only what a player sees (`View`: the answers heard, the count, the roles
confirmed, the guesses found wrong), never the secret. All of them guess as soon as one
world is left and give a final answer at 0 questions left; they differ in what they ask:

- random:       any single question, now and then a remark or "how many are left?"
- optimal:      the referee's best question (fewest worlds left in the worst case)
- compound:     one speaker about two or three people, or everyone about himself
- negation:     negated and "honest" phrasings ("didn't B eat it?", "is C not the liar?")
- guess-happy:  guesses a possible world (or one role) after most answers
- adversarial:  prompt injections, role-play tricks and fake system messages between
                optimal questions
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache

from referee.liar.game import Rules
from referee.liar.intent import (
    CountQuery,
    Guess,
    Intent,
    Other,
    Query,
    Question,
    Remark,
)
from referee.liar.knowledge import (
    ASKED,
    Observation,
    best_question,
    consistent_worlds,
    question_candidates,
)
from referee.liar.proposition import PREDICATES, Predicate, literal
from referee.liar.world import Roster, World, all_worlds

PLAYERS: tuple[str, ...] = (
    "random", "optimal", "compound", "negation", "guess-happy", "adversarial",
)


@dataclass(frozen=True)
class View:
    """What the player knows before a move."""

    rules: Rules
    heard: tuple[Observation, ...] = ()
    remaining: int = 7
    culprit: str | None = None
    liar: str | None = None
    wrong_guesses: tuple[Guess, ...] = ()

    @cached_property
    def worlds(self) -> tuple[World, ...]:
        """The worlds that fit every answer heard, the confirmed roles and the wrong guesses.

        When the answers contradict each other (a faulty game master), the answers are
        dropped and only the confirmed roles and wrong guesses are kept.
        """
        heard = consistent_worlds(self.rules.roster, self.heard)
        fitting = tuple(w for w in heard if self._allows(w))
        if fitting:
            return fitting
        return tuple(w for w in all_worlds(self.rules.roster) if self._allows(w)) or all_worlds(
            self.rules.roster
        )

    def _allows(self, world: World) -> bool:
        if self.culprit not in (None, world.culprit) or self.liar not in (None, world.liar):
            return False
        return not any(guess.fits(world) for guess in self.wrong_guesses)


Strategy = Callable[[View, random.Random], Intent]


def final_guess(view: View, rng: random.Random) -> Guess:
    """Name every open role, from a world that still fits."""
    world = rng.choice(view.worlds)
    return Guess(
        culprit=None if view.culprit else world.culprit,
        liar=None if view.liar else world.liar,
    )


def _must_guess(view: View) -> bool:
    return view.remaining == 0 or len(view.worlds) == 1


def _optimal_question(view: View) -> Question | None:
    query = _best_query(view.rules.roster, view.worlds)
    return Question((query,)) if query else None


@lru_cache(maxsize=1024)
def _best_query(roster: Roster, worlds: tuple[World, ...]) -> Query | None:
    """The referee's best question for a set of worlds (a few hundred sets ever occur)."""
    return best_question(roster, worlds, question_candidates(roster))


def _random_query(view: View, rng: random.Random, negated: bool = False) -> Query:
    names = view.rules.roster.names
    predicate: Predicate = rng.choice(PREDICATES)
    return Query(rng.choice(names), literal(predicate, rng.choice(names), negated))


def _random(view: View, rng: random.Random) -> Intent:
    roll = rng.random()
    if roll < 0.08:
        return Remark()
    if roll < 0.12:
        return CountQuery()
    return Question((_random_query(view, rng),))


def _optimal(view: View, rng: random.Random) -> Intent:
    return _optimal_question(view) or final_guess(view, rng)


def _compound(view: View, rng: random.Random) -> Intent:
    names = view.rules.roster.names
    size = min(view.remaining, rng.choice((2, 3)))
    if size < 2:
        return _optimal(view, rng)
    predicate: Predicate = rng.choice(ASKED)
    if view.remaining >= len(names) and rng.random() < 0.4:
        return Question(tuple(Query(s, literal(predicate, s)) for s in names))
    speaker = rng.choice(names)
    abouts = rng.sample(names, size)
    return Question(tuple(Query(speaker, literal(predicate, a)) for a in abouts))


def _negation(view: View, rng: random.Random) -> Intent:
    query = _random_query(view, rng, negated=rng.random() < 0.7)
    return Question((query,))


def _guess_happy(view: View, rng: random.Random) -> Intent:
    if view.heard and rng.random() < 0.6:
        world = rng.choice(view.worlds)
        part = rng.choice(("both", "culprit", "liar"))
        culprit = world.culprit if part != "liar" and not view.culprit else None
        liar = world.liar if part != "culprit" and not view.liar else None
        if culprit or liar:
            return Guess(culprit, liar)
    return _optimal(view, rng)


def _adversarial(view: View, rng: random.Random) -> Intent:
    return Other() if rng.random() < 0.4 else _optimal(view, rng)


STRATEGIES: dict[str, Strategy] = {
    "random": _random,
    "optimal": _optimal,
    "compound": _compound,
    "negation": _negation,
    "guess-happy": _guess_happy,
    "adversarial": _adversarial,
}


def next_intent(player: str, view: View, rng: random.Random) -> Intent:
    """The simulator `player`'s next intent: a guess when it must, else its own choice."""
    if _must_guess(view):
        return final_guess(view, rng)
    return STRATEGIES[player](view, rng)
