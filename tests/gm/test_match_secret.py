"""A match whose moves are partly secret (Garnet Thief): a choice is recorded for its seat alone,
its announcement and each round's reveal for everyone, and the re-run checks both."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from gm.agent import Decision
from gm.match import MOVES_KEY, AgentPlayer, Human, Match, Player, move_commitment, replay, seat_view, seed_nonce
from gm.recorder import read, read_sidecar, visible_to
from referee.game import Json
from referee.garnet import CHARACTERS, SEATS, Choose, Designate
from referee.garnet.protocol import GAME


def scripted(seat: str, seed: int = 0) -> Human:
    """A seat that chooses and announces at random (bluffing half the time) and names nobody."""
    rng = random.Random(f"{seed}:{seat}")

    async def ask(view: Json, refusal: ValueError | None) -> Any:
        if view["designator"] == seat:
            return Designate(None)
        return Choose(rng.choice(CHARACTERS), rng.choice(CHARACTERS))

    return Human(ask, name=f"script:{seat}")


def players(seed: int = 0) -> dict[str, Player]:
    return {seat: scripted(seat, seed) for seat in SEATS}


def played(path: Path, seed: int = 0) -> Match:
    match = Match.start(GAME, players(seed), path, "g", seed=seed)
    asyncio.run(match.run())
    match.close()
    return match


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def test_a_choice_is_the_seats_alone_its_announcement_everyones(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    match = played(log)
    events = lines(log)
    moves = [e for e in events if e["t"] == "move" and "choose" in e["move"]]
    assert len(moves) == 64 and all(e["see"] == "seat" for e in moves)
    for i, event in enumerate(events):
        if event["t"] == "move" and "choose" in event["move"]:
            announced = events[i + 1]
            assert announced["t"] == "announced" and "see" not in announced
            assert announced["public"] == {"announce": event["move"]["announce"]}
    assert sum(e["t"] == "revealed" for e in events) == 8
    assert replay(read(log), GAME).problems == ()
    for seat in SEATS:
        seen = visible_to(read(log), seat)
        assert all(e.data["seat"] == seat for e in seen if e.t == "move" and "choose" in e.data["move"])
        assert seat_view(read(log), GAME, seat) == GAME.view(match.state, seat)


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (
            lambda e: {**e, "public": {"announce": "Cartel" if e["public"]["announce"] != "Cartel" else "Police"}},
            "not what the referee makes public",
        ),
        (lambda e: {**e, "see": "referee"}, "not what the referee makes public"),
        (lambda e: None, "is missing"),
    ],
)
def test_an_announcement_changed_or_lost_is_caught(tmp_path: Path, change: Any, problem: str) -> None:
    log = tmp_path / "g.jsonl"
    played(log, seed=3)
    events = lines(log)
    at = next(i for i, e in enumerate(events) if e["t"] == "announced")
    changed = change(events[at])
    events[at : at + 1] = [] if changed is None else [changed]
    log.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events), "utf-8")
    found = replay(read(log), GAME).problems
    assert found and problem in found[0].text


def test_a_secret_move_recorded_for_everyone_is_caught(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    played(log, seed=4)
    events = lines(log)
    at = next(i for i, e in enumerate(events) if e["t"] == "move")
    del events[at]["see"]
    log.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events), "utf-8")
    (problem,) = replay(read(log), GAME).problems
    assert "a secret move recorded for everyone" in problem.text


def test_a_crash_between_a_choice_and_its_announcement_is_resumed_without_a_new_choice(tmp_path: Path) -> None:
    whole = tmp_path / "whole.jsonl"
    played(whole, seed=5)
    log = tmp_path / "g.jsonl"
    first = Match.start(GAME, players(5), log, "g", seed=5)
    for _ in range(11):  # into the second round
        asyncio.run(first.turn())
    first.close()
    kept = log.read_text("utf-8").splitlines(keepends=True)
    assert json.loads(kept[-1])["t"] == "announced"
    log.write_text("".join(kept[:-1]), "utf-8")  # the announcement of ply 10 never got written
    choice = json.loads(kept[-2])
    resumed, done = Match.resume(log, GAME, players(5))
    lost = {k: v for k, v in json.loads(kept[-1]).items() if k not in ("v", "t")}
    assert done.ply == 11 and done.owed == (("announced", lost),)
    after = lines(log)
    assert [e["t"] for e in after[-2:]] == ["resumed", "announced"]
    assert after[-1]["public"] == {"announce": choice["move"]["announce"]}
    assert resumed.state.turns[-1] == GAME.move_from_json(choice["move"])
    asyncio.run(resumed.run())
    resumed.close()
    assert replay(read(log), GAME).problems == ()


def rewrite(log: Path, change: Any) -> None:
    events = lines(log)
    change(events)
    log.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events), "utf-8")


def first(events: list[dict[str, Any]], t: str) -> dict[str, Any]:
    return next(e for e in events if e["t"] == t)


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda ev: first(ev, "announced").update(choice="Mafia"), "not what the referee makes public"),
        (lambda ev: first(ev, "revealed").update(next_round="Mafia"), "not what the referee makes public"),
        (lambda ev: first(ev, "announced").update(commitment="0" * 64), "does not open its announcement's commitment"),
        (
            lambda ev: ev.insert(3, {"v": 1, "t": "resumed", "ply": 1, "seat": None, "all": ev[1]["move"]}),
            "fields a match does not write",
        ),
        (lambda ev: ev.insert(3, {"v": 1, "t": "resumed", "ply": 1, "seat": "2"}), "a resumed line is for everyone"),
        (lambda ev: first(ev, "move").update(leak="Police"), "fields a match does not write"),
        (lambda ev: first(ev, "move").update(by="bot"), "a move by 'bot' in a seat played by 'human'"),
        (
            lambda ev: ev.insert(
                1, {"v": 1, "t": "refused", "ply": 0, "seat": "1", "move": ev[1]["move"], "reason": "x"}
            ),
            "refused line is its human seat's alone",
        ),
        (
            lambda ev: ev.insert(
                1, {"v": 1, "t": "agent_attempt", "ply": 0, "seat": "1", "see": "seat", "move": None, "accepted": False}
            ),
            "agent_attempt line is its agent seat's alone",
        ),
    ],
)
def test_a_line_that_could_carry_a_secret_or_a_false_player_is_caught(
    tmp_path: Path, change: Any, problem: str
) -> None:
    log = tmp_path / "g.jsonl"
    played(log, seed=6)
    rewrite(log, change)
    found = replay(read(log), GAME).problems
    assert found and any(problem in p.text for p in found), found


def test_a_choice_edited_before_its_reveal_does_not_open_its_announcement(tmp_path: Path) -> None:
    """A seat that edits its own choice after hearing later announcements is caught on resume,
    from the sealed nonce, before anything is revealed."""
    log = tmp_path / "g.jsonl"
    match = Match.start(GAME, players(7), log, "g", seed=7)
    for _ in range(5):
        asyncio.run(match.turn())
    match.close()

    def edit(events: list[dict[str, Any]]) -> None:
        move = first(events, "move")["move"]
        move["choose"] = next(c.value for c in CHARACTERS if c.value != move["choose"])

    rewrite(log, edit)
    with pytest.raises(Exception, match="does not open its announcement's commitment"):
        Match.resume(log, GAME, players(7))


class Stub:
    """An agent that plays the characters it is given, one per decision."""

    name = "stub:agent"
    deadline_s = 5.0

    def __init__(self, *chosen: Any) -> None:
        self.chosen = list(chosen)

    async def decide(self, view: Json, ply: int, attempt: int, retry: Any, deadline: Any) -> Decision:
        return Decision(Choose(self.chosen.pop(0), CHARACTERS[2]), request=f"view of seat {view['seat']}", raw="{}")


class Never:
    """A fallback bot that must not be asked."""

    level = "never"

    def choose(self, view: Json, rng: random.Random) -> Any:
        raise AssertionError("the fallback was asked")


def test_a_crash_after_an_accepted_reply_plays_that_reply_on_resume(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    seats: dict[str, Player] = {**players(8), "1": AgentPlayer(Stub(CHARACTERS[0]), Never())}
    match = Match.start(GAME, seats, log, "g", seed=8)
    asyncio.run(match.turn())
    match.close()
    kept = log.read_text("utf-8").splitlines(keepends=True)
    assert [json.loads(line)["t"] for line in kept] == ["game_started", "agent_attempt", "move", "announced"]
    log.write_text("".join(kept[:2]), "utf-8")  # the crash came after the accepted reply
    again: dict[str, Player] = {**players(8), "1": AgentPlayer(Stub(CHARACTERS[3]), Never())}
    resumed, _ = Match.resume(log, GAME, again)
    resumed.close()
    after = lines(log)
    assert [e["t"] for e in after] == ["game_started", "agent_attempt", "resumed", "move", "announced"]
    assert after[3]["move"] == {"choose": "Mafia", "announce": "Police"} and after[3]["by"] == "agent"
    assert replay(read(log), GAME).problems == ()


def test_a_second_accepted_reply_for_one_ply_is_caught(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    seats: dict[str, Player] = {**players(9), "1": AgentPlayer(Stub(CHARACTERS[0]), Never())}
    match = Match.start(GAME, seats, log, "g", seed=9)
    asyncio.run(match.turn())
    match.close()
    rewrite(log, lambda ev: ev.insert(2, {**ev[1], "move": {"choose": "Beggar", "announce": "Police"}}))
    assert any("a second accepted reply" in p.text for p in replay(read(log), GAME).problems)


def test_a_chosen_seed_does_not_open_the_announcements(tmp_path: Path) -> None:
    """With --seed a player knows the seed and its nonce; the moves key is drawn apart from them,
    so four tries per announcement (one per character) open nothing before the reveal."""
    log = tmp_path / "g.jsonl"
    match = Match.start(GAME, players(10), log, "g", seed=10)
    asyncio.run(match.turn())
    match.close()
    announced = first(lines(log), "announced")
    tries = {move_commitment(GAME, Choose(c, CHARACTERS[0]), seed_nonce(10), 0) for c in CHARACTERS}
    assert announced["commitment"] not in tries
    key = read_sidecar(log).secret[MOVES_KEY]
    assert key != seed_nonce(10) and len(key) == 32
