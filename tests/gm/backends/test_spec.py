"""Choosing a backend from `--model`, and the typed errors that explain an unusable one."""

from __future__ import annotations

import pytest

from gm.backends import (
    EXAMPLES,
    PROVIDERS,
    MissingKeyError,
    ModelNotFoundError,
    ModelSpec,
    UnknownProviderError,
    availability,
    open_backend,
)
from gm.backends.base import BackendError
from tests.gm.backends.servers import FaultServer


@pytest.mark.parametrize(
    ("text", "provider", "model"),
    [
        ("offline", "offline", ""),
        ("openai:gpt-4o-mini", "openai", "gpt-4o-mini"),
        ("anthropic:claude-sonnet-4-5", "anthropic", "claude-sonnet-4-5"),
        ("local:smollm2", "local", "smollm2"),
        ("local:/models/q:4.gguf", "local", "/models/q:4.gguf"),
    ],
)
def test_a_spec_splits_at_the_first_colon(text: str, provider: str, model: str) -> None:
    spec = ModelSpec.parse(text)
    assert (spec.provider, spec.model) == (provider, model)
    assert str(spec) == text


@pytest.mark.parametrize("text", ["gemini:pro", "openai", "openai:", "offline:x", ""])
def test_a_bad_spec_is_a_clear_error(text: str) -> None:
    with pytest.raises(UnknownProviderError) as error:
        ModelSpec.parse(text)
    assert isinstance(error.value, ValueError)
    assert "\n" not in str(error.value)


def test_every_provider_has_an_example_that_parses() -> None:
    assert set(EXAMPLES) == set(PROVIDERS)
    assert all(ModelSpec.parse(example).provider == p for p, example in EXAMPLES.items())


def test_missing_keys_are_named(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY"):
        monkeypatch.delenv(variable, raising=False)
    with pytest.raises(MissingKeyError, match="OPENAI_API_KEY"):
        open_backend("openai:gpt-4o-mini")
    with pytest.raises(MissingKeyError, match="ANTHROPIC_API_KEY"):
        open_backend("anthropic:claude-sonnet-4-5")


def test_a_base_url_needs_no_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    backend = open_backend("openai:qwen2.5", base_url="http://127.0.0.1:1/v1")
    assert (backend.provider, backend.model) == ("openai", "qwen2.5")


def test_offline_opens_no_backend() -> None:
    with pytest.raises(BackendError, match="offline"):
        open_backend("offline")


def test_a_missing_gguf_file_is_named(tmp_path: object) -> None:
    pytest.importorskip("llama_cpp")
    with pytest.raises(ModelNotFoundError, match="no GGUF file"):
        open_backend(f"local:{tmp_path}/absent.gguf")


def test_availability_probes_a_base_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with FaultServer([]) as server:
        reachable = {a.provider: a for a in availability(server.openai_url)}
    assert reachable["openai"].usable
    unreachable = {a.provider: a for a in availability(server.openai_url, probe_timeout_s=0.5)}
    assert not unreachable["openai"].usable
    assert "not reachable" in unreachable["openai"].why
    assert reachable["offline"].usable


def test_availability_names_the_missing_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    rows = {a.provider: a for a in availability()}
    assert not rows["anthropic"].usable
    assert rows["anthropic"].why == "set ANTHROPIC_API_KEY"
    monkeypatch.setenv("ANTHROPIC_API_KEY", "k")
    assert {a.provider: a for a in availability()}["anthropic"].usable
