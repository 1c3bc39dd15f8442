"""A disk cache of model replies, so replays and evals can rerun a game without the model.

Content-addressed: one JSON file per reply under `$REFGM_HOME/cache` (see
`gm.recorder.home`), named by the SHA-256 of (provider, model, messages, parameters, output
schema, attempt). The attempt number is in the key because a validation retry may send
the same messages again and must not be answered with the reply that was just rejected.
Opt-in for play; a hit costs no tokens and is marked `cached`.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from gm.backends.base import Backend, Completion, Reply, Request, T, messages_json
from gm.recorder import home


@dataclass(frozen=True)
class _Entry:
    """One cache file as `ResponseCache.store` writes it."""

    reply: Reply
    latency_s: float
    stored: float = 0.0


_ENTRY = TypeAdapter(_Entry)


def default_root() -> Path:
    """`$REFGM_HOME/cache`: beside the recorded games."""
    return home() / "cache"


def cache_key(provider: str, model: str, request: Request[Any]) -> str:
    """The SHA-256 that names a request's reply, stable across runs and machines."""
    identity = {
        "provider": provider,
        "model": model,
        "messages": messages_json(request.messages),
        "params": request.params(),
        "schema": request.schema(),
        "attempt": request.attempt,
    }
    canonical = json.dumps(identity, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


class ResponseCache:
    """Replies on disk, one file per key, written atomically (write, then rename)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root or default_root()

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def load(self, key: str) -> tuple[Reply, float] | None:
        """The stored reply and the latency it had when it was made, or None on a miss.

        A damaged entry is a miss (the next store replaces it): unreadable, not JSON, or a
        reply whose fields are not strictly of their types, so no stored shape can reach
        the parser that a live reply could not.
        """
        try:
            entry = _ENTRY.validate_json(self._path(key).read_bytes(), strict=True)
        except (OSError, ValueError):  # ValueError: pydantic's ValidationError
            return None
        return entry.reply, entry.latency_s

    def store(self, key: str, reply: Reply, latency_s: float) -> None:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        record = {"reply": asdict(reply), "latency_s": latency_s, "stored": time.time()}
        partial = path.with_suffix(f".{os.getpid()}.part")
        partial.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
        partial.replace(path)


class CachedBackend:
    """A backend that answers from the cache when it can and stores what it fetches."""

    def __init__(self, inner: Backend, cache: ResponseCache) -> None:
        self.inner = inner
        self.cache = cache
        self.provider = inner.provider
        self.model = inner.model

    async def complete(self, request: Request[T]) -> Completion[T]:
        key = cache_key(self.provider, self.model, request)
        hit = self.cache.load(key)
        if hit is not None:
            reply, latency_s = hit
            return Completion.read(request, reply, latency_s, cached=True)
        completion = await self.inner.complete(request)
        self.cache.store(key, completion.reply, completion.latency_s)
        return completion

    async def aclose(self) -> None:
        await self.inner.aclose()
