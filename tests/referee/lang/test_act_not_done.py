"""Wanting, meaning, trying or almost doing the act is not doing it, in every language: such a
line was read as the guess (or the question, or a character's answer) that the act was done,
and a guess read there is charged for a thought. Examples written for this test."""

from __future__ import annotations

import pytest

from referee.lang import Context, extract, parse
from referee.lang.incident import Lang
from referee.liar.intent import Guess, Question


@pytest.mark.parametrize(("lang", "text"), [
    ("ko", "C가 케이크를 먹고 싶어 했대요."),
    ("ko", "A는 케이크를 먹으려다 말았어."),
    ("ko", "B가 먹을 뻔했지."),
    ("ko", "C씨가 먹고 싶어 하던 케이크였는데."),
    ("ja", "Cさんはケーキを食べたがっていた。"),
    ("ja", "Aさんはケーキを食べようとしていた。"),
    ("ja", "Bさんがケーキを食べそうになった。"),
    ("ja", "Cさんはケーキを食べるつもりだった。"),
    ("en", "C wanted to eat the cake."),
    ("en", "A tried to eat the cake."),
    ("en", "B almost ate the cake."),
    ("en", "C nearly ate the cake yesterday."),
    ("en", "A had planned to eat the cake."),
])
def test_wanting_or_almost_eating_is_no_guess(lang: Lang, text: str) -> None:
    assert not isinstance(parse(text, Context(lang=lang)).intent, Guess)


@pytest.mark.parametrize(("lang", "text"), [
    ("ko", "B씨, 케이크 먹고 싶었어요?"),
    ("ko", "A씨, 케이크 먹으려고 했어요?"),
    ("ja", "Bさん、ケーキを食べたかったですか？"),
    ("ja", "Aさん、ケーキを食べようとしましたか？"),
    ("en", "B, did you want to eat the cake?"),
    ("en", "A, did you try to eat the cake?"),
])
def test_asking_whether_someone_wanted_to_eat_asks_no_question_of_the_game(lang: Lang, text: str) -> None:
    """Read as "did you eat it", the answer would be charged against the wrong question."""
    assert not isinstance(parse(text, Context(lang=lang)).intent, Question)


@pytest.mark.parametrize(("lang", "text"), [
    ("ko", "먹고 싶었지만 참았어요."),
    ("ja", "食べたかったけど、我慢しました。"),
    ("en", "I wanted to eat it, but I held back."),
])
def test_a_character_who_wanted_to_eat_it_says_nothing_of_having_eaten_it(lang: Lang, text: str) -> None:
    said = extract(text, Context(lang=lang), "B").statements
    assert not any(s.proposition.predicate == "culprit" and s.asserted for s in said)  # type: ignore[union-attr]


@pytest.mark.parametrize(("lang", "text", "culprit"), [
    ("ko", "B가 먹었어!", "B"), ("ja", "Bさんが食べた！", "B"), ("en", "B ate it!", "B"),
])
def test_the_act_itself_is_still_a_guess(lang: Lang, text: str, culprit: str) -> None:
    assert parse(text, Context(lang=lang)).intent == Guess(culprit, None)
