"""A match: any `referee.game.Game` played by its seats (humans, bots, model agents), recorded.

The harness knows a game only through its protocol (seats, to_move, view, step, result,
move_json, move_from_json) and its start from recorded rules (`start`, `rules_json`), so
one loop serves every game. Each seat is played by a `Human` (the front end reads a move),
a `BotPlayer` (gm.bots) or an `AgentPlayer` (a model deciding a typed move, gm.agent). The
referee checks every move: `game.step` raising a ValueError is a refusal. A human is asked
again with the reason; an agent too, at most twice, then the seat's bot plays and the move
says so (`fallback`). Bots draw from a `random.Random` made for each decision from the
game's seed, the seat and the ply, so a resumed game goes on as it would have.

The log (one JSON object per line, written before anything is shown; gm.recorder writes
and reads it, drops a torn tail and keeps the sidecar) holds, each event with its `seat`
and, unless everyone may see it, `see` (a `referee.game.Audience` value):

- `game_started`: `id`, `game`, `config` (`lang`, `rules` as the game records them, and
  `seats`: per seat its `kind` human|bot|agent, `name`, and `bot` (a bot's level, or an
  agent's fallback)), `commitment`: SHA-256 of the canonical JSON of the seed and a nonce.
- `move`: `ply` (0, 1, ...), `seat`, `by` (human|bot|agent), `move` (game.move_json), and
  `fallback`: true when an agent's seat was played by its bot. Everyone's, unless the move
  is secret (`game.public_json` is not None: a Garnet choice): then the seat's alone, and
- `announced` (everyone) follows it: `ply`, `seat`, `public` (what the others learn: the
  announcement).
- `revealed` (everyone), after the move whose step reveals secrets (`game.revealed_json`,
  the end of a Garnet round): `ply`, `revealed`.
- `model_attempt` (everyone), after a `revealed` line when the match has a narrator (a
  model game master telling the reveal, gm.actors.reveal_narrator): `ply`, `part`
  ("reveal"), `attempt` (1, 2, 3), `actor`, `request`, `raw` (null when the backend gave
  up), `text` (the narration read from the reply, "" if unreadable), `accepted`, `reasons`,
  `tokens_in`, `tokens_out`, `latency`, `transport`, as the liar game records its
  narrator's (gm.recorder). The accepted text is shown beside the referee's own reveal.
- `refused` (the seat's): `ply`, `seat`, `move`, `reason`: a human's move the referee refused.
- `agent_attempt` (the seat's): `ply`, `seat`, `attempt` (1, 2, 3), `agent`, `request`,
  `raw` (null when the backend gave up), `move` (what the reply read as, or null),
  `accepted`, `reason` (why not, or null), `tokens_in`, `tokens_out`, `latency`,
  `transport` (each network exchange as [outcome, seconds]).
- `resumed` (everyone): `ply`: the game went on after an interruption.
- `game_ended` (everyone): `result` (winners, reason, and what else the end decides), `seed`,
  `nonce`, `commitment`, `moves_key`.

The seed and nonce wait in the sidecar until `game_ended` reveals them, and so does the moves
key (the sidecar's secret: `MOVES_KEY`), under which each `announced` line commits to its
secret move. `rerun` re-steps a log through the referee: resume goes
on from its state (writing first what a crash left owed: an `announced` or `revealed`
line), `replay` checks a whole game (`refgm replay`), and `seat_view` rebuilds what one
seat was shown. The re-run checks each narration attempt again with the game's referee
(`NarratedGame.check_narration`): accepted exactly when recorded so. Resume never narrates:
a reveal the interruption left unnarrated, or narrated in part, stays so.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar, Protocol, runtime_checkable

from gm.actors.narration import MAX_ATTEMPTS as NARRATION_ATTEMPTS
from gm.actors.narration import Narration
from gm.agent import Agent, Decision, Retry
from gm.backends.base import transport_json
from gm.bots import Bot, UnknownBotError, open_bot
from gm.recorder import (
    Event,
    Log,
    Mismatch,
    Sealed,
    TranscriptError,
    differing_field,
    read_sidecar,
    sidecar_path,
    visible_to,
)
from gm.table import Ledger, Table, Writer, found, game_of, ledger, reopen
from referee.commitment import commit, draw_nonce
from referee.errors import CommitmentError
from referee.game import Audience, Game, Json, Result, UnknownGameError, find_game, game_names

MAX_ATTEMPTS = 3
"""An agent's first try and at most two retries before its bot plays the seat."""


class MatchGame(Game[Any, Any], Protocol):
    """A game a match can start and record: the protocol, plus its start from recorded rules."""

    def start(self, rules: Json) -> Any:
        """The opening state under `rules`; a ValueError if they are malformed."""
        ...

    def rules_json(self, state: Any) -> Json:
        """The rules of `state`'s game as `start` reads them."""
        ...


