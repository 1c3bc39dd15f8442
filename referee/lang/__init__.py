"""The language layer: player text -> typed intents, character lines -> assertions.

One module per language (`ko`, `ja`, `en`), each exposing the same two functions:

    parse(text: str, ctx: Context) -> Intent
    extract(text: str, ctx: Context, speaker: str | None, asked: tuple[Query, ...]) -> Extraction

This package dispatches on the context's language, or detects it from the script.
"""

from __future__ import annotations

import importlib
import unicodedata
from types import ModuleType

from referee.lang.context import Context, Extraction, Parsed, Statement
from referee.lang.incident import INCIDENTS, LANGS, Incident, Lang, incident
from referee.lang.pause import joined
from referee.lang.rules_talk import asks_about_rules
from referee.lang.taken_back import taken_back
from referee.liar.intent import Guess, Other, Query, Unclear
from referee.liar.problem import Problem, Why


def detect(text: str) -> Lang:
    """Guess the language from the script: Hangul is Korean, kana or kanji Japanese, else English."""
    han = False
    for ch in text:
        code = ord(ch)
        if 0xAC00 <= code <= 0xD7A3 or 0x1100 <= code <= 0x11FF or 0x3130 <= code <= 0x318F:
            return "ko"
        if 0x3040 <= code <= 0x30FF or 0x31F0 <= code <= 0x31FF:
            return "ja"
        if unicodedata.name(ch, "").startswith("CJK UNIFIED IDEOGRAPH"):
            han = True
    return "ja" if han else "en"


def _module(lang: Lang) -> ModuleType:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
    return importlib.import_module(f"referee.lang.{lang}")


def parse(text: str, ctx: Context = Context()) -> Parsed:
    """Read one player utterance into an intent, in the context's language or the detected one.

    Talk that asks no suspect anything and asks how the game is played is marked as such,
    so the referee shows the rules (referee.lang.rules_talk, one rule for every language).
    """
    lang = ctx.lang or detect(text)
    intent = _module(lang).parse(joined(text, lang, ctx.roster), ctx)
    if isinstance(intent, Guess) and taken_back(text, lang, ctx.roster):
        intent = Unclear(Problem(Why.CORRECTION))  # "the liar is C. no wait": ask again, for nothing
    if isinstance(intent, Other) and asks_about_rules(text, lang):
        intent = Other(about_rules=True)
    return Parsed(text=text, lang=lang, intent=intent)


def extract(
    text: str,
    ctx: Context = Context(),
    speaker: str | None = None,
    asked: tuple[Query, ...] = (),
) -> Extraction:
    """Read what a character's line (or a message of several labelled lines) asserts.

    `speaker` is who says an unlabelled line; `asked` is the question as phrased, so a
    bare yes or no is read by its language's convention.
    """
    lang = ctx.lang or detect(text)
    return _module(lang).extract(joined(text, lang, ctx.roster), ctx, speaker, asked)


__all__ = [
    "INCIDENTS",
    "LANGS",
    "Context",
    "Extraction",
    "Incident",
    "Lang",
    "Parsed",
    "Statement",
    "detect",
    "extract",
    "incident",
    "parse",
]
