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
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Generic, TypeVar

from gm.recorder import (
    Log,
    Sealed,
    TranscriptError,
    TranscriptWriter,
    mark_ended,
    read,
    read_sidecar,
    truncate_torn_tail,
    write_sidecar,
)
from referee.game import Game

State = TypeVar("State")

UNNAMED_GAME = "liar"
"""The game of a log whose `game_started` names none: logs from before there were others."""


def game_of(log: Log) -> str:
    """The name of the game `log` records."""
    return str(log.events[0].data.get("game", UNNAMED_GAME))


def found(path: Path, sealed: Sealed, **started: Any) -> TranscriptWriter:
    """Seal `sealed` in the sidecar, then create the log at `path` with its `game_started`."""
    if path.exists():
        raise FileExistsError(f"{path} already exists; choose another --transcript")
    write_sidecar(path, sealed)
    return TranscriptWriter.create(path, "game_started", **started)


def reopen(path: Path, game: str) -> tuple[Log, Sealed]:
    """The log of an interrupted game of `game` (its torn last line cut off) and its sidecar;
    TranscriptError saying why when it cannot go on."""
    log = read(path, drop_torn_tail=True)
    if log.torn_tail:
        truncate_torn_tail(path)
    if log.first("game_ended"):
        raise TranscriptError(f"{path}: this game is over; see it with: refgm replay {path}")
    if game_of(log) != game:
        raise TranscriptError(f"{path}: a game of {game_of(log)!r}, not {game}")
    sealed = read_sidecar(path)
    if sealed.ended:
        raise TranscriptError(f"{path}: this game ended but its game_ended line is missing; see: refgm replay {path}")
    return log, sealed


class Table(Generic[State]):
    """A game's state, its log, and what was sealed at its start (None: an unrecorded game)."""

    def __init__(
        self, *, game: Game[State, Any], state: State, writer: TranscriptWriter, sealed: Sealed | None, game_id: str
    ) -> None:
        self.game = game
        self.state = state
        self.writer = writer
        self.sealed = sealed
        self.game_id = game_id

    @property
    def over(self) -> bool:
        return self.game.result(self.state) is not None

    def end(self, **revealed: Any) -> None:
        """Write `game_ended` with what it reveals, then mark the sidecar ended."""
        self.writer.write("game_ended", **revealed)
        if self.sealed is not None:
            mark_ended(self.writer.path, self.sealed)

    def close(self) -> None:
        self.writer.close()
