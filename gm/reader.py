"""Whether a model reads the player's questions well enough to be the second reader.

A model that misreads plain questions makes every question a confirmation ("Two readings of
that differ"): SmolLM2-135M disagrees with the parser on nearly all of them. So before a
game in which a model would read (`refgm play --reader auto`, the default), the model reads
`check_questions`: plain questions (gm.frames) whose readings are known, built from the
referee's types. A model that reads fewer than `READ_WELL` of them as asked is not asked to
read in that game, and one line says so (`ReaderCheck.notice`). The result is kept per model
and language in one small JSON file (`ReaderChecks`), so the next game makes no check
request; a check the backend did not answer in full is not kept.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import time
from dataclasses import dataclass
from pathlib import Path

from gm.actors.model import ModelActor
from gm.backends.base import messages_json
from gm.backends.cache import default_root
from gm.frames import question_text
from referee.lang import Context
from referee.lang.incident import Lang, incident
from referee.liar.intent import Query, Question
from referee.liar.proposition import literal
from referee.liar.world import Roster

READ_WELL = 0.9
"""The share of the check questions a model must read as asked to be the second reader."""
CHECK_INCIDENT = "cake"
"""What the check questions are about, whatever the game's incident."""


def same_reading(asked: tuple[Query, ...], read: tuple[Query, ...]) -> bool:
    """Whether two readings ask the same set of (speaker, proposition) pairs: "did B eat it?"
    and "didn't B eat it?" ask one thing, the order and repeats do not matter."""
    return {q.key() for q in asked} == {q.key() for q in read}


def check_questions(roster: Roster) -> tuple[Question, ...]:
    """Ten questions of the plain frames with their known readings: each predicate, either
    polarity, about another and about oneself, about two people, and everyone at once."""
    names = roster.names
    a, b, c = (names[i % len(names)] for i in range(3))

    def ask(speaker: str, predicate: str, about: str, negated: bool = False) -> Query:
        return Query(speaker, literal(predicate, about, negated))  # type: ignore[arg-type]

    return (
        Question((ask(a, "culprit", b),)),
        Question((ask(b, "liar", c),)),
        Question((ask(c, "honest", a),)),
        Question((ask(a, "culprit", c, negated=True),)),
        Question((ask(b, "culprit", b),)),
        Question((ask(c, "liar", c),)),
        Question((ask(a, "liar", b, negated=True),)),
        Question((ask(b, "honest", c, negated=True),)),
        Question((ask(c, "culprit", a), ask(c, "culprit", b))),
        Question(tuple(ask(n, "culprit", n) for n in names)),
    )


@dataclass(frozen=True)
class ReaderCheck:
    """How a model read the check questions in one language: `right` of `total` read as
    asked, `answered` of them with any reply at all (the rest the backend gave up on)."""

    model: str
    lang: Lang
    right: int
    total: int
    answered: int

    @property
    def reads_well(self) -> bool:
        return self.right >= math.ceil(READ_WELL * self.total)

    @property
    def complete(self) -> bool:
        """Every question got a reply: the result says how the model reads, so it is kept."""
        return self.answered == self.total

    def notice(self) -> str | None:
        """The line that says the second reader is off, and why (None when it stays on)."""
        if self.reads_well:
            return None
        if not self.complete:
            return (f"the second reader is off for {self.model} in this game: it answered "
                    f"{self.answered} of {self.total} check questions; --reader both turns it on")
        return (f"the second reader is off for {self.model}: it read {self.right} of "
                f"{self.total} check questions right; --reader both turns it on")


def _context(roster: Roster, lang: Lang) -> Context:
    return Context(roster=roster, incident=incident(CHECK_INCIDENT), lang=lang)


def _texts(roster: Roster, lang: Lang) -> tuple[str, ...]:
    ctx = _context(roster, lang)
    return tuple(question_text(q, lang, ctx.incident, roster.names) for q in check_questions(roster))


def fingerprint(actor: ModelActor, roster: Roster, lang: Lang) -> str:
    """What a kept result holds for: the model and every check request but its sampling
    seed (which follows the game's key); a changed prompt or question checks again."""
    ctx = _context(roster, lang)
    requests = [actor.reading_request(text, ctx) for text in _texts(roster, lang)]
    identity = [actor.name, lang, [[messages_json(r.messages), r.max_tokens, r.temperature,
                                    r.schema()] for r in requests]]
    canonical = json.dumps(identity, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


async def check_reader(actor: ModelActor, roster: Roster, lang: Lang) -> ReaderCheck:
    """Have the model read every check question (each with the actor's turn deadline)."""
    ctx = _context(roster, lang)
    right = answered = 0
    for question, text in zip(check_questions(roster), _texts(roster, lang), strict=True):
        reading = await actor.interpret(text, ctx, time.monotonic() + actor.deadline_s)
        answered += reading.raw is not None
        right += reading.queries is not None and same_reading(question.queries, reading.queries)
    return ReaderCheck(actor.name, lang, right, len(check_questions(roster)), answered)


class ReaderChecks:
    """Kept check results, one JSON file (default `$REFGM_HOME/cache/readers.json`):
    `{"<model> <lang>": {"fingerprint", "right", "total"}}`. An unreadable file is empty."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_root() / "readers.json"

    def _all(self) -> dict[str, dict[str, object]]:
        try:
            kept = json.loads(self.path.read_text("utf-8"))
        except (OSError, ValueError):
            return {}
        return kept if isinstance(kept, dict) else {}

    def load(self, model: str, lang: Lang, print_: str) -> ReaderCheck | None:
        """The kept result for this fingerprint (`print_`), or None."""
        entry = self._all().get(f"{model} {lang}")
        if not isinstance(entry, dict) or entry.get("fingerprint") != print_:
            return None
        right, total = entry.get("right"), entry.get("total")
        if not (isinstance(right, int) and isinstance(total, int) and 0 <= right <= total):
            return None
        return ReaderCheck(model, lang, right, total, total)

    def store(self, check: ReaderCheck, print_: str) -> None:
        """Keep a complete result (written atomically: write, then rename)."""
        kept = self._all()
        kept[f"{check.model} {check.lang}"] = {
            "fingerprint": print_, "right": check.right, "total": check.total}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_suffix(f".{os.getpid()}.tmp")
        partial.write_text(json.dumps(kept, indent=1, sort_keys=True, ensure_ascii=False), "utf-8")
        partial.replace(self.path)


async def settle_reader(actor: ModelActor, roster: Roster, lang: Lang,
                        checks: ReaderChecks) -> ReaderCheck | None:
    """Check the actor's model as a reader (from `checks` when kept there) and stop it
    reading when it reads badly; the check (its `notice` says the reader is off), or None
    when the actor does not read at all."""
    if not actor.reads:
        return None
    print_ = fingerprint(actor, roster, lang)
    check = checks.load(actor.name, lang, print_)
    if check is None:
        check = await check_reader(actor, roster, lang)
        if check.complete:
            checks.store(check, print_)
    actor.reads = check.reads_well
    return check
