"""What the page shows of a game: its log's events folded in order, as one seat saw it.

The page keeps no state the log does not give: a `Page` is made from a game's event log (the
same log `refgm replay` reads) and grows by the events written after, so the page a server keeps
and gives each turn's new events (refgm.serve.pages) is the page rebuilt from the whole log
(`game_view`), and a page reloaded after a restart shows exactly what was shown before. The
texts are the terminal's own (its Terminal classes, with their output caught as entries), so
the web and the terminal never say a game differently.

An entry's `kind` says whose words it is: "referee" (counts, costs, verdicts, payouts, reveals:
the referee's text), "character" (a character the actor voiced), "narrator" (a model's
accepted telling), "you" (the player's own words) or "seat" (another seat's announcement).
Nothing here reads a seal: a seated game is re-stepped through its referee over the whole log
(other seats' secret moves included, which only the referee reads), then shown through the
seat's own view (`Game.view`) and what everyone learned of each move. Whether each bot move is
what its bot chooses with the seed the end reveals is the replay's check (refgm.serve.replay).

A feed only grows at its end: its first `settled` entries stay as they are whatever is written
next (a page's reader keeps them and asks for the rest); the ones after, a seated game's last
move and its ending, may be told again (a narration of the move's reveal may follow it).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from io import StringIO
from typing import Any, Protocol

from gm import garnet as garnet_front
from gm import monorail as monorail_front
from gm.match import Played, Rerunning, committed, game_in
from gm.recorder import Event, Json, Log
from gm.render import Renderer
from gm.session import GameConfig
from gm.table import game_of
from referee.commitment import canonical_json
from referee.liar.protocol import SEAT as LIAR_SEAT
from refgm.commands.play_seats import recorded_names

Entry = Json


def entry(kind: str, text: str, at: int, who: str | None = None) -> Entry:
    return {"kind": kind, "who": who, "text": text, "at": at}


def game_view(log: Log, seat: str | None) -> Json:
    """The whole page of a game as `seat` sees it (None: an imported log, seen by everyone:
    only once it is over, since a log before its end holds other seats' hidden moves)."""
    return Page(log, seat).page()


class _Shown(Protocol):
    """A game's own part of its page, folded an event at a time."""

    @property
    def settled(self) -> int: ...

    def add(self, event: Event) -> None: ...

    def body(self, ended: Event | None) -> Json: ...


class Page:
    """The page of a game as `seat` sees it, made from `log` and grown by `add`: `lines` is how
    many of the log's events it holds, `settled` how many of its feed's entries no later event
    changes. `page` is the same whether the events came at once or a turn at a time."""

    def __init__(self, log: Log, seat: str | None) -> None:
        started = log.events[0].data
        config = started.get("config") or {}
        self.head: Json = {"game": game_of(log), "lang": str(config.get("lang", "en")), "id": started.get("id")}
        self.seat = seat
        self.shown: _Shown = _Liar(log) if self.head["game"] == "liar" else _Seated(log, seat)
        self.ended: Event | None = None
        self.lines = 1
        self._page: Json | None = None
        self.add(log.events[1:])

    @property
    def settled(self) -> int:
        return self.shown.settled

    def add(self, events: Iterable[Event]) -> None:
        """Fold in the events written after the ones this page holds, in order."""
        for event in events:
            if event.t == "game_ended" and self.ended is None:
                self.ended = event
            self.shown.add(event)
            self.lines += 1
            self._page = None

    def page(self) -> Json:
        """The page now (made once for each state: do not change it)."""
        if self._page is None:
            ended = self.ended
            self._page = {
                **self.head,
                "seat": self.seat,
                "over": ended is not None,
                **self.shown.body(ended),
                "reveal": None if ended is None else _reveal(ended),
                "settled": self.settled,
            }
        return self._page


def _reveal(ended: Event) -> Json:
    """What `game_ended` opens: the seed (seated games) or the secret (the liar game), and the nonce."""
    data = ended.data
    revealed: Json = {"nonce": data.get("nonce"), "commitment": data.get("commitment")}
    if "seed" in data and data.get("secret") is None:
        revealed["seed"] = data["seed"]
        revealed["text"] = canonical_json(committed(int(data["seed"])), str(data["nonce"]))
    if isinstance(data.get("secret"), dict):
        revealed["secret"] = data["secret"]
    if "moves_key" in data:
        revealed["moves_key"] = data["moves_key"]
    return revealed


# --- the liar game --------------------------------------------------------------------------------


class _Liar:
    """The chat: the referee's opening, then each question and what was shown for it, the
    characters' lines apart from the referee's text. Every entry is settled once made."""

    def __init__(self, log: Log) -> None:
        rules = GameConfig.of(log)
        self.roster = (log.events[0].data.get("config") or {}).get("roster")
        self.renderer = Renderer(rules.lang, rules.incident, rules.rules.roster)
        self.budget = self.remaining = rules.rules.budget
        self.feed: list[Entry] = []
        self.attempts: dict[int, Event] = {}
        self.narrations: dict[int, str] = {}
        self.asked: int | None = None  # the last question, until the referee's verdict on it

    @property
    def settled(self) -> int:
        return len(self.feed)

    def add(self, event: Event) -> None:
        turn = int(event.data.get("turn", 0) or 0)
        if event.t in ("player", "resumed") and self.asked is not None:  # a question the game stopped before reading
            self.feed.append(entry("referee", self.renderer.message("unanswered"), self.asked))
            self.asked = None
        if event.t == "model_attempt":
            if "part" in event.data:
                if event.data.get("accepted") and event.data.get("text"):
                    self.narrations[turn] = str(event.data["text"])
            else:
                self.attempts[turn] = event  # the last attempt of a turn is the one shown
        elif event.t == "verdict":
            self.asked = None
            if isinstance(event.data.get("remaining"), int):
                self.remaining = event.data["remaining"]
        elif event.t == "player":
            self.feed.append(entry("you", str(event.data.get("text", "")), turn))
            self.asked = turn
        elif event.t == "gm":
            text = str(event.data.get("text", ""))
            self.feed += _shown(text, turn, self.attempts.get(turn), self.narrations.get(turn))

    def body(self, ended: Event | None) -> Json:
        return {
            "feed": list(self.feed),
            "view": {"remaining": self.remaining, "budget": self.budget, "roster": self.roster},
            "prompt": {"kind": "none" if ended is not None else "text"},
            "names": {LIAR_SEAT: "you"},
            "result": None if ended is None else {"outcome": ended.data.get("outcome")},
        }


def _shown(text: str, turn: int, attempt: Event | None, narration: str | None) -> list[Entry]:
    """A `gm` text as entries: the shown attempt's lines as the characters', a narration as the
    narrator's, the rest as the referee's (gm.session.reply_text put them together)."""
    shown: list[Entry] = []
    lines = attempt.data.get("lines") if attempt is not None and turn > 0 else None
    if isinstance(lines, list) and lines:
        spoken = "\n".join(f"{speaker}: {said}" for speaker, said in lines)
        if text.startswith(spoken):
            shown += [entry("character", str(said), turn, str(speaker)) for speaker, said in lines]
            text = text[len(spoken) :].strip("\n")
    if narration and turn == 0 and text.startswith(narration):  # the opening's narration comes first
        shown.append(entry("narrator", narration, turn))
        text = text[len(narration) :].strip("\n")
    if narration and turn > 0 and text.endswith(narration):  # the ending's, last
        rest = text[: -len(narration)].strip("\n")
        return [*shown, *([entry("referee", rest, turn)] if rest else []), entry("narrator", narration, turn)]
    if text:
        shown.append(entry("referee", text, turn))
    return shown


# --- games played by seats ---------------------------------------------------------------------------


class _Caught:
    """A terminal's output caught as entries: what it `show`s is the referee's, what it `say`s
    a seat's, a narrator's telling the narrator's."""

    def __init__(self, at: int = 0) -> None:
        self.entries: list[Entry] = []
        self.at = at

    def add(self, kind: str, text: str, who: str | None = None) -> None:
        if text.strip():
            self.entries.append(entry(kind, text.strip("\n"), self.at, who))


class _MonorailFeed(monorail_front.Terminal):
    def __init__(self, texts: monorail_front.Texts, names: dict[str, str], caught: _Caught) -> None:
        super().__init__(texts, StringIO(), _no_line, names, echo=False)
        self.caught = caught

    def show(self, text: str) -> None:
        self.caught.add("referee", text)

    def board(self, position: Any, last: Any = ()) -> str:
        return ""  # the page draws the board itself


class _GarnetFeed(garnet_front.Terminal):
    def __init__(self, texts: garnet_front.Texts, seat: str, names: dict[str, str], caught: _Caught) -> None:
        super().__init__(texts, StringIO(), _no_line, _no_line, seat, names, echo=False)
        self.caught = caught

    def show(self, text: str) -> None:
        self.caught.add("referee", text)

    def say(self, text: str) -> None:
        self.caught.add("seat", text)

    def tell(self, narration: str) -> None:
        self.caught.add("narrator", narration)


async def _no_line() -> str | None:
    return None


class _Seated:
    """Monorail and Garnet Thief: the referee re-steps the log; the seat's terminal, caught,
    shows every move as it did, and the page gets the seat's view and what it may do now. The
    last move is shown anew on each page, on a copy of the terminal: a narration of its reveal
    may still follow it."""

    def __init__(self, log: Log, seat: str | None) -> None:
        self.game = game_in(log)
        # Whether each bot move is what its bot chooses with the revealed seed is the replay's check.
        self.walk = Rerunning.start(log, self.game, bots_checked=False)
        started = log.events[0].data
        config = started.get("config") or {}
        lang = str(config.get("lang", "en"))
        seats = {s: info for s, info in (config.get("seats") or {}).items() if isinstance(info, dict)}
        self.seat = seat
        self.shown_as = seat or next(iter(seats), "")
        self.caught = _Caught()
        self.told = 0  # the moves whose entries are settled in `caught`
        commitment = str(started.get("commitment"))
        self.front: _MonorailFeed | _GarnetFeed
        self.texts: monorail_front.Texts | garnet_front.Texts
        if self.game.name == "monorail":
            self.texts = monorail_front.Texts(lang)
            self.names = recorded_names(self.texts, seats)
            self.front = _MonorailFeed(self.texts, self.names, self.caught)
            self.caught.add("referee", self.front.opening(commitment))
        else:
            self.texts = garnet_front.Texts(lang)
            self.names = recorded_names(self.texts, seats)
            self.front = _GarnetFeed(self.texts, self.shown_as, self.names, self.caught)
            opened = self.game.view(self.game.start(config.get("rules") or {}), self.shown_as)
            self.caught.add("referee", self.front.opening(opened, commitment))

    @property
    def settled(self) -> int:
        return len(self.caught.entries)

    def add(self, event: Event) -> None:
        self.walk.take(event)
        plays = self.walk.plays
        for played in plays[self.told : len(plays) - 1]:  # all but the last are told for good
            _tell(self.front, played)
        self.told = max(self.told, len(plays) - 1)

    def body(self, ended: Event | None) -> Json:
        done = self.walk.done()
        last = copy.copy(self.front)  # the last move and the ending, told on a copy
        last.caught = _Caught(self.caught.at)
        for played in done.plays[self.told :]:
            _tell(last, played)
        view = self.game.view(done.state, self.shown_as)
        if ended is not None:
            last.caught.add("referee", last.ending(done.state))
            reveal = _reveal(ended)
            last.caught.add(
                "referee",
                self.texts.message(
                    "reveal",
                    seed=reveal.get("seed"),
                    nonce=reveal.get("nonce"),
                    text=reveal.get("text"),
                    commitment=reveal.get("commitment"),
                ),
            )
        result = self.game.result(done.state)
        to_move = self.seat is not None and self.game.to_move(done.state) == self.seat
        return {
            "feed": self.caught.entries + last.caught.entries,
            "view": view,
            "prompt": _prompt(self.game.name, self.texts, view, to_move, self.names),
            "names": self.names,
            "result": None if result is None else result.as_json(),
            "problems": [{"line": p.line, "text": p.text} for p in done.problems],
        }


def _tell(front: _MonorailFeed | _GarnetFeed, played: Played) -> None:
    front.caught.at = played.ply
    front.played(played)


def _prompt(game: str, texts: Any, view: Json, to_move: bool, names: dict[str, str]) -> Json:
    """What the seat may do now, and the terminal's words for it."""
    if not to_move:
        return {"kind": "none"}
    if game == "monorail":
        challenged = view.get("challenge") is not None
        key = "challenged" if challenged else "your_turn"
        return {"kind": "monorail", "challenged": challenged, "hint": texts.message(key, tiles_left=view["tiles_left"])}
    if view.get("designator") == view.get("seat"):
        tied = [texts.seat(s, names) for s in view["last_places"]]
        return {"kind": "designate", "seats": view["last_places"], "hint": texts.message("your_designation", tied=tied)}
    return {"kind": "garnet", "hint": texts.message("your_choice")}
