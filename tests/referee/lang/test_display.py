"""Displayable text: what the verifier reads is what a terminal shows.

Table tests for the overwriting tricks found in a probe of the game (backspaces, cursor
moves, line erasure, bidirectional overrides, zero-width characters) and property tests
for the laws every caller relies on.
"""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.lang.display import MAX_LINE, displayable, problem

HIDDEN_CATEGORIES = {"Cc", "Cf", "Co", "Cs", "Cn"}


@pytest.mark.parametrize(("raw", "shown"), [
    ("C did not\b\b\b\b eat the cake.", "C did not eat the cake."),
    ("C did not\x1b[D\x1b[D\x1b[D\x1b[D\x1b[K eat the cake.", "C did not eat the cake."),
    ("B did not eat the cake.\r\x1b[K", "B did not eat the cake."),
    ("B ate it.\rA", "B ate it. A"),
    ("\x1b]0;a title\x07A is honest.", "A is honest."),
    ("\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\ text", "link text"),
    ("\x9b2JA is honest.", "A is honest."),
    ("A is \u202eraeh\u202c honest", "A is raeh honest"),
    ("A is \u2066not\u2069 honest", "A is not honest"),
    ("B did\u200b not\u200d eat\ufeff it\u00ad.", "B did not eat it."),
    ("A\u3164 ate it", "A ate it"),
    ("tab\there\nnext\u2028line", "tab here next line"),
    ("Ａ、Ｂさんは食べていません", "A、Bさんは食べていません"),
    ("𝐁 ate the cake", "B ate the cake"),
    ("ｹｰｷは食べていません｡", "ケーキは食べていません。"),
    ("ｶﾞｷﾞ", "ガギ"),
    ("ㅋㅋ 저는 안 먹었어요", "ㅋㅋ 저는 안 먹었어요"),
    ("私は食べていません？", "私は食べていません？"),
    ("  B   did not eat it.  ", "B did not eat it."),
    ("unterminated \x1b[", "unterminated"),
])
def test_every_trick_is_removed_and_ordinary_text_kept(raw: str, shown: str) -> None:
    assert displayable(raw) == shown
    assert problem(raw, MAX_LINE) is not None or raw == shown


def test_plain_lines_in_every_language_are_displayable_as_they_are() -> None:
    for line in ("B did not eat the cake.", "아니요, 저는 먹지 않았습니다.", "いいえ、私は食べていません。"):
        assert problem(line, MAX_LINE) is None


def test_a_line_over_the_limit_is_refused_with_its_length() -> None:
    long = "B did not eat the cake. " * 2502
    reason = problem(displayable(long), MAX_LINE)
    assert reason is not None and "at most 400" in reason


@given(st.text())
def test_displayable_is_idempotent(text: str) -> None:
    once = displayable(text)
    assert displayable(once) == once


@given(st.text())
def test_nothing_that_can_hide_move_or_reorder_text_survives(text: str) -> None:
    shown = displayable(text)
    assert not any(unicodedata.category(ch) in HIDDEN_CATEGORIES for ch in shown)
    assert "\x1b" not in shown and "  " not in shown and shown == shown.strip()
    assert all(not ch.isspace() or ch == " " for ch in shown)


@given(st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E)))
def test_printable_ascii_changes_only_in_its_spacing(text: str) -> None:
    assert displayable(text) == " ".join(text.split())
