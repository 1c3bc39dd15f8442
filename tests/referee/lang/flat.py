"""Flatten a parsed question for table tests: {(speaker, about, predicate, negated)}."""

from __future__ import annotations

from referee.liar import Intent, Question, as_literal


def flat_queries(intent: Intent) -> set[tuple[str, str, str, bool]]:
    """The question's queries as plain tuples; fails the test unless it is a flat question."""
    assert isinstance(intent, Question), intent
    out: set[tuple[str, str, str, bool]] = set()
    for query in intent.queries:
        flat = as_literal(query.proposition)
        assert flat is not None, query
        atom, negated = flat
        out.add((query.speaker, atom.about, atom.predicate, negated))
    return out
