"""`refgm inspect LOG... --out RUN_DIR`: Inspect AI logs of refgm's tasks into a run's results,
for `refgm report` (the `inspect` extra)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gm.backends.base import install_command


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "inspect",
        help="import Inspect AI logs of refgm's tasks into a run's results",
        description="Read Inspect logs (.eval or .json) of `inspect eval refgm/...` and append "
        "each scored game's results line to RUN_DIR/results.jsonl (its chat to RUN_DIR/chats/), "
        "skipping games already there; then `refgm report RUN_DIR` reads them.",
    )
    p.add_argument("logs", type=Path, nargs="+", metavar="LOG")
    p.add_argument("--out", type=Path, required=True, metavar="RUN_DIR")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        from evals.inspect.log import import_logs
    except ImportError:
        print(f"refgm inspect: needs the inspect extra: {install_command('inspect')}", file=sys.stderr)
        return 2
    missing = [str(path) for path in args.logs if not path.is_file()]
    if missing:
        print(f"refgm inspect: no such log: {', '.join(missing)}", file=sys.stderr)
        return 2
    try:
        done = import_logs(args.logs, args.out)
    except (OSError, ValueError) as err:
        print(f"refgm inspect: {err}", file=sys.stderr)
        return 2
    for failure in done.failed:
        print(f"refgm inspect: not imported: {failure}", file=sys.stderr)
    print(f"{done.added} results added to {args.out / 'results.jsonl'}"
          + (f", {done.present} already there" if done.present else "")
          + (f", {len(done.failed)} samples without a score" if done.failed else ""))
    return 1 if done.failed else 0
