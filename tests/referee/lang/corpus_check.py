"""Scoring of the labelled corpora in tests/referee/lang/corpus/ (shared by tests and benchmarks).

parse.<lang>.jsonl: {"text", "category", "incident"?, "pending"?, "expect": <refgm parse object>}
extract.<lang>.jsonl: {"text", "category", "speaker"?, "asked"?: [<proposition>],
                       "incident"?, "expect": {"statements": [<proposition> + "asserted"], "unread": n}}
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.lang import Context, extract, incident, parse
from referee.lang.wire import parsed_json
from referee.liar import Query, literal

CORPUS = Path(__file__).parent / "corpus"


def load(kind: str, lang: str) -> list[dict[str, Any]]:
    path = CORPUS / f"{kind}.{lang}.jsonl"
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as err:
                raise ValueError(f"{path.name}:{number}: {err}") from None
    return rows


def _context(row: dict[str, Any], lang: str) -> Context:
    return Context(
        incident=incident(row.get("incident", "cake")),
        lang=lang,  # type: ignore[arg-type]
        pending=bool(row.get("pending", False)),
    )


def _props(items: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return sorted(
        (p["speaker"], p["about"], p["predicate"], bool(p["negated"]), p.get("via"))
        for p in items
    )


def parse_key(obj: dict[str, Any]) -> tuple[Any, ...]:
    """What must match exactly: kind, propositions (as a set) and the guess."""
    return (obj["kind"], _props(obj.get("propositions", [])), obj.get("guess"))


def _fact(speaker: str, about: str, predicate: str, negated: bool, asserted: bool) -> tuple:
    """A statement reduced to the fact it commits to: negation and honest/liar folded."""
    value = asserted != negated
    if predicate == "honest":
        predicate, value = "liar", not value
    return (speaker, predicate, about, value)


def extract_key(statements: list[dict[str, Any]], unread: int) -> tuple[Any, ...]:
    facts = sorted(
        _fact(s["speaker"], s["about"], s["predicate"], bool(s.get("negated", False)), s["asserted"])
        for s in statements
    )
    return (facts, unread)


@dataclass
class Score:
    total: int = 0
    right: int = 0
    by_category: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    misses: list[str] = field(default_factory=list)

    def add(self, category: str, ok: bool, miss: str) -> None:
        self.total += 1
        self.right += ok
        self.by_category[category][0] += ok
        self.by_category[category][1] += 1
        if not ok:
            self.misses.append(miss)

    @property
    def accuracy(self) -> float:
        return self.right / self.total if self.total else 0.0

    def table(self, title: str) -> str:
        lines = [f"{title}: {self.right}/{self.total} = {self.accuracy:.1%}"]
        for category, (right, total) in sorted(self.by_category.items()):
            lines.append(f"  {category:<24} {right:>4}/{total:<4} {right / total:.0%}")
        return "\n".join(lines)


def score_parse(lang: str) -> Score:
    score = Score()
    for row in load("parse", lang):
        got = parsed_json(parse(row["text"], _context(row, lang)))
        ok = parse_key(got) == parse_key(row["expect"])
        score.add(row["category"], ok, f"{row['text']!r}\n    want {row['expect']}\n    got  {got}")
    return score


def score_extract(lang: str) -> Score:
    score = Score()
    for row in load("extract", lang):
        asked = tuple(
            Query(p["speaker"], literal(p["predicate"], p["about"], bool(p["negated"])))
            for p in row.get("asked", [])
        )
        got = extract(row["text"], _context(row, lang), row.get("speaker"), asked)
        got_statements = []
        for s in got.statements:
            flat = s.proposition
            negated = False
            while hasattr(flat, "inner"):
                flat, negated = flat.inner, not negated
            got_statements.append(
                {"speaker": s.speaker, "about": flat.about, "predicate": flat.predicate,
                 "negated": negated, "asserted": s.asserted}
            )
        expect = row["expect"]
        want = extract_key(expect["statements"], int(expect.get("unread", 0)))
        have = extract_key(got_statements, len(got.unread))
        score.add(row["category"], want == have,
                  f"{row['text']!r}\n    want {want}\n    got  {have} unread={got.unread}")
    return score
