"""Talk about the rules: "what are the rules again?", "ルール教えて", "규칙이 뭐였지?".

The language parsers read such talk as `Other` (it asks no suspect anything); this tells,
for an utterance already read as `Other`, whether it asks how the game is played, so the
referee can show the rules instead of "that is not a question to anyone here". A word
list per language is enough: the parser has already ruled out a question or a guess.
"""

from __future__ import annotations

import re

from referee.lang.incident import Lang

_RULES: dict[Lang, re.Pattern[str]] = {
    "en": re.compile(
        r"\b(rules?|instructions?|how (?:do (?:i|we|you)|does (?:this|it|the game)) "
        r"(?:play|work)|how to play|how (?:is|was) (?:this|it) played)\b",
        re.IGNORECASE),
    "ko": re.compile(r"규칙|룰|게임\s*방법|하는\s*(?:법|방법)|어떻게\s*하는\s*(?:거|건|게임)|게임\s*설명|설명\s*(?:해|좀)"),
    "ja": re.compile(r"ルール|遊び方|やり方|規則|どうやって遊|どう遊ぶ|ゲームの説明|説明して"),
}


def asks_about_rules(text: str, lang: Lang) -> bool:
    """Whether `text`, which asks no suspect anything, asks how the game is played."""
    return _RULES[lang].search(text) is not None
