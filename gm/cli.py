"""The `refgm` console script: one subcommand per module in `gm.commands`."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# Subcommands in the order `refgm --help` lists them.
COMMANDS: tuple[str, ...] = ("play", "replay", "verify", "parse", "models", "eval", "audit", "report")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="refgm",
        description="An LLM game master whose every fact is checked by a deterministic referee.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"gm.commands.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run a subcommand; its handler returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        return int(args.handler(args))
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
