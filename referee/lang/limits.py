"""How much text a reader takes at once, and which text it refuses: written once, used by every reader.

`refgm play` (gm.tui), `refgm parse` and `refgm audit` refuse, with a message, what is over
these limits instead of reading it; docs/liar.md states them. The limits are far above any
real utterance or message and keep a reply to a pasted novel from taking minutes.
"""

from __future__ import annotations

import re

UTTERANCE_CHARS = 2_000
"""A player utterance: a line of `refgm play`, of `refgm parse`, a player message of a chat in `refgm audit`."""

MESSAGE_CHARS = 20_000
"""A game master's message of a chat in `refgm audit` (a whole ending with every answer is under 2,000)."""

JSONL_LINE_BYTES = 65_536
"""An input line of `refgm parse --jsonl`, in UTF-8 bytes: room for an utterance at the limit
written entirely in JSON escapes (12 bytes a character at worst), and the other keys."""

_SURROGATE = re.compile("[\ud800-\udfff]")


def too_long(text: str, limit: int = UTTERANCE_CHARS) -> bool:
    return len(text) > limit


def problem(text: str, limit: int = UTTERANCE_CHARS) -> str | None:
    """Why `text` cannot be read, in English (None when it can): over `limit` characters, or a
    lone surrogate (from a JSON escape such as "\\ud800" or undecodable bytes), which is not
    Unicode text and which no tokenizer takes."""
    if too_long(text, limit):
        return f"longer than {limit:,} characters ({len(text):,})"
    surrogate = _SURROGATE.search(text)
    if surrogate:
        return (f"not Unicode text: a lone surrogate U+{ord(surrogate.group()):04X} at character "
                f"{surrogate.start() + 1}")
    return None
