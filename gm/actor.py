"""The actor interface: who voices the characters' answers, and what they are given.

The referee decides every answer; an actor only puts it into words. An actor receives a
`Script` (the language, the incident and, per line, who speaks, the proposition and the
answer to assert, and the speaker's persona) and returns a `Performance`. It never sees
the secret, the player's text or the game history, so it cannot leak or bend them.

The session verifies every performance (gm.verify) and, when it is rejected, calls
`perform` again with the rejection reasons as `feedback` (at most twice; earlier failed
replies are not resent), then falls back to the offline template text. Every attempt is
recorded as a `model_attempt` event.

To plug in a model backend, implement `Actor`:

    class MyActor:
        name = "openai:gpt-4o-mini"

        async def perform(self, script: Script, feedback: tuple[str, ...] = ()) -> Performance:
            request = ...                      # messages built from the script (and feedback)
            raw = await call_the_model(request)
            return Performance(request=json.dumps(request), raw=raw,
                               lines=parse_lines(raw), tokens_in=.., tokens_out=.., latency=..)

Raise `ActorError` when the backend gives up (after its own transport retries), with the
request that was sent and every exchange behind it; the session records it as a rejected
attempt and moves on. A script carries the turn's `deadline`: an actor should not make the
player wait past it (the session makes no attempt once it has passed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from gm.backends.base import Exchange
from referee.lang.incident import Incident, Lang
from referee.liar.codec import proposition_json
from referee.liar.proposition import Proposition

# The voices of the cast, by key; the session gives the roster's names these in turn.
PERSONAS: dict[str, str] = {
    "formal": "formal and precise: polite, complete sentences, a little stiff",
    "casual": "casual and blunt: short, relaxed, informal speech",
    "nervous": "nervous and hesitant: hedges and stammers, but still answers clearly",
}


@dataclass(frozen=True)
class ScriptLine:
    """One line to voice: `speaker` asserts that `proposition` is `answer` (True = yes).

    `persona` is a key of `PERSONAS` (the speaker's voice); it is flavour only.
    """

    speaker: str
    proposition: Proposition
    answer: bool
    persona: str


@dataclass(frozen=True)
class Script:
    """Everything an actor may know for one turn. Deliberately without the secret.

    `deadline` (a `time.monotonic()` value, or None) is when the turn's model calls must be
    over; it is not part of the script's JSON.
    """

    lang: Lang
    incident: Incident
    lines: tuple[ScriptLine, ...]
    turn: int = 0
    deadline: float | None = None

    @property
    def speakers(self) -> tuple[str, ...]:
        """The speakers in order of first appearance."""
        return tuple(dict.fromkeys(line.speaker for line in self.lines))

    def as_json(self) -> dict[str, Any]:
        """The script as plain JSON: what an actor's request is built from and recorded as.

        Each line is `{"speaker", "about", "predicate", "negated", "via"?, "answer", "persona"}`:
        the speaker answers `answer` (yes/no) to the proposition as asked.
        """
        return {
            "lang": self.lang,
            "incident": {"key": self.incident.key, "verb": self.incident.verb,
                         "noun": self.incident.noun[self.lang]},
            "turn": self.turn,
            "lines": [
                {**proposition_json(line.speaker, line.proposition), "answer": line.answer,
                 "persona": line.persona}
                for line in self.lines
            ],
        }


@dataclass(frozen=True)
class PerformedLine:
    """What one character says, as shown to the player after verification."""

    speaker: str
    text: str


@dataclass(frozen=True)
class Performance:
    """An actor's reply to a script, with what it cost.

    `request` is exactly what was sent (JSON text for chat messages), `raw` exactly what
    came back; `lines` is `raw` split into speakers' lines by the actor. Tokens are 0 and
    latency is measured wall-clock seconds for the offline actor. `transport` lists each
    network exchange behind a model's reply (retried timeouts, 429s, 5xx..., then `ok`).
    `problem` says why a reply could not be read at all (cut off, not JSON, refused, empty):
    the verifier gives it back to the actor as the reason, rather than "no lines".
    """

    request: str
    raw: str
    lines: tuple[PerformedLine, ...]
    tokens_in: int = 0
    tokens_out: int = 0
    latency: float = 0.0
    transport: tuple[Exchange, ...] = ()
    problem: str | None = None


class ActorError(RuntimeError):
    """The actor could not produce any reply (the backend failed after its own retries).

    It keeps what the failed call sent (`request`, as a Performance records it) and every
    exchange it made, so the attempt is logged as fully as one that got a reply.
    """

    def __init__(
        self,
        message: str,
        request: str = "",
        transport: tuple[Exchange, ...] = (),
        latency: float = 0.0,
    ) -> None:
        super().__init__(message)
        self.request = request
        self.transport = transport
        self.latency = latency


class Actor(Protocol):
    """Voices scripts. `name` is recorded in the transcript (e.g. "offline", "openai:gpt-4o")."""

    name: str

    async def perform(self, script: Script, feedback: tuple[str, ...] = ()) -> Performance:
        """Voice every line of `script`; `feedback` lists why the previous attempt was rejected."""
        ...
