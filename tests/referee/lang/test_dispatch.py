"""Language detection, dispatch to the per-language module, and the wire shape of `refgm parse`."""

from __future__ import annotations

import pytest

from referee.lang import Context, detect, extract, parse
from referee.lang.wire import intent_json, parsed_json
from referee.liar.codec import proposition_json
from referee.liar.intent import CountQuery, Guess, Query, Question, Remark, Unclear
from referee.liar.problem import Problem, Why
from referee.liar.proposition import Not, Says, literal


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("A씨, 케이크 먹었어요?", "ko"),
        ("ㅋㅋ", "ko"),  # compatibility jamo
        ("Aさん、ケーキを食べましたか？", "ja"),
        ("犯人はBだ", "ja"),  # kanji only
        ("A, did you eat it?", "en"),
        ("Ａ, did you eat it?", "en"),  # full-width Latin is still English
        ("", "en"),
    ],
)
def test_detect(text: str, lang: str) -> None:
    assert detect(text) == lang


def test_parse_dispatches_on_detected_language() -> None:
    parsed = parse("B, did you eat it?")
    assert parsed.lang == "en"
    assert parsed.intent == Question((Query("B", literal("culprit", "B")),))


def test_context_language_overrides_detection() -> None:
    assert parse("B ate it.", Context(lang="en")).lang == "en"


def test_unknown_language_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        parse("hello", Context(lang="fr"))  # type: ignore[arg-type]


def test_extract_dispatches_to_english() -> None:
    read = extract("B: No, I didn't eat it.")
    assert read.lang == "en"
    assert [(s.speaker, s.proposition, s.asserted) for s in read.statements] == [
        ("B", literal("culprit", "B"), False)
    ]


def test_wire_question_lists_unique_pairs_with_cost() -> None:
    parsed = parse("A, did you eat it? Didn't you eat it, A? Is C the liar?", Context(lang="en"))
    assert parsed_json(parsed) == {
        "kind": "question",
        "cost": 2,
        "propositions": [
            {"speaker": "A", "about": "A", "predicate": "culprit", "negated": False},
            {"speaker": "A", "about": "C", "predicate": "liar", "negated": False},
        ],
        "guess": None,
    }


def test_wire_guess_and_non_questions() -> None:
    assert intent_json(Guess("B", None)) == {
        "kind": "guess", "cost": 0, "propositions": [], "guess": {"culprit": "B", "liar": None},
    }
    assert intent_json(CountQuery())["kind"] == "other"
    assert intent_json(Remark())["kind"] == "remark"
    assert intent_json(Unclear(Problem(Why.EMPTY)))["kind"] == "unclear"


def test_wire_nested_question_carries_via() -> None:
    assert proposition_json("A", Says("B", Not(literal("liar", "C")))) == {
        "speaker": "A", "about": "C", "predicate": "liar", "negated": True, "via": "B",
    }
