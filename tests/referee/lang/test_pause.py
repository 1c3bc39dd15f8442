"""A dramatic pause before a role's name ("the liar is... C"), and a role whose name is not said yet
("B ate it and the liar is"): the name after the pause is read, and the person before is never
carried into the unnamed role (the wrong guess "liar B" was read in all three languages)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.lang import Context, extract, parse
from referee.lang.incident import INCIDENTS
from referee.liar.intent import Guess, Intent
from referee.liar.proposition import literal
from referee.liar.world import Roster

ROSTER = Roster(("A", "B", "C"))


def read(text: str, lang: str) -> Intent:
    return parse(text, Context(ROSTER, INCIDENTS["cake"], lang)).intent  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("lang", "text", "culprit", "liar"),
    [
        ("en", "so the culprit is... C", "C", None),
        ("en", "A ate the cake, and the liar is…… B!", "A", "B"),
        ("en", "C ate it and the liar's... A", "C", "A"),
        ("en", "the liar is ... B", None, "B"),
        ("ko", "거짓말쟁이는...... A!", None, "A"),
        ("ko", "범인은 C, 거짓말쟁이는⋯ B", "C", "B"),
        ("ko", "케이크 먹은 사람은… C, 거짓말쟁이는 A", "C", "A"),
        ("ja", "嘘つきは‥‥Bさん！", None, "B"),
        ("ja", "犯人はAさん、嘘つきは…Cさん", "A", "C"),
        ("ja", "ケーキを食べたのは……Cさん！嘘つきはBさん", "C", "B"),
    ],
)
def test_a_pause_before_the_name_is_read_through(lang: str, text: str, culprit: str | None, liar: str | None) -> None:
    assert read(text, lang) == Guess(culprit, liar)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "C ate it and the liar is"),
        ("en", "A ate the cake, the liar is..."),
        ("en", "C ate it and the culprit is"),
        ("ko", "C가 먹었고 거짓말쟁이는"),
        ("ko", "범인은 A, 거짓말쟁이는……"),
        ("ko", "범인은 C고 거짓말쟁이는... 흠"),
        ("ja", "Cさんが食べて、嘘つきは"),
        ("ja", "犯人はAさん、嘘つきは…"),
        ("ja", "犯人はCさん、嘘つきは……うーん"),
    ],
)
def test_a_role_whose_name_is_not_said_is_no_guess(lang: str, text: str) -> None:
    """Not a guess at all: the culprit alone would judge a guess the player had not finished."""
    assert not isinstance(read(text, lang), Guess)


@pytest.mark.parametrize(
    ("lang", "text"),
    [("ko", "B야, 거짓말쟁이는?"), ("ja", "Bさん、嘘つきは？"), ("en", "B, the liar?")],
)
def test_asking_for_a_role_by_its_topic_is_not_asking_about_the_one_called(lang: str, text: str) -> None:
    """"B, (as for) the liar?" asks who the liar is; it was read as "B, are you the liar?" in ko and ja."""
    intent = read(text, lang)
    assert not isinstance(intent, Guess)
    assert getattr(intent, "queries", ()) == () or all(q.proposition != literal("liar", "B")
                                                      for q in intent.queries)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("lang", "line", "speaker", "liar"),
    [("en", "A: The liar is... C.", "A", "C"), ("ja", "Aさん「嘘つきは……Cさんです」", "A", "C"),
     ("ko", "A: 거짓말쟁이는… C예요.", "A", "C")],
)
def test_a_character_pausing_before_the_name_is_read(lang: str, line: str, speaker: str, liar: str) -> None:
    statements = extract(line, Context(ROSTER, INCIDENTS["cake"], lang)).statements  # type: ignore[arg-type]
    assert [(s.speaker, s.proposition, s.asserted) for s in statements] == [(speaker, literal("liar", liar), True)]


_PAUSES = st.sampled_from(["...", "…", "……", "⋯", "....", " ... ", "‥"])
_NAMES = st.sampled_from(ROSTER.names)
_SHAPES = {
    "en": ("{c} ate it and the liar is{p}{l}", "{c} ate it and the liar is{p}"),
    "ko": ("범인은 {c}, 거짓말쟁이는{p}{l}", "범인은 {c}, 거짓말쟁이는{p}"),
    "ja": ("犯人は{c}さん、嘘つきは{p}{l}さん", "犯人は{c}さん、嘘つきは{p}"),
}


@given(st.sampled_from(sorted(_SHAPES)), _NAMES, _NAMES, _PAUSES)
def test_law_the_liar_named_after_a_pause_is_the_one_read(lang: str, culprit: str, liar: str, pause: str) -> None:
    """Law: whatever the pause, the liar read is the name after it, and without one no liar is read."""
    said, unsaid = _SHAPES[lang]
    assert read(said.format(c=culprit, p=pause, l=liar), lang) == Guess(culprit, liar)
    left_out = read(unsaid.format(c=culprit, p=pause), lang)
    assert not (isinstance(left_out, Guess) and left_out.liar is not None)
