"""`refgm eval --game monorail`: the judge's questions and the games against the bots, for
every model and language, resumably.

It runs on the runner every eval shares (`evals.runner.EvalRunner`): one results line per
question or game appended to `<run>/results.jsonl`, with `"game": "monorail"` so that a run
folder may hold both games and `refgm report` tells them apart; a re-run plays only what is
missing. `offline` (the referee) only judges; a `bot:<level>` model only plays.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import product
from pathlib import Path
from typing import Any, Literal

from evals.monorail.items import item
from evals.monorail.judge import Judged, judge
from evals.monorail.opponent import OpponentSpec, model_player
from evals.monorail.opponent import play as play_opponent
from evals.runner import EvalRunner
from evals.seat import BOT
from gm.bots import levels
from gm.sampling import game_key
from referee.lang.incident import Lang

GAME = "monorail"
Mode = Literal["judge", "opponent"]
MODES: tuple[Mode, ...] = ("judge", "opponent")
OFFLINE = "offline"
"""The referee as the judge: the harness's own answers."""


@dataclass(frozen=True)
class JudgeSpec:
    """One question of the judge eval: which model, in which language, item `index` of `seed`."""

    model: str
    lang: Lang
    seed: int
    index: int

    @property
    def key(self) -> str:
        return f"{GAME}|{self.model}|judge|{self.lang}|{self.seed}|{self.index}"


@dataclass(frozen=True)
class MonorailPlan:
    """What to run: the models, modes and languages, how many questions, and how."""

    models: tuple[str, ...]
    modes: tuple[Mode, ...] = MODES
    langs: tuple[Lang, ...] = ("en",)
    items: int = 60
    seed: int = 0
    bots: tuple[str, ...] = field(default_factory=lambda: levels(GAME))
    games: int = 10
    prices: dict[str, tuple[float, float]] = field(default_factory=dict)
    connections: int = 4

    def specs(self) -> Iterator[JudgeSpec | OpponentSpec]:
        """Language by language, then question by question (game by game) across the models:
        a model's consecutive calls share the rules prompt, which a local model (llama.cpp
        reuses the longest prefix already evaluated) and provider prompt caches read once.
        Games run from `seed` on, the same seeds against every bot level."""
        judges = [m for m in self.models if m.partition(":")[0] != BOT]
        players = [m for m in self.models if m != OFFLINE]
        if "judge" in self.modes:
            for lang, index, model in product(self.langs, range(self.items), judges):
                yield JudgeSpec(model, lang, self.seed, index)
        if "opponent" in self.modes:
            seeds = range(self.seed, self.seed + self.games)
            for lang, seed, bot, model in product(self.langs, seeds, self.bots, players):
                yield OpponentSpec(model, lang, bot, seed)


def judged_json(
    spec: JudgeSpec, judged: Judged, seconds: float, prices: dict[str, tuple[float, float]]
) -> dict[str, Any]:
    """One results line: the question (re-checkable with `refgm monorail check --jsonl`),
    the referee's answer and the model's, how it scored, and what it cost."""
    item = judged.item
    price_in, price_out = prices.get(spec.model, (0.0, 0.0))
    return {
        "game": GAME,
        "mode": "judge",
        "model": spec.model,
        "lang": spec.lang,
        "seed": spec.seed,
        "index": spec.index,
        "key": spec.key,
        "question": item.question,
        "depth": item.depth,
        "fault": item.fault.value if item.fault else None,
        "truth": item.truth,
        "referee": judged.referee,
        "answer": judged.answer,
        "outcome": judged.outcome,
        "problem": judged.problem,
        "model_calls": judged.calls,
        "tokens_in": judged.tokens_in,
        "tokens_out": judged.tokens_out,
        "latency": round(judged.latency, 4),
        "cost_usd": round((judged.tokens_in * price_in + judged.tokens_out * price_out) / 1e6, 6),
        "seconds": round(seconds, 4),
        "error": judged.problem if judged.outcome == "failed" else None,
        "item": item.as_json(),
    }


class MonorailRunner(EvalRunner[JudgeSpec | OpponentSpec]):
    """Asks a plan's unanswered questions, plays its unplayed games, and appends the results."""

    def __init__(
        self, plan: MonorailPlan, run_dir: Path, on_result: Callable[[dict[str, Any]], None] = lambda _: None
    ) -> None:
        super().__init__(run_dir, plan.connections, on_result)
        self.plan = plan

    def specs(self) -> Iterator[JudgeSpec | OpponentSpec]:
        return self.plan.specs()

    async def play(self, spec: JudgeSpec | OpponentSpec) -> dict[str, Any]:
        if isinstance(spec, OpponentSpec):
            backend = None if spec.model.partition(":")[0] == BOT else self._backend(spec.model)
            return await play_opponent(spec, model_player(spec, backend), self.run_dir, self.plan.prices)
        question = item(spec.seed, spec.index)  # drawn once per process, not timed
        started = time.perf_counter()
        if spec.model == OFFLINE:
            judged = await judge(question, spec.lang, None)
        else:
            judged = await judge(question, spec.lang, self._backend(spec.model), game_key(spec.seed))
        return judged_json(spec, judged, time.perf_counter() - started, self.plan.prices)
