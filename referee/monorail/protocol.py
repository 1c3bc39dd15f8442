"""Monorail under the game protocol (`referee.game.Game`): what the harness drives."""

from __future__ import annotations

from typing import Any

from referee.game import Json, Result
from referee.monorail.game import (
    SEATS,
    Action,
    Attempt,
    Declare,
    MonorailState,
    Place,
    Rules,
    new_game,
    step,
)
from referee.monorail.move import Move
from referee.monorail.position import TILES
from referee.monorail.tile import Tile, TileError


class MonorailGame:
    """Monorail: two seats, no hidden information, so every seat's view is the whole state."""

    name = "monorail"
    aliases: tuple[str, ...] = ("모노레일", "モノレール")

    def seats(self, state: MonorailState) -> tuple[str, ...]:
        return SEATS

    def start(self, rules: Json) -> MonorailState:
        """A game from the start under recorded rules (`rules_json`); TileError if malformed."""
        strict, tiles = rules.get("strict_edges", True), rules.get("tiles", TILES)
        if not isinstance(strict, bool) or not isinstance(tiles, int) or isinstance(tiles, bool) or tiles < 1:
            raise TileError(f"Monorail's rules are strict_edges (true/false) and tiles (a count), not {rules!r}")
        return new_game(Rules(strict, tiles))

    def rules_json(self, state: MonorailState) -> Json:
        return {"strict_edges": state.rules.strict_edges, "tiles": state.rules.tiles}

    def to_move(self, state: MonorailState) -> str | None:
        return state.seat

    def view(self, state: MonorailState, seat: str) -> Json:
        return {
            "seat": seat,
            "to_move": state.seat,
            "challenge": None if state.declared_by is None else SEATS[state.declared_by],
            "strict_edges": state.rules.strict_edges,
            **state.position.as_json(),
            "open_ends": [[c[0], c[1], s.name] for c, s in state.position.open_ends],
            "result": state.result.as_json() if state.result else None,
        }

    def step(self, state: MonorailState, seat: str, move: Action) -> MonorailState:
        return step(state, seat, move)

    def result(self, state: MonorailState) -> Result | None:
        return state.result

    def move_json(self, move: Action) -> Json:
        if isinstance(move, Place):
            return {"place": move.move.as_json()}
        if isinstance(move, Attempt):
            return {"attempt": [t.as_json() for t in move.tiles]}
        return {"declare": "impossible"}

    def public_json(self, move: Action) -> Json | None:
        return None  # every move is public

    def revealed_json(self, before: MonorailState, after: MonorailState) -> Json | None:
        return None  # nothing is secret

    def move_from_json(self, obj: Json) -> Action:
        def tiles(value: Any) -> tuple[Tile, ...]:
            if not isinstance(value, list):
                raise TileError(f"a list of [x, y, shape] tiles, not {value!r}")
            return tuple(Tile.from_json(t) for t in value)

        if not isinstance(obj, dict):  # a log line is whatever was written: never trust its type
            raise TileError(f"a Monorail move is a JSON object, not {obj!r}")
        if "place" in obj:
            return Place(Move(tiles(obj["place"])))
        if "attempt" in obj:
            return Attempt(tiles(obj["attempt"]))
        if obj.get("declare") == "impossible":
            return Declare()
        raise TileError(f"not a Monorail move: {obj!r}")


GAME = MonorailGame()
