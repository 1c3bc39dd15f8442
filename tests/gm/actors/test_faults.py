"""Whole games against loopback servers that misbehave: no reply crashes a turn, no turn
outlasts its deadline, and every HTTP request the server saw is in the event log.

The servers are real HTTP servers on 127.0.0.1 speaking the OpenAI wire format
(tests/gm/backends/servers.py).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gm.actors.model import ModelActor
from gm.backends.base import RetryPolicy
from gm.backends.openai import OpenAIBackend
from gm.recorder import read
from gm.render import Renderer
from gm.session import GameConfig, Session, Turn
from referee.lang.incident import incident
from referee.liar.game import new_game
from referee.liar.verdict import Answers, Rephrase
from referee.liar.world import World
from refgm.commands.replay import replay
from tests.gm.backends.servers import (
    Answer,
    Drop,
    FaultServer,
    Garbled,
    Raw,
    Received,
    Stall,
    Status,
    Step,
)

CONFIG = GameConfig(lang="en", incident=incident("cake"))
SECRET = World(culprit="B", liar="C")
UNCLEAR = "did B eat it?"  # no one addressed: the parser asks the model
QUESTION = "A, did B eat the cake?"
GUESS = "The culprit is B and the liar is C."
RENDERER = Renderer("en", CONFIG.incident, CONFIG.rules.roster)


def events(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text("utf-8").splitlines()]


def play(
    log: Path,
    respond: Callable[[Received], Step],
    utterances: tuple[str, ...],
    policy: RetryPolicy,
    deadline_s: float | None = None,
    reads: bool = True,
) -> tuple[str, list[Turn], list[float], int]:
    """A narrated game against a server answering every request with `respond` (the model
    a second reader of every question unless `reads` is False).

    Returns the opening, the turns, each turn's seconds (the opening's first) and how many
    HTTP requests the server received.
    """

    async def run(server: FaultServer) -> tuple[str, list[Turn], list[float]]:
        backend = OpenAIBackend("scripted", policy, base_url=server.openai_url)
        actor = ModelActor(backend, key=b"3", reads=reads)
        if deadline_s is not None:
            actor = ModelActor(backend, key=b"3", deadline_s=deadline_s, reads=reads)
        started = time.monotonic()
        session, opening = await Session.start(CONFIG, log, "g", seed=1, secret=SECRET,
                                               actor=actor)
        seconds = [time.monotonic() - started]
        played = []
        try:
            for utterance in utterances:
                started = time.monotonic()
                played.append(await session.step(utterance))
                seconds.append(time.monotonic() - started)
            return opening, played, seconds
        finally:
            session.close()
            await actor.aclose()

    with FaultServer([], lifetime_s=60.0, then=respond) as server:
        opening, played, seconds = asyncio.run(run(server))
        return opening, played, seconds, len(server.received)


def _stall(_: Received) -> Step:
    return Stall(30.0)


def test_a_stalling_backend_holds_no_turn_past_its_deadline(tmp_path: Path) -> None:
    """Every request stalls: each turn's calls stop at the 1 s deadline (not 4 tries x 3
    attempts x the 0.4 s timeout), the template text is shown with a note saying why, and
    the narration is left out. (The parser alone reads questions here: the voicing meets
    the deadline; the next test has the second reader meet it.)"""
    log = tmp_path / "g.jsonl"
    policy = RetryPolicy(attempts=4, timeout_s=0.4, base_delay_s=0.01)
    opening, (unclear, asked, guessed), seconds, received = play(
        log, _stall, (UNCLEAR, QUESTION, GUESS), policy, deadline_s=1.0, reads=False)
    assert all(s < 1.6 for s in seconds), seconds
    assert opening == RENDERER.opening(new_game(CONFIG.rules, random.Random(1), SECRET))
    assert unclear.lines == () and unclear.attempts == () and unclear.reading is None
    late = RENDERER.message("late", seconds="1")
    assert "1 s" in late
    assert late in asked.reply and asked.attempts[-1].fallback and asked.attempts[-1].late
    assert [line.speaker for line in asked.lines] == ["A"]
    assert guessed.state.over and guessed.reply.endswith(
        RENDERER.ending(guessed.state.reveal(), "won"))
    recorded = events(log)
    assert not [e for e in recorded if e["t"] == "interpretation"]
    attempts = [e for e in recorded if e["t"] == "model_attempt"]
    by_part = {part: [e for e in attempts if e.get("part") == part]
               for part in ("opening", None, "ending")}
    # One try each, cut by the deadline; no further attempt was made.
    assert [len(by_part[part]) for part in ("opening", None, "ending")] == [1, 2, 1]
    model_try, fallback = by_part[None]
    assert not model_try["accepted"] and "deadline" in model_try["reasons"][0]
    assert model_try["transport"][-1][0] == "deadline"
    assert fallback["fallback"] and fallback["deadline_s"] == 1.0 and "deadline_s" not in model_try
    assert sum(len(e["transport"]) for e in attempts) == received
    assert all(not row.problems for row in replay(read(log)))


def test_a_stalling_second_reader_shares_the_turns_deadline(tmp_path: Path) -> None:
    """The model reads every question too: a reading that stalls ends at the turn's 1 s
    deadline, no further call is made that turn, and the parser's question is answered in
    the referee's own text (no reading is not a disagreement)."""
    log = tmp_path / "g.jsonl"
    policy = RetryPolicy(attempts=4, timeout_s=0.4, base_delay_s=0.01)
    _, (unclear, asked), seconds, received = play(log, _stall, (UNCLEAR, QUESTION), policy,
                                                  deadline_s=1.0)
    assert all(s < 1.6 for s in seconds), seconds
    assert isinstance(unclear.verdict, Rephrase) and unclear.state.remaining == 7
    assert isinstance(asked.verdict, Answers) and asked.state.remaining == 6
    assert RENDERER.message("late", seconds="1") in asked.reply
    recorded = events(log)
    readings = [e for e in recorded if e["t"] == "interpretation"]
    assert [e["turn"] for e in readings] == [1, 2]
    assert all("deadline" in e["problem"] and e["read"] is False for e in readings)
    (fallback,) = [e for e in recorded if e["t"] == "model_attempt" and e["turn"] == 2]
    assert fallback["fallback"] and fallback["deadline_s"] == 1.0
    logged = [e for e in recorded if e["t"] in ("model_attempt", "interpretation")]
    assert sum(len(e["transport"]) for e in logged) == received
    assert all(not row.problems for row in replay(read(log)))


