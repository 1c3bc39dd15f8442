"""What players type, in ko, ja and en: moves, 'impossible', pass, help, quit, give up, and the rest."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.monorail import Declare, Move, Place, move_str, parse_move
from referee.monorail.words import Command, GiveUp, Help, Pass, Quit, Unclear, fold, read_command
from tests.referee.monorail.strategies import moves

DECLARE, PASS, HELP, QUIT, GIVE_UP = Declare(), Pass(), Help(), Quit(), GiveUp()

TABLE: list[tuple[str, Command]] = [
    # en
    ("impossible", DECLARE),
    ("Impossible!", DECLARE),
    ("IMPOSSIBLE.", DECLARE),
    ("it's impossible", DECLARE),
    ("It’s impossible!", DECLARE),
    ("it is impossible", DECLARE),
    ("that's impossible", DECLARE),
    ("I declare impossible", DECLARE),
    ("i call impossible", DECLARE),
    ("declare it impossible", DECLARE),
    ("impossible now", DECLARE),
    ("pass", PASS),
    ("I pass", PASS),
    ("I'll pass.", PASS),
    ("skip my turn", PASS),
    ("help", HELP),
    ("?", HELP),
    ("help?", HELP),
    ("how do I play", HELP),
    ("rules", HELP),
    ("quit", QUIT),
    ("/quit", QUIT),
    ("exit", QUIT),
    ("I quit", QUIT),
    ("give up", GIVE_UP),
    ("I give up", GIVE_UP),
    ("concede", GIVE_UP),
    # ko
    ("불가능", DECLARE),
    ("불가능!", DECLARE),
    ("불가능!!", DECLARE),
    ("불가능합니다", DECLARE),
    ("불가능해요", DECLARE),
    ("불가능이야", DECLARE),
    ("불가능입니다.", DECLARE),
    ("불가능 선언", DECLARE),
    ("불가능을 선언합니다", DECLARE),
    ("불가능 선언할게요", DECLARE),
    ("완성 불가능", DECLARE),
    ("이건 불가능해", DECLARE),
    ("패스", PASS),
    ("패스할게요", PASS),
    ("통과", PASS),
    ("도움말", HELP),
    ("도움말?", HELP),
    ("도움", HELP),
    ("규칙", HELP),
    ("종료", QUIT),
    ("그만할래", QUIT),
    ("나가기", QUIT),
    ("포기", GIVE_UP),
    ("포기할게요", GIVE_UP),
    ("기권합니다", GIVE_UP),
    # ja
    ("無理", DECLARE),
    ("無理！", DECLARE),
    ("無理です", DECLARE),
    ("無理だ。", DECLARE),
    ("もう無理", DECLARE),
    ("不可能", DECLARE),
    ("不可能です", DECLARE),
    ("不可能だ", DECLARE),
    ("完成は無理です", DECLARE),
    ("不可能を宣言します", DECLARE),
    ("不可能宣言", DECLARE),
    ("むり", DECLARE),
    ("パス", PASS),
    ("パスします", PASS),
    ("ヘルプ", HELP),
    ("ルール", HELP),
    ("？", HELP),
    ("終了", QUIT),
    ("やめる", QUIT),
    ("降参", GIVE_UP),
    ("諦めます", GIVE_UP),
    ("ギブアップ", GIVE_UP),
]


@pytest.mark.parametrize(("text", "command"), TABLE)
def test_the_words_players_use(text: str, command: Command) -> None:
    assert read_command(text) == command


def test_every_command_has_words_in_every_language() -> None:
    by_kind: dict[type, set[str]] = {}
    for text, command in TABLE:
        script = (
            "ko"
            if any("\uac00" <= c <= "\ud7a3" for c in text)
            else "ja"
            if any(ord(c) > 0x3000 for c in text)
            else "en"
        )
        by_kind.setdefault(type(command), set()).add(script)
    assert by_kind == {kind: {"en", "ko", "ja"} for kind in (Declare, Pass, Help, Quit, GiveUp)}


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("H@2,0 NE@3,0", "H@2,0 NE@3,0"),
        ("  h@2,0  ", "H@2,0"),
        ("Ｈ＠２，０　ＮＥ＠３，０", "H@2,0 NE@3,0"),  # a Japanese or Korean input method's full-width forms
        ("sw@-1,-1", "SW@-1,-1"),
    ],
)
def test_a_move_in_the_notation(text: str, move: str) -> None:
    assert read_command(text) == Place(parse_move(move))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        # Never a declaration: a question, a negation, a hedge.
        ("is it impossible?", "'is' is not a tile"),
        ("impossible?", "'impossible?' is not a tile"),
        ("not impossible", "'not' is not a tile"),
        ("it's not impossible", "is not a tile"),
        ("불가능?", "'불가능?' is not a tile"),
        ("불가능하지 않아", "'불가능하지' is not a tile"),
        ("불가능한가", "is not a tile"),
        ("無理じゃない", "'無理じゃない' is not a tile"),
        ("不可能かな", "is not a tile"),
        ("無理でしょう", "is not a tile"),  # "probably impossible": a guess (review F4)
        ("不可能でしょ", "is not a tile"),
        ("probably impossible", "is not a tile"),
        ("아마 불가능", "is not a tile"),
        # Neither a move nor a word the game knows.
        ("hello", "'hello' is not a tile"),
        ("", "no tiles given"),
        ("   ", "no tiles given"),
        ("H@2,0 please", "'please' is not a tile"),
        ("X@2,0", "'X' is not a shape"),
        ("안녕하세요", "is not a tile"),
        ("こんにちは", "is not a tile"),
        ("passport", "'passport' is not a tile"),
    ],
)
def test_anything_else_is_unclear_with_the_notations_reason(text: str, reason: str) -> None:
    command = read_command(text)
    assert isinstance(command, Unclear)
    assert reason in command.reason


def test_fold_is_the_form_words_are_matched_in() -> None:
    assert fold("  /Quit!! ") == "quit"
    assert fold("It’s   IMPOSSIBLE.") == "it's impossible"
    assert fold("無理！") == "無理"
    assert fold("?") == "?"


@given(moves(max_size=4).filter(lambda m: all(abs(t.x) < 10**6 and abs(t.y) < 10**6 for t in m.tiles)))
def test_every_move_in_the_notation_is_read_as_that_move(move: Move) -> None:
    assert read_command(move_str(move)) == Place(move)
    assert read_command(move_str(move).lower()) == Place(move)


@given(st.text(max_size=30))
def test_any_line_is_read_as_exactly_one_command(text: str) -> None:
    command = read_command(text)
    assert isinstance(command, Place | Declare | Pass | Help | Quit | GiveUp | Unclear)
    if isinstance(command, Unclear):
        assert command.reason
