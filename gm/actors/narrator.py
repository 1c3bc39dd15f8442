"""The narrator: a model may tell the opening and the ending, checked like every other line.

The referee's own opening (rules, commitment) and ending (reveal, nonce) are always shown;
a model's narration is an extra paragraph and is shown only when it passes its check:

- the opening is told before any question and must claim nothing about the secret: the
  statement extractor must read no statement in it and flag no sentence that mentions a
  person, a role, the incident or a number (pure scene-setting passes);
- the ending is told after the reveal, when the secret is public, and every statement in
  it must be true of the revealed world, with nothing unread.

A rejected narration is asked again with the reasons (at most 2 retries, the rejected text
not resent), then dropped; no try is made once the turn's deadline has passed. Every
attempt is returned, with its request and every exchange even when the backend gave up,
so the session can record it.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict

from gm.actors.model import render, request_json
from gm.backends.base import Backend, CallFailed, Exchange, Message, Request
from gm.sampling import sampling_seed
from referee.lang import Context, extract
from referee.lang.display import MAX_NARRATION, displayable, problem
from referee.liar.proposition import names_in, truth
from referee.liar.verdict import Outcome
from referee.liar.world import World

MAX_ATTEMPTS = 3
NARRATION_TOKENS = 200
# The extractor's speaker for narration: on no roster, so "I" can never pass as a fact.
NARRATOR = "narrator"
_DIGIT = re.compile(r"\d")


class NarrationReply(BaseModel):
    """A narration as the model must return it."""

    model_config = ConfigDict(extra="forbid")

    text: str


Part = Literal["opening", "ending"]


@dataclass(frozen=True)
class NarrationAttempt:
    """One try, as the event log records model attempts.

    `text` is the narration read from the reply ("" when the reply could not be read):
    what was checked, so that a replay can check it again without the model. `raw` is None
    when the backend gave up (no reply came).
    """

    request: str
    raw: str | None
    text: str
    reasons: tuple[str, ...]
    tokens_in: int = 0
    tokens_out: int = 0
    latency: float = 0.0
    transport: tuple[Exchange, ...] = ()

    @property
    def accepted(self) -> bool:
        return not self.reasons


@dataclass(frozen=True)
class Narration:
    """The accepted text (None when every attempt was rejected) and every attempt."""

    text: str | None
    attempts: tuple[NarrationAttempt, ...]


def check_opening(text: str, ctx: Context) -> tuple[str, ...]:
    """Why an opening narration may not be shown; empty when it claims nothing."""
    extraction = extract(text, ctx, NARRATOR, ())
    reasons = [f"it claims {s.proposition} is {_value(s.asserted)}" for s in extraction.statements]
    reasons += [
        f"it mentions a person, role, the incident or a number: {u!r}" for u in extraction.unread
    ]
    return _and_digits(text, reasons)


def check_ending(text: str, ctx: Context, secret: World) -> tuple[str, ...]:
    """Why an ending narration may not be shown; empty when all it claims is true of `secret`."""
    extraction = extract(text, ctx, NARRATOR, ())
    reasons = []
    for statement in extraction.statements:
        on_roster = names_in(statement.proposition) <= set(ctx.roster.names)
        if not on_roster or truth(statement.proposition, secret) != statement.asserted:
            reasons.append(f"it claims {statement.proposition} is {_value(statement.asserted)}, "
                           "which the reveal contradicts")
    reasons += [f"unclear sentence {u!r}" for u in extraction.unread]
    return _and_digits(text, reasons)


def check_narration(
    part: Part, text: str, ctx: Context, secret: World | None = None
) -> tuple[str, ...]:
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


async def narrate_opening(
    backend: Backend, ctx: Context, key: bytes, *, deadline: float | None = None
) -> Narration:
    """A scene-setting paragraph before the first question, or None.

    `key` is the actor's sampling key (gm.sampling), never anything derived from the game.
    """
    return await _narrate(backend, ctx, "opening", key, None, deadline)


async def narrate_ending(
    backend: Backend, ctx: Context, secret: World, outcome: Outcome, key: bytes,
    *, deadline: float | None = None,
) -> Narration:
    """A closing paragraph after the reveal, true to `secret`, or None."""
    return await _narrate(backend, ctx, "ending", key, secret, deadline,
                          culprit=secret.culprit, liar=secret.liar, outcome=outcome)


async def _narrate(
    backend: Backend,
    ctx: Context,
    part: Part,
    key: bytes,
    secret: World | None,
    deadline: float | None,
    **values: object,
) -> Narration:
    if ctx.lang is None:
        raise ValueError("a narration is told in the game's language: set Context.lang")
    attempts: list[NarrationAttempt] = []
    reasons: tuple[str, ...] = ()
    for attempt in range(MAX_ATTEMPTS):
        if deadline is not None and time.monotonic() >= deadline:
            break
        prompt = render(ctx.lang, ctx.incident, f"actor_{part}", reasons=list(reasons), **values)
        request = Request(
            messages=(Message("user", prompt),),
            output=NarrationReply,
            max_tokens=NARRATION_TOKENS,
            seed=sampling_seed(key, part, attempt),
            attempt=attempt,
            deadline=deadline,
        )
        recorded = request_json(f"{backend.provider}:{backend.model}", request)
        try:
            completion = await backend.complete(request)
        except CallFailed as failure:
            reasons = (f"the backend failed: {failure}",)
            attempts.append(NarrationAttempt(recorded, None, "", reasons,
                                             latency=failure.latency_s,
                                             transport=failure.exchanges))
            continue
        parsed = completion.parsed
        text = displayable(parsed.text) if parsed else ""
        if completion.problem:
            reasons = (completion.problem,)
        else:
            reasons = check_narration(part, text, ctx, secret)
        attempts.append(NarrationAttempt(
            recorded, completion.text, text, reasons, completion.reply.input_tokens,
            completion.reply.output_tokens, completion.latency_s, completion.exchanges,
        ))
        if not reasons:
            return Narration(text, tuple(attempts))
    return Narration(None, tuple(attempts))
