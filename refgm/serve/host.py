"""The games a server hosts: started, played a request at a time, shown from their logs.

A game in play is a `gm.session.Session` (the liar game) or a `gm.match.Match` (Monorail,
Garnet Thief), the same tables the terminal plays, kept in the database (`store.DbLedger`).
A turn request brings the human's input; the table plays it and every bot and model seat after
it, until the human is to move again or the game is over; the request's events are committed
together before it answers (`store.DbLedger.flush`), or, if it fails, none of them.
The human's seat is an `Inbox`: asked for a move it has none of (or one the referee refused),
it stops the table with `Awaiting`, and the request answers.

Tables are kept in memory between requests, but the database is the truth: a table this server
does not hold (it restarted, or another server played the game) is resumed from the log, as
`refgm play --resume` resumes a file. Showing a game never needs a table: its page is folded from
its log, kept, and brought up to date from the database when next shown (refgm.serve.pages). A
page asked for `since` a number of its feed's settled entries (the ones its reader has) carries
only the entries after them (`delta`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from gm.actors.model import ModelActor
from gm.bots import default_level, levels
from gm.garnet import ANNOUNCEMENT_CHARS, read_choice, read_designation
from gm.garnet import BRIEF as GARNET_BRIEF
from gm.garnet import Texts as GarnetTexts
from gm.logschema import check
from gm.match import AgentPlayer, Human, Match, Player
from gm.monorail import BRIEF as MONORAIL_BRIEF
from gm.monorail import Answer, typed_move
from gm.monorail import Texts as MonorailTexts
from gm.recorder import Json, TranscriptError, new_game_id
from gm.sampling import game_key
from gm.session import GameConfig, Session
from referee.game import find_game
from referee.garnet.character import Character
from referee.garnet.game import SEATS as GARNET_SEATS
from referee.garnet.game import Choose
from referee.garnet.words import read_announcement
from referee.lang.display import displayable
from referee.lang.incident import LANGS
from referee.lang.limits import UTTERANCE_CHARS
from referee.monorail.game import SEATS as MONORAIL_SEATS
from refgm.commands import incidents, play_seats
from refgm.commands.models import ServedReaders, open_actor
from refgm.serve.pages import Pages
from refgm.serve.replay import replay_view
from refgm.serve.store import DbLedger, GameRow, StaleGameError, Store, log_of, new_token, token_hash

GAMES = ("liar", "monorail", "garnet")
TITLES = {
    "liar": {"en": "Find the liar", "ko": "거짓말쟁이 찾기", "ja": "嘘つき探し"},
    "monorail": {"en": "Monorail", "ko": "모노레일", "ja": "モノレール"},
    "garnet": {"en": "Garnet Thief", "ko": "가넷 도둑", "ja": "ガーネット泥棒"},
}
TEXT_CHARS = UTTERANCE_CHARS
"""The longest text a turn may bring (a question, a move, an announcement)."""
KEPT = 512
"""How many tables a server keeps in memory; an older one is resumed from the log when next played."""
ROWS = 16_384
"""How many games' rows a server keeps, by their token's hash (a row found once is not asked for again)."""


class GameNotFound(LookupError):
    """No game has this token (or it is not one this request may play)."""


class Refused(ValueError):
    """The human's input was not taken: nothing was charged; the message is in the game's language."""


class GameOver(ValueError):
    """A turn for a game that has ended."""


class Conflict(RuntimeError):
    """Another server played this game during the request; the page reloads it."""


class Overtaken(ValueError):
    """A turn for a page the game has moved on from: a second tab, a retried request, or a move
    sent while other seats were still to play. Nothing is played; the page looks again."""


class Awaiting(Exception):
    """The human is to move: the table stops and the request answers (`refusal`: why the last was refused)."""

    def __init__(self, refusal: ValueError | None) -> None:
        super().__init__("the human is to move")
        self.refusal = refusal


@dataclass
class Inbox:
    """The human's seat on the web: the move this request brought, taken once."""

    move: Any = None

    async def ask(self, view: Json, refusal: ValueError | None) -> Any:
        if refusal is not None or self.move is None:
            self.move = None
            raise Awaiting(refusal)
        move, self.move = self.move, None
        return move