@runtime_checkable
class NarratedGame(Protocol):
    """A game whose reveals a model may narrate: its referee checks a narration of one."""

    def check_narration(self, text: str, lang: str, revealed: Json) -> tuple[object, ...]:
        """Why `text` may not be shown as a narration of `revealed` (`revealed_json`) in `lang`;
        empty when it may."""
        ...


class Narrator(Protocol):
    """A model game master that tells what a reveal made public (gm.actors.reveal_narrator)."""

    name: str

    async def narrate(self, revealed: Json, lang: str, ply: int) -> Narration:
        """A narration of `revealed`, closed at `ply`, checked, with every attempt."""
        ...

    async def aclose(self) -> None:
        """Close the narrator's client."""
        ...


class Left(Exception):
    """A human left the game; it stays saved and can be resumed."""


AskMove = Callable[[Json, ValueError | None], Awaitable[Any]]
"""A front end's question to a human: the seat's view and why the last move was refused."""


@dataclass(frozen=True)
class Human:
    """A seat played at the terminal (or from a script): `ask` reads one move."""

    ask: AskMove
    name: str = "human"
    kind: ClassVar[str] = "human"


@dataclass(frozen=True)
class BotPlayer:
    """A seat played by a bot."""

    bot: Bot
    kind: ClassVar[str] = "bot"

    @property
    def name(self) -> str:
        return f"bot:{self.bot.level}"


@dataclass(frozen=True)
class AgentPlayer:
    """A seat played by a model agent, with the bot that plays when the agent cannot."""

    agent: Agent
    fallback: Bot
    kind: ClassVar[str] = "agent"

    @property
    def name(self) -> str:
        return self.agent.name


Player = Human | BotPlayer | AgentPlayer


def seat_json(player: Player) -> Json:
    """How a seat's player is recorded in `game_started`."""
    bot = player.bot if isinstance(player, BotPlayer) else player.fallback if isinstance(player, AgentPlayer) else None
    return {"kind": player.kind, "name": player.name, "bot": bot.level if bot else None}


def committed(seed: int) -> Json:
    """What a match commits to (referee.commitment): the seed that orders every random choice."""
    return {"seed": seed}


def commit_seed(seed: int, nonce: str) -> str:
    """The commitment shown at the start: SHA-256 of the canonical JSON of the seed and nonce."""
    return commit(committed(seed), nonce)


def decision_rng(game: str, seed: int, seat: str, ply: int) -> random.Random:
    """The RNG of one bot decision: the same seed, seat and ply always draw the same."""
    return random.Random(f"{game}:{seed}:{seat}:{ply}")


def opens(shown: object, seed: object, nonce: object) -> bool:
    """Whether a revealed seed and nonce (as a log or sidecar holds them) open `shown`."""
    try:
        return isinstance(seed, int) and isinstance(nonce, str) and commit_seed(seed, nonce) == shown
    except CommitmentError:  # a nonce that is no nonce opens nothing
        return False


def seed_nonce(seed: int) -> str:
    """The commitment's 128-bit nonce, drawn from the seed: the same seed plays the same game.

    A seed drawn by refgm (63 bits) is as hard to guess as the nonce; one chosen with
    --seed is known to whoever chose it."""
    return draw_nonce(random.Random(f"nonce:{seed}"))


def audience(game: MatchGame, move: Any) -> Audience:
    """Who may see a move's line: everyone, unless the move is secret (its seat's alone)."""
    return Audience.EVERYONE if game.public_json(move) is None else Audience.SEAT


MOVES_KEY = "moves"
"""The sealed secret of a match: the key of its secret moves' commitments, drawn by `secrets`
(never from the seed, which a player may have chosen with --seed: from it and the four
characters, any announcement's commitment would open), revealed in `game_ended`."""


def move_commitment(game: MatchGame, move: Any, key: str, ply: int) -> str:
    """What an `announced` line commits to: the secret move itself, under a nonce drawn from the
    game's sealed moves key and the ply (revealed at the end). A choice edited after its
    announcement no longer opens it."""
    move_nonce = hashlib.sha256(f"{key}:{ply}".encode()).hexdigest()[:32]
    return commit({"move": game.move_json(move)}, move_nonce)


def owed(
    game: MatchGame, ply: int, seat: str, move: Any, before: Any, after: Any, key: str | None
) -> tuple[tuple[str, Json], ...]:
    """The lines everyone is owed after `seat`'s `move` took `before` to `after`: the public
    part of a secret move with its commitment, then what the step revealed. Written by the
    match, expected by `rerun`, so the two cannot drift apart; with `key` None (the moves key,
    not revealed yet) the commitment is None, to be checked once it is."""
    events: list[tuple[str, Json]] = []
    public = game.public_json(move)
    if public is not None:
        commitment = None if key is None else move_commitment(game, move, key, ply)
        events.append(("announced", {"ply": ply, "seat": seat, "public": public, "commitment": commitment}))
    revealed = game.revealed_json(before, after)
    if revealed is not None:
        events.append(("revealed", {"ply": ply, "seat": None, "revealed": revealed}))
    return tuple(events)


