"""`refgm play --reader auto` (the default) as a player runs it: a real subprocess against a
loopback model (tests/gm/backends/servers.py) that reads the check questions badly or well.

A model that reads badly is checked once (10 reading requests), says so in one stderr line and
reads no question, so no question waits for a confirmation; the result is kept, so the next game
makes no check request. `--reader both` with the same model puts the plain question back to the
player, saying it is a form the parser reads exactly. A model that reads well stays on.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from gm.render import Renderer
from referee.lang.incident import incident
from referee.liar.game import Rules
from tests.gm.backends.servers import Answer, FaultServer, Received, Step
from tests.gm.test_reader import reads_as_parser, reads_badly

QUESTION = "A, did B eat the cake?"  # a plain frame
GUESS = "The culprit is B and the liar is C."
RENDERER = Renderer("en", incident("cake"), Rules().roster)
NOTES = (RENDERER.message("doubt"), RENDERER.message("doubt_framed"))
OFF = ("refgm play: the second reader is off for openai:fake: it read 0 of 10 check questions right; "
       "--reader both turns it on")


def is_reading(request: Received) -> bool:
    return "ReadQuery" in json.dumps(request.body)


def play(home: Path, read: Callable[[Received], Step], *options: str) -> tuple[subprocess.CompletedProcess[str], int,
                                                                                list[dict[str, object]]]:
    """A question then the winning guess against a model reading with `read` (its other
    requests get no usable line: the templates are shown); the finished process, the reading
    requests the model got and the game's log."""

    def respond(request: Received) -> Step:
        return read(request) if is_reading(request) else Answer("{oops")

    log = home / f"g{len(list(home.glob('g*.jsonl')))}.jsonl"
    env = {**os.environ, "REFGM_HOME": str(home), "OPENAI_API_KEY": "unused"}
    with FaultServer([], lifetime_s=100.0, then=respond) as server:
        done = subprocess.run(
            [sys.executable, "-m", "refgm.cli", "play", "--model", "openai:fake", "--base-url", server.openai_url,
             "--secret", "B,C", "--incident", "cake", "--seed", "1", "--transcript", str(log), *options],
            input=f"{QUESTION}\n{GUESS}\n", capture_output=True, text=True, env=env, check=False, timeout=90,
        )
        readings = sum(map(is_reading, server.received))
    assert done.returncode == 0, done.stderr
    return done, readings, [json.loads(line) for line in log.read_text("utf-8").splitlines()]


def said(done: subprocess.CompletedProcess[str]) -> list[str]:
    """The stderr lines about the second reader."""
    return [line for line in done.stderr.splitlines() if "second reader" in line]


def test_a_model_that_reads_badly_is_turned_off_with_one_line_and_no_confirmation(tmp_path: Path) -> None:
    done, readings, log = play(tmp_path, reads_badly)
    assert said(done) == [OFF] and readings == 10  # the check, and no question read
    assert not [e for e in log if e["t"] == "interpretation"]
    assert not any(note in done.stdout for note in NOTES)
    assert next(e["cost"] for e in log if e["t"] == "verdict" and "cost" in e) == 1  # charged, not put back
    again, readings, _ = play(tmp_path, reads_badly)
    assert said(again) == [OFF] and readings == 0  # kept in $REFGM_HOME/cache/readers.json


def test_reader_both_puts_the_plain_question_back_saying_the_parser_reads_it_exactly(tmp_path: Path) -> None:
    done, readings, log = play(tmp_path, reads_badly, "--reader", "both")
    assert said(done) == [] and readings == 1  # no check: the question read
    assert [e["turn"] for e in log if e["t"] == "interpretation"] == [1]
    assert RENDERER.message("doubt_framed") in done.stdout and RENDERER.message("doubt") not in done.stdout


def test_a_model_that_reads_well_stays_the_second_reader(tmp_path: Path) -> None:
    done, readings, log = play(tmp_path, reads_as_parser)
    assert said(done) == [] and readings == 10 + 1  # the check, then the question
    assert [e["turn"] for e in log if e["t"] == "interpretation"] == [1]
    assert not any(note in done.stdout for note in NOTES)
