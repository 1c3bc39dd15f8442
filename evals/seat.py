"""A model in a seat of a recorded match (any game of gm.match): what it did, decision by decision.

Shared by the evals where a model plays a seat against bots (Monorail's opponent, Garnet
Thief's players): a first reply the referee refused is counted apart from a first reply that
named no move at all, and a move the seat's bot played for it is a fallback.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm.match import Played

BOT = "bot"
"""A `--model bot:<level>`: that bot in the model's seat (the bots against each other)."""


@dataclass
class Tally:
    """What the model's seat did over one game."""

    moves: int = 0
    first_illegal: int = 0
    first_no_move: int = 0
    illegal: int = 0
    retries: int = 0
    fallbacks: int = 0
    calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    latency: float = 0.0

    def add(self, played: Played) -> None:
        """One ply of the model's seat. Its attempts end with the accepted one unless its
        bot played: every other attempt that read as a move was refused by the referee."""
        self.moves += 1
        self.fallbacks += played.fallback
        attempts = played.attempts
        self.retries += max(len(attempts) - 1, 0)
        for number, decision in enumerate(attempts):
            accepted = number == len(attempts) - 1 and not played.fallback
            refused = decision.move is not None and not accepted
            self.illegal += refused
            if number == 0:
                self.first_illegal += refused
                self.first_no_move += decision.move is None
            self.calls += 1
            self.tokens_in += decision.tokens_in
            self.tokens_out += decision.tokens_out
            self.latency += decision.latency

    def as_json(self) -> dict[str, int | float]:
        """The tally as a results line holds it."""
        return {
            "moves": self.moves,
            "first_illegal": self.first_illegal,
            "first_no_move": self.first_no_move,
            "illegal": self.illegal,
            "retries": self.retries,
            "fallbacks": self.fallbacks,
            "model_calls": self.calls,
            "tokens_in": self.tokens_in,
            "tokens_out": self.tokens_out,
            "latency": round(self.latency, 4),
        }
