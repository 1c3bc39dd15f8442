"""The disk cache: content-addressed by request and attempt, replayable with no server."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from gm.backends.base import Message, Request, RetryPolicy
from gm.backends.cache import CachedBackend, ResponseCache, cache_key
from gm.backends.openai import OpenAIBackend
from tests.gm.backends.servers import Answer, FaultServer


class Word(BaseModel):
    model_config = ConfigDict(extra="forbid")
    word: str


REQUEST = Request((Message("user", "One word?"),), Word, max_tokens=20, temperature=0.5, seed=1)


def test_the_key_covers_model_messages_parameters_and_attempt() -> None:
    base = cache_key("openai", "m", REQUEST)
    variants = [
        cache_key("anthropic", "m", REQUEST),
        cache_key("openai", "m2", REQUEST),
        cache_key("openai", "m", replace(REQUEST, messages=(Message("user", "Two words?"),))),
        cache_key("openai", "m", replace(REQUEST, temperature=0.0)),
        cache_key("openai", "m", replace(REQUEST, seed=2)),
        cache_key("openai", "m", replace(REQUEST, attempt=1)),
    ]
    assert len({base, *variants}) == 1 + len(variants)
    assert cache_key("openai", "m", REQUEST) == base


def test_a_second_run_is_answered_from_disk(tmp_path: Path) -> None:
    cache = ResponseCache(tmp_path)

    async def run(url: str) -> list[object]:
        backend = CachedBackend(OpenAIBackend("m", RetryPolicy(attempts=1), base_url=url), cache)
        results: list[object] = [await backend.complete(REQUEST), await backend.complete(REQUEST)]
        await backend.aclose()
        return results

    with FaultServer([Answer('{"word": "cake"}', input_tokens=9, output_tokens=3)]) as server:
        first, second = asyncio.run(run(server.openai_url))
    assert len(server.received) == 1
    assert not first.cached and second.cached  # type: ignore[attr-defined]
    assert second.parsed == Word(word="cake")  # type: ignore[attr-defined]
    assert second.reply == first.reply  # type: ignore[attr-defined]
    assert len(list(tmp_path.rglob("*.json"))) == 1


GOOD_REPLY = {"text": '{"word": "cake"}', "finish_reason": "stop", "input_tokens": 9,
              "output_tokens": 3, "refusal": None}


@pytest.mark.parametrize("stored", [
    b"{not json",
    b"\xff\xfe",
    b"[" * 50_000 + b"]" * 50_000,
    json.dumps({"latency_s": 1.0}).encode(),
    json.dumps({"reply": [], "latency_s": 1.0}).encode(),
    json.dumps({"reply": {**GOOD_REPLY, "text": 5}, "latency_s": 1.0}).encode(),
    json.dumps({"reply": {**GOOD_REPLY, "text": None}, "latency_s": 1.0}).encode(),
    json.dumps({"reply": {**GOOD_REPLY, "finish_reason": "maybe"}, "latency_s": 1.0}).encode(),
    json.dumps({"reply": {**GOOD_REPLY, "input_tokens": "9"}, "latency_s": 1.0}).encode(),
    json.dumps({"reply": {**GOOD_REPLY, "text": "\ud800"}, "latency_s": 1.0}).encode(),
    json.dumps({"reply": GOOD_REPLY, "latency_s": "soon"}).encode(),
], ids=lambda stored: repr(stored[:48]))
def test_a_damaged_entry_is_a_miss(tmp_path: Path, stored: bytes) -> None:
    cache = ResponseCache(tmp_path)
    key = cache_key("openai", "m", REQUEST)
    path = tmp_path / key[:2] / f"{key}.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(stored)
    assert cache.load(key) is None
    path.write_text(json.dumps({"reply": GOOD_REPLY, "latency_s": 1.0}))
    hit = cache.load(key)
    assert hit is not None and hit[0].text == GOOD_REPLY["text"]


def test_an_entry_that_cannot_be_read_is_a_miss(tmp_path: Path) -> None:
    cache = ResponseCache(tmp_path)
    key = cache_key("openai", "m", REQUEST)
    (tmp_path / key[:2] / f"{key}.json").mkdir(parents=True)  # a folder where the file goes
    assert cache.load(key) is None
