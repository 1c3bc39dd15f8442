"""Rules talk is shown the rules; other talk that asks no one anything is not."""

from __future__ import annotations

import random

import pytest

from referee.lang import Context, parse
from referee.lang.incident import Lang, incident
from referee.liar.game import Rules, new_game, step
from referee.liar.intent import Other
from referee.liar.verdict import NotCharged
from referee.liar.world import World


def read(text: str, lang: Lang) -> object:
    return parse(text, Context(lang=lang, incident=incident("cake"))).intent


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "what are the rules again?"),
    ("en", "rules?"),
    ("en", "how do I play this"),
    ("en", "sorry, how does this work?"),
    ("ja", "ルール教えて"),
    ("ja", "遊び方がわからない"),
    ("ja", "このゲームのやり方を説明して"),
    ("ko", "규칙이 뭐였지?"),
    ("ko", "룰 다시 알려줘"),
    ("ko", "게임 방법 설명 좀"),
])
def test_a_question_about_the_rules_is_marked_so(lang: Lang, text: str) -> None:
    assert read(text, lang) == Other(about_rules=True)


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "nice weather today"),
    ("ja", "今日はいい天気ですね"),
    ("ko", "오늘 날씨 좋네요"),
])
def test_other_talk_is_not(lang: Lang, text: str) -> None:
    assert read(text, lang) == Other()


def test_rules_talk_is_never_charged() -> None:
    state = new_game(Rules(), random.Random(1), World("A", "B"))
    after, verdict = step(state, Other(about_rules=True))
    assert verdict == NotCharged("rules", state.remaining) and after.remaining == state.remaining
