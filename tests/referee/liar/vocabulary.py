"""Short names for the propositions and questions the tables are written in."""

from __future__ import annotations

from referee.liar import Atom, Proposition, Query, Question


def ate(name: str) -> Atom:
    """"`name` ate it" (caused the incident)."""
    return Atom("culprit", name)


def lies(name: str) -> Atom:
    """"`name` is the liar"."""
    return Atom("liar", name)


def honest(name: str) -> Atom:
    """"`name` is honest"."""
    return Atom("honest", name)


def ask(speaker: str, *propositions: Proposition, open: bool = False) -> Question:
    """One speaker asked about one or more propositions."""
    return Question(tuple(Query(speaker, p) for p in propositions), open=open)
