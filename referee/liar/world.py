"""The roster and the hidden world: who caused the incident and who lies.

Culprit and liar are independent (the seed's section 1), so a roster of n names has
n * n worlds; the default roster A, B, C has nine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from referee.errors import UnknownNameError

DEFAULT_NAMES: tuple[str, ...] = ("A", "B", "C")


@dataclass(frozen=True)
class Roster:
    """The people the player may question, in a fixed order (2 to 6 distinct names)."""

    names: tuple[str, ...] = DEFAULT_NAMES

    def __post_init__(self) -> None:
        if not 2 <= len(self.names) <= 6:
            raise ValueError(f"a roster has 2 to 6 names, not {len(self.names)}")
        if len(set(self.names)) != len(self.names):
            raise ValueError(f"roster names must be distinct: {self.names}")
        if any(not name or not name.strip() for name in self.names):
            raise ValueError("roster names must be non-empty")

    def __contains__(self, name: object) -> bool:
        return name in self.names

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)

    def check(self, name: str) -> str:
        """Return `name` if it is on the roster; raise UnknownNameError otherwise."""
        if name not in self.names:
            raise UnknownNameError(name, self.names)
        return name


@dataclass(frozen=True, order=True)
class World:
    """One assignment of the two hidden roles. The secret of a game is one World."""

    culprit: str
    liar: str

    def honest(self, name: str) -> bool:
        return name != self.liar

    def as_dict(self) -> dict[str, str]:
        return {"culprit": self.culprit, "liar": self.liar}


def all_worlds(roster: Roster = Roster()) -> tuple[World, ...]:
    """Every world the roster allows, culprit-major, in roster order."""
    return tuple(World(culprit, liar) for culprit in roster.names for liar in roster.names)


def draw_world(roster: Roster, rng: random.Random) -> World:
    """Draw the secret uniformly from the seeded `rng` (never the global RNG)."""
    return World(culprit=rng.choice(roster.names), liar=rng.choice(roster.names))


def world_in(roster: Roster, world: World) -> World:
    """Validate that both roles of `world` name people on `roster`."""
    roster.check(world.culprit)
    roster.check(world.liar)
    return world


__all__ = ["DEFAULT_NAMES", "Roster", "World", "all_worlds", "draw_world", "world_in"]
