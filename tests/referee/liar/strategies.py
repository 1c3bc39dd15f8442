"""Hypothesis strategies for the liar game: rosters, worlds, propositions, intents, games."""

from __future__ import annotations

from hypothesis import strategies as st

from referee.liar import (
    Atom,
    Confirm,
    CountQuery,
    Guess,
    Intent,
    Not,
    Other,
    Proposition,
    Query,
    Question,
    Remark,
    Roster,
    Rules,
    Says,
    Unclear,
    World,
)
from referee.liar.proposition import PREDICATES

NAMES = ("A", "B", "C", "D", "E", "F", "민수", "ゆき")
STRANGER = "Z"
"""A name on no roster: intents naming him must raise, never change the game."""


def rosters(min_size: int = 2, max_size: int = 6) -> st.SearchStrategy[Roster]:
    return st.lists(st.sampled_from(NAMES), min_size=min_size, max_size=max_size, unique=True).map(
        lambda names: Roster(tuple(names))
    )


def worlds(roster: Roster) -> st.SearchStrategy[World]:
    names = st.sampled_from(roster.names)
    return st.builds(World, names, names)


def propositions(
    roster: Roster, names: tuple[str, ...] | None = None
) -> st.SearchStrategy[Proposition]:
    """Atoms, negations and nested `says` up to a few levels deep."""
    who = st.sampled_from(names or roster.names)
    atoms = st.builds(Atom, st.sampled_from(PREDICATES), who)
    return st.recursive(
        atoms,
        lambda inner: st.one_of(st.builds(Not, inner), st.builds(Says, who, inner)),
        max_leaves=4,
    )


def questions(roster: Roster, names: tuple[str, ...] | None = None) -> st.SearchStrategy[Question]:
    who = st.sampled_from(names or roster.names)
    queries = st.builds(Query, who, propositions(roster, names))
    return st.builds(
        Question, st.lists(queries, min_size=1, max_size=4).map(tuple), open=st.booleans()
    )


def guesses(names: tuple[str, ...]) -> st.SearchStrategy[Guess]:
    part = st.none() | st.sampled_from(names)
    return st.tuples(part, part).filter(lambda g: g != (None, None)).map(lambda g: Guess(*g))


def intents(roster: Roster, strangers: bool = True) -> st.SearchStrategy[Intent]:
    """Any intent, sometimes naming a stranger (an illegal intent the referee must refuse)."""
    names = roster.names + ((STRANGER,) if strangers else ())
    return st.one_of(
        questions(roster, names),
        guesses(names),
        st.builds(Confirm, st.booleans()),
        st.just(Remark()),
        st.just(Other()),
        st.just(CountQuery()),
        st.builds(Unclear, st.text(max_size=10)),
    )


@st.composite
def games(draw: st.DrawFn) -> tuple[Rules, World, int]:
    """Rules, a secret world on their roster, and an RNG seed."""
    roster = draw(rosters(max_size=4))
    budget = draw(st.integers(min_value=1, max_value=9))
    return Rules(roster, budget), draw(worlds(roster)), draw(st.integers(0, 2**32))