def _same(a: object, b: object) -> bool:
    """Equal as JSON, word for word: `true`, `1` and `1.0` are three different values."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


_ENVELOPE = ("v", "t", "see")
_LINE_FIELDS = {
    "move": {"ply", "seat", "by", "move", "fallback"},
    "refused": {"ply", "seat", "move", "reason"},
    "resumed": {"ply", "seat"},
    "model_attempt": {"ply", "seat", "part", "attempt", "actor", "accepted", "reasons", "request", "raw", "text"}
    | {"tokens_in", "tokens_out", "latency", "transport"},
}
"""The fields a match writes on each line it checks field by field (a stray field on a line
others may see could carry a secret)."""

_BY = {"human": {("human", False)}, "bot": {("bot", False)}, "agent": {("agent", False), ("bot", True)}}
"""Who may have played a seat's move, by the seat's recorded kind: (by, fallback)."""


@dataclass(frozen=True)
class Played:
    """One ply as the front end shows it: who played what, the state after, the attempts, and
    what everyone learned. A secret move (see `audience`) and the state are the referee's: a
    front end shows another seat only `public` and its own seat's `game.view`. When the ply
    closed a round and the narrator's telling of it was accepted, `narration` is that text
    (public too), shown beside the referee's reveal, never instead of it."""

    ply: int
    seat: str
    by: str
    move: Any
    state: Any
    fallback: bool = False
    attempts: tuple[Decision, ...] = ()
    public: tuple[tuple[str, Json], ...] = ()  # what everyone learned (see `owed`)
    narration: str | None = None  # the narrator's accepted telling of what this ply revealed


# --- re-running a log: the one loop behind resume, replay and a seat's view -------------------


@dataclass(frozen=True)
class Rerun:
    """A log re-stepped through the referee: the state at its end and every difference."""

    state: Any
    moves: tuple[Event, ...]
    problems: tuple[Mismatch, ...]
    ended: Event | None = None
    owed: tuple[tuple[str, Json], ...] = ()  # what a crash left unwritten after the last move
    accepted: Any = None  # an agent's reply accepted for the next ply, whose move a crash left unwritten
    plays: tuple[Played, ...] = ()  # each move as a front end shows it (its attempts left out)

    @property
    def ply(self) -> int:
        return len(self.moves)


def rerun(log: Log, game: MatchGame, key: str | None = None) -> Rerun:
    """Re-step every recorded move of `log` through `game`'s referee, with no model calls.

    Checks each move is the seat's to make and legal, each refused move and rejected agent
    reply is refused now too, each agent move is the reply last accepted for its ply, each
    `announced` and `revealed` line is what the referee owes after its move (`owed`), its
    commitment opened by the secret move (with `key`, the sealed moves key, or once `game_ended`
    reveals it), each line holds only the fields a match writes and is seen by whom it should,
    each move was played by the kind of player its seat has, and `game_ended` (if any) gives the
    result the moves give and opens the commitment."""
    walk = Rerunning.start(log, game, key)
    for event in log.events[1:]:
        walk.take(event)
    return walk.done()


