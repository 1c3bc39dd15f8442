"""The event log of any game: one JSON object per line, appended and fsynced before the reply.

Every line is `{"v": 1, "t": "<event>", ...}`. Any event may say who may see it: `see` is a
`referee.game.Audience` value, "everyone" (the default when `see` is absent, so every older
log reads unchanged), "seat" (only the seat named in the event's `seat`) or "referee" (no
seat); `visible_to` rebuilds what one seat was shown. The liar game (one seat, "player")
writes every event for everyone. Its events, in the order a game writes them:

- `game_started`: `id`, `game` ("liar"; absent in older logs), `config` (lang, incident,
  roster, budget, actor), `commitment`.
  The log is created with this line in it (written aside, then linked into place), so no
  empty or half-started log exists.
- `player`: `turn`, `seat` ("player"; absent in older logs), `text` as typed.
- `interpretation` (before `intent`, model actors that read only): `turn`, `actor`,
  `parsed` (the parser's intent), `read` (whether the model's reply was a usable reading),
  `question` (the model's reading of the question or unclear utterance as an open
  question, or null), `request`, `raw`, `problem`, `tokens_in`, `tokens_out`, `latency`,
  `transport` (as for `model_attempt`). Logs from before the second reader lack `parsed`
  and `read`: their model read only what the parser found unclear.
- `intent`: `turn`, `intent` (lossless, see `referee.liar.codec.intent_json`) and `lang`
  it was read in.
- `verdict`: `turn` and the referee's decision (see `referee.liar.codec.verdict_json`):
  for answers, each answered pair's speaker, about, predicate, negated and answer (as
  said, never its truth), plus cost and remaining; for guesses, what was guessed and the
  result.
- `model_attempt`: `turn`, `attempt` (1, 2, ...), `actor`, `request`, `raw`, `lines`,
  `accepted`, `reasons`, `tokens_in`, `tokens_out`, `latency`, `transport` (each network
  exchange as [outcome, seconds]: retried faults, then "ok"), `fallback` (true for the
  template text used after every attempt was rejected, or once the turn's deadline passed:
  then with `deadline_s`). `raw` is null when the backend gave up. The last attempt of a
  turn is the one shown. A model's narration of the opening (turn 0) or the ending (the
  last turn) is a `model_attempt` too, with `part` ("opening" or "ending") and `text` (the
  narration read from the reply, "" if unreadable) for `lines`.
- `gm`: `turn`, `text` exactly as shown (turn 0 is the opening).
- `hint`: `turn`, `seat`: the player looked at /hint after that turn.
- `resumed`: `turn`: the game was continued after an interruption; what the interruption
  left unshown (the opening, or the last turn's reply) is recorded after it.
- `game_ended`: `outcome`, `secret` (culprit, liar), `nonce`, `commitment`, `seed`.

Nothing before `game_ended` lets anyone rebuild the secret: no seed, nonce or truth value
is written, only what the player was shown and the actors were asked. Resuming needs the
seed, secret (the game's own JSON: the liar's is `{"culprit", "liar"}`) and nonce, so they
live in a sidecar `<log>.secret.json` (mode 0600), written before the log exists; once
`game_ended` is on disk the sidecar is marked `"ended": true`, so a log whose `game_ended`
went missing is caught.

A reader raises `LineError` (a `TranscriptError`) naming the file, line and field of anything
malformed; what each kind of line may hold is gm.logschema's. A crash can only leave the LAST
line incomplete (torn, possibly inside a multibyte character); that line's event was never
followed by a reply (events are written first), so `read(..., drop_torn_tail=True)` drops it,
as resume and replay do.
"""

from __future__ import annotations

import json
import os
import secrets
import shlex
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from referee.game import Audience

VERSION = 1
Json = dict[str, Any]


class TranscriptError(ValueError):
    """A log or sidecar that cannot be read; the message names the file and line."""


