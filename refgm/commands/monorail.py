"""`refgm monorail check` and `refgm monorail analyze`: the referee's Monorail answers for machines and people.

`check --jsonl` is a stable machine interface (docs/monorail.md): one JSON object per input
line on stdin, one per output line. A position line gets whether the loop is complete,
whether it can still be completed with the tiles left, the fewest tiles that do it and such
tiles (from the exact solver); a line with a `"move"` gets whether that move is legal, and if
not, why (the fault's code and the referee's reason). A malformed line gets `{"error": ...}`,
so outputs stay aligned with inputs; the exit code is 0 when every line was well formed and 1
when at least one was not, as for `refgm parse --jsonl`.

`analyze` lists every legal move from a position in classes under the board's symmetries, with
whether it keeps completion possible and what a short game-tree search finds it leads to;
`analyze --solve` searches a variant's start to the end (`monorail_solve.py`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from referee.monorail import (
    IllegalMoveError,
    Move,
    NotationError,
    Position,
    Tile,
    TileError,
    check_move,
    is_complete,
    move_str,
    parse_move,
)
from referee.monorail.analysis import How, MoveClass, Outcome, Result, analyze
from referee.monorail.game import VARIANTS, variant
from referee.monorail.solver import SearchLimitError, solve
from referee.monorail.symmetry import stabilizer
from refgm.commands.monorail_solve import run_solve
from refgm.jsonl import MalformedLine, answer_lines, load_object, shown

TILES_LEFT_LIMIT = 64
# Search steps one line may take (about 5 s): a real position (16 tiles at most) needs far fewer
# (bench/monorail.py); a hypothetical budget far beyond play may not, and then gets an error line.
STEP_LIMIT = 2_000_000
"""The most `tiles_left` a line may ask about: four supplies. Proving a position impossible
takes the solver longer the more tiles it may spend, so the interface bounds it."""

DEPTH = 3  # analyze's default search depth
EXAMPLE = '{"stations": [[0,0,"H"],[1,0,"H"]], "placed": [], "tiles_left": 16}'
USAGE = 2
INTERRUPTED = 130


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    command = subparsers.add_parser(
        "monorail",
        help="Monorail: check positions and moves, analyse openings",
        description="The referee's answers for Monorail (see docs/monorail.md).",
    )
    command.set_defaults(handler=lambda _args: _help(command))
    sub = command.add_subparsers(dest="monorail_command", metavar="COMMAND")

    check = sub.add_parser(
        "check",
        help="is a position complete or completable, is a move legal",
        description="With --jsonl, read one position per line on stdin and write one answer per line "
        "(see docs/monorail.md). Without it, check --position (default: the start) and MOVE if given.",
    )
    check.add_argument("move", nargs="*", metavar="MOVE", help='a move in the notation, e.g. "H@2,0 NW@3,0"')
    check.add_argument("--jsonl", action="store_true", help="machine interface: JSON lines in and out")
    check.add_argument("--position", metavar="JSON|FILE", help="the position (default: the start)")
    check.add_argument("--loose-edges", action="store_true", help="switch the edge rule off (M4)")
    check.set_defaults(handler=run_check)

    study = sub.add_parser(
        "analyze",
        help="every legal move from a position, by symmetry class, and what it leads to",
        description="List every legal move from a position (default: the start) in classes under the "
        "board's symmetries, with whether it keeps completion possible, and search each a few plies deep "
        "for a forced result (the move is ply 1; the opponent's reply ply 2).",
    )
    study.add_argument("--position", metavar="JSON|FILE", help="the position (default: the start)")
    study.add_argument(
        "--depth",
        type=_depth,
        help=f"plies to search (default {DEPTH}, about a second from the start; 4 and 5 take minutes; 6 hours or more)",
    )
    study.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    study.add_argument("--loose-edges", action="store_true", help="switch the edge rule off (M4)")
    study.add_argument(
        "--variant",
        choices=list(VARIANTS),
        default="standard",
        help="the rules: standard (16 tiles, the default) or a smaller supply (tiles-8 ... tiles-14)",
    )
    solving = study.add_argument_group("solving the game (--solve)")
    solving.add_argument(
        "--solve",
        action="store_true",
        help="find who wins the variant's start with perfect play (df-pn search), the winner's strategy, "
        "and check it against every reply",
    )
    solving.add_argument("--out", type=Path, metavar="FILE", help="write the winner's strategy file (JSON Lines)")
    solving.add_argument("--time-limit", type=_seconds, metavar="SECONDS", help="stop the search after this long")
    solving.add_argument("--no-check", action="store_true", help="do not run the checker on the strategy")
    study.set_defaults(handler=run_analyze)


def _help(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return USAGE


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0
    if not seconds > 0:
        raise argparse.ArgumentTypeError(f"a number of seconds above 0, not {text!r}")
    return seconds


def _depth(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a whole number of plies, 1 or more, not {text!r}")
    return int(text)


# check


def position_of(request: dict[str, Any]) -> Position:
    """The position a request describes; MalformedLine saying what is wrong."""
    stations = request.get("stations")
    if stations is not None and (not isinstance(stations, list) or len(stations) != 2):
        raise MalformedLine(f'"stations" is two tiles [x, y, shape], not {shown(stations)}')
    left = request.get("tiles_left")
    if isinstance(left, int) and not isinstance(left, bool) and left > TILES_LEFT_LIMIT:
        raise MalformedLine(f'"tiles_left" is at most {TILES_LEFT_LIMIT}, not {left}')
    try:
        return Position.from_json(request)
    except TileError as err:
        raise MalformedLine(str(err)) from None


def _strict(request: dict[str, Any], default: bool) -> bool:
    strict = request.get("strict_edges", default)
    if not isinstance(strict, bool):
        raise MalformedLine(f'"strict_edges" is true or false, not {shown(strict)}')
    return strict


def _move_of(value: Any) -> Move:
    if not isinstance(value, list):
        raise MalformedLine(f'"move" is a list of tiles [x, y, shape], not {shown(value)}')
    try:
        return Move(tuple(Tile.from_json(t) for t in value))
    except TileError as err:
        raise MalformedLine(f'"move": {err}') from None


def check(position: Position, move: Move | None = None, strict_edges: bool = True) -> dict[str, Any]:
    """The answer for one position (or one move in it), as the interface writes it."""
    if move is not None:
        try:
            check_move(position, move, strict_edges)
        except IllegalMoveError as err:
            return {"legal": False, "reason": str(err), "fault": err.fault.value}
        return {"legal": True, "reason": "", "fault": None}
    try:
        solution = solve(position, strict_edges, max_steps=STEP_LIMIT)
    except SearchLimitError as err:
        raise MalformedLine(f"{err}; a smaller tiles_left may be answered") from None
    return {
        "complete": is_complete(position.board),
        "completable": solution.completable,
        "min_needed": solution.min_needed,
        "witness": None if solution.witness is None else [t.as_json() for t in solution.witness],
    }


def check_line(line: str, strict_edges: bool = True) -> dict[str, Any]:
    """The answer for one input line; MalformedLine when it does not follow the interface."""
    request = load_object(line, EXAMPLE)
    position = position_of(request)
    strict = _strict(request, strict_edges)
    return check(position, _move_of(request["move"]) if "move" in request else None, strict)


def run_jsonl(stdin: BinaryIO, stdout: TextIO, strict_edges: bool = True) -> int:
    """One output line per input line, each flushed as it is written."""
    return answer_lines(stdin, stdout, lambda line: check_line(line, strict_edges), doing="checked")


def load_position(text: str | None) -> Position:
    """`--position`: JSON text, or the path of a file holding it; the start when absent."""
    if text is None:
        return Position()
    source = text
    if not text.lstrip().startswith("{"):
        try:
            source = Path(text).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise MalformedLine(f"--position: cannot read {text}: {getattr(err, 'strerror', None) or err}") from None
    try:
        return position_of(load_object(source.strip(), EXAMPLE))
    except MalformedLine as err:
        raise MalformedLine(f"--position: {err}") from None


def run_check(args: argparse.Namespace) -> int:
    if args.jsonl:
        if args.move or args.position:
            print("refgm monorail check: --jsonl reads everything from stdin; no MOVE or --position", file=sys.stderr)
            return USAGE
        return run_jsonl(sys.stdin.buffer, sys.stdout, not args.loose_edges)
    try:
        position = load_position(args.position)
        move = parse_move(" ".join(args.move)) if args.move else None
    except (MalformedLine, NotationError) as err:
        print(f"refgm monorail check: {err}", file=sys.stderr)
        return USAGE
    answer = check(position, move, not args.loose_edges)
    if move is not None:
        if answer["legal"]:
            print(f"{move_str(move)}: legal")
        else:
            print(f"{move_str(move)}: illegal ({answer['fault']}): {answer['reason']}")
        return 0
    print(describe_position(position, answer))
    return 0


def _notation(tiles: list[list[Any]]) -> str:
    return move_str(Move(tuple(Tile.from_json(t) for t in tiles)))


def describe_position(position: Position, answer: dict[str, Any]) -> str:
    if answer["complete"]:
        return "complete: the loop is closed"
    if not answer["completable"]:
        why = " (a rail end meets a blank side)" if position.faults else ""
        return f"not completable with {position.tiles_left} tiles left{why}"
    return f"completable: {answer['min_needed']} more tiles at the fewest, e.g. {_notation(answer['witness'])}"


# analyze


def _progress(stream: TextIO) -> Callable[[int, int], None]:
    """Progress on `stream` when it is a terminal (a line rewritten in place), silence otherwise."""
    if not stream.isatty():
        return lambda done, total: None

    def show(done: int, total: int) -> None:
        stream.write(f"\ranalyze: {done}/{total} classes" + ("\r\033[K" if done == total else ""))
        stream.flush()

    return show


def run_analyze(args: argparse.Namespace) -> int:
    rules = replace(variant(args.variant), strict_edges=not args.loose_edges)
    if args.solve:
        if args.position or args.depth:
            print(
                "refgm monorail analyze: --solve searches the variant's start to the end: no --position or --depth",
                file=sys.stderr,
            )
            return USAGE
        return run_solve(args, rules)
    if args.out or args.time_limit or args.no_check:
        print("refgm monorail analyze: --out, --time-limit and --no-check go with --solve", file=sys.stderr)
        return USAGE
    try:
        position = load_position(args.position) if args.position else Position(tiles_left=rules.tiles)
    except MalformedLine as err:
        print(f"refgm monorail analyze: {err}", file=sys.stderr)
        return USAGE
    args.depth = args.depth or DEPTH
    strict = rules.strict_edges
    counted = [0, 0]
    show = _progress(sys.stderr)

    def progress(done: int, total: int) -> None:
        counted[:] = [done, total]
        show(done, total)

    try:
        classes = analyze(position, args.depth, strict, progress)
    except KeyboardInterrupt:
        done, total = counted
        print(
            f"\nrefgm monorail analyze: interrupted after {done} of {total or '?'} classes; nothing printed",
            file=sys.stderr,
        )
        return INTERRUPTED
    report = analysis_json(position, classes, args.depth, strict)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        print("\n".join(analysis_text(report)))
    return 0


def _tally(classes: Iterable[MoveClass]) -> dict[str, int]:
    chosen = list(classes)
    return {"moves": sum(len(c.members) for c in chosen), "classes": len(chosen)}


# Each outcome's key in --json, which class outcomes it counts, and what the table says of it.
_OUTCOMES: tuple[tuple[str, Callable[[Outcome], bool], str], ...] = (
    ("completes", lambda o: o.how is How.COMPLETES, "win at once: the move closes the loop"),
    ("impossible", lambda o: o.how is How.IMPOSSIBLE, "lose at ply 2: the opponent declares 'impossible', rightly"),
    ("hands_over", lambda o: o.how is How.HANDS_OVER, "lose at ply 2: the opponent completes the loop with one move"),
    ("forced_win", lambda o: o.how is How.FORCED and o.result is Result.WIN, "win by force within the depth"),
    ("forced_loss", lambda o: o.how is How.FORCED and o.result is Result.LOSS, "lose by force within the depth"),
    ("open", lambda o: o.result is Result.OPEN, "no forced result within the depth"),
)


def analysis_json(position: Position, classes: tuple[MoveClass, ...], depth: int, strict: bool) -> dict[str, Any]:
    """The analysis as `--json` prints it (and the table is drawn from)."""
    sizes = sorted({len(c.move.tiles) for c in classes})
    keep = [c for c in classes if c.after.completable]
    return {
        "position": position.as_json(),
        "strict_edges": strict,
        "depth": depth,
        "symmetries": [s.name.lower() for s in stabilizer(position)],
        "legal": {
            "all": _tally(classes),
            **{str(n): _tally(c for c in classes if len(c.move.tiles) == n) for n in sizes},
        },
        "completable": {
            "all": _tally(keep),
            **{str(n): _tally(c for c in keep if len(c.move.tiles) == n) for n in sizes},
        },
        "outcomes": {name: _tally(c for c in classes if test(c.outcome)) for name, test, _ in _OUTCOMES},
        "classes": [
            {
                "move": c.move.as_json(),
                "notation": move_str(c.move),
                "members": [m.as_json() for m in c.members],
                "completable": c.after.completable,
                "min_needed": c.after.min_needed,
                "outcome": {
                    "result": c.outcome.result.value,
                    "plies": c.outcome.plies,
                    "how": c.outcome.how.value if c.outcome.how else None,
                    "reply": c.outcome.reply.as_json() if c.outcome.reply else None,
                },
            }
            for c in classes
        ],
    }


def _outcome_text(outcome: dict[str, Any]) -> str:
    if outcome["result"] == "open":
        return "open"
    text = (
        f"{outcome['result']} at ply {outcome['plies']}"
        if outcome["how"] != "forced"
        else (f"{outcome['result']} by force within {outcome['plies']} plies")
    )
    if outcome["how"] == "impossible":
        text += " ('impossible')"
    if outcome["reply"]:
        text += f" (reply {_notation(outcome['reply'])})"
    return text


def analysis_text(report: dict[str, Any]) -> list[str]:
    """The analysis as a table for people."""
    position = Position.from_json(report["position"])
    start = position == Position()
    where = "the start" if start else f"{len(position.placed)} rail tiles placed"
    edges = "strict" if report["strict_edges"] else "off"
    lines = [
        f"Monorail: every legal move from {where} ({position.tiles_left} tiles left, edge rule {edges})",
        f"symmetries of the position: {len(report['symmetries'])} ({', '.join(report['symmetries'])})",
        "",
        f"{'tiles':>5}  {'legal moves':>11}  {'classes':>7}  {'completable moves':>17}  {'classes':>7}",
    ]
    for key in [k for k in report["legal"] if k != "all"] + ["all"]:
        legal, keep = report["legal"][key], report["completable"].get(key, {"moves": 0, "classes": 0})
        lines.append(
            f"{key:>5}  {legal['moves']:>11}  {legal['classes']:>7}  {keep['moves']:>17}  {keep['classes']:>7}"
        )
    if start:
        by_size = ", ".join(
            f"{report['completable'][k]['classes']} of {k} tile{'s' if k != '1' else ''}"
            for k in report["completable"]
            if k != "all"
        )
        lines += [
            "",
            f'namu wiki: 150 first moves "excluding impossible and symmetric ones"; here '
            f"{report['completable']['all']['classes']} classes of completable first moves ({by_size})",
        ]
    lines += [
        "",
        f"search to {report['depth']} plies (the move is ply 1, the opponent's reply ply 2; "
        "exact within that depth, 'open' is no forced result, not a draw):",
    ]
    for name, _, says in _OUTCOMES:
        tally = report["outcomes"][name]
        lines.append(f"  {says:<62} {tally['moves']:>5} moves  {tally['classes']:>4} classes")
    lines += ["", f"{'move':<28} {'moves':>5}  {'completable':<11}  {'fewest':>6}  outcome"]
    for c in report["classes"]:
        fewest = "-" if c["min_needed"] is None else str(c["min_needed"])
        lines.append(
            f"{c['notation']:<28} {len(c['members']):>5}  {'yes' if c['completable'] else 'no':<11}  "
            f"{fewest:>6}  {_outcome_text(c['outcome'])}"
        )
    return lines
