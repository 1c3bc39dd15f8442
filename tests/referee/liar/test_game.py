"""The game as a state machine: counting, confirmations, guesses, the end and the reveal."""

from __future__ import annotations

import contextlib
import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.errors import GameOverError, IllegalIntentError, RefereeError, UnknownNameError
from referee.liar import (
    Confirm,
    CountQuery,
    GameState,
    Guess,
    Intent,
    Not,
    Other,
    Query,
    Question,
    Remark,
    Roster,
    Rules,
    Says,
    Unclear,
    Verdict,
    World,
    adjudicate,
    all_worlds,
    literal,
    new_game,
    play,
    step,
    truth,
    verify,
)
from referee.liar.knowledge import consistent_worlds
from referee.liar.problem import Problem, Why
from referee.liar.proposition import canonical
from referee.liar.verdict import (
    Answers,
    Cancelled,
    CostToConfirm,
    FinalAnswerRequired,
    GuessVerdict,
    NotCharged,
    Refused,
    Remaining,
    Rephrase,
)
from tests.referee.liar.strategies import games, guesses, intents, questions
from tests.referee.liar.vocabulary import ask, ate, honest, lies

EVERYONE_ATE = Question(tuple(Query(name, ate(name)) for name in "ABC"))
""""Everyone, did you eat it?": one proposition per speaker, each about himself."""

WHO_ATE = ask("A", ate("A"), ate("B"), ate("C"), open=True)
""""A, who ate it?" decomposed into one proposition per candidate."""


B_ATE_C_LIES = World("B", "C")


def game(secret: World = B_ATE_C_LIES, budget: int = 7, *intents: Intent) -> GameState:
    """A game with a known secret, after `intents`."""
    state, _ = play(new_game(Rules(budget=budget), random.Random(0), secret), intents)
    return state


def test_a_new_game_fixes_and_commits_the_secret_before_any_question() -> None:
    state = new_game(Rules(), random.Random(11))
    assert state.remaining == 7 and state.answers == () and state.outcome == "playing"
    assert state.secret in all_worlds()
    assert verify(state.commitment, state.secret, state.nonce)
    assert new_game(Rules(), random.Random(11)) == state


def test_a_budget_below_one_is_refused() -> None:
    with pytest.raises(ValueError):
        Rules(budget=0)


def test_a_secret_off_the_roster_is_refused() -> None:
    with pytest.raises(UnknownNameError):
        new_game(Rules(), random.Random(0), World("A", "Z"))


@pytest.mark.parametrize(
    "question, cost",
    [
        # Section 7: the count is one per (speaker, proposition) pair, not per utterance.
        pytest.param(ask("A", ate("A")), 1, id="A, did you eat it?"),
        pytest.param(ask("A", ate("B")), 1, id="A, did B eat it?"),
        pytest.param(ask("A", Not(ate("B")), Not(ate("C"))), 2, id="A, didn't B and C eat it?"),
        pytest.param(EVERYONE_ATE, 3, id="everyone, did you eat it?"),
        # Policies of DESIGN.md: one proposition asked twice in one utterance counts once.
        pytest.param(ask("A", ate("B"), ate("B")), 1, id="A, did B eat it, did B eat it?"),
        pytest.param(ask("A", lies("C"), honest("C")), 1, id="A, is C the liar, is C honest?"),
        pytest.param(ask("A", ate("B"), Not(ate("B"))), 1, id="A, did B eat it or not?"),
        pytest.param(
            Question((Query("A", ate("B")), Query("C", ate("B")))), 2, id="A and C, did B eat it?"
        ),
        pytest.param(ask("A", Says("B", ate("C"))), 1, id="A, would B say C ate it?"),
    ],
)
def test_a_question_costs_one_per_speaker_and_proposition(question: Question, cost: int) -> None:
    state, verdict = step(game(), question)
    assert isinstance(verdict, Answers)
    assert verdict.cost == cost == len(verdict.answers)
    assert verdict.remaining == state.remaining == 7 - cost


