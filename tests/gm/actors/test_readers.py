"""Two readers with a model: the parser and the model read every question; when they differ
the referee charges nothing until the player confirms what it states, and the log, resume
and replay hold both readings.

The model is a loopback server speaking the OpenAI wire format (tests/gm/backends/servers.py):
reading requests (their schema has `ReadQuery`) get the scripted readings in turn, voicing
requests a line the verifier accepts.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from gm.actors.model import ModelActor
from gm.backends.base import RetryPolicy
from gm.backends.openai import OpenAIBackend
from gm.frames import question_text
from gm.recorder import read
from gm.render import Renderer
from gm.session import GameConfig, Session, Turn, two_readings
from referee.lang.incident import LANGS, Lang, incident
from referee.liar.codec import intent_json
from referee.liar.intent import Query, Question, Unclear
from referee.liar.problem import Problem, Why
from referee.liar.proposition import literal
from referee.liar.verdict import Answers, Cancelled, CostToConfirm, Rephrase
from referee.liar.world import World
from refgm.cli import main
from refgm.commands.replay import replay
from tests.gm.backends.servers import Answer, FaultServer, Received, Status, Step

CONFIG = GameConfig(lang="en", incident=incident("cake"))
SECRET = World(culprit="B", liar="C")
RENDERER = Renderer("en", CONFIG.incident, CONFIG.rules.roster)
FAST = RetryPolicy(attempts=2, timeout_s=2.0, base_delay_s=0.01)
DOUBT = RENDERER.message("doubt")
FRAMED = RENDERER.message("doubt_framed")  # the same, said of a plain frame (gm.frames)

QUESTION = "A, did B eat the cake?"  # a plain frame
ASKED = Question((Query("A", literal("culprit", "B")),))
TWO = "A, did B eat the cake? Is C the liar?"
UNCLEAR = "did B eat it?"  # no one addressed: the parser cannot read it
VOICED = Answer(json.dumps({"lines": [{"speaker": "A", "text": "B ate the cake."}]}))


def reading(*queries: tuple[str, str, str, bool]) -> Answer:
    """A reading reply, with token counts of its own to tell it from the voicing's."""
    body = {"queries": [{"speaker": s, "about": a, "predicate": p, "negated": n}
                        for s, a, p, n in queries]}
    return Answer(json.dumps(body), input_tokens=100, output_tokens=10)


def is_reading(request: Received) -> bool:
    return "ReadQuery" in json.dumps(request.body)


def responder(readings: list[Step]) -> Callable[[Received], Step]:
    """Readings in turn to reading requests (then none read), VOICED to the rest."""
    left: Iterator[Step] = iter(readings)

    def respond(request: Received) -> Step:
        return next(left, reading()) if is_reading(request) else VOICED

    return respond


def events(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text("utf-8").splitlines()]


def game(log: Path, utterances: tuple[str, ...], readings: list[Step],
         reads: bool = True, config: GameConfig = CONFIG) -> tuple[list[Turn], list[Received]]:
    """Play `utterances` in a new game (of `config`) against the server; the turns and the requests."""

    async def run(server: FaultServer) -> list[Turn]:
        actor = ModelActor(OpenAIBackend("scripted", FAST, base_url=server.openai_url),
                           key=b"7", reads=reads)
        session, _ = Session.new(config, log, "g", seed=1, secret=SECRET, actor=actor)
        try:
            return [await session.step(text) for text in utterances]
        finally:
            session.close()
            await actor.aclose()

    with FaultServer([], then=responder(readings)) as server:
        return asyncio.run(run(server)), server.received


def clean(log: Path) -> bool:
    return all(not row.problems for row in replay(read(log)))


