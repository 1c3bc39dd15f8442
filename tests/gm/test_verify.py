"""Verification: a reply is shown only if it asserts exactly the script's answers."""

from __future__ import annotations

import pytest

from gm.actor import Performance, PerformedLine, Script, ScriptLine
from gm.verify import fact, verify
from referee.lang.incident import INCIDENTS
from referee.liar.proposition import Atom, Not, Says, literal
from referee.liar.world import Roster

SCRIPT = Script("en", INCIDENTS["cake"], (
    ScriptLine("A", literal("culprit", "B"), False, "formal"),
    ScriptLine("C", literal("liar", "A"), True, "nervous"),
))


def check(*lines: tuple[str, str], script: Script = SCRIPT) -> tuple[str, ...]:
    performance = Performance("", "", tuple(PerformedLine(s, t) for s, t in lines))
    return verify(script, performance, Roster()).reasons


def test_the_script_said_plainly_is_accepted() -> None:
    assert check(("A", "B did not eat the cake."), ("C", "A is the liar.")) == ()


def test_the_same_fact_in_other_words_is_accepted() -> None:
    assert check(("A", "B didn't eat the cake."), ("C", "A is not honest.")) == ()


@pytest.mark.parametrize("lines, reason", [
    ([("A", "B ate the cake."), ("C", "A is the liar.")], "claims culprit(B) is true"),
    ([("A", "B did not eat the cake.")], "C must answer yes to liar(A)"),
    ([("A", "B did not eat the cake. C ate it."), ("C", "A is the liar.")], "which was not asked"),
    ([("A", "B did not eat the cake."), ("C", "A is the liar."), ("B", "I am honest.")],
     "B has nothing to say this turn"),
    ([("A", "B did not eat the cake, and 2 questions are left."), ("C", "A is the liar.")],
     "mentions a number"),
    ([("A", "B는 케이크를 먹지 않았습니다."), ("C", "A is the liar.")], "not in the game's language"),
    ([], "the reply has no lines"),
])
def test_a_wrong_reply_is_rejected_with_a_reason(lines: list[tuple[str, str]], reason: str) -> None:
    reasons = check(*lines)
    assert any(reason in r for r in reasons), reasons


def test_facts_fold_negation_honesty_and_nesting() -> None:
    assert fact("A", Not(Atom("culprit", "B")), True) == fact("A", Atom("culprit", "B"), False)
    assert fact("A", Atom("honest", "C"), True) == fact("A", Atom("liar", "C"), False)
    assert fact("A", Says("B", Not(Atom("liar", "C"))), True) == fact("A", Says("B", Atom("liar", "C")), False)
    assert fact("A", Atom("culprit", "B"), True) != fact("C", Atom("culprit", "B"), True)


@pytest.mark.parametrize("text", [
    "B did not\b\b\b\b eat the cake.",
    "B did not\x1b[D\x1b[D\x1b[D\x1b[D\x1b[K eat the cake.",
    "B did not eat the cake.\r\x1b[K",
    "B did \u202enot\u202c eat the cake.",
    "B did not eat the cake." + " Truly." * 70,
])
def test_a_line_not_shown_as_it_reads_is_rejected(text: str) -> None:
    """A line whose display differs from its reading, or too long to show, never passes."""
    reasons = check(("A", text), ("C", "A is the liar."))
    assert any("line 1 (A): it " in r for r in reasons), reasons