@pytest.mark.parametrize(
    "secret, said",
    [
        # Section 6: each proposition of a compound question gets its own answer.
        pytest.param(World("A", "C"), (True, True), id="honest A: neither B nor C ate it"),
        pytest.param(World("A", "A"), (False, False), id="liar A: B ate it, C ate it too"),
        pytest.param(World("B", "C"), (False, True), id="honest A: B ate it, C did not"),
        pytest.param(World("B", "A"), (True, False), id="liar A: B did not, C did"),
    ],
)
def test_a_compound_question_is_answered_proposition_by_proposition(
    secret: World, said: tuple[bool, bool]
) -> None:
    _, verdict = step(game(secret), ask("A", Not(ate("B")), Not(ate("C"))))
    assert isinstance(verdict, Answers)
    assert [a.query.proposition for a in verdict.answers] == [Not(ate("B")), Not(ate("C"))]
    assert tuple(a.answer for a in verdict.answers) == said


@pytest.mark.parametrize(
    "intent, verdict",
    [
        # Section 8: thinking aloud is free; so are off-topic talk and the count.
        pytest.param(Remark(), NotCharged("remark", 7), id="so it's A or B"),
        pytest.param(Other(), NotCharged("other", 7), id="what a nice day"),
        pytest.param(CountQuery(), Remaining(7), id="how many are left?"),
        pytest.param(Unclear(problem=Problem(Why.NO_ADDRESSEE)), Rephrase(Problem(Why.NO_ADDRESSEE), 7), id="did he eat it?"),
    ],
)
def test_talk_that_asks_nothing_is_never_charged(intent: Intent, verdict: object) -> None:
    before = game()
    after, given_verdict = step(before, intent)
    assert given_verdict == verdict
    assert after == before


def test_a_question_over_the_budget_is_refused_and_charges_nothing() -> None:
    before = game(budget=2)
    after, verdict = step(before, EVERYONE_ATE)
    assert verdict == Refused(cost=3, remaining=2)
    assert after == before


def test_an_open_question_states_its_cost_and_charges_only_when_confirmed() -> None:
    waiting, verdict = step(game(), WHO_ATE)
    assert verdict == CostToConfirm(WHO_ATE, cost=3, remaining=7)
    assert waiting.remaining == 7 and waiting.answers == ()
    charged, verdict = step(waiting, Confirm(True))
    assert isinstance(verdict, Answers) and verdict.cost == 3
    assert charged.remaining == 4 and len(charged.answers) == 3 and charged.pending is None


def test_a_declined_open_question_is_cancelled_free() -> None:
    waiting, _ = step(game(), WHO_ATE)
    after, verdict = step(waiting, Confirm(False))
    assert verdict == Cancelled(remaining=7)
    assert after == game()


def test_another_intent_drops_the_pending_open_question() -> None:
    waiting, _ = step(game(), WHO_ATE)
    moved_on, verdict = step(waiting, Remark())
    assert verdict == NotCharged("remark", 7) and moved_on.pending is None
    with pytest.raises(IllegalIntentError):
        step(moved_on, Confirm(True))


def test_an_open_question_over_the_budget_is_refused_without_confirmation() -> None:
    after, verdict = step(game(budget=2), WHO_ATE)
    assert verdict == Refused(cost=3, remaining=2)
    assert after.pending is None


@pytest.mark.parametrize("accept", [True, False])
def test_a_confirmation_with_nothing_pending_is_illegal(accept: bool) -> None:
    with pytest.raises(IllegalIntentError):
        step(game(), Confirm(accept))


