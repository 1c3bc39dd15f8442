"""A guess taken back after its last name is asked again, never judged: "the liar is C. no wait"
was judged (a wrong one charged a question) in all three languages."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.lang import Context, parse
from referee.lang.incident import INCIDENTS
from referee.liar.intent import Guess, Intent, Unclear
from referee.liar.problem import Why
from referee.liar.world import Roster

ROSTER = Roster(("A", "B", "C"))


def read(text: str, lang: str) -> Intent:
    return parse(text, Context(ROSTER, INCIDENTS["cake"], lang)).intent  # type: ignore[arg-type]


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "B ate the cake and A is the liar. hold on"),
    ("en", "the culprit is C!! jk jk"),
    ("en", "A is the liar. Actually no, let me think"),
    ("ko", "거짓말쟁이는 B! 아 잠깐만"),
    ("ko", "범인은 A, 거짓말쟁이는 C. 취소 취소"),
    ("ko", "C가 먹었어. 농담이야 ㅋㅋ"),
    ("ja", "犯人はAさん！…いや、待った"),
    ("ja", "嘘つきはCさん。取り消します"),
    ("ja", "食べたのはBさん、嘘つきもBさん。冗談です"),
])
def test_a_guess_taken_back_is_asked_again(lang: str, text: str) -> None:
    intent = read(text, lang)
    assert not isinstance(intent, Guess)
    assert not isinstance(intent, Unclear) or intent.problem.why is Why.CORRECTION


@pytest.mark.parametrize(("lang", "text", "culprit", "liar"), [
    ("en", "C is the liar, not A", None, "C"),
    ("en", "the culprit is A, no idea about the liar", "A", None),
    ("en", "A ate the cake. not sure who the liar is", "A", None),
    ("ko", "범인은 B씨고 거짓말쟁이는 잘 모르겠어요", "B", None),
    ("ko", "거짓말쟁이는 C고 범인은 모르겠어", None, "C"),
    ("ja", "犯人はCさんで間違いない！", "C", None),
    ("ja", "いや、犯人はAさんだ", "A", None),  # before the name: not taken back
])
def test_not_knowing_the_other_part_or_a_no_inside_the_guess_takes_nothing_back(
    lang: str, text: str, culprit: str | None, liar: str | None
) -> None:
    assert read(text, lang) == Guess(culprit, liar)


_BACK = {"en": ["no wait", "wait", "never mind", "scratch that", "hold on"],
         "ko": ["잠깐", "취소", "아니 아니", "농담"],
         "ja": ["いや", "待って", "取り消し", "冗談"]}
_GUESSES = {"en": "{c} ate the cake and {l} is the liar", "ko": "범인은 {c}, 거짓말쟁이는 {l}",
            "ja": "犯人は{c}さん、嘘つきは{l}さん"}


@given(st.sampled_from(sorted(_BACK)), st.sampled_from(ROSTER.names), st.sampled_from(ROSTER.names),
       st.data(), st.sampled_from([". ", "! ", ", ", " ... ", "\n"]))
def test_law_a_guess_followed_by_taking_it_back_is_never_judged(
    lang: str, culprit: str, liar: str, data: st.DataObject, sep: str
) -> None:
    """Law: a guess read as a guess, followed by words that take it back, is no guess."""
    guess = _GUESSES[lang].format(c=culprit, l=liar)
    assert read(guess, lang) == Guess(culprit, liar)
    assert not isinstance(read(guess + sep + data.draw(st.sampled_from(_BACK[lang])), lang), Guess)