@dataclass
class Rerunning:
    """A log being re-run (`rerun`) one event at a time: `take` each event after `game_started`,
    `done` when the re-run so far is wanted (again after more events, if need be), so that who
    keeps one per game (a server's page of it) steps only the events that are new."""

    log: Log  # its first event, game_started, is all that is read of it
    game: MatchGame
    state: Any
    kinds: dict[str, Any]  # each seat's recorded kind: human, bot or agent
    key: str | None  # the sealed moves key (MOVES_KEY), when the re-run knows it
    bots_checked: bool = True  # each bot move chosen again with the revealed seed (`rederive`)
    moves: list[Event] = field(default_factory=list)
    owed: list[tuple[str, Json]] = field(default_factory=list)
    # every announced line with the move it must open, checked once the nonce is known
    announced: list[tuple[Event, Any, int]] = field(default_factory=list)
    problems: list[Mismatch] = field(default_factory=list)
    accepted: Any = None
    ended: Event | None = None
    # every bot move with the state it was chosen in: re-derived once the seed is revealed
    bot_moves: list[tuple[Event, str, Any, Any]] = field(default_factory=list)
    # the reveal a narrator may still tell (its ply and revealed JSON) and its attempts so far
    narrating: tuple[int, Json] | None = None
    told: int = 0
    plays: list[Played] = field(default_factory=list)

    @classmethod
    def start(cls, log: Log, game: MatchGame, key: str | None = None, bots_checked: bool = True) -> Rerunning:
        """The re-run of `log`'s game before its first move; TranscriptError if it cannot start.
        Not `bots_checked`: the bots' moves are not chosen again once the seed is revealed
        (`rederive`), for who only shows the game and leaves that check to its replay."""
        started = log.events[0]
        config = started.data.get("config")
        try:
            if not isinstance(config, dict) or not isinstance(config.get("rules"), dict):
                raise ValueError("no rules in the config")
            state = game.start(config["rules"])
        except ValueError as err:
            raise TranscriptError(f"{log.path}:{started.line}: cannot start the game ({err})") from None
        seats = config.get("seats")
        kinds = (
            {seat: info.get("kind") for seat, info in seats.items() if isinstance(info, dict)}
            if isinstance(seats, dict)
            else {}
        )
        return cls(log, game, state, kinds, key, bots_checked=bots_checked)

    def done(self) -> Rerun:
        """The re-run of the events taken so far."""
        if self.ended is None:
            self.open_commitments()
        return Rerun(
            self.state,
            tuple(self.moves),
            tuple(self.problems),
            self.ended,
            tuple(self.owed),
            self.accepted,
            tuple(self.plays),
        )

    def differs(self, event: Event, text: str, field: str | None) -> None:
        self.problems.append(Mismatch(event.line, len(self.moves), text, field))

    def read_move(self, event: Event) -> Any:
        try:
            return self.game.move_from_json(event.data["move"])
        except (KeyError, ValueError) as err:
            self.differs(event, f"the recorded move cannot be read ({err})", "move")
            return None

    def take(self, event: Event) -> None:
        if self.ended is not None:
            self.differs(event, f"a {event.t} event after game_ended", "t")
        elif event.t in ("announced", "revealed"):
            self.owed_event(event)
        elif event.t == "resumed":
            self.fields(event)
            wrong = {
                "see": event.see is not Audience.EVERYONE,
                "ply": event.data.get("ply") != len(self.moves),
                "seat": event.data.get("seat") is not None,
            }
            if any(wrong.values()):
                field = next(key for key, bad in wrong.items() if bad)
                self.differs(event, f"a resumed line is for everyone, at ply {len(self.moves)}, of no seat", field)
            self.narrating = None  # resume never narrates a reveal from before it
        elif self.owed:
            self.differs(event, f"the {self.owed[0][0]} line of ply {self.owed[0][1]['ply']} is missing", "t")
            self.owed.clear()
            self.take(event)
        elif event.t == "game_ended":
            self.end(event)
        elif event.t == "model_attempt":
            self.narration(event)
        elif event.t not in ("move", "refused", "agent_attempt"):
            self.differs(event, f"an event this game does not write: {event.t!r}", "t")
        else:
            self.ply_event(event)

    def owed_event(self, event: Event) -> None:
        """An `announced` or `revealed` line: the one the referee owes next, word for word."""
        if not self.owed or self.owed[0][0] != event.t:
            self.differs(
                event,
                f"an {event.t} line that no move calls for"
                if event.t == "announced"
                else f"a {event.t} line that no move calls for",
                "t",
            )
            return
        t, expected = self.owed.pop(0)
        line = {k: v for k, v in event.data.items() if k not in _ENVELOPE}
        if t == "announced":  # its commitment is opened by the move itself, once the nonce is known
            line, expected = {**line, "commitment": None}, {**expected, "commitment": None}
        if not _same(line, expected) or event.see is not Audience.EVERYONE:
            shown = json.dumps(expected, ensure_ascii=False)
            field = "see" if _same(line, expected) else differing_field(line, expected)
            self.differs(event, f"the {t} line is not what the referee makes public: {shown}", field)
        elif t == "announced":
            self.announced.append((event, self.read_move(self.moves[-1]), int(expected["ply"])))
            self.open_commitments()
        if t == "revealed":
            self.narrating, self.told = (expected["ply"], expected["revealed"]), 0

    def narration(self, event: Event) -> None:
        """A narrator's try at telling the last reveal: re-checked by the game's referee."""
        if event.data.get("part") != "reveal" or self.narrating is None:
            self.differs(event, "a narration where no reveal awaits one", "part" if self.narrating else "t")
            return
        ply, revealed = self.narrating
        self.told += 1
        self.fields(event)
        if event.see is not Audience.EVERYONE or event.data.get("seat") is not None:
            field = "see" if event.see is not Audience.EVERYONE else "seat"
            self.differs(event, f"a narration of a public reveal recorded for {event.see.value}, of no seat", field)
        if event.data.get("ply") != ply or event.data.get("attempt") != self.told or self.told > NARRATION_ATTEMPTS:
            self.differs(
                event,
                f"narration attempt {event.data.get('attempt')!r} of ply {event.data.get('ply')!r}, "
                f"expected attempt {self.told} of ply {ply}",
                "ply" if event.data.get("ply") != ply else "attempt",
            )
        text = event.data.get("text")
        if not isinstance(self.game, NarratedGame) or not isinstance(text, str):
            self.differs(event, f"a narration {self.game.name} cannot check: {text!r}", "text")
            return
        lang = self.log.events[0].data.get("config", {}).get("lang")
        try:
            reasons = self.game.check_narration(text, lang, revealed)
        except ValueError as err:  # a language the game does not know
            self.differs(event, f"the narration cannot be checked: {err}", "text")
            return
        accepted = event.data.get("accepted") is True
        if accepted == bool(reasons):
            now = f"rejects it ({reasons[0]})" if reasons else "accepts it"
            self.differs(
                event, f"a narration recorded as {'accepted' if accepted else 'rejected'}; the referee {now}", "accepted"
            )
        if accepted:
            self.narrating = None
            if self.plays and self.plays[-1].ply == ply:
                self.plays[-1] = replace(self.plays[-1], narration=text)

    def fields(self, event: Event) -> None:
        """A line with fields a match never writes on it is a problem: one others may see could carry a secret."""
        extra = set(event.data) - set(_ENVELOPE) - _LINE_FIELDS[event.t]
        if extra:
            self.differs(
                event, f"a {event.t} line with fields a match does not write: {', '.join(sorted(extra))}", min(extra)
            )

    def open_commitments(self) -> None:
        """Every announced line's commitment opened by its secret move, when the key is known."""
        if self.key is None:
            return
        for event, move, ply in self.announced:
            if move is not None and event.data.get("commitment") != move_commitment(self.game, move, self.key, ply):
                self.differs(event, "the secret move does not open its announcement's commitment", "commitment")
        self.announced.clear()

    def ply_event(self, event: Event) -> None:
        """A move or a try at one: its ply and seat must be the game's next. The last reveal's
        narration, if any, came before it."""
        self.narrating = None
        seat = self.game.to_move(self.state)
        if event.data.get("ply") != len(self.moves):
            self.differs(event, f"ply {event.data.get('ply')!r}, expected {len(self.moves)}", "ply")
        elif seat is None or event.data.get("seat") != seat:
            turn = "the game was over" if seat is None else f"it was {seat!r}'s turn"
            self.differs(event, f"the {event.data.get('seat')!r} seat moved, but {turn}", "seat")
        elif event.t == "move":
            self.move(event, seat)
        else:
            self.attempt(event, seat)

    def move(self, event: Event, seat: str) -> None:
        self.fields(event)
        move = self.read_move(event)
        if move is None:
            return
        by, fallback = event.data.get("by"), event.data.get("fallback", False)
        if (by, fallback) not in _BY.get(str(self.kinds.get(seat)), set()):
            self.differs(
                event,
                f"a move by {by!r}{' (fallback)' if fallback else ''} in a seat played by {self.kinds.get(seat)!r}",
                "by",
            )
        if by == "agent" and (self.accepted is None or self.accepted != move):
            self.differs(event, "an agent's move that is not its accepted reply", "move")
        if event.see is not audience(self.game, move):
            self.differs(
                event,
                f"a {'public' if audience(self.game, move) is Audience.EVERYONE else 'secret'} move recorded for {event.see.value}",
                "see",
            )
        before = self.state
        try:
            self.state = self.game.step(self.state, seat, move)
        except ValueError as err:
            self.differs(event, f"the referee refuses this move now: {err}", "move")
            return
        if event.data.get("by") == "bot" and self.bots_checked:
            self.bot_moves.append((event, seat, before, move))
        self.owed = list(owed(self.game, len(self.moves), seat, move, before, self.state, self.key))
        self.plays.append(Played(len(self.moves), seat, str(by), move, self.state, fallback is True, public=tuple(self.owed)))
        self.moves.append(event)
        self.accepted = None

    def attempt(self, event: Event, seat: str) -> None:
        kind = "human" if event.t == "refused" else "agent"
        if self.kinds.get(seat) != kind or event.see is not Audience.SEAT:
            self.differs(
                event,
                f"a {event.t} line is its {kind} seat's alone, not of a {self.kinds.get(seat)!r} seat for {event.see.value}",
                "see" if self.kinds.get(seat) == kind else "t",
            )
        if event.t == "refused":
            self.fields(event)
        if event.data.get("move") is None:
            return  # a reply that read as no move: nothing for the referee to decide
        move = self.read_move(event)
        if move is None:
            return
        try:
            self.game.step(self.state, seat, move)
            refusal = None
        except ValueError as err:
            refusal = str(err)
        accepted = event.t == "agent_attempt" and event.data.get("accepted") is True
        if accepted != (refusal is None):
            now = "accepts" if refusal is None else f"refuses ({refusal})"
            field = "accepted" if kind == "agent" else "move"
            self.differs(event, f"recorded as {'accepted' if accepted else 'refused'}, the referee now {now}", field)
        elif refusal is not None and event.data.get("reason") != refusal:
            self.differs(event, f"refused for {event.data.get('reason')!r}, now for {refusal!r}", "reason")
        if accepted and self.accepted is not None:
            self.differs(event, f"a second accepted reply for ply {len(self.moves)}", "accepted")
        if accepted:
            self.accepted = move

    def end(self, event: Event) -> None:
        self.ended = event
        result = self.game.result(self.state)
        if result is None or event.data.get("result") != result.as_json():
            self.differs(
                event,
                f"game_ended says {event.data.get('result')!r}, the moves give "
                f"{result.as_json() if result else 'no result yet'}",
                "result" if result is None else differing_field(event.data.get("result"), result.as_json(), "result."),
            )
        seed, nonce = event.data.get("seed"), event.data.get("nonce")
        if not opens(self.log.events[0].data.get("commitment"), seed, nonce):
            self.differs(event, "the seed and nonce revealed do not open the commitment", "seed")
        elif isinstance(seed, int) and isinstance(nonce, str):
            key = event.data.get("moves_key")
            if isinstance(key, str):
                self.key = key
                self.open_commitments()
            elif self.announced:
                self.differs(event, "game_ended reveals no moves_key to open the announcements' commitments", "moves_key")
            if self.bots_checked:
                self.rederive(seed)

    def rederive(self, seed: int) -> None:
        """Every bot move is what the seat's recorded bot chooses with the revealed seed: a log
        whose bot moves were swapped for other legal ones is caught, not only a changed result."""
        seats = self.log.events[0].data.get("config", {}).get("seats", {})
        for event, seat, before, move in self.bot_moves:
            level = seats.get(seat, {}).get("bot") if isinstance(seats, dict) else None
            try:
                bot = open_bot(self.game.name, level)
            except UnknownBotError as err:
                self.differs(event, f"the {seat!r} seat's bot cannot be rebuilt ({err})", "by")
                continue
            ply = event.data.get("ply")
            chosen = bot.choose(self.game.view(before, seat), decision_rng(self.game.name, seed, seat, int(ply or 0)))
            if chosen != move:
                shown = self.game.move_json(chosen)
                self.differs(event, f"the bot ({bot.level}) plays {shown} with the revealed seed", "move")


