"""The web page's games in a database: SQLite by default, PostgreSQL for several servers.

Three tables (migrations/versions): `games`, a row per game with the hash of its token, who
plays it and its seal (the seed, secret and nonce a file keeps in its 0600 sidecar), `events`,
a row per line of its event log, numbered from 1, holding the line exactly as a JSONL log holds
it, so an export is those lines in order and `refgm replay` reads it, and `keys`, the server's
own secret keys, kept with the games so that every server sharing the database signs alike.

A request's events are kept together: the table writes them to the ledger's copy of the log,
and the host commits them in one transaction (`DbLedger.flush`) before it answers, so every turn
a page shows is committed, and a server killed mid-turn leaves the log as it was before the turn
(nothing of a turn nobody saw is kept, and nothing half of one). A process writes to a database
one transaction at a time (`Committer`), and the turns of other games that wait meanwhile are
committed together in the next: one sync of the disk for all of them, each turn still whole or
not at all. Servers sharing one database
never write the same game at once unnoticed: the numbers are a primary key, so a server whose copy
of a game is behind (another wrote to it) fails to commit (`StaleGameError`), drops its copy and
plays the request again on the game as it now is.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from gm.recorder import (
    VERSION,
    Event,
    Json,
    LineError,
    Log,
    Sealed,
    TranscriptError,
    event_line,
    parse_event,
    started,
)

metadata = sa.MetaData()
games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("lang", sa.String(8), nullable=False),
    sa.Column("seat", sa.String(16), nullable=True),
    sa.Column("opponent", sa.String(200), nullable=False),
    sa.Column("sealed", sa.Text, nullable=True),
    sa.Column("imported", sa.Boolean, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
)
events = sa.Table(
    "events",
    metadata,
    sa.Column("game_id", sa.String(64), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("t", sa.String(32), nullable=False),
    sa.Column("line", sa.Text, nullable=False),
)
keys = sa.Table(
    "keys",
    metadata,
    sa.Column("name", sa.String(32), primary_key=True),
    sa.Column("value", sa.String(128), nullable=False),
)
"""The schema as the migrations leave it (the code reads and writes through these)."""

# The statements of a request, built once: SQLAlchemy built and keyed a statement made afresh at
# each call in some 90 us (a count: 131 us made afresh, 45 us built once).
FIND = sa.select(games).where(games.c.token_hash == sa.bindparam("token_hash"))
COUNT = sa.select(sa.func.count()).where(events.c.game_id == sa.bindparam("game_id"))
LINES = sa.select(events.c.line).where(events.c.game_id == sa.bindparam("game_id")).order_by(events.c.seq)
LINES_AFTER = LINES.where(events.c.seq > sa.bindparam("kept"))
SEAL = sa.select(games.c.sealed).where(games.c.id == sa.bindparam("of_game"))
CREATE = games.insert()
APPEND = events.insert()
TOUCHED = games.update().where(games.c.id == sa.bindparam("of_game")).values(updated=sa.bindparam("updated"))
ENDED = TOUCHED.values(sealed=sa.bindparam("sealed"))

MIGRATIONS = Path(__file__).parent / "migrations"


class StaleGameError(RuntimeError):
    """Another server wrote to this game since this one loaded it: reload it and try again."""


def engine_url(url: str) -> str:
    """A database URL for SQLAlchemy: postgresql:// means psycopg 3."""
    for plain in ("postgresql://", "postgres://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url[len(plain) :]
    return url


def open_engine(url: str) -> Engine:
    """An engine on `url`, its schema migrated to the newest (Alembic). SQLite runs in WAL mode
    with every commit synced and waits for a busy lock rather than failing. A pooled connection
    to a server is tried before it is used (the server may have restarted since); a SQLite
    file's cannot go away, and trying it was a query more for every one the server made."""
    url = engine_url(url)
    engine = sa.create_engine(url, pool_pre_ping=not url.startswith("sqlite"))
    if engine.dialect.name == "sqlite":
        if engine.url.database:
            Path(engine.url.database).parent.mkdir(parents=True, exist_ok=True)

        @sa.event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            for pragma in ("journal_mode=WAL", "synchronous=FULL", "busy_timeout=30000", "foreign_keys=ON"):
                cursor.execute(f"PRAGMA {pragma}")
            cursor.close()

    migrate(engine)
    return engine


@dataclass
class _Write:
    """One transaction's statements, and how they went."""

    statements: Callable[[Connection], None]
    done: bool = False
    error: BaseException | None = None


class Committer:
    """Every write of this process to one database (`committer` gives the engine's), one
    transaction at a time; the writes that arrive while one commits wait and are committed
    together in the next, by whichever of their threads finds the database free (group commit).

    A server commits each turn before it answers, and a commit waits for the disk: with the
    turns of many games one after another that wait was every turn's, and each turn's alone.
    Together, the transaction is all of theirs or none: killed before its commit nothing of any
    of them is kept, and none was answered. When a statement is refused (IntegrityError: another
    server wrote to one of the games first, or took a new game's id) nothing was committed, and
    each write is committed again on its own, so only its own game gets the refusal. Any other
    failure is every write's: how far a failed commit got is not known, so none is tried again."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._changed = threading.Condition()
        self._waiting: list[_Write] = []
        self._busy = False

    def commit(self, statements: Callable[[Connection], None]) -> None:
        """Run `statements` in a transaction and commit it (perhaps with others); their error, if any."""
        write = _Write(statements)
        with self._changed:
            self._waiting.append(write)
            while not write.done:
                if self._busy:  # another thread commits: this write goes in the next transaction
                    self._changed.wait()
                    continue
                self._busy = True
                batch, self._waiting = self._waiting, []
                self._changed.release()
                try:
                    self._commit(batch)
                finally:
                    self._changed.acquire()
                    self._busy = False
                    self._changed.notify_all()
        if write.error is not None:
            raise write.error

    def _commit(self, batch: list[_Write]) -> None:
        try:
            if len(batch) > 1:
                try:
                    self._transaction(batch)
                    return
                except IntegrityError:  # refused before the commit: nothing of the batch is kept
                    pass
                except Exception as err:  # every write's error, raised in its own thread
                    for write in batch:
                        write.error, write.done = err, True
                    return
            for write in batch:
                try:
                    self._transaction([write])
                except Exception as err:  # the write's own error, raised in its own thread
                    write.error = err
                    write.done = True
        except BaseException as err:  # this thread was interrupted: no write is left waiting
            for write in batch:
                if not write.done:
                    write.error, write.done = err, True
            raise

    def _transaction(self, batch: list[_Write]) -> None:
        with self.engine.begin() as db:
            for write in batch:
                write.statements(db)
        for write in batch:
            write.done = True


_committers: weakref.WeakKeyDictionary[Engine, Committer] = weakref.WeakKeyDictionary()
_committers_lock = threading.Lock()


def committer(engine: Engine) -> Committer:
    """The one `Committer` of this process for `engine`."""
    with _committers_lock:
        found = _committers.get(engine)
        if found is None:
            found = _committers[engine] = Committer(engine)
        return found


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision (a no-op when it is there)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":  # servers starting together migrate one at a time
            connection.execute(sa.text("SELECT pg_advisory_xact_lock(14014)"))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def new_token() -> str:
    """A game's capability: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the database keeps of a token: a leaked database opens no game."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class GameRow:
    """What the database says of a game besides its events."""

    id: str
    game: str
    lang: str
    seat: str | None
    opponent: str
    imported: bool
    ended: bool


def _sealed_json(sealed: Sealed) -> str:
    return json.dumps(
        {"v": VERSION, "seed": sealed.seed, "secret": sealed.secret, "nonce": sealed.nonce, "ended": sealed.ended}
    )


def _sealed(text: str | None, name: str) -> Sealed:
    if text is None:
        raise TranscriptError(f"{name}: an imported log has no seal; it can be replayed, not played")
    data = json.loads(text)
    return Sealed(int(data["seed"]), data["secret"], str(data["nonce"]), data.get("ended", False) is True)


@dataclass
class DbLedger:
    """One game's log and seal in the database (a `gm.table.Ledger`). `lines` is this process's
    copy of the log: what it read, then what it wrote, of which the first `kept` are committed."""

    engine: Engine
    game_id: str
    row: Json = field(default_factory=dict)  # the games row to insert on create (token_hash, game, ...)
    lines: list[str] = field(default_factory=list)
    kept: int = 0
    ending: Sealed | None = None  # the seal to mark ended with the next flush

    @property
    def name(self) -> str:
        return f"game {self.game_id}"

    @property
    def path(self) -> Path:
        return log_path(self.game_id)

    def create(self, sealed: Sealed, started: Json) -> DbWriter:
        """The game's row, with its seal, and its first line, in one transaction."""
        line = event_line("game_started", dict(started)).rstrip("\n")
        now = time.time()
        row = {"id": self.game_id, "sealed": _sealed_json(sealed), "imported": False, "created": now, "updated": now}

        def statements(db: Connection) -> None:
            db.execute(CREATE, {**row, **self.row})
            db.execute(APPEND, {"game_id": self.game_id, "seq": 1, "t": "game_started", "line": line})

        try:
            committer(self.engine).commit(statements)
        except IntegrityError:
            raise FileExistsError(f"{self.name} already exists") from None
        self.lines, self.kept = [line], 1
        return DbWriter(self)

    def load(self) -> tuple[Log, Sealed]:
        with self.engine.connect() as db:
            sealed = db.execute(SEAL, {"of_game": self.game_id}).scalar_one_or_none()
            self.lines = list(db.execute(LINES, {"game_id": self.game_id}).scalars())
        self.kept, self.ending = len(self.lines), None
        return log_of(self.path, self.lines), _sealed(sealed, self.name)

    def append(self) -> DbWriter:
        return DbWriter(self)

    def mark_ended(self, sealed: Sealed) -> None:
        self.ending = replace(sealed, ended=True)

    def flush(self) -> None:
        """Commit the lines written since the last flush (and the seal's end), all or none;
        StaleGameError when another server wrote to the game first. It may be called in a
        thread of its own (the host does), while the table that wrote the lines waits."""
        kept, new, ending = self.kept, self.lines[self.kept :], self.ending
        if not new and ending is None:
            return
        changed: Json = {"of_game": self.game_id, "updated": time.time()}
        if ending is not None:
            changed["sealed"] = _sealed_json(ending)
        rows = [
            {"game_id": self.game_id, "seq": seq, "t": json.loads(line)["t"], "line": line}
            for seq, line in enumerate(new, kept + 1)
        ]

        def statements(db: Connection) -> None:
            if rows:
                db.execute(APPEND, rows)
            db.execute(TOUCHED if ending is None else ENDED, changed)

        try:
            committer(self.engine).commit(statements)
        except IntegrityError:
            raise StaleGameError(f"{self.name}: another server wrote to it after its line {kept}") from None
        self.kept, self.ending = kept + len(new), None

    def discard(self) -> None:
        """Forget what was written since the last flush (the table that wrote it is dropped too)."""
        del self.lines[self.kept :]
        self.ending = None


def log_path(game_id: str) -> Path:
    """The `Log.path` of a game kept here: a name no file has, for messages only."""
    return Path("<database>") / game_id


def log_of(path: Path, lines: list[str]) -> Log:
    """Lines of a log (each without its newline) parsed as a file's would be; LineError naming
    the first that is none."""
    return Log(path, started(path, parsed(path, lines)))


def parsed(path: Path, lines: list[str], first: int = 1) -> list[Event]:
    """Lines of a log parsed as events, the first of them its line `first`."""
    return [parse_event(path, n, _utf8(path, n, line)) for n, line in enumerate(lines, first)]


def _utf8(path: Path, number: int, line: str) -> bytes:
    try:
        return line.encode()
    except UnicodeEncodeError as err:  # a lone surrogate: no UTF-8 text
        raise LineError(path, number, None, f"not UTF-8 text ({err.reason})") from None


class DbWriter:
    """Appends a game's events to its ledger's copy of the log; `DbLedger.flush` commits them."""

    def __init__(self, ledger: DbLedger) -> None:
        self.ledger = ledger

    def write(self, t: str, **fields: Any) -> None:
        self.ledger.lines.append(event_line(t, fields).rstrip("\n"))

    def close(self) -> None:
        return None


class Store:
    """The database's games: created, found by token, exported and imported."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @classmethod
    def open(cls, url: str) -> Store:
        return cls(open_engine(url))

    def key(self, name: str) -> bytes:
        """The installation's secret key `name` (256 random bits), drawn the first time it is asked
        for and kept in the database: every server on it, and every restart, gets the same one."""
        select = sa.select(keys.c.value).where(keys.c.name == name)
        with self.engine.connect() as db:
            found = db.execute(select).scalar_one_or_none()
        if found is None:
            try:
                with self.engine.begin() as db:
                    db.execute(keys.insert().values(name=name, value=secrets.token_hex(32)))
            except IntegrityError:  # another server drew it first: theirs is the key
                pass
            with self.engine.connect() as db:
                found = db.execute(select).scalar_one()
        return bytes.fromhex(found)

    def ledger(self, game_id: str, token: str, **row: Any) -> DbLedger:
        """The ledger of a game to be created (its row is inserted with its first line)."""
        return DbLedger(self.engine, game_id, {"token_hash": token_hash(token), **row})

    def find(self, token: str) -> GameRow | None:
        with self.engine.connect() as db:
            row = db.execute(FIND, {"token_hash": token_hash(token)}).mappings().first()
        if row is None:
            return None
        ended = row["sealed"] is None or json.loads(row["sealed"]).get("ended") is True
        return GameRow(row["id"], row["game"], row["lang"], row["seat"], row["opponent"], row["imported"], ended)

    def log(self, game_id: str) -> tuple[list[str], Log]:
        """A game's committed lines, and the log they make."""
        lines = self.lines(game_id)
        return lines, log_of(log_path(game_id), lines)

    def lines(self, game_id: str) -> list[str]:
        with self.engine.connect() as db:
            return list(db.execute(LINES, {"game_id": game_id}).scalars())

    def events_after(self, game_id: str, kept: int) -> list[Event]:
        """The game's events committed after its first `kept` lines (one statement: a turn's
        lines, committed together, are all there or none of them)."""
        with self.engine.connect() as db:
            lines = list(db.execute(LINES_AFTER, {"game_id": game_id, "kept": kept}).scalars())
        return parsed(log_path(game_id), lines, kept + 1)

    def count(self, game_id: str) -> int:
        """How many lines of the game's log are committed."""
        with self.engine.connect() as db:
            return int(db.execute(COUNT, {"game_id": game_id}).scalar_one())

    def import_log(self, game_id: str, token: str, log: Log, lines: list[str]) -> None:
        """Keep a log (`lines` parsed, as `log_of` parses them) to be replayed. It gets no seal, so
        it can be replayed and audited, never played on; FileExistsError if the id is taken."""
        started = log.events[0].data
        config = started.get("config")
        lang = config.get("lang") if isinstance(config, dict) else None
        now = time.time()

        def statements(db: Connection) -> None:
            db.execute(
                games.insert().values(
                    id=game_id,
                    token_hash=token_hash(token),
                    game=str(started.get("game", "liar"))[:32],
                    lang=str(lang or "en")[:8],
                    seat=None,
                    opponent="imported",
                    sealed=None,
                    imported=True,
                    created=now,
                    updated=now,
                )
            )
            db.execute(
                events.insert(),
                [
                    {"game_id": game_id, "seq": n, "t": event.t[:32], "line": line}
                    for n, (event, line) in enumerate(zip(log.events, lines, strict=True), 1)
                ],
            )

        try:
            committer(self.engine).commit(statements)
        except IntegrityError:
            raise FileExistsError(f"game {game_id} already exists") from None
