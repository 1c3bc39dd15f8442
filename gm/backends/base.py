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

Every body is read by refgm from the raw bytes, never trusted to an SDK's object model, and
every shape is one of three things (each provider's module lists its shapes):

- the envelope is not the wire format's (not JSON, nested past Python's limit, not an
  object, no choice or content list, no message object): a transport fault, `malformed
  body: ...`, retried here, since the model never wrote it and asking it again with a reason
  would mean nothing;
- the envelope is sound but the model's text is not a string (`"content": 123`), or not
  valid Unicode (a lone surrogate): a rejected reply with that reason, like text that is
  not the requested JSON;
- the accounting is missing or nonsense (no `usage`, a count that is not a whole number):
  counted as 0 tokens, never a reason to reject a reply.

Time is bounded twice. `RetryPolicy.timeout_s` bounds each exchange as a whole (asyncio,
around `_send`), so a body trickled byte by byte cannot outlast it; a request's `deadline`
(the turn's, see gm.session) bounds the whole call, retries and backoff included, and a
call cut short by it is not retried.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import math
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
    """A call that failed for good: a permanent HTTP error, every transport attempt failed,
    or the deadline passed.

    `exchanges` lists each attempt and `latency_s` the whole call, so the failure can still
    be logged with everything that went over the wire.
    """

    def __init__(
        self, message: str, exchanges: tuple[Exchange, ...] = (), latency_s: float = 0.0
    ) -> None:
        super().__init__(message)
        self.exchanges = exchanges
        self.latency_s = latency_s


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
    `deadline` (a `time.monotonic()` value) is when the whole call must be over, retries
    included; it is neither sent nor part of the cache key.
    """

    messages: tuple[Message, ...]
    output: type[T]
    max_tokens: int = 400
    temperature: float = 0.7
    seed: int | None = None
    attempt: int = 0
    deadline: float | None = None

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


def transport_json(exchanges: tuple[Exchange, ...]) -> list[list[object]]:
    """Each network exchange behind a reply as recorded in a log: [outcome, seconds]."""
    return [[e.outcome, round(e.latency_s, 6)] for e in exchanges]


@dataclass(frozen=True)
class Reply:
    """What one successful exchange carried, before the text is parsed.

    `problem` says why the model's text could not be taken as text at all (not a string,
    not valid Unicode): the reply is then rejected with that reason.
    """

    text: str
    finish_reason: FinishReason
    input_tokens: int
    output_tokens: int
    refusal: str | None = None
    problem: str | None = None


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
    if reply.problem:
        return None, reply.problem
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


def malformed(what: str) -> TransientFault:
    """A body whose envelope the wire format does not admit: retried like a garbled one."""
    return TransientFault(f"malformed body: {what}")


def json_body(raw: bytes) -> object:
    """The body as JSON, or a transport fault when it is not JSON Python can hold."""
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):  # not JSON or UTF-8, too many digits, nested too deep
        raise malformed("not JSON") from None


def json_object(value: object, what: str) -> dict[str, Any]:
    """`value` when it is a JSON object, else a transport fault naming `what` it should be."""
    if not isinstance(value, dict):
        raise malformed(f"{what} is {_json_type(value)}, not an object")
    return value


def json_array(value: object, what: str) -> list[Any]:
    """`value` when it is a JSON array, else a transport fault naming `what` it should be."""
    if not isinstance(value, list):
        raise malformed(f"{what} is {_json_type(value)}, not an array")
    return value


def text_of(value: object, what: str = "the reply's text") -> tuple[str, str | None]:
    """The model's text and the problem with it: null is empty text (the reply is empty);
    anything but a string, or a string that is not valid Unicode, is a reason to reject."""
    if value is None:
        return "", None
    if not isinstance(value, str):
        return "", f"{what} is {_json_type(value)}, not a string"
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        readable = value.encode("utf-8", "replace").decode("utf-8")
        return readable, f"{what} is not valid Unicode (a lone surrogate)"
    return value, None


def tokens(usage: object, key: str) -> int:
    """A token count from a `usage` object; 0 when missing or not a whole number."""
    count = usage.get(key) if isinstance(usage, dict) else None
    return count if isinstance(count, int) and not isinstance(count, bool) and count >= 0 else 0


def finish(reasons: Mapping[str, FinishReason], value: object) -> FinishReason:
    """The provider's finish or stop reason mapped to ours; anything unknown is `other`."""
    return reasons.get(value, "other") if isinstance(value, str) else "other"


def _json_type(value: object) -> str:
    """What a parsed JSON value is, in JSON's own words."""
    if value is None:
        return "null"
    for kind, name in ((bool, "a boolean"), (int, "a number"), (float, "a number"),
                       (str, "a string"), (list, "an array"), (dict, "an object")):
        if isinstance(value, kind):
            return name
    return type(value).__name__


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
        return malformed("the SDK could not read it")
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

        def failed(why: str) -> CallFailed:
            return CallFailed(f"{self.provider}:{self.model} {why}", tuple(exchanges),
                              time.perf_counter() - started)

        while True:
            left = _left(request.deadline)
            if left is not None and left <= 0:
                raise failed(f"gave up after {len(exchanges)} exchange(s): "
                             "the turn's deadline passed")
            bound = min(self.policy.timeout_s, math.inf if left is None else left)
            sent = time.perf_counter()
            try:
                async with asyncio.timeout(bound):
                    reply = await self._send(request)
            except TimeoutError:
                if bound < self.policy.timeout_s:  # the deadline's bound, not the policy's
                    exchanges.append(Exchange("deadline", time.perf_counter() - sent))
                    raise failed("was cut off: the turn's deadline passed") from None
                fault = TransientFault("timeout")
            except TransientFault as caught:
                fault = caught
            except CallFailed as failure:
                exchanges.append(Exchange(str(failure), time.perf_counter() - sent))
                raise CallFailed(str(failure), tuple(exchanges),
                                 time.perf_counter() - started) from None
            else:
                exchanges.append(Exchange("ok", time.perf_counter() - sent))
                return Completion.read(request, reply, time.perf_counter() - started,
                                       tuple(exchanges))
            exchanges.append(
                Exchange(fault.outcome, time.perf_counter() - sent, fault.retry_after_s))
            wait = self.policy.delay(len(exchanges), fault.retry_after_s)
            if wait is None:
                raise failed(f"failed {len(exchanges)} time(s), last: {fault.outcome}")
            left = _left(request.deadline)
            if left is not None and wait >= left:
                raise failed(f"failed {len(exchanges)} time(s), last: {fault.outcome}; "
                             "the turn's deadline comes before the next try")
            await asyncio.sleep(wait)

    @abstractmethod
    async def _send(self, request: Request[T]) -> Reply:
        """One attempt. Raise TransientFault to be retried, CallFailed to give up."""

    async def aclose(self) -> None:  # noqa: B027 (a no-op default, not an abstract method)
        """Release connections or memory; the default holds nothing."""


def _left(deadline: float | None) -> float | None:
    """Seconds until `deadline` (a `time.monotonic()` value), or None for no deadline."""
    return None if deadline is None else deadline - time.monotonic()


def messages_json(messages: tuple[Message, ...]) -> list[dict[str, str]]:
    """Messages in the role/content shape both wire formats (and the event log) use."""
    return [{"role": m.role, "content": m.content} for m in messages]
