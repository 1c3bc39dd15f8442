"""Characters' answers run on one line ("B「…」 C「…」", 'B: "…" C: "…"'), split into one line each.

A game master may write every answer of a turn on one line; each language's extractor reads
a message line by line and takes a label at a line's head as the speaker, so the second
answer was read as the first speaker's words (heldout7 ja/25: B was charged with C's claim).
A new line starts where a closing quote is followed by a roster name and a quote or colon.
"""

from __future__ import annotations

import re
from functools import cache

from referee.liar.world import Roster

_CLOSE = "」』\"”"


@cache
def _inline(roster: Roster) -> re.Pattern[str]:
    names = "|".join(re.escape(n) for n in sorted(roster.names, key=len, reverse=True))
    honorific = r"(?:\s?(?:씨|님|さん|くん|ちゃん))?"
    return re.compile(rf"(?<=[{_CLOSE}])[ \t\u3000]+(?=(?:{names}){honorific}\s*[「『:：])")


def split_inline(text: str, roster: Roster) -> str:
    """`text` with each answer that follows another's closing quote on a line of its own."""
    return _inline(roster).sub("\n", text) if roster.names else text
