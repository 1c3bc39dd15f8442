"""Harness evals count the second reader's calls and tokens apart from the actor's.

The model is a loopback server speaking the OpenAI wire format (tests/gm/backends/servers.py):
reading requests and voicing requests are answered with different token counts, so each
count can be traced to its calls.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from evals.modes import GameSpec, Played, play_harness
from evals.runner import result_json
from gm.actors.model import ModelActor
from gm.backends.base import RetryPolicy
from gm.backends.openai import OpenAIBackend
from tests.gm.backends.servers import Answer, FaultServer, Received, Step

FAST = RetryPolicy(attempts=1, timeout_s=2.0)
MODEL = "openai:scripted"


def is_reading(request: Received) -> bool:
    return "ReadQuery" in json.dumps(request.body)


def respond(request: Received) -> Step:
    """No usable reading (the parser's intent stands) and no usable line (the templates are
    shown), each with its own token counts."""
    if is_reading(request):
        return Answer("{oops", input_tokens=100, output_tokens=10)
    return Answer("{oops", input_tokens=21, output_tokens=8)


def harness(reads: bool) -> tuple[Played, list[Received]]:
    spec = GameSpec(MODEL, "harness", "en", "optimal", seed=3)

    async def run(server: FaultServer) -> Played:
        actor = ModelActor(OpenAIBackend("scripted", FAST, base_url=server.openai_url),
                           key=b"9", reads=reads)
        try:
            return await play_harness(spec, actor)
        finally:
            await actor.aclose()

    with FaultServer([], lifetime_s=60.0, then=respond) as server:
        return asyncio.run(run(server)), server.received


def test_the_readers_calls_and_tokens_are_counted_apart_from_the_actors() -> None:
    played, received = harness(reads=True)
    readings = sum(map(is_reading, received))
    usage = played.usage
    assert readings > 0 and usage.reader_calls == readings
    assert usage.calls == len(received) - readings > 0
    assert (usage.reader_tokens_in, usage.reader_tokens_out) == (100 * readings, 10 * readings)
    assert (usage.tokens_in, usage.tokens_out) == (21 * usage.calls, 8 * usage.calls)
    line = result_json(played, {MODEL: (1.0, 2.0)}, None)
    assert line["reader_calls"] == readings and line["model_calls"] == usage.calls
    assert (line["reader_tokens_in"], line["reader_tokens_out"]) == (100 * readings, 10 * readings)
    spent = (21 * usage.calls + 100 * readings) + 2 * (8 * usage.calls + 10 * readings)
    assert line["cost_usd"] == pytest.approx(spent / 1e6)


def test_reader_parser_makes_no_reading_call_in_an_eval() -> None:
    played, received = harness(reads=False)
    assert not any(map(is_reading, received))
    assert played.usage.reader_calls == played.usage.reader_tokens_in == 0
    assert played.usage.calls == len(received) > 0
