"""What a Monorail player types, read in ko, ja or en: a move, 'impossible', and the words around play.

One line of input becomes one typed command. A move is the notation (`H@2,0 NW@3,0`; the
full-width letters and digits of a Korean or Japanese input method are read as ASCII). The
declaration (M7) is read from the words people use: `불가능`, `impossible`, `無理`, `不可能`
and their natural variants ("불가능!", "불가능합니다", "it's impossible", "無理です"). "Pass"
is recognised only so the game can explain that the rules have none (a turn places 1-3
tiles or declares 'impossible'); help, quit, and give up (the challenged seat's empty
attempt) are the other words. Anything else is `Unclear` with the notation's reason.

The readings are whole-line and narrow on purpose: a declaration ends the game, so "is it
impossible?", "not impossible" or "불가능하지 않아" are Unclear, never a declaration.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from referee.monorail.game import Declare, Place
from referee.monorail.notation import NotationError, parse_move
from referee.table_words import Help, Quit, fold, read_table_word


@dataclass(frozen=True)
class Pass:
    """A word for passing; the rules have no pass, so the game explains what a turn is."""


@dataclass(frozen=True)
class GiveUp:
    """Give up: the challenged seat's answer with no tiles (M7); outside a challenge the game says so."""


@dataclass(frozen=True)
class Unclear:
    """Neither a move nor a word the game knows; `reason` is why it is no move in the notation."""

    reason: str


Command = Place | Declare | Pass | Help | Quit | GiveUp | Unclear

_KO_DECLARE_ENDING = r"(?:해|해요|합니다|하다|함|이야|이에요|이예요|입니다|이다|임|이요)"
_KO_WILL = r"(?:할게|할게요|합니다|해요|한다|함|하겠습니다|할래|할래요)"
_JA_COPULA = r"(?:です|だ|だよ|だね|ですね)"  # not でしょう: "probably", a guess is no declaration

# Each command's words, in en, ko and ja, matched against the whole line once it is folded
# (`fold`); help and quit are every game's (referee.table_words). No line matches two.
_WORDS: dict[type[Declare | Pass | GiveUp], tuple[str, str, str]] = {
    Declare: (
        r"(?:i\s+)?(?:(?:declare|call|say)\s+)?(?:(?:it|this|that)(?:'s|\s+is)?\s+|its\s+)?impossible(?:\s+now)?",
        rf"(?:(?:이건|이거|이제|그건|완성은?|완성이)\s*)?(?:완성\s*)?불가능{_KO_DECLARE_ENDING}?(?:\s*(?:을|를)?\s*선언{_KO_WILL}?)?",
        rf"(?:(?:もう|これは|これ|それは)\s*)?(?:完成(?:は|が)?\s*)?(?:無理|むり|不可能){_JA_COPULA}?(?:\s*(?:と|を)?\s*宣言(?:します|する|です)?)?",
    ),
    Pass: (
        r"(?:i\s+|i'll\s+|i\s+will\s+)?(?:pass|skip)(?:\s+(?:my\s+|this\s+)?turn)?",
        r"(?:패스|통과|스킵|넘길게요?|넘어갈게요?)(?:할게요?|합니다|해요|요)?",
        r"(?:パス|スキップ)(?:します|で|です|する)?",
    ),
    GiveUp: (
        r"(?:i\s+)?(?:give\s+up|concede|surrender)",
        rf"(?:포기|기권|항복){_KO_WILL}?",
        r"(?:降参|諦め|あきらめ|ギブアップ)(?:る|ます|します|です)?",
    ),
}
_PATTERNS = tuple((kind, re.compile("|".join(f"(?:{p})" for p in words))) for kind, words in _WORDS.items())


def read_command(text: str) -> Command:
    """The command one line of player input gives, in any of the three languages."""
    normal = unicodedata.normalize("NFKC", text)
    try:
        return Place(parse_move(normal))
    except NotationError as err:
        reason = str(err)
    word = read_table_word(text)
    if word is not None:
        return word
    folded = fold(text)
    for kind, pattern in _PATTERNS:
        if pattern.fullmatch(folded):
            return kind()
    return Unclear(reason)
