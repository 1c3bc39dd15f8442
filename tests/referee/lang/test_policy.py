"""Laws of the one policy every language shares (referee.lang.reading.combine)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from referee.lang.reading import (
    ADDRESSEE,
    ANYONE,
    EVERYONE,
    PRONOUN,
    SPEAKER,
    UNNAMED,
    Claim,
    Correction,
    Mood,
    Reading,
    combine,
    named,
)
from referee.liar.intent import Guess, Query, Question, Remark, Unclear
from referee.liar.problem import Problem, Why
from referee.liar.proposition import Says, literal, names_in
from referee.liar.world import Roster

ROSTER = Roster()
people = st.sampled_from(("A", "B", "C", "D"))  # D is nobody: names must stay on the roster
refs = st.one_of(people.map(named), st.sampled_from((ADDRESSEE, SPEAKER, EVERYONE, ANYONE, UNNAMED, PRONOUN)))
claims = st.builds(
    Claim,
    st.sampled_from(("culprit", "liar", "honest", None)),
    st.lists(refs, min_size=1, max_size=3).map(tuple),
    st.booleans(),
    st.none() | refs,
)
readings = st.builds(
    Reading,
    st.sampled_from(Mood),
    st.lists(claims, max_size=2).map(tuple),
    st.lists(people, max_size=2).map(tuple),
    st.none() | st.just(Problem(Why.ROLE)),
    st.lists(people, max_size=2).map(tuple),
    st.none() | st.builds(Correction, people, people, st.booleans()),
    st.booleans(),
)
messages = st.lists(readings, min_size=1, max_size=4)
previous = st.none() | st.just(Question((Query("A", literal("culprit", "B")),)))


@given(messages, previous)
def test_names_stay_on_the_roster_and_cost_is_the_unique_pairs(message: list[Reading], before: Question | None) -> None:
    intent = combine(message, ROSTER, before)
    if isinstance(intent, Question):
        assert all(q.speaker in ROSTER and names_in(q.proposition) <= set(ROSTER) for q in intent.queries)
        assert intent.cost == len({q.key() for q in intent.queries})
    if isinstance(intent, Guess):
        assert {intent.culprit, intent.liar} - {None} <= set(ROSTER)


@given(messages, previous)
def test_the_first_problem_wins(message: list[Reading], before: Question | None) -> None:
    intent = combine(message, ROSTER, before)
    if any(r.problem is not None for r in message):
        assert isinstance(intent, Unclear)


@given(messages)
def test_a_question_beside_a_conclusion_is_neither(message: list[Reading]) -> None:
    concluding = any(r.mood is Mood.CONCLUDE and r.claims for r in message)
    asking = any(r.mood is Mood.ASK and r.claims for r in message)
    intent = combine(message, ROSTER)
    if concluding and asking:
        assert not isinstance(intent, (Question, Guess))


@given(messages)
def test_musing_anywhere_is_never_a_verdict(message: list[Reading]) -> None:
    if any(r.mood is Mood.MUSE for r in message):
        assert not isinstance(combine(message, ROSTER), Guess)


@given(messages)
def test_hearsay_and_talk_are_never_charged(message: list[Reading]) -> None:
    if all(r.mood in (Mood.REPORT, Mood.OTHER, Mood.COUNT) for r in message):
        assert not isinstance(combine(message, ROSTER), (Question, Guess))


def test_a_correction_of_whom_is_asked_charges_once() -> None:
    asked = Reading(Mood.ASK, (Claim("culprit", (named("B"),)),), ("A",))
    fix = Reading(Mood.OTHER, correction=Correction("A", "C", asked=True))
    assert combine([asked, fix], ROSTER) == Question((Query("C", literal("culprit", "B")),))


def test_a_correction_that_fits_nothing_is_unclear() -> None:
    asked = Reading(Mood.ASK, (Claim("culprit", (named("B"),)),), ("A",))
    fix = Reading(Mood.OTHER, correction=Correction("C", "A", asked=False))
    assert combine([asked, fix], ROSTER) == Unclear(problem=Problem(Why.CORRECTION))


def test_a_follow_up_continues_the_last_question_of_one_kind() -> None:
    before = Question((Query("A", literal("liar", "A", True)),))
    again = Reading(Mood.ASK, (Claim(None, (ADDRESSEE,)),), ("C",))
    assert combine([again], ROSTER, before) == Question((Query("C", literal("liar", "C", True)),))
    assert combine([again], ROSTER) == Unclear(problem=Problem(Why.WHICH_QUESTION))


def test_a_pronoun_points_to_the_one_person_named_before() -> None:
    intro = Reading(Mood.OTHER, mentioned=("B",))
    asked = Reading(Mood.ASK, (Claim("culprit", (PRONOUN,)),), ("A",))
    assert combine([intro, asked], ROSTER) == Question((Query("A", literal("culprit", "B")),))
    two = Reading(Mood.OTHER, mentioned=("B", "C"))
    assert combine([two, asked], ROSTER) == Unclear(problem=Problem(Why.WHO_IS_MEANT))


def test_nesting_is_kept_unless_the_one_asked_would_say_it() -> None:
    nested = Claim("culprit", (named("C"),), via=named("B"))
    assert combine([Reading(Mood.ASK, (nested,), ("A",))], ROSTER) == Question(
        (Query("A", Says("B", literal("culprit", "C"))),)
    )
    assert combine([Reading(Mood.ASK, (nested,), ("B",))], ROSTER) == Question((Query("B", literal("culprit", "C")),))


def test_a_hedge_anywhere_makes_a_conclusion_a_remark() -> None:
    concluded = Reading(Mood.CONCLUDE, (Claim("culprit", (named("A"),)),))
    assert combine([concluded], ROSTER) == Guess("A", None)
    assert combine([concluded, Reading(Mood.MUSE)], ROSTER) == Remark()
