"""The one async interface every model backend implements, and the transport retries they share.

A backend turns a `Request` (messages, the pydantic model the reply must fit, sampling
parameters) into a `Completion` (raw text, the parsed object or the reason there is none,
tokens, latency, every transport exchange). Two kinds of retry are kept apart on purpose:

- transport retries (timeouts, dropped connections, 429, 5xx, a garbled HTTP body) live
  here, in `RetryingBackend.complete`, with bounded exponential backoff that honours
  Retry-After; the SDKs' own retries are switched off so these counts are the real ones;
- validation retries (the reply arrived but says the wrong thing) live in the actor.

A reply that arrives but is empty, refused, cut off or not the requested JSON is not a
transport fault: it comes back as a Completion with `parsed` None and a `problem`, so the
actor can ask again with that reason.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import time
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

Role = Literal["system", "user", "assistant"]
FinishReason = Literal["stop", "length", "refusal", "other"]
T = TypeVar("T", bound=BaseModel)


class BackendError(ValueError):
    """A backend that cannot be used, or a call that could not be completed."""


class UnknownProviderError(BackendError):
    """A `--model` value whose provider is not one refgm knows."""


class MissingExtraError(BackendError):
    """The provider's Python package is not installed (an optional extra)."""


class MissingKeyError(BackendError):
    """The provider needs an API key and none is set in the environment."""


class ModelNotFoundError(BackendError):
    """A local model file that does not exist."""


class CallFailed(BackendError):
    """A call that failed for good: a permanent HTTP error, or every transport attempt failed.

    `exchanges` lists each attempt so the failure can still be logged.
    """

    def __init__(self, message: str, exchanges: tuple[Exchange, ...] = ()) -> None:
        super().__init__(message)
        self.exchanges = exchanges


class TransientFault(Exception):
    """Raised by a provider's `_send` for a fault worth retrying (never leaves this package)."""

    def __init__(self, outcome: str, retry_after_s: float | None = None) -> None:
        super().__init__(outcome)
        self.outcome = outcome
        self.retry_after_s = retry_after_s


@dataclass(frozen=True)
class Message:
    role: Role
    content: str


@dataclass(frozen=True)
class Request(Generic[T]):
    """One model call.

    `output` is the pydantic model the reply must be; its JSON schema is sent as the
    structured-output format. `attempt` is which validation attempt of a turn this is: it
    is never sent, but it is part of the cache key, so a retry gets its own cache entry.
    """

    messages: tuple[Message, ...]
    output: type[T]
    max_tokens: int = 400
    temperature: float = 0.7
    seed: int | None = None
    attempt: int = 0

    def schema(self) -> dict[str, Any]:
        return self.output.model_json_schema()

    def params(self) -> dict[str, Any]:
        """The sampling parameters, as recorded in the event log and the cache key."""
        return {"max_tokens": self.max_tokens, "temperature": self.temperature, "seed": self.seed}


@dataclass(frozen=True)
class Exchange:
    """One transport attempt: `ok`, or the fault (`timeout`, `http 429`, ...) and its latency."""

    outcome: str
    latency_s: float
    retry_after_s: float | None = None


@dataclass(frozen=True)
class Reply:
    """What one successful exchange carried, before the text is parsed."""

    text: str
    finish_reason: FinishReason
    input_tokens: int
    output_tokens: int
    refusal: str | None = None


@dataclass(frozen=True)
class Completion(Generic[T]):
    """A reply with its cost. `parsed` is None exactly when `problem` says why."""

    reply: Reply
    parsed: T | None
    problem: str | None
    latency_s: float
    exchanges: tuple[Exchange, ...] = ()
    cached: bool = False

    @classmethod
    def read(
        cls,
        request: Request[T],
        reply: Reply,
        latency_s: float,
        exchanges: tuple[Exchange, ...] = (),
        cached: bool = False,
    ) -> Completion[T]:
        """Parse a reply's text into the requested model, or name what is wrong with it."""
        parsed, problem = _parse(request.output, reply)
        return cls(reply, parsed, problem, latency_s, exchanges, cached)

    @property
    def text(self) -> str:
        return self.reply.text


def _parse(output: type[T], reply: Reply) -> tuple[T | None, str | None]:
    if reply.finish_reason == "refusal":
        detail = (reply.refusal or reply.text).strip()
        return None, f"the model refused: {detail}" if detail else "the model refused"
    if not reply.text.strip():
        return None, "the reply was empty"
    if reply.finish_reason == "length":
        return None, "the reply was cut off at the token limit: answer more briefly"
    try:
        return output.model_validate_json(reply.text), None
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "the reply"
        return None, f"the reply is not the requested JSON ({where}: {first['msg']})"