def _moves_key(sealed: Sealed) -> str | None:
    """The moves key a match sealed (none in a log from before secret moves)."""
    key = sealed.secret.get(MOVES_KEY)
    return key if isinstance(key, str) else None


def game_in(log: Log) -> MatchGame:
    """The game a match's log records, from the registry; TranscriptError if it knows none such."""
    name = game_of(log)
    if name not in game_names():  # a log records the game's name, never an alias
        raise TranscriptError(f"{log.path}:1: {UnknownGameError(name, game_names())}")
    game: MatchGame = find_game(name)  # type: ignore[assignment]  # every game a match records has start()
    return game


def replay(log: Log, game: MatchGame) -> Rerun:
    """`rerun` for `refgm replay`: also catches a log whose sidecar says the game ended but
    whose `game_ended` is missing. (Moves that end the game with no `game_ended` after them
    are what a crash leaves; resume writes it.)"""
    done = rerun(log, game)
    if done.ended is None and sidecar_path(log.path).exists() and read_sidecar(log.path).ended:
        missing = Mismatch(len(log.events) + 1, done.ply, "game_ended is missing: the sidecar says this game ended", "t")
        return replace(done, problems=(*done.problems, missing))
    return done


def visible(log: Log, seat: str) -> Log:
    """The log as `seat` may see it: the events for everyone and those for it alone."""
    return replace(log, events=visible_to(log, seat))


