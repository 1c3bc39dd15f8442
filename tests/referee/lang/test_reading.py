"""The shared middle layer's policy (referee/lang/reading.py), on readings built by hand.

Language-neutral: each case is what some sentence of any language reads into.
"""

from __future__ import annotations

from functools import partial

from referee.lang.reading import (
    ADDRESSEE,
    PRONOUN,
    Claim,
    Correction,
    Mood,
    Reading,
    combine,
    named,
)
from referee.liar import Question, Roster, Unclear, literal
from referee.liar.intent import Query
from referee.liar.problem import Why
from referee.liar.proposition import Atom
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


def _ask(*about: str) -> Reading:
    return Reading(Mood.ASK, (Claim("liar", tuple(PRONOUN if a == "he" else named(a) for a in about)),), ("A",))


def test_a_pronoun_points_to_the_one_named_by_the_last_reading_that_names_anyone() -> None:
    """Readings that name nobody in between (a remark, "you") do not hide the antecedent."""
    readings = [Reading(Mood.CONCLUDE, mentioned=("B",)), Reading(Mood.CONCLUDE),
                Reading(Mood.ASK, (Claim("culprit", (ADDRESSEE,)),), ("A",)), _ask("he")]
    intent = combine(readings, ROSTER)
    assert isinstance(intent, Question)
    assert intent.queries[-1] == Query("A", Atom("liar", "B"))


def test_a_pronoun_after_a_reading_that_names_two_is_unclear() -> None:
    intent = combine([Reading(Mood.CONCLUDE, mentioned=("B", "C")), _ask("he")], ROSTER)
    assert isinstance(intent, Unclear) and intent.problem.why is Why.WHO_IS_MEANT


def test_a_long_message_of_readings_naming_nobody_is_read_in_one_pass() -> None:
    """The antecedent was looked for again from every reading: quadratic work on a long message."""
    one = Reading(Mood.ASK, (Claim("culprit", (ADDRESSEE,)),), ("A",))
    small, large = (work(partial(combine, [one] * n, ROSTER)) for n in (300, 1200))
    assert large <= 4.6 * small, f"4x the readings took {large / small:.1f}x the work"


def _ask_culprit(*about: str, to: str = "A") -> Reading:
    return Reading(Mood.ASK, (Claim("culprit", tuple(PRONOUN if a == "he" else named(a) for a in about)),), (to,))


def test_a_pronoun_points_to_the_last_sentence_that_named_someone() -> None:
    """A sentence naming nobody between keeps the antecedent; one naming two loses it."""
    said_c = Reading(Mood.OTHER, mentioned=("C",))
    hmm = Reading(Mood.MUSE)
    assert combine([said_c, hmm, _ask_culprit("he")], ROSTER) == Question((Query("A", literal("culprit", "C")),))
    both = Reading(Mood.OTHER, mentioned=("B", "C"))
    got = combine([said_c, both, _ask_culprit("he")], ROSTER)
    assert isinstance(got, Unclear) and got.problem.why is Why.WHO_IS_MEANT


def test_a_long_message_is_combined_sentence_by_sentence() -> None:
    """Thousands of sentences: the antecedent is kept as the readings go, not searched anew."""
    readings = [Reading(Mood.OTHER, mentioned=("B",)), *[Reading(Mood.MUSE)] * 5000, _ask_culprit("he")]
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