@pytest.mark.parametrize(
    ("text", "model"),
    [(QUESTION, [("A", "B", "culprit", False)]),
     (QUESTION, [("A", "B", "culprit", True)]),
     (TWO, [("A", "C", "liar", False), ("A", "B", "culprit", False), ("A", "C", "liar", False)])],
    ids=["one pair", "asked in the negative: the same pair", "same set in another order"],
)
def test_readings_that_agree_are_charged_once_as_the_parser_read_them(
    tmp_path: Path, text: str, model: list[tuple[str, str, str, bool]]
) -> None:
    log = tmp_path / "g.jsonl"
    (turn,), received = game(log, (text,), [reading(*model)])
    assert isinstance(turn.verdict, Answers) and isinstance(turn.intent, Question)
    assert turn.verdict.cost == len(turn.intent.unique()) == 7 - turn.state.remaining
    assert DOUBT not in turn.reply and FRAMED not in turn.reply and "Ask it?" not in turn.reply
    assert is_reading(received[0]) and not any(map(is_reading, received[1:]))
    (logged,) = [e for e in events(log) if e["t"] == "interpretation"]
    assert logged["parsed"] == intent_json(turn.intent) and logged["read"] is True
    assert logged["question"]["kind"] == "question" and logged["raw"] and logged["request"]
    assert (logged["tokens_in"], logged["tokens_out"]) == (100, 10)
    assert logged["transport"][0][0] == "ok"
    assert clean(log)


DIFFERENT = {
    "another pair": [("A", "C", "culprit", False)],
    "one pair more": [("A", "B", "culprit", False), ("A", "C", "liar", False)],
    "about another": [("A", "B", "liar", False)],
    "no question": [],
}


@pytest.mark.parametrize("model", DIFFERENT.values(), ids=DIFFERENT.keys())
@pytest.mark.parametrize("answer", ["yes", "no"])
def test_readings_that_differ_charge_nothing_until_the_player_confirms_the_parsers(
    tmp_path: Path, model: list[tuple[str, str, str, bool]], answer: str
) -> None:
    """The referee states the parser's reading and its cost; yes charges exactly that, no
    charges nothing."""
    log = tmp_path / "g.jsonl"
    (asked, confirmed), received = game(log, (QUESTION, answer), [reading(*model)])
    stated = Question(ASKED.queries, open=True)
    assert asked.intent == stated and asked.state.remaining == 7
    assert asked.verdict == CostToConfirm(stated, 1, 7)
    assert asked.reply == f"{FRAMED}\n\n{RENDERER.verdict(asked.verdict)}"
    assert "A, whether B ate the cake" in asked.reply and "costs 1 question" in asked.reply
    if answer == "yes":
        assert isinstance(confirmed.verdict, Answers) and confirmed.state.remaining == 6
        assert [a.query for a in confirmed.verdict.answers] == list(ASKED.queries)
        assert [is_reading(r) for r in received] == [True, False]
    else:
        assert confirmed.verdict == Cancelled(7) and confirmed.state.remaining == 7
        assert [is_reading(r) for r in received] == [True]  # a yes/no is not read again
    assert clean(log)


UNFRAMED = {"en": "Hey A, did B eat the cake?", "ko": "A야, B가 케이크 먹었어?", "ja": "Aさん、Bさんがケーキを食べたの？"}
"""A's question whether B ate the cake, read exactly, but in none of the plain frames."""


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("plain", [True, False], ids=["plain frame", "other phrasing"])
def test_the_confirmation_says_when_the_question_is_a_form_the_parser_reads_exactly(
    tmp_path: Path, lang: Lang, plain: bool
) -> None:
    """The readings differ on the same question asked in a plain frame (gm.frames) or not: the
    note says the parser reads the first exactly, only that the readings differ for the other."""
    config = GameConfig(lang=lang, incident=incident("cake"))
    renderer = Renderer(lang, config.incident, config.rules.roster)
    text = question_text(ASKED, lang, config.incident, config.rules.roster.names) if plain else UNFRAMED[lang]
    log = tmp_path / "g.jsonl"
    (asked,), _ = game(log, (text,), [reading(("A", "C", "culprit", False))], config=config)
    assert asked.intent == Question(ASKED.queries, open=True)  # the parser's reading, to confirm
    note = renderer.message("doubt_framed" if plain else "doubt")
    assert asked.reply == f"{note}\n\n{renderer.verdict(asked.verdict)}"
    assert renderer.message("doubt") != renderer.message("doubt_framed")
    assert clean(log)


