"""`refgm models` lists every provider with a usable flag and a reason, and calls no model."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pytest

from gm.backends import PROVIDERS, BackendError
from gm.backends.cache import CachedBackend
from refgm.cli import main
from refgm.commands.models import add_model_options, open_actor


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


def options(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_model_options(parser)
    return parser.parse_args(argv)


def test_offline_opens_no_actor() -> None:
    assert open_actor(options()) is None


def test_a_model_option_opens_a_model_actor_with_its_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    actor = open_actor(options("--model", "openai:m", "--base-url", "http://127.0.0.1:1/v1",
                               "--cache"))
    assert actor is not None and actor.name == "openai:m"
    assert isinstance(actor.backend, CachedBackend)


@pytest.mark.parametrize("model", ["gemini:pro", "anthropic:claude"])
def test_an_unusable_model_is_a_clear_error(model: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(BackendError):
        open_actor(options("--model", model))


@pytest.mark.parametrize(
    ("model", "message"),
    [("gemini:pro", "unknown model provider 'gemini'"), ("anthropic:claude", "ANTHROPIC_API_KEY")],
)
def test_play_with_an_unusable_model_says_why_and_exits_2(
    model: str, message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    lines = tmp_path / "lines.txt"
    lines.write_text("A, did B eat the cake?\n")
    log = tmp_path / "game.jsonl"
    assert main(["play", "--model", model, "--input", str(lines), "--transcript", str(log)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


README = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")


def test_a_missing_package_is_met_with_the_readmes_install_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("gm.backends.find_spec", lambda name: None)
    monkeypatch.setitem(sys.modules, "llama_cpp", None)  # importing it raises ImportError
    assert main(["models", "--json"]) == 0
    why = {row["provider"]: row["why"] for row in map(json.loads, capsys.readouterr().out.splitlines())}
    for provider, extra in (("openai", "models"), ("anthropic", "models"), ("local", "local")):
        command = f"pip install '.[{extra}]'"
        assert why[provider].endswith(command) and f"`{command}`" in README


@pytest.mark.parametrize("url", ["notaurl", "ftp://host/v1", "http://", "http://host:port/v1", "http://[::1"])
def test_a_base_url_that_is_not_a_url_is_a_usage_error(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        main(["models", "--base-url", url])
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert "argument --base-url: not a" in err and repr(url) in err and "Traceback" not in err


def test_a_bad_openai_base_url_variable_exits_2(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "notaurl")
    assert main(["models"]) == 2
    assert capsys.readouterr().err == "refgm models: OPENAI_BASE_URL is not an http:// or https:// URL: 'notaurl'\n"


def test_a_model_reads_every_question_unless_reader_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    model = ("--model", "openai:m", "--base-url", "http://127.0.0.1:1/v1")
    both, parser = open_actor(options(*model)), open_actor(options(*model, "--reader", "parser"))
    assert both is not None and both.reads
    assert parser is not None and not parser.reads
    with pytest.raises(SystemExit) as exited:
        options(*model, "--reader", "model")
    assert exited.value.code == 2
