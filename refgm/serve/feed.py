"""What the page shows of a game: rebuilt from its log alone, as one seat saw it.

The page never keeps a state of its own: every answer the server gives is made here from the
game's event log (the same log `refgm replay` reads), so a page reloaded after a restart shows
exactly what was shown before. The texts are the terminal's own (its Terminal classes, with
their output caught as entries), so the web and the terminal never say a game differently.

An entry's `kind` says whose words it is: "referee" (counts, costs, verdicts, payouts, reveals:
the referee's text), "character" (a character the actor voiced), "narrator" (a model's
accepted telling), "you" (the player's own words) or "seat" (another seat's announcement).
Nothing here reads a seal: a seated game is re-stepped through its referee over the whole log
(other seats' secret moves included, which only the referee reads), then shown through the
seat's own view (`Game.view`) and what everyone learned of each move.
"""

from __future__ import annotations

from io import StringIO
from typing import Any

from gm import garnet as garnet_front
from gm import monorail as monorail_front
from gm.match import committed, game_in, rerun
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
    name = game_of(log)
    config = log.events[0].data.get("config") or {}
    lang = str(config.get("lang", "en"))
    ended = log.first("game_ended")
    shown = _liar if name == "liar" else _seated
    view: Json = {
        "game": name,
        "lang": lang,
        "id": log.events[0].data.get("id"),
        "seat": seat,
        "over": ended is not None,
    }
    view.update(shown(log, seat))
    view["reveal"] = None if ended is None else _reveal(ended)
    return view


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


def _liar(log: Log, seat: str | None) -> Json:
    """The chat: the referee's opening, then each question and what was shown for it, the
    characters' lines apart from the referee's text."""
    config = log.events[0].data.get("config") or {}
    rules = GameConfig.of(log)
    renderer = Renderer(rules.lang, rules.incident, rules.rules.roster)
    budget = remaining = rules.rules.budget
    feed: list[Entry] = []
    attempts: dict[int, Event] = {}
    narrations: dict[int, str] = {}
    asked: int | None = None  # the last question, until the referee's verdict on it
    for event in log.events:
        turn = int(event.data.get("turn", 0) or 0)
        if event.t in ("player", "resumed") and asked is not None:  # a question the game stopped before reading
            feed.append(entry("referee", renderer.message("unanswered"), asked))
            asked = None
        if event.t == "model_attempt":
            if "part" in event.data:
                if event.data.get("accepted") and event.data.get("text"):
                    narrations[turn] = str(event.data["text"])
            else:
                attempts[turn] = event  # the last attempt of a turn is the one shown
        elif event.t == "verdict":
            asked = None
            if isinstance(event.data.get("remaining"), int):
                remaining = event.data["remaining"]
        elif event.t == "player":
            feed.append(entry("you", str(event.data.get("text", "")), turn))
            asked = turn
        elif event.t == "gm":
            feed += _shown(str(event.data.get("text", "")), turn, attempts.get(turn), narrations.get(turn))
    ended = log.first("game_ended")
    over = ended is not None
    return {
        "feed": feed,
        "view": {"remaining": remaining, "budget": budget, "roster": config.get("roster")},
        "prompt": {"kind": "none" if over else "text"},
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

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.at = 0

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


def _seated(log: Log, seat: str | None) -> Json:
    """Monorail and Garnet Thief: the referee re-steps the log; the seat's terminal, caught,
    shows every move as it did, and the page gets the seat's view and what it may do now."""
    game = game_in(log)
    done = rerun(log, game)
    config = log.events[0].data.get("config") or {}
    lang = str(config.get("lang", "en"))
    seats = {s: info for s, info in (config.get("seats") or {}).items() if isinstance(info, dict)}
    caught = _Caught()
    commitment = str(log.events[0].data.get("commitment"))
    ended = log.first("game_ended")
    shown_as = seat or next(iter(seats), "")
    front: _MonorailFeed | _GarnetFeed
    texts: monorail_front.Texts | garnet_front.Texts
    if game.name == "monorail":
        texts = monorail_front.Texts(lang)
        names = recorded_names(texts, seats)
        front = _MonorailFeed(texts, names, caught)
        caught.add("referee", front.opening(commitment))
    else:
        texts = garnet_front.Texts(lang)
        names = recorded_names(texts, seats)
        front = _GarnetFeed(texts, shown_as, names, caught)
        caught.add("referee", front.opening(game.view(game.start(config.get("rules") or {}), shown_as), commitment))
    for played in done.plays:
        caught.at = played.ply
        front.played(played)
    view = game.view(done.state, shown_as)
    if ended is not None:
        caught.add("referee", front.ending(done.state))
        reveal = _reveal(ended)
        caught.add(
            "referee",
            texts.message(
                "reveal",
                seed=reveal.get("seed"),
                nonce=reveal.get("nonce"),
                text=reveal.get("text"),
                commitment=reveal.get("commitment"),
            ),
        )
    result = game.result(done.state)
    return {
        "feed": caught.entries,
        "view": view,
        "prompt": _prompt(game.name, texts, view, game.to_move(done.state) == seat and seat is not None, names),
        "names": names,
        "result": None if result is None else result.as_json(),
        "problems": [{"line": p.line, "text": p.text} for p in done.problems],
    }


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