def test_a_log_from_before_the_plain_frame_note_still_replays(tmp_path: Path) -> None:
    """Its confirmation of a plain frame said only that the readings differ: still clean;
    any other text there is not."""
    log = tmp_path / "g.jsonl"
    game(log, (QUESTION,), [reading(("A", "C", "culprit", False))])
    rewrite(log, "gm", lambda e: e.update(text=e["text"].replace(FRAMED, DOUBT)))
    assert DOUBT in events(log)[-1]["text"] and clean(log)
    rewrite(log, "gm", lambda e: e.update(text=e["text"].replace(DOUBT, RENDERER.message("confirm_open"))))
    assert not clean(log)


def test_an_utterance_the_parser_cannot_read_takes_the_models_reading_to_confirm(
    tmp_path: Path,
) -> None:
    log = tmp_path / "g.jsonl"
    (asked, confirmed), _ = game(log, (UNCLEAR, "yes"), [reading(("A", "B", "culprit", False))])
    assert asked.verdict == CostToConfirm(Question(ASKED.queries, open=True), 1, 7)
    assert asked.reply.startswith(DOUBT)
    assert isinstance(confirmed.verdict, Answers) and confirmed.state.remaining == 6
    assert clean(log)


OFF_ROSTER = Answer(json.dumps({"queries": [
    {"speaker": "A", "about": "Z", "predicate": "culprit", "negated": False}]}))
NO_READING: dict[str, list[Step]] = {
    "unreadable": [Answer("{oops")],
    "off the roster": [OFF_ROSTER],
    "speaker off the roster": [Answer(json.dumps({"queries": [
        {"speaker": "D", "about": "B", "predicate": "culprit", "negated": False}]}))],
    "backend down": [Status(503), Status(503)],
}


@pytest.mark.parametrize("failure", NO_READING.values(), ids=NO_READING.keys())
def test_no_usable_reading_leaves_the_parsers_intent_as_it_is(
    tmp_path: Path, failure: list[Step]
) -> None:
    """A reading that cannot be read, names someone off the roster or never comes is no
    reading: the parser's question is charged as now, and what it found unclear stays so."""
    log = tmp_path / "g.jsonl"
    (asked, unclear), _ = game(log, (QUESTION, UNCLEAR), [*failure, *failure])
    assert asked.intent == ASKED and isinstance(asked.verdict, Answers)
    assert asked.state.remaining == 6 and DOUBT not in asked.reply and FRAMED not in asked.reply
    assert isinstance(unclear.verdict, Rephrase) and unclear.state.remaining == 6
    logged = [e for e in events(log) if e["t"] == "interpretation"]
    assert [(e["read"], e["question"]) for e in logged] == [(False, None), (False, None)]
    assert all(e["problem"] for e in logged)
    assert clean(log)


