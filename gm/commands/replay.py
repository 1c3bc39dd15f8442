"""`refgm replay TRANSCRIPT`: re-run the referee over a recorded game, with no model calls.

The referee re-steps the recorded intents from the secret (revealed in `game_ended`, or
from the sidecar of an unfinished game) and each verdict must equal the recorded one;
every recorded model attempt, the narration of the opening and ending included, is checked
again and must be accepted or rejected exactly as it was. Prints a turn-by-turn table and
exits 1 on any mismatch, 2 on a bad log.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table

from gm.actor import Performance, PerformedLine
from gm.actors.narrator import check_narration
from gm.session import GameConfig, adjudicate, script_for, verdict_fields
from gm.transcript import (
    Event,
    Log,
    TranscriptError,
    intent_from_json,
    locate,
    read,
    read_sidecar,
    turns,
    verdict_json,
)
from gm.verify import verify
from referee.lang import Context
from referee.liar.game import GameState
from referee.liar.verdict import Answers
from referee.liar.world import World


@dataclass(frozen=True)
class Replayed:
    """One recorded turn checked again; `problems` is empty when everything matched."""

    number: int
    player: str
    verdict: str
    cost: int
    remaining: int
    attempts: str
    problems: tuple[str, ...]


def replay(log: Log) -> tuple[Replayed, ...]:
    """Check every turn of `log`; raises TranscriptError when it cannot be replayed at all."""
    state = _initial_state(log)
    config = GameConfig.of(log)
    checked = []
    for rt in turns(log):
        if rt.intent is None:
            if rt.narration:  # the opening's narration, told before any question
                decisions, problems = _narration(log, config, state, rt.narration)
                checked.append(Replayed(rt.number, "", "opening", 0, state.remaining,
                                        ", ".join(decisions), tuple(problems)))
            continue
        problems = []
        try:
            intent = intent_from_json(rt.intent.data["intent"])
        except (KeyError, TypeError, ValueError) as err:
            raise TranscriptError(f"{log.path}:{rt.intent.line}: bad intent ({err})") from None
        state, verdict = adjudicate(state, intent)
        now = verdict_json(verdict)
        if rt.verdict is None:
            problems.append("no verdict was recorded")
        elif now != verdict_fields(rt.verdict.data):
            problems.append(f"verdict differs (line {rt.verdict.line})")
        decisions = []
        for event in rt.attempts:
            if isinstance(verdict, Answers):
                again = verify(script_for(verdict, config, rt.number),
                               _performance(log, event), config.rules.roster).accepted
            else:
                again = False
                problems.append(f"a model attempt for a turn without answers (line {event.line})")
            decisions.append("ok" if again else "rejected")
            problems += _mismatch("attempt", event, again)
        narrated, mismatched = _narration(log, config, state, rt.narration)
        decisions += narrated
        problems += mismatched
        checked.append(Replayed(
            number=rt.number,
            player=str(rt.player.data.get("text", "")) if rt.player else "",
            verdict=str(now["kind"]),
            cost=int(now.get("cost", 0)),
            remaining=state.remaining,
            attempts=", ".join(decisions),
            problems=tuple(problems),
        ))
    ended = log.first("game_ended")
    if ended is not None and ended.data.get("outcome") != state.outcome:
        problem = (f"outcome recorded {ended.data.get('outcome')!r}, now {state.outcome!r} "
                   f"(line {ended.line})")
        checked.append(Replayed(0, "", "game_ended", 0, state.remaining, "", (problem,)))
    return tuple(checked)


def _mismatch(what: str, event: Event, again: bool) -> list[str]:
    """The problem when a recorded accept/reject decision is not what it is now."""
    recorded = bool(event.data.get("accepted"))
    if again == recorded:
        return []
    was, now = ("accepted" if value else "rejected" for value in (recorded, again))
    return [f"{what} {event.data.get('attempt')} was {was}, now {now} (line {event.line})"]


def _narration(
    log: Log, config: GameConfig, state: GameState, events: tuple[Event, ...]
) -> tuple[list[str], list[str]]:
    """The narrator's recorded tries checked again: (decisions, problems).

    An ending is checked against the secret, and only once the referee has ended the game.
    """
    ctx = Context(roster=config.rules.roster, incident=config.incident, lang=config.lang)
    decisions, problems = [], []
    for event in events:
        part = event.data.get("part")
        if part not in ("opening", "ending"):
            raise TranscriptError(f"{log.path}:{event.line}: unknown narration part {part!r}")
        if part == "ending" and not state.over:
            problems.append(f"an ending narrated before the game ended (line {event.line})")
            again = False
        else:
            text = str(event.data.get("text") or "")
            again = not check_narration(part, text, ctx, state.secret)
        decisions.append(f"{part} {'ok' if again else 'rejected'}")
        problems += _mismatch(f"{part} narration", event, again)
    return decisions, problems


def _performance(log: Log, event: Event) -> Performance:
    """A recorded model attempt as the performance that was verified."""
    try:
        lines = tuple(PerformedLine(str(s), str(t)) for s, t in event.data.get("lines", []))
    except (TypeError, ValueError):
        raise TranscriptError(f"{log.path}:{event.line}: lines are [speaker, text] pairs") from None
    return Performance(str(event.data.get("request")), str(event.data.get("raw")), lines)


def _initial_state(log: Log) -> GameState:
    """The state before the first question, from the revealed or the sealed secret."""
    started = log.events[0]
    config = GameConfig.of(log)
    ended = log.first("game_ended")
    if ended is not None:
        try:
            secret, nonce = World(**ended.data["secret"]), str(ended.data["nonce"])
        except (KeyError, TypeError) as err:
            raise TranscriptError(f"{log.path}:{ended.line}: bad game_ended ({err})") from None
    else:
        sealed = read_sidecar(log.path)
        secret, nonce = sealed.secret, sealed.nonce
    state = GameState(rules=config.rules, secret=secret, nonce=nonce,
                      remaining=config.rules.budget)
    if state.commitment != started.data.get("commitment"):
        raise TranscriptError(
            f"{log.path}:{started.line}: the revealed secret and nonce do not open the commitment")
    return state


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "replay",
        help="re-check a recorded game turn by turn",
        description="Re-run the referee over a recorded game with no model calls: every "
        "verdict and every accept/reject decision must match. Exit 1 on a mismatch.",
    )
    p.add_argument("transcript", help="a game log (.jsonl) or a game ID")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    path = locate(args.transcript)
    try:
        log = read(path)
        checked = replay(log)
    except TranscriptError as err:
        print(f"refgm replay: {err}", file=sys.stderr)
        return 2
    table = Table(title=f"replay of {path}")
    for column in ("turn", "player", "verdict", "cost", "left", "attempts", "match"):
        table.add_column(column)
    for r in checked:
        table.add_row(str(r.number), r.player, r.verdict, str(r.cost), str(r.remaining),
                      r.attempts, "NO" if r.problems else "yes")
    Console(highlight=False).print(table)
    for r in checked:
        for problem in r.problems:
            print(f"turn {r.number}: {problem}")
    bad = sum(1 for r in checked if r.problems)
    print(f"{len(checked)} turns replayed, {bad} mismatched.")
    return 1 if bad else 0
