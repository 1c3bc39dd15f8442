"""An incident of one's own is read as well as a built-in one, in every language.

The law: a sentence about a made-up object ("추로스", "アイスティー", "slice of pizza") reads
as the same sentence about the built-in object of the same act (cake, juice) reads in the
built-in game: the same question, guess or statement, the same refusal. Another food named
in the sentence is still another incident. Table tests name the compounds the analysers cut
in two; the property draws objects no dictionary knows.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.lang import extract, parse
from referee.lang.context import Context
from referee.lang.incident import INCIDENTS, Incident, Lang
from referee.liar.intent import Guess, Question, Unclear
from referee.liar.problem import Why

# Sentences with {n} for the object; {v} picks the act's verb form, as (eat, drink).
PLAYER: dict[Lang, list[str]] = {
    "ko": ["A씨, {n} {v}어요?", "B, 네가 {n} {v}지?", "C씨, A씨랑 B씨가 {n} {v}어요?",
           "B가 {n} {v}고 A가 거짓말쟁이야", "에이, 마지막 {n} {v}어?", "C씨 혹시 {n} {v}나요?"],
    "ja": ["Aさん、{n}を{v}ましたか？", "Bさん{n}{v}た？", "Cさん、AさんとBさんは{n}を{v}ましたか？",
           "Bさんが{n}を{v}て、嘘つきはAさん", "Aさん、最後の{n}、{v}ました？", "Cさん、{n}を{v}ましたか？"],
    "en": ["A, did you {v} the {n}?", "B, you {v2} the last {n}, didn't you?", "C, did A and B {v} the {n}?",
           "B {v2} the {n} and A is the liar", "A, did you {v} my {n}?", "C, did you {v} the last {n}?"],
}
VERBS: dict[Lang, dict[str, dict[str, str]]] = {
    "ko": {"eat": {"v": "먹었"}, "drink": {"v": "마셨"}},
    "ja": {"eat": {"v": "食べ"}, "drink": {"v": "飲ん"}},
    "en": {"eat": {"v": "eat", "v2": "ate"}, "drink": {"v": "drink", "v2": "drank"}},
}
JA_STEM = {"食べ": ("食べ", "食べ"), "飲ん": ("飲み", "飲ん")}  # ました takes 飲み, た/て take 飲ん (飲んだ, 飲んで)
ANSWERS: dict[Lang, list[str]] = {
    "ko": ["아니요, 저는 {n} 안 {v}어요.", "네, 제가 {n} {v}어요.", "B씨가 {n} {v}어요."],
    "ja": ["いいえ、私は{n}を{v}ていません。", "はい、私が{n}を{v}ました。", "Bさんが{n}を{v}ました。"],
    "en": ["No, I didn't {v} the {n}.", "Yes, I {v2} the {n}.", "B {v2} the {n}."],
}
OTHER_FOOD: dict[Lang, str] = {"ko": "A씨, 라면 {v}어요?", "ja": "Aさん、ラーメンを{v}ましたか？", "en": "A, did you {v} the ramen?"}
BUILT_IN = {"eat": INCIDENTS["cake"], "drink": INCIDENTS["juice"]}


def _fill(template: str, lang: Lang, noun: str, verb: str) -> str:
    forms = dict(VERBS[lang][verb])
    if lang == "ja":
        polite, plain = JA_STEM[forms["v"]]
        template = re.sub(r"\{v\}(まし)", polite + r"\1", template)
        template = template.replace("{v}", plain).replace("飲んて", "飲んで")
    return template.format(n=noun, **forms)


def _own(lang: Lang, noun: str, verb: str) -> Incident:
    names = {"ko": "쿠키", "ja": "クッキー", "en": "cookie"}  # the other languages' names do not matter
    names[lang] = noun
    return Incident("mine", verb, names)  # type: ignore[arg-type]


def _same(lang: Lang, noun: str, verb: str) -> None:
    mine, theirs = _own(lang, noun, verb), BUILT_IN[verb]
    for template in PLAYER[lang]:
        ours = parse(_fill(template, lang, noun, verb), Context(incident=mine, lang=lang)).intent
        built_in = parse(_fill(template, lang, theirs.noun[lang], verb), Context(incident=theirs, lang=lang)).intent
        assert ours == built_in, (template, noun)
        assert isinstance(ours, (Question, Guess)), (template, noun, ours)
    for template in ANSWERS[lang]:
        ours_x = extract(_fill(template, lang, noun, verb), Context(incident=mine, lang=lang), speaker="A")
        built_x = extract(_fill(template, lang, theirs.noun[lang], verb), Context(incident=theirs, lang=lang),
                          speaker="A")
        assert [(s.speaker, s.proposition, s.asserted) for s in ours_x.statements] == [
            (s.speaker, s.proposition, s.asserted) for s in built_x.statements], (template, noun)
        assert ours_x.statements and not ours_x.unread, (template, noun, ours_x)
    other = parse(_fill(OTHER_FOOD[lang], lang, noun, verb), Context(incident=mine, lang=lang)).intent
    assert isinstance(other, Unclear) and other.problem.why is Why.OTHER_INCIDENT, (noun, other)


# Objects the analysers cut in two or do not know, and names of several words.
TABLE: list[tuple[Lang, str, str]] = [
    ("ko", "추로스", "eat"), ("ko", "치즈케이크", "eat"), ("ko", "메론빵", "eat"), ("ko", "아이스티", "drink"),
    ("ko", "주먹밥", "eat"), ("ko", "에그타르트", "eat"), ("ko", "바나나우유", "drink"), ("ko", "보리차", "drink"),
    ("ko", "만추", "eat"), ("ko", "마마", "drink"), ("ko", "마수", "drink"), ("ko", "수림", "eat"),  # found by the property: kiwi's 저+의+가, 말+시, 안 as "inside"
    ("ja", "チュロス", "eat"), ("ja", "メロンパン", "eat"), ("ja", "アイスティー", "drink"), ("ja", "麦茶", "drink"),
    ("ja", "どら焼き", "eat"), ("ja", "抹茶ラテ", "drink"), ("ja", "ホットク", "eat"), ("ja", "おにぎり", "eat"),
    ("en", "churro", "eat"), ("en", "brownie", "eat"), ("en", "iced tea", "drink"), ("en", "slice of pizza", "eat"),
    ("en", "egg tart", "eat"), ("en", "cupcake", "eat"), ("en", "milkshake", "drink"), ("en", "barley tea", "drink"),
]


@pytest.mark.parametrize(("lang", "noun", "verb"), TABLE)
def test_an_object_of_ones_own_reads_as_a_built_in_one(lang: Lang, noun: str, verb: str) -> None:
    _same(lang, noun, verb)


# Syllables and kana no name, role or particle is made of (no 에이/비/씨, no エー/ビー/シー).
_KO = "추로스마롱카토핑젤떡튀김호두빙수찐만두크림탕후루"
_JA = "チュロスマカロンパフェタルトグラタンモンブラン"


@settings(max_examples=150, deadline=None)
@given(lang=st.sampled_from(["ko", "ja"]),
       letters=st.lists(st.integers(0, 1000), min_size=2, max_size=5),
       verb=st.sampled_from(["eat", "drink"]))
def test_any_made_up_object_reads_as_a_built_in_one(lang: Lang, letters: list[int], verb: str) -> None:
    alphabet = _KO if lang == "ko" else _JA
    noun = "".join(alphabet[i % len(alphabet)] for i in letters)
    _same(lang, noun, verb)


def test_a_longer_katakana_word_holding_the_object_is_another_thing() -> None:
    """"パン" is not in "メロンパン": another food, not the incident. (Korean reads "메론빵" in a
    빵 game as the 빵, as it reads "치즈케이크" in the cake game: a kind of the object.)"""
    intent = parse("Aさん、メロンパンを食べましたか？", Context(incident=_own("ja", "パン", "eat"), lang="ja")).intent
    assert isinstance(intent, Unclear) and intent.problem.why is Why.OTHER_INCIDENT, intent