class LineError(TranscriptError):
    """One line of a log that is not what a game writes: its number (1-based, or one past the
    last for a line that is missing) and the field at fault as a dotted path (`move.place.0`;
    None when the line as a whole is), so a server can answer with both, not only words."""

    def __init__(self, path: Path | str, line: int, field: str | None, text: str) -> None:
        super().__init__(f"{path}:{line}: {field + ': ' if field else ''}{text}")
        self.line = line
        self.field = field
        self.text = text


# --- where games live -----------------------------------------------------------------


def home() -> Path:
    """$REFGM_HOME, by default ~/.local/share/refgm: games and input history live here."""
    return Path(os.environ.get("REFGM_HOME") or Path.home() / ".local/share/refgm")


def new_game_id() -> str:
    """A sortable UTC timestamp plus a short random suffix, e.g. 20260130-061502-3fa2."""
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(2)


def game_path(game_id: str) -> Path:
    return home() / "games" / f"{game_id}.jsonl"


def resume_name(log: Path, game_id: str) -> str:
    """What to pass to `--resume` for `log`: its game ID if `locate` finds it so, else its path."""
    return game_id if locate(game_id) == log else shlex.quote(str(log))


def locate(game: str) -> Path:
    """A game ID (looked up under $REFGM_HOME/games) or a path to a log."""
    path = Path(game)
    if path.suffix == ".jsonl" or path.exists():
        return path
    return game_path(game)


# --- the sidecar --------------------------------------------------------------------------


@dataclass(frozen=True)
class Sealed:
    """What must stay hidden until the end but is needed to resume: seed, secret, nonce.

    `secret` is the game's own JSON (the game reads it back); `ended` marks a game whose
    `game_ended` is on disk (the log then holds all of it)."""

    seed: int
    secret: Json
    nonce: str
    ended: bool = False


def sidecar_path(log: Path) -> Path:
    return log.with_name(log.stem + ".secret.json")


def write_sidecar(log: Path, sealed: Sealed) -> Path:
    """Write the sidecar whole or not at all, mode 0600, replacing a leftover one.

    The caller makes sure no log exists yet (a sidecar without a log is a start that was
    interrupted before anything was shown) or that it is this game's own sidecar."""
    path = sidecar_path(log)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"v": VERSION, "seed": sealed.seed, "secret": sealed.secret, "nonce": sealed.nonce, "ended": sealed.ended}
    os.replace(_durable_draft(path, json.dumps(data) + "\n", 0o600), path)
    _sync_folder(path.parent)
    return path


def mark_ended(log: Path, sealed: Sealed) -> None:
    """After `game_ended` is written: the sidecar says so, so its loss is caught by replay."""
    write_sidecar(log, replace(sealed, ended=True))


def read_sidecar(log: Path) -> Sealed:
    path = sidecar_path(log)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data["secret"], dict):
            raise TypeError("the secret is not an object")
        return Sealed(int(data["seed"]), data["secret"], str(data["nonce"]), data.get("ended", False) is True)
    except OSError as err:
        raise TranscriptError(f"{path}: cannot read the sealed secret ({err.strerror})") from None
    except (ValueError, KeyError, TypeError) as err:
        raise TranscriptError(f"{path}: malformed sealed secret ({err})") from None


def _durable_draft(path: Path, text: str, mode: int) -> Path:
    """`text` fsynced in a draft beside `path`, to be linked or renamed into place."""
    draft = path.with_name(f".{path.name}.draft")
    fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        os.fchmod(fd, mode)
        fh.write(text)
        fh.flush()
        os.fsync(fd)
    return draft


