"""`refgm eval --game garnet`: payouts without the referee, models playing against populations of
bots, and the isolation check of every request those games made, resumably.

It runs on the runner every eval shares (`evals.runner.EvalRunner`): one results line per
round, game or checked log appended to `<run>/results.jsonl`, with `"game": "garnet"` so that a
run folder may hold several games and `refgm report` tells them apart; a re-run plays only what
is missing. `offline` (the referee) only pays out; a `bot:<style>` model only plays. The
isolation check reads the logs of the players' games, so asking for it plays those games too
(those not played yet), and checks them once every game of the run is over.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import product
from pathlib import Path
from typing import Any, Literal

from evals.garnet.isolation import check
from evals.garnet.items import item
from evals.garnet.payout import Paid, answer
from evals.garnet.players import PlayersSpec, log_path, model_agent, model_player, play, populations
from evals.runner import EvalRunner
from evals.seat import BOT
from gm.actors.model import request_json
from gm.agent import Retry
from gm.backends.base import Request
from gm.recorder import TranscriptError, read
from gm.sampling import game_key
from referee.game import Json
from referee.garnet.protocol import GAME as GARNET
from referee.lang.incident import Lang

GAME = GARNET.name
Mode = Literal["payout", "players", "isolation"]
MODES: tuple[Mode, ...] = ("payout", "players", "isolation")
OFFLINE = "offline"
"""The referee paying out: the harness's own payouts."""


@dataclass(frozen=True)
class PayoutSpec:
    """One round of the payout eval: which model, in which language, item `index` of `seed`."""

    model: str
    lang: Lang
    seed: int
    index: int

    @property
    def key(self) -> str:
        return f"{GAME}|{self.model}|payout|{self.lang}|{self.seed}|{self.index}"


@dataclass(frozen=True)
class IsolationSpec:
    """The isolation check of one players game's log."""

    game: PlayersSpec

    @property
    def model(self) -> str:
        return self.game.model

    @property
    def key(self) -> str:
        return self.game.key.replace("|players|", "|isolation|", 1)


Spec = PayoutSpec | PlayersSpec | IsolationSpec


@dataclass(frozen=True)
class GarnetPlan:
    """What to run: the models, modes and languages, how many rounds and games, and how."""

    models: tuple[str, ...]
    modes: tuple[Mode, ...] = MODES
    langs: tuple[Lang, ...] = ("en",)
    items: int = 48
    seed: int = 0
    populations: tuple[str, ...] = field(default_factory=populations)
    games: int = 8
    seats: int = 1
    prices: dict[str, tuple[float, float]] = field(default_factory=dict)
    connections: int = 4

    def games_played(self) -> Iterator[PlayersSpec]:
        """Games from `seed` on, the same seeds against every population; a bot plays too."""
        players = [m for m in self.models if m != OFFLINE]
        seeds = range(self.seed, self.seed + self.games)
        for lang, seed, population, model in product(self.langs, seeds, self.populations, players):
            yield PlayersSpec(model, lang, population, seed, self.seats)

    def specs(self) -> Iterator[Spec]:
        """Language by language, then round by round across the models (a model's consecutive
        calls share the rules prompt, which a local model and prompt caches read once); then
        the games; then the isolation check of every game a model played (a bot sends no request)."""
        if "payout" in self.modes:
            payers = [m for m in self.models if m.partition(":")[0] != BOT]
            for lang, index, model in product(self.langs, range(self.items), payers):
                yield PayoutSpec(model, lang, self.seed, index)
        if "players" in self.modes or "isolation" in self.modes:
            yield from self.games_played()
        if "isolation" in self.modes:
            for game in self.games_played():
                if game.model.partition(":")[0] != BOT:
                    yield IsolationSpec(game)


