"""Strategy files: the winner's action in every position it can meet, and the checker that
plays one against every reply.

A strategy file is JSON Lines, format version 1. The first line is its header:

    {"format": "refgm-monorail-strategy", "version": 1, "variant": "tiles-8",
     "rules": {"strict_edges": true, "tiles": 8}, "winner": "first", "entries": 2258, "search": {...}}

`variant` names the rules (`game.VARIANTS`; null for rules no variant names), `rules` states
them, `winner` is the seat the strategy wins for from the start, `entries` counts the lines
after the header and `search` holds the figures of the search that made it (ignored here).
Every other line is one position the winner is to move in, and the winner's action there:

    {"placed": [[x, y, shape], ...], "place": [[x, y, shape], ...], "if_declared": [[x, y, shape], ...]}
    {"placed": [[x, y, shape], ...], "declare": "impossible"}

`placed` is the set of rail tiles on the table (the stations are the rules' own), `place` the
winner's move and `if_declared` the winner's attempt should the loser then declare
'impossible': the tiles that close the loop (absent when the move closes it); `declare` is the
winner declaring 'impossible' instead of moving. Entries are in the order of their placed tiles.

`check` is the checker: it plays the strategy from the start against every legal reply of the
loser, with the referee's own `step`, `legal_moves` and `declaration_right` (the solver's proof
that a declaration is right, which stands for every attempt the loser could make), and nothing
of the search that wrote the file; a missing entry, an illegal action or a lost line fails it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.errors import RefereeError
from referee.monorail.game import (
    SEATS,
    Attempt,
    Declare,
    MonorailState,
    Place,
    Rules,
    declaration_right,
    new_game,
    step,
)
from referee.monorail.move import IllegalMoveError, Move, legal_moves
from referee.monorail.notation import move_str
from referee.monorail.tile import Tile, TileError

FORMAT = "refgm-monorail-strategy"
VERSION = 1

Placed = frozenset[Tile]


def in_cell_order(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """Tiles on distinct cells, in the order of their cells (as a file writes them)."""
    return tuple(sorted(tiles, key=lambda t: t.cell))


class StrategyError(RefereeError):
    """A strategy file that does not follow the format; `line` is its line number (from 1)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


@dataclass(frozen=True)
class Entry:
    """The winner's action in one position: a move (`place`), or 'impossible' (`place` None),
    and after a move that leaves the loop open, the attempt that closes it (`if_declared`)."""

    place: Move | None
    if_declared: tuple[Tile, ...] | None = None

    def as_json(self, placed: Placed) -> dict[str, Any]:
        line: dict[str, Any] = {"placed": [t.as_json() for t in in_cell_order(placed)]}
        if self.place is None:
            line["declare"] = "impossible"
            return line
        line["place"] = self.place.as_json()
        if self.if_declared is not None:
            line["if_declared"] = [t.as_json() for t in self.if_declared]
        return line


@dataclass(frozen=True)
class Strategy:
    """A winner's strategy from the start of `rules`: an entry for each position it meets."""

    rules: Rules
    winner: str
    entries: Mapping[Placed, Entry]
    search: Mapping[str, Any] = field(default_factory=dict)

    def lines(self) -> Iterator[str]:
        """The file, line by line (no newlines)."""
        header = {
            "format": FORMAT,
            "version": VERSION,
            "variant": self.rules.name,
            "rules": {"strict_edges": self.rules.strict_edges, "tiles": self.rules.tiles},
            "winner": self.winner,
            "entries": len(self.entries),
            "search": dict(self.search),
        }
        yield json.dumps(header)
        for placed in sorted(self.entries, key=lambda p: (len(p), [t.as_json() for t in in_cell_order(p)])):
            yield json.dumps(self.entries[placed].as_json(placed))

    @classmethod
    def from_lines(cls, lines: Iterable[str]) -> Strategy:
        """A strategy from its file's lines; StrategyError naming the first line at fault."""
        numbered = iter(enumerate(lines, 1))
        try:
            number, first = next(numbered)
        except StopIteration:
            raise StrategyError(1, "an empty file: the header is missing") from None
        header = _object(number, first)
        if header.get("format") != FORMAT or header.get("version") != VERSION:
            raise StrategyError(number, f"not a {FORMAT} file of version {VERSION}")
        rules = _rules(number, header.get("rules"))
        if header.get("variant") != rules.name:
            raise StrategyError(number, f"variant {header.get('variant')!r} is not the rules {header.get('rules')}")
        winner = header.get("winner")
        if winner not in SEATS:
            raise StrategyError(number, f"winner is one of {', '.join(SEATS)}, not {winner!r}")
        entries: dict[Placed, Entry] = {}
        for number, text in numbered:
            if text.strip():
                placed, entry = _entry(number, _object(number, text))
                if placed in entries:
                    raise StrategyError(number, "a second entry for the same position")
                entries[placed] = entry
        if header.get("entries") != len(entries):
            raise StrategyError(
                1, f"the header counts {header.get('entries')!r} entries, the file holds {len(entries)}"
            )
        return cls(rules, winner, entries, header.get("search") or {})