@dataclass(frozen=True)
class NewGame:
    """What the home page asks for: the game, its language, who plays against the human
    (an opponent id of `Host.opponents`), and where the human sits."""

    game: str
    lang: str
    opponent: str
    first: str = "human"  # Monorail: who places first, human or opponent
    seat: str | None = None  # Garnet Thief: 1 to 8, None: drawn from the seed


@dataclass
class Live:
    """A table this server holds, with its ledger, the human's inbox, and one lock: one request
    plays a game at a time."""

    table: Session | Match
    ledger: DbLedger
    inbox: Inbox | None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Host:
    """The server's games: `args` holds the model options of `refgm serve` (as `refgm play`
    takes them), `models` the provider:model names the home page offers besides the bots."""

    def __init__(self, store: Store, args: argparse.Namespace, models: tuple[str, ...] = ()) -> None:
        self.store = store
        self.args = args
        self.models = models
        self.live: OrderedDict[str, Live] = OrderedDict()
        self.pages = Pages(store, args.cached_pages)
        self.rows: OrderedDict[str, GameRow] = OrderedDict()
        self.readers = ServedReaders(args)  # --reader auto: each model checked once per language

    # --- what may be played ------------------------------------------------------------------

    def opponents(self, game: str) -> tuple[str, ...]:
        """Who may play against the human: the offline actor or the bots, then each model."""
        bots = ("offline",) if game == "liar" else tuple(f"bot:{level}" for level in levels(game))
        return bots + self.models

    def default_opponent(self, game: str) -> str:
        """The offline actor, or the game's default bot."""
        return f"bot:{default_level(game)}" if game in ("monorail", "garnet") else "offline"

    def options(self) -> Json:
        return {
            "langs": list(LANGS),
            "games": [
                {
                    "name": game,
                    "title": TITLES[game],
                    "opponents": [{"id": o, "label": o} for o in self.opponents(game)],
                    "default": self.default_opponent(game),
                }
                for game in GAMES
            ],
        }

    # --- starting --------------------------------------------------------------------------------

    async def create(self, new: NewGame) -> str:
        """Start a game as asked; its token. ValueError saying what is wrong with the request."""
        if new.game not in GAMES:
            raise ValueError(f"no game {new.game!r}; the games are {', '.join(GAMES)}")
        if new.lang not in LANGS:
            raise ValueError(f"no language {new.lang!r}; the languages are {', '.join(LANGS)}")
        if new.opponent not in self.opponents(new.game):
            raise ValueError(f"no opponent {new.opponent!r} for {new.game}")
        seed = random.SystemRandom().getrandbits(63)
        start = {"liar": self._start_liar, "monorail": self._start_monorail, "garnet": self._start_garnet}[new.game]
        for tries in range(1, 9):  # an id is the time to the second and 16 random bits: drawn again on a clash
            game_id, token = new_game_id(), new_token()
            try:
                live = await start(new, seed, game_id, partial(self._ledger, game_id, token, new))
                break
            except FileExistsError:
                if tries == 8:
                    raise
        self._keep(game_id, live)
        try:
            if isinstance(live.table, Match):  # the opponent may move first
                await self._play(live, None)
            await asyncio.to_thread(live.ledger.flush)
        except BaseException:  # the game's first line is kept: it resumes from there
            self._drop(game_id)
            raise
        return token

    def _ledger(self, game_id: str, token: str, new: NewGame, seat: str) -> DbLedger:
        """The ledger of a game about to be created, its human at `seat`."""
        return self.store.ledger(game_id, token, game=new.game, lang=new.lang, seat=seat, opponent=new.opponent)

    async def _start_liar(self, new: NewGame, seed: int, game_id: str, ledger: Callable[[str], DbLedger]) -> Live:
        config = GameConfig(lang=new.lang, incident=incidents.drawn(self.args, seed))  # type: ignore[arg-type]  # checked above
        kept = ledger("player")
        session, _ = await Session.start(
            config, kept, game_id, seed=seed, actor=self._actor(new.opponent, game_key(seed))
        )
        await self.readers.settle(session.actor, config.lang, config.rules.roster)
        return Live(session, kept, None)

    async def _start_monorail(self, new: NewGame, seed: int, game_id: str, ledger: Callable[[str], DbLedger]) -> Live:
        if new.first not in ("human", "opponent"):
            raise ValueError("first is human or opponent")
        seat = "first" if new.first == "human" else "second"
        return self._start_match(new, seed, game_id, ledger(seat), seat, MONORAIL_SEATS, MonorailTexts(new.lang))

    async def _start_garnet(self, new: NewGame, seed: int, game_id: str, ledger: Callable[[str], DbLedger]) -> Live:
        seat = new.seat or random.Random(f"seat:{seed}").choice(GARNET_SEATS)
        if seat not in GARNET_SEATS:
            raise ValueError("a seat is 1 to 8")
        return self._start_match(new, seed, game_id, ledger(seat), seat, GARNET_SEATS, GarnetTexts(new.lang))

    def _start_match(
        self, new: NewGame, seed: int, game_id: str, kept: DbLedger, seat: str, seats: tuple[str, ...], texts: Any
    ) -> Live:
        """A match of `new.game`: the human at `seat` (called as `texts` call them), the opponent in every other."""
        inbox = Inbox()
        players: dict[str, Player] = {seat: Human(inbox.ask, name=texts.message("you"))}
        for other in seats:
            if other != seat:
                players[other] = self._seat(new.game, new.opponent, new.lang, seed)
        match = Match.start(find_game(new.game), players, kept, game_id, seed=seed, lang=new.lang)  # type: ignore[arg-type]
        return Live(match, kept, inbox)

    def _actor(self, opponent: str, key: bytes | None) -> ModelActor | None:
        return open_actor(argparse.Namespace(**{**vars(self.args), "model": opponent}), key)

    def _seat(self, game: str, opponent: str, lang: str, seed: int) -> Player:
        """A seat of a bot (`bot:LEVEL`), or of a model with the game's default bot as its fallback."""
        kind, _, level = opponent.partition(":")
        model, level = ("offline", level) if kind == "bot" else (opponent, default_level(game))
        brief = MONORAIL_BRIEF if game == "monorail" else GARNET_BRIEF
        return play_seats.open_seat(self.args, game, brief, model, level, lang, seed)

    # --- showing -----------------------------------------------------------------------------

    def find(self, token: str, fresh: bool = False) -> GameRow:
        """The row of the game `token` opens, as this server last found it (`fresh`: as the database
        has it now). What a row says never changes but `ended`, which only ever becomes true: a row
        kept since another server ended its game is caught where it matters, by the turn, whose
        table is behind the database (see `turn`)."""
        key = token_hash(token)
        row = None if fresh else self.rows.pop(key, None)
        if row is None:
            row = self.store.find(token)
            if row is None:  # never kept: a guessed token is asked about again
                raise GameNotFound("no such game")
        self._keep_row(key, row)
        return row

    def _keep_row(self, key: str, row: GameRow) -> None:
        self.rows.pop(key, None)
        self.rows[key] = row  # the most recently found last
        while len(self.rows) > ROWS:
            self.rows.popitem(last=False)

    async def view(self, token: str, since: int | None = None, row: GameRow | None = None) -> Json:
        """The page of the game `token` opens, as its human seat sees it (`delta`). A game a crash left
        mid-turn (the human's input kept, what follows it not yet: a bot's move, the reply) is
        first resumed and played on to the human's next turn, as `refgm play --resume` would.
        `row`: the game's, if the caller has just found it."""
        row = row or self.find(token)
        page = self._view(row)
        if not page["over"] and not row.imported and _mid_turn(page):
            # Another server may be playing it, or have ended it: the page shows it as it is now.
            with contextlib.suppress(Conflict, GameOver):
                await self.turn(token, None)
            page = self._view(row)
        return delta(page, since)

    def shown(self, token: str, since: int | None = None) -> Json:
        """The page as it is now, never played on (the page beside a refusal; `delta`)."""
        return delta(self._view(self.find(token)), since)

    def _view(self, row: GameRow, committed: list[str] | None = None) -> Json:
        # Up to date with the database, not with a table this server holds: another server may have
        # played since. `committed`: the game's lines as this server has just committed them.
        page = self.pages.page(row, committed)
        if row.imported and page.ended is None:
            raise GameNotFound("an imported game that never ended is shown only in its replay")
        title = TITLES.get(row.game, {}).get(row.lang, row.game)
        # `version`: a turn that sends it back is played only on the game as this page showed it.
        return {**page.page(), "title": title, "version": page.lines}

    # --- playing -----------------------------------------------------------------------------

    async def turn(self, token: str, body: Json | None, since: int | None = None, row: GameRow | None = None) -> Json:
        """Play the human's input and every seat after it; the page after (`delta`), the game as
        this turn's commit left it. Refused (nothing charged) when the input is not a move;
        GameOver, Conflict as their names say. `row`: the game's, if the caller has just found it."""
        row = row or self.find(token)
        if row.imported or row.ended:
            raise GameOver("this game is over")
        for _ in range(3):
            try:
                live = await self._table(row)
            except TranscriptError as err:  # over, or a log that cannot go on
                if self.find(token, fresh=True).ended:
                    raise GameOver("this game is over") from None
                why = str(err).split("; see: refgm replay")[0]  # the terminal's hint names no file here
                raise Conflict(f"{why}; download the game's log and check it with: refgm replay FILE") from None
            async with live.lock:
                if self.live.get(row.id) is not live:  # dropped or replaced while this request waited
                    continue
                committed = self.store.count(row.id)
                if live.ledger.kept != committed:  # another server played since this table was loaded:
                    self._drop(row.id, live)  # even a refusal must be judged on the game as it is
                    continue
                # Checked here, under the lock and against the database, so that a request sent twice
                # (or to two servers) finds the game moved on by the first and plays nothing.
                if body is not None and "version" in body and body["version"] != committed:
                    raise Overtaken("the game has moved on since the page was shown: look at it again")
                refusal: ValueError | None = None
                try:
                    await self._turn(live, row, body)
                except ValueError as err:  # refused or malformed: what it wrote (a `refused` line) is kept
                    refusal = err
                except BaseException:  # a bug or a cancelled request: nothing of the turn is kept
                    self._drop(row.id, live)
                    raise
                try:  # in a thread: while the disk syncs, other games' requests are served
                    await asyncio.to_thread(live.ledger.flush)
                except StaleGameError:  # another server played this game since this one loaded it
                    self._drop(row.id, live)
                    continue
                except BaseException:  # the database failed: this table is ahead of what it kept
                    self._drop(row.id, live)
                    raise
                lines = live.ledger.lines[: live.ledger.kept]  # the log as the database has it now
                if live.table.over:
                    self._drop(row.id, live)
                    self._keep_row(token_hash(token), replace(row, ended=True))
            if refusal is not None:
                raise refusal
            return delta(self._view(row, lines), since)
        raise Conflict("this game was played elsewhere meanwhile; reload it")

    async def _turn(self, live: Live, row: GameRow, body: Json | None) -> None:
        """Play `body` (None: only go on to the human's next turn, after a resume)."""
        table = live.table
        if table.over:
            raise GameOver("this game is over")
        if body is None:
            if isinstance(table, Match):
                await self._play(live, None)
            return
        if isinstance(table, Session):
            text = _text(body, "text")
            if text.startswith("/"):  # the terminal's commands that are not questions: answered, never recorded
                command = text.strip().lower()
                said = {"/help": table.help, "/status": table.status}.get(command)
                raise Refused(said() if said else table.renderer.message("unknown_command"))
            await table.step(text)
            return
        await self._play(live, _move(row, table, body))

    async def _play(self, live: Live, move: Any) -> None:
        """Give the inbox `move`, then play until the human is to move again or the game ends.
        A move made while other seats are still to play is no move (the human has not seen
        theirs yet): they play, and the page looks again."""
        table = live.table
        assert isinstance(table, Match) and live.inbox is not None
        seat = table.game.to_move(table.state)
        if move is not None and seat is not None and not isinstance(table.players[seat], Human):
            await self._play(live, None)
            raise Overtaken("the other seats were still to play: look at the game again")
        live.inbox.move = move
        while not table.over:
            try:
                await table.turn()
            except Awaiting as waiting:
                if waiting.refusal is not None:
                    raise Refused(_refusal(table, waiting.refusal)) from None
                return

    async def _table(self, row: GameRow) -> Live:
        """The table of `row`'s game: the one this server holds, else resumed from the log."""
        live = self.live.get(row.id)
        if live is not None:
            self.live.move_to_end(row.id)
            return live
        ledger = DbLedger(self.store.engine, row.id)
        if row.game == "liar":
            session, _ = await Session.resume(ledger, actor=self._resumed_actor(row))
            await self.readers.settle(session.actor, session.config.lang, session.config.rules.roster)
            live = Live(session, ledger, None)
        else:
            live = self._resumed_match(row, ledger)
        self._keep(row.id, live)
        return live

    def _resumed_actor(self, row: GameRow) -> ModelActor | None:
        return self._actor(row.opponent, None)  # a fresh sampling key, as `refgm play --resume` has

    def _resumed_match(self, row: GameRow, ledger: DbLedger) -> Live:
        log, sealed = ledger.load()
        config = log.events[0].data.get("config") or {}
        recorded = play_seats.Recorded(log, row.lang, config.get("seats") or {}, sealed.seed)
        inbox = Inbox()
        brief = MONORAIL_BRIEF if row.game == "monorail" else GARNET_BRIEF
        players = recorded.players(self.args, row.game, brief, Human(inbox.ask))
        match, _ = Match.resume(ledger, find_game(row.game), players)  # type: ignore[arg-type]
        return Live(match, ledger, inbox)

    def _keep(self, game_id: str, live: Live) -> None:
        self.live[game_id] = live
        while len(self.live) > KEPT:
            oldest = next(iter(self.live))
            if self.live[oldest].lock.locked():
                break
            self._drop(oldest)

    def _drop(self, game_id: str, live: Live | None = None) -> None:
        """Forget a table (and what it wrote since its last flush): the database has the game.
        Given `live`, only that table: never one another request has put in its place since."""
        held = self.live.get(game_id)
        if held is None or (live is not None and held is not live):
            return
        del self.live[game_id]
        held.ledger.discard()
        asyncio.get_running_loop().create_task(_close(held))

    async def aclose(self) -> None:
        for game_id in list(self.live):
            live = self.live.pop(game_id)
            await _close(live)

    # --- the log -----------------------------------------------------------------------------

    def export(self, token: str) -> tuple[str, str]:
        """The game's id and JSONL log: all of it once over; while it goes on, what its human seat may see."""
        row = self.find(token)
        lines, log = self.store.log(row.id)
        if log.first("game_ended") is None:
            seat = row.seat or ""
            lines = [line for line, event in zip(lines, log.events, strict=True) if event.seen_by(seat)]
        return row.id, "".join(line + "\n" for line in lines)

    def import_log(self, text: str) -> str:
        """Keep a finished game's JSONL log to be replayed; its token. LineError naming the first
        line (and field) that is not what its game writes (gm.logschema.check: the schema, then
        the referee's re-run), before anything is kept."""
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        log = log_of(Path("the log"), lines)
        check(log)
        replay_view(log)  # made once before the log is kept: a page that fails is no log kept
        token = new_token()
        for tries in range(1, 9):
            try:
                self.store.import_log(new_game_id(), token, log, lines)
                return token
            except FileExistsError:
                if tries == 8:
                    raise
        raise AssertionError("unreachable")

    def replay(self, token: str) -> Json:
        """The replay page of a finished game (refgm.serve.replay); TranscriptError while it goes on."""
        return replay_view(self.store.log(self.find(token).id)[1])


