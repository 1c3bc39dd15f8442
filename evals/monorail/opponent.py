"""A model as a Monorail opponent of the bots: one recorded match per game, scored per move.

The model plays one seat through the seat harness (gm.match, gm.agent): it gets its seat's
view as the board drawing and as JSON and answers with a move in a schema; the referee
checks every reply, a refused one is asked again with the reason (at most twice), then the
seat's fallback bot (`random`, so that the model's games stay its own) plays and the move
says so. The other seat is a bot of the level asked for. Seats alternate with the seed (an
even seed: the model moves first). A model `bot:<level>` plays that bot in the model's
seat: the bot-against-bot table.

Per game: won or lost and why; per decision of the model's seat: whether its first reply
was a move the referee refused (illegal), no move at all (not the schema's JSON, refused,
or a call that failed for good), the retries, the fallbacks, tokens and latency. Every game
is kept as its event log under `<run>/games/`, which `refgm replay` checks.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evals.seat import Tally
from gm.agent import ModelAgent, brief_for
from gm.backends.base import Backend
from gm.bots import open_bot
from gm.match import AgentPlayer, BotPlayer, Match, Player
from gm.recorder import sidecar_path
from gm.sampling import game_key
from referee.lang.incident import Lang
from referee.monorail.game import SEATS
from referee.monorail.protocol import GAME as MONORAIL

FALLBACK = "random"
"""The bot that plays a move for the model when none of its three replies was legal."""


@dataclass(frozen=True)
class OpponentSpec:
    """One game of the opponent eval: which model, in which language, against which bot level."""

    model: str
    lang: Lang
    bot: str
    seed: int

    @property
    def seat(self) -> str:
        """The model's seat: first on an even seed, second on an odd one."""
        return SEATS[self.seed % 2]

    @property
    def key(self) -> str:
        return f"monorail|{self.model}|opponent|{self.lang}|{self.bot}|{self.seed}"


def log_path(run_dir: Path, spec: OpponentSpec) -> Path:
    safe = spec.key.replace("|", "_").replace(":", "-").replace("/", "-")
    return run_dir / "games" / f"{safe}.jsonl"


def model_player(spec: OpponentSpec, backend: Backend | None) -> Player:
    """The seat the eval is about: a model agent (with its fallback bot), or a bot."""
    if backend is None:
        return BotPlayer(open_bot(MONORAIL.name, spec.model.partition(":")[2]))
    agent = ModelAgent(backend, brief_for(MONORAIL.name), spec.lang, key=game_key(spec.seed))
    return AgentPlayer(agent, open_bot(MONORAIL.name, FALLBACK))


async def play(
    spec: OpponentSpec, player: Player, run_dir: Path, prices: dict[str, tuple[float, float]]
) -> dict[str, Any]:
    """Play one recorded game (a log left by a crashed run is played again from the start)
    and return its results line."""
    path = log_path(run_dir, spec)
    path.parent.mkdir(parents=True, exist_ok=True)
    for stale in (path, sidecar_path(path)):
        stale.unlink(missing_ok=True)
    other = SEATS[1 - SEATS.index(spec.seat)]
    players = {spec.seat: player, other: BotPlayer(open_bot(MONORAIL.name, spec.bot))}
    started = time.perf_counter()
    tally, plies = Tally(), 0
    match = Match.start(MONORAIL, players, path, spec.key, seed=spec.seed, lang=spec.lang)
    try:
        while not match.over:
            played = await match.turn()
            plies += 1
            if played.seat == spec.seat:
                tally.add(played)
    finally:
        match.close()
    result = match.result
    assert result is not None
    price_in, price_out = prices.get(spec.model, (0.0, 0.0))
    return {
        "game": MONORAIL.name,
        "mode": "opponent",
        "model": spec.model,
        "lang": spec.lang,
        "bot": spec.bot,
        "seat": spec.seat,
        "seed": spec.seed,
        "key": spec.key,
        "outcome": "won" if spec.seat in result.winners else "lost",
        "reason": result.reason,
        "plies": plies,
        **tally.as_json(),
        "cost_usd": round((tally.tokens_in * price_in + tally.tokens_out * price_out) / 1e6, 6),
        "seconds": round(time.perf_counter() - started, 4),
        "log": str(path.relative_to(run_dir)),
    }
