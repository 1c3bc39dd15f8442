"""A table: one game in play and recorded, the life every game's session shares.

Two kinds of table stand on it. `gm.match.Match` seats humans, bots and model agents at any
game of the protocol; `gm.session.Session` is the liar game's, whose one seat speaks and whose
actor voices the referee's answers. Whatever the game, a table

- is founded with its sidecar first and then its log, created with the `game_started` line
  in it, so a crash leaves either no log (the same path can be used again) or one that resumes;
- is reopened after an interruption the same way: a torn last line dropped, a finished game
  (or one whose `game_ended` went missing) and another game's log refused, its sealed
  secret read back;
- changes its state only through the game's referee (`referee.game.Game.step`);
- ends by revealing what was sealed in `game_ended`, then marking the sidecar, so the log
  then holds it all.

Each table re-runs its own logs (`gm.match.rerun`, `gm.session.rerun`): resume, `refgm
replay` and a seat's view all go through that one re-run.

Where the log and the seal are kept is a `Ledger`: a file and its sidecar (`FileLedger`, the
terminal's), or a database's rows (`refgm.serve.store`, the web page's). Both keep the same
promise: every event is durable before the next is written, and the seal before the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from gm.recorder import (
    Log,
    Sealed,
    TranscriptError,
    TranscriptWriter,
    mark_ended,
    read,
    read_sidecar,
    resume_name,
    truncate_torn_tail,
    write_sidecar,
)
from referee.game import Game, Json

State = TypeVar("State")

UNNAMED_GAME = "liar"
"""The game of a log whose `game_started` names none: logs from before there were others."""


def game_of(log: Log) -> str:
    """The name of the game `log` records."""
    return str(log.events[0].data.get("game", UNNAMED_GAME))


class Writer(Protocol):
    """Appends a game's events, each durable before `write` returns."""

    def write(self, t: str, **fields: Any) -> None: ...

    def close(self) -> None: ...


class Ledger(Protocol):
    """Where one game's log and its sealed secret are kept."""

    @property
    def name(self) -> str:
        """How messages name the log: its path, or its place in a database."""
        ...

    def create(self, sealed: Sealed, started: Json) -> Writer:
        """Seal `sealed`, then create the log with its `game_started` line (or both at once, in one
        transaction); FileExistsError if there is one."""
        ...

    def load(self) -> tuple[Log, Sealed]:
        """The log as kept (a torn last line dropped, and cut off) and its seal."""
        ...

    def append(self) -> Writer: ...

    def mark_ended(self, sealed: Sealed) -> None:
        """After `game_ended` is kept: the seal says so, so its loss is caught."""
        ...


@dataclass(frozen=True)
class FileLedger:
    """A log file and its 0600 sidecar (gm.recorder)."""

    path: Path

    @property
    def name(self) -> str:
        return str(self.path)

    def create(self, sealed: Sealed, started: Json) -> TranscriptWriter:
        if self.path.exists():
            raise FileExistsError(f"{self.path} already exists; choose another --transcript")
        write_sidecar(self.path, sealed)
        return TranscriptWriter.create(self.path, "game_started", **started)

    def load(self) -> tuple[Log, Sealed]:
        log = read(self.path, drop_torn_tail=True)
        if log.torn_tail:
            truncate_torn_tail(self.path)
        return log, read_sidecar(self.path)

    def append(self) -> TranscriptWriter:
        return TranscriptWriter.append(self.path)

    def mark_ended(self, sealed: Sealed) -> None:
        mark_ended(self.path, sealed)


def ledger(where: Path | Ledger) -> Ledger:
    """A path is a log file; anything else already is a ledger."""
    return FileLedger(where) if isinstance(where, Path) else where


def found(where: Path | Ledger, sealed: Sealed, **started: Any) -> Writer:
    """Seal `sealed`, then create the log with its `game_started`."""
    return ledger(where).create(sealed, started)


def reopen(where: Ledger, game: str) -> tuple[Log, Sealed]:
    """The log of an interrupted game of `game` (its torn last line cut off) and its seal;
    TranscriptError saying why when it cannot go on."""
    log, sealed = where.load()
    name = where.name
    if log.first("game_ended"):
        raise TranscriptError(f"{name}: this game is over; see it with: refgm replay {name}")
    if game_of(log) != game:
        raise TranscriptError(f"{name}: a game of {game_of(log)!r}, not {game}")
    if sealed.ended:
        raise TranscriptError(f"{name}: this game ended but its game_ended line is missing; see: refgm replay {name}")
    return log, sealed


class Table(Generic[State]):
    """A game's state, its log, and what was sealed at its start (None: an unrecorded game),
    kept in `ledger` (None: unrecorded, or a writer that keeps its own)."""

    def __init__(
        self,
        *,
        game: Game[State, Any],
        state: State,
        writer: Writer,
        sealed: Sealed | None,
        game_id: str,
        ledger: Ledger | None = None,
    ) -> None:
        self.game = game
        self.state = state
        self.writer = writer
        self.sealed = sealed
        self.game_id = game_id
        self.ledger = ledger

    @property
    def resume_name(self) -> str:
        """What to pass to `refgm play --resume` to go on with this game."""
        return resume_name(Path(self.ledger.name), self.game_id) if self.ledger else self.game_id

    @property
    def over(self) -> bool:
        return self.game.result(self.state) is not None

    def end(self, **revealed: Any) -> None:
        """Write `game_ended` with what it reveals, then mark the sidecar ended."""
        self.writer.write("game_ended", **revealed)
        if self.sealed is not None and self.ledger is not None:
            self.ledger.mark_ended(self.sealed)

    def close(self) -> None:
        self.writer.close()