@pytest.mark.parametrize(
    "intent",
    [
        pytest.param(ask("D", ate("A")), id="a stranger as speaker"),
        pytest.param(ask("A", ate("D")), id="a stranger as culprit"),
        pytest.param(ask("A", Says("D", lies("B"))), id="a stranger inside a nested question"),
        pytest.param(Guess(culprit="D"), id="a stranger guessed as culprit"),
        pytest.param(Guess(culprit="A", liar="D"), id="a stranger guessed as liar"),
    ],
)
def test_a_name_off_the_roster_raises_unknown_name(intent: Intent) -> None:
    with pytest.raises(UnknownNameError):
        step(game(), intent)


# Section 9 (guesses at any time) and section 10 (only a final answer at 0 left).
# The secret is always: B ate it, C is the liar.
GUESS_CASES = [
    # id, budget, intents before, guess, correct, cost, remaining, culprit ok, liar ok, outcome
    ("both named, both right: won", 7, (), Guess("B", "C"), True, 0, 7, True, True, "won"),
    ("both named, culprit wrong", 7, (), Guess("A", "C"), False, 1, 6, False, False, "playing"),
    ("both named, liar wrong", 7, (), Guess("B", "A"), False, 1, 6, False, False, "playing"),
    ("both named, both wrong", 7, (), Guess("C", "B"), False, 1, 6, False, False, "playing"),
    ("culprit only, right: confirmed", 7, (), Guess("B"), True, 0, 7, True, False, "playing"),
    ("culprit only, wrong", 7, (), Guess("A"), False, 1, 6, False, False, "playing"),
    ("liar only, right: confirmed", 7, (), Guess(liar="C"), True, 0, 7, False, True, "playing"),
    ("liar only, wrong", 7, (), Guess(liar="B"), False, 1, 6, False, False, "playing"),
    ("culprit confirmed, then the liar: won", 7, (Guess("B"),), Guess(liar="C"),
     True, 0, 7, True, True, "won"),
    ("liar confirmed, then the culprit: won", 7, (Guess(liar="C"),), Guess("B"),
     True, 0, 7, True, True, "won"),
    ("culprit confirmed, liar wrong", 7, (Guess("B"),), Guess(liar="A"),
     False, 1, 6, True, False, "playing"),
    ("wrong guesses add up", 7, (Guess("A"), Guess(liar="A")), Guess("C", "A"),
     False, 1, 4, False, False, "playing"),
    ("a wrong guess may spend the last question", 1, (), Guess("A", "A"),
     False, 1, 0, False, False, "playing"),
    ("0 left, final answer right: won", 1, (ask("A", ate("A")),), Guess("B", "C"),
     True, 0, 0, True, True, "won"),
    ("0 left, final answer wrong: lost", 1, (ask("A", ate("A")),), Guess("B", "A"),
     False, 0, 0, False, False, "lost"),
    ("0 left, culprit confirmed, liar right: won", 1, (Guess("B"), ask("A", ate("A"))),
     Guess(liar="C"), True, 0, 0, True, True, "won"),
    ("0 left, culprit confirmed, liar wrong: lost", 1, (Guess("B"), ask("A", ate("A"))),
     Guess(liar="B"), False, 0, 0, True, False, "lost"),
]


@pytest.mark.parametrize(
    "budget, before, guess, correct, cost, remaining, culprit_ok, liar_ok, outcome",
    [pytest.param(*case[1:], id=case[0]) for case in GUESS_CASES],
)
def test_the_guess_cases(
    budget: int,
    before: tuple[Intent, ...],
    guess: Guess,
    correct: bool,
    cost: int,
    remaining: int,
    culprit_ok: bool,
    liar_ok: bool,
    outcome: str,
) -> None:
    state, verdict = step(game(B_ATE_C_LIES, budget, *before), guess)
    assert isinstance(verdict, GuessVerdict)
    assert (verdict.correct, verdict.cost, verdict.remaining) == (correct, cost, remaining)
    assert (verdict.culprit_confirmed, verdict.liar_confirmed) == (culprit_ok, liar_ok)
    assert verdict.outcome == state.outcome == outcome
    assert state.remaining == remaining
    assert (verdict.reveal is not None) == (outcome != "playing")


