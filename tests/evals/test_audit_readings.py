"""The readings the audit gives a player's line beside the parser's (evals.audit.readings)."""

import pytest

from evals.audit import readings
from referee.lang import Context
from referee.lang.incident import LANGS, Incident, Lang
from referee.liar import Guess


@pytest.mark.parametrize(("lang", "text", "reply", "culprit", "liar"), [
    ("en", "B and C can't both be honest, and A backed C up.\nso my call: B drank the soda, C is the liar",
     "Not quite! That costs a question. Questions left: 3", "B", "C"),
    ("en", "A denied it twice and nobody contradicted him. Fine. A drank it.",
     "Correct! A drank it.", "A", None),
    ("ko", "A랑 C 말이 엇갈리니까 둘 중 하나가 거짓말쟁이네.\n범인은 B, 거짓말쟁이는 C!",
     "아쉽지만 오답입니다. 남은 질문 3회", "B", "C"),
    ("ja", "Bさんの答えがAさんと食い違ってる。だからBさんが嘘つき。\n犯人はCさん、嘘つきはBさん！",
     "正解です！おめでとうございます。", "C", "B"),
])
def test_a_judged_line_that_ends_on_a_guess_after_its_reasons_is_read_as_that_guess(
    lang: Lang, text: str, reply: str, culprit: str, liar: str | None
) -> None:
    soda = Incident("soda", "drink", dict.fromkeys(LANGS, "soda"))
    found = readings(text, reply, Context(incident=soda, lang=lang), 1, None)
    guesses = [r.turn.intent for r in found if isinstance(r.turn.intent, Guess)]
    assert guesses == [Guess(culprit, liar)], [r.how for r in found]


@pytest.mark.parametrize(("lang", "text", "reply"), [
    ("en", "A and B disagree. Is it C then?", "Correct!"),  # the last sentence asks
    ("en", "A and B disagree, so one lies. Hmm.", "Nope."),  # it concludes nothing
    ("ja", "AさんとBさんが食い違う。どうしようかな。", "残念、不正解です。"),
])
def test_a_judged_line_whose_last_sentence_is_no_guess_is_a_guess_not_read(lang: Lang, text: str, reply: str) -> None:
    found = readings(text, reply, Context(lang=lang), 1, None)
    assert not any(isinstance(r.turn.intent, Guess) for r in found)
    assert any(r.turn.verdict is not None for r in found)  # judged, its names unread