async def _close(live: Live) -> None:
    table = live.table
    clients: list[Awaitable[None]] = []
    if isinstance(table, Match):
        clients += [
            p.agent.aclose()
            for p in table.players.values()
            if isinstance(p, AgentPlayer) and hasattr(p.agent, "aclose")
        ]
        if table.narrator is not None:
            clients.append(table.narrator.aclose())
    elif isinstance(table.actor, ModelActor):
        clients.append(table.actor.aclose())
    for client in clients:
        with contextlib.suppress(Exception):
            await client


def delta(page: Json, since: int | None) -> Json:
    """`page` with its feed from entry `since` on (`since` in the page: where its feed begins),
    for a reader who has the first `since` of its settled entries; a reader who has none (None)
    or claims more than are settled gets the whole feed."""
    start = since if since is not None and since <= page["settled"] else 0
    return {**page, "since": start, "feed": page["feed"][start:]}


def _mid_turn(page: Json) -> bool:
    """Whether a page shows a turn a crash cut short: a seated game none of whose seats the
    human is to move (a bot's or a model's turn), or a liar question with no reply after it."""
    if page["game"] != "liar":
        return bool(page["prompt"]["kind"] == "none")
    feed = page["feed"]
    return bool(feed) and feed[-1]["kind"] == "you"


