"""The shared policy (referee.lang.reading.combine) on readings built by hand, no language."""

from __future__ import annotations

from referee.lang.reading import ADDRESSEE, PRONOUN, Claim, Mood, Reading, combine, named
from referee.liar.intent import Query, Question, Unclear
from referee.liar.problem import Why
from referee.liar.proposition import literal
from referee.liar.world import Roster

ROSTER = Roster()


def _ask(*about: str, to: str = "A") -> Reading:
    return Reading(Mood.ASK, (Claim("culprit", tuple(PRONOUN if a == "he" else named(a) for a in about)),), (to,))


def test_a_pronoun_points_to_the_last_sentence_that_named_someone() -> None:
    """A sentence naming nobody between keeps the antecedent; one naming two loses it."""
    said_c = Reading(Mood.OTHER, mentioned=("C",))
    hmm = Reading(Mood.MUSE)
    assert combine([said_c, hmm, _ask("he")], ROSTER) == Question((Query("A", literal("culprit", "C")),))
    both = Reading(Mood.OTHER, mentioned=("B", "C"))
    got = combine([said_c, both, _ask("he")], ROSTER)
    assert isinstance(got, Unclear) and got.problem.why is Why.WHO_IS_MEANT


def test_a_long_message_is_combined_sentence_by_sentence() -> None:
    """Thousands of sentences: the antecedent is kept as the readings go, not searched anew."""
    readings = [Reading(Mood.OTHER, mentioned=("B",)), *[Reading(Mood.MUSE)] * 5000, _ask("he")]
    assert combine(readings, ROSTER) == Question((Query("A", literal("culprit", "B")),))
    many = [Reading(Mood.ASK, (Claim("liar", (ADDRESSEE,)),), ("A",))] * 5000
    got = combine(many, ROSTER)
    assert isinstance(got, Question) and got.cost == 1


def test_an_elliptic_claim_continues_every_claim_before_it() -> None:
    """"A, did you eat it and are you the liar? B, did you?" asks B both, in the message
    or after the player's last question; never only the last of them."""
    both = Reading(Mood.ASK, (Claim("culprit", (ADDRESSEE,)), Claim("liar", (ADDRESSEE,))), ("A",))
    again = Reading(Mood.ASK, (Claim(None, (ADDRESSEE,)),), ("B",))
    asked_b = {Query("B", literal("culprit", "B")), Query("B", literal("liar", "B"))}
    got = combine([both, again], ROSTER)
    assert isinstance(got, Question) and set(got.unique()) >= asked_b and got.cost == 4
    previous = Question((Query("A", literal("culprit", "A")), Query("A", literal("liar", "A"))))
    got = combine([again], ROSTER, previous)
    assert isinstance(got, Question) and set(got.unique()) == asked_b
