"""Scoring of the labelled corpora in tests/referee/lang/corpus/ and heldout/ (shared by tests and benchmarks).

parse*.<lang>.jsonl: {"text", "category", "incident"?, "pending"?, "expect": <refgm parse object>}
extract.<lang>.jsonl: {"text", "category", "speaker"?, "asked"?: [<proposition>],
                       "incident"?, "expect": {"statements": [<proposition> + "asserted"], "unread": n}}

A <proposition> is the wire object of referee/lang/wire.py; a nested one carries "via".
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from referee.lang import Context, extract, incident, parse
from referee.lang.wire import parsed_json, proposition_json
from referee.liar import Query, literal
from referee.liar.intent import Question

CORPUS = Path(__file__).parent / "corpus"
HELDOUT = Path(__file__).parent / "heldout"
"""Utterances labelled without reading the parsers or the development corpus."""
CHAT = Path(__file__).parent / "chat"
"""Chat-style messages (registers, typos, corrections, follow-ups), labelled blind."""
MEANING = Path(__file__).parent / "meaning"
"""meanings.jsonl: {"id", "meaning", "incident", "expect"}; meaning.<lang>.jsonl: {"id", "text",
"register"}, two phrasings of every meaning per language, so one intent is checked in all three."""


def load(kind: str, lang: str, folder: Path = CORPUS) -> list[dict[str, Any]]:
    return jsonl(folder / f"{kind}.{lang}.jsonl")


def jsonl(path: Path) -> list[dict[str, Any]]:
    """The objects of a JSON-lines file; a bad line is a ValueError naming it."""
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as err:
                raise ValueError(f"{path.name}:{number}: {err}") from None
    return rows


def row_context(row: dict[str, Any], lang: str) -> Context:
    """The row's context; a follow-up's `previous` message is read first, in the same one."""
    ctx = Context(
        incident=incident(row.get("incident", "cake")),
        lang=lang,  # type: ignore[arg-type]
        pending=bool(row.get("pending", False)),
    )
    if "previous" not in row:
        return ctx
    before = parse(row["previous"], Context(incident=ctx.incident, lang=ctx.lang)).intent
    return replace(ctx, previous=before if isinstance(before, Question) else None)


def _props(items: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return sorted(
        (p["speaker"], p["about"], p["predicate"], bool(p["negated"]), p.get("via"))
        for p in items
    )


def parse_key(obj: dict[str, Any]) -> tuple[Any, ...]:
    """What must match exactly: kind, propositions (as a set) and the guess."""
    return (obj["kind"], _props(obj.get("propositions", [])), obj.get("guess"))


def _fact(statement: dict[str, Any]) -> tuple[Any, ...]:
    """A statement reduced to the fact it commits to: negation and honest/liar folded."""
    value = statement["asserted"] != bool(statement.get("negated", False))
    predicate = statement["predicate"]
    if predicate == "honest":
        predicate, value = "liar", not value
    return (statement["speaker"], statement.get("via"), predicate, statement["about"], value)


def extract_key(statements: list[dict[str, Any]], unread: int) -> tuple[Any, ...]:
    facts = sorted(_fact(s) for s in statements)
    return (facts, unread)


CHARGING = frozenset({"question", "guess"})


def miss_kind(got: dict[str, Any]) -> str:
    """How a wrong reading fails the player, worst first.

    `wrong`: it charges, answers or judges something the player did not say (a question or a
    guess that is not the labelled one); `refused`: the player is asked to rephrase (cheap);
    `misfiled`: a remark or other read as the other, or a question or guess read as a
    remark or other (nothing charged, nothing answered).
    """
    if got["kind"] in CHARGING:
        return "wrong"
    if got["kind"] == "unclear":
        return "refused"
    return "misfiled"


@dataclass
class Score:
    total: int = 0
    right: int = 0
    by_category: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    misses: list[str] = field(default_factory=list)
    by_kind: dict[str, int] = field(default_factory=lambda: {"wrong": 0, "refused": 0, "misfiled": 0})

    def add(self, category: str, ok: bool, miss: str, kind: str = "wrong") -> None:
        self.total += 1
        self.right += ok
        self.by_category[category][0] += ok
        self.by_category[category][1] += 1
        if not ok:
            self.by_kind[kind] += 1
            self.misses.append(f"[{kind}] {miss}")

    @property
    def wrong(self) -> int:
        """Readings that charge or judge what was not said: the worst defect."""
        return self.by_kind["wrong"]

    @property
    def accuracy(self) -> float:
        return self.right / self.total if self.total else 0.0

    def table(self, title: str) -> str:
        kinds = ", ".join(f"{kind} {n}" for kind, n in self.by_kind.items())
        lines = [f"{title}: {self.right}/{self.total} = {self.accuracy:.1%} ({kinds})"]
        for category, (right, total) in sorted(self.by_category.items()):
            lines.append(f"  {category:<24} {right:>4}/{total:<4} {right / total:.0%}")
        return "\n".join(lines)


def meaning_rows(lang: str) -> list[dict[str, Any]]:
    """The phrasings of `lang` as parse rows, labelled by their meaning (category = its id)."""
    meanings = {row["id"]: row for row in jsonl(MEANING / "meanings.jsonl")}
    return [{"text": row["text"], "category": row["id"], "incident": meanings[row["id"]]["incident"],
             "expect": meanings[row["id"]]["expect"]} for row in load("meaning", lang, MEANING)]


def read_row(row: dict[str, Any], lang: str) -> dict[str, Any]:
    """The parser's reading of a labelled row (in its context) as `refgm parse --jsonl` prints it."""
    return parsed_json(parse(row["text"], row_context(row, lang)))


def score_parse(lang: str, folder: Path = CORPUS, name: str = "parse") -> Score:
    """Exact-match score of the parser on `<name>.<lang>.jsonl` in `folder`."""
    rows = meaning_rows(lang) if folder == MEANING else load(name, lang, folder)
    score = Score()
    for row in rows:
        got = read_row(row, lang)
        ok = parse_key(got) == parse_key(row["expect"])
        score.add(row["category"], ok, f"{row['text']!r}\n    want {row['expect']}\n    got  {got}",
                  miss_kind(got))
    return score


def score_extract(lang: str) -> Score:
    score = Score()
    for row in load("extract", lang):
        asked = tuple(
            Query(p["speaker"], literal(p["predicate"], p["about"], bool(p["negated"])))
            for p in row.get("asked", [])
        )
        got = extract(row["text"], row_context(row, lang), row.get("speaker"), asked)
        got_statements = [
            {**proposition_json(s.speaker, s.proposition), "asserted": s.asserted}
            for s in got.statements
        ]
        expect = row["expect"]
        want = extract_key(expect["statements"], int(expect.get("unread", 0)))
        have = extract_key(got_statements, len(got.unread))
        score.add(row["category"], want == have,
                  f"{row['text']!r}\n    want {want}\n    got  {have} unread={got.unread}")
    return score
