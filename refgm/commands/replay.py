"""`refgm replay TRANSCRIPT`: re-run the referee over a recorded game, with no model calls.

The referee re-steps the recorded intents from the secret (revealed in `game_ended`, or
from the sidecar of an unfinished game) through `gm.session.rerun`, the loop resume uses:
the events must come exactly as a session writes them, each verdict must equal the
recorded one, every recorded model attempt (the narration of the opening and ending
included) must be accepted or rejected exactly as it was, and every `gm` line must be
what those decisions render. Prints a turn-by-turn table and the first line that
differs; exits 1 on any difference, 2 on a log that cannot be read: one whose lines are not
what the log's schema allows (gm.logschema.validate, the check `refgm serve` imports by) is
named by its line and field, as the server names it.
"""

from __future__ import annotations

import argparse
import json
import sys

from rich.table import Table
from rich.text import Text

from gm import match
from gm.console import terminal
from gm.logschema import validate
from gm.recorder import Log, Mismatch, TranscriptError, locate, read, read_sidecar
from gm.session import GameConfig, Replayed, reopened, rerun
from gm.table import game_of
from referee.game import Audience
from referee.liar.protocol import GAME as LIAR


def replay(log: Log) -> tuple[Replayed, ...]:
    """Re-run `log`: one row per turn, each with its problems (empty when it matched).

    Raises TranscriptError when the log cannot be replayed at all."""
    config = GameConfig.of(log)
    sealed = None if log.first("game_ended") is not None else read_sidecar(log.path)
    done = rerun(log, config, reopened(log, config, sealed))
    if sealed is not None and sealed.ended:
        missing = Mismatch(len(log.events) + 1, done.turn,
                          "game_ended is missing: the sidecar says this game ended")
        return (*done.turns, Replayed(done.turn, "", "game_ended", 0, done.state.remaining,
                                      "", None, (missing,)))
    return done.turns


def first_difference(rows: tuple[Replayed, ...]) -> Mismatch | None:
    """The problem on the earliest line, None when the log replayed clean."""
    return min((p for r in rows for p in r.problems), key=lambda p: p.line, default=None)


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "replay",
        help="re-check a recorded game turn by turn",
        description="Re-run the referee over a recorded game with no model calls: the "
        "events, every verdict, every accept/reject decision and every reply shown must "
        "match. Exit 1 on a mismatch, 2 on a log that cannot be read.",
    )
    p.add_argument("transcript", help="a game log (.jsonl) or a game ID")
    p.add_argument("--seat", metavar="N",
                   help="a game played by seats (Monorail, Garnet Thief): show it as seat N saw it, "
                   "only the events it could see (its own moves and tries, everyone's announcements, "
                   "the reveals); the whole log is still checked")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    path = locate(args.transcript)
    try:
        log = read(path, drop_torn_tail=True)
        validate(log)  # the schema the server imports by: a line it refuses is named, never re-run
        if game_of(log) != LIAR.name:
            return _replay_match(log, args.seat)
        if args.seat is not None:
            print("refgm replay: --seat is for a game played by seats (Monorail, Garnet Thief), "
                  "not the liar game", file=sys.stderr)
            return 2
        rows = replay(log)
    except TranscriptError as err:
        print(f"refgm replay: {err}", file=sys.stderr)
        return 2
    # Cells are Text, never markup: a player who typed "[/]" must not break or restyle the table.
    table = Table(title=Text(f"replay of {path}"))
    for column in ("turn", "player", "verdict", "cost", "left", "attempts", "match"):
        table.add_column(column)
    for r in rows:
        cells = (str(r.number), r.player, r.verdict, str(r.cost), str(r.remaining), r.attempts,
                 "NO" if r.problems else "yes")
        table.add_row(*(Text(cell) for cell in cells))
    terminal().print(table)
    if log.torn_tail:
        print(f"line {len(log.events) + 1} is incomplete (the game was interrupted "
              "mid-write); its event was never shown and is not checked.")
    for problem in sorted((p for r in rows for p in r.problems), key=lambda p: p.line):
        print(f"turn {problem.turn}, {problem}")
    bad = sum(1 for r in rows if r.problems)
    print(f"{len(rows)} turns replayed, {bad} mismatched.")
    first = first_difference(rows)
    if first is not None:
        print(f"{path}:{first.line}: the first line that differs.")
    return 1 if bad else 0


