"""The narrator's opening claims nothing about the secret; its ending is true to the reveal."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable

import pytest

from gm.actors.narration import MAX_ATTEMPTS, Narration
from gm.actors.narrator import (
    check_ending,
    check_narration,
    check_opening,
    narrate_ending,
    narrate_opening,
)
from gm.backends.base import Backend, RetryPolicy
from gm.backends.openai import OpenAIBackend
from referee.lang import Context
from referee.lang.incident import Lang, incident
from referee.liar.world import World
from tests.gm.backends.servers import Answer, FaultServer, Stall, Status, Step

SECRET = World(culprit="A", liar="C")
KEY = b"narration key"
FAST = RetryPolicy(attempts=1, timeout_s=2.0)


def ctx(lang: Lang = "en") -> Context:
    return Context(lang=lang, incident=incident("cake"))


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "The kitchen is quiet. Rain taps on the window."),
        ("ko", "부엌은 조용하다."),
        ("ja", "台所は静かだ。"),
    ],
)
def test_an_opening_of_pure_mood_passes(lang: Lang, text: str) -> None:
    assert check_opening(text, ctx(lang)) == ()


@pytest.mark.parametrize(
    "text",
    [
        "The kitchen is quiet. A ate the cake.",
        "Someone ate the last cake.",
        "The clock strikes 7.",
        "C is not to be trusted. C is the liar.",
    ],
)
def test_an_opening_that_claims_or_hints_is_rejected(text: str) -> None:
    assert check_opening(text, ctx())


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "A ate the cake. C was the liar all along."),
        ("en", "B was honest from the start, and the plate is empty."),
        ("ko", "A가 케이크를 먹었고, C가 거짓말쟁이였다."),
        ("ja", "Aがケーキを食べた。Cが嘘つきだった。"),
    ],
)
def test_an_ending_true_to_the_reveal_passes(lang: Lang, text: str) -> None:
    assert check_ending(text, ctx(lang), SECRET) == ()


@pytest.mark.parametrize(
    "text",
    ["B ate the cake.", "A was the liar.", "I ate the cake.", "C was honest."],
)
def test_an_ending_that_contradicts_the_reveal_is_rejected(text: str) -> None:
    reasons = check_ending(text, ctx(), SECRET)
    assert reasons and "contradicts" in reasons[0]


def narrate(steps: list[Step], tell: Callable[[Backend], Awaitable[Narration]]) -> tuple[Narration, FaultServer]:
    async def run(server: FaultServer) -> Narration:
        backend = OpenAIBackend("scripted", FAST, base_url=server.openai_url)
        try:
            return await tell(backend)
        finally:
            await backend.aclose()

    with FaultServer(steps) as server:
        return asyncio.run(run(server)), server


def text(value: str) -> Answer:
    return Answer(json.dumps({"text": value}))


def test_a_rejected_opening_is_asked_again_with_reasons_and_then_shown() -> None:
    story, server = narrate(
        [text("A ate the cake."), text("The kitchen is quiet.")],
        lambda backend: narrate_opening(backend, ctx(), KEY),
    )
    assert story.text == "The kitchen is quiet."
    first, second = story.attempts
    assert not first.accepted and second.accepted
    retry = server.received[1].body["messages"][0]["content"]
    assert first.reasons[0] in retry
    assert "A ate the cake" not in retry


def test_an_ending_rejected_every_time_is_dropped() -> None:
    story, server = narrate(
        [text("B ate the cake.")] * MAX_ATTEMPTS,
        lambda backend: narrate_ending(backend, ctx(), SECRET, "won", KEY),
    )
    assert story.text is None
    assert len(story.attempts) == len(server.received) == MAX_ATTEMPTS
    assert "A ate the cake" in server.received[0].body["messages"][0]["content"]


def test_a_failing_backend_drops_the_narration_without_failing() -> None:
    down: list[Step] = [Status(503)] * MAX_ATTEMPTS
    story, server = narrate(down, lambda backend: narrate_opening(backend, ctx(), KEY))
    assert story.text is None
    assert all("503" in attempt.reasons[0] for attempt in story.attempts)
    # Each try that the backend gave up on still records its exchanges.
    assert [e.outcome for a in story.attempts for e in a.transport] == ["http 503"] * MAX_ATTEMPTS
    assert len(server.received) == MAX_ATTEMPTS


def test_no_narration_is_asked_once_the_deadline_has_passed() -> None:
    """A server that stalls: the first try is cut at the deadline, no other is made."""
    started = time.monotonic()
    story, server = narrate(
        [Stall(10.0)] * MAX_ATTEMPTS,
        lambda backend: narrate_opening(backend, ctx(), KEY, deadline=time.monotonic() + 0.5),
    )
    assert time.monotonic() - started < 1.5
    assert story.text is None
    (attempt,) = story.attempts
    assert "deadline" in attempt.reasons[0]
    assert [e.outcome for e in attempt.transport] == ["deadline"]
    assert len(server.received) == 1


def test_a_narration_is_checked_and_shown_in_its_displayable_form() -> None:
    """Escapes cannot hide a claim from the check: the cleaned text is what is read and shown."""
    hidden = "The kitchen is quiet.\x1b[8m A ate the cake.\x1b[0m"
    story, _ = narrate(
        [text(hidden), text("The kitchen\u200b is quiet.\r\x1b[K")],
        lambda backend: narrate_opening(backend, ctx(), KEY),
    )
    first, second = story.attempts
    assert first.text == "The kitchen is quiet. A ate the cake." and not first.accepted
    assert story.text == second.text == "The kitchen is quiet."


def test_a_narration_too_long_to_show_is_rejected() -> None:
    reasons = check_narration("opening", ("The kitchen is quiet. " * 60).strip(), ctx())
    assert reasons and "at most 1200" in reasons[0]
