"""The disk cache: content-addressed by request and attempt, replayable with no server."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

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


def test_a_damaged_entry_is_a_miss(tmp_path: Path) -> None:
    cache = ResponseCache(tmp_path)
    key = cache_key("openai", "m", REQUEST)
    path = tmp_path / key[:2] / f"{key}.json"
    path.parent.mkdir(parents=True)
    path.write_text("{not json")
    assert cache.load(key) is None
