"""The two labelled sets of Garnet announcements, read by the referee. Each was written from
the rules by someone who had not seen the reader, and committed before it first ran on them.

A line labelled with a character is exact when read as it, refused when asked again (cheap),
WRONG when read as another; a line labelled null is exact when asked again and WRONG when
read as any character. `pytest -s` prints the tables. WRONG must stay 0; exact is a floor.

- `heldout/` (180 lines, 60 per language). First pass: 145 / 180 exact, 35 refused, 0 WRONG.
  Then the reader was fixed against its refusals, by classes (emoji, taunts, honesty,
  sentence-final styles, reports of one's choice, drawn-out words, listed misspellings, a past
  round beside this one, corrections): 175 / 180. It is a development set.
- `heldout2/` (240 lines, 80 per language), kept untouched for the release figure. First and
  only pass, on the reader above: **199 / 240 exact, 40 refused, 1 WRONG** (ko 32/48 characters
  read, ja 39/48, en 33/48; 95 of 96 nulls asked again). The wrong one: "I'm not a beggar, I'm
  police", labelled ask-again, read as Police. The first set's labeller had read corrections
  as the character affirmed; this one's did not. Since two careful readers disagree, a correction
  is not plain, and the reader now asks again (which also cost the first set 3 lines: 172 / 180).
  After that change heldout2 gives 200 / 240, 0 WRONG; it was looked at, so from now on it
  is a development set too, and the next release needs a fresh set.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from referee.garnet.character import Character
from referee.garnet.words import read_announcement

HERE = Path(__file__).parent
SETS = {"heldout": (180, 172), "heldout2": (240, 200)}
"""Each set's size and the floor of its exact count."""


def outcome(text: str, lang: str, label: str | None) -> str:
    got = read_announcement(text, lang)
    read = got.value if isinstance(got, Character) else None
    if read == label:
        return "exact"
    return "refused" if read is None else "WRONG"


@pytest.mark.parametrize("name", SETS)
def test_the_labelled_announcements_are_never_misread(name: str) -> None:
    size, floor = SETS[name]
    rows = [json.loads(line) for line in (HERE / name / "announcements.jsonl").read_text("utf-8").splitlines() if line]
    assert len(rows) == size
    table: Counter[tuple[str, str]] = Counter()
    wrong = []
    for row in rows:
        kind = outcome(row["text"], row["lang"], row["character"])
        table[row["lang"], kind] += 1
        if kind == "WRONG":
            wrong.append((row["lang"], row["text"], row["character"]))
    for lang in ("ko", "ja", "en"):
        print(name, lang, {kind: table[lang, kind] for kind in ("exact", "refused", "WRONG")})
    assert wrong == []
    assert sum(n for (_, kind), n in table.items() if kind == "exact") >= floor
