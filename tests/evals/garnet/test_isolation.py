"""The isolation check: every request of a model seat is the one its view gives, and its view is
the same whatever the other seats chose this round. An eval run's games pass it with 0 leaks; an
agent that adds another seat's choice to its context, a view that shows one, and a doctored log
are each caught, at exactly the requests concerned."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evals.garnet.isolation import Isolation, alternatives, check
from evals.garnet.players import model_agent
from evals.garnet.runner import Recorded
from gm.actors.model import request_json
from gm.agent import Decision, ModelAgent, Retry
from gm.backends.base import Message
from gm.bots import open_bot
from gm.match import AgentPlayer, BotPlayer, Match, Player
from gm.recorder import read
from referee.game import Json
from referee.garnet import CHARACTERS, SEATS, Character, Choose, Designate, GarnetState, new_game, step
from referee.garnet.protocol import GAME, GarnetGame
from tests.evals.garnet.scripted import events, honest, play, rows, stubborn

MODEL = "openai:scripted"
SEED = 5


def request_for(seed: int = SEED) -> Callable[[str, Json, int, int, Retry | None], str]:
    agent = model_agent(Recorded(MODEL), "en", seed)
    return lambda seat, view, ply, attempt, retry: request_json(agent.name, agent.request(view, ply, attempt, retry))


def test_the_games_of_an_eval_run_leak_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = tmp_path / "run"
    argv = ["--mode", "isolation", "--population", "random", "--games", "2", "--seats", "2"]
    assert play(run, stubborn, monkeypatch, *argv) == 0  # retries too: each asked again with its reason
    games, checks = (sorted(rows(run, mode), key=lambda row: row["seed"]) for mode in ("players", "isolation"))
    assert len(games) == len(checks) == 2
    for game, checked in zip(games, checks, strict=True):
        attempts = [e for e in events(run / game["log"]) if e["t"] == "agent_attempt"]
        assert checked["requests"] == len(attempts) == game["model_calls"] == 2 * game["moves"]
        assert {e["seat"] for e in attempts} == set(game["seats"])
        assert (checked["leaks"], checked["log_problems"], checked["first_leak"]) == (0, 0, None)
        assert checked["alternatives"] > checked["requests"]
    run = tmp_path / "honest"
    assert play(run, honest, monkeypatch, "--mode", "isolation", "--population", "truthful", "--games", "1") == 0
    (checked,) = rows(run, "isolation")
    assert checked["requests"] >= 8 and checked["leaks"] == 0


class Scripted:
    """An agent test double that builds its seat's request as the real agent does and plays
    Police told truly; `peek`, when given, lets it read the match's state, which no agent is
    given, and add the other seats' choices of this round to its context: a leak."""

    def __init__(self, peek: Callable[[], GarnetState] | None = None) -> None:
        self.inner: ModelAgent = model_agent(Recorded(MODEL), "en", SEED)
        self.name = self.inner.name
        self.deadline_s = 60.0
        self.peek = peek
        self.leaked = 0

    async def decide(self, view: Json, ply: int, attempt: int, retry: Retry | None, deadline: float | None) -> Decision:
        request = self.inner.request(view, ply, attempt, retry)
        if self.peek is not None:
            state = self.peek()
            hidden = [f"seat {s} chose {state.choice(s).value}" for s, _ in state.announced if s != view["seat"]]  # type: ignore[union-attr]
            if hidden:
                self.leaked += 1
                request = replace(request, messages=(*request.messages, Message("user", "; ".join(hidden))))
        move: Any = (
            Designate(None) if view["designator"] == view["seat"] else Choose(Character.POLICE, Character.POLICE)
        )
        return Decision(move, request_json(self.name, request), "{}")


class ShowsChoices(GarnetGame):
    """A protocol whose view leaks: it adds this round's choices of every seat so far."""

    def view(self, state: GarnetState, seat: str) -> Json:
        return {**super().view(state, seat), "choices": [turn.character.value for turn in state.turns]}


def match_log(path: Path, agent: Scripted, game: GarnetGame = GAME, seat: str = "3") -> Path:
    players: dict[str, Player] = {s: BotPlayer(open_bot("garnet", "random")) for s in SEATS if s != seat}
    players[seat] = AgentPlayer(agent, open_bot("garnet", "random"))
    match = Match.start(game, players, path, "g", seed=SEED)  # type: ignore[arg-type]
    if agent.peek is not None:
        agent.peek = lambda: match.state
    asyncio.run(match.run())
    match.close()
    return path


def test_an_agent_that_adds_another_seats_choice_to_its_context_is_caught(tmp_path: Path) -> None:
    agent = Scripted(peek=lambda: new_game())
    found = check(read(match_log(tmp_path / "g.jsonl", agent)), request_for())
    assert agent.leaked == 7  # seat 3 chooses after another seat in every round but its own
    assert found.requests >= 8 and found.leaking == agent.leaked
    assert {leak.check for leak in found.leaks} == {"request"} and {leak.seat for leak in found.leaks} == {"3"}
    honest_agent = Scripted()
    assert check(read(match_log(tmp_path / "h.jsonl", honest_agent)), request_for()).leaks == ()


def test_a_view_that_shows_another_seats_choice_is_caught(tmp_path: Path) -> None:
    log = read(match_log(tmp_path / "g.jsonl", Scripted(), ShowsChoices()))
    found = check(log, request_for(), ShowsChoices())
    views = [leak for leak in found.leaks if leak.check == "view"]
    assert len(views) == found.leaking == 7 and all(leak.check == "view" for leak in found.leaks)
    # Checked against the referee's own view, the same requests are not what that view gives.
    against_referee = check(log, request_for())
    assert against_referee.leaking == found.requests


def test_a_doctored_request_is_caught_at_its_line(tmp_path: Path) -> None:
    path = match_log(tmp_path / "g.jsonl", Scripted())
    lines = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    at = [i for i, e in enumerate(lines) if e["t"] == "agent_attempt"][3]
    request = json.loads(lines[at]["request"])
    request["messages"][-1]["content"] += "\n(seat 1 chose Mafia)"
    lines[at]["request"] = json.dumps(request, ensure_ascii=False)
    path.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in lines), "utf-8")
    found: Isolation = check(read(path), request_for())
    assert [(leak.line, leak.check) for leak in found.leaks] == [(at + 1, "request")]
    assert found.problems == ()  # the referee's re-run does not read requests: only this check does


@settings(max_examples=40)  # up to 4^7 - 1 states an example
@given(st.integers(0, 10_000), st.integers(0, 63))
def test_the_other_states_are_every_other_assignment_of_the_hidden_choices(seed: int, plies: int) -> None:
    rng = random.Random(seed)
    state = opening = new_game()
    for _ in range(plies):
        state = step(state, state.seat, Choose(rng.choice(CHARACTERS), rng.choice(CHARACTERS)))  # type: ignore[arg-type]
        if not state.turns:
            opening = state
    seat = state.seat
    assert seat is not None
    hidden = len(state.turns)  # the seat to move has not chosen yet: every choice so far is another's
    found = list(alternatives(opening, state, seat))
    choices = {tuple(turn.character for turn in other.turns) for other in found}
    assert len(found) == len(choices) == 4**hidden - 1
    assert tuple(turn.character for turn in state.turns) not in choices
    for other in found:
        assert other.announced == state.announced and other.rounds == state.rounds and other.totals == state.totals
        assert GAME.view(other, seat) == GAME.view(state, seat)
