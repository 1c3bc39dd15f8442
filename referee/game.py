"""The game protocol and the registry: what every refgm game provides, found by name.

Modelled on python-chess's variants: each game is a package under `referee/` that offers
one object satisfying `Game`, and `find_game("monorail")` returns it. The harness in `gm/`
drives any game through this protocol alone, so it never imports a game's internals to
run a turn; what a seat may know is the game's `view`, never the harness's guess.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from importlib import import_module
from typing import Any, Protocol, TypeVar

from referee.errors import RefereeError

Json = dict[str, Any]
State = TypeVar("State")
Move = TypeVar("Move")


class UnknownGameError(RefereeError):
    """A game name the registry does not know; `name` is the name, `known` the names it knows."""

    def __init__(self, name: str, known: tuple[str, ...]) -> None:
        super().__init__(f"no game called {name!r}; the games are {', '.join(known)}")
        self.name = name
        self.known = known


class Audience(Enum):
    """Who may see an event: every seat, one seat (named in the event), or the referee alone."""

    EVERYONE = "everyone"
    SEAT = "seat"
    REFEREE = "referee"


@dataclass(frozen=True)
class Result:
    """How a game ended: the winning seats (empty for nobody), a game-specific reason code, and
    what else the end decides (Garnet Thief's elimination candidate), recorded beside them."""

    winners: tuple[str, ...]
    reason: str
    details: Json = field(default_factory=dict, hash=False)

    def as_json(self) -> Json:
        return {"winners": list(self.winners), "reason": self.reason, **self.details}


class Game(Protocol[State, Move]):
    """One game's rules as the harness sees them. Every method is pure."""

    name: str
    aliases: tuple[str, ...]

    def seats(self, state: State) -> tuple[str, ...]:
        """The seats in turn order."""
        ...

    def to_move(self, state: State) -> str | None:
        """The seat whose decision the game waits for; None once the game is over."""
        ...

    def view(self, state: State, seat: str) -> Json:
        """Everything `seat` may know of `state`, as JSON (what a model in that seat is shown)."""
        ...

    def step(self, state: State, seat: str, move: Move) -> State:
        """The state after `seat` plays `move`; a typed ValueError if the rules forbid it."""
        ...

    def result(self, state: State) -> Result | None:
        """How the game ended, or None while it goes on."""
        ...

    def move_json(self, move: Move) -> Json:
        """The move as recorded in the event log."""
        ...

    def move_from_json(self, obj: Json) -> Move:
        """The move a log line records; a typed ValueError if it is malformed."""
        ...

    def public_json(self, move: Move) -> Json | None:
        """What every other seat learns of `move` when it is made, when that is not the whole
        move (of a secret choice, its announcement); None when the move is public."""
        ...

    def revealed_json(self, before: State, after: State) -> Json | None:
        """What the step from `before` to `after` reveals to every seat (a round's secret
        choices), or None when it reveals nothing."""
        ...


# name -> module that defines GAME; imported on first use so a game costs nothing until found.
_REGISTRY: Mapping[str, str] = {
    "liar": "referee.liar.protocol",
    "monorail": "referee.monorail.protocol",
    "garnet": "referee.garnet.protocol",
}


def game_names() -> tuple[str, ...]:
    """The registered games, in a stable order."""
    return tuple(_REGISTRY)


def find_game(name: str) -> Game[Any, Any]:
    """The game called `name` (or one of its aliases, any case); UnknownGameError otherwise."""
    wanted = name.strip().lower()
    if wanted in _REGISTRY:
        game: Game[Any, Any] = import_module(_REGISTRY[wanted]).GAME
        return game
    for module in _REGISTRY.values():
        game = import_module(module).GAME
        if wanted in game.aliases:
            return game
    raise UnknownGameError(name, game_names())