def test_reader_parser_sends_no_reading_request(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    (asked, unclear), received = game(log, (QUESTION, UNCLEAR), [], reads=False)
    assert isinstance(asked.verdict, Answers) and asked.reading is None
    assert isinstance(unclear.verdict, Rephrase)
    assert received and not any(is_reading(r) for r in received)
    assert not [e for e in events(log) if e["t"] == "interpretation"]


def test_the_rule_is_the_parsers_unless_a_reading_differs() -> None:
    """`two_readings` alone: only a question or an unclear utterance is read twice."""
    b = Query("A", literal("culprit", "B"))
    assert two_readings(ASKED, None) is ASKED
    assert two_readings(ASKED, (b, b)) is ASKED
    assert two_readings(Unclear(Problem(Why.NO_ADDRESSEE)), None) == Unclear(Problem(Why.NO_ADDRESSEE))
    assert two_readings(Unclear(Problem(Why.NO_ADDRESSEE)), ()) == Unclear(Problem(Why.NO_ADDRESSEE))
    assert two_readings(Unclear(Problem(Why.NO_ADDRESSEE)), (b,)) == Question((b,), open=True)
    assert two_readings(ASKED, ()) == Question((b,), open=True)


def test_a_game_with_both_readings_resumes_at_its_confirmation(tmp_path: Path) -> None:
    """Interrupted after the disagreement was stated: the resumed game still waits for the
    yes, and replays clean with the turns played after it."""
    log = tmp_path / "g.jsonl"
    game(log, (QUESTION,), [reading(("A", "C", "culprit", False))])

    async def resume(server: FaultServer) -> tuple[str, Turn]:
        actor = ModelActor(OpenAIBackend("scripted", FAST, base_url=server.openai_url))
        session, recap = await Session.resume(log, actor=actor)
        try:
            return recap, await session.step("yes")
        finally:
            session.close()
            await actor.aclose()

    with FaultServer([], then=responder([])) as server:
        recap, confirmed = asyncio.run(resume(server))
    assert FRAMED in recap
    assert isinstance(confirmed.verdict, Answers) and confirmed.state.remaining == 6
    assert clean(log)
    assert main(["replay", str(log)]) == 0


def test_a_reply_the_interruption_left_unshown_is_shown_with_why_it_asks(
    tmp_path: Path,
) -> None:
    log = tmp_path / "g.jsonl"
    (asked,), _ = game(log, (QUESTION,), [reading(("A", "C", "culprit", False))])
    lines = log.read_text("utf-8").splitlines(keepends=True)
    assert json.loads(lines[-1])["t"] == "gm"
    log.write_text("".join(lines[:-1]), "utf-8")

    async def resume() -> str:
        session, recap = await Session.resume(log)
        session.close()
        return recap

    recap = asyncio.run(resume())
    assert asked.reply in recap
    assert events(log)[-1] == {**json.loads(lines[-1]), "turn": 1}
    assert clean(log)


def rewrite(log: Path, t: str, change: Callable[[dict[str, Any]], object]) -> None:
    """Change every `t` event of `log` in place."""
    events = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    for event in events:
        if event["t"] == t:
            change(event)
    log.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events), "utf-8")


def closed(event: dict[str, Any]) -> None:
    if event["intent"]["kind"] == "question":
        event["intent"]["open"] = False


def agreeing(event: dict[str, Any]) -> None:
    event["question"] = intent_json(Question(ASKED.queries, open=True))


def unread(event: dict[str, Any]) -> None:
    event["read"], event["question"] = False, None


@pytest.mark.parametrize(
    ("t", "change"),
    [("intent", closed), ("interpretation", agreeing), ("interpretation", unread)],
    ids=["charged without asking", "readings made to agree", "reading made to fail"],
)
def test_replay_checks_the_intent_against_both_readings(
    tmp_path: Path, t: str, change: Callable[[dict[str, Any]], None],
    capsys: pytest.CaptureFixture[str],
) -> None:
    log = tmp_path / "g.jsonl"
    game(log, (QUESTION, "no"), [reading(("A", "C", "culprit", False))])
    assert clean(log)
    rewrite(log, t, change)
    problems = [p for row in replay(read(log)) for p in row.problems]
    assert problems and problems[0].text.startswith("the intent is not what the parser's")
    assert main(["replay", str(log)]) == 1
    assert "the intent is not what" in capsys.readouterr().out


def test_replay_checks_the_note_that_says_why_it_asks(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    game(log, (QUESTION,), [reading(("A", "C", "culprit", False))])
    assert FRAMED in events(log)[-1]["text"] and clean(log)
    rewrite(log, "gm", lambda e: e.update(text=e["text"].removeprefix(FRAMED + "\n\n")))
    (row,) = [r for r in replay(read(log)) if r.number == 1]
    assert [p.text for p in row.problems] == [
        "the reply shown is not what the verdict and the accepted lines render"]


def test_a_log_from_before_the_second_reader_still_replays(tmp_path: Path) -> None:
    """An `interpretation` without `parsed` and `read` came only for an unclear utterance."""
    log = tmp_path / "g.jsonl"
    game(log, (UNCLEAR, "yes", UNCLEAR), [reading(("A", "B", "culprit", False)), reading()])
    rewrite(log, "interpretation", lambda e: (e.pop("parsed"), e.pop("read")))
    assert '"parsed"' not in log.read_text("utf-8") and clean(log)
