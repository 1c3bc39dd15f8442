"""The model agent: a language model that decides a seat's move, returned in a typed schema.

An actor (gm.actors.model) voices lines the referee decided; an agent decides. It is told
its seat's view (as text and as JSON) and the rules, in the game's language, and answers
with JSON the game's `Brief` turns into a move; the referee then checks that move (gm.match
asks again with the reason, at most twice, then the seat's bot plays). A retry carries the
rejected move and why, so the model can correct it. Sampling seeds follow (key, ply,
attempt) as in gm.sampling: a replayed request is the same request, and the provider learns
nothing of the game's seed.

Each game has one `Brief` (Monorail's is gm.monorail.MonorailBrief), found by `brief_for`.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any, Protocol

from pydantic import BaseModel

from gm.actors.model import TURN_DEADLINE_S, request_json
from gm.backends.base import Backend, CallFailed, Exchange, Message, Request
from gm.sampling import new_key, sampling_seed
from referee.game import Json


@dataclass(frozen=True)
class Retry:
    """Why the last reply was not played: the move it read as (None if none) and the reason."""

    move: Any
    reason: str


class Brief(Protocol):
    """One game as an agent is told it: the reply's schema, the chat, and reply to move."""

    max_tokens: int

    def reply(self, view: Json) -> type[BaseModel]:
        """The schema of the reply to this view (a game may ask different things in turn)."""
        ...

    def messages(self, view: Json, lang: str, retry: Retry | None) -> tuple[Message, ...]:
        """The chat for one decision: the rules and the seat's view, and a retry's reason."""
        ...

    def move(self, reply: Any, lang: str) -> Any:
        """The move a parsed reply names; a ValueError saying why (in `lang`) when it names none."""
        ...


@dataclass(frozen=True)
class Decision:
    """One reply of an agent: the move it read as (None when `problem` says why not), and
    what it cost. `raw` is None when the backend gave up."""

    move: Any
    request: str
    raw: str | None
    problem: str | None = None
    tokens_in: int = 0
    tokens_out: int = 0
    latency: float = 0.0
    transport: tuple[Exchange, ...] = ()


class Agent(Protocol):
    """What gm.match needs of an agent."""

    name: str
    deadline_s: float

    async def decide(
        self, view: Json, ply: int, attempt: int, retry: Retry | None, deadline: float | None
    ) -> Decision: ...


class ModelAgent:
    """Decides moves through a model backend.

    `key` makes the sampling seeds reproducible (default: a fresh one); never the game's
    seed. `deadline_s` bounds one move's calls, retries included."""

    def __init__(
        self,
        backend: Backend,
        brief: Brief,
        lang: str = "en",
        key: bytes | None = None,
        temperature: float = 0.2,
        deadline_s: float = TURN_DEADLINE_S,
    ) -> None:
        self.backend = backend
        self.brief = brief
        self.lang = lang
        self.name = f"{backend.provider}:{backend.model}"
        self.key = key if key is not None else new_key()
        self.temperature = temperature
        self.deadline_s = deadline_s

    def request(
        self, view: Json, ply: int, attempt: int, retry: Retry | None, deadline: float | None = None
    ) -> Request[Any]:
        return Request(
            messages=self.brief.messages(view, self.lang, retry),
            output=self.brief.reply(view),
            max_tokens=self.brief.max_tokens,
            temperature=self.temperature,
            seed=sampling_seed(self.key, "move", ply, attempt),
            attempt=attempt,
            deadline=deadline,
        )

    async def decide(
        self, view: Json, ply: int, attempt: int, retry: Retry | None = None, deadline: float | None = None
    ) -> Decision:
        """One reply read into a move; a backend that gives up is a decision with no move."""
        request = self.request(view, ply, attempt, retry, deadline)
        recorded = request_json(self.name, request)
        try:
            completion = await self.backend.complete(request)
        except CallFailed as failure:
            return Decision(None, recorded, None, str(failure), latency=failure.latency_s, transport=failure.exchanges)
        move, problem = None, completion.problem
        if completion.parsed is not None:
            try:
                move = self.brief.move(completion.parsed, self.lang)
            except ValueError as err:
                problem = str(err)
        return Decision(
            move,
            recorded,
            completion.text,
            problem,
            completion.reply.input_tokens,
            completion.reply.output_tokens,
            completion.latency_s,
            completion.exchanges,
        )

    async def aclose(self) -> None:
        await self.backend.aclose()


# game name -> module defining BRIEF; imported on first use.
_BRIEFS = {"garnet": "gm.garnet", "monorail": "gm.monorail"}


def brief_for(game: str) -> Brief:
    """The brief of `game`; a ValueError for a game no agent can play."""
    if game not in _BRIEFS:
        raise ValueError(f"no model agent plays {game}")
    brief: Brief = import_module(_BRIEFS[game]).BRIEF
    return brief
