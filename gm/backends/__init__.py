"""Model backends, chosen by `--model provider:model`, one module per provider.

- `offline`: no model at all (the template actor); always usable.
- `openai:<model>`: the OpenAI API, or any compatible server with `--base-url` or
  OPENAI_BASE_URL (Ollama, llama.cpp's server, vLLM, LM Studio). Key: OPENAI_API_KEY.
- `anthropic:<model>`: the Anthropic API. Key: ANTHROPIC_API_KEY.
- `local:<gguf path or smollm2>`: llama-cpp-python in process (the `local` extra).

SDKs are imported only when their provider is opened, so a missing extra is a clear
`MissingExtraError`, never an ImportError at start-up.
"""

from __future__ import annotations

import os
import urllib.error
import urllib.request
from dataclasses import dataclass
from importlib.util import find_spec

from gm.backends.base import (
    Backend,
    BackendError,
    CallFailed,
    Completion,
    Message,
    MissingExtraError,
    MissingKeyError,
    ModelNotFoundError,
    Request,
    RetryPolicy,
    UnknownProviderError,
    install_command,
)
from gm.backends.cache import CachedBackend, ResponseCache

PROVIDERS: dict[str, str] = {
    "offline": "template actor: no model, no network, always correct",
    "openai": "OpenAI, or a compatible server (Ollama, llama.cpp, vLLM, LM Studio)",
    "anthropic": "Anthropic Messages API",
    "local": "a GGUF model in process through llama-cpp-python",
}
EXAMPLES: dict[str, str] = {
    "offline": "offline",
    "openai": "openai:gpt-4o-mini",
    "anthropic": "anthropic:claude-sonnet-4-5",
    "local": "local:smollm2",
}


@dataclass(frozen=True)
class ModelSpec:
    """A parsed `--model` value: `offline`, or `provider:model`."""

    provider: str
    model: str = ""

    @classmethod
    def parse(cls, spec: str) -> ModelSpec:
        provider, _, model = spec.strip().partition(":")
        if provider not in PROVIDERS:
            known = ", ".join(EXAMPLES.values())
            raise UnknownProviderError(
                f"unknown model provider {provider!r} in {spec!r}; try: {known}"
            )
        if provider != "offline" and not model:
            raise UnknownProviderError(f"{provider} needs a model name, as in {EXAMPLES[provider]}")
        if provider == "offline" and model:
            raise UnknownProviderError("offline takes no model name")
        return cls(provider, model)

    def __str__(self) -> str:
        return f"{self.provider}:{self.model}" if self.model else self.provider


def open_backend(
    spec: ModelSpec | str,
    *,
    base_url: str | None = None,
    policy: RetryPolicy = RetryPolicy(),
    cache: ResponseCache | None = None,
    threads: int | None = None,
) -> Backend:
    """The backend for a model spec, wrapped in the cache when one is given.

    Raises a BackendError subclass (unknown provider, missing extra or key, missing
    model file) with a message fit to show the player as it is.
    """
    spec = ModelSpec.parse(spec) if isinstance(spec, str) else spec
    backend: Backend
    if spec.provider == "openai":
        from gm.backends.openai import OpenAIBackend

        backend = OpenAIBackend(spec.model, policy, base_url)
    elif spec.provider == "anthropic":
        from gm.backends.anthropic import AnthropicBackend

        backend = AnthropicBackend(spec.model, policy, base_url)
    elif spec.provider == "local":
        from gm.backends.local import LocalBackend

        backend = LocalBackend(spec.model, policy, threads)
    else:
        raise UnknownProviderError("offline plays from templates and opens no model backend")
    return CachedBackend(backend, cache) if cache else backend


@dataclass(frozen=True)
class Availability:
    """Whether a provider can be used on this machine, and why (not)."""

    provider: str
    usable: bool
    why: str


def availability(
    base_url: str | None = None, probe_timeout_s: float = 2.0
) -> tuple[Availability, ...]:
    """Check every provider without calling a model: packages, keys, and the base URL if any."""
    base_url = base_url or os.environ.get("OPENAI_BASE_URL") or None
    return (
        Availability("offline", True, "built in"),
        _openai(base_url, probe_timeout_s),
        _anthropic(),
        _local(),
    )


def _missing_package(name: str, extra: str) -> str | None:
    if find_spec(name):
        return None
    return f"the {name} package is missing: {install_command(extra)}"


def _openai(base_url: str | None, timeout_s: float) -> Availability:
    missing = _missing_package("openai", "models")
    if missing:
        return Availability("openai", False, missing)
    if base_url:
        unreachable = _unreachable(base_url, timeout_s)
        if unreachable:
            return Availability("openai", False, f"{base_url} is not reachable: {unreachable}")
        return Availability("openai", True, f"server at {base_url}")
    if not os.environ.get("OPENAI_API_KEY"):
        why = "set OPENAI_API_KEY, or --base-url for a compatible server"
        return Availability("openai", False, why)
    return Availability("openai", True, "OPENAI_API_KEY is set")


def _anthropic() -> Availability:
    missing = _missing_package("anthropic", "models")
    if missing:
        return Availability("anthropic", False, missing)
    if not os.environ.get("ANTHROPIC_API_KEY"):
        return Availability("anthropic", False, "set ANTHROPIC_API_KEY")
    return Availability("anthropic", True, "ANTHROPIC_API_KEY is set")


def _local() -> Availability:
    from gm.backends.local import SMOLLM2, find_gguf, llama_cpp_missing

    missing = llama_cpp_missing()
    if missing:
        return Availability("local", False, missing)
    try:
        path = find_gguf(SMOLLM2)
    except BackendError as error:
        return Availability("local", True, f"GGUF paths only ({error})")
    return Availability("local", True, f"local:{SMOLLM2} at {path}")


def _unreachable(base_url: str, timeout_s: float) -> str | None:
    """Why GET <base_url>/models got no HTTP answer at all, or None if the server answered."""
    try:
        with urllib.request.urlopen(f"{base_url.rstrip('/')}/models", timeout=timeout_s):
            return None
    except urllib.error.HTTPError:
        return None  # it answered, if only to refuse: the server is there
    except (urllib.error.URLError, OSError) as error:
        return str(getattr(error, "reason", error))


__all__ = [
    "EXAMPLES",
    "PROVIDERS",
    "Availability",
    "Backend",
    "BackendError",
    "CallFailed",
    "Completion",
    "Message",
    "MissingExtraError",
    "MissingKeyError",
    "ModelNotFoundError",
    "ModelSpec",
    "Request",
    "ResponseCache",
    "RetryPolicy",
    "UnknownProviderError",
    "availability",
    "open_backend",
]
