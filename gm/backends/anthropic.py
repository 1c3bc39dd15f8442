"""`anthropic:<model>`: the Anthropic Messages API with structured output.

The JSON schema of the expected pydantic model goes in `output_config.format`, so the
reply's text block is the JSON object. System messages become the `system` parameter.
The current Messages API takes neither a seed nor a temperature: those fields of the
request are recorded but not sent.
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
    import_sdk,
    messages_json,
    sdk_fault,
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
            response = await self._client.messages.create(  # type: ignore[call-overload]
                model=self.model,
                max_tokens=request.max_tokens,
                system=system or sdk.omit,
                messages=turns,
                output_config={"format": {"type": "json_schema", "schema": request.schema()}},
            )
        except (sdk.AnthropicError, json.JSONDecodeError) as error:
            raise sdk_fault(self.provider, sdk, error) from None
        if not isinstance(response, sdk.types.Message):
            raise TransientFault("malformed body")
        text = "".join(block.text for block in response.content if block.type == "text")
        return Reply(
            text=text,
            finish_reason=_FINISH.get(response.stop_reason or "", "other"),
            input_tokens=response.usage.input_tokens,
            output_tokens=response.usage.output_tokens,
        )

    async def aclose(self) -> None:
        await self._client.close()
