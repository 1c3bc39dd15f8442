"""What a Monorail player types, read in ko, ja or en: a move, 'impossible', and the words around play.

A minimal reader for `refgm play --game monorail` until the fuller one (natural variants,
full-width input) lands: one line becomes one typed command. A move is the notation
(`H@2,0 NE@3,0`); the other words are matched on the whole line, lower-cased, without a
trailing '!' or '.', so "is it impossible?" is never a declaration.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from referee.monorail.game import Declare, Place
from referee.monorail.notation import NotationError, parse_move


@dataclass(frozen=True)
class Pass:
    """A word for passing; the rules have no pass, so the game explains what a turn is."""


@dataclass(frozen=True)
class Help:
    """A request for help: the notation and the rules."""


@dataclass(frozen=True)
class Quit:
    """Leave the game (it stays saved)."""


@dataclass(frozen=True)
class GiveUp:
    """Give up: the challenged seat's answer with no tiles (M7)."""


@dataclass(frozen=True)
class Unclear:
    """Neither a move nor a word the game knows; `reason` is why it is no move in the notation."""

    reason: str


Command = Place | Declare | Pass | Help | Quit | GiveUp | Unclear

_WORDS: dict[type[Declare | Pass | Help | Quit | GiveUp], frozenset[str]] = {
    Declare: frozenset({"impossible", "it's impossible", "불가능", "불가능해", "불가능합니다", "無理", "不可能"}),
    Pass: frozenset({"pass", "패스", "パス"}),
    Help: frozenset({"help", "?", "도움말", "ヘルプ"}),
    Quit: frozenset({"quit", "exit", "종료", "終了"}),
    GiveUp: frozenset({"give up", "포기", "降参"}),
}
_TRAILING = re.compile(r"[\s!.。]+$")


def fold(text: str) -> str:
    """The form words are matched in: NFKC, lower case, single spaces, no trailing '!' or '.'."""
    folded = unicodedata.normalize("NFKC", text).casefold().strip().removeprefix("/")
    return " ".join(_TRAILING.sub("", folded).split())


def read_command(text: str) -> Command:
    """The command one line of player input gives, in any of the three languages."""
    try:
        return Place(parse_move(unicodedata.normalize("NFKC", text)))
    except NotationError as err:
        reason = str(err)
    folded = fold(text)
    for kind, words in _WORDS.items():
        if folded in words:
            return kind()
    return Unclear(reason)
