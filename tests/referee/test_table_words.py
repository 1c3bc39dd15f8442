"""The words every game knows (referee.table_words): help and quit in en, ko and ja, as whole lines."""

from __future__ import annotations

import pytest

from referee.table_words import Help, Quit, TableWord, read_table_word


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("help", Help()),
        ("Help me?", Help()),
        ("?", Help()),
        ("도움말", Help()),
        ("ヘルプ", Help()),
        ("/quit", Quit()),
        ("q", Quit()),
        ("그만할래요", Quit()),
        ("終了。", Quit()),
        ("ＱＵＩＴ", Quit()),  # full-width, as an input method types it
        ("I need help", None),
        ("police", None),
        ("저는 경찰입니다", None),
        ("1", None),
        ("", None),
    ],
)
def test_a_whole_line_is_help_quit_or_the_games_to_read(text: str, word: TableWord | None) -> None:
    assert read_table_word(text) == word
