"""Monorail at the table (gm.monorail): the board drawing, the texts in three languages, the
agent's brief."""

from __future__ import annotations

import json

import pytest

from gm.agent import Retry
from gm.monorail import BRIEF, LANGS, MoveReply, Texts, draw
from referee.game import Result
from referee.monorail.game import (
    CHALLENGE_MET,
    CHALLENGE_WON,
    COMPLETED,
    TILES_OUT,
    Attempt,
    Declare,
    MonorailState,
    Place,
    declaration_right,
    new_game,
    step,
)
from referee.monorail.move import Fault, IllegalMoveError
from referee.monorail.notation import parse_move
from referee.monorail.position import Position
from referee.monorail.protocol import GAME
from referee.monorail.tile import TileError

START = """\
    -1  0  1  2
  1  ·  ·  ·  ·  1
  0  ← ══════ →  0
 -1  ·  ·  ·  ·  -1
    -1  0  1  2"""

# Three rail tiles: the last move (H@0,1) heavy, the others light; (2,0) is faced by two ends.
LATER = """\
    -2 -1  0  1  2  3
  2  ·  ·  ·  ·  ↑  ·  2
  1  ·  ┌─━━━ →  │  ·  1
  0  ·  └─══════→↓  ·  0
 -1  ·  ·  ·  ·  ·  ·  -1
    -2 -1  0  1  2  3"""


def test_the_start_is_drawn_with_its_open_ends() -> None:
    assert draw(Position()) == START


def test_a_board_shows_the_last_move_heavy_and_every_open_end() -> None:
    tiles = parse_move("NE@-1,0 SE@-1,1 H@0,1 V@2,1").tiles
    assert draw(Position(tiles, 12), parse_move("H@0,1").tiles) == LATER


@pytest.mark.parametrize("lang", LANGS)
def test_every_fault_has_its_own_words_in_every_language(lang: str) -> None:
    texts = Texts(lang)
    shown = {texts.refusal(IllegalMoveError(fault, "DETAIL", ((1, 2), (3, 4)))) for fault in Fault}
    assert len(shown) == len(Fault)
    assert all("DETAIL" not in text for text in shown)
    assert "DETAIL" in texts.refusal(TileError("DETAIL"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_renders_in_every_language(lang: str) -> None:
    texts = Texts(lang)
    names = {"first": "A", "second": "B"}
    for reason in (COMPLETED, CHALLENGE_MET, CHALLENGE_WON, TILES_OUT):
        assert texts.result(MonorailState(result=Result(("first",), reason)), names)
    values: dict[str, dict[str, object]] = {
        "opening": {"first": "A", "second": "B", "commitment": "c" * 64},
        "legend": {"tiles_left": 3},
        "your_turn": {"tiles_left": 3},
        "challenged": {"tiles_left": 3},
        "placed": {"name": "A", "move": "m"},
        "declared": {"name": "A", "challenged": "B"},
        "attempted": {"name": "A", "count": 0, "placed": ""},
        "fallback": {"name": "A", "attempts": 3},
        "unclear": {"detail": "d"},
        "no_pass": {"challenged": True},
        "nothing_to_give_up": {},
        "reveal": {"seed": 1, "nonce": "n", "text": "t", "commitment": "c"},
        "saved": {"game_id": "g"},
        "resumed": {"game_id": "g", "ply": 2},
        "torn": {"line": 4},
        "you": {},
        "bot": {"level": "solver"},
        "agent": {"name": "m"},
    }
    for key, given in values.items():
        assert texts.message(key, **given), key
    assert "H@2,0 NW@3,0" in texts.render("help")
    with pytest.raises(ValueError, match="Monorail speaks"):
        Texts("fr")


@pytest.mark.parametrize("lang", LANGS)
def test_the_agent_is_told_the_rules_the_board_and_the_json(lang: str) -> None:
    view = GAME.view(GAME.start({}), "first")
    system, user = BRIEF.messages(view, lang, None)
    assert "H@0,0" in system.content and '"action": "place"' in system.content
    assert START in user.content and json.dumps(view["open_ends"]) in user.content
    _, retry = BRIEF.messages(view, lang, Retry(Place(parse_move("H@5,5")), "REASON"))
    assert "H@5,5" in retry.content and "REASON" in retry.content


@pytest.mark.parametrize(
    "reply, action",
    [
        ({"action": "place", "tiles": [{"x": 2, "y": 0, "shape": "H"}]}, Place(parse_move("H@2,0"))),
        ({"action": "impossible", "tiles": []}, Declare()),
        ({"action": "attempt", "tiles": []}, Attempt(())),
        ({"action": "attempt", "tiles": [{"x": 2, "y": 0, "shape": "SW"}]}, Attempt(parse_move("SW@2,0").tiles)),
    ],
)
def test_a_reply_is_read_into_a_move(reply: dict[str, object], action: object) -> None:
    assert BRIEF.move(MoveReply.model_validate(reply), "en") == action


def test_the_schema_forbids_what_it_does_not_name() -> None:
    schema = MoveReply.model_json_schema()
    assert schema["additionalProperties"] is False and set(schema["required"]) == {"action", "tiles"}
    with pytest.raises(ValueError):
        MoveReply.model_validate({"action": "pass", "tiles": []})


# After "impossible", the declarer wins whenever the challenged seat does not complete the loop
# (M7), even if a completion existed: the words then must not call the declaration true.
TRUTH = {
    "en": ("the declaration was true", "The declaration was not true: 7 more tiles"),
    "ko": ("선언이 맞았습니다", "선언은 틀렸습니다: 타일 7개"),
    "ja": ("宣言は正しかった", "宣言は正しくありませんでした: あと7枚"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_an_unanswered_wrong_impossible_wins_but_is_never_called_true(lang: str) -> None:
    state = step(new_game(), "first", Place(parse_move("H@2,0")))
    state = step(state, "second", Declare())
    state = step(state, "first", Attempt(()))
    assert state.result == Result(("second",), CHALLENGE_WON)
    assert declaration_right(state) is False
    text = Texts(lang).result(state, {"first": "A", "second": "B"})
    true, untrue = TRUTH[lang]
    assert untrue in text and true not in text


@pytest.mark.parametrize("lang", LANGS)
def test_a_true_impossible_is_called_true(lang: str) -> None:
    # Straights above and below (2,0) make any loop through all three chains go round one of
    # them the long way: 16 more tiles, and only 14 are left.
    tiles = parse_move("H@2,1 H@2,-1").tiles
    state = MonorailState(position=Position(tiles, 14))
    state = step(state, "first", Declare())
    state = step(state, "second", Attempt(()))
    assert declaration_right(state) is True
    true, untrue = TRUTH[lang]
    text = Texts(lang).result(state, {"first": "A", "second": "B"})
    assert true in text and untrue.split(":")[0] not in text
