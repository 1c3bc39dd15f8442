"""A model narrates the opening and the ending of a game, checked, beside the referee's own text.

Model calls go to a loopback server speaking the OpenAI wire format (tests/gm/backends/servers.py):
each test scripts the narrator's and the actor's replies in the order the session asks.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from gm.actors.model import ModelActor
from gm.actors.narration import MAX_ATTEMPTS
from gm.backends.base import RetryPolicy
from gm.backends.openai import OpenAIBackend
from gm.recorder import read
from gm.render import Renderer
from gm.session import GameConfig, Session, Turn
from referee.lang.incident import incident
from referee.liar.game import new_game
from referee.liar.world import World
from refgm.commands.replay import replay
from tests.gm.backends.servers import Answer, FaultServer, Step

SECRET = World(culprit="B", liar="C")
CONFIG = GameConfig(lang="en", incident=incident("cake"))
FAST = RetryPolicy(attempts=1, timeout_s=2.0)
CALM = "The kitchen is quiet. Rain taps on the window."
NAMES_THE_CULPRIT = "The kitchen is quiet. B ate the cake."
WRONG_ENDING = "A ate the cake."
TRUE_ENDING = "B ate the cake. C was the liar all along."
GUESS = "The culprit is B and the liar is C."
QUESTION = "A, did B eat the cake?"


def text(value: str) -> Answer:
    return Answer(json.dumps({"text": value}))


def lines(*said: tuple[str, str]) -> Answer:
    return Answer(json.dumps({"lines": [{"speaker": s, "text": t} for s, t in said]}))


def referee_opening() -> str:
    """The referee's own opening for this game (seed 1), rendered apart from any session."""
    state = new_game(CONFIG.rules, random.Random(1), SECRET)
    return Renderer("en", CONFIG.incident, CONFIG.rules.roster).opening(state)


def play(
    log: Path, steps: list[Step], utterances: tuple[str, ...] = ()
) -> tuple[str, list[Turn], FaultServer]:
    """Start a narrated game with a model actor, play `utterances`; the opening and the turns.
    The parser alone reads (the second reader: tests/gm/actors/test_readers.py)."""

    async def run(server: FaultServer) -> tuple[str, list[Turn]]:
        actor = ModelActor(OpenAIBackend("scripted", FAST, base_url=server.openai_url), key=b"3",
                           reads=False)
        session, opening = await Session.start(CONFIG, log, "g", seed=1, secret=SECRET,
                                               actor=actor)
        try:
            return opening, [await session.step(u) for u in utterances]
        finally:
            session.close()
            await actor.aclose()

    with FaultServer(steps) as server:
        opening, played = asyncio.run(run(server))
    return opening, played, server


def events(log: Path, t: str) -> list[dict[str, Any]]:
    return [e for e in map(json.loads, log.read_text("utf-8").splitlines()) if e["t"] == t]


def narration(log: Path, part: str) -> list[dict[str, Any]]:
    return [e for e in events(log, "model_attempt") if e.get("part") == part]


