"""The session loop: events on disk before the reply, bounded retries, fallback, resume."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
from pathlib import Path

import pytest

from gm.actor import ActorError, Performance, PerformedLine, Script
from gm.actors.offline import OfflineActor
from gm.recorder import TranscriptError, read, read_sidecar, sidecar_path
from gm.session import MAX_ATTEMPTS, GameConfig, Session
from referee.lang import Context, Parsed
from referee.lang import parse as referee_parse
from referee.lang.incident import incident
from referee.liar.intent import Confirm, CountQuery, Guess, Intent, Query, Question
from referee.liar.proposition import literal
from referee.liar.verdict import Answers, GuessVerdict
from referee.liar.world import World
from refgm.commands.replay import replay

SECRET = World(culprit="B", liar="C")
INTENTS: dict[str, Intent] = {
    "ask A about B": Question((Query("A", literal("culprit", "B")),)),
    "ask C about B": Question((Query("C", literal("culprit", "B")),)),
    "ask A who": Question(tuple(Query("A", literal("culprit", n)) for n in "ABC"), open=True),
    "yes": Confirm(True),
    "left?": CountQuery(),
    "B and A": Guess("B", "A"),
    "B and C": Guess("B", "C"),
}


class ScriptedSession(Session):
    """The parse hook replaced by a table, so these tests do not depend on a parser."""

    def parse(self, text: str) -> Parsed:
        return Parsed(text=text, lang=self.config.lang, intent=INTENTS[text])


class FakeActor:
    """Says `bad` a set number of times, then what the offline actor would; records calls."""

    name = "fake"

    def __init__(self, bad_times: int, fail: bool = False) -> None:
        self.bad_times = bad_times
        self.fail = fail
        self.calls: list[tuple[Script, tuple[str, ...]]] = []

    async def perform(self, script: Script, feedback: tuple[str, ...] = ()) -> Performance:
        self.calls.append((script, feedback))
        if len(self.calls) <= self.bad_times:
            if self.fail:
                raise ActorError("backend down")
            lines = tuple(PerformedLine(line.speaker, "Cさんがケーキを食べました。") for line in script.lines)
            return Performance("req", "bad", lines, tokens_in=10, tokens_out=5, latency=0.5)
        return await OfflineActor(1).perform(script)


def _start(tmp_path: Path, actor: FakeActor | None = None) -> Session:
    config = GameConfig(lang="ja", incident=incident("cake"))
    session, _ = ScriptedSession.new(config, tmp_path / "g.jsonl", "g", seed=1, secret=SECRET,
                                     actor=actor)
    return session


def _events(tmp_path: Path) -> list[dict]:
    return [json.loads(line) for line in (tmp_path / "g.jsonl").read_text("utf-8").splitlines()]


def test_every_event_of_a_turn_is_on_disk_when_step_returns(tmp_path: Path) -> None:
    session = _start(tmp_path)
    turn = asyncio.run(session.step("ask A about B"))
    kinds = [e["t"] for e in _events(tmp_path) if e.get("turn") == 1]
    assert kinds == ["player", "intent", "verdict", "model_attempt", "gm"]
    verdict = next(e for e in _events(tmp_path) if e["t"] == "verdict")
    assert verdict["answers"] == [{"speaker": "A", "about": "B", "predicate": "culprit",
                                   "negated": False, "answer": True}]
    assert (verdict["cost"], verdict["remaining"]) == (1, 6)
    assert _events(tmp_path)[-1]["text"] == turn.reply
    assert turn.reply.startswith("A: ") and "残り6回" in turn.reply


def test_the_secret_stays_out_of_the_log_until_the_end(tmp_path: Path) -> None:
    session = _start(tmp_path)
    nonce = session.state.nonce
    for text in ("ask A about B", "left?", "B and A"):
        asyncio.run(session.step(text))
    assert nonce not in (tmp_path / "g.jsonl").read_text("utf-8")
    assert not any(e["t"] == "game_ended" for e in _events(tmp_path))
    assert nonce in sidecar_path(tmp_path / "g.jsonl").read_text("utf-8")
    turn = asyncio.run(session.step("B and C"))
    assert turn.state.outcome == "won" and nonce in turn.reply
    ended = _events(tmp_path)[-1]
    assert ended["t"] == "game_ended"
    assert (ended["secret"], ended["nonce"]) == ({"culprit": "B", "liar": "C"}, nonce)
    assert ended["seed"] == 1 and read_sidecar(tmp_path / "g.jsonl").ended


def test_no_line_before_game_ended_tells_an_answer_from_the_truth(tmp_path: Path) -> None:
    """Truth beside answer names the liar; the seed rebuilds the nonce and the secret."""
    seed = 2**62 + 918273645
    session, _ = ScriptedSession.new(GameConfig(lang="ja", incident=incident("cake")),
                                     tmp_path / "g.jsonl", "g", seed=seed)
    for text in ("ask A about B", "ask A who", "yes", "B and A"):
        asyncio.run(session.step(text))
    session.close()
    before_end = (tmp_path / "g.jsonl").read_text("utf-8")
    assert not any(e["t"] == "game_ended" for e in _events(tmp_path))
    keys = set(re.findall(r'"(\w+)":', before_end))
    assert "truth" not in keys and {"answers", "answer"} <= keys
    assert str(seed) not in before_end and session.state.nonce not in before_end


class Crash(BaseException):
    """A kill -9 at a chosen fsync: nothing after it runs."""


@pytest.mark.parametrize("at", range(1, 7))
def test_a_crash_while_starting_leaves_a_game_that_resumes_or_starts_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, at: int
) -> None:
    path = tmp_path / "g.jsonl"
    calls = []
    real = os.fsync

    def fsync(fd: int) -> None:
        calls.append(fd)
        if len(calls) == at:
            raise Crash
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    with contextlib.suppress(Crash):
        _start(tmp_path)
    monkeypatch.setattr(os, "fsync", real)
    if path.exists():
        session, shown = asyncio.run(ScriptedSession.resume(path))
    else:
        session = _start(tmp_path)
        shown = ""
    turn = asyncio.run(session.step("ask A about B"))
    assert turn.state.remaining == 6 and (not shown or "7" in shown)
    assert all(not row.problems for row in replay(read(path)))


def test_a_rejected_reply_is_retried_with_reasons_then_replaced(tmp_path: Path) -> None:
    actor = FakeActor(bad_times=MAX_ATTEMPTS)
    session = _start(tmp_path, actor)
    turn = asyncio.run(session.step("ask A about B"))
    assert len(actor.calls) == MAX_ATTEMPTS
    assert actor.calls[0][1] == () and actor.calls[1][1] == turn.attempts[0].check.reasons
    assert all(not a.check.accepted for a in turn.attempts[:-1]) and turn.attempts[-1].fallback
    attempts = [e for e in _events(tmp_path) if e["t"] == "model_attempt"]
    assert [(e["attempt"], e["actor"], e["accepted"], e["fallback"]) for e in attempts] == [
        (1, "fake", False, False), (2, "fake", False, False), (3, "fake", False, False),
        (4, "offline", True, True)]
    assert attempts[0]["tokens_in"] == 10 and attempts[0]["raw"] == "bad"
    assert "Cさんがケーキ" not in turn.reply and turn.lines[0].text in turn.reply


def test_a_reply_accepted_on_retry_is_shown(tmp_path: Path) -> None:
    actor = FakeActor(bad_times=1)
    turn = asyncio.run(_start(tmp_path, actor).step("ask A about B"))
    assert [a.check.accepted for a in turn.attempts] == [False, True]
    assert not turn.attempts[-1].fallback


def test_an_actor_failure_is_recorded_as_a_rejected_attempt(tmp_path: Path) -> None:
    turn = asyncio.run(_start(tmp_path, FakeActor(bad_times=1, fail=True)).step("ask A about B"))
    assert turn.attempts[0].performance is None
    assert "backend down" in turn.attempts[0].check.reasons[0]
    assert turn.attempts[1].check.accepted


def test_the_actor_gets_the_answers_and_never_the_secret(tmp_path: Path) -> None:
    actor = FakeActor(bad_times=0)
    asyncio.run(_start(tmp_path, actor).step("ask C about B"))
    (script, _), = actor.calls
    assert set(script.as_json()) == {"lang", "incident", "turn", "lines"}
    (line,) = script.lines
    assert (line.speaker, line.answer, line.persona) == ("C", False, "nervous")


def test_open_questions_wait_for_confirmation(tmp_path: Path) -> None:
    session = _start(tmp_path)
    asked = asyncio.run(session.step("ask A who"))
    assert asked.state.remaining == 7 and "3回" in asked.reply and not asked.lines
    answered = asyncio.run(session.step("yes"))
    assert isinstance(answered.verdict, Answers) and answered.state.remaining == 4
    assert len(answered.lines) == 3


def test_worlds_left_use_answers_and_guess_results(tmp_path: Path) -> None:
    session = _start(tmp_path)
    assert len(session.worlds_left()) == 9
    asyncio.run(session.step("B and A"))
    assert World("B", "A") not in session.worlds_left() and len(session.worlds_left()) == 8
    asyncio.run(session.step("ask A about B"))
    assert SECRET in session.worlds_left()
    assert all(w.liar == "A" or w.culprit == "B" for w in session.worlds_left())


def test_resume_continues_where_the_log_ends(tmp_path: Path) -> None:
    session = _start(tmp_path)
    for text in ("ask A about B", "B and A"):
        asyncio.run(session.step(text))
    session.close()
    resumed, shown = asyncio.run(ScriptedSession.resume(tmp_path / "g.jsonl"))
    assert resumed.state == session.state and resumed.turn == 2
    assert isinstance(resumed.guesses[0], GuessVerdict)
    assert "ask A about B" in shown and "g" in shown
    turn = asyncio.run(resumed.step("left?"))
    assert turn.number == 3 and turn.state.remaining == 5
    assert [e["t"] for e in _events(tmp_path)][-5:] == ["resumed", "player", "intent", "verdict", "gm"]


def test_resume_shows_a_verdict_that_was_recorded_but_never_shown(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    session = _start(tmp_path)
    asyncio.run(session.step("ask A about B"))
    session.close()
    kept = [line for line in path.read_text("utf-8").splitlines()
            if json.loads(line)["t"] not in ("model_attempt", "gm") or json.loads(line)["turn"] == 0]
    path.write_text("\n".join(kept) + '\n{"v": 1, "t": "pla', encoding="utf-8")
    resumed, shown = asyncio.run(ScriptedSession.resume(path))
    assert resumed.state.remaining == 6 and "A: " in shown
    assert [e.t for e in read(path).events][-3:] == ["resumed", "model_attempt", "gm"]


def test_resume_refuses_a_log_the_referee_now_disagrees_with(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    asyncio.run(_start(tmp_path).step("ask A about B"))
    path.write_text(path.read_text("utf-8").replace('"remaining": 6', '"remaining": 5'), "utf-8")
    with pytest.raises(TranscriptError, match=r"g\.jsonl:5: the verdict differs"):
        asyncio.run(ScriptedSession.resume(path))


def test_resume_refuses_a_finished_game(tmp_path: Path) -> None:
    session = _start(tmp_path)
    asyncio.run(session.step("B and C"))
    with pytest.raises(TranscriptError, match="this game is over"):
        asyncio.run(ScriptedSession.resume(tmp_path / "g.jsonl"))


def test_the_last_question_is_the_context_of_the_next_utterance_and_survives_a_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A follow-up ("C, did you?") is read against the question before it, also after a crash."""
    session = _start(tmp_path)
    asyncio.run(session.step("ask A about B"))
    asyncio.run(session.step("left?"))
    assert session.previous == INTENTS["ask A about B"]
    session.close()
    resumed, _ = asyncio.run(Session.resume(tmp_path / "g.jsonl"))
    seen: list[Context] = []

    def spy(text: str, ctx: Context) -> Parsed:
        seen.append(ctx)
        return referee_parse(text, ctx)

    monkeypatch.setattr("gm.session.parse", spy)
    resumed.parse("Cさんは？")
    assert seen[0].previous == INTENTS["ask A about B"]
    resumed.close()


@pytest.mark.parametrize("secret", [{"culprit": "C", "liar": "C"}, {"culprit": "B"}, ["B", "C"]])
def test_resume_and_replay_open_an_unfinished_game_alike(tmp_path: Path, secret: object) -> None:
    """One start for both: a sidecar whose secret does not open the commitment stops each."""
    session = _start(tmp_path)
    asyncio.run(session.step("ask A about B"))
    session.close()
    log = tmp_path / "g.jsonl"
    sealed = json.loads(sidecar_path(log).read_text("utf-8"))
    sidecar_path(log).write_text(json.dumps({**sealed, "secret": secret}), "utf-8")
    problem = "malformed sealed secret" if isinstance(secret, list) else r"g\.jsonl: cannot open the commitment"
    with pytest.raises(TranscriptError, match=problem):
        asyncio.run(ScriptedSession.resume(log))
    with pytest.raises(TranscriptError, match=problem):
        replay(read(log, drop_torn_tail=True))
