"""What `refgm play` does alike for every game played by seats (gm.match: Monorail, Garnet Thief).

The seat the options open (a bot, or a model agent with that bot as its fallback), how the
human's lines are read (from a file or a pipe, echoed; at the prompt otherwise; a secret line
never echoed nor left on the screen), and one game run until it ends or the human leaves,
saved either way, with clear errors and never a traceback. Each game's module (play_monorail,
play_garnet) opens its match and its terminal; this one plays it.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from gm.agent import Brief, ModelAgent
from gm.backends import BackendError, ModelSpec, ResponseCache, open_backend
from gm.bots import UnknownBotError, open_bot
from gm.match import AgentPlayer, BotPlayer, Human, Left, Match, Played, Player, commit_seed, committed, seat_json
from gm.recorder import Log, TranscriptError, read, read_sidecar
from gm.sampling import SamplingKeyError, game_key
from referee.commitment import canonical_json
from referee.game import Json

OPEN_ERRORS = (TranscriptError, FileExistsError, OSError, BackendError, SamplingKeyError, UnknownBotError, ValueError)
"""What opening a game may raise with a message to show as it is (exit 2)."""


class GameTexts(Protocol):
    def message(self, key: str, **values: Any) -> str: ...


class Front(Protocol):
    """A game's terminal: its texts (with `saved` and `reveal` messages), each ply shown,
    and the end of the game as the human's seat sees it."""

    @property
    def texts(self) -> GameTexts: ...

    def show(self, text: str) -> None: ...

    def played(self, played: Played) -> None: ...

    def ending(self, state: Any) -> str: ...


ReadLine = Callable[[], Any]  # async () -> str | None, as gm.monorail.ReadLine and gm.garnet.ReadLine


@dataclass(frozen=True)
class Reader:
    """How the human's lines are read: `line` for what may be seen, `secret` for what may not
    (a hidden choice), and whether the front end echoes what was read (lines not typed at a prompt)."""

    line: ReadLine
    secret: ReadLine
    echo: bool


def reader(lines: Iterable[str] | None) -> Reader:
    """Lines from `lines` (a file, or a stdin that is no terminal: echoed by the front end, a
    secret one read with the terminal's echo off if stdin is one), else prompt_toolkit's prompt
    (a secret one as a password, erased once entered)."""
    if lines is not None:
        source: Iterator[str] = iter(lines)

        async def next_line() -> str | None:
            line = next(source, None)
            await asyncio.sleep(0)  # a Ctrl-C while the line was awaited stops the game here
            return line

        async def next_secret() -> str | None:
            with _no_echo():
                line = next(source, None)
            await asyncio.sleep(0)
            return line

        return Reader(next_line, next_secret, True)

    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import DummyHistory

    prompt: PromptSession[str] = PromptSession()
    # A secret is typed as a password, remembered by no history and erased once entered.
    secret: PromptSession[str] = PromptSession(is_password=True, erase_when_done=True, history=DummyHistory())

    async def prompted() -> str | None:
        try:
            return await prompt.prompt_async("> ")
        except EOFError:
            return None

    async def hidden() -> str | None:
        try:
            return await secret.prompt_async("> ")
        except EOFError:
            return None

    return Reader(prompted, hidden, False)


@contextlib.contextmanager
def _no_echo() -> Iterator[None]:
    """The terminal's echo off while a line is read from stdin, when stdin is a terminal
    (stdout redirected); nothing otherwise: a pipe or a file echoes nothing."""
    if not sys.stdin.isatty():
        yield
        return
    import termios

    fd = sys.stdin.fileno()
    before = termios.tcgetattr(fd)
    quiet = list(before)
    quiet[3] &= ~termios.ECHO
    termios.tcsetattr(fd, termios.TCSADRAIN, quiet)
    try:
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, before)


def open_seat(args: Any, game: str, brief: Brief, model: str, level: str | None, lang: str, seed: int) -> Player:
    """A seat played by `game`'s bot at `level`, or by the model `model` (provider:model) with
    that bot as its fallback; the model's sampling key comes from the seed (gm.sampling)."""
    bot = open_bot(game, level)
    spec = ModelSpec.parse(model)
    if spec.provider == "offline":
        return BotPlayer(bot)
    backend = open_backend(spec, base_url=args.base_url, cache=ResponseCache() if args.cache else None)
    agent = ModelAgent(backend, brief, lang, key=game_key(seed), deadline_s=args.turn_deadline)
    return AgentPlayer(agent, bot)


