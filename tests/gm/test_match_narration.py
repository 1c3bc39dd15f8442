"""A model game master narrates each Garnet Thief reveal of a match, beside the referee's own.

The narrator's calls go to a loopback server (tests/gm/backends/servers.py); the seats are
scripted. In round 1 every seat chooses and announces Police, so its reveal is known: eight
Police, nobody paid (4 is too little for eight), the house keeps all 4.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from gm.actors.narration import MAX_ATTEMPTS
from gm.actors.reveal_narrator import RevealNarrator
from gm.backends.base import RetryPolicy
from gm.backends.openai import OpenAIBackend
from gm.match import Human, Match, Played, Player, replay
from gm.recorder import read
from referee.game import Json
from referee.garnet import SEATS, Character, Choose, Designate
from referee.garnet.protocol import GAME
from referee.monorail.protocol import GAME as MONORAIL
from tests.gm.backends.servers import Answer, FaultServer, Step

FAST = RetryPolicy(attempts=1, timeout_s=2.0)
TRUE = "The room falls silent. There were eight Police, and the house kept 4 garnets."
WRONG = "The house kept 3 garnets."
ROUND = len(SEATS)  # plies in a round


def police(seat: str) -> Human:
    async def ask(view: Json, refusal: ValueError | None) -> Any:
        if view["designator"] == seat:
            return Designate(None)
        return Choose(Character.POLICE, Character.POLICE)

    return Human(ask, name=f"script:{seat}")


def players() -> dict[str, Player]:
    return {seat: police(seat) for seat in SEATS}


def text(value: str) -> Answer:
    return Answer(json.dumps({"text": value}))


def play(log: Path, steps: list[Step], plies: int = ROUND, resume: bool = False) -> tuple[list[Played], FaultServer]:
    """Start (or resume) a narrated match and play `plies` plies."""

    async def run(server: FaultServer) -> list[Played]:
        narrator = RevealNarrator(OpenAIBackend("scripted", FAST, base_url=server.openai_url), key=b"m" * 32)
        if resume:
            match, _ = Match.resume(log, GAME, players(), narrator=narrator)
        else:
            match = Match.start(GAME, players(), log, "g", seed=1, narrator=narrator)
        try:
            return [await match.turn() for _ in range(plies)]
        finally:
            match.close()
            await narrator.aclose()

    with FaultServer(steps) as server:
        return asyncio.run(run(server)), server


def lines(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text("utf-8").splitlines()]


def narrations(log: Path) -> list[dict[str, Any]]:
    return [e for e in lines(log) if e["t"] == "model_attempt"]


def test_a_true_narration_is_shown_beside_the_reveal_and_recorded_for_everyone(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    played, server = play(log, [text(TRUE)])
    assert [p.narration for p in played] == [None] * (ROUND - 1) + [TRUE]
    (attempt,) = narrations(log)
    assert attempt["part"] == "reveal" and attempt["ply"] == ROUND - 1 and attempt["attempt"] == 1
    assert attempt["accepted"] and attempt["reasons"] == [] and attempt["text"] == TRUE
    assert attempt["actor"] == "openai:scripted" and "see" not in attempt and attempt["seat"] is None
    assert json.loads(attempt["request"])["messages"] == server.received[0].body["messages"]
    events = [e["t"] for e in lines(log)]
    assert events[-2:] == ["revealed", "model_attempt"]
    assert replay(read(log), GAME).problems == ()


def test_a_wrong_narration_is_asked_again_then_left_out(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    played, server = play(log, [text(WRONG)] * MAX_ATTEMPTS)
    assert played[-1].narration is None and len(server.received) == MAX_ATTEMPTS
    tries = narrations(log)
    assert [(t["attempt"], t["accepted"]) for t in tries] == [(1, False), (2, False), (3, False)]
    assert "the house kept 4" in tries[0]["reasons"][0]
    assert tries[0]["reasons"][0] in server.received[1].body["messages"][0]["content"]
    assert replay(read(log), GAME).problems == ()


def test_a_wrong_narration_then_a_true_one_shows_the_true_one(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    played, _ = play(log, [text(WRONG), text(TRUE)])
    assert played[-1].narration == TRUE
    assert [t["accepted"] for t in narrations(log)] == [False, True]
    assert replay(read(log), GAME).problems == ()


def tampered(log: Path, at: int, change: dict[str, Any]) -> None:
    rows = lines(log)
    index = [i for i, row in enumerate(rows) if row["t"] == "model_attempt"][at]
    rows[index].update(change)
    log.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), "utf-8")


@pytest.mark.parametrize(
    ("at", "change", "problem"),
    [
        (0, {"accepted": True}, "recorded as accepted; the referee rejects it"),
        (1, {"accepted": False}, "recorded as rejected; the referee accepts it"),
        (1, {"text": "The house kept 2 garnets."}, "recorded as accepted; the referee rejects it"),
        (0, {"see": "referee"}, "a narration of a public reveal recorded for referee"),
        (0, {"choices": ["Mafia"] * 8}, "fields a match does not write: choices"),
        (1, {"attempt": 3}, "expected attempt 2"),
        (0, {"part": "ending"}, "a narration where no reveal awaits one"),
    ],
)
def test_a_tampered_narration_is_caught_by_replay(
    tmp_path: Path, at: int, change: dict[str, Any], problem: str
) -> None:
    log = tmp_path / "g.jsonl"
    play(log, [text(WRONG), text(TRUE)])
    tampered(log, at, change)
    found = replay(read(log), GAME).problems
    assert found and problem in found[0].text, found


def test_a_narration_where_no_reveal_is_owed_is_caught(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    play(log, [text(TRUE)])
    rows = lines(log)
    rows.insert(3, {**narrations(log)[0], "ply": 0})  # after the first announcement, before any reveal
    log.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), "utf-8")
    found = replay(read(log), GAME).problems
    assert found and "no reveal awaits one" in found[0].text


def test_resume_never_narrates_a_reveal_again_and_narrates_the_next(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    play(log, [text(WRONG)] * MAX_ATTEMPTS)  # round 1's narration given up, then the table closed
    played, server = play(log, [text(TRUE)], plies=ROUND, resume=True)
    assert len(server.received) == 1 and played[-1].narration == TRUE  # round 2's reveal only
    assert [(a["ply"], a["accepted"]) for a in narrations(log)] == [(ROUND - 1, False)] * 3 + [(2 * ROUND - 1, True)]
    assert replay(read(log), GAME).problems == ()


@pytest.mark.parametrize("lost", [("model_attempt",), ("model_attempt", "revealed")])
def test_a_crash_before_the_narration_is_resumed_without_it(tmp_path: Path, lost: tuple[str, ...]) -> None:
    log = tmp_path / "g.jsonl"
    play(log, [text(TRUE)])
    kept = [row for row in lines(log) if row["t"] not in lost]
    log.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in kept), "utf-8")
    played, server = play(log, [], plies=1, resume=True)
    assert len(server.received) == 0 and played[0].narration is None
    assert sum(e["t"] == "revealed" for e in lines(log)) == 1 and narrations(log) == []
    assert replay(read(log), GAME).problems == ()


def test_a_match_without_a_narrator_writes_no_narration(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    match = Match.start(GAME, players(), log, "g", seed=1)
    played = [asyncio.run(match.turn()) for _ in range(ROUND)]
    match.close()
    assert all(p.narration is None for p in played) and narrations(log) == []


def test_a_game_whose_reveals_are_never_narrated_takes_no_narrator(tmp_path: Path) -> None:
    narrator = RevealNarrator(OpenAIBackend("scripted", FAST, base_url="http://127.0.0.1:9"), key=b"m" * 32)
    seats: dict[str, Player] = {seat: police(seat) for seat in ("first", "second")}
    with pytest.raises(ValueError, match="never narrated"):
        Match.start(MONORAIL, seats, tmp_path / "g.jsonl", "g", seed=1, narrator=narrator)


def test_a_narration_written_after_a_resume_for_a_reveal_before_it_is_caught(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    play(log, [text(TRUE)])
    (attempt,) = narrations(log)
    kept = [row for row in lines(log) if row["t"] != "model_attempt"]
    log.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in kept), "utf-8")
    play(log, [], plies=0, resume=True)
    with log.open("a", encoding="utf-8") as out:
        out.write(json.dumps(attempt, ensure_ascii=False) + "\n")
    found = replay(read(log), GAME).problems
    assert found and "no reveal awaits one" in found[0].text
