"""Bots: seats played by code, found by game and level, every choice drawn from a seeded RNG.

A bot sees what its seat may see (`Game.view`) and nothing else, and draws every random
choice from the `random.Random` the harness passes in for that decision (derived from the
game's committed seed, see gm.match), never from the global RNG: a game replays and
resumes to the same moves.
"""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any, Protocol

from referee.game import Json


class UnknownBotError(ValueError):
    """A game without bots, or a level its bots do not have; the message lists the levels."""


class Bot(Protocol):
    """One level of play for one game."""

    level: str

    def choose(self, view: Json, rng: random.Random) -> Any:
        """The move to play in the seat whose view this is (a move the referee accepts)."""
        ...


# game name -> module with LEVELS (level -> bot class) and DEFAULT_LEVEL; imported on first use.
_BOTS = {"monorail": "gm.bots.monorail", "garnet": "gm.bots.garnet"}


def levels(game: str) -> tuple[str, ...]:
    """The bot levels of `game`, weakest first (none for a game without bots)."""
    return tuple(import_module(_BOTS[game]).LEVELS) if game in _BOTS else ()


def default_level(game: str) -> str:
    if game not in _BOTS:
        raise UnknownBotError(f"{game} has no bots")
    level: str = import_module(_BOTS[game]).DEFAULT_LEVEL
    return level


def open_bot(game: str, level: str | None = None) -> Bot:
    """The bot of `game` at `level` (default: the game's default level)."""
    if game not in _BOTS:
        raise UnknownBotError(f"{game} has no bots")
    module = import_module(_BOTS[game])
    chosen = level or module.DEFAULT_LEVEL
    if chosen not in module.LEVELS:
        raise UnknownBotError(f"no {game} bot called {chosen!r}; the levels are {', '.join(module.LEVELS)}")
    bot: Bot = module.LEVELS[chosen]()
    return bot
