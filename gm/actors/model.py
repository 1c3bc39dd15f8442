"""The model actor: a language model voices the referee's answers without knowing the secret.

Its prompt (prompts/liar/<lang>/actor_system.j2 and actor.j2) is built from the `Script` alone:
per line the speaker, their voice and the statement the referee decided, in the game's
language. The model answers with JSON lines `{speaker, text}` constrained by a pydantic
schema. The session verifies the lines and calls `perform` again with the reasons when they
are rejected; the retry prompt carries those reasons but not the rejected reply, so a bad
answer is not reinforced by being shown back.

With a model at hand, `interpret` is a second reader (prompts/liar/<lang>/actor_interpret.j2):
it reads a question, or an utterance the parser found unclear, into the questions it asks.
The session compares that reading with the parser's; it never decides anything on its own.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, create_model

from gm.actor import ActorError, Performance, PerformedLine, Script
from gm.acts import act
from gm.backends.base import (
    Backend,
    CallFailed,
    Completion,
    Exchange,
    Message,
    Request,
    messages_json,
)
from gm.render import template
from gm.sampling import new_key, sampling_seed
from referee.lang import Context, detect
from referee.lang.display import displayable
from referee.lang.incident import Incident, Lang
from referee.liar.intent import Query, Question
from referee.liar.proposition import Predicate, literal
from referee.liar.protocol import GAME as LIAR

# Room for one or two short sentences per line in any of the three languages.
TOKENS_PER_LINE = 80
TOKENS_OVERHEAD = 40
# A reading of a few questions as JSON.
INTERPRET_TOKENS = 200
TURN_DEADLINE_S = 90.0
"""How long one turn's model calls may take in all (reading, voicing, narrating), by default."""


class ActorLine(BaseModel):
    """One character's line as the model must return it."""

    model_config = ConfigDict(extra="forbid")

    speaker: str
    text: str


class ActorReply(BaseModel):
    """The whole reply: one line per scripted statement, in order."""

    model_config = ConfigDict(extra="forbid")

    lines: list[ActorLine]


@cache
def reply_schema(speakers: tuple[str, ...]) -> type[ActorReply]:
    """`ActorReply` with `speaker` limited to this turn's speakers.

    Sent as the structured-output schema, it keeps a model (and llama.cpp's grammar) from
    inventing speakers; the lines still subclass ActorLine and ActorReply.
    """
    speaker = Literal[speakers]  # type: ignore[valid-type]
    line = create_model("ActorLine", __base__=ActorLine, speaker=(speaker, ...))
    lines = list[line]  # type: ignore[valid-type]
    return create_model("ActorReply", __base__=ActorReply, lines=(lines, ...))


def render(lang: Lang, incident: Incident, name: str, **values: Any) -> str:
    """Render `prompts/liar/<lang>/<name>.j2` about `incident` (and nothing else of the game)."""
    return template(LIAR.name, lang, name).render(noun=incident.noun[lang], act=act(incident, lang), **values).strip()


def actor_messages(script: Script, feedback: tuple[str, ...] = ()) -> tuple[Message, ...]:
    """The chat for `script`: instructions, then the lines (and any reasons to redo them)."""
    lang, incident = script.lang, script.incident
    task = render(lang, incident, "actor", lines=script.as_json()["lines"])
    if feedback:
        task += "\n\n" + render(lang, incident, "actor_retry", reasons=feedback)
    return (Message("system", render(lang, incident, "actor_system")), Message("user", task))


class ReadQuery(BaseModel):
    """One (speaker, proposition) pair as a model reads it from the player's words."""

    model_config = ConfigDict(extra="forbid")

    speaker: str
    about: str
    predicate: Predicate
    negated: bool


class Reading(BaseModel):
    """Every question a model reads in an utterance; none when it asks nothing clear."""

    model_config = ConfigDict(extra="forbid")

    queries: list[ReadQuery]


@cache
def reading_schema(names: tuple[str, ...]) -> type[Reading]:
    """`Reading` with speakers and subjects limited to the roster."""
    name = Literal[names]  # type: ignore[valid-type]
    query = create_model("ReadQuery", __base__=ReadQuery, speaker=(name, ...), about=(name, ...))
    queries = list[query]  # type: ignore[valid-type]
    return create_model("Reading", __base__=Reading, queries=(queries, ...))


@dataclass(frozen=True)
class Interpretation:
    """A model's reading of an utterance, with what it cost.

    `queries` is what the model read (() when it read no question), or None when there is
    no reading: the reply was unreadable, named someone off the roster, or never came
    (`problem` says why; `raw` is None when the backend gave up).
    """

    queries: tuple[Query, ...] | None
    request: str
    raw: str | None
    tokens_in: int = 0
    tokens_out: int = 0
    latency: float = 0.0
    problem: str | None = None
    transport: tuple[Exchange, ...] = ()

    @property
    def question(self) -> Question | None:
        """The reading as an open question (the referee states its cost before charging),
        None when it asks nothing."""
        return Question(self.queries, open=True) if self.queries else None


