"""Propositions as a small typed AST, and the liar's law.

An atom says something about one person (`culprit(B)`, `liar(C)`, `honest(A)`);
`Not` negates; `Says(S, p)` means "S would answer yes if asked p", which is how a
nested question ("would B say he ate it?") is put. Truth is evaluated in a fixed world;
an answer is the truth, inverted when the speaker is the liar, also about himself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from referee.liar.world import Roster, World

Predicate = Literal["culprit", "liar", "honest"]
PREDICATES: tuple[Predicate, ...] = get_args(Predicate)


@dataclass(frozen=True)
class Atom:
    """A fact about one person: `predicate(about)`."""

    predicate: Predicate
    about: str

    def __post_init__(self) -> None:
        if self.predicate not in PREDICATES:
            raise ValueError(f"unknown predicate {self.predicate!r}")

    def __str__(self) -> str:
        return f"{self.predicate}({self.about})"


@dataclass(frozen=True)
class Not:
    """The negation of a proposition."""

    inner: Proposition

    def __str__(self) -> str:
        return f"not {self.inner}"


@dataclass(frozen=True)
class Says:
    """"`speaker` would answer yes if asked `inner`" (a nested question)."""

    speaker: str
    inner: Proposition

    def __str__(self) -> str:
        return f"says({self.speaker}, {self.inner})"


Proposition = Atom | Not | Says


def literal(predicate: Predicate, about: str, negated: bool = False) -> Proposition:
    """An atom, negated when asked: the flat form the parser and extractor produce."""
    atom = Atom(predicate, about)
    return Not(atom) if negated else atom


def as_literal(p: Proposition) -> tuple[Atom, bool] | None:
    """Split a possibly negated atom into (atom, negated); None for anything nested."""
    negated = False
    while isinstance(p, Not):
        negated = not negated
        p = p.inner
    return (p, negated) if isinstance(p, Atom) else None


def truth(p: Proposition, world: World) -> bool:
    """Whether `p` holds in `world`."""
    if isinstance(p, Atom):
        if p.predicate == "culprit":
            return world.culprit == p.about
        if p.predicate == "liar":
            return world.liar == p.about
        return world.liar != p.about
    if isinstance(p, Not):
        return not truth(p.inner, world)
    return answer(p.speaker, p.inner, world)


def answer(speaker: str, p: Proposition, world: World) -> bool:
    """What `speaker` asserts about `p`: the truth, inverted when `speaker` is the liar."""
    return truth(p, world) != (speaker == world.liar)


def names_in(p: Proposition) -> frozenset[str]:
    """Every person a proposition mentions (to validate it against a roster)."""
    if isinstance(p, Atom):
        return frozenset({p.about})
    if isinstance(p, Not):
        return names_in(p.inner)
    return names_in(p.inner) | {p.speaker}


def check_names(p: Proposition, roster: Roster) -> Proposition:
    """Return `p` when every name in it is on the roster; raise UnknownNameError otherwise."""
    for name in sorted(names_in(p)):
        roster.check(name)
    return p


def canonical(p: Proposition) -> Proposition:
    """The question behind `p`, regardless of how it was phrased.

    Asking "did B eat it?" and "didn't B eat it?" or "is C the liar?" and "is C honest?"
    is asking one thing, so duplicates are found on this form: negations stripped and
    `honest` read as `liar`.
    """
    if isinstance(p, Not):
        return canonical(p.inner)
    if isinstance(p, Atom):
        return Atom("liar", p.about) if p.predicate == "honest" else p
    return Says(p.speaker, canonical(p.inner))
