"""`refgm garnet payout --jsonl`: the referee's payout of Garnet Thief rounds, for machines.

A stable machine interface (docs/garnet.md): one JSON object per input line on stdin,
one per output line. A round, `{"choices": [8 characters], "announcements": [8 characters]}`
(announcements absent: everyone told the truth), gets the counts, the recipient group, the
shares, what the house keeps, and each seat's gain, penalty and change, all computed by
`referee.garnet.payout`. A malformed line gets `{"error": ...}`, so outputs stay aligned with
inputs; the exit code is 0 when every line was well formed and 1 when at least one was not,
as for `refgm parse --jsonl`.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from referee.garnet import NAMES, SEATS, Character, CharacterError, payout
from referee.garnet.rules import PENALTY, POT
from refgm.jsonl import MalformedLine, answer_lines, load_object, shown

EXAMPLE = '{"choices": ["Mafia", "Mafia", "Police", "Beggar", "Beggar", "Beggar", "Police", "Cartel"]}'
USAGE = 2


def _names(lang: str) -> str:
    return ", ".join(NAMES[lang].values())


_RULE = f"""\
With --jsonl, read one round per line on stdin and write its payout, one line per round
(see docs/garnet.md). The larger of Mafia and Cartel splits the pot of {POT} by floor
division (a tie, 0-0 included, gives it to the Police); the Beggars split what the
recipients do not take, by floor division; the house keeps the rest. A seat that gained
nothing and announced another character than it chose pays {PENALTY}."""

_INTERFACE = f"""\
input, one round per line:
  {{"choices": [8 characters], "announcements": [8 characters]}}
  seat by seat, seats 1 to 8; "announcements" absent or null: everyone told the truth.
  A character is {_names("en")} (any case), {_names("ko")},
  or {_names("ja")}. Other keys are ignored.

output, one line per input line:
  {{"counts": {{"Mafia": n, "Cartel": n, "Police": n, "Beggar": n}},
   "recipient_group": "Mafia" | "Cartel" | "Police", "group_share": n, "beggar_share": n,
   "house": n, "gains": [8], "penalties": [8], "delta": [8]}}
  or, for a malformed line, {{"error": "<what is wrong>"}}.

example:
  echo '{EXAMPLE}' | refgm garnet payout --jsonl

exit code: 0 when every line was well formed, 1 when at least one was not (after every
line is answered), 2 for a usage error, 141 when the reader goes away."""


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    command = subparsers.add_parser(
        "garnet",
        help="Garnet Thief: the payout of a round",
        description="The referee's answers for Garnet Thief (see docs/garnet.md).",
    )
    command.set_defaults(handler=lambda _args: _help(command))
    sub = command.add_subparsers(dest="garnet_command", metavar="COMMAND")
    pay = sub.add_parser(
        "payout",
        help="each seat's gain and lie penalty in a round",
        description=_RULE,
        epilog=_INTERFACE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    pay.add_argument("--jsonl", action="store_true", help="machine interface: JSON lines in and out")
    pay.set_defaults(handler=run_payout)


def _help(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return USAGE


def characters_of(request: dict[str, Any], key: str) -> list[Character] | None:
    """The 8 characters under `key`, seat by seat (None when absent); MalformedLine saying what is wrong."""
    value = request.get(key)
    if value is None:
        return None
    if not isinstance(value, list):
        raise MalformedLine(f'"{key}" is a list of {len(SEATS)} characters, one per seat, not {shown(value)}')
    if len(value) != len(SEATS):
        names = f"{len(value)} character" + ("" if len(value) == 1 else "s")
        raise MalformedLine(f'"{key}" names {names}; a round has {len(SEATS)} seats')
    characters = []
    for seat, name in zip(SEATS, value, strict=True):
        try:
            characters.append(Character.parse(name))
        except CharacterError:
            raise MalformedLine(
                f'"{key}": seat {seat} is {shown(name)}, not a character (Mafia, Cartel, Police or Beggar)'
            ) from None
    return characters


def payout_line(line: str) -> dict[str, Any]:
    """The answer for one input line; MalformedLine when it does not follow the interface."""
    request = load_object(line, EXAMPLE)
    choices = characters_of(request, "choices")
    if choices is None:
        raise MalformedLine(f'"choices" is missing: expected a JSON object like {EXAMPLE}')
    return payout(choices, characters_of(request, "announcements")).as_json()


def run_payout(args: argparse.Namespace) -> int:
    if not args.jsonl:
        print("refgm garnet payout: give --jsonl and one round per line on stdin (see --help)", file=sys.stderr)
        return USAGE
    return answer_lines(sys.stdin.buffer, sys.stdout, payout_line, doing="paid out")
