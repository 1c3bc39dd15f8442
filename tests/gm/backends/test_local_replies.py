"""The in-process llama.cpp backend reads its results like an OpenAI body: no shape crashes.

llama-cpp-python returns the Chat Completions shape as Python objects. Here a stand-in for
`llama_cpp.Llama` returns each shape in turn (the real model's games are in test_local.py),
so every shape goes through the backend's own worker thread, reader and retry loop.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict

from gm.backends.base import CallFailed, Completion, Message, Request, RetryingBackend, RetryPolicy
from gm.backends.local import LocalBackend

FAST = RetryPolicy(attempts=3, timeout_s=0.4, base_delay_s=0.01)
GOOD = {"choices": [{"message": {"role": "assistant", "content": '{"word": "cake"}'},
                     "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 30, "completion_tokens": 7}}


class Word(BaseModel):
    model_config = ConfigDict(extra="forbid")
    word: str


REQUEST = Request(messages=(Message("user", "What was eaten?"),), output=Word, max_tokens=20)


class Llama:
    """Answers `create_chat_completion` from a list: a result, an exception, or seconds to
    sleep before the next entry (a slow generation)."""

    def __init__(self, results: list[object]) -> None:
        self.results = results
        self.calls = 0

    def create_chat_completion(self, **_: Any) -> object:
        self.calls += 1
        result = self.results.pop(0)
        if isinstance(result, float):
            time.sleep(result)
            result = self.results.pop(0)
        if isinstance(result, Exception):
            raise result
        return result

    def close(self) -> None:
        """Nothing to free."""


class Scripted(LocalBackend):
    """The local backend around the stand-in: no GGUF file, no llama.cpp."""

    def __init__(self, llama: Llama) -> None:
        RetryingBackend.__init__(self, "scripted", FAST)
        self._busy = threading.Lock()
        self._llama = llama  # type: ignore[assignment]


def complete(results: list[object]) -> tuple[Completion[Word] | CallFailed, Llama]:
    llama = Llama(results)

    async def run() -> Completion[Word] | CallFailed:
        backend = Scripted(llama)
        try:
            return await backend.complete(REQUEST)
        except CallFailed as failure:
            return failure
        finally:
            await backend.aclose()

    return asyncio.run(run()), llama


@pytest.mark.parametrize("result", [
    None, [], "text", {}, {"choices": None}, {"choices": []}, {"choices": [{}]},
    {"choices": [None]}, {"choices": [{"message": None}]}, {"choices": [{"message": "x"}]},
])
def test_a_broken_result_is_retried(result: object) -> None:
    completion, llama = complete([result, GOOD])
    assert isinstance(completion, Completion) and completion.parsed == Word(word="cake")
    assert completion.exchanges[0].outcome.startswith("malformed body: ")
    assert llama.calls == 2


@pytest.mark.parametrize(("content", "problem"), [
    (123, "a number, not a string"), (["x"], "an array"), (None, "empty"),
    ("\ud800", "lone surrogate"),
])
def test_text_that_is_not_text_is_rejected(content: object, problem: str) -> None:
    result = {"choices": [{"message": {"content": content}, "finish_reason": "stop"}]}
    completion, llama = complete([result])
    assert isinstance(completion, Completion) and completion.parsed is None
    assert completion.problem is not None and problem in completion.problem
    assert llama.calls == 1


def test_missing_usage_and_an_odd_finish_reason_are_no_fault() -> None:
    result = {"choices": [{"message": {"content": '{"word": "cake"}'}, "finish_reason": [1]}]}
    completion, _ = complete([result])
    assert isinstance(completion, Completion) and completion.parsed == Word(word="cake")
    assert (completion.reply.input_tokens, completion.reply.output_tokens) == (0, 0)


def test_a_context_overflow_fails_at_once() -> None:
    failure, llama = complete([ValueError("Requested tokens exceed context window"), GOOD])
    assert isinstance(failure, CallFailed) and "context window" in str(failure)
    assert llama.calls == 1


def test_a_slow_generation_times_out_and_the_retry_waits_for_it() -> None:
    """llama.cpp cannot be interrupted: the retry starts only once the slow call is over,
    never beside it (the model is not thread-safe)."""
    started = time.monotonic()
    completion, llama = complete([0.6, GOOD, GOOD])
    assert isinstance(completion, Completion) and completion.parsed == Word(word="cake")
    assert [e.outcome for e in completion.exchanges] == ["timeout", "ok"]
    assert llama.calls == 2
    assert time.monotonic() - started >= 0.6
