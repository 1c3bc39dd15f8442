"""`refgm models` lists every provider with a usable flag and a reason, and calls no model."""

from __future__ import annotations

import json

import pytest

from gm.backends import PROVIDERS
from gm.cli import main


def test_models_lists_every_provider_as_json(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    assert main(["models", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [row["provider"] for row in rows] == list(PROVIDERS)
    openai = rows[1]
    assert openai["usable"] is False and "OPENAI_API_KEY" in openai["why"]


def test_models_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["models"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split()[:3] == ["provider", "usable", "example"]
    assert "local:smollm2" in out
