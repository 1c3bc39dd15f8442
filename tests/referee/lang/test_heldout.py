"""Accuracy of the parser on the held-out corpora in tests/referee/lang/heldout/.

Those utterances were labelled from DESIGN.md alone, by someone who read neither the
parsers nor the development corpus, so they measure how the parser generalises; the
development corpus (test_corpus.py) only measures what it was tuned on. Same exact-match
rule. The floors are what the parser reached when the corpora were first run: they guard
against regressions, and should be raised (never lowered) as the parser improves.

`parse` was the first held-out set; once it had been used to fix the parser it no longer
measured generalisation, so `parse2` was written afresh by a second examiner under the
same rule (labels committed before the parser was first run on them). `parse3` (60 per
language) was written the same way by three more examiners in a later session; its first
pass: ko 86.7 %, ja 86.7 %, en 95.0 %.

`chat4` (60 per language, chat as people type it: registers, slang, typos, corrections,
follow-ups, hearsay, quantifiers, nested questions, other foods) was written blind with the
chat development set of issue 11, committed before any parser run, and scored once, after
the parser work on the development sets: first pass ko 71.7 % (43/60; 4 wrong charges,
11 refusals, 2 misfiled), ja 81.7 % (49/60; 3 wrong, 5 refused, 3 misfiled), en 75.0 %
(45/60; 3 wrong, 9 refused, 3 misfiled). The development sets reached 95-100 % with no
wrong charge; this is what that generalises to. It is left untuned: fix the classes behind
its misses from new examples, never from its sentences, and measure them on a new set.

`chat5` (60 per language, the same categories) was written blind by three more examiners at
the start of the session that put the three languages on one middle layer, its checksums
noted before any parser ran on it, and scored once at the end of that work (2404089): first
pass ko 86.7 % (52/60; 4 wrong charges or verdicts, 3 refusals, 1 misfiled), ja 98.3 %
(59/60; 0 wrong, 1 refused), en 95.0 % (57/60; 0 wrong, 3 refused). The four Korean
classes behind its wrong readings were then closed from new examples (their descriptions,
not its sentences): Korean chat5 is used since (56/60, 0 wrong), Japanese and English are not.

`chat6` (60 per language, chat5's 26 categories, issue 23 point 3) was written blind by one
more examiner (README.chat6.md: what was read, checksums) and scored once, at a3b084d, before
any work on issue 23's classes: first pass ko 66.7 % (40/60; 2 wrong charges, 13 refused,
5 misfiled), ja 71.7 % (43/60; 4 wrong, 10 refused, 3 misfiled), en 83.3 % (50/60; 0 wrong,
8 refused, 2 misfiled). Far under the issue's goal (98 %, 0 wrong); it is left untuned, and
its floors and wrong counts are that first pass.
"""

from __future__ import annotations

import sys

import pytest

from tests.referee.lang.corpus_check import HELDOUT, load, score_parse

FLOOR = {
    ("parse", "ko"): 1.0, ("parse", "ja"): 1.0, ("parse", "en"): 1.0,
    ("parse2", "ko"): 1.0, ("parse2", "ja"): 1.0, ("parse2", "en"): 1.0,
    ("parse3", "ko"): 0.95, ("parse3", "ja"): 0.966, ("parse3", "en"): 0.983,
    ("chat4", "ko"): 0.716, ("chat4", "ja"): 0.816, ("chat4", "en"): 0.75,
    ("chat5", "ko"): 0.933, ("chat5", "ja"): 0.983, ("chat5", "en"): 0.95,
    ("chat6", "ko"): 0.666, ("chat6", "ja"): 0.716, ("chat6", "en"): 0.833,
}
SIZE = {"parse": 80, "parse2": 70, "parse3": 60, "chat4": 60, "chat5": 60, "chat6": 60}
# Wrong charges or verdicts a set may show: none, except the fresh chat sets' first passes
# (chat4 ja 3 -> 2 since the classes of issue 11 point 5 were closed from new examples, untuned;
# chat6 ko 2 -> 1 and ja 4 -> 3 since two wrong-charge classes of issue 23 were closed the same way).
WRONG = {("chat4", "ko"): 4, ("chat4", "ja"): 2, ("chat4", "en"): 3, ("chat6", "ko"): 1, ("chat6", "ja"): 3}


@pytest.mark.parametrize(("name", "lang"), sorted(FLOOR))
def test_parse_heldout(name: str, lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(load(name, lang, HELDOUT)) >= SIZE[name]
    score = score_parse(lang, HELDOUT, name)
    with capsys.disabled():
        print("\n" + score.table(f"{name} {lang} (held out)"), file=sys.stderr)
    assert score.accuracy >= FLOOR[(name, lang)], "\n".join(score.misses)
    wrong = [miss for miss in score.misses if miss.startswith("[wrong]")]
    assert len(wrong) <= WRONG.get((name, lang), 0), (
        "a held-out utterance is charged or judged as something not said:\n" + "\n".join(wrong))
