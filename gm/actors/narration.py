"""A model's narration of any game: asked, checked by the referee, asked again, or left out.

Every game's narrator (the liar game's opening and ending, gm.actors.narrator; a Garnet
Thief reveal, gm.actors.reveal_narrator) asks the same way: a prompt in the game's language,
a `{"text": ...}` reply, the referee's check of the text read from it. A rejected narration
is asked again with the reasons (at most 2 retries, the rejected text not resent), then left
out; no try is made once the deadline has passed. Every attempt is returned, with its request
and every exchange even when the backend gave up, so the caller can record it and a replay
can check the recorded text again without the model.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from gm.actors.model import request_json
from gm.backends.base import Backend, CallFailed, Exchange, Message, Request
from gm.sampling import sampling_seed
from referee.lang.display import displayable

MAX_ATTEMPTS = 3
NARRATION_TOKENS = 200


class NarrationReply(BaseModel):
    """A narration as the model must return it."""

    model_config = ConfigDict(extra="forbid")

    text: str


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


Prompt = Callable[[tuple[str, ...]], str]
"""The prompt of one attempt, given the reasons the last one was rejected (none at first)."""

Check = Callable[[str], tuple[str, ...]]
"""The referee's reasons not to show a narration; none when it may be shown."""


async def narrate(
    backend: Backend,
    key: bytes,
    call: tuple[object, ...],
    prompt: Prompt,
    check: Check,
    deadline: float | None = None,
) -> Narration:
    """Ask `backend` for a narration until `check` accepts one (at most MAX_ATTEMPTS tries).

    `key` is the narrator's sampling key (gm.sampling), never anything derived from the game;
    `call` names the narration (the liar's `("opening",)`, a reveal's `("reveal", ply)`), so
    each call and attempt has its own sampling seed."""
    attempts: list[NarrationAttempt] = []
    reasons: tuple[str, ...] = ()
    for attempt in range(MAX_ATTEMPTS):
        if deadline is not None and time.monotonic() >= deadline:
            break
        request = Request(
            messages=(Message("user", prompt(reasons)),),
            output=NarrationReply,
            max_tokens=NARRATION_TOKENS,
            seed=sampling_seed(key, *call, attempt),
            attempt=attempt,
            deadline=deadline,
        )
        recorded = request_json(f"{backend.provider}:{backend.model}", request)
        try:
            completion = await backend.complete(request)
        except CallFailed as failure:
            reasons = (f"the backend failed: {failure}",)
            attempts.append(
                NarrationAttempt(recorded, None, "", reasons, latency=failure.latency_s, transport=failure.exchanges)
            )
            continue
        parsed = completion.parsed
        text = displayable(parsed.text) if parsed else ""
        reasons = (completion.problem,) if completion.problem else check(text)
        attempts.append(
            NarrationAttempt(
                recorded,
                completion.text,
                text,
                reasons,
                completion.reply.input_tokens,
                completion.reply.output_tokens,
                completion.latency_s,
                completion.exchanges,
            )
        )
        if not reasons:
            return Narration(text, tuple(attempts))
    return Narration(None, tuple(attempts))