def _sync_folder(folder: Path) -> None:
    """Make a new or renamed name in `folder` durable."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


# --- writing and reading ------------------------------------------------------------------


class TranscriptWriter:
    """Appends events; each is flushed and fsynced before `write` returns."""

    def __init__(self, path: Path, fh: IO[str]) -> None:
        self.path = path
        self._fh = fh

    @classmethod
    def create(cls, path: Path, t: str, **fields: Any) -> TranscriptWriter:
        """Start a new log with its first event: the file appears with that line or not at
        all, so a crash never leaves an empty log. Refuses to overwrite an existing file."""
        path.parent.mkdir(parents=True, exist_ok=True)
        draft = _durable_draft(path, event_line(t, fields), 0o644)
        try:
            os.link(draft, path)
        finally:
            draft.unlink()
        _sync_folder(path.parent)
        return cls.append(path)

    @classmethod
    def append(cls, path: Path) -> TranscriptWriter:
        return cls(path, open(path, "a", encoding="utf-8"))

    def write(self, t: str, **fields: Any) -> None:
        """Append one event; fields may include `see` (an Audience) and `seat`."""
        self._fh.write(event_line(t, fields))
        self._fh.flush()
        os.fsync(self._fh.fileno())

    def close(self) -> None:
        self._fh.close()


def event_line(t: str, fields: Json) -> str:
    """One event's line; an Audience is written as its value, and "everyone" not at all (the
    default), so a game with no hidden events writes the lines it always wrote."""
    see = fields.get("see")
    if isinstance(see, Audience):
        fields = {k: v for k, v in fields.items() if k != "see"}
        if see is not Audience.EVERYONE:
            fields["see"] = see.value
    return json.dumps({"v": VERSION, "t": t, **fields}, ensure_ascii=False) + "\n"


@dataclass(frozen=True)
class Event:
    """One parsed line of a log, with its 1-based line number for error messages."""

    line: int
    t: str
    data: Json

    @property
    def see(self) -> Audience:
        """Who may see this event (everyone when the line does not say)."""
        return Audience(self.data.get("see", Audience.EVERYONE.value))

    def seen_by(self, seat: str) -> bool:
        """Whether `seat` may see this event: one for everyone, or for that seat alone."""
        if self.see is Audience.SEAT:
            return self.data.get("seat") == seat
        return self.see is Audience.EVERYONE


@dataclass(frozen=True)
class Log:
    path: Path
    events: tuple[Event, ...]
    torn_tail: bool = False

    def of(self, t: str) -> tuple[Event, ...]:
        return tuple(e for e in self.events if e.t == t)

    def first(self, t: str) -> Event | None:
        found = self.of(t)
        return found[0] if found else None


def read(path: Path, drop_torn_tail: bool = False) -> Log:
    """Parse a log. Only a final line without its newline may be dropped (`drop_torn_tail`).

    Each line is decoded on its own: a crash may cut the last one inside a character."""
    try:
        data = path.read_bytes()
    except OSError as err:
        raise TranscriptError(f"{path}: cannot read ({err.strerror})") from None
    lines = data.split(b"\n")
    torn = lines[-1] != b""
    kept = lines if torn and not drop_torn_tail else lines[:-1]
    events = [parse_event(path, number, line, last=number == len(lines)) for number, line in enumerate(kept, 1)]
    return Log(path, started(path, events), torn and drop_torn_tail)


def started(path: Path, events: list[Event]) -> tuple[Event, ...]:
    """`events`, if they are a log: one that opens with its game_started line."""
    if not events or events[0].t != "game_started":
        raise LineError(path, 1, "t", "a transcript starts with a game_started event")
    return tuple(events)


def parse_event(path: Path, number: int, raw: bytes, last: bool = False) -> Event:
    hint = " (the line is incomplete: the game was interrupted mid-write)" if last else ""
    try:
        obj = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as err:
        raise LineError(path, number, None, f"not UTF-8 text{hint} ({err.reason})") from None
    except json.JSONDecodeError as err:
        raise LineError(path, number, None, f"not valid JSON{hint}: {err.msg}") from None
    except (ValueError, RecursionError) as err:  # nested too deeply, or a number over the digit limit
        raise LineError(path, number, None, f"not JSON this program reads: {str(err).split(':')[0]}") from None
    if not isinstance(obj, dict):
        raise LineError(path, number, None, 'an event is an object with a "t" field')
    if not isinstance(obj.get("t"), str):
        raise LineError(path, number, "t", 'an event is an object with a "t" field')
    if type(obj.get("v")) is not int or obj["v"] != VERSION:  # `true` and `1.0` are no version 1
        raise LineError(path, number, "v", f"unsupported event version {obj.get('v')!r}")
    see = obj.get("see", Audience.EVERYONE.value)
    if see not in _AUDIENCES:
        raise LineError(path, number, "see", f"see is one of {', '.join(_AUDIENCES)}, not {see!r}")
    if see == Audience.SEAT.value and not isinstance(obj.get("seat"), str):
        raise LineError(path, number, "seat", 'an event seen by one seat names it in "seat"')
    return Event(number, obj["t"], obj)


_AUDIENCES = tuple(a.value for a in Audience)


@dataclass(frozen=True)
class Mismatch:
    """Where a log differs from what the referee (or a session) decides now, and how: the line,
    the turn (or ply) it belongs to, the difference in words, and the field of the line it is
    in (a dotted path, as `LineError` names one; None when the line is out of place as a whole)."""

    line: int
    turn: int
    text: str
    field: str | None = None

    def __str__(self) -> str:
        return f"line {self.line}: {self.text}"


def differing_field(recorded: object, expected: object, path: str = "") -> str | None:
    """The first field (a dotted path; "" for the values themselves) where `recorded` is not
    `expected`, compared as JSON (`true`, `1` and `1.0` differ); None when they are the same."""
    if isinstance(recorded, dict) and isinstance(expected, dict):
        for key in [*expected, *(k for k in recorded if k not in expected)]:
            if key not in recorded or key not in expected:
                return f"{path}{key}"
            found = differing_field(recorded[key], expected[key], f"{path}{key}.")
            if found is not None:
                return found
        return None
    if isinstance(recorded, list) and isinstance(expected, list) and len(recorded) == len(expected):
        for index, (a, b) in enumerate(zip(recorded, expected, strict=True)):
            found = differing_field(a, b, f"{path}{index}.")
            if found is not None:
                return found
        return None
    same = json.dumps(recorded, sort_keys=True) == json.dumps(expected, sort_keys=True)
    return None if same else path.removesuffix(".")


@dataclass(frozen=True)
class RecordedTurn:
    """The events of one turn, in the order they are written; later ones may be missing.

    `attempts` are the actor's; `narration` the narrator's tries at the opening or ending.
    """

    number: int
    player: Event | None = None
    intent: Event | None = None
    verdict: Event | None = None
    attempts: tuple[Event, ...] = ()
    gm: Event | None = None
    narration: tuple[Event, ...] = ()


def turns(log: Log) -> tuple[RecordedTurn, ...]:
    """Group the per-turn events by their `turn` number, in order."""
    grouped: dict[int, dict[str, Any]] = {}
    for event in log.events:
        if event.t not in ("player", "intent", "verdict", "model_attempt", "gm"):
            continue
        number = event.data.get("turn")
        if not isinstance(number, int):
            raise LineError(log.path, event.line, "turn", f"a {event.t} event needs a turn number")
        slot = grouped.setdefault(number, {"number": number, "attempts": (), "narration": ()})
        if event.t == "model_attempt":
            slot["narration" if "part" in event.data else "attempts"] += (event,)
        elif event.t in slot:
            raise LineError(log.path, event.line, "t", f"a second {event.t} event in turn {number}")
        else:
            slot[event.t] = event
    return tuple(RecordedTurn(**grouped[n]) for n in sorted(grouped))


def visible_to(log: Log, seat: str) -> tuple[Event, ...]:
    """What `seat` may see of `log`: the events for everyone and those for it alone, never
    the referee's own."""
    return tuple(e for e in log.events if e.seen_by(seat))


def truncate_torn_tail(path: Path) -> bool:
    """Cut an incomplete final line (a crash mid-write) so appending starts on a fresh line."""
    data = path.read_bytes()
    if not data or data.endswith(b"\n"):
        return False
    with open(path, "r+b") as fh:
        fh.truncate(data.rfind(b"\n") + 1)
        fh.flush()
        os.fsync(fh.fileno())
    return True
