"""`openai:<model>`: the OpenAI Chat Completions API, or any server that speaks it.

With `--base-url` (or OPENAI_BASE_URL) this reaches Ollama, llama.cpp's server, vLLM or
LM Studio; such servers need no key. Structured output is requested as a strict JSON
schema made from the pydantic model the caller expects.

The body is read from its raw bytes by `read_chat_completion` (llama.cpp in process returns
the same shape). What each shape is (see gm.backends.base):

- transport fault, retried (`malformed body: ...`): not JSON; JSON that is not an object;
  `choices` missing, not an array or empty; `choices[0]` not an object; its `message`
  missing, null or not an object;
- rejected reply, asked again with the reason: `content` null with no refusal (empty),
  `content` not a string (`123`, an array, an object), text with a lone surrogate, a
  `refusal` (any non-empty value), `finish_reason` "length" (cut off) or "content_filter"
  (refused), text that is not the requested JSON;
- accepted as it is: `usage` missing, null or holding non-integers (0 tokens), an unknown
  or missing `finish_reason` ("other").
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any

from gm.backends.base import (
    FinishReason,
    MissingKeyError,
    Reply,
    Request,
    RetryingBackend,
    RetryPolicy,
    TransientFault,
    finish,
    import_sdk,
    json_array,
    json_body,
    json_object,
    malformed,
    messages_json,
    sdk_fault,
    text_of,
    tokens,
)

if TYPE_CHECKING:
    import openai

KEY_VARIABLE = "OPENAI_API_KEY"
BASE_URL_VARIABLE = "OPENAI_BASE_URL"
# Local OpenAI-compatible servers ignore the key, but the SDK insists on one.
UNUSED_KEY = "unused"

_FINISH: dict[str, FinishReason] = {"stop": "stop", "length": "length", "content_filter": "refusal"}


def response_format(request: Request[Any]) -> dict[str, Any]:
    """The Chat Completions `response_format` that asks for the request's schema, strictly
    (also what evals.inspect.backend sends through Inspect's OpenAI-compatible providers)."""
    return {
        "type": "json_schema",
        "json_schema": {"name": request.output.__name__, "schema": request.schema(), "strict": True},
    }


class OpenAIBackend(RetryingBackend):
    provider = "openai"

    def __init__(
        self,
        model: str,
        policy: RetryPolicy = RetryPolicy(),
        base_url: str | None = None,
    ) -> None:
        super().__init__(model, policy)
        self._sdk = sdk = import_sdk(self.provider)
        self.base_url = base_url or os.environ.get(BASE_URL_VARIABLE) or None
        key = os.environ.get(KEY_VARIABLE)
        if not key and self.base_url is None:
            raise MissingKeyError(
                f"openai: set {KEY_VARIABLE}, or --base-url (or {BASE_URL_VARIABLE}) "
                "for an OpenAI-compatible server such as Ollama or llama.cpp"
            )
        # Servers that reject a `json_schema` response format (llama-cpp-python's) get
        # `json_object` with the schema attached instead, from then on.
        self.json_object_mode = False
        self._client: openai.AsyncOpenAI = sdk.AsyncOpenAI(
            api_key=key or UNUSED_KEY,
            base_url=self.base_url,
            max_retries=0,
            timeout=policy.timeout_s,
        )

    async def _send(self, request: Request[Any]) -> Reply:
        sdk = self._sdk
        # OpenAI's own models take max_completion_tokens; compatible servers know max_tokens.
        limit = "max_tokens" if self.base_url else "max_completion_tokens"
        try:
            # the SDK's overloads want its TypedDicts; plain dicts of the same shape are sent
            response = await self._client.chat.completions.with_raw_response.create(  # type: ignore[call-overload]
                model=self.model,
                messages=messages_json(request.messages),
                response_format=self._response_format(request),
                temperature=request.temperature,
                seed=request.seed,
                **{limit: request.max_tokens},
            )
        except (sdk.OpenAIError, json.JSONDecodeError) as error:
            if isinstance(error, sdk.APIStatusError) and self._schema_refused(error.message):
                self.json_object_mode = True
                raise TransientFault(
                    f"http {error.status_code}: json_schema unsupported, using json_object"
                ) from None
            raise sdk_fault(self.provider, sdk, error) from None
        return read_chat_completion(json_body(response.http_response.content))

    def _response_format(self, request: Request[Any]) -> dict[str, Any]:
        if self.json_object_mode:
            return {"type": "json_object", "schema": request.schema()}
        return response_format(request)

    def _schema_refused(self, message: str) -> bool:
        """A compatible server refusing the `json_schema` format itself.

        llama-cpp-python's server answers such a request with a 500 whose message names
        `response_format` and `json_object`; others use 400 or 422.
        """
        return (
            self.base_url is not None
            and not self.json_object_mode
            and "response_format" in message
            and "json_object" in message
        )

    async def aclose(self) -> None:
        await self._client.close()


def read_chat_completion(body: object) -> Reply:
    """A Chat Completions body as a Reply; TransientFault when its envelope is malformed."""
    envelope = json_object(body, "the body")
    choices = json_array(envelope.get("choices"), "choices")
    if not choices:
        raise malformed("choices is empty")
    choice = json_object(choices[0], "choices[0]")
    message = json_object(choice.get("message"), "choices[0].message")
    text, problem = text_of(message.get("content"))
    refused = bool(message.get("refusal"))
    refusal = text_of(message.get("refusal"))[0] if refused else ""
    usage = envelope.get("usage")
    return Reply(
        text=text,
        finish_reason="refusal" if refused else finish(_FINISH, choice.get("finish_reason")),
        input_tokens=tokens(usage, "prompt_tokens"),
        output_tokens=tokens(usage, "completion_tokens"),
        refusal=refusal or None,
        problem=problem,
    )
