"""Garnet Thief under the game protocol (`referee.game.Game`): what the harness drives.

A seat's view is what that seat may know (G8): the totals, every past round as revealed,
this round's announcements so far, and its own choice this round; never another seat's
choice before the reveal. A move is recorded as `{"choose": character, "announce":
character}` or `{"designate": seat or null}`, characters by their English names.
"""

from __future__ import annotations

from dataclasses import fields

from referee.errors import MalformedIntentError
from referee.game import Json, Result
from referee.garnet.character import Character, CharacterError
from referee.garnet.game import ROUNDS, SEATS, Choose, Designate, GarnetState, Move, new_game, step
from referee.garnet.narration import Reason, check_reveal
from referee.garnet.rules import Rules, RulesError

_RULE_KEYS = {rule.name: type(rule.default) for rule in fields(Rules)}
"""Each rule a log may record, with its type: the fields of `Rules`, read once."""


class GarnetGame:
    """Garnet Thief: eight seats choose in secret and announce aloud, for eight rounds."""

    name = "garnet"
    aliases: tuple[str, ...] = ("가넷도둑", "가넷 도둑", "ガーネット泥棒", "garnet thief")

    def seats(self, state: GarnetState) -> tuple[str, ...]:
        return SEATS

    def start(self, rules: Json) -> GarnetState:
        """A game from the start under recorded rules (`rules_json`); RulesError if malformed."""
        if not isinstance(rules, dict):
            raise RulesError(f"Garnet Thief's rules are a JSON object, not {rules!r}")
        for key, value in rules.items():
            kind = _RULE_KEYS.get(key)
            if kind is None or not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise RulesError(
                    f"Garnet Thief's rules are pot, penalty and start (whole numbers) and allow_negative "
                    f"(true/false), not {key!r}: {value!r}"
                )
        return new_game(Rules(**rules))

    def rules_json(self, state: GarnetState) -> Json:
        rules = state.rules
        return {
            "pot": rules.pot,
            "penalty": rules.penalty,
            "start": rules.start,
            "allow_negative": rules.allow_negative,
        }

    def to_move(self, state: GarnetState) -> str | None:
        return state.seat

    def view(self, state: GarnetState, seat: str) -> Json:
        """What `seat` may know (G8). Built only from public facts and `seat`'s own choice."""
        own = state.choice(seat)
        return {
            "seat": seat,
            "seats": list(SEATS),
            "to_move": state.seat,
            "rules": self.rules_json(state),
            "rounds": ROUNDS,
            "round": state.number,
            "order": list(state.order),
            "announcements": [{"seat": s, "announcement": said.value} for s, said in state.announced],
            "choice": None if own is None else own.value,
            "history": [r.record for r in state.rounds],
            "totals": list(state.totals),
            "winners": list(state.winners),
            "last_places": list(state.last_places),
            "designator": state.designator,
            "candidate": state.candidate,
            "result": state.result.as_json() if state.result else None,
        }

    def step(self, state: GarnetState, seat: str, move: Move) -> GarnetState:
        return step(state, seat, move)

    def result(self, state: GarnetState) -> Result | None:
        return state.result

    def move_json(self, move: Move) -> Json:
        if isinstance(move, Choose):
            return {"choose": move.character.value, "announce": move.announcement.value}
        return {"designate": move.seat}

    def public_json(self, move: Move) -> Json | None:
        """A choice is secret until the reveal; everyone hears only the announcement at once."""
        return {"announce": move.announcement.value} if isinstance(move, Choose) else None

    def revealed_json(self, before: GarnetState, after: GarnetState) -> Json | None:
        """The step that closes a round reveals every choice of it, as each seat's history shows it."""
        return after.rounds[-1].record if len(after.rounds) > len(before.rounds) else None

    def check_narration(self, text: str, lang: str, revealed: Json) -> tuple[Reason, ...]:
        """Why a model's narration of a reveal (`revealed_json`) may not be shown (referee.garnet.narration)."""
        return check_reveal(text, lang, revealed)

    def move_from_json(self, obj: Json) -> Move:
        if not isinstance(obj, dict):  # a log line is whatever was written: never trust its type
            raise MalformedIntentError(f"a Garnet Thief move is a JSON object, not {obj!r}")
        if set(obj) == {"choose", "announce"}:
            try:
                return Choose(Character.parse(obj["choose"]), Character.parse(obj["announce"]))
            except CharacterError as err:
                raise MalformedIntentError(str(err)) from None
        if set(obj) == {"designate"} and (obj["designate"] is None or isinstance(obj["designate"], str)):
            return Designate(obj["designate"])
        raise MalformedIntentError(
            f'a Garnet Thief move is {{"choose": character, "announce": character}} or {{"designate": seat}}, not {obj!r}'
        )


GAME = GarnetGame()