def _replay_match(log: Log, seat: str | None) -> int:
    """A game played by seats (gm.match): every move re-stepped through its referee; with
    `seat`, shown as that seat saw it."""
    game = match.game_in(log)
    done = match.replay(log, game)
    if seat is not None:
        return _seat_view(log, game, done, seat)
    table = Table(title=Text(f"replay of {log.path}"))
    for column in ("ply", "seat", "by", "move", "match"):
        table.add_column(column)
    differs = {p.line for p in done.problems}
    for event in done.moves:
        shown = json.dumps(event.data["move"], ensure_ascii=False) if event.line < _revealed_up_to(log) else _SECRET
        cells = (str(event.data["ply"]), str(event.data["seat"]), str(event.data.get("by")),
                 shown if event.see is not Audience.EVERYONE else json.dumps(event.data["move"], ensure_ascii=False),
                 "NO" if event.line in differs else "yes")
        table.add_row(*(Text(cell) for cell in cells))
    terminal().print(table)
    if log.torn_tail:
        print(f"line {len(log.events) + 1} is incomplete (the game was interrupted mid-write); it is not checked.")
    for problem in done.problems:
        print(f"ply {problem.turn}, {problem}")
    result = game.result(done.state)
    ended = "not over" if result is None else f"{', '.join(result.winners)} won ({result.reason})"
    print(f"{done.ply} moves replayed, {len(done.problems)} mismatched; the game: {ended}.")
    if done.problems:
        print(f"{log.path}:{done.problems[0].line}: the first line that differs.")
    return 1 if done.problems else 0


_SECRET = "(secret until its reveal)"


def _revealed_up_to(log: Log) -> int:
    """The line before which every secret move has been revealed: the last `revealed` line,
    or past the end once `game_ended` reveals everything. A replay for no seat in particular
    shows a game in progress as everyone may see it, so a player cannot read the bots' open
    choices from a second terminal."""
    if log.first("game_ended") is not None:
        return len(log.events) + 1
    return max((e.line for e in log.of("revealed")), default=0)


_COMMON = ("v", "t", "ply", "seat", "see")


def _seat_view(log: Log, game: match.MatchGame, done: match.Rerun, seat: str) -> int:
    """The events `seat` could see, one row each (gm.recorder.visible_to): another seat's
    secret move never appears, only its announcement and, at the end of its round, the reveal.
    The check covers the whole log, but only the differences on lines this seat sees are told."""
    seats = game.seats(done.state)
    if seat not in seats:
        print(f"refgm replay: this {game.name} game has the seats {', '.join(seats)}, not {seat!r}", file=sys.stderr)
        return 2
    kinds = {s: info.get("kind") for s, info in log.events[0].data.get("config", {}).get("seats", {}).items()}
    if done.ended is None and kinds.get(seat) != "human":
        people = ", ".join(s for s, kind in kinds.items() if kind == "human") or "none"
        print(f"refgm replay: seat {seat} is not played by a person, and the game is not over: its open choices "
              f"are secret until their reveal (the seats played by a person: {people})", file=sys.stderr)
        return 2
    seen = match.visible(log, seat).events
    print(f"{log.path} as seat {seat} saw it (line, event, ply, seat, what; NO marks a line that differs):")
    differs = {p.line for p in done.problems}
    for event in seen:
        what = {k: v for k, v in event.data.items() if k not in _COMMON}
        if event.t == "game_started":  # who played, and the commitment; the rules are the game's
            config = what.get("config") or {}
            players = {s: p.get("name") for s, p in (config.get("seats") or {}).items()}
            what = {"game": what.get("game"), "seats": players, "commitment": what.get("commitment")}
        elif event.t == "agent_attempt":  # the request is long, and the reply says what mattered
            what = {k: what.get(k) for k in ("attempt", "agent", "move", "accepted", "reason")}
        ply, by = event.data.get("ply"), event.data.get("seat")
        print(f"{event.line:>5} {event.t:<13} {'' if ply is None else ply:>3} {by or '-':>2} "
              f"{json.dumps(what, ensure_ascii=False)}{'  NO' if event.line in differs else ''}")
    lines = {event.line for event in seen}
    told = [p for p in done.problems if p.line in lines]
    for problem in told:
        print(f"ply {problem.turn}, {problem}")
    hidden = len(done.problems) - len(told)
    result = game.result(done.state)
    ended = "not over" if result is None else f"{', '.join(result.winners)} won ({result.reason})"
    print(f"{len(seen)} events seen by seat {seat}; {done.ply} moves replayed, {len(done.problems)} mismatched"
          f"{f' ({hidden} on lines seat {seat} does not see)' if hidden else ''}; the game: {ended}.")
    return 1 if done.problems else 0