def names(texts: GameTexts, players: dict[str, Player]) -> dict[str, str]:
    """Who plays each seat, as the game's texts call them: you, the bot (level), the model (name)."""
    return recorded_names(texts, {seat: seat_json(player) for seat, player in players.items()})


def recorded_names(texts: GameTexts, seats: dict[str, Json]) -> dict[str, str]:
    """`names` of the seats as `game_started` records them (gm.match.seat_json)."""
    called = {}
    for seat, recorded in seats.items():
        if recorded.get("kind") == "human":
            called[seat] = texts.message("you")
        elif recorded.get("kind") == "bot":
            called[seat] = texts.message("bot", level=recorded.get("bot"))
        else:
            called[seat] = texts.message("agent", name=recorded.get("name"))
    return called


@dataclass(frozen=True)
class Recorded:
    """A game to resume as its log recorded it: the log, its language, its seats and the
    seed from its sidecar."""

    log: Log
    lang: str
    seats: dict[str, Json]
    seed: int

    @classmethod
    def of(cls, path: Any, game: str, title: str) -> Recorded:
        log = read(path, drop_torn_tail=True)
        config = log.events[0].data.get("config")
        seats = config.get("seats") if isinstance(config, dict) else None
        if log.events[0].data.get("game") != game or not isinstance(config, dict) or not isinstance(seats, dict):
            raise TranscriptError(f"{path}: not a {title} game; resume it without --game {game}")
        return cls(log, str(config.get("lang", "en")), seats, read_sidecar(path).seed)

    def players(self, args: Any, game: str, brief: Brief, human: Human) -> dict[str, Player]:
        """The seats as recorded: the human at the terminal, the others reopened by their
        names (a model by its provider:model, a bot by its level)."""
        players: dict[str, Player] = {}
        for seat, recorded in self.seats.items():
            kind, name, level = recorded.get("kind"), recorded.get("name"), recorded.get("bot")
            if kind == "human":
                players[seat] = human
            else:
                model = str(name) if kind == "agent" else "offline"
                players[seat] = open_seat(args, game, brief, model, str(level), self.lang, self.seed)
        return players

    def resumed(self, texts: GameTexts, match: Match) -> str:
        """What resuming says: after how many plies, and that a torn last line was dropped."""
        shown = [texts.message("resumed", game_id=match.game_id, ply=match.ply)]
        if self.log.torn_tail:
            shown.append(texts.message("torn", line=len(self.log.events) + 1))
        return "\n".join(shown)


def run(opened: Callable[[], tuple[Match, Front, str]]) -> int:
    """Play the match `opened` starts (or resumes) to its end; exit 0 when it ends or is left
    (saved), 130 on Ctrl-C (saved), 2 on a clear error."""
    with asyncio.Runner() as runner:
        try:
            match, front, opening = opened()
        except OPEN_ERRORS as err:
            print(f"refgm play: {reason(err)}", file=sys.stderr)
            return 2

        def saved() -> str:
            return front.texts.message("saved", game_id=match.resume_name)

        try:
            front.show(opening)
            runner.run(_play(match, front))
            if not match.over:
                front.show(saved())
            return 0
        except Left:
            front.show(saved())
            return 0
        except KeyboardInterrupt:
            print("\n" + saved(), file=sys.stderr)
            return 130
        except UnicodeDecodeError:
            print(f"refgm play: the input is not UTF-8 text. {saved()}", file=sys.stderr)
            return 2
        finally:
            match.close()
            for player in match.players.values():
                if isinstance(player, AgentPlayer) and isinstance(player.agent, ModelAgent):
                    runner.run(player.agent.aclose())
            if match.narrator is not None:
                runner.run(match.narrator.aclose())


async def _play(match: Match, front: Front) -> None:
    """Every ply shown as it is recorded; at the end the result and the commitment opened."""
    while not match.over:
        front.played(await match.turn())
    sealed = match.sealed
    text = canonical_json(committed(sealed.seed), sealed.nonce)
    reveal = front.texts.message(
        "reveal", seed=sealed.seed, nonce=sealed.nonce, text=text, commitment=commit_seed(sealed.seed, sealed.nonce)
    )
    front.show(front.ending(match.state) + "\n" + reveal)


def reason(err: BaseException) -> str:
    if isinstance(err, OSError) and err.strerror:
        return f"{err.filename}: {err.strerror}" if err.filename else err.strerror
    return str(err)