def paid_json(spec: PayoutSpec, paid: Paid, seconds: float, prices: dict[str, tuple[float, float]]) -> dict[str, Any]:
    """One results line: the round (re-checkable with `refgm garnet payout --jsonl`), the
    referee's payout and the model's, how it scored, and what it cost."""
    question = paid.item
    price_in, price_out = prices.get(spec.model, (0.0, 0.0))
    answered = paid.gains is not None and paid.penalties is not None
    return {
        "game": GAME,
        "mode": "payout",
        "model": spec.model,
        "lang": spec.lang,
        "seed": spec.seed,
        "index": spec.index,
        "key": spec.key,
        "kind": question.kind,
        "features": list(question.features),
        "round": question.as_json(),
        "truth": {"gains": list(question.truth.gains), "penalties": list(question.truth.penalties)},
        "referee_exact": paid.referee_exact,
        "answer": {"gains": list(paid.gains or ()), "penalties": list(paid.penalties or ())} if answered else None,
        "outcome": paid.outcome,
        "problem": paid.problem,
        "gains_right": paid.gains_right,
        "penalties_right": paid.penalties_right,
        "seats_right": paid.seats_right,
        "model_calls": paid.calls,
        "tokens_in": paid.tokens_in,
        "tokens_out": paid.tokens_out,
        "latency": round(paid.latency, 4),
        "cost_usd": round((paid.tokens_in * price_in + paid.tokens_out * price_out) / 1e6, 6),
        "seconds": round(seconds, 4),
        "error": paid.problem if paid.outcome == "failed" else None,
    }


class Recorded:
    """The backend a logged game's agent was made with, by name only: the isolation check
    rebuilds requests with it and never calls it."""

    def __init__(self, model: str) -> None:
        self.provider, _, self.model = model.partition(":")

    async def complete(self, request: Request[Any]) -> Any:
        raise RuntimeError("the isolation check calls no model")

    async def aclose(self) -> None:
        return None


def isolated(spec: IsolationSpec, run_dir: Path) -> dict[str, Any]:
    """The isolation check of one finished game's log, as its results line."""
    game = spec.game
    path = log_path(run_dir, game.key)
    if not path.exists():
        raise TranscriptError(f"{path}: no log of the game {game.key}: play it (--mode players)")
    log = read(path)
    if log.first("game_ended") is None:
        raise TranscriptError(f"{path}: the game {game.key} did not end: play it again (--mode players)")
    agent = model_agent(Recorded(game.model), game.lang, game.seed)

    def request_for(seat: str, view: Json, ply: int, attempt: int, retry: Retry | None) -> str:
        return request_json(agent.name, agent.request(view, ply, attempt, retry))

    started = time.perf_counter()
    found = check(log, request_for)
    return {
        "game": GAME,
        "mode": "isolation",
        "model": game.model,
        "lang": game.lang,
        "population": game.population,
        "seed": game.seed,
        "key": spec.key,
        "seats": list(game.model_seats),
        "requests": found.requests,
        "alternatives": found.alternatives,
        "leaks": found.leaking,
        "request_leaks": sum(leak.check == "request" for leak in found.leaks),
        "view_leaks": sum(leak.check == "view" for leak in found.leaks),
        "first_leak": None if not found.leaks else vars(found.leaks[0]),
        "log_problems": len(found.problems),
        "seconds": round(time.perf_counter() - started, 4),
        "log": str(path.relative_to(run_dir)),
    }


class GarnetRunner(EvalRunner[Spec]):
    """Pays out a plan's unanswered rounds, plays its unplayed games, checks their logs, and
    appends the results."""

    def __init__(
        self, plan: GarnetPlan, run_dir: Path, on_result: Callable[[dict[str, Any]], None] = lambda _: None
    ) -> None:
        super().__init__(run_dir, plan.connections, on_result)
        self.plan = plan

    def specs(self) -> Iterator[Spec]:
        return self.plan.specs()

    def run(self, specs: list[Spec]) -> None:
        """The rounds and games first, then the isolation checks: a log is read only once its
        game is over, whatever order the workers took the games in."""
        checks: list[Spec] = [spec for spec in specs if isinstance(spec, IsolationSpec)]
        super().run([spec for spec in specs if not isinstance(spec, IsolationSpec)])
        if checks:
            super().run(checks)

    async def play(self, spec: Spec) -> dict[str, Any]:
        if isinstance(spec, IsolationSpec):
            return isolated(spec, self.run_dir)
        if isinstance(spec, PlayersSpec):
            backend = None if spec.model.partition(":")[0] == BOT else self._backend(spec.model)
            return await play(spec, model_player(spec, backend), self.run_dir, self.plan.prices)
        question = item(spec.seed, spec.index)  # drawn once per process, not timed
        started = time.perf_counter()
        if spec.model == OFFLINE:
            paid = await answer(question, spec.lang, None)
        else:
            paid = await answer(question, spec.lang, self._backend(spec.model), game_key(spec.seed))
        return paid_json(spec, paid, time.perf_counter() - started, self.plan.prices)
