"""Check an actor's reply against its script before the player may see it.

The reply is read back with the statement extractor. It is accepted only when the set of
facts it asserts equals the script's exactly: every scripted answer said, with the right
speaker and polarity, and nothing else claimed. Sentences that mention a person, a role,
the incident or a number but cannot be read, digits (counts are the referee's to show)
and lines in another language are rejected too; a reply that could not be read at all is
rejected with its `problem`. The reasons go back to the actor.

What is read is exactly what would be displayed: a line that is not already in its
displayable form (referee.lang.display: no control, escape, invisible or direction-changing
character) or is longer than `MAX_LINE` is rejected, so a recorded line can never show
something other than what was checked (the model actor hands over displayable lines).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gm.actor import Performance, Script
from referee.lang import Context, detect, extract
from referee.lang.display import MAX_LINE, problem
from referee.liar.intent import Query
from referee.liar.proposition import Atom, Not, Proposition
from referee.liar.world import Roster

_DIGIT = re.compile(r"\d")

Fact = tuple[object, ...]


@dataclass(frozen=True)
class Check:
    """The verdict on one performance; `reasons` is empty exactly when accepted."""

    reasons: tuple[str, ...]

    @property
    def accepted(self) -> bool:
        return not self.reasons


def fact(speaker: str, proposition: Proposition, asserted: bool) -> Fact:
    """What a statement commits its speaker to, whatever its phrasing.

    Negations are folded into the value, `honest(X)` is read as not `liar(X)`, and a
    negation inside "B would say ..." moves out (B answers `not p` exactly when he
    would answer no to `p`), so equal facts compare equal.
    """
    return (speaker, *_normal(proposition, asserted))


def _normal(p: Proposition, value: bool) -> tuple[object, ...]:
    if isinstance(p, Not):
        return _normal(p.inner, not value)
    if isinstance(p, Atom):
        if p.predicate == "honest":
            return ("liar", p.about, not value)
        return (p.predicate, p.about, value)
    return ("says", p.speaker, *_normal(p.inner, value))


def verify(script: Script, performance: Performance, roster: Roster) -> Check:
    """Accept `performance` only if it asserts exactly the script's answers and nothing else."""
    if performance.problem is not None:
        return Check((performance.problem,))
    if not performance.lines:
        return Check(("the reply has no lines",))
    ctx = Context(roster=roster, incident=script.incident, lang=script.lang)
    expected = {
        fact(line.speaker, line.proposition, line.answer): line for line in script.lines
    }
    reasons: list[str] = []
    said: set[Fact] = set()
    for number, line in enumerate(performance.lines, 1):
        where = f"line {number} ({line.speaker})"
        if line.speaker not in script.speakers:
            reasons.append(f"{where}: {line.speaker} has nothing to say this turn")
            continue
        unshowable = problem(line.text, MAX_LINE)
        if unshowable:
            reasons.append(f"{where}: {unshowable}")
            continue
        if detect(line.text) != script.lang:
            reasons.append(f"{where}: not in the game's language ({script.lang})")
            continue
        if _DIGIT.search(line.text):
            reasons.append(f"{where}: mentions a number; counts are the referee's to state")
        asked = tuple(
            Query(s.speaker, s.proposition) for s in script.lines if s.speaker == line.speaker
        )
        extraction = extract(line.text, ctx, line.speaker, asked)
        for sentence in extraction.unread:
            reasons.append(f"{where}: unclear sentence {sentence!r}")
        for statement in extraction.statements:
            found = fact(statement.speaker, statement.proposition, statement.asserted)
            said.add(found)
            if found not in expected:
                reasons.append(
                    f"{where}: claims {statement.proposition} is "
                    f"{'true' if statement.asserted else 'false'}, which was not asked"
                )
    for key, scripted in expected.items():
        if key not in said:
            reasons.append(
                f"{scripted.speaker} must answer {'yes' if scripted.answer else 'no'} "
                f"to {scripted.proposition}, and did not say so clearly"
            )
    return Check(tuple(reasons))
