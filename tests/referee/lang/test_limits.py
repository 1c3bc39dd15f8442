"""Text a reader refuses (referee.lang.limits), and Japanese text beyond Sudachi's input limit."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.lang import Context, parse
from referee.lang.ja.tokens import SUDACHI_BYTES, pieces
from referee.lang.limits import UTTERANCE_CHARS, problem
from referee.liar.intent import Query, Question
from referee.liar.proposition import Atom


def test_japanese_text_over_sudachis_limit_is_read_in_pieces() -> None:
    text = "Aさん、" + "あ" * 20_000 + "ケーキを食べましたか？"
    assert len(text.encode()) > SUDACHI_BYTES
    assert parse(text, Context(lang="ja")).intent == Question((Query("A", Atom("culprit", "A")),))


def test_a_piece_ends_after_the_last_sentence_end_or_space_that_fits() -> None:
    text = "いいえ。" * 4_000 + "は" * 100  # 48,000 bytes of sentences, then more
    first, second = pieces(text + "い" * 2_000)
    assert first == "いいえ。" * 4_000 and second == "は" * 100 + "い" * 2_000


@settings(max_examples=50, deadline=None)
@given(st.text(alphabet="あ。 x𠀋é", max_size=400), st.integers(min_value=4, max_value=40))
def test_pieces_never_cut_a_character_and_keep_every_one(text: str, limit: int) -> None:
    cut = pieces(text, limit)
    assert "".join(cut) == text
    assert all(len(piece.encode()) <= limit for piece in cut)
    assert len(cut) == 1 or all(cut)


def test_a_text_within_the_limit_is_one_piece() -> None:
    assert pieces("Aさん、ケーキを食べましたか？ " * 10) == ["Aさん、ケーキを食べましたか？ " * 10]


def test_problem_names_length_and_lone_surrogates() -> None:
    assert problem("A, did you eat it?") is None
    assert problem("x" * UTTERANCE_CHARS) is None
    assert problem("x" * (UTTERANCE_CHARS + 1)) == "longer than 2,000 characters (2,001)"
    assert problem("ab\ud800") == "not Unicode text: a lone surrogate U+D800 at character 3"
    assert problem("x" * 30, limit=20) == "longer than 20 characters (30)"