class Backend(Protocol):
    """What the actor needs from a model: one async call, and a way to let go of it."""

    provider: str
    model: str

    async def complete(self, request: Request[T]) -> Completion[T]: ...

    async def aclose(self) -> None: ...


@dataclass(frozen=True)
class RetryPolicy:
    """Bounded transport retries: `attempts` in all, exponential backoff, Retry-After honoured.

    A server asking to wait longer than `max_delay_s` is not waited for: the call fails and
    the actor falls back, rather than freezing the game.
    """

    attempts: int = 4
    timeout_s: float = 60.0
    base_delay_s: float = 0.5
    max_delay_s: float = 20.0

    def delay(self, failures: int, retry_after_s: float | None) -> float | None:
        """Seconds to wait after the `failures`-th failure, or None to give up."""
        if failures >= self.attempts:
            return None
        if retry_after_s is not None and retry_after_s > self.max_delay_s:
            return None
        backoff = min(self.max_delay_s, self.base_delay_s * 2 ** (failures - 1))
        return max(backoff, retry_after_s or 0.0)


def retry_after(headers: Mapping[str, str]) -> float | None:
    """Seconds a server asked us to wait (`retry-after-ms` or `retry-after` in seconds)."""
    for name, scale in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):
        value = headers.get(name)
        if value is None:
            continue
        try:
            return max(0.0, float(value) / scale)
        except ValueError:
            continue  # an HTTP date: fall back to our own backoff
    return None


def install_command(extra: str) -> str:
    """What installs an optional extra, exactly as the README gives it (in a clone of refgm)."""
    return f"pip install '.[{extra}]'"


def import_sdk(provider: str) -> Any:
    """The provider's SDK module (`openai`, `anthropic`), or MissingExtraError saying what installs it."""
    try:
        return importlib.import_module(provider)
    except ImportError:
        raise MissingExtraError(
            f"{provider}: the {provider} package is missing; install it with {install_command('models')}"
        ) from None


def sdk_fault(provider: str, sdk: Any, error: Exception) -> Exception:
    """What an exception from the openai or anthropic SDK means for the retry loop.

    Both SDKs share one exception hierarchy (timeout, connection, HTTP status, a body that
    does not validate), so one mapping serves both: the caller raises what this returns.
    """
    if isinstance(error, sdk.APITimeoutError):
        return TransientFault("timeout")
    if isinstance(error, sdk.APIConnectionError):
        return TransientFault("connection error")
    if isinstance(error, sdk.APIStatusError):
        status = error.status_code
        if status == 429 or status >= 500:
            return TransientFault(f"http {status}", retry_after(error.response.headers))
        return CallFailed(f"{provider} answered HTTP {status}: {error.message}")
    if isinstance(error, (sdk.APIResponseValidationError, json.JSONDecodeError)):
        return TransientFault("malformed body")
    return CallFailed(f"{provider}: {error}")  # anything else the SDK raises: give up, don't crash


class RetryingBackend(ABC):
    """A provider: `_send` makes one attempt; `complete` retries transient faults."""

    provider: str

    def __init__(self, model: str, policy: RetryPolicy) -> None:
        self.model = model
        self.policy = policy

    async def complete(self, request: Request[T]) -> Completion[T]:
        exchanges: list[Exchange] = []
        started = time.perf_counter()
        while True:
            sent = time.perf_counter()
            try:
                reply = await self._send(request)
            except TransientFault as fault:
                exchanges.append(
                    Exchange(fault.outcome, time.perf_counter() - sent, fault.retry_after_s)
                )
                wait = self.policy.delay(len(exchanges), fault.retry_after_s)
                if wait is None:
                    raise CallFailed(
                        f"{self.provider}:{self.model} failed {len(exchanges)} time(s), "
                        f"last: {fault.outcome}",
                        tuple(exchanges),
                    ) from None
                await asyncio.sleep(wait)
                continue
            except CallFailed as failure:
                exchanges.append(Exchange(str(failure), time.perf_counter() - sent))
                raise CallFailed(str(failure), tuple(exchanges)) from None
            exchanges.append(Exchange("ok", time.perf_counter() - sent))
            return Completion.read(request, reply, time.perf_counter() - started, tuple(exchanges))

    @abstractmethod
    async def _send(self, request: Request[T]) -> Reply:
        """One attempt. Raise TransientFault to be retried, CallFailed to give up."""

    async def aclose(self) -> None:  # noqa: B027 (a no-op default, not an abstract method)
        """Release connections or memory; the default holds nothing."""


def messages_json(messages: tuple[Message, ...]) -> list[dict[str, str]]:
    """Messages in the role/content shape both wire formats (and the event log) use."""
    return [{"role": m.role, "content": m.content} for m in messages]
