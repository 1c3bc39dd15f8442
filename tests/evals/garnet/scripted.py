"""Scripted Garnet Thief players on 127.0.0.1 (the OpenAI wire format): each reads its seat's view
from the request and answers as its script says, so every count of a game is known."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from evals.runner import RESULTS
from refgm.cli import main
from tests.gm.backends.servers import Answer, FaultServer, Received, Step

PLAYERS = ["eval", "--game", "garnet", "--lang", "en", "--quiet"]


def view_of(request: Received) -> dict[str, Any]:
    """The seat's view the agent was shown: the JSON object in its question."""
    for line in request.body["messages"][-1]["content"].splitlines():
        if line.startswith('{"seat"'):
            view: dict[str, Any] = json.loads(line)
            return view
    raise AssertionError("no view in the request")


def retried(request: Received) -> bool:
    return "was not played" in request.body["messages"][-1]["content"]


def says(choice: str, announcement: str) -> Answer:
    return Answer(json.dumps({"choice": choice, "announcement": announcement}))


def designating(request: Received) -> Answer | None:
    """The designation, when the view asks the model's seat for it: the last of the tied."""
    view = view_of(request)
    if view["designator"] != view["seat"]:
        return None
    return Answer(json.dumps({"designate": view["last_places"][-1]}))


def honest(request: Received) -> Step:
    """Police, said as it is."""
    return designating(request) or says("Police", "I'm Police.")


def bluffer(request: Received) -> Step:
    """Mafia, said to be Police."""
    return designating(request) or says("Mafia", "I am the police.")


def stubborn(request: Received) -> Step:
    """First an announcement the referee cannot read as one character (a question), then Beggar
    told truly: one retry a decision."""
    if not retried(request):
        return says("Police", "Am I the police?")
    return designating(request) or says("Beggar", "Beggar.")


def babbling(_: Received) -> Step:
    return Answer("I would rather not say", input_tokens=50, output_tokens=5)


def play(run: Path, script: Callable[[Received], Step], monkeypatch: pytest.MonkeyPatch, *argv: str) -> int:
    with FaultServer([], lifetime_s=300.0, then=script) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.openai_url)
        return main([*PLAYERS, "--model", "openai:scripted", *argv, "--out", str(run)])


def rows(run: Path, mode: str | None = None) -> list[dict[str, Any]]:
    found = [json.loads(line) for line in (run / RESULTS).read_text(encoding="utf-8").splitlines()]
    return [row for row in found if mode is None or row["mode"] == mode]


def events(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
