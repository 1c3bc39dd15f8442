"""Isolation: from a Garnet Thief match's log, proof that no hidden choice of the current round
entered any model seat's context (issue 13, point 4), request by request.

It is checked on the structure, never by looking for character names in the text (every
announcement names one, legitimately). The recorded moves are stepped through the referee, and
for each `agent_attempt` of seat s at ply p:

- the request must be exactly the one s's agent builds from `GAME.view(state, s)`, the view at
  ply p (a retry with the recorded reason of the attempt before): an agent that put anything
  else in its context, another seat's choice included, fails this;
- that view must not change when the other seats' choices of this round, still unrevealed, are
  replaced by any other assignment of characters (every one: 4^k - 1 states after k choices).
  Each of those states is built by the referee (`referee.garnet.game.step`) from the round's
  start with the same announcements: the view, and so the request, is the same whatever the
  others chose.

Both hold for every request, or the request is a leak. The sampling seed is left out of the
comparison: it is an HMAC under the installation's private key (gm.sampling), not context,
and a log made on another machine is checked all the same.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from gm.agent import Retry
from gm.match import MatchGame, rerun
from gm.recorder import Event, Log
from referee.game import Json
from referee.garnet import CHARACTERS, Choose, GarnetState, step
from referee.garnet.protocol import GAME

RequestFor = Callable[[str, Json, int, int, Retry | None], str]
"""The request (as the log records it) that a seat's agent builds from a view: seat, view,
ply, attempt, and the retry it was given."""


@dataclass(frozen=True)
class Leak:
    """A request that fails the check: where it is in the log and which check it fails
    (`request`: not what the view gives; `view`: the view depends on another seat's choice)."""

    line: int
    ply: int
    seat: str
    check: str
    detail: str


@dataclass(frozen=True)
class Isolation:
    """One log checked: the requests, the other states each view was compared in, the leaks
    found, and what the referee's re-run of the log found wrong with it (nothing, for a log
    the harness wrote)."""

    requests: int
    alternatives: int
    leaks: tuple[Leak, ...]
    problems: tuple[str, ...]

    @property
    def leaking(self) -> int:
        """Requests with at least one leak."""
        return len({leak.line for leak in self.leaks})


def alternatives(opening: GarnetState, state: GarnetState, seat: str) -> Iterator[GarnetState]:
    """The states `seat` must not be able to tell from `state`: this round's choices of the
    other seats (unrevealed) replaced by every other assignment of characters, the
    announcements kept. Every one is stepped by the referee from the round's `opening`, the
    assignments in a tree so that states with a common start share its steps."""
    choosers = state.order[: len(state.turns)]

    def grow(at: GarnetState, i: int, changed: bool) -> Iterator[GarnetState]:
        if i == len(choosers):
            if changed:
                yield at
            return
        played = state.turns[i]
        options = [played.character] if choosers[i] == seat else CHARACTERS
        for character in options:
            yield from grow(
                step(at, choosers[i], Choose(character, played.announcement)),
                i + 1,
                changed or character is not played.character,
            )

    yield from grow(opening, 0, False)


def _context(request: str) -> object:
    """A recorded request without its sampling seed; the text itself when it is no JSON object."""
    try:
        record = json.loads(request)
    except ValueError:
        return request
    if isinstance(record, dict):
        record.pop("seed", None)
    return record


def _retry(game: MatchGame, event: Event) -> Retry:
    """The retry the next attempt is given after `event`, as gm.match builds it."""
    move = event.data.get("move")
    return Retry(None if move is None else game.move_from_json(move), event.data.get("reason") or "no move")


def check(log: Log, request_for: RequestFor, game: MatchGame = GAME) -> Isolation:
    """Check every agent request of a Garnet Thief match's `log` (see the module's doc).

    `game` is the protocol whose views are checked: the referee's, unless a test hands in
    another to show that a leaking view is caught."""
    done = rerun(log, game)
    problems = tuple(str(mismatch) for mismatch in done.problems)
    state = game.start(log.events[0].data["config"]["rules"])
    opening, ply, requests, compared = state, 0, 0, 0
    leaks: list[Leak] = []
    retry: Retry | None = None
    for event in log.events[1:]:
        seat = event.data.get("seat")
        if event.t == "move" and isinstance(seat, str):
            state = game.step(state, seat, game.move_from_json(event.data["move"]))
            ply, retry = ply + 1, None
            if not state.turns:
                opening = state
        elif event.t == "agent_attempt" and isinstance(seat, str):
            requests += 1
            view = game.view(state, seat)
            expected = request_for(seat, view, ply, int(event.data.get("attempt", 1)), retry)
            if _context(str(event.data.get("request"))) != _context(expected):
                leaks.append(Leak(event.line, ply, seat, "request", "not the request its agent builds from its view"))
            for other in alternatives(opening, state, seat):
                compared += 1
                if game.view(other, seat) != view:
                    leaks.append(Leak(event.line, ply, seat, "view", "its view changes with another seat's choice"))
                    break
            retry = _retry(game, event)
    return Isolation(requests, compared, tuple(leaks), problems)