# Faults in turn: HTTP faults and bodies that are not JSON; then broken envelopes and text
# that is not text as well.
TRANSPORT: tuple[Step, ...] = (Status(503), Status(429, "0"), Answer("{not json"), Garbled(),
                               Status(500), Drop())
SHAPES: tuple[Step, ...] = (
    Status(503), Raw(b'{"choices": [{}]}'), Raw.json({"choices": [{"message": None}]}),
    Status(429, "0"), Raw.json({"choices": [{"message": {"content": 123}}]}),
    Answer("{not json"), Raw(b"[]"), Status(500),
)


@pytest.mark.parametrize("faults", [TRANSPORT, SHAPES], ids=["transport", "shapes"])
def test_every_http_request_is_in_the_log_and_every_attempt_has_its_request(
    tmp_path: Path, faults: tuple[Step, ...]
) -> None:
    log = tmp_path / "g.jsonl"
    policy = RetryPolicy(attempts=2, timeout_s=2.0, base_delay_s=0.01)
    _, turns, _, received = play(log, lambda r: faults[r.index % len(faults)],
                                 (UNCLEAR, QUESTION, "C, are you the liar?", GUESS), policy)
    assert turns[-1].state.over
    recorded = events(log)
    logged = [e for e in recorded if e["t"] in ("model_attempt", "interpretation")
              and e.get("actor") != "offline"]
    assert len(logged) > 8
    assert all(e["request"] for e in logged)
    assert sum(len(e["transport"]) for e in logged) == received
    gave_up = [e for e in logged if e["t"] == "model_attempt" and e["raw"] is None]
    assert gave_up and all(e["transport"] and e["latency"] > 0 for e in gave_up)
    assert all(not row.problems for row in replay(read(log)))


def refgm_play(
    tmp_path: Path, respond: Callable[[Received], Step], *options: str
) -> tuple[subprocess.CompletedProcess[str], int]:
    """`refgm play` as a player runs it, a question then the guess, against a server
    answering every request with `respond`; the finished process and the requests seen."""
    env = {**os.environ, "REFGM_HOME": str(tmp_path), "OPENAI_API_KEY": "unused"}
    with FaultServer([], lifetime_s=100.0, then=respond) as server:
        done = subprocess.run(
            [sys.executable, "-m", "refgm.cli", "play", "--reader", "both", "--model", "openai:scripted",
             "--base-url", server.openai_url, "--secret", "B,C", "--incident", "cake",
             "--seed", "1", "--transcript", str(tmp_path / "g.jsonl"), *options],
            input=f"{QUESTION}\n{GUESS}\n", capture_output=True, text=True, env=env,
            check=False, timeout=90,
        )
        return done, len(server.received)


def test_refgm_play_survives_replies_the_schema_does_not_admit(tmp_path: Path) -> None:
    """`"message": null`, `"choices": [{}]`, `"content": 123` and a non-object body, as a
    player runs the game: no traceback, the referee's text shown, exit 0."""
    shapes = [Raw.json({"choices": [{"message": None}]}), Raw(b'{"choices": [{}]}'),
              Raw.json({"choices": [{"message": {"content": 123}}]}), Raw(b'"hello"')]
    done, received = refgm_play(tmp_path, lambda r: shapes[r.index % len(shapes)])
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "this is the referee's own text" in done.stdout
    assert "The culprit was B and the liar was C." in done.stdout
    logged = [e for e in events(tmp_path / "g.jsonl")
              if e["t"] in ("model_attempt", "interpretation") and e["actor"] != "offline"]
    assert sum(len(e["transport"]) for e in logged) == received
    assert [e["turn"] for e in logged if e["t"] == "interpretation"] == [1]  # read by default


def test_refgm_play_takes_a_turn_deadline(tmp_path: Path) -> None:
    started = time.monotonic()
    done, _ = refgm_play(tmp_path, _stall, "--turn-deadline", "1.5")
    assert done.returncode == 0, done.stderr
    assert RENDERER.message("late", seconds="1.5") in done.stdout
    assert time.monotonic() - started < 20  # three deadlines of 1.5 s, and start-up
    env = {**os.environ, "REFGM_HOME": str(tmp_path)}
    bad = subprocess.run(
        [sys.executable, "-m", "refgm.cli", "play", "--reader", "both", "--model", "openai:scripted",
         "--turn-deadline", "-1"], capture_output=True, text=True, env=env, check=False,
        timeout=60)
    assert bad.returncode == 2 and "positive number of seconds" in bad.stderr
