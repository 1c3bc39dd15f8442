"""The liar game as an immutable state machine: `step(state, intent) -> (state, verdict)`.

It implements the rules' sections 7 to 10 and 13: the budget counted per (speaker,
proposition) pair, open questions confirmed before they are charged, guesses with
the costs and confirmations of section 9, only a final answer at 0 left, and the reveal.
The secret is fixed in `new_game` and no transition changes it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace

from referee.commitment import draw_nonce
from referee.errors import GameOverError, IllegalIntentError, NothingToConfirmError, UnknownNameError
from referee.liar.commitment import commit
from referee.liar.intent import (
    Confirm,
    CountQuery,
    Guess,
    Intent,
    Other,
    Question,
    Remark,
    Unclear,
)
from referee.liar.problem import Problem, Why
from referee.liar.proposition import answer, check_names, truth
from referee.liar.verdict import (
    Answered,
    Answers,
    Cancelled,
    CostToConfirm,
    FinalAnswerRequired,
    GuessVerdict,
    NotCharged,
    Outcome,
    Refused,
    Remaining,
    Rephrase,
    Reveal,
    Verdict,
)
from referee.liar.world import Roster, World, draw_world, world_in

DEFAULT_BUDGET = 7
WRONG_GUESS_COST = 1


@dataclass(frozen=True)
class Rules:
    """What is configurable: the roster and the question budget."""

    roster: Roster = Roster()
    budget: int = DEFAULT_BUDGET

    def __post_init__(self) -> None:
        if self.budget < 1:
            raise ValueError(f"the budget is at least 1 question, not {self.budget}")


@dataclass(frozen=True)
class GameState:
    """Everything the referee knows about one game. Immutable: every step makes a new one."""

    rules: Rules
    secret: World
    nonce: str
    remaining: int
    culprit_confirmed: bool = False
    liar_confirmed: bool = False
    pending: Question | None = None
    answers: tuple[Answered, ...] = ()
    outcome: Outcome = "playing"

    @property
    def commitment(self) -> str:
        return commit(self.secret, self.nonce)

    @property
    def over(self) -> bool:
        return self.outcome != "playing"

    def reveal(self) -> Reveal:
        return Reveal(self.secret, self.nonce, self.commitment, self.answers)


def new_game(rules: Rules, rng: random.Random, secret: World | None = None) -> GameState:
    """Fix the secret (drawn from `rng` unless given) and the nonce, before any question."""
    world = world_in(rules.roster, secret) if secret else draw_world(rules.roster, rng)
    return GameState(rules=rules, secret=world, nonce=draw_nonce(rng), remaining=rules.budget)


def step(state: GameState, intent: Intent) -> tuple[GameState, Verdict]:
    """Adjudicate one intent. Raises GameOverError after the end, typed errors on bad input."""
    if state.over:
        raise GameOverError(f"the game is over ({state.outcome})")
    pending, state = state.pending, replace(state, pending=None)
    if isinstance(intent, Confirm):
        if pending is None:
            raise NothingToConfirmError("there is no question waiting for confirmation")
        if not intent.accept:
            return state, Cancelled(state.remaining)
        return _charge(state, pending)
    if isinstance(intent, Question):
        return _ask(state, intent)
    if isinstance(intent, Guess):
        return _guess(state, intent)
    if isinstance(intent, CountQuery):
        return state, Remaining(state.remaining)
    if isinstance(intent, Remark):
        return state, NotCharged("remark", state.remaining)
    if isinstance(intent, Other):
        return state, NotCharged("rules" if intent.about_rules else "other", state.remaining)
    if isinstance(intent, Unclear):
        return state, Rephrase(intent.problem, state.remaining)
    raise IllegalIntentError(f"not an intent: {intent!r}")


def adjudicate(state: GameState, intent: Intent) -> tuple[GameState, Verdict]:
    """`step` as a game in play takes an utterance: an intent the rules reject because of what
    was said (a name not on the roster, a yes with nothing to confirm) is a request to
    rephrase, charged nothing, so the player is asked again and a replay agrees."""
    try:
        return step(state, intent)
    except UnknownNameError as err:
        return step(state, Unclear(problem=Problem(Why.UNKNOWN_PERSON, (err.name,))))
    except NothingToConfirmError:
        return step(state, Unclear(problem=Problem(Why.NOTHING_TO_CONFIRM)))


def play(state: GameState, intents: Iterable[Intent]) -> tuple[GameState, tuple[Verdict, ...]]:
    """Step through `intents` in order: how a recorded game is replayed."""
    verdicts = []
    for intent in intents:
        state, verdict = step(state, intent)
        verdicts.append(verdict)
    return state, tuple(verdicts)


def _ask(state: GameState, question: Question) -> tuple[GameState, Verdict]:
    roster = state.rules.roster
    for query in question.queries:
        roster.check(query.speaker)
        check_names(query.proposition, roster)
    if state.remaining == 0:
        return state, FinalAnswerRequired()
    if question.cost > state.remaining:
        return state, Refused(question.cost, state.remaining)
    if question.open:
        return replace(state, pending=question), CostToConfirm(
            question, question.cost, state.remaining
        )
    return _charge(state, question)


def _charge(state: GameState, question: Question) -> tuple[GameState, Verdict]:
    world = state.secret
    given = tuple(
        Answered(q, truth(q.proposition, world), answer(q.speaker, q.proposition, world))
        for q in question.unique()
    )
    remaining = state.remaining - len(given)
    state = replace(state, remaining=remaining, answers=state.answers + given)
    return state, Answers(given, len(given), remaining)


def _guess(state: GameState, guess: Guess) -> tuple[GameState, Verdict]:
    roster, world = state.rules.roster, state.secret
    for name in (guess.culprit, guess.liar):
        if name is not None:
            roster.check(name)
    correct = guess.fits(world)
    final = state.remaining == 0
    if final:
        names_every_open_role = (guess.culprit is not None or state.culprit_confirmed) and (
            guess.liar is not None or state.liar_confirmed
        )
        if not names_every_open_role:
            return state, FinalAnswerRequired()
    cost = 0 if correct or final else WRONG_GUESS_COST
    state = replace(
        state,
        remaining=state.remaining - cost,
        culprit_confirmed=state.culprit_confirmed or (correct and guess.culprit is not None),
        liar_confirmed=state.liar_confirmed or (correct and guess.liar is not None),
    )
    if state.culprit_confirmed and state.liar_confirmed:
        state = replace(state, outcome="won")
    elif final:
        state = replace(state, outcome="lost")
    return state, GuessVerdict(
        guess=guess,
        correct=correct,
        culprit_confirmed=state.culprit_confirmed,
        liar_confirmed=state.liar_confirmed,
        cost=cost,
        remaining=state.remaining,
        outcome=state.outcome,
        reveal=state.reveal() if state.over else None,
    )
