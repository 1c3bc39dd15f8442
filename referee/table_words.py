"""The words every game at the table knows, in en, ko and ja: help and quit.

A game's own reader (referee.monorail.words, the Garnet Thief choice and announcement) reads
its moves; asking for help and leaving are the same words in every game, written once here.
A line is folded (`fold`) and must be one of the words as a whole, so "help me" asks for help
but "I need help with police" does not.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass


@dataclass(frozen=True)
class Help:
    """A request for help: the game's notation and its rules."""


@dataclass(frozen=True)
class Quit:
    """Leave the game (it stays saved)."""


TableWord = Help | Quit

# Each word's patterns in en, ko and ja, matched against the whole folded line.
WORDS: dict[type[TableWord], tuple[str, str, str]] = {
    Help: (  # a question mark after a word for help still asks for help
        r"\?+|(?:help(?:\s+me)?|how\s+(?:do\s+i|to)\s+play|rules|commands)\??",
        r"(?:도움말|도움|도와줘요?|헬프|규칙|설명|사용법|명령어)\??",
        r"(?:ヘルプ|助けて|ルール|遊び方|説明|使い方)\??",
    ),
    Quit: (
        r"(?:i\s+)?(?:quit|exit)|bye|q",
        r"종료|게임\s*종료|그만|그만할래요?|그만하기|나가기|나갈래요?|끝내기",
        r"終了|ゲーム終了|終わり|やめる|やめます|抜ける",
    ),
}
_PATTERNS = tuple((kind, re.compile("|".join(f"(?:{p})" for p in words))) for kind, words in WORDS.items())
_TRAILING = re.compile(r"[\s!.~…。]+$")
_SPACES = re.compile(r"\s+")


def fold(text: str) -> str:
    """The form words are matched in: NFKC (full-width to ASCII), lower case, one space
    between words, curly apostrophes straight, no leading '/' and no trailing '!', '.', '~'."""
    folded = unicodedata.normalize("NFKC", text).replace("\u2019", "'").casefold().strip()
    folded = _TRAILING.sub("", folded.removeprefix("/")).strip()
    return _SPACES.sub(" ", folded)


def read_table_word(text: str) -> TableWord | None:
    """Help or Quit when the whole line is one of their words, else None (the game reads it)."""
    folded = fold(text)
    for kind, pattern in _PATTERNS:
        if pattern.fullmatch(folded):
            return kind()
    return None
