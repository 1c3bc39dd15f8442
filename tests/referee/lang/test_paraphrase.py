"""Generated paraphrases: every message parses to its meaning or to Unclear, never to
another charge or guess.

tests/referee/lang/paraphrase.py composes labelled messages from typed meanings x phrasings
x registers x name forms x incidents x punctuation x typo noise (at least 5,000 distinct
per language). The suite reads a fixed sample of SAMPLE per language and prints, per
language, how many were read exactly, refused (Unclear), misfiled and WRONG (charged or
judged as something not said), with the first wrong readings; `python bench/paraphrase.py`
prints the same table for the full 5,000 and more.

The promise holds on the sample (seed SEED) and on any seed hypothesis draws: no generated
message is charged or judged as something it did not say. At the first pass the sample
gave ko 198, ja 150, en 84 wrong readings; after the parser work of issue 11 on the
development sets, 36, 17 and 31; on the shared middle layer, with the classes behind them
closed, 0.
"""

from __future__ import annotations

import sys
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.referee.lang.paraphrase import (
    FRAMES,
    INCIDENTS,
    LANGS,
    Meaning,
    Prop,
    generate,
    label_problems,
    report,
)

SEED = 11
SAMPLE = 1500
FULL = 5000
NAME_FORMS = {"en": ("Ａ", "Mr. ", "person ", "Person "), "ko": ("Ａ", "씨", "님", "에이", "비"),
              "ja": ("Ａ", "さん", "くん", "エー", "ビー", "シー")}
"""Name forms every language's messages must show, besides the bare letters."""


@pytest.mark.parametrize("lang", LANGS)
def test_generated_messages_parse_to_their_meaning_or_unclear(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    result, table = report(lang, generate(lang, SAMPLE, SEED))
    with capsys.disabled():
        print("\n" + table, file=sys.stderr)
    assert result.total == SAMPLE
    assert result.wrong == 0, table


@pytest.mark.parametrize("lang", LANGS)
def test_the_generator_composes_5000_distinct_labelled_messages(lang: str) -> None:
    messages = generate(lang, FULL, SEED)
    assert len({(u.previous, u.text) for u in messages}) == FULL
    assert messages == generate(lang, FULL, SEED), "the same seed must give the same messages"
    assert [u.text for u in generate(lang, 50, SEED + 1)] != [u.text for u in messages[:50]]
    assert {problem for u in messages for problem in label_problems(u)} == set()
    assert {u.category for u in messages} == {frame.__name__.removeprefix("f_") for frame, _ in FRAMES}
    assert {u.incident for u in messages} == set(INCIDENTS)
    assert {u.meaning.kind for u in messages} == {"question", "guess", "remark", "other", "unclear"}
    text = "\n".join(u.text for u in messages)
    assert [form for form in NAME_FORMS[lang] if form not in text] == []
    assert any(u.previous for u in messages) and any(u.pending for u in messages)
    assert any(p.via for u in messages for p in u.meaning.props)


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(LANGS))
def test_any_seed_gives_well_formed_labels_and_no_wrong_reading(seed: int, lang: str) -> None:
    messages = generate(lang, 300, seed)
    assert messages == generate(lang, 300, seed)
    assert [(u.text, label_problems(u)) for u in messages if label_problems(u)] == []
    result, table = report(lang, messages)
    assert result.wrong == 0, table


def test_a_broken_label_is_caught() -> None:
    """The label check can fail: a cost that is not the distinct pairs, a name off the roster."""
    message = generate("en", 1, SEED)[0]
    twice = Meaning("question", (Prop("A", "B", "liar"), Prop("A", "B", "liar")))
    assert label_problems(replace(message, meaning=twice)) == []  # duplicates count once
    one = Meaning("question", (Prop("A", "B", "liar"), Prop("A", "B", "honest", negated=True)))
    assert one.label()["cost"] == 1 and one.label()["propositions"] == [Prop("A", "B", "liar").wire()]
    assert label_problems(replace(message, meaning=Meaning("question", (Prop("A", "D", "liar"),))))
    assert label_problems(replace(message, meaning=Meaning("guess")))
    assert label_problems(replace(message, meaning=Meaning("remark", (Prop("A", "B", "liar"),))))
    assert label_problems(replace(message, meaning=Meaning("question", (Prop("A", "B", "liar", via="A"),))))
