"""Accuracy of the parser and the extractor on the labelled development corpora.

Prints accuracy per language and category; fails below 98% exact match, or when a
corpus is smaller than the issue asks (150 utterances, 100 character lines per language).
"""

from __future__ import annotations

import sys

import pytest

from tests.referee.lang.corpus_check import load, score_extract, score_parse

LANGS = ("ko", "ja", "en")
THRESHOLD = 0.98


def _report(capsys: pytest.CaptureFixture[str], text: str) -> None:
    with capsys.disabled():
        print("\n" + text, file=sys.stderr)


@pytest.mark.parametrize("lang", LANGS)
def test_parse_corpus(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(load("parse", lang)) >= 150
    score = score_parse(lang)
    _report(capsys, score.table(f"parse {lang}"))
    assert score.accuracy >= THRESHOLD, "\n".join(score.misses[:20])


@pytest.mark.parametrize("lang", LANGS)
def test_extract_corpus(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(load("extract", lang)) >= 100
    score = score_extract(lang)
    _report(capsys, score.table(f"extract {lang}"))
    assert score.accuracy >= THRESHOLD, "\n".join(score.misses[:20])
