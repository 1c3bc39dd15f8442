"""Text as it may be shown: nothing in it can move the cursor, hide, reorder or overwrite text.

The verifier reads a model's line; a terminal interprets it. The two agree only when the
line holds no control character, escape sequence, bidirectional override or invisible
character: `C did not\\b\\b\\b\\b eat the cake.` reads as a denial and displays as "C did eat
the cake". So every model text, and every player text echoed back, goes through
`displayable` before it is verified, shown or recorded as shown; the verifier refuses a
line that is not already displayable, so a tampered log is caught on replay too.

`displayable` removes escape sequences (CSI, OSC and the rest), C0 and C1 controls, format
characters (bidirectional embeddings, overrides and isolates, zero-width spaces and joiners,
the byte-order mark, soft hyphens), invisible Hangul fillers, private-use, surrogate and
unassigned code points; turns every line or paragraph break and tab into a space; folds
runs of spaces; and applies NFKC only where it maps a character to letters or digits
(full-width `Ａ`, mathematical `𝐁`, half-width katakana), never to Hangul compatibility
jamo (NFKC would turn `ㅋ` into a conjoining jamo that merges with its neighbour) or to
punctuation (`？` stays as written). Everything else is NFC.
"""

from __future__ import annotations

import re
import unicodedata

MAX_LINE = 400
"""The longest character line the verifier accepts, in characters (after `displayable`)."""

MAX_NARRATION = 1200
"""The longest narration paragraph the narrator's check accepts, in characters."""

# ESC [ ... final (CSI), ESC ] ... BEL or ST (OSC, also DCS/PM/APC/SOS strings), ESC + one
# character (the rest), and the 8-bit CSI. The string kinds run to their terminator or, if
# it never comes, to the end: an unterminated one is still an escape, never text.
_ESCAPE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]?"
    r"|\x1b[\]PX^_][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -/]*[0-~]?"
    r"|\x9b[0-?]*[ -/]*[@-~]?"
)
_BREAKS = frozenset("\t\n\v\f\r\x85\u2028\u2029")
_DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn"})
# Letters that render as nothing: Hangul fillers and the braille blank.
_INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800")
_SPACES = re.compile(r"\s+")


def _hangul_jamo(ch: str) -> bool:
    code = ord(ch)
    return 0x3130 <= code <= 0x318F or 0xFFA0 <= code <= 0xFFDC


def _halfwidth_kana(ch: str) -> bool:
    """Half-width katakana and their punctuation: NFKC gives the usual full-width forms
    (a half-width voicing mark becomes a combining one, which NFC then joins to its kana)."""
    return 0xFF61 <= ord(ch) <= 0xFF9F


def _char(ch: str) -> str:
    """One character as shown: itself, a space, nothing, or its NFKC letters or digits."""
    if ch in _BREAKS or unicodedata.category(ch) == "Zs":
        return " "
    if ch in _INVISIBLE or unicodedata.category(ch) in _DROPPED_CATEGORIES:
        return ""
    if ch.isascii() or _hangul_jamo(ch):
        return ch
    folded = unicodedata.normalize("NFKC", ch)
    if _halfwidth_kana(ch) or (folded != ch and all(c.isalnum() for c in folded)):
        return folded
    return ch


def displayable(text: str) -> str:
    """`text` with nothing that can hide, move, reorder or overwrite what is displayed."""
    if text.isascii() and text.isprintable() and "  " not in text and text == text.strip():
        return text  # the common case: plain ASCII with nothing to remove
    plain = _ESCAPE.sub("", text)
    shown = "".join(_char(ch) for ch in plain)
    return _SPACES.sub(" ", unicodedata.normalize("NFC", shown)).strip()


def problem(text: str, limit: int) -> str | None:
    """Why `text` may not be shown as it is (not displayable, or over `limit` characters)."""
    if displayable(text) != text:
        return ("it is not in the form it would be shown in (control, escape, invisible, "
                "direction-changing or look-alike characters)")
    if len(text) > limit:
        return f"it is {len(text)} characters long; at most {limit} are shown"
    return None
