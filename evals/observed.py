"""What a game looked like from the player's side, as typed observations for the scorers.

A game master's reply is read into the characters' answers (statements), the remaining
counts it displayed, its verdict on a guess, and any role it named outright. The scorers
judge only these, so a native log, a pasted chat and a simulated game are scored alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from referee.lang.context import Statement
from referee.liar.intent import Intent

Role = Literal["culprit", "liar"]


@dataclass(frozen=True)
class Claim:
    """A role the game master named outside a character's answer: `outright` by the role
    ("the liar is C"), else by the act or in a list by person ("C ate it", "- C: culprit"),
    which only a reveal is read from."""

    role: Role
    name: str
    source: str
    outright: bool = True


@dataclass(frozen=True)
class Turn:
    """One exchange: the player's utterance and intent, and what the game master showed back.

    `verdict` is the shown right/wrong on a guess (None when there was no guess or no
    verdict could be read). `line` is where the exchange starts in an audited file.
    """

    player: str
    intent: Intent
    statements: tuple[Statement, ...] = ()
    counts: tuple[int, ...] = ()
    verdict: bool | None = None
    claims: tuple[Claim, ...] = ()
    unread: tuple[str, ...] = ()
    line: int = 0