@pytest.mark.parametrize(
    "intent",
    [
        pytest.param(ask("A", ate("B")), id="another question"),
        pytest.param(WHO_ATE, id="an open question"),
        pytest.param(Guess("B"), id="a culprit-only answer with the liar still open"),
        pytest.param(Guess(liar="C"), id="a liar-only answer with the culprit still open"),
    ],
)
def test_at_0_left_only_a_final_answer_is_accepted(intent: Intent) -> None:
    before = game(B_ATE_C_LIES, 1, ask("A", ate("A")))
    after, verdict = step(before, intent)
    assert verdict == FinalAnswerRequired()
    assert after == before


@pytest.mark.parametrize(
    "intent", [ask("A", ate("A")), Guess("B", "C"), Remark(), CountQuery(), Confirm(True)]
)
@pytest.mark.parametrize("ending", [Guess("B", "C"), Guess("A", "A")], ids=["won", "lost"])
def test_nothing_is_accepted_after_the_end(ending: Guess, intent: Intent) -> None:
    over = game(B_ATE_C_LIES, 1, ask("A", ate("A")), ending)
    assert over.over
    with pytest.raises(GameOverError):
        step(over, intent)


def test_the_reveal_lists_every_answer_and_marks_the_liars_inversions() -> None:
    state = game(B_ATE_C_LIES, 7, EVERYONE_ATE, ask("C", lies("C"), honest("A")))
    _, verdict = step(state, Guess("B", "C"))
    assert isinstance(verdict, GuessVerdict) and verdict.reveal is not None
    reveal = verdict.reveal
    assert (reveal.secret, reveal.nonce) == (state.secret, state.nonce)
    assert verify(reveal.commitment, reveal.secret, reveal.nonce)
    assert [a.query for a in reveal.answers] == [
        Query("A", ate("A")), Query("B", ate("B")), Query("C", ate("C")),
        Query("C", lies("C")), Query("C", honest("A")),
    ]
    assert [a.answer for a in reveal.answers] == [False, True, True, False, False]
    assert [a.inverted for a in reveal.answers] == [False, False, True, True, True]


@given(games(), st.data())
def test_answers_in_play_are_the_truth_inverted_only_by_the_liar(
    game_setup: tuple[Rules, World, int], data: st.DataObject
) -> None:
    rules, secret, seed = game_setup
    question = data.draw(questions(rules.roster))
    state = new_game(replace(rules, budget=8), random.Random(seed), secret)
    _, verdict = step(state, replace(question, open=False))
    assert isinstance(verdict, Answers)
    for given_answer in verdict.answers:
        query = given_answer.query
        assert given_answer.truth is truth(query.proposition, secret)
        assert given_answer.answer is (given_answer.truth != (query.speaker == secret.liar))


@given(games(), st.data())
def test_the_charge_is_the_number_of_distinct_pairs_however_rephrased(
    game_setup: tuple[Rules, World, int], data: st.DataObject
) -> None:
    rules, secret, seed = game_setup
    question = data.draw(questions(rules.roster))
    pairs = {(q.speaker, canonical(q.proposition)) for q in question.queries}
    rephrased = Question(
        question.queries + tuple(Query(q.speaker, Not(q.proposition)) for q in question.queries)
    )
    assert question.cost == rephrased.cost == len(pairs)
    state = new_game(replace(rules, budget=len(pairs)), random.Random(seed), secret)
    after, verdict = step(state, rephrased)
    assert isinstance(verdict, Answers) and verdict.cost == len(verdict.answers) == len(pairs)
    assert after.remaining == 0


def run(state: GameState, intents: list[Intent]) -> tuple[GameState, list[Intent], list[Verdict]]:
    """Step through `intents`, skipping the ones the referee refuses with an error."""
    accepted: list[Intent] = []
    verdicts: list[Verdict] = []
    for intent in intents:
        try:
            state, verdict = step(state, intent)
        except RefereeError:
            continue
        accepted.append(intent)
        verdicts.append(verdict)
    return state, accepted, verdicts


