"""The shared middle layer (referee/lang/reading.py): the laws of its one policy, `combine`,
as properties over any readings, and cases built by hand.

Language-neutral: each case is what some sentence of any language reads into.
"""

from __future__ import annotations

from functools import partial

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
from referee.liar.proposition import Atom, Predicate, Says, literal, names_in
from referee.liar.world import Roster
from tests.evals.test_linear import work

ROSTER = Roster(("A", "B", "C"))


def asked(speaker: str, about: str) -> Question:
    return Question((Query(speaker, literal("culprit", about)),))


def ask(*claims: Claim, to: tuple[str, ...] = (), mentioned: tuple[str, ...] = ()) -> Reading:
    return Reading(Mood.ASK, claims, to, mentioned=mentioned)


def flat(intent: object) -> set[tuple[str, object]]:
    assert isinstance(intent, Question), intent
    return {(q.speaker, q.proposition) for q in intent.queries}


def why(intent: object) -> Why:
    assert isinstance(intent, Unclear), intent
    return intent.problem.why


def test_a_sentence_that_only_calls_someone_says_whom_the_next_asks() -> None:
    """"A, two questions for you. Did B eat it?\""""
    readings = [Reading(Mood.OTHER, addressees=("A",)), ask(Claim("culprit", (named("B"),)))]
    assert flat(combine(readings, ROSTER)) == {("A", literal("culprit", "B"))}


def test_a_pronoun_may_point_to_a_name_its_own_sentence_mentions() -> None:
    """"A, B you know, did he eat it?\""""
    reading = ask(Claim("culprit", (PRONOUN,)), to=("A",), mentioned=("B",))
    assert flat(combine([reading], ROSTER)) == {("A", literal("culprit", "B"))}


def test_the_same_question_keeps_whom_it_was_about() -> None:
    """"same question for B" after "C, did A eat it?", and after "A, did you eat it?\""""
    same = ask(Claim(None, ()), to=("B",))
    assert flat(combine([same], ROSTER, asked("C", "A"))) == {("B", literal("culprit", "A"))}
    assert flat(combine([same], ROSTER, asked("A", "A"))) == {("B", literal("culprit", "B"))}


def test_after_a_question_about_himself_and_b_turns_to_b() -> None:
    """"A, did you eat it?" then "and B?"; after "A, did C eat it?" it asks A about B."""
    and_b = ask(Claim(None, (named("B"),)))
    assert flat(combine([and_b], ROSTER, asked("A", "A"))) == {("B", literal("culprit", "B"))}
    assert flat(combine([and_b], ROSTER, asked("A", "C"))) == {("A", literal("culprit", "B"))}


def test_an_ambiguous_follow_up_is_unclear() -> None:
    """After "B, did C eat it?": "and B?" (about himself, or again?), "A, and you?";
    "and you?" to nobody, after any question."""
    previous = asked("B", "C")
    assert why(combine([ask(Claim(None, (named("B"),)))], ROSTER, previous)) is Why.WHICH_QUESTION
    assert why(combine([ask(Claim(None, (ADDRESSEE,)), to=("A",))], ROSTER, previous)) is Why.WHICH_QUESTION
    assert why(combine([ask(Claim(None, (ADDRESSEE,)))], ROSTER, asked("A", "A"))) is Why.WHICH_QUESTION


def test_an_elliptic_claim_negated_turns_the_one_it_continues_around() -> None:
    """"A, did B eat it? and C not?\""""
    readings = [ask(Claim("culprit", (named("B"),)), to=("A",)), ask(Claim(None, (named("C"),), negated=True))]
    assert flat(combine(readings, ROSTER)) == {("A", literal("culprit", "B")), ("A", literal("culprit", "C", True))}


def test_a_correction_whose_wrong_one_was_asked_about_himself() -> None:
    """"A, did you eat it? I meant C": C about himself, or C about A? Unclear. "...I meant
    to ask C" says whom: C is asked the question as put, about himself."""
    readings = [ask(Claim("culprit", (ADDRESSEE,)), to=("A",)),
                Reading(Mood.OTHER, correction=Correction("A", "C", asked=False))]
    assert why(combine(readings, ROSTER)) is Why.CORRECTION
    readings[1] = Reading(Mood.OTHER, correction=Correction("A", "C", asked=True))
    assert combine(readings, ROSTER) == asked("C", "C")


