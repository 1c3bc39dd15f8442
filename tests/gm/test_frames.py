"""The plain frames (gm.frames) are forms the paraphrase generator produces and the parser reads
exactly, in ko and ja: the check questions a model is judged on (gm.reader) and every question
whose confirmation says "a form the referee reads exactly" (gm.session.doubt_note).

The generator (tests/referee/lang/paraphrase.py) is where the parser's promise is measured (no
generated message is ever read as something it did not say): a frame outside its forms would
be a question whose reading no corpus vouches for. Its phrasebook is driven here directly, in
the polite register and the frames' name forms (A씨, Aさん), over many seeds, without the noise
`draw` adds after.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache

import pytest

from gm.frames import name_form, question_texts
from gm.reader import check_questions
from referee.lang import Context, parse
from referee.lang.incident import Lang, incident
from referee.liar.intent import Query, Question
from referee.liar.proposition import as_literal, literal
from referee.liar.world import Roster
from tests.referee.lang.paraphrase import BOOKS, NAMES, Book, Voice, _tidy

ROSTER = Roster(NAMES)
CAKE = incident("cake")
SEEDS = 10_000
"""Voices per meaning: each frame comes up (the rarest, 'A씨, 본인이 케이크를 먹지 않았나요?', first
at some 3,000 to 6,000: one draw in about a thousand)."""


def shapes() -> Iterator[Question]:
    """Every question the plain frames say: one person about one predicate, either polarity,
    about another or himself; whether one of two did it or is the liar; everyone about himself;
    and the check questions."""
    for predicate in ("culprit", "liar", "honest"):
        for negated in (False, True):
            for about in ("A", "B"):
                yield Question((Query("A", literal(predicate, about, negated)),))  # type: ignore[arg-type]
            yield Question(tuple(Query(n, literal(predicate, n, negated)) for n in NAMES))  # type: ignore[arg-type]
    for predicate in ("culprit", "liar"):
        yield Question(tuple(Query("C", literal(predicate, a)) for a in "AB"))  # type: ignore[arg-type]
    yield from check_questions(ROSTER)


@cache
def generated(lang: Lang, question: Question) -> frozenset[str]:
    """What the generator's phrasebook says for `question`, as its frames label it (f_yesno:
    one person about one; f_pair: one of two; f_group with no one named: each about himself)."""
    book = BOOKS[lang]
    style = next(i for i, form in enumerate(book.styles) if form("A") == name_form(lang, "A"))
    flats = [as_literal(q.proposition) for q in question.queries]
    assert all(flats)
    atom, negated = flats[0]  # type: ignore[misc]
    speakers, abouts = [q.speaker for q in question.queries], [f[0].about for f in flats if f]
    say: Callable[[Book, Voice], str]
    if len(set(speakers)) > 1:
        say = lambda b, v: b.group(v, list(NAMES), None, atom.predicate, negated)  # noqa: E731
    elif len(abouts) == 2:
        say = lambda b, v: b.pair(v, speakers[0], abouts[0], abouts[1], atom.predicate, negated)  # noqa: E731
    else:
        say = lambda b, v: b.yesno(v, speakers[0], abouts[0], atom.predicate, negated)  # noqa: E731
    return frozenset(_tidy(say(book, Voice(random.Random(seed), "cake", True, style))) for seed in range(SEEDS))


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_every_plain_frame_is_a_generator_form_the_parser_reads_exactly(lang: Lang) -> None:
    ctx = Context(roster=ROSTER, incident=CAKE, lang=lang)
    outside, misread = [], []
    for question in shapes():
        forms = generated(lang, question)
        for text in question_texts(question, lang, CAKE, ROSTER.names):
            if text not in forms:
                outside.append(text)
            read = parse(text, ctx).intent
            if not (isinstance(read, Question) and set(read.queries) == set(question.queries)):
                misread.append(f"{text} -> {read}")
    assert outside == [] and misread == []


def test_the_generator_forms_tell_a_frame_from_another_phrasing() -> None:
    """The comparison can fail: the frames of 17b4e4e said 당신 and あなたは for the act, which
    the generator never does."""
    asked = Question((Query("B", literal("culprit", "B")),))
    assert "B씨, 본인이 케이크를 먹었나요?" in generated("ko", asked)
    assert "B씨, 당신이 케이크를 먹었나요?" not in generated("ko", asked)
    assert "Bさん、あなたはケーキを食べましたか？" not in generated("ja", asked)
