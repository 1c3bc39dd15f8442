"""A model as Monorail's judge, without the referee: one question, its answer, its score.

The model gets the rules (evals/prompts/monorail/rules.<lang>.txt) and the position as text
in the move notation and as JSON (and, for a move question, the move), and answers in a
schema, `{"legal": bool}` or `{"completable": bool}`. The answer is scored against the
referee (`check_move`, `solve`). A wrong verdict is never mixed up with no verdict: a reply
that is refused, empty, cut off or not the schema's JSON is `refused` or `unread`, a call
that failed for good is `failed`, and only a verdict read is `right` or `wrong`.

`offline` is the referee itself as the judge, through the same reply and scoring path: the
harness's column, right by construction.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field

from evals.monorail.items import Item, fault_of
from evals.prompting import prompt_text
from gm.backends.base import Backend, CallFailed, Completion, Message, Reply, Request
from gm.sampling import sampling_seed
from referee.lang.incident import Lang
from referee.monorail.notation import move_str, tile_str
from referee.monorail.solver import solve
from referee.monorail.tile import Tile

Outcome = Literal["right", "wrong", "refused", "unread", "failed"]
OUTCOMES: tuple[Outcome, ...] = ("right", "wrong", "refused", "unread", "failed")
NONE: dict[Lang, str] = {"en": "no tiles", "ko": "타일 없음", "ja": "タイルなし"}
"""What the position text says for no tiles at all (nothing placed yet, an empty move)."""
MAX_TOKENS = 50
"""Room for the one-field JSON reply and some whitespace; more is a reply cut off."""


class MoveJudgement(BaseModel):
    """The reply to a move question."""

    legal: bool = Field(description="Whether the proposed move is legal in the position.")


class PositionJudgement(BaseModel):
    """The reply to a position question."""

    completable: bool = Field(description="Whether the loop can still be completed with the tiles left.")


Judgement = MoveJudgement | PositionJudgement


@dataclass(frozen=True)
class Judged:
    """One question judged: the verdict read (None when there is none), how it scored, why
    there is none (`problem`), the referee's own verdict, and what the call cost."""

    item: Item
    answer: bool | None
    outcome: Outcome
    problem: str | None
    referee: bool
    calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    latency: float = 0.0


def _tiles(tiles: tuple[Tile, ...], lang: Lang) -> str:
    return " ".join(map(tile_str, tiles)) or NONE[lang]


def messages(item: Item, lang: Lang) -> tuple[Message, ...]:
    """The rules as the system message, the position (and move) as the question."""
    position = item.position
    fields: dict[str, Any] = {
        "stations": _tiles(position.stations, lang),
        "placed": _tiles(position.placed, lang),
        "tiles_left": position.tiles_left,
        "position_json": json.dumps(position.as_json()),
    }
    if item.move is not None:
        fields["move"] = move_str(item.move) or NONE[lang]
        fields["move_json"] = json.dumps(item.move.as_json())
    question = prompt_text("monorail", f"{item.question}.{lang}.txt").format(**fields).strip()
    return (Message("system", prompt_text("monorail", f"rules.{lang}.txt").strip()), Message("user", question))


def schema(item: Item) -> type[Judgement]:
    return MoveJudgement if item.question == "move" else PositionJudgement


def referee_verdict(item: Item) -> bool:
    """The referee's answer, worked out now from the position (not read from the label)."""
    if item.move is not None:
        return fault_of(item.position, item.move) is None
    return solve(item.position).completable


def _verdict(parsed: Judgement) -> bool:
    return parsed.legal if isinstance(parsed, MoveJudgement) else parsed.completable


def score(item: Item, completion: Completion[Any], referee: bool, calls: int) -> Judged:
    """A reply scored: right or wrong when it holds a verdict, else why it holds none."""
    reply = completion.reply
    cost = (calls, reply.input_tokens, reply.output_tokens, completion.latency_s)
    if completion.parsed is None:
        problem = completion.problem or "no verdict"
        outcome: Outcome = "refused" if reply.finish_reason == "refusal" else "unread"
        return Judged(item, None, outcome, problem, referee, *cost)
    answer = _verdict(completion.parsed)
    return Judged(item, answer, "right" if answer == item.truth else "wrong", None, referee, *cost)


async def judge(item: Item, lang: Lang, backend: Backend | None, key: bytes = b"") -> Judged:
    """Put `item` to `backend` (None: the referee answers) and score the reply."""
    referee = referee_verdict(item)
    request: Request[Any] = Request(
        messages(item, lang),
        schema(item),
        max_tokens=MAX_TOKENS,
        temperature=0.0,
        seed=sampling_seed(key, "judge", item.seed, item.index),
    )
    if backend is None:
        started = time.perf_counter()
        said = schema(item).model_validate({"legal" if item.question == "move" else "completable": referee})
        reply = Reply(said.model_dump_json(), "stop", 0, 0)
        return score(item, Completion.read(request, reply, time.perf_counter() - started), referee, calls=0)
    try:
        completion = await backend.complete(request)
    except CallFailed as failure:
        return Judged(item, None, "failed", str(failure), referee, calls=1, latency=failure.latency_s)
    return score(item, completion, referee, calls=1)