def _object(number: int, text: str) -> dict[str, Any]:
    try:
        obj = json.loads(text)
    except ValueError as err:
        raise StrategyError(number, f"not JSON: {err}") from None
    if not isinstance(obj, dict):
        raise StrategyError(number, "a line is a JSON object")
    return obj


def _rules(number: int, obj: object) -> Rules:
    if not isinstance(obj, dict):
        raise StrategyError(number, 'rules is {"strict_edges": true|false, "tiles": n}')
    strict, tiles = obj.get("strict_edges"), obj.get("tiles")
    if not isinstance(strict, bool) or not isinstance(tiles, int) or isinstance(tiles, bool) or tiles < 1:
        raise StrategyError(number, f'rules is {{"strict_edges": true|false, "tiles": n}}, not {obj!r}')
    return Rules(strict, tiles)


def _tiles(number: int, key: str, value: object) -> tuple[Tile, ...]:
    if not isinstance(value, list):
        raise StrategyError(number, f"{key} is a list of [x, y, shape]")
    try:
        return tuple(Tile.from_json(t) for t in value)
    except TileError as err:
        raise StrategyError(number, f"{key}: {err}") from None


def _entry(number: int, obj: dict[str, Any]) -> tuple[Placed, Entry]:
    placed = frozenset(_tiles(number, "placed", obj.get("placed")))
    if obj.get("declare") == "impossible" and "place" not in obj:
        return placed, Entry(None)
    if "place" not in obj:
        raise StrategyError(number, 'an entry has "place" (a move) or "declare": "impossible"')
    answer = obj.get("if_declared")
    return placed, Entry(
        Move(_tiles(number, "place", obj["place"])),
        None if answer is None else _tiles(number, "if_declared", answer),
    )


@dataclass(frozen=True)
class Verdict:
    """What the checker found: `ok`, or the reason and the line of play (moves from the start)
    where the strategy failed; how many of the winner's positions and loser's replies it played."""

    ok: bool
    positions: int
    replies: int
    reason: str = ""
    line: tuple[str, ...] = ()


class _Failed(Exception):
    def __init__(self, reason: str, line: tuple[str, ...]) -> None:
        super().__init__(reason)
        self.reason, self.line = reason, line


def check(strategy: Strategy) -> Verdict:
    """Play `strategy` from the start against every legal reply of the loser, each position
    once (what follows depends only on the tiles placed and whose turn it is)."""
    winner = strategy.winner
    loser = SEATS[1 - SEATS.index(winner)]
    seen: set[tuple[Placed, int]] = set()
    counts = [0, 0]  # the winner's positions, the loser's replies
    stack: list[tuple[MonorailState, tuple[str, ...]]] = [(new_game(strategy.rules), ())]
    try:
        while stack:
            state, line = stack.pop()
            if state.result is not None:
                if winner not in state.result.winners:
                    raise _Failed(f"the {loser} player wins ({state.result.reason})", line)
                continue
            key = (frozenset(state.position.placed), state.turn)
            if key in seen:
                continue
            seen.add(key)
            if state.seat == loser:
                stack.extend(_replies(state, None, line, counts))
                continue
            counts[0] += 1
            entry = strategy.entries.get(key[0])
            if entry is None:
                raise _Failed("no entry for this position", line)
            if entry.place is None:
                declared = _step(state, winner, Declare(), line)
                if not declaration_right(declared):
                    raise _Failed("'impossible' declared, but the loop can be completed", (*line, "impossible"))
                continue
            after = _step(state, winner, Place(entry.place), line)
            played = (*line, move_str(entry.place))
            if after.over:
                stack.append((after, played))
            else:
                stack.extend(_replies(after, entry, played, counts))
    except _Failed as failed:
        return Verdict(False, counts[0], counts[1], failed.reason, failed.line)
    return Verdict(True, counts[0], counts[1])


def _step(state: MonorailState, seat: str, action: Place | Declare | Attempt, line: tuple[str, ...]) -> MonorailState:
    try:
        return step(state, seat, action)
    except IllegalMoveError as err:
        raise _Failed(f"the strategy's action is illegal: {err}", line) from None


def _replies(
    state: MonorailState, entry: Entry | None, line: tuple[str, ...], counts: list[int]
) -> Iterator[tuple[MonorailState, tuple[str, ...]]]:
    """The states after each of the loser's options: every legal move, and 'impossible' when the
    rules allow it, answered by the entry's attempt, which must close the loop (last, so that the
    checker, which takes the last first, tries the one answer the strategy gives first)."""
    loser = state.seat
    assert loser is not None
    winner = SEATS[1 - SEATS.index(loser)]
    for move in legal_moves(state.position, state.rules.strict_edges):
        counts[1] += 1
        yield step(state, loser, Place(move)), (*line, move_str(move))
    try:
        declared = step(state, loser, Declare())
    except IllegalMoveError:
        return
    counts[1] += 1
    played = (*line, "impossible")
    answer = entry.if_declared if entry is not None else None
    if answer is None:
        raise _Failed("no answer to 'impossible' after the winner's move", played)
    yield _step(declared, winner, Attempt(answer), played), played
