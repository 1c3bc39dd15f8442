"""`refgm serve` as a command: its options, and clear errors instead of tracebacks."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from refgm.cli import build_parser, main
from refgm.commands.serve import database_url


def test_help_documents_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    shown = capsys.readouterr().out
    parser = build_parser()
    serve = parser._subparsers._group_actions[0].choices["serve"]  # type: ignore[union-attr,index]
    for action in serve._actions:
        for flag in action.option_strings:
            assert flag in shown
        if action.option_strings and action.help is not None:
            assert action.help.split()[0] in shown


def test_the_default_database_is_sqlite_under_refgm_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("REFGM_HOME", str(tmp_path))
    assert database_url(None) == f"sqlite:///{tmp_path / 'refgm.db'}"
    assert database_url("postgresql://u@h/d") == "postgresql://u@h/d"


def test_a_taken_port_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("REFGM_HOME", str(tmp_path))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert f"cannot listen on 127.0.0.1:{port}" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("url", "said"),
    [("bogus://x", "cannot open the database bogus://x"), ("postgresql://nobody@127.0.0.1:1/x", "connection")],
)
def test_a_database_that_cannot_be_opened_is_a_clear_error(
    url: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--database", url]) == 2
    err = capsys.readouterr().err
    assert said in err
    assert "Traceback" not in err


def test_an_unknown_model_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--model", "nosuch:model"]) == 2
    assert "unknown model provider 'nosuch'" in capsys.readouterr().err


@pytest.mark.parametrize("port", ["-1", "65536", "http"])
def test_a_port_out_of_range_is_a_usage_error(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["serve", "--port", port])
    assert exit_.value.code == 2
    assert "a port is a number from 0 to 65535" in capsys.readouterr().err
