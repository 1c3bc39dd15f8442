"""Garnet Thief, the main match of The Genius S4E6, as decided in genius-rules.md (G1–G8)."""

from referee.garnet.character import CHARACTERS, NAMES, Character, CharacterError
from referee.garnet.game import (
    ROUNDS,
    SEATS,
    Choose,
    Designate,
    Fault,
    GarnetState,
    IllegalMoveError,
    Move,
    Round,
    new_game,
    order,
    step,
)
from referee.garnet.payout import Counts, Payout, PayoutError, Split, payout, split
from referee.garnet.rules import PENALTY, POT, START, Rules, RulesError

__all__ = [
    "CHARACTERS",
    "NAMES",
    "PENALTY",
    "POT",
    "ROUNDS",
    "SEATS",
    "START",
    "Character",
    "CharacterError",
    "Choose",
    "Counts",
    "Designate",
    "Fault",
    "GarnetState",
    "IllegalMoveError",
    "Move",
    "Payout",
    "PayoutError",
    "Round",
    "Rules",
    "RulesError",
    "Split",
    "new_game",
    "order",
    "payout",
    "split",
    "step",
]
