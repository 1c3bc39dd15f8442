"""Inspect's model as a refgm backend (`gm.backends.base.Backend`).

refgm's actors and game masters ask a `Backend` for a `Completion`; this one asks Inspect's
`Model` (the task's, or any `get_model` gives) instead of a provider SDK, so Inspect counts,
logs and retries the calls and refgm reads the reply exactly as it reads its own providers'.
The structured-output schema is sent as Inspect's `ResponseSchema`. A call Inspect could not
complete (its own retries spent) is a `CallFailed`, which the harness answers with its
fallback, as it does for any provider.
"""

from __future__ import annotations

import asyncio
import math
import time
from typing import Any

from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageUser,
    GenerateConfig,
    Model,
    ModelOutput,
    ResponseSchema,
)
from inspect_ai.model._providers.openai_compatible import OpenAICompatibleAPI  # not exported; the extra pins <0.4
from inspect_ai.util import LimitExceededError, json_schema

from gm.backends.base import (
    CallFailed,
    Completion,
    Exchange,
    FinishReason,
    Message,
    Reply,
    Request,
    T,
    finish,
    text_of,
)
from gm.backends.openai import response_format

PROVIDER = "inspect"

_FINISH: dict[str, FinishReason] = {"stop": "stop", "max_tokens": "length", "model_length": "length",
                                    "content_filter": "refusal"}
"""Inspect's stop reasons as refgm's; the rest (tool_calls, unknown) are `other`."""


def chat_message(message: Message) -> ChatMessage:
    if message.role == "system":
        return ChatMessageSystem(content=message.content)
    if message.role == "user":
        return ChatMessageUser(content=message.content)
    return ChatMessageAssistant(content=message.content)


def reply_of(output: ModelOutput) -> Reply:
    """Inspect's output as the reply refgm reads: text, why it stopped, its tokens, by the
    rules every provider's reply is read by (gm.backends.base: `finish`, `text_of`)."""
    usage = output.usage
    reason = finish(_FINISH, output.stop_reason)
    text, problem = text_of(output.completion)
    return Reply(
        text=text,
        finish_reason=reason,
        input_tokens=usage.input_tokens if usage else 0,
        output_tokens=usage.output_tokens if usage else 0,
        refusal=text or None if reason == "refusal" else None,
        problem=problem,
    )


class InspectBackend:
    """A refgm backend that calls an Inspect `Model`."""

    provider = PROVIDER

    def __init__(self, model: Model) -> None:
        self.inspect_model = model
        self.model = str(model)
        api = model.api
        self.chat_completions = isinstance(api, OpenAICompatibleAPI) and not api.responses_api
        """Inspect sends the model's requests as Chat Completions (`openai-api/...`, vLLM,
        llama-cpp-python and other OpenAI-compatible providers)."""

    def config(self, request: Request[Any]) -> GenerateConfig:
        """Inspect's settings for the request. Inspect's JSON schema has no minItems/maxItems
        (a payout's eight seats, a move's tile limit), so an OpenAI-compatible provider, whose
        server may hold the model to the schema (llama.cpp's grammar, strict outputs), is sent
        the request's own `response_format` as refgm's openai backend sends it."""
        return GenerateConfig(
            max_tokens=request.max_tokens,
            temperature=request.temperature,
            seed=request.seed,
            response_schema=ResponseSchema(name=request.output.__name__,
                                           json_schema=json_schema(request.output), strict=True),
            extra_body={"response_format": response_format(request)} if self.chat_completions else None,
        )

    async def complete(self, request: Request[T]) -> Completion[T]:
        started = time.perf_counter()
        left = math.inf if request.deadline is None else request.deadline - time.monotonic()
        try:
            if left <= 0:
                raise TimeoutError
            async with asyncio.timeout(None if left == math.inf else left):
                output = await self.inspect_model.generate(
                    [chat_message(m) for m in request.messages], config=self.config(request))
        except TimeoutError:
            latency = time.perf_counter() - started
            raise CallFailed(f"{self.provider}:{self.model} was cut off: the turn's deadline passed",
                             (Exchange("deadline", latency),), latency) from None
        except LimitExceededError:  # the sample's token, time or message limit: Inspect's to handle
            raise
        except Exception as error:  # Inspect's retries are spent: fall back, as for any provider
            latency = time.perf_counter() - started
            why = f"{type(error).__name__}: {error}"
            raise CallFailed(f"{self.provider}:{self.model} failed: {why}",
                             (Exchange(why, latency),), latency) from None
        latency = time.perf_counter() - started
        return Completion.read(request, reply_of(output), latency, (Exchange("ok", latency),))

    async def aclose(self) -> None:
        """Inspect owns the model and its connections."""
