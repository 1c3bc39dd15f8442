"""`anthropic:<model>`: the Anthropic Messages API with structured output.

The JSON schema of the expected pydantic model goes in `output_config.format`, so the
reply's text block is the JSON object. System messages become the `system` parameter.
The current Messages API takes neither a seed nor a temperature: those fields of the
request are recorded but not sent.

The body is read from its raw bytes by `read_message`. What each shape is (see
gm.backends.base):

- transport fault, retried (`malformed body: ...`): not JSON; JSON that is not an object
  (an `"type": "error"` object sent with 200 has no content list, so it is one too);
  `content` missing or not an array; a content block that is not an object;
- rejected reply, asked again with the reason: no text block (empty), a text block whose
  `text` is not a string, text with a lone surrogate, `stop_reason` "max_tokens" (cut off)
  or "refusal", text that is not the requested JSON;
- accepted as it is: blocks of other types (skipped), `usage` missing or holding
  non-integers (0 tokens), an unknown or missing `stop_reason` ("other").
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
    finish,
    import_sdk,
    json_array,
    json_body,
    json_object,
    messages_json,
    sdk_fault,
    text_of,
    tokens,
)

if TYPE_CHECKING:
    import anthropic

KEY_VARIABLE = "ANTHROPIC_API_KEY"

_FINISH: dict[str, FinishReason] = {
    "end_turn": "stop",
    "stop_sequence": "stop",
    "max_tokens": "length",
    "refusal": "refusal",
}


class AnthropicBackend(RetryingBackend):
    provider = "anthropic"

    def __init__(
        self,
        model: str,
        policy: RetryPolicy = RetryPolicy(),
        base_url: str | None = None,
    ) -> None:
        super().__init__(model, policy)
        self._sdk = sdk = import_sdk(self.provider)
        key = os.environ.get(KEY_VARIABLE)
        if not key:
            raise MissingKeyError(f"anthropic: set {KEY_VARIABLE}")
        self._client: anthropic.AsyncAnthropic = sdk.AsyncAnthropic(
            api_key=key,
            base_url=base_url,
            max_retries=0,
            timeout=policy.timeout_s,
        )

    async def _send(self, request: Request[Any]) -> Reply:
        sdk = self._sdk
        system = "\n\n".join(m.content for m in request.messages if m.role == "system")
        turns = messages_json(tuple(m for m in request.messages if m.role != "system"))
        try:
            # the SDK's overloads want its TypedDicts; plain dicts of the same shape are sent
            response = await self._client.messages.with_raw_response.create(  # type: ignore[call-overload]
                model=self.model,
                max_tokens=request.max_tokens,
                system=system or sdk.omit,
                messages=turns,
                output_config={"format": {"type": "json_schema", "schema": request.schema()}},
            )
        except (sdk.AnthropicError, json.JSONDecodeError) as error:
            raise sdk_fault(self.provider, sdk, error) from None
        return read_message(json_body(response.http_response.content))

    async def aclose(self) -> None:
        await self._client.close()


def read_message(body: object) -> Reply:
    """A Messages body as a Reply; TransientFault when its envelope is malformed."""
    envelope = json_object(body, "the body")
    blocks = [json_object(block, "a content block")
              for block in json_array(envelope.get("content"), "content")]
    read = [text_of(block.get("text")) for block in blocks if block.get("type") == "text"]
    problem = next((problem for _, problem in read if problem), None)
    usage = envelope.get("usage")
    return Reply(
        text="".join(text for text, _ in read),
        finish_reason=finish(_FINISH, envelope.get("stop_reason")),
        input_tokens=tokens(usage, "input_tokens"),
        output_tokens=tokens(usage, "output_tokens"),
        problem=problem,
    )