def asking_about(predicate: Predicate, *about: str) -> Reading:
    """A's question of `predicate` about `about` ("he": a pronoun)."""
    return Reading(Mood.ASK, (Claim(predicate, tuple(PRONOUN if a == "he" else named(a) for a in about)),), ("A",))


def test_a_pronoun_points_to_the_one_named_by_the_last_reading_that_names_anyone() -> None:
    """Readings that name nobody in between (a remark, "you") do not hide the antecedent."""
    readings = [Reading(Mood.CONCLUDE, mentioned=("B",)), Reading(Mood.CONCLUDE),
                Reading(Mood.ASK, (Claim("culprit", (ADDRESSEE,)),), ("A",)), asking_about("liar", "he")]
    intent = combine(readings, ROSTER)
    assert isinstance(intent, Question)
    assert intent.queries[-1] == Query("A", Atom("liar", "B"))


def test_a_pronoun_after_a_reading_that_names_two_is_unclear() -> None:
    intent = combine([Reading(Mood.CONCLUDE, mentioned=("B", "C")), asking_about("liar", "he")], ROSTER)
    assert isinstance(intent, Unclear) and intent.problem.why is Why.WHO_IS_MEANT


def test_a_long_message_of_readings_naming_nobody_is_read_in_one_pass() -> None:
    """The antecedent was looked for again from every reading: quadratic work on a long message."""
    one = Reading(Mood.ASK, (Claim("culprit", (ADDRESSEE,)),), ("A",))
    small, large = (work(partial(combine, [one] * n, ROSTER)) for n in (300, 1200))
    assert large <= 4.6 * small, f"4x the readings took {large / small:.1f}x the work"


def test_a_pronoun_points_to_the_last_sentence_that_named_someone() -> None:
    """A sentence naming nobody between keeps the antecedent; one naming two loses it."""
    said_c = Reading(Mood.OTHER, mentioned=("C",))
    hmm = Reading(Mood.MUSE)
    assert combine([said_c, hmm, asking_about("culprit", "he")], ROSTER) == Question((Query("A", literal("culprit", "C")),))
    both = Reading(Mood.OTHER, mentioned=("B", "C"))
    got = combine([said_c, both, asking_about("culprit", "he")], ROSTER)
    assert isinstance(got, Unclear) and got.problem.why is Why.WHO_IS_MEANT


def test_a_long_message_is_combined_sentence_by_sentence() -> None:
    """Thousands of sentences: the antecedent is kept as the readings go, not searched anew."""
    readings = [Reading(Mood.OTHER, mentioned=("B",)), *[Reading(Mood.MUSE)] * 5000, asking_about("culprit", "he")]
    assert combine(readings, ROSTER) == Question((Query("A", literal("culprit", "B")),))
    many = [Reading(Mood.ASK, (Claim("liar", (ADDRESSEE,)),), ("A",))] * 5000
    got = combine(many, ROSTER)
    assert isinstance(got, Question) and got.cost == 1


def test_an_elliptic_claim_after_several_kinds_of_question_is_unclear() -> None:
    """"A, did you eat it and are you the liar? B, did you?": one of them, or both? Asking
    B only the last was a wrong charge, asking both may be one; nothing is charged."""
    both = Reading(Mood.ASK, (Claim("culprit", (ADDRESSEE,)), Claim("liar", (ADDRESSEE,))), ("A",))
    again = Reading(Mood.ASK, (Claim(None, (ADDRESSEE,)),), ("B",))
    assert why(combine([both, again], ROSTER)) is Why.WHICH_QUESTION
    previous = Question((Query("A", literal("culprit", "A")), Query("A", literal("liar", "A"))))
    assert why(combine([again], ROSTER, previous)) is Why.WHICH_QUESTION


# --- laws, over any readings ---------------------------------------------------------------

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
