"""The shared middle layer (referee/lang/reading.py), tested on readings built by hand."""

from __future__ import annotations

from functools import partial

from referee.lang.reading import ADDRESSEE, PRONOUN, Claim, Mood, Reading, combine, named
from referee.liar.intent import Query, Question, Unclear
from referee.liar.problem import Why
from referee.liar.proposition import Atom
from referee.liar.world import Roster
from tests.evals.test_linear import work

ROSTER = Roster()


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