class ModelActor:
    """Voices scripts through a model backend (see gm.actor for the protocol).

    `key` makes the sampling seeds reproducible (see gm.sampling; default: a fresh one); it
    is never derived from the game's seed, for the provider sees every sampling seed.
    `deadline_s` is how long the session lets one turn's model calls take in all.
    `reads` makes the model a second reader of every question (`refgm play --reader`);
    without it the model reads nothing, not even what the parser found unclear.
    """

    def __init__(
        self,
        backend: Backend,
        key: bytes | None = None,
        temperature: float = 0.7,
        deadline_s: float = TURN_DEADLINE_S,
        reads: bool = True,
    ) -> None:
        self.backend = backend
        self.name = f"{backend.provider}:{backend.model}"
        self.key = key if key is not None else new_key()
        self.temperature = temperature
        self.deadline_s = deadline_s
        self.reads = reads
        self._attempt = 0

    def request(
        self, script: Script, feedback: tuple[str, ...], attempt: int
    ) -> Request[ActorReply]:
        """What is sent for one attempt; the sampling seed follows (key, turn, attempt)."""
        return Request(
            messages=actor_messages(script, feedback),
            output=reply_schema(script.speakers),
            max_tokens=TOKENS_OVERHEAD + TOKENS_PER_LINE * len(script.lines),
            temperature=self.temperature,
            seed=sampling_seed(self.key, "line", script.turn, attempt),
            attempt=attempt,
            deadline=script.deadline,
        )

    async def perform(self, script: Script, feedback: tuple[str, ...] = ()) -> Performance:
        """One attempt: a first call has no feedback, each retry carries the last reasons."""
        self._attempt = self._attempt + 1 if feedback else 0
        request = self.request(script, feedback, self._attempt)
        recorded = request_json(self.name, request)
        try:
            completion = await self.backend.complete(request)
        except CallFailed as failure:
            raise ActorError(
                str(failure), recorded, failure.exchanges, failure.latency_s
            ) from failure
        return Performance(
            request=recorded,
            raw=completion.text,
            lines=lines_of(completion),
            tokens_in=completion.reply.input_tokens,
            tokens_out=completion.reply.output_tokens,
            latency=completion.latency_s,
            transport=completion.exchanges,
            problem=completion.problem,
        )

    def reading_request(
        self, text: str, ctx: Context, deadline: float | None = None
    ) -> Request[Reading]:
        """What `interpret` sends: the utterance, the roster and the incident, nothing else."""
        lang = ctx.lang or detect(text)
        names = ctx.roster.names
        return Request(
            messages=(
                Message("system", render(lang, ctx.incident, "actor_interpret", names=list(names))),
                Message("user", text),
            ),
            output=reading_schema(names),
            max_tokens=INTERPRET_TOKENS,
            temperature=0.0,
            seed=sampling_seed(self.key, "interpret", text),
            deadline=deadline,
        )

    async def interpret(
        self, text: str, ctx: Context, deadline: float | None = None
    ) -> Interpretation:
        """Read an utterance into the questions it asks, names limited to the roster.

        The model sees the utterance, the roster and the incident, never the game state.
        It never fails the turn: an unusable reply or backend, or the turn's `deadline`
        passing, gives `queries` None.
        """
        request = self.reading_request(text, ctx, deadline)
        recorded = request_json(self.name, request)
        try:
            completion = await self.backend.complete(request)
        except CallFailed as failure:
            return Interpretation(None, recorded, None, latency=failure.latency_s,
                                  problem=str(failure), transport=failure.exchanges)
        reading = completion.parsed
        queries = None if reading is None else tuple(
            Query(q.speaker, literal(q.predicate, q.about, q.negated)) for q in reading.queries)
        return Interpretation(
            queries=queries,
            request=recorded,
            raw=completion.text,
            tokens_in=completion.reply.input_tokens,
            tokens_out=completion.reply.output_tokens,
            latency=completion.latency_s,
            problem=completion.problem or (None if queries else "no question read"),
            transport=completion.exchanges,
        )

    async def aclose(self) -> None:
        await self.backend.aclose()


def lines_of(completion: Completion[ActorReply]) -> tuple[PerformedLine, ...]:
    """The reply's lines as they would be displayed (gm.verify reads exactly those), or none
    when the reply could not be read (the verifier then rejects it)."""
    if completion.parsed is None:
        return ()
    return tuple(
        PerformedLine(line.speaker.strip(), displayable(line.text))
        for line in completion.parsed.lines
    )


def request_json(model: str, request: Request[Any]) -> str:
    """The request as recorded in the event log: model, messages and sampling parameters."""
    record = {"model": model, "messages": messages_json(request.messages), **request.params()}
    return json.dumps(record, ensure_ascii=False)
