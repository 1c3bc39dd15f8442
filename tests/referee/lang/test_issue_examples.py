"""Every example of issue 11 ("the referee reads real chat"), as a table: the messages that
were charged or judged wrongly, and the ones a person expects to work."""

from __future__ import annotations

import pytest

from referee.lang import Context, incident, parse
from referee.lang.incident import Lang
from referee.lang.wire import intent_json

Pair = tuple[str, str, str, bool] | tuple[str, str, str, bool, str]  # speaker, about, predicate, negated[, via]


def _read(lang: Lang, text: str, food: str = "cake", previous: str | None = None) -> tuple[str, set[Pair], object]:
    ctx = Context(lang=lang, incident=incident(food))
    if previous is not None:
        ctx = Context(lang=lang, incident=incident(food), previous=parse(previous, ctx).intent)  # type: ignore[arg-type]
    wire = intent_json(parse(text, ctx).intent)
    pairs = {(p["speaker"], p["about"], p["predicate"], p["negated"], *([p["via"]] if "via" in p else []))
             for p in wire["propositions"]}
    return wire["kind"], pairs, wire["guess"]  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("ko", "A는 자기가 먹었다고 하네"),
        ("ko", "B 말로는 C가 거짓말쟁이래"),
        ("ja", "Bによると、Cが嘘つき"),
        ("ja", "Bの話だと犯人はA"),
        ("en", "according to B, C is the liar"),
    ],
)
def test_hearsay_is_a_remark(lang: Lang, text: str) -> None:
    assert _read(lang, text)[0] == "remark"


@pytest.mark.parametrize(
    ("lang", "text", "food", "pairs"),
    [
        ("ko", "A씨 케이크 먹었어요", "cake", {("A", "A", "culprit", False)}),
        ("ja", "じゃあAさん、BさんとCさんは二人とも飲んでないよね?", "juice",
         {("A", "B", "culprit", True), ("A", "C", "culprit", True)}),
        ("ja", "Cさん、あなたとAさんは二人とも正直者ですか？", "cake", {("C", "C", "honest", False), ("C", "A", "honest", False)}),
        ("en", "A and B, each of you tell me whether you're honest.", "cake",
         {("A", "A", "honest", False), ("B", "B", "honest", False)}),
        ("ko", "A씨, B씨 각자 본인이 정직한지 말해 주세요.", "cake", {("A", "A", "honest", False), ("B", "B", "honest", False)}),
        ("ko", "B 씨, C 씨가 A 씨가 먹었다고 말할까요?", "cake", {("B", "A", "culprit", False, "C")}),
        ("ko", "A야 B가 케이크 먹었어? 아 미안 A 말고 C한테 물어본 거야", "cake", {("C", "B", "culprit", False)}),
        ("ko", "C씨, A씨가 거짓말쟁이예요? 아 잘못 씀, B씨가 거짓말쟁이예요?", "cake", {("C", "B", "liar", False)}),
        ("en", "did C drink the juice A??", "juice", {("A", "C", "culprit", False)}),
        ("ko", "너가 주스 마셨어, C야?", "juice", {("C", "C", "culprit", False)}),
        ("ja", "ジュース飲んだのってあなた？Bさん", "juice", {("B", "B", "culprit", False)}),
        ("en", "A, what about B? did he drink the juice?", "juice", {("A", "B", "culprit", False)}),
        ("en", "A, B and C, I have a question for all of you: did you eat the cake?", "cake",
         {("A", "A", "culprit", False), ("B", "B", "culprit", False), ("C", "C", "culprit", False)}),
        ("en", "Two questions for B: is A the liar? Did C drink the juice?", "juice",
         {("B", "A", "liar", False), ("B", "C", "culprit", False)}),
        ("ja", "CさんにききたいんだけどAさんがクッキー食べたの？", "cookie", {("C", "A", "culprit", False)}),
        ("en", "B pls just tell me whether C is the liar", "cake", {("B", "C", "liar", False)}),
        ("ko", "C 너 구라쟁이지?", "cake", {("C", "C", "liar", False)}),
        ("en", "C you didnt eat the donut did you", "donut", {("C", "C", "culprit", True)}),
        ("ja", "全員に質問です。嘘つきですか?", "cake", {("A", "A", "liar", False), ("B", "B", "liar", False), ("C", "C", "liar", False)}),
    ],
)
def test_questions_read_as_asked(lang: Lang, text: str, food: str, pairs: set[Pair]) -> None:
    assert _read(lang, text, food)[:2] == ("question", pairs)


@pytest.mark.parametrize(("lang", "text"), [("en", "C, did you eat the pizza?"), ("ko", "B, 너 거짓말쟁이지? 범인은 A야.")])
def test_never_charged(lang: Lang, text: str) -> None:
    assert _read(lang, text)[0] == "unclear"


def test_a_conclusion_without_a_hedge_is_a_guess() -> None:
    assert _read("en", "ok I got it, B drank the juice and B is also the liar", "juice") == (
        "guess", set(), {"culprit": "B", "liar": "B"})


def test_a_follow_up_continues_the_question_before() -> None:
    assert _read("en", "C, did you?", previous="A, did you eat it?")[:2] == ("question", {("C", "C", "culprit", False)})
