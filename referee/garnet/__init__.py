"""Garnet Thief, the main match of The Genius S4E6, as decided in genius-rules.md (G1–G8)."""

from referee.garnet.character import CHARACTERS, NAMES, Character, CharacterError
from referee.garnet.payout import Counts, Payout, PayoutError, Split, payout, split
from referee.garnet.rules import PENALTY, POT, START, Rules, RulesError

__all__ = [
    "CHARACTERS",
    "NAMES",
    "PENALTY",
    "POT",
    "START",
    "Character",
    "CharacterError",
    "Counts",
    "Payout",
    "PayoutError",
    "Rules",
    "RulesError",
    "Split",
    "payout",
    "split",
]