@given(games(), st.data())
def test_no_sequence_of_intents_changes_the_secret(
    game_setup: tuple[Rules, World, int], data: st.DataObject
) -> None:
    rules, secret, seed = game_setup
    start = new_game(rules, random.Random(seed), secret)
    state = start
    for intent in data.draw(st.lists(intents(rules.roster), max_size=25)):
        before = state.remaining
        with contextlib.suppress(RefereeError):
            state, _ = step(state, intent)
        assert (state.secret, state.nonce) == (secret, start.nonce)
        assert state.commitment == start.commitment
        assert 0 <= state.remaining <= before


@given(games(), st.data())
def test_a_game_replays_exactly_from_its_intents(
    game_setup: tuple[Rules, World, int], data: st.DataObject
) -> None:
    rules, _, seed = game_setup
    moves = data.draw(st.lists(intents(rules.roster), max_size=25))
    state, accepted, verdicts = run(new_game(rules, random.Random(seed)), moves)
    replayed, replayed_verdicts = play(new_game(rules, random.Random(seed)), accepted)
    assert replayed == state
    assert list(replayed_verdicts) == verdicts


@given(games(), st.data())
def test_answers_from_the_secret_always_leave_it_consistent(
    game_setup: tuple[Rules, World, int], data: st.DataObject
) -> None:
    rules, secret, seed = game_setup
    moves = data.draw(st.lists(intents(rules.roster, strangers=False), max_size=25))
    state, _, _ = run(new_game(rules, random.Random(seed), secret), moves)
    assert secret in consistent_worlds(rules.roster, state.answers)


@given(games(), st.data())
def test_a_wrong_guess_reads_the_same_whichever_part_was_wrong(
    game_setup: tuple[Rules, World, int], data: st.DataObject
) -> None:
    """Across every secret that makes the guess wrong, the verdict is identical.

    Only the reveal (sent once the final answer ends the game) shows the secret.
    """
    rules, _, seed = game_setup
    guess = data.draw(guesses(rules.roster.names))
    spent = data.draw(st.integers(0, rules.budget))
    shown = set()
    for secret in all_worlds(rules.roster):
        right = guess.culprit in (None, secret.culprit) and guess.liar in (None, secret.liar)
        if right:
            continue
        fresh = new_game(rules, random.Random(seed), secret)
        state = replace(fresh, remaining=rules.budget - spent)
        _, verdict = step(state, guess)
        if isinstance(verdict, GuessVerdict):
            assert verdict.correct is False
            verdict = replace(verdict, reveal=None)
        shown.add(verdict)
    assert len(shown) <= 1


def test_a_culprit_guess_at_0_left_needs_the_liar_too() -> None:
    before = game(B_ATE_C_LIES, 1, Guess("A", "A"))
    assert before.remaining == 0
    _, verdict = step(before, Guess("B"))
    assert verdict == FinalAnswerRequired()


def test_the_default_roster_is_used_by_default_rules() -> None:
    assert Rules().roster == Roster() and Rules().budget == 7


@pytest.mark.parametrize(
    ("intent", "problem"),
    [
        (Question((Query("D", literal("culprit", "A")),)), Problem(Why.UNKNOWN_PERSON, ("D",))),
        (Guess(culprit="Z"), Problem(Why.UNKNOWN_PERSON, ("Z",))),
        (Confirm(True), Problem(Why.NOTHING_TO_CONFIRM)),
    ],
)
def test_what_the_rules_reject_for_what_it_says_is_asked_again(intent: Intent, problem: Problem) -> None:
    """In play, a name off the roster or a stray yes is a request to rephrase, never a charge."""
    state = new_game(Rules(), random.Random(3), World("A", "B"))
    with pytest.raises(RefereeError):
        step(state, intent)
    after, verdict = adjudicate(state, intent)
    assert verdict == Rephrase(problem, state.rules.budget)
    assert after == state
