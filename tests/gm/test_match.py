"""The seat harness (gm.match) on Monorail: bots, a scripted human, a model agent on a loopback
server; the log, its seat views, resume after a torn tail, and replay."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm.agent import ModelAgent
from gm.backends.base import RetryPolicy
from gm.backends.openai import OpenAIBackend
from gm.bots import levels, open_bot
from gm.match import (
    AgentPlayer,
    BotPlayer,
    Human,
    Left,
    Match,
    Player,
    commit_seed,
    play_bots,
    replay,
    rerun,
    seat_view,
    visible,
)
from gm.monorail import BRIEF
from gm.recorder import Sealed, TranscriptError, read, read_sidecar, write_sidecar
from referee.game import find_game
from referee.monorail.game import CHALLENGE_MET, CHALLENGE_WON, COMPLETED, TILES_OUT, Attempt, Declare, Place
from referee.monorail.move import IllegalMoveError, legal_moves
from referee.monorail.notation import parse_move
from referee.monorail.protocol import GAME
from referee.monorail.solver import solve
from tests.gm.backends.servers import Answer, FaultServer

FAST = RetryPolicy(attempts=2, timeout_s=5.0, base_delay_s=0.01)


def bots(first: str, second: str) -> dict[str, Player]:
    return {"first": BotPlayer(open_bot("monorail", first)), "second": BotPlayer(open_bot("monorail", second))}


def play(path: Path, players: dict[str, Player], seed: int = 1) -> Match:
    match = Match.start(GAME, players, path, path.stem, seed=seed)
    try:
        asyncio.run(match.run())
    finally:
        match.close()
    return match


def events(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


class Script:
    """A human who plays the given lines of notation (or 'impossible'), then leaves."""

    def __init__(self, *moves: str) -> None:
        self.moves = list(moves)
        self.refusals: list[ValueError] = []

    async def ask(self, view: dict[str, Any], refusal: ValueError | None) -> Any:
        if refusal is not None:
            self.refusals.append(refusal)
        if not self.moves:
            raise Left
        text = self.moves.pop(0)
        if text == "impossible":
            return Declare()
        move = parse_move(text)
        return Attempt(move.tiles) if view["challenge"] else Place(move)


def test_a_bot_game_is_recorded_replayed_and_committed(tmp_path: Path) -> None:
    assert find_game("monorail") is GAME
    log = tmp_path / "g.jsonl"
    match = play(log, bots("solver", "greedy"), seed=4)
    recorded = events(log)
    assert recorded[0]["game"] == "monorail" and recorded[0]["config"]["seats"]["first"]["bot"] == "solver"
    ended = recorded[-1]
    assert ended["t"] == "game_ended" and ended["result"] == match.result.as_json()  # type: ignore[union-attr]
    assert commit_seed(ended["seed"], ended["nonce"]) == recorded[0]["commitment"] == ended["commitment"]
    assert "seed" not in json.dumps(recorded[:-1]) and read_sidecar(log).ended
    assert all("see" not in e for e in recorded)  # every event is for everyone
    done = replay(read(log), GAME)
    assert done.problems == () and GAME.result(done.state) == match.result


def test_the_same_seed_plays_the_same_game(tmp_path: Path) -> None:
    first = play(tmp_path / "a.jsonl", bots("greedy", "solver"), seed=9)
    second = play(tmp_path / "b.jsonl", bots("greedy", "solver"), seed=9)
    moves = [[e["move"] for e in events(tmp_path / name) if e["t"] == "move"] for name in ("a.jsonl", "b.jsonl")]
    assert moves[0] == moves[1] and first.result == second.result


def test_bots_unrecorded_play_the_moves_of_a_recorded_match(tmp_path: Path) -> None:
    match = play(tmp_path / "g.jsonl", bots("solver", "random"), seed=13)
    state, plies = play_bots(
        GAME, {"first": open_bot("monorail", "solver"), "second": open_bot("monorail", "random")}, 13
    )
    assert state == match.state and plies == match.ply


def test_a_tampered_move_is_caught_by_replay(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    play(log, bots("random", "random"), seed=2)
    lines = log.read_text("utf-8").splitlines()
    lines[1] = lines[1].replace('"place": [[', '"place": [[40, 40, "H"], [')
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = replay(read(log), GAME)
    assert done.problems and done.problems[0].line == 2 and "refuses" in done.problems[0].text


def test_a_bot_move_swapped_for_another_legal_one_is_caught_by_the_revealed_seed(tmp_path: Path) -> None:
    # Same ply, same seat, legal, same result: only the seed can tell the bot did not play it.
    log = tmp_path / "g.jsonl"
    play(log, bots("random", "random"), seed=2)
    lines = log.read_text("utf-8").splitlines()
    first = json.loads(lines[1])
    assert first["t"] == "move" and first["by"] == "bot" and first["ply"] == 0
    start = GAME.start({"strict_edges": True, "tiles": 16})
    other = next(
        m for m in legal_moves(start.position) if GAME.move_json(Place(m)) != first["move"] and len(m.tiles) == 1
    )
    first["move"] = GAME.move_json(Place(other))
    lines[1] = json.dumps(first)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = replay(read(log), GAME)
    assert any(p.line == 2 and "with the revealed seed" in p.text for p in done.problems), done.problems


def test_a_human_is_asked_again_with_the_referees_reason(tmp_path: Path) -> None:
    human = Script("H@5,5", "H@2,0 H@4,0", "impossible", "H@2,0")
    players: dict[str, Player] = {"first": Human(human.ask), "second": BotPlayer(open_bot("monorail", "solver"))}
    log = tmp_path / "g.jsonl"
    match = Match.start(GAME, players, log, "g", seed=3)
    played = asyncio.run(match.turn())
    assert played.by == "human" and played.move == Place(parse_move("H@2,0"))
    faults = [r.fault.value for r in human.refusals if isinstance(r, IllegalMoveError)]
    assert faults == ["not_touching", "gap", "too_early"]
    refused = [e for e in events(log) if e["t"] == "refused"]
    assert [e["see"] for e in refused] == ["seat"] * 3 and all(e["seat"] == "first" for e in refused)
    match.close()
    assert rerun(read(log), GAME).problems == ()


def reply(action: str, tiles: str = "") -> Answer:
    parsed = parse_move(tiles).tiles if tiles else ()
    body = {"action": action, "tiles": [{"x": t.x, "y": t.y, "shape": t.shape.value} for t in parsed]}
    return Answer(json.dumps(body))


def agent_match(tmp_path: Path, server: FaultServer) -> tuple[Match, Path]:
    backend = OpenAIBackend("scripted", FAST, base_url=server.openai_url)
    agent = ModelAgent(backend, BRIEF, "en", key=b"k" * 32)
    players: dict[str, Player] = {
        "first": AgentPlayer(agent, open_bot("monorail", "solver")),
        "second": Human(Script("H@-1,0").ask),
    }
    log = tmp_path / "g.jsonl"
    return Match.start(GAME, players, log, "g", seed=5), log


def test_an_agent_corrected_by_the_referee_plays_its_third_reply(tmp_path: Path) -> None:
    script = [reply("place", "H@5,5"), Answer("not json"), reply("place", "H@2,0 SW@3,0")]
    with FaultServer(script) as server:
        match, log = agent_match(tmp_path, server)
        played = asyncio.run(match.turn())
        match.close()
        sent = [r.body["messages"][-1]["content"] for r in server.received]
    assert played.by == "agent" and not played.fallback and played.move == Place(parse_move("H@2,0 SW@3,0"))
    attempts = [e for e in events(log) if e["t"] == "agent_attempt"]
    assert [(a["attempt"], a["accepted"]) for a in attempts] == [(1, False), (2, False), (3, True)]
    assert "at least one tile must touch" in attempts[0]["reason"] and attempts[1]["move"] is None
    assert attempts[0]["tokens_in"] == 21 and attempts[0]["transport"][0][0] == "ok"
    assert "(H@5,5) was not played: at least one tile must touch" in sent[1]
    assert "not the requested JSON" in sent[2] and "was not played" not in sent[0]
    assert all(a["see"] == "seat" and a["seat"] == "first" for a in attempts)


def test_an_agent_refused_three_times_is_replaced_by_its_bot_and_the_note_says_so(tmp_path: Path) -> None:
    script = [reply("place", "H@5,5"), reply("impossible"), reply("attempt", "H@2,0")]
    with FaultServer(script) as server:
        match, log = agent_match(tmp_path, server)
        played = asyncio.run(match.turn())
        second = asyncio.run(match.turn())  # the human's move, no model call
        match.close()
        assert len(server.received) == 3
    assert played.by == "bot" and played.fallback and len(played.attempts) == 3
    assert second.seat == "second"
    moves = [e for e in events(log) if e["t"] == "move"]
    assert moves[0]["fallback"] is True and moves[0]["by"] == "bot"
    reasons = [e["reason"] for e in events(log) if e["t"] == "agent_attempt"]
    assert "touch" in reasons[0] and "'impossible' can be declared once" in reasons[1]
    assert "nobody has declared 'impossible'" in reasons[2]
    log_read = read(log)
    assert replay(log_read, GAME).problems == ()
    for seat in ("first", "second"):
        assert seat_view(log_read, GAME, seat) == GAME.view(match.state, seat)
    assert not any(e.t == "agent_attempt" for e in visible(log_read, "second").events)
    assert sum(e.t == "agent_attempt" for e in visible(log_read, "first").events) == 3


def test_the_fallback_note_is_shown(tmp_path: Path) -> None:
    from gm.monorail import Terminal, Texts

    shown: list[str] = []

    class Out:
        def write(self, text: str) -> None:
            shown.append(text)

        def flush(self) -> None:
            pass

    script = [reply("place", "H@5,5")] * 3
    with FaultServer(script) as server:
        match, _ = agent_match(tmp_path, server)
        played = asyncio.run(match.turn())
        match.close()

    async def nothing() -> str | None:
        return None

    terminal = Terminal(Texts("en"), Out(), nothing, {"first": "the model openai:scripted", "second": "you"}, True)  # type: ignore[arg-type]
    terminal.played(played)
    assert "(The model openai:scripted gave no legal move in 3 tries; its bot played this move.)" in "".join(shown)


@pytest.fixture
def bot_log(tmp_path: Path) -> Iterator[Path]:
    log = tmp_path / "g.jsonl"
    play(log, bots("greedy", "solver"), seed=11)
    yield log


def test_every_seats_view_is_rebuilt_from_its_events(bot_log: Path) -> None:
    log = read(bot_log)
    final = rerun(log, GAME).state
    for seat in ("first", "second"):
        assert seat_view(log, GAME, seat) == GAME.view(final, seat)
    cut = log.events[:4]
    partial = rerun(type(log)(log.path, cut), GAME).state
    assert seat_view(type(log)(log.path, cut), GAME, "second") == GAME.view(partial, "second")


def test_resume_after_a_torn_tail_goes_on_from_the_recorded_moves(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    human = Script("H@2,0")
    players: dict[str, Player] = {"first": Human(human.ask), "second": BotPlayer(open_bot("monorail", "greedy"))}
    match = Match.start(GAME, players, log, "g", seed=8)
    with pytest.raises(Left):
        asyncio.run(match.run())
    match.close()
    before = events(log)
    assert [e["t"] for e in before] == ["game_started", "move", "move"]
    with log.open("a", encoding="utf-8") as fh:
        fh.write('{"v": 1, "t": "move", "ply": 2, "seat": "fi')  # a crash mid-write
    bot_move = before[2]["move"]
    again: dict[str, Player] = {
        "first": Human(Script("impossible").ask),
        "second": BotPlayer(open_bot("monorail", "greedy")),
    }
    resumed, done = Match.resume(log, GAME, again)
    assert done.ply == 2 and resumed.ply == 2
    assert resumed.state == GAME.step(
        GAME.step(GAME.start({}), "first", Place(parse_move("H@2,0"))), "second", GAME.move_from_json(bot_move)
    )
    asyncio.run(resumed.run())
    resumed.close()
    after = events(log)
    assert [e["t"] for e in after][:4] == ["game_started", "move", "move", "resumed"]
    assert after[-1]["t"] == "game_ended" and replay(read(log), GAME).problems == ()


def test_a_finished_game_is_not_resumed(bot_log: Path) -> None:
    with pytest.raises(TranscriptError, match="this game is over"):
        Match.resume(bot_log, GAME, bots("greedy", "solver"))


def test_resume_ends_a_game_whose_end_was_not_logged(bot_log: Path) -> None:
    lines = bot_log.read_text("utf-8").splitlines()
    bot_log.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    sealed = read_sidecar(bot_log)
    write_sidecar(bot_log, Sealed(sealed.seed, sealed.secret, sealed.nonce))
    match, _ = Match.resume(bot_log, GAME, bots("greedy", "solver"))
    match.close()
    assert match.over and events(bot_log)[-1]["t"] == "game_ended"


def test_a_lost_game_ended_line_is_caught_by_replay(bot_log: Path) -> None:
    lines = bot_log.read_text("utf-8").splitlines()
    bot_log.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    (problem,) = replay(read(bot_log), GAME).problems
    assert "game_ended is missing" in problem.text
    with pytest.raises(TranscriptError, match="its game_ended line is missing"):
        Match.resume(bot_log, GAME, bots("greedy", "solver"))


@settings(max_examples=12)
@given(st.integers(0, 2**31), st.sampled_from(levels("monorail")), st.sampled_from(levels("monorail")))
def test_bot_games_end_as_the_solver_says(seed: int, first: str, second: str) -> None:
    """Every declaration is judged as the solver judges the position; the solver bot never
    loses one it made; a completion is the winner's own move; tiles out go to the seat to move."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "g.jsonl"
        match = play(log, bots(first, second), seed=seed)
        recorded = events(log)
    result = match.result
    assert result is not None
    moves = [e for e in recorded if e["t"] == "move"]
    state = GAME.start({})
    for event in moves:
        move = GAME.move_from_json(event["move"])
        if isinstance(move, Declare):
            completable = solve(state.position).completable
            assert result.reason == (CHALLENGE_MET if completable else CHALLENGE_WON)
            assert (result.winners == (event["seat"],)) == (not completable)
            if {"first": first, "second": second}[event["seat"]] == "solver":
                assert not completable
        state = GAME.step(state, event["seat"], move)
    if result.reason == COMPLETED:
        assert result.winners == (moves[-1]["seat"],)
    if result.reason == TILES_OUT:
        assert result.winners != (moves[-1]["seat"],) and state.position.tiles_left == 0


def test_a_bot_move_relabelled_as_a_humans_is_caught(tmp_path: Path) -> None:
    """Else a forger swaps a bot's move for any legal one and the seed check skips it."""
    log = tmp_path / "g.jsonl"
    play(log, bots("random", "random"), seed=2)
    lines = log.read_text("utf-8").splitlines()
    lines[1] = lines[1].replace('"by": "bot"', '"by": "human"')
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (problem,) = replay(read(log), GAME).problems
    assert problem.line == 2 and "a move by 'human' in a seat played by 'bot'" in problem.text
