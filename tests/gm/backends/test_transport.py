"""Both HTTP providers against loopback servers that inject every fault the issue lists.

Transport faults (timeouts, dropped connections, 429, 5xx, garbled bodies) must be retried
by our own bounded loop; reply problems (empty, refused, cut off, not the schema) must come
back as a Completion with a reason and never be retried at the transport level.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict

from gm.backends.anthropic import AnthropicBackend
from gm.backends.base import CallFailed, Completion, Message, Request, RetryingBackend, RetryPolicy
from gm.backends.openai import OpenAIBackend
from tests.gm.backends.servers import (
    ANTHROPIC_PATH,
    OPENAI_PATH,
    Answer,
    Drop,
    FaultServer,
    Garbled,
    Stall,
    Status,
    Step,
    refusal,
    too_long,
)

PROVIDERS = ("openai", "anthropic")
FAST = RetryPolicy(attempts=3, timeout_s=0.5, base_delay_s=0.01, max_delay_s=5.0)
GOOD = Answer('{"word": "cake"}', input_tokens=30, output_tokens=7)


class Word(BaseModel):
    model_config = ConfigDict(extra="forbid")
    word: str


REQUEST = Request(
    messages=(Message("system", "Answer with one word."), Message("user", "What was eaten?")),
    output=Word,
    max_tokens=50,
    temperature=0.0,
    seed=7,
)


@pytest.fixture(autouse=True)
def keys(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    yield


def backend(provider: str, server: FaultServer, policy: RetryPolicy = FAST) -> RetryingBackend:
    if provider == "openai":
        return OpenAIBackend("scripted", policy, base_url=server.openai_url)
    return AnthropicBackend("scripted", policy, base_url=server.origin)


def complete(
    provider: str, script: list[Step], policy: RetryPolicy = FAST
) -> tuple[Completion[Word] | CallFailed, FaultServer]:
    async def run(server: FaultServer) -> Completion[Word] | CallFailed:
        model = backend(provider, server, policy)
        try:
            return await model.complete(REQUEST)
        except CallFailed as failure:
            return failure
        finally:
            await model.aclose()

    with FaultServer(script) as server:
        return asyncio.run(run(server)), server


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_good_reply_is_parsed_with_its_tokens(provider: str) -> None:
    completion, server = complete(provider, [GOOD])
    assert isinstance(completion, Completion)
    assert completion.parsed == Word(word="cake")
    assert completion.problem is None
    assert (completion.reply.input_tokens, completion.reply.output_tokens) == (30, 7)
    assert [e.outcome for e in completion.exchanges] == ["ok"]
    assert completion.latency_s > 0
    assert len(server.received) == 1


def test_openai_request_carries_the_schema_and_parameters() -> None:
    _, server = complete("openai", [GOOD])
    sent = server.received[0]
    assert sent.path == OPENAI_PATH
    assert sent.body["response_format"]["json_schema"]["schema"] == Word.model_json_schema()
    assert sent.body["response_format"]["json_schema"]["strict"] is True
    # A compatible server (base URL given) gets max_tokens, which such servers understand.
    assert (sent.body["max_tokens"], sent.body["temperature"], sent.body["seed"]) == (50, 0.0, 7)
    assert [m["role"] for m in sent.body["messages"]] == ["system", "user"]


def test_anthropic_request_moves_system_out_and_carries_the_schema() -> None:
    _, server = complete("anthropic", [GOOD])
    sent = server.received[0]
    assert sent.path == ANTHROPIC_PATH
    assert sent.body["system"] == "Answer with one word."
    assert sent.body["messages"] == [{"role": "user", "content": "What was eaten?"}]
    assert sent.body["output_config"]["format"]["schema"] == Word.model_json_schema()
    assert sent.body["max_tokens"] == 50


TRANSIENT: list[tuple[Step, str]] = [
    (Status(429, "0"), "http 429"),
    (Status(500), "http 500"),
    (Status(503), "http 503"),
    (Drop(), "connection error"),
    (Stall(3.0), "timeout"),
    (Garbled(), "malformed body: not JSON"),
]


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize(("fault", "outcome"), TRANSIENT, ids=[o for _, o in TRANSIENT])
def test_a_transient_fault_is_retried_once_and_recorded(
    provider: str, fault: Step, outcome: str
) -> None:
    completion, server = complete(provider, [fault, GOOD])
    assert isinstance(completion, Completion)
    assert completion.parsed == Word(word="cake")
    assert [e.outcome for e in completion.exchanges] == [outcome, "ok"]
    assert len(server.received) == 2


@pytest.mark.parametrize("provider", PROVIDERS)
def test_retry_after_is_honoured(provider: str) -> None:
    completion, server = complete(provider, [Status(429, "1"), GOOD])
    assert isinstance(completion, Completion)
    assert completion.exchanges[0].retry_after_s == 1.0
    first, second = server.received
    assert second.at - first.at >= 1.0


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_retry_after_beyond_the_cap_is_not_waited_for(provider: str) -> None:
    failure, server = complete(provider, [Status(429, "600"), GOOD])
    assert isinstance(failure, CallFailed)
    assert [e.outcome for e in failure.exchanges] == ["http 429"]
    assert len(server.received) == 1


@pytest.mark.parametrize("provider", PROVIDERS)
def test_transport_retries_are_bounded(provider: str) -> None:
    failure, server = complete(provider, [Status(503)] * 5)
    assert isinstance(failure, CallFailed)
    assert "3 time(s)" in str(failure)
    assert [e.outcome for e in failure.exchanges] == ["http 503"] * 3
    assert len(server.received) == FAST.attempts


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_permanent_error_is_not_retried(provider: str) -> None:
    failure, server = complete(provider, [Status(401), GOOD])
    assert isinstance(failure, CallFailed)
    assert "401" in str(failure)
    assert len(server.received) == 1


PROBLEMS: list[tuple[Step, str]] = [
    (Answer(""), "empty"),
    (refusal(), "refused"),
    (too_long(), "cut off"),
    (Answer("{the word is cake"), "not the requested JSON"),
    (Answer('{"word": 3}'), "not the requested JSON"),
    (Answer('{"word": "cake", "liar": "B"}'), "not the requested JSON"),
]


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize(("reply", "problem"), PROBLEMS, ids=[p for _, p in PROBLEMS])
def test_a_bad_reply_comes_back_with_its_problem_and_no_transport_retry(
    provider: str, reply: Step, problem: str
) -> None:
    completion, server = complete(provider, [reply, GOOD])
    assert isinstance(completion, Completion)
    assert completion.parsed is None
    assert completion.problem is not None and problem in completion.problem
    assert len(server.received) == 1


def test_backoff_doubles_and_is_capped() -> None:
    policy = RetryPolicy(attempts=10, base_delay_s=0.5, max_delay_s=3.0)
    assert [policy.delay(n, None) for n in range(1, 6)] == [0.5, 1.0, 2.0, 3.0, 3.0]
    assert policy.delay(1, 2.5) == 2.5
    assert policy.delay(1, 4.0) is None
    assert policy.delay(10, None) is None


def test_sdk_retries_are_off_so_counts_are_ours() -> None:
    with FaultServer([]) as server:
        clients: list[Any] = [
            OpenAIBackend("m", FAST, base_url=server.openai_url)._client,
            AnthropicBackend("m", FAST, base_url=server.origin)._client,
        ]
    assert [client.max_retries for client in clients] == [0, 0]


@pytest.mark.parametrize("status", [400, 422, 500])
def test_a_server_without_json_schema_gets_json_object_with_the_schema(status: int) -> None:
    message = "response_format.type: Input should be 'text' or 'json_object'"
    refused = Status(status, message=message)
    completion, server = complete("openai", [refused, GOOD])
    assert isinstance(completion, Completion) and completion.parsed == Word(word="cake")
    first, second = (r.body["response_format"] for r in server.received)
    assert first["type"] == "json_schema"
    assert second == {"type": "json_object", "schema": Word.model_json_schema()}


def test_other_client_errors_keep_the_json_schema_format() -> None:
    failure, server = complete("openai", [Status(400, message="response_format: bad schema"), GOOD])
    assert isinstance(failure, CallFailed)
    assert len(server.received) == 1
