"""The liar game under the game protocol (`referee.game.Game`): what the harness drives.

One seat, "player", who moves until the game is over. A move the rules reject for what it
says (a name not on the roster, a stray yes) is not refused but answered with a request to
rephrase, as in play. The seat's view is what the player
has been told: never the secret, the nonce or any answer's truth value (the culprit or the
liar appears only once a right guess has confirmed it). A move is an intent, recorded as
`referee.liar.codec.intent_json` records it; the view's questions have the same shape.
"""

from __future__ import annotations

from referee.errors import IllegalIntentError, MalformedIntentError
from referee.game import Json, Result
from referee.liar.codec import intent_from_json, intent_json, proposition_to_json
from referee.liar.game import GameState, adjudicate
from referee.liar.intent import Intent, Query
from referee.liar.verdict import Verdict

SEAT = "player"


class LiarGame:
    """Find the liar: one player questions the roster within a budget, then names who did it."""

    name: str = "liar"
    aliases: tuple[str, ...] = ("거짓말쟁이", "嘘つき", "find the liar")

    def seats(self, state: GameState) -> tuple[str, ...]:
        return (SEAT,)

    def to_move(self, state: GameState) -> str | None:
        return None if state.over else SEAT

    def view(self, state: GameState, seat: str) -> Json:
        pending = state.pending
        return {
            "seat": seat,
            "to_move": self.to_move(state),
            "roster": list(state.rules.roster.names),
            "budget": state.rules.budget,
            "remaining": state.remaining,
            "answers": [{**_query(a.query), "answer": a.answer} for a in state.answers],
            "culprit": state.secret.culprit if state.culprit_confirmed else None,
            "liar": state.secret.liar if state.liar_confirmed else None,
            "pending": None
            if pending is None
            else {
                "asked": [_query(q) for q in pending.unique()],
                "cost": pending.cost,
            },
            "outcome": state.outcome,
        }

    def step(self, state: GameState, seat: str, move: Intent) -> GameState:
        return self.adjudicate(state, seat, move)[0]

    def adjudicate(self, state: GameState, seat: str, move: Intent) -> tuple[GameState, Verdict]:
        """`step`, with the verdict the player is told (`referee.liar.game.adjudicate`: what
        names no one on the roster is asked again, never refused)."""
        if seat != SEAT:
            raise IllegalIntentError(f"the liar game has one seat, {SEAT!r}, not {seat!r}")
        return adjudicate(state, move)

    def result(self, state: GameState) -> Result | None:
        if not state.over:
            return None
        return Result((SEAT,) if state.outcome == "won" else (), state.outcome)

    def move_json(self, move: Intent) -> Json:
        return intent_json(move)

    def move_from_json(self, obj: Json) -> Intent:
        try:
            return intent_from_json(obj)
        except (KeyError, TypeError, ValueError) as err:
            raise MalformedIntentError(f"not a recorded intent ({type(err).__name__}: {err})") from None


def _query(query: Query) -> Json:
    """A question to one person, as a move records it (any depth of "would X say")."""
    return {"speaker": query.speaker, "proposition": proposition_to_json(query.proposition)}


GAME = LiarGame()
