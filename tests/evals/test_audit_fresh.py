"""`refgm audit` on the fresh set of pasted chats (tests/evals/data/audit_fresh/), held to
what it does now. The set is a development set since its first pass (its README), so these
are ratchets, not measures of generalisation: nothing is called consistent silently, no
reveal or verdict is misread, no false alarm is raised, and no planted error found now is
lost."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.evals.fresh_audit import (
    HELD_OUT,
    HELD_OUT_2,
    HELD_OUT_3,
    HELD_OUT_4,
    HELD_OUT_5,
    HELD_OUT_6,
    HELD_OUT_7,
    HELD_OUT_8,
    HELD_OUT_9,
    score_lang,
)

FOUND_AT_LEAST = {"ko": 23, "ja": 19, "en": 19}


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_the_audit_on_the_fresh_chats_says_nothing_wrong(lang: str) -> None:
    t = score_lang(lang)
    assert t.chats >= 30
    assert t.silent == 0, [n for n in t.notes if "SILENT" in n]
    assert t.reveals_misread == 0 and t.verdicts_misread == 0, [n for n in t.notes if "MISREAD" in n]
    assert [n for n in t.notes if n.startswith("FALSE ALARM")] == []
    assert t.found >= FOUND_AT_LEAST[lang], [n for n in t.notes if n.startswith("missed")]


KNOWN_MISREAD = {
    # a disputed label (its README): "A. A ate it AND lied about it" read as both parts
    (HELD_OUT_3, "en"): "VERDICT MISREAD line 22 ",
}


@pytest.mark.parametrize(("root", "chats", "lang", "found"), [
    (HELD_OUT, 12, "ko", 6), (HELD_OUT, 12, "ja", 8), (HELD_OUT, 12, "en", 4),
    (HELD_OUT_2, 8, "ko", 5), (HELD_OUT_2, 8, "ja", 5), (HELD_OUT_2, 8, "en", 5),
    (HELD_OUT_3, 12, "ko", 7), (HELD_OUT_3, 12, "ja", 7), (HELD_OUT_3, 12, "en", 7),
    (HELD_OUT_4, 6, "ko", 3), (HELD_OUT_4, 6, "ja", 3), (HELD_OUT_4, 6, "en", 2),
    (HELD_OUT_5, 12, "ko", 5), (HELD_OUT_5, 12, "ja", 4), (HELD_OUT_5, 12, "en", 5),
    (HELD_OUT_6, 6, "ko", 2), (HELD_OUT_6, 6, "ja", 3), (HELD_OUT_6, 6, "en", 2),
    (HELD_OUT_7, 30, "ko", 12), (HELD_OUT_7, 30, "ja", 10), (HELD_OUT_7, 30, "en", 6),
    (HELD_OUT_8, 15, "ko", 7), (HELD_OUT_8, 15, "ja", 8), (HELD_OUT_8, 15, "en", 7),
    (HELD_OUT_9, 15, "ko", 7), (HELD_OUT_9, 15, "ja", 8), (HELD_OUT_9, 15, "en", 7),
])
def test_the_audit_on_the_held_out_chats_says_nothing_wrong(root: Path, chats: int, lang: str, found: int) -> None:
    """The held-out sets, development sets since their first pass (their READMEs): no false
    alarm, no misreading, nothing called consistent silently, no planted error found now lost."""
    t = score_lang(lang, root)
    misread = [n for n in t.notes if "MISREAD" in n]
    assert all(n.startswith(KNOWN_MISREAD.get((root, lang), "-")) for n in misread) and len(misread) <= 1, misread
    assert t.chats == chats and t.silent == 0 and t.reveals_misread == 0 and t.unreadable == 0
    assert [n for n in t.notes if n.startswith("FALSE ALARM")] == []
    assert t.found >= found, [n for n in t.notes if n.startswith("missed")]
