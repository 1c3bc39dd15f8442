"""The narrator: a model may tell the opening and the ending, checked like every other line.

The referee's own opening (rules, commitment) and ending (reveal, nonce) are always shown;
a model's narration is an extra paragraph and is shown only when it passes its check:

- the opening is told before any question and must claim nothing about the secret: the
  statement extractor must read no statement in it and flag no sentence that mentions a
  person, a role, the incident or a number (pure scene-setting passes);
- the ending is told after the reveal, when the secret is public, and every statement in
  it must be true of the revealed world, with nothing unread.

Both are asked as every narration is (gm.actors.narration): a rejected one is asked again
with the reasons, at most twice, then dropped, and every attempt is returned for the
session to record.
"""

from __future__ import annotations

import re
from typing import Literal

from gm.actors.model import render
from gm.actors.narration import Narration, narrate
from gm.backends.base import Backend
from referee.lang import Context, extract
from referee.lang.display import MAX_NARRATION, problem
from referee.liar.proposition import names_in, truth
from referee.liar.verdict import Outcome
from referee.liar.world import World

# The extractor's speaker for narration: on no roster, so "I" can never pass as a fact.
NARRATOR = "narrator"
_DIGIT = re.compile(r"\d")

Part = Literal["opening", "ending"]


def check_opening(text: str, ctx: Context) -> tuple[str, ...]:
    """Why an opening narration may not be shown; empty when it claims nothing."""
    extraction = extract(text, ctx, NARRATOR, ())
    reasons = [f"it claims {s.proposition} is {_value(s.asserted)}" for s in extraction.statements]
    reasons += [f"it mentions a person, role, the incident or a number: {u!r}" for u in extraction.unread]
    return _and_digits(text, reasons)


def check_ending(text: str, ctx: Context, secret: World) -> tuple[str, ...]:
    """Why an ending narration may not be shown; empty when all it claims is true of `secret`."""
    extraction = extract(text, ctx, NARRATOR, ())
    reasons = []
    for statement in extraction.statements:
        on_roster = names_in(statement.proposition) <= set(ctx.roster.names)
        if not on_roster or truth(statement.proposition, secret) != statement.asserted:
            reasons.append(
                f"it claims {statement.proposition} is {_value(statement.asserted)}, which the reveal contradicts"
            )
    reasons += [f"unclear sentence {u!r}" for u in extraction.unread]
    return _and_digits(text, reasons)


def check_narration(part: Part, text: str, ctx: Context, secret: World | None = None) -> tuple[str, ...]:
    """Why a narration read from a reply may not be shown: the test of a live game and of replay.

    An ending is checked against `secret`, which must then be given (it is public by then).
    """
    if not text:
        return ("the narration is empty",)
    unshowable = problem(text, MAX_NARRATION)
    if unshowable:
        return (f"the narration cannot be shown: {unshowable}",)
    if part == "opening":
        return check_opening(text, ctx)
    if secret is None:
        raise ValueError("an ending is checked against the revealed secret")
    return check_ending(text, ctx, secret)


def _value(asserted: bool) -> str:
    return "true" if asserted else "false"


def _and_digits(text: str, reasons: list[str]) -> tuple[str, ...]:
    if _DIGIT.search(text):
        reasons.append("it writes a number; counts are the referee's to state")
    return tuple(reasons)


async def narrate_opening(backend: Backend, ctx: Context, key: bytes, *, deadline: float | None = None) -> Narration:
    """A scene-setting paragraph before the first question, or None.

    `key` is the actor's sampling key (gm.sampling), never anything derived from the game.
    """
    return await _narrate(backend, ctx, "opening", key, None, deadline)


async def narrate_ending(
    backend: Backend,
    ctx: Context,
    secret: World,
    outcome: Outcome,
    key: bytes,
    *,
    deadline: float | None = None,
) -> Narration:
    """A closing paragraph after the reveal, true to `secret`, or None."""
    return await _narrate(
        backend, ctx, "ending", key, secret, deadline, culprit=secret.culprit, liar=secret.liar, outcome=outcome
    )


async def _narrate(
    backend: Backend,
    ctx: Context,
    part: Part,
    key: bytes,
    secret: World | None,
    deadline: float | None,
    **values: object,
) -> Narration:
    lang = ctx.lang
    if lang is None:
        raise ValueError("a narration is told in the game's language: set Context.lang")

    def prompt(reasons: tuple[str, ...]) -> str:
        return render(lang, ctx.incident, f"actor_{part}", reasons=list(reasons), **values)

    return await narrate(backend, key, (part,), prompt, lambda text: check_narration(part, text, ctx, secret), deadline)
