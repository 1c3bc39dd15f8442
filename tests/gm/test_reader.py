"""The second reader knows its model: a model that reads the check questions badly is not
asked to read, the result is kept per model, and the check questions' readings are known.

The model is a loopback server speaking the OpenAI wire format (tests/gm/backends/servers.py).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from gm.actors.model import ModelActor
from gm.backends.base import RetryPolicy
from gm.backends.openai import OpenAIBackend
from gm.frames import framed, question_text
from gm.reader import ReaderChecks, check_questions, same_reading, settle_reader
from referee.lang import Context, parse
from referee.lang.incident import LANGS, Lang, incident
from referee.liar.intent import Question
from referee.liar.proposition import Atom, Not
from referee.liar.world import Roster
from tests.gm.backends.servers import Answer, FaultServer, Received, Step

FAST = RetryPolicy(attempts=1, timeout_s=2.0)
ROSTER = Roster(("A", "B", "C"))


def reads_as_parser(request: Received) -> Step:
    """A model that reads every question as the parser does."""
    text = str(request.body["messages"][-1]["content"])
    intent = parse(text, Context(incident=incident("cake"))).intent
    queries = intent.queries if isinstance(intent, Question) else ()
    out = []
    for q in queries:
        negated = isinstance(q.proposition, Not)
        atom = q.proposition.inner if isinstance(q.proposition, Not) else q.proposition
        assert isinstance(atom, Atom)
        out.append({"speaker": q.speaker, "about": atom.about, "predicate": atom.predicate,
                    "negated": negated})
    return Answer(json.dumps({"queries": out}))


def reads_badly(request: Received) -> Step:
    return Answer(json.dumps({"queries": [
        {"speaker": "A", "about": "A", "predicate": "liar", "negated": False}]}))


def settle(respond: object, checks: ReaderChecks, lang: Lang = "en") -> tuple[str | None, bool, int]:
    async def run(server: FaultServer) -> tuple[str | None, bool]:
        actor = ModelActor(OpenAIBackend("fake", FAST, base_url=server.openai_url), key=b"1")
        try:
            check = await settle_reader(actor, ROSTER, lang, checks)
            return check.notice() if check else None, actor.reads
        finally:
            await actor.aclose()

    with FaultServer([], then=respond) as server:  # type: ignore[arg-type]
        notice, reads = asyncio.run(run(server))
        return notice, reads, len(server.received)


@pytest.mark.parametrize("lang", LANGS)
def test_the_check_questions_are_read_exactly_by_the_parser(lang: Lang) -> None:
    ctx = Context(incident=incident("cake"), lang=lang)
    for question in check_questions(ROSTER):
        text = question_text(question, lang, ctx.incident, ROSTER.names)
        read = parse(text, ctx).intent
        assert isinstance(read, Question) and same_reading(read.queries, question.queries), text
        assert framed(text, read, lang, ctx.incident, ROSTER.names)


def test_a_model_that_reads_well_stays_the_second_reader(tmp_path: Path) -> None:
    notice, reads, requests = settle(reads_as_parser, ReaderChecks(tmp_path / "r.json"))
    assert (notice, reads, requests) == (None, True, 10)


def test_a_model_that_reads_badly_is_turned_off_once_and_kept(tmp_path: Path) -> None:
    checks = ReaderChecks(tmp_path / "r.json")
    notice, reads, requests = settle(reads_badly, checks)
    assert not reads and requests == 10
    assert notice == ("the second reader is off for openai:fake: it read 0 of 10 check "
                      "questions right; --reader both turns it on")
    again = settle(reads_badly, checks)
    assert again == (notice, False, 0)  # kept: no check request the second time
    assert settle(reads_badly, checks, "ko")[2] == 10  # kept per language


def test_framed_is_false_for_other_phrasings() -> None:
    cake = incident("cake")
    asked = parse("A, did B eat the cake?", Context(incident=cake, lang="en")).intent
    assert framed("a, did b eat the cake", asked, "en", cake, ROSTER.names)
    assert not framed("A, so did B maybe eat the cake?", asked, "en", cake, ROSTER.names)
