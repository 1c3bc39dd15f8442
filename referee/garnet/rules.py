"""The numbers of Garnet Thief a game or an analysis may change (genius-rules.md G1, G2, G5, G6).

The show's numbers are the defaults: a pot of 4 garnets a round, a lie penalty of 1, an equal
start of 0 (only differences matter) and balances that may go below 0 (a debt, so the penalty
always bites). They live in one value so the payout and the game read them from one place.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.errors import RefereeError

POT = 4
"""Garnets the house puts up each round (G1)."""

PENALTY = 1
"""Garnets a liar who gained nothing pays the house (G2)."""

START = 0
"""Garnets each seat starts with in a standalone game (G5)."""


class RulesError(RefereeError):
    """Rules no game can be played under (a negative pot or penalty, a negative start with debts forbidden)."""


@dataclass(frozen=True)
class Rules:
    """A game's configurable numbers: the pot and the penalty (the payout), the start and
    whether a balance may go below 0 (the totals; `allow_negative=False` clamps at 0, G6)."""

    pot: int = POT
    penalty: int = PENALTY
    start: int = START
    allow_negative: bool = True

    def __post_init__(self) -> None:
        if self.pot < 0 or self.penalty < 0:
            raise RulesError(f"the pot and the penalty are 0 or more, not {self.pot} and {self.penalty}")
        if not self.allow_negative and self.start < 0:
            raise RulesError(f"a start of {self.start} garnets is a debt, and debts are not allowed")
