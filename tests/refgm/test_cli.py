"""`refgm COMMAND ...` builds only that command's parser: the same parser as the whole CLI's, and
none of the other commands' modules imported."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from refgm.cli import COMMANDS, build_parser, parser_for


def commands_of(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The subcommands' parsers, by name."""
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def help_of(parser: argparse.ArgumentParser, command: str) -> str:
    return commands_of(parser)[command].format_help()


@pytest.mark.parametrize("command", COMMANDS)
def test_a_commands_own_parser_is_the_one_the_whole_cli_has(command: str) -> None:
    alone = parser_for([command, "--help"])
    assert help_of(alone, command) == help_of(build_parser(), command)
    assert list(commands_of(alone)) == [command]


@pytest.mark.parametrize("argv", [[], ["--help"], ["chess"], ["-x", "play"]])
def test_without_a_command_first_every_command_is_known(argv: list[str]) -> None:
    assert help_of(parser_for(argv), "garnet") == help_of(build_parser(), "garnet")


def test_refgm_verify_imports_no_other_command() -> None:
    code = "from refgm.cli import main; main(['verify', '--help'])"
    probe = f"import atexit, sys; atexit.register(lambda: print(sorted(m for m in sys.modules if m.startswith('refgm.commands.')), file=sys.stderr)); {code}"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "['refgm.commands.verify']"
