"""Models as Garnet Thief players against populations of bots: one recorded match per game.

A model plays one seat (or several) through the seat harness (gm.match, gm.agent): each
decision it gets its seat's view alone and answers with a choice and what it says aloud in a
schema (gm.agent's brief for garnet); the referee reads the announcement back and checks the
move, a refused reply is asked again with the reason (at most twice), then the seat's fallback
bot (`random`, so that the model's games stay its own as far as they can) plays and the move
says so. The other seats are a population of bots: seven of one style, or `mixed`, the styles
in turn around the table. The model's first seat turns with the seed (seed 0: seat 1, which
opens round 1), its other seats follow it. A model `bot:<style>` puts that bot in the model's
seats: the baseline a model is compared with.

Per game and model seat: the final garnets, the rank (1 + the seats holding strictly more),
whether it is among the winners or is the elimination candidate; over the model's own choices
(not its fallback's), how often it bluffed; the penalties its seats paid; and per decision,
first replies refused or naming no move, retries, fallbacks, tokens and latency. Every game is
kept as its event log under `<run>/games/`, which `refgm replay` and the isolation check read.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evals.seat import Tally
from gm.agent import ModelAgent, brief_for
from gm.backends.base import Backend
from gm.bots import levels, open_bot
from gm.match import AgentPlayer, BotPlayer, Match, Player
from gm.recorder import sidecar_path
from gm.sampling import game_key
from referee.garnet import SEATS, Choose, GarnetState
from referee.garnet.protocol import GAME as GARNET
from referee.lang.incident import Lang

MIXED = "mixed"
"""The population of every bot style in turn around the table."""
FALLBACK = "random"
"""The bot that plays a decision for a model seat when none of its three replies was played."""


def populations() -> tuple[str, ...]:
    """The populations a model plays against: each bot style alone, then all of them mixed."""
    return (*levels(GARNET.name), MIXED)


@dataclass(frozen=True)
class PlayersSpec:
    """One game of the players eval: which model, in how many seats, in which language, against
    which population, from which seed."""

    model: str
    lang: Lang
    population: str
    seed: int
    seats: int = 1

    @property
    def model_seats(self) -> tuple[str, ...]:
        """The model's seats: from seat `seed mod 8` + 1 on, in seat order."""
        first = self.seed % len(SEATS)
        return tuple(SEATS[(first + k) % len(SEATS)] for k in range(self.seats))

    def bots(self) -> dict[str, str]:
        """The bot style of every other seat; `mixed` deals the styles round the table from the
        seat after the model's, starting at a style that turns with the seed."""
        first = SEATS.index(self.model_seats[0])
        others = [seat for seat in SEATS[first:] + SEATS[:first] if seat not in self.model_seats]
        if self.population != MIXED:
            return {seat: self.population for seat in others}
        styles = levels(GARNET.name)
        return {seat: styles[(self.seed + k) % len(styles)] for k, seat in enumerate(others)}

    @property
    def key(self) -> str:
        return f"{GARNET.name}|{self.model}|players|{self.lang}|{self.population}|{self.seats}|{self.seed}"


def log_path(run_dir: Path, key: str) -> Path:
    safe = key.replace("|", "_").replace(":", "-").replace("/", "-")
    return run_dir / "games" / f"{safe}.jsonl"


def model_agent(backend: Backend, lang: str, seed: int) -> ModelAgent:
    """The agent of a model seat: the players eval plays with it, the isolation check rebuilds
    its requests with it."""
    return ModelAgent(backend, brief_for(GARNET.name), lang, key=game_key(seed))


def model_player(spec: PlayersSpec, backend: Backend | None) -> Player:
    """The seats the eval is about: a model agent (with its fallback bot), or a bot."""
    if backend is None:
        return BotPlayer(open_bot(GARNET.name, spec.model.partition(":")[2]))
    return AgentPlayer(model_agent(backend, spec.lang, spec.seed), open_bot(GARNET.name, FALLBACK))


def rank(state: GarnetState, seat: str) -> int:
    """1 + the seats holding strictly more garnets: co-winners all rank 1."""
    mine = state.totals[SEATS.index(seat)]
    return 1 + sum(total > mine for total in state.totals)


@dataclass
class Choices:
    """The model seats' choices over a game: all of them, the model's own, and its own bluffs."""

    made: int = 0
    own: int = 0
    bluffs: int = 0

    def add(self, move: Any, fallback: bool) -> None:
        if isinstance(move, Choose):
            self.made += 1
            if not fallback:
                self.own += 1
                self.bluffs += move.announcement is not move.character


async def play(
    spec: PlayersSpec, player: Player, run_dir: Path, prices: dict[str, tuple[float, float]]
) -> dict[str, Any]:
    """Play one recorded game (a log left by a crashed run is played again from the start)
    and return its results line."""
    path = log_path(run_dir, spec.key)
    path.parent.mkdir(parents=True, exist_ok=True)
    for stale in (path, sidecar_path(path)):
        stale.unlink(missing_ok=True)
    bots = spec.bots()
    players: dict[str, Player] = {seat: BotPlayer(open_bot(GARNET.name, style)) for seat, style in bots.items()}
    players.update({seat: player for seat in spec.model_seats})
    started = time.perf_counter()
    tally, choices, plies = Tally(), Choices(), 0
    match = Match.start(GARNET, players, path, spec.key, seed=spec.seed, lang=spec.lang)
    try:
        while not match.over:
            played = await match.turn()
            plies += 1
            if played.seat in spec.model_seats:
                tally.add(played)
                choices.add(played.move, played.fallback)
    finally:
        match.close()
    state: GarnetState = match.state
    mine = [SEATS.index(seat) for seat in spec.model_seats]
    price_in, price_out = prices.get(spec.model, (0.0, 0.0))
    return {
        "game": GARNET.name,
        "mode": "players",
        "model": spec.model,
        "lang": spec.lang,
        "population": spec.population,
        "seed": spec.seed,
        "key": spec.key,
        "seats": list(spec.model_seats),
        "bots": bots,
        "garnets": [state.totals[i] for i in mine],
        "ranks": [rank(state, seat) for seat in spec.model_seats],
        "won": sum(seat in state.winners for seat in spec.model_seats),
        "candidate": state.candidate in spec.model_seats,
        "totals": list(state.totals),
        "winners": list(state.winners),
        "choices": choices.made,
        "own_choices": choices.own,
        "bluffs": choices.bluffs,
        "penalties": sum(r.payout.penalties[i] for r in state.rounds for i in mine),
        "gains": sum(r.payout.gains[i] for r in state.rounds for i in mine),
        "plies": plies,
        **tally.as_json(),
        "cost_usd": round((tally.tokens_in * price_in + tally.tokens_out * price_out) / 1e6, 6),
        "seconds": round(time.perf_counter() - started, 4),
        "log": str(path.relative_to(run_dir)),
    }
