"""The `refgm` console script: one subcommand per module in `refgm.commands`."""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import sys
from collections.abc import Sequence

from referee.lang.incident import IncidentError

# Subcommands in the order `refgm --help` lists them.
COMMANDS: tuple[str, ...] = (
    "play", "serve", "replay", "verify", "parse", "models", "eval", "audit", "report", "inspect", "monorail", "garnet"
)


def build_parser(commands: Sequence[str] = COMMANDS) -> argparse.ArgumentParser:
    """The parser of `commands` (default: all of them), each module imported as it registers."""
    parser = argparse.ArgumentParser(
        prog="refgm",
        description="An LLM game master whose every fact is checked by a deterministic referee.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in commands:
        importlib.import_module(f"refgm.commands.{name}").register(sub)
    return parser


def parser_for(argv: Sequence[str]) -> argparse.ArgumentParser:
    """The parser `argv` needs: only its command's when it names one (`refgm play ...` imports
    no other command's module: 0.6 s of CPU less for `refgm play`), else every command's (for
    `refgm`, `refgm --help` and the error naming the commands)."""
    return build_parser((argv[0],)) if argv and argv[0] in COMMANDS else build_parser()


BROKEN_PIPE = 141
"""The exit code when the reader of stdout went away (`refgm audit log | head -1`): 128 +
SIGPIPE, what a shell reports for a filter its pipe stopped. Not 1, which `refgm audit`
and `refgm replay` give a game that fails its check: a closed pipe is no verdict."""


CANNOT_WRITE = 2
"""The exit code when stdout cannot take the output (a full disk): like unreadable input, not
the 1 of a malformed line or a failed check."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run a subcommand; its handler returns the exit code."""
    if sys.stdin is None:  # started with stdin closed (`refgm ... <&-`): no input at all
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115  # lives as long as the process
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = parser_for(argv)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        code = int(args.handler(args))
        sys.stdout.flush()  # here, not at exit, so a closed pipe is caught below
        return code
    except IncidentError as err:  # --incident names no incident the options know
        print(f"refgm {args.command}: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # Nobody reads any more: stop quietly, like any filter. Python's final flush of the
        # buffered rest would raise again, so stdout now points at the null device.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return BROKEN_PIPE
    except OSError as err:  # stdout cannot take the output (a full disk, /dev/full)
        if err.filename is not None or err.errno not in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
            raise
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        print(f"refgm: cannot write the output ({err.strerror})", file=sys.stderr)
        return CANNOT_WRITE


if __name__ == "__main__":
    sys.exit(main())
