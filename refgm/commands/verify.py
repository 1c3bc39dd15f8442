"""`refgm verify`: check a revealed secret and nonce against the commitment shown at the start."""

from __future__ import annotations

import argparse
import sys

from referee.errors import CommitmentError
from referee.liar.commitment import verify
from referee.liar.world import World


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "verify",
        help="check a revealed secret against a commitment",
        description="Check that SHA-256 of the revealed secret and nonce is the commitment "
        "shown before the first question. Exit 0 if it matches, 1 if not, 2 on bad input.",
    )
    p.add_argument("commitment", help="the 64 hex digits shown at the start")
    p.add_argument("secret", metavar="CULPRIT,LIAR", help="the revealed secret, e.g. B,C")
    p.add_argument("nonce", help="the revealed nonce (32 hex digits)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    parts = [part.strip() for part in args.secret.split(",")]
    if len(parts) != 2 or not all(parts):
        print(f"refgm verify: the secret is CULPRIT,LIAR, e.g. B,C (got {args.secret!r})",
              file=sys.stderr)
        return 2
    world = World(culprit=parts[0], liar=parts[1])
    try:
        ok = verify(args.commitment, world, args.nonce)
    except CommitmentError as err:
        print(f"refgm verify: {err}", file=sys.stderr)
        return 2
    if ok:
        print(f"OK: culprit {world.culprit}, liar {world.liar} and this nonce open the commitment.")
        return 0
    print("MISMATCH: this secret and nonce do not open the commitment.")
    return 1
