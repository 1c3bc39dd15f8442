"""Accuracy of the parser on the held-out corpora in tests/referee/lang/heldout/.

Those utterances were labelled from DESIGN.md alone, by someone who read neither the
parsers nor the development corpus, so they measure how the parser generalises; the
development corpus (test_corpus.py) only measures what it was tuned on. Same exact-match
rule. The floors are what the parser reached when the corpora were first run: they guard
against regressions, and should be raised (never lowered) as the parser improves.
"""

from __future__ import annotations

import sys

import pytest

from tests.referee.lang.corpus_check import HELDOUT, load, score_parse

FLOOR = {"ko": 1.0, "ja": 1.0, "en": 1.0}
SIZE = 80


@pytest.mark.parametrize("lang", sorted(FLOOR))
def test_parse_heldout(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(load("parse", lang, HELDOUT)) >= SIZE
    score = score_parse(lang, HELDOUT)
    with capsys.disabled():
        print("\n" + score.table(f"parse {lang} (held out)"), file=sys.stderr)
    assert score.accuracy >= FLOOR[lang], "\n".join(score.misses)