def _text(body: Json, key: str, limit: int = TEXT_CHARS) -> str:
    """A text field of a turn: present, a string, not too long, shown as it will be recorded."""
    value = body.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{key}: a text is needed")
    if len(value) > limit:
        raise ValueError(f"{key}: at most {limit} characters")
    return displayable(value)


def _move(row: GameRow, match: Match, body: Json) -> Any:
    """The human's move from a turn's body, read as the terminal reads it; Refused with the
    terminal's words when it is none."""
    view = match.view(str(row.seat))
    if row.game == "monorail":
        texts = MonorailTexts(row.lang)
        typed = typed_move(_text(body, "text"), view.get("challenge") is not None)
        if isinstance(typed, Answer):
            raise Refused(texts.answer(typed))
        if typed is None:
            raise Refused(texts.render("help"))
        return typed
    garnet = GarnetTexts(row.lang)
    if view.get("designator") == view.get("seat"):
        said = body.get("designate")  # anything else (a choice, say) is no seat: asked again, in words
        named = read_designation(said) if isinstance(said, str) and len(said) <= TEXT_CHARS else None
        if named is None:
            raise Refused(garnet.message("not_a_seat", tied=[garnet.seat(s) for s in view["last_places"]]))
        return named
    choice = read_choice(_text(body, "choice"))
    if choice is None:
        raise Refused(garnet.message("not_a_choice"))
    said = read_announcement(_text(body, "announcement", ANNOUNCEMENT_CHARS), row.lang)
    if not isinstance(said, Character):
        raise Refused(garnet.unclear(said.why))
    return Choose(choice, said)


def _refusal(match: Match, error: ValueError) -> str:
    """The referee's refusal in the terminal's words."""
    config = match.config
    lang = str(config.get("lang", "en"))
    if match.game.name == "monorail":
        return MonorailTexts(lang).refusal(error)
    seat = next(s for s, p in match.players.items() if isinstance(p, Human))
    return GarnetTexts(lang).refusal(error, match.view(seat))