def test_a_clean_opening_is_shown_before_the_referees_and_logged(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    opening, _, server = play(log, [text(CALM)])
    assert opening == CALM + "\n\n" + referee_opening()
    (attempt,) = narration(log, "opening")
    assert attempt["turn"] == 0 and attempt["accepted"] and attempt["reasons"] == []
    assert attempt["text"] == CALM and attempt["actor"] == "openai:scripted"
    assert json.loads(attempt["request"])["messages"] == server.received[0].body["messages"]
    assert events(log, "gm")[0] == {"v": 1, "t": "gm", "turn": 0, "text": opening}
    assert all(not row.problems for row in replay(read(log)))


def test_an_opening_that_names_the_culprit_is_retried_then_dropped(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    opening, _, server = play(log, [text(NAMES_THE_CULPRIT)] * MAX_ATTEMPTS)
    assert opening == referee_opening()
    tries = narration(log, "opening")
    assert len(tries) == len(server.received) == MAX_ATTEMPTS
    assert not any(attempt["accepted"] for attempt in tries)
    assert "culprit(B)" in tries[0]["reasons"][0]
    retry = server.received[1].body["messages"][0]["content"]
    assert tries[0]["reasons"][0] in retry and NAMES_THE_CULPRIT not in retry
    assert events(log, "gm")[0]["text"] == opening
    (row,) = [row for row in replay(read(log)) if row.verdict == "opening"]
    assert row.attempts == ", ".join(["opening rejected"] * MAX_ATTEMPTS) and not row.problems


def test_an_ending_that_contradicts_the_reveal_is_rejected_and_a_true_one_shown(
    tmp_path: Path,
) -> None:
    log = tmp_path / "g.jsonl"
    steps: list[Step] = [text(CALM), text(WRONG_ENDING), text(TRUE_ENDING)]
    _, (turn,), server = play(log, steps, (GUESS,))
    assert turn.state.over and turn.reply.endswith("\n\n" + TRUE_ENDING)
    assert "The culprit was B and the liar was C." in turn.reply
    wrong, right = narration(log, "ending")
    assert (wrong["turn"], right["turn"]) == (1, 1)
    assert not wrong["accepted"] and "contradicts" in wrong["reasons"][0]
    assert right["accepted"]
    assert wrong["reasons"][0] in server.received[2].body["messages"][0]["content"]
    assert events(log, "gm")[-1]["text"] == turn.reply
    assert [e["t"] for e in map(json.loads, log.read_text("utf-8").splitlines())][-2:] == [
        "gm", "game_ended"]
    (row,) = [row for row in replay(read(log)) if row.number == 1]
    assert row.attempts == "ending rejected, ending ok" and not row.problems


def test_an_ending_rejected_every_time_leaves_the_referees_reveal_alone(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    _, (turn,), _ = play(log, [text(CALM), *[text(WRONG_ENDING)] * MAX_ATTEMPTS], (GUESS,))
    renderer = Renderer("en", CONFIG.incident, CONFIG.rules.roster)
    assert turn.reply.endswith(renderer.ending(turn.state.reveal(), "won"))
    assert WRONG_ENDING not in turn.reply
    assert len(narration(log, "ending")) == MAX_ATTEMPTS
    assert all(not row.problems for row in replay(read(log)))


def tamper(log: Path, part: str, change: dict[str, Any]) -> None:
    """Edit the first recorded narration attempt of `part`."""
    rows = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    first = next(r for r in rows if r["t"] == "model_attempt" and r.get("part") == part)
    first.update(change)
    log.write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")


def test_replay_rechecks_narration_without_the_model(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    play(log, [text(CALM), text(TRUE_ENDING)], (GUESS,))
    tamper(log, "opening", {"text": NAMES_THE_CULPRIT})
    tamper(log, "ending", {"accepted": False})
    problems = [p.text for row in replay(read(log)) for p in row.problems]
    assert any(p.startswith("opening narration 1 was accepted, now rejected") for p in problems)
    assert any(p.startswith("ending narration 1 was rejected, now accepted") for p in problems)


def test_resume_shows_the_recorded_opening_and_does_not_narrate_again(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    opening, _, _ = play(log, [text(CALM), lines(("A", "B ate the cake."))], (QUESTION,))

    async def run(server: FaultServer) -> str:
        actor = ModelActor(OpenAIBackend("scripted", FAST, base_url=server.openai_url))
        session, shown = await Session.resume(log, actor=actor)
        session.close()
        await actor.aclose()
        return shown

    with FaultServer([]) as server:
        shown = asyncio.run(run(server))
    assert shown.startswith(opening) and server.received == []
    assert len(narration(log, "opening")) == 1


def test_an_unreadable_reply_is_rejected_with_what_is_wrong_with_it(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    steps: list[Step] = [text(CALM), Answer("{oops"), lines(("A", "B ate the cake."))]
    _, (turn,), _ = play(log, steps, (QUESTION,))
    first, second = events(log, "model_attempt")[1:]
    assert not first["accepted"] and "not the requested JSON" in first["reasons"][0]
    assert second["accepted"] and turn.attempts[0].check.reasons == tuple(first["reasons"])
    assert all(not row.problems for row in replay(read(log)))


def test_the_offline_actor_does_not_narrate(tmp_path: Path) -> None:
    async def start(path: Path) -> str:
        session, opening = await Session.start(CONFIG, path, "g", seed=1, secret=SECRET)
        session.close()
        return opening

    narrated = asyncio.run(start(tmp_path / "start.jsonl"))
    plain, opening = Session.new(CONFIG, tmp_path / "new.jsonl", "g", seed=1, secret=SECRET)
    plain.close()
    assert narrated == opening
    assert events(tmp_path / "start.jsonl", "model_attempt") == []


def test_refgm_play_narrates_the_opening_and_the_ending_of_a_model_game(tmp_path: Path) -> None:
    """As a player runs it: the opening told before the first turn, the ending after the last."""
    log = tmp_path / "g.jsonl"
    steps: list[Step] = [text(CALM), lines(("A", "B ate the cake.")), text(TRUE_ENDING)]
    env = {**os.environ, "REFGM_HOME": str(tmp_path), "OPENAI_API_KEY": "unused"}
    with FaultServer(steps) as server:
        done = subprocess.run(
            [sys.executable, "-m", "refgm.cli", "play", "--model", "openai:scripted",
             "--base-url", server.openai_url, "--secret", "B,C", "--incident", "cake",
             "--seed", "1", "--transcript", str(log), "--reader", "parser"],
            input=f"{QUESTION}\n{GUESS}\n", capture_output=True, text=True, env=env,
            check=False, timeout=120,
        )
    assert done.returncode == 0, done.stderr
    # --reader parser: no reading request was sent, none is logged.
    assert len(server.received) == 3 and "ReadQuery" not in json.dumps(
        [r.body for r in server.received])
    assert events(log, "interpretation") == []
    assert done.stdout.startswith(CALM + "\n\n" + referee_opening())
    assert "A: B ate the cake." in done.stdout
    assert done.stdout.rstrip().endswith(TRUE_ENDING)
    assert [e.get("part") for e in events(log, "model_attempt")] == ["opening", None, "ending"]
