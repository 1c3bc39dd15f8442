"""Both HTTP providers against loopback servers that inject every fault the issue lists.

Transport faults (timeouts, dropped connections, 429, 5xx, garbled bodies) must be retried
by our own bounded loop; reply problems (empty, refused, cut off, not the schema) must come
back as a Completion with a reason and never be retried at the transport level.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
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
    Raw,
    Received,
    Stall,
    Status,
    Step,
    Trickle,
    anthropic_body,
    openai_body,
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
    provider: str,
    script: list[Step],
    policy: RetryPolicy = FAST,
    deadline_s: float | None = None,
    then: Callable[[Received], Step] | None = None,
) -> tuple[Completion[Word] | CallFailed, FaultServer]:
    """REQUEST against a server answering `script` (then `then`), due within `deadline_s`."""

    async def run(server: FaultServer) -> Completion[Word] | CallFailed:
        model = backend(provider, server, policy)
        due = None if deadline_s is None else time.monotonic() + deadline_s
        try:
            return await model.complete(replace(REQUEST, deadline=due))
        except CallFailed as failure:
            return failure
        finally:
            await model.aclose()

    with FaultServer(script, then=then) as server:
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
    (Answer("[" * 50_000), "not the requested JSON"),
    (Answer('{"word": ' + "9" * 5_000 + "}"), "not the requested JSON"),
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


def _good_openai(**change: Any) -> dict[str, Any]:
    """The body of GOOD in the OpenAI format, with `change` applied to choices[0].message."""
    body = openai_body(GOOD)
    body["choices"][0]["message"].update(change)
    return body


DEEP = b"[" * 50_000 + b"]" * 50_000
HUGE = b'{"choices": ' + b"7" * 5_000 + b"}"

# Reply shapes the wire format does not admit, per provider: the envelope is broken (a
# transport fault, retried), or the model's text is not text (a rejected reply).
OPENAI_ENVELOPES: tuple[object, ...] = (
    [], "choices", 123, None, {}, {"choices": None}, {"choices": {}}, {"choices": []},
    {"choices": [{}]}, {"choices": [None]}, {"choices": ["x"]},
    {"choices": [{"message": None}]}, {"choices": [{"message": "hi"}]},
)
ANTHROPIC_ENVELOPES: tuple[object, ...] = (
    [], "content", None, {}, {"type": "error", "error": {"message": "overloaded"}},
    {"content": None}, {"content": "text"}, {"content": [5]}, {"content": [None]},
)
UNREADABLE = [DEEP, HUGE, b"\xff\xfe{}", b""]
ENVELOPES: dict[str, list[bytes]] = {
    "openai": [*(json.dumps(v).encode() for v in OPENAI_ENVELOPES), *UNREADABLE],
    "anthropic": [*(json.dumps(v).encode() for v in ANTHROPIC_ENVELOPES), *UNREADABLE],
}


@pytest.mark.parametrize(
    ("provider", "body"),
    [(provider, body) for provider, bodies in ENVELOPES.items() for body in bodies],
    ids=[f"{p}-{b[:40]!r}" for p, bodies in ENVELOPES.items() for b in bodies],
)
def test_a_broken_envelope_is_a_transport_fault_retried(provider: str, body: bytes) -> None:
    completion, server = complete(provider, [Raw(body), GOOD])
    assert isinstance(completion, Completion)
    assert completion.parsed == Word(word="cake")
    first, ok = (e.outcome for e in completion.exchanges)
    assert first.startswith("malformed body: ") and ok == "ok"
    assert len(server.received) == 2


def _anthropic_text(*blocks: object) -> dict[str, Any]:
    return {**anthropic_body(GOOD), "content": list(blocks)}


NOT_TEXT: list[tuple[str, dict[str, Any], str]] = [
    ("openai", _good_openai(content=123), "a number, not a string"),
    ("openai", _good_openai(content=["cake"]), "an array, not a string"),
    ("openai", _good_openai(content={"word": "cake"}), "an object, not a string"),
    ("openai", _good_openai(content=True), "a boolean, not a string"),
    ("openai", _good_openai(content=None), "empty"),
    ("openai", _good_openai(content='{"word": "\ud800"}'), "lone surrogate"),
    ("openai", _good_openai(content=None, refusal=123), "refused"),
    ("openai", _good_openai(content=None, refusal="\ud800 no"), "refused"),
    ("anthropic", _anthropic_text({"type": "text", "text": 123}), "a number, not a string"),
    ("anthropic", _anthropic_text({"type": "text", "text": None}), "empty"),
    ("anthropic", _anthropic_text({"type": "text"}), "empty"),
    ("anthropic", _anthropic_text(), "empty"),
    ("anthropic", _anthropic_text({"type": "text", "text": '{"word": "\ud800"}'}),
     "lone surrogate"),
]


@pytest.mark.parametrize(("provider", "body", "problem"), NOT_TEXT,
                         ids=[f"{p}-{why}" for p, _, why in NOT_TEXT])
def test_a_reply_whose_text_is_not_text_is_rejected_with_the_reason(
    provider: str, body: dict[str, Any], problem: str
) -> None:
    completion, server = complete(provider, [Raw.json(body), GOOD])
    assert isinstance(completion, Completion)
    assert completion.parsed is None
    assert completion.problem is not None and problem in completion.problem
    assert [e.outcome for e in completion.exchanges] == ["ok"]
    assert len(server.received) == 1
    json.dumps(completion.text, ensure_ascii=False).encode()  # fit for the event log


def _openai_usage(usage: object, finish: object = "stop") -> dict[str, Any]:
    body = openai_body(GOOD)
    body["choices"][0]["finish_reason"] = finish
    return {**body, "usage": usage} if usage != "absent" else {
        k: v for k, v in body.items() if k != "usage"}


def _anthropic_usage(usage: object, stop: object = "end_turn") -> dict[str, Any]:
    body = {**anthropic_body(GOOD), "stop_reason": stop}
    return {**body, "usage": usage} if usage != "absent" else {
        k: v for k, v in body.items() if k != "usage"}


ODD_ACCOUNTING: list[tuple[str, dict[str, Any]]] = [
    ("openai", _openai_usage("absent")),
    ("openai", _openai_usage(None)),
    ("openai", _openai_usage("lots")),
    ("openai", _openai_usage({"prompt_tokens": "30", "completion_tokens": -7})),
    ("openai", _openai_usage({"prompt_tokens": True, "completion_tokens": 1.5}, ["stop"])),
    ("openai", _openai_usage({}, None)),
    ("anthropic", _anthropic_usage("absent")),
    ("anthropic", _anthropic_usage(None, None)),
    ("anthropic", _anthropic_usage({"input_tokens": "30", "output_tokens": None}, ["x"])),
    ("anthropic", {**anthropic_body(GOOD), "content": [
        {"type": "thinking", "thinking": "hm"}, {"type": "text", "text": '{"word": "cake"}'}]}),
]


@pytest.mark.parametrize(("provider", "body"), ODD_ACCOUNTING,
                         ids=[f"{p}-{i}" for i, (p, _) in enumerate(ODD_ACCOUNTING)])
def test_missing_or_odd_accounting_is_counted_as_nothing_not_a_fault(
    provider: str, body: dict[str, Any]
) -> None:
    completion, server = complete(provider, [Raw.json(body)])
    assert isinstance(completion, Completion)
    assert completion.parsed == Word(word="cake") and completion.problem is None
    assert isinstance(completion.reply.input_tokens, int)
    assert isinstance(completion.reply.output_tokens, int)
    assert len(server.received) == 1


@pytest.mark.parametrize("provider", PROVIDERS)
def test_the_timeout_bounds_a_trickled_body_as_a_whole(provider: str) -> None:
    """Ten pieces 0.2 s apart: each read is within the 0.5 s timeout, the body is not."""
    started = time.monotonic()
    completion, server = complete(provider, [Trickle(GOOD, chunks=10, interval_s=0.2), GOOD])
    assert isinstance(completion, Completion) and completion.parsed == Word(word="cake")
    timed_out, ok = completion.exchanges
    assert (timed_out.outcome, ok.outcome) == ("timeout", "ok")
    assert timed_out.latency_s < FAST.timeout_s + 0.3
    assert len(server.received) == 2
    assert time.monotonic() - started < 1.8


def _stalled(_: Received) -> Step:
    return Stall(30.0)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_the_deadline_bounds_the_whole_call_and_every_exchange_is_kept(provider: str) -> None:
    """A server that stalls on every request: 0.5 s timeouts, retried, until the deadline."""
    policy = RetryPolicy(attempts=10, timeout_s=0.5, base_delay_s=0.01)
    started = time.monotonic()
    failure, server = complete(provider, [], policy, deadline_s=1.3, then=_stalled)
    elapsed = time.monotonic() - started
    received = len(server.received)
    assert isinstance(failure, CallFailed)
    assert elapsed < 2.0
    assert "deadline" in str(failure)
    outcomes = [e.outcome for e in failure.exchanges]
    assert outcomes[-1] == "deadline" and set(outcomes[:-1]) == {"timeout"}
    assert len(outcomes) == received
    assert 1.2 < failure.latency_s < 2.0


@pytest.mark.parametrize("provider", PROVIDERS)
def test_no_backoff_outlasts_the_deadline(provider: str) -> None:
    policy = RetryPolicy(attempts=4, timeout_s=0.5, base_delay_s=5.0)
    started = time.monotonic()
    failure, server = complete(provider, [Status(500)] * 4, policy, deadline_s=1.0)
    assert isinstance(failure, CallFailed)
    assert time.monotonic() - started < 0.9
    assert [e.outcome for e in failure.exchanges] == ["http 500"] and len(server.received) == 1
    assert "deadline" in str(failure)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_call_that_gives_up_keeps_every_exchange(provider: str) -> None:
    failure, server = complete(provider, [Status(429, "0"), Raw(b"[]"), Status(503)])
    assert isinstance(failure, CallFailed)
    assert [e.outcome for e in failure.exchanges] == [
        "http 429", "malformed body: the body is an array, not an object", "http 503"]
    assert len(server.received) == 3 and failure.latency_s > 0