def seat_view(log: Log, game: MatchGame, seat: str) -> Json:
    """What `seat` was shown last: the referee re-steps the whole log (another seat's secret
    moves included, which only it may read) and shows that seat its view."""
    return game.view(rerun(log, game).state, seat)


def play_bots(
    game: MatchGame, bots: Mapping[str, Bot], seed: int, rules: Json | None = None, *, one_stream: bool = False
) -> tuple[Any, int]:
    """A game between bots, unrecorded (benchmarks, evals): the final state and the plies.

    Each decision draws from `decision_rng` as in a recorded match, so a match with the
    same bots and seed plays the same moves. With `one_stream`, every decision draws from one
    RNG seeded once for the game instead: as deterministic, and cheaper, for games that are
    never recorded or resumed (a tournament), but not the moves a recorded match plays."""
    state = game.start(rules or {})
    ply = 0
    stream = random.Random(f"{game.name}:{seed}") if one_stream else None
    while (seat := game.to_move(state)) is not None:
        rng = stream or decision_rng(game.name, seed, seat, ply)
        move = bots[seat].choose(game.view(state, seat), rng)
        state = game.step(state, seat, move)
        ply += 1
    return state, ply


# --- a match in play ---------------------------------------------------------------------------


class Match(Table[Any]):
    """A game being played by its seats (gm.table), recorded to `writer` as it goes."""

    def __init__(
        self,
        *,
        game: MatchGame,
        state: Any,
        players: Mapping[str, Player],
        writer: Writer,
        sealed: Sealed,
        game_id: str,
        config: Json,
        ply: int = 0,
        narrator: Narrator | None = None,
        ledger: Ledger | None = None,
    ) -> None:
        if narrator is not None and not isinstance(game, NarratedGame):
            raise ValueError(f"{game.name}'s reveals are never narrated")
        super().__init__(game=game, state=state, writer=writer, sealed=sealed, game_id=game_id, ledger=ledger)
        self.game: MatchGame = game
        self.sealed: Sealed = sealed
        self.players = dict(players)
        self.config = config
        self.ply = ply
        self.narrator = narrator

    @classmethod
    def start(
        cls,
        game: MatchGame,
        players: Mapping[str, Player],
        path: Path | Ledger,
        game_id: str,
        *,
        seed: int | None = None,
        rules: Json | None = None,
        lang: str = "en",
        narrator: Narrator | None = None,
    ) -> Match:
        """Seal the seed and a fresh nonce, record the start with the commitment (gm.table.found).
        With a `narrator`, a model tells each reveal in `lang` (see the module docstring)."""
        state = game.start(rules or {})
        if set(players) != set(game.seats(state)):
            raise ValueError(f"{game.name} is played by the seats {', '.join(game.seats(state))}")
        seed = secrets.randbits(63) if seed is None else seed
        sealed = Sealed(seed, {MOVES_KEY: secrets.token_hex(16)}, seed_nonce(seed))
        config = {
            "lang": lang,
            "rules": game.rules_json(state),
            "seats": {seat: seat_json(players[seat]) for seat in game.seats(state)},
        }
        kept = ledger(path)
        writer = found(
            kept,
            sealed,
            id=game_id,
            game=game.name,
            config=config,
            commitment=commit_seed(sealed.seed, sealed.nonce),
            seat=None,
            see=Audience.EVERYONE,
        )
        return cls(
            game=game,
            state=state,
            players=players,
            writer=writer,
            sealed=sealed,
            game_id=game_id,
            config=config,
            narrator=narrator,
            ledger=kept,
        )

    @classmethod
    def resume(
        cls, path: Path | Ledger, game: MatchGame, players: Mapping[str, Player], narrator: Narrator | None = None
    ) -> tuple[Match, Rerun]:
        """Go on with an interrupted game: its torn last line dropped, its moves re-stepped.

        The log must re-run clean. What a crash left unwritten is written first: the lines a
        move owed everyone, the move of an agent's reply already accepted (never asked again,
        so no seat changes what it decided), the `game_ended` of a game its moves ended. The
        `narrator` tells the reveals from now on; a reveal from before the interruption, or
        one written now, is never narrated."""
        kept = ledger(path)
        log, sealed = reopen(kept, game.name)
        started = log.events[0].data
        if not opens(started.get("commitment"), sealed.seed, sealed.nonce):
            raise TranscriptError(f"{kept.name}: the sealed seed does not open this game's commitment")
        done = rerun(log, game, _moves_key(sealed))
        if done.problems:
            first = done.problems[0]
            raise TranscriptError(f"{kept.name}:{first.line}: {first.text}; see: refgm replay {kept.name}")
        config = started["config"]
        recorded = {seat: kind.get("kind") for seat, kind in config.get("seats", {}).items()}
        if recorded != {seat: p.kind for seat, p in players.items()}:
            raise TranscriptError(f"{kept.name}: the seats were played by {recorded}")
        match = cls(
            game=game,
            state=done.state,
            players=players,
            writer=kept.append(),
            sealed=sealed,
            game_id=str(started.get("id", log.path.stem)),
            config=config,
            ply=done.ply,
            narrator=narrator,
            ledger=kept,
        )
        match.writer.write("resumed", ply=match.ply, seat=None, see=Audience.EVERYONE)
        match._publish(done.owed)
        seat = game.to_move(match.state)
        if done.accepted is not None and seat is not None:  # a crash between an accepted reply and its move
            match._record(seat, "agent", done.accepted, game.step(match.state, seat, done.accepted))
        if match.over:
            match._end()
        return match, done

    @property
    def result(self) -> Result | None:
        return self.game.result(self.state)

    def view(self, seat: str) -> Json:
        return self.game.view(self.state, seat)

    async def run(self, shown: Callable[[Played], None] | None = None) -> Result:
        """Play until the game ends; `shown` sees each ply once it is recorded."""
        while not self.over:
            played = await self.turn()
            if shown:
                shown(played)
        result = self.result
        assert result is not None
        return result

    async def turn(self) -> Played:
        """One ply: the seat to move decides, the referee checks, the move is recorded."""
        seat = self.game.to_move(self.state)
        if seat is None:
            raise ValueError("the game is over")
        player = self.players[seat]
        view = self.game.view(self.state, seat)
        attempts: tuple[Decision, ...] = ()
        fallback = False
        if isinstance(player, Human):
            move, state = await self._ask(player, seat, view)
        elif isinstance(player, BotPlayer):
            move, state = self._bot(player.bot, seat, view)
        else:
            played, attempts = await self._agent(player, seat, view)
            fallback = played is None
            move, state = played or self._bot(player.fallback, seat, view)
        by = "bot" if fallback else player.kind
        ply = self.ply
        public = self._record(seat, by, move, state, fallback)
        revealed = next((fields["revealed"] for t, fields in public if t == "revealed"), None)
        narration = None if revealed is None else await self._narrate(revealed, ply)
        if self.over:
            self._end()
        return Played(ply, seat, by, move, state, fallback, attempts, public, narration)

    def _record(
        self, seat: str, by: str, move: Any, state: Any, fallback: bool = False
    ) -> tuple[tuple[str, Json], ...]:
        """Write `seat`'s move and what it owes everyone, then go on from `state`; returns the owed lines."""
        self.writer.write(
            "move",
            ply=self.ply,
            seat=seat,
            see=audience(self.game, move),
            by=by,
            move=self.game.move_json(move),
            **({"fallback": True} if fallback else {}),
        )
        public = owed(self.game, self.ply, seat, move, self.state, state, _moves_key(self.sealed))
        self._publish(public)
        self.state = state
        self.ply += 1
        return public

    def _publish(self, events: tuple[tuple[str, Json], ...]) -> None:
        """Write what everyone is owed after a move (see `owed`)."""
        for t, fields in events:
            self.writer.write(t, see=Audience.EVERYONE, **fields)

    async def _narrate(self, revealed: Json, ply: int) -> str | None:
        """The narrator's accepted telling of what `ply` revealed, every try recorded for
        everyone (the reveal is public); None without a narrator or when every try failed."""
        if self.narrator is None:
            return None
        story = await self.narrator.narrate(revealed, self.config["lang"], ply)
        for index, attempt in enumerate(story.attempts, 1):
            self.writer.write(
                "model_attempt",
                ply=ply,
                seat=None,
                see=Audience.EVERYONE,
                part="reveal",
                attempt=index,
                actor=self.narrator.name,
                accepted=attempt.accepted,
                reasons=list(attempt.reasons),
                request=attempt.request,
                raw=attempt.raw,
                text=attempt.text,
                tokens_in=attempt.tokens_in,
                tokens_out=attempt.tokens_out,
                latency=round(attempt.latency, 6),
                transport=transport_json(attempt.transport),
            )
        return story.text

    async def _ask(self, human: Human, seat: str, view: Json) -> tuple[Any, Any]:
        refusal: ValueError | None = None
        while True:
            move = await human.ask(view, refusal)
            try:
                return move, self.game.step(self.state, seat, move)
            except ValueError as err:
                refusal = err
                self.writer.write(
                    "refused",
                    ply=self.ply,
                    seat=seat,
                    see=Audience.SEAT,
                    move=self.game.move_json(move),
                    reason=str(err),
                )

    def _bot(self, bot: Bot, seat: str, view: Json) -> tuple[Any, Any]:
        """A bot's move; the referee refusing one is a bug in the bot, and raises."""
        move = bot.choose(view, decision_rng(self.game.name, self.sealed.seed, seat, self.ply))
        return move, self.game.step(self.state, seat, move)

    async def _agent(
        self, player: AgentPlayer, seat: str, view: Json
    ) -> tuple[tuple[Any, Any] | None, tuple[Decision, ...]]:
        """Up to MAX_ATTEMPTS replies, each checked by the referee and recorded; None when
        none was a legal move (or the agent's deadline passed): the seat's bot plays."""
        agent = player.agent
        deadline = time.monotonic() + agent.deadline_s
        decisions: list[Decision] = []
        retry: Retry | None = None
        for attempt in range(1, MAX_ATTEMPTS + 1):
            if attempt > 1 and time.monotonic() >= deadline:
                break
            decision = await agent.decide(view, self.ply, attempt, retry, deadline)
            decisions.append(decision)
            reason = decision.problem
            state = None
            if decision.move is not None:
                try:
                    state = self.game.step(self.state, seat, decision.move)
                    reason = None
                except ValueError as err:
                    reason = str(err)
            self.writer.write(
                "agent_attempt",
                ply=self.ply,
                seat=seat,
                see=Audience.SEAT,
                attempt=attempt,
                agent=agent.name,
                request=decision.request,
                raw=decision.raw,
                move=None if decision.move is None else self.game.move_json(decision.move),
                accepted=state is not None,
                reason=reason,
                tokens_in=decision.tokens_in,
                tokens_out=decision.tokens_out,
                latency=round(decision.latency, 6),
                transport=transport_json(decision.transport),
            )
            if state is not None:
                return (decision.move, state), tuple(decisions)
            retry = Retry(decision.move, reason or "no move")
        return None, tuple(decisions)

    def _end(self) -> None:
        """Reveal the seed and nonce, then mark the sidecar: the log now holds it all."""
        result = self.result
        assert result is not None
        self.end(
            seat=None,
            see=Audience.EVERYONE,
            result=result.as_json(),
            seed=self.sealed.seed,
            nonce=self.sealed.nonce,
            commitment=commit_seed(self.sealed.seed, self.sealed.nonce),
            **({"moves_key": key} if (key := _moves_key(self.sealed)) else {}),
        )
