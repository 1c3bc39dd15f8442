"""A model paying out a Garnet Thief round without the referee: one round, its answer, its score.

The model gets the rules of a round's payout (prompts/garnet/<lang>/eval_payout_rules.j2) and
the round, seat by seat, as text and as the JSON of `refgm garnet payout --jsonl`, and must
state every seat's gain and penalty in a schema, `{"gains": [8], "penalties": [8]}`. The
referee (`referee.garnet.payout.payout`) scores it: per seat and per field, right or wrong,
and the whole round exact only when all sixteen numbers are. A wrong answer is never mixed up
with none: a reply that is refused, empty, cut off or not the schema's JSON is `refused` or
`unread`, a call that failed for good is `failed`, and only an answer read is `exact` or `wrong`.

`offline` is the referee paying out through the same reply and scoring path: the harness,
where the referee computes every payout, right by construction.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field

from evals.garnet.items import Item
from gm.backends.base import Backend, CallFailed, Completion, Message, Reply, Request
from gm.render import template
from gm.sampling import sampling_seed
from referee.garnet import SEATS, Rules, payout
from referee.lang.incident import Lang

Outcome = Literal["exact", "wrong", "refused", "unread", "failed"]
OUTCOMES: tuple[Outcome, ...] = ("exact", "wrong", "refused", "unread", "failed")
MAX_TOKENS = 120
"""Room for sixteen small numbers in the schema's JSON and some whitespace; more is a reply cut off."""


class PayoutAnswer(BaseModel):
    """The reply: every seat's gain and penalty, in seat order."""

    gains: list[int] = Field(
        min_length=len(SEATS), max_length=len(SEATS), description="Each seat's gain, seat 1 first."
    )
    penalties: list[int] = Field(
        min_length=len(SEATS), max_length=len(SEATS), description="Each seat's penalty, seat 1 first."
    )


@dataclass(frozen=True)
class Paid:
    """One round answered: the gains and penalties read (None when `problem` says why there are
    none), how many seats each field got right, the outcome, the referee's own payout worked out
    again, and what the call cost."""

    item: Item
    gains: tuple[int, ...] | None
    penalties: tuple[int, ...] | None
    outcome: Outcome
    problem: str | None
    referee_exact: bool
    calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    latency: float = 0.0

    def _right(self, said: tuple[int, ...] | None, truth: tuple[int, ...]) -> tuple[bool, ...]:
        if said is None:
            return (False,) * len(truth)
        return tuple(a == b for a, b in zip(said, truth, strict=True))

    @property
    def gains_right(self) -> int:
        return sum(self._right(self.gains, self.item.truth.gains))

    @property
    def penalties_right(self) -> int:
        return sum(self._right(self.penalties, self.item.truth.penalties))

    @property
    def seats_right(self) -> int:
        """Seats whose gain and penalty are both right."""
        gains = self._right(self.gains, self.item.truth.gains)
        return sum(g and p for g, p in zip(gains, self._right(self.penalties, self.item.truth.penalties), strict=True))


def messages(item: Item, lang: Lang, rules: Rules = Rules()) -> tuple[Message, ...]:
    """The payout rules as the system message, the round as the question."""
    names = {c: c.name_in(lang) for c in item.choices + item.announcements}
    seats = [
        {"seat": seat, "chose": names[chose], "announced": names[said]}
        for seat, chose, said in zip(SEATS, item.choices, item.announcements, strict=True)
    ]
    rules_text = template("garnet", lang, "eval_payout_rules").render(pot=rules.pot, penalty=rules.penalty)
    question = template("garnet", lang, "eval_payout").render(seats=seats, round_json=json.dumps(item.as_json()))
    return Message("system", rules_text.strip()), Message("user", question.strip())


def score(item: Item, completion: Completion[Any], referee_exact: bool, calls: int) -> Paid:
    """A reply scored: exact or wrong when it holds an answer, else why it holds none."""
    reply = completion.reply
    cost = (calls, reply.input_tokens, reply.output_tokens, completion.latency_s)
    if completion.parsed is None:
        outcome: Outcome = "refused" if reply.finish_reason == "refusal" else "unread"
        return Paid(item, None, None, outcome, completion.problem or "no answer", referee_exact, *cost)
    gains, penalties = tuple(completion.parsed.gains), tuple(completion.parsed.penalties)
    exact = gains == item.truth.gains and penalties == item.truth.penalties
    return Paid(item, gains, penalties, "exact" if exact else "wrong", None, referee_exact, *cost)


async def answer(item: Item, lang: Lang, backend: Backend | None, key: bytes = b"") -> Paid:
    """Put `item` to `backend` (None: the referee answers) and score the reply."""
    paid = payout(item.choices, item.announcements)  # worked out again, not read from the label
    referee_exact = paid == item.truth
    request: Request[Any] = Request(
        messages(item, lang),
        PayoutAnswer,
        max_tokens=MAX_TOKENS,
        temperature=0.0,
        seed=sampling_seed(key, "payout", item.seed, item.index),
    )
    if backend is None:
        started = time.perf_counter()
        said = PayoutAnswer(gains=list(paid.gains), penalties=list(paid.penalties))
        reply = Reply(said.model_dump_json(), "stop", 0, 0)
        return score(item, Completion.read(request, reply, time.perf_counter() - started), referee_exact, calls=0)
    try:
        completion = await backend.complete(request)
    except CallFailed as failure:
        return Paid(item, None, None, "failed", str(failure), referee_exact, calls=1, latency=failure.latency_s)
    return score(item, completion, referee_exact, calls=1)
