"""`refgm play --game monorail`: Monorail at the terminal against a bot or a model agent.

The human types moves in the notation (`H@2,0 NW@3,0`) or 'impossible' in ko, ja or en;
the board is drawn after every move. The game runs in gm.match (seats, the referee's
checks, the agent's retries and fallback, the log, resume); this module only opens the
seats the options ask for and wires the terminal to the human's seat.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from gm.agent import ModelAgent
from gm.backends import BackendError, ModelSpec, ResponseCache, open_backend
from gm.bots import UnknownBotError, default_level, open_bot
from gm.match import AgentPlayer, BotPlayer, Human, Left, Match, Player, commit_seed, committed
from gm.monorail import BRIEF, GAME, ReadLine, Terminal, Texts
from gm.recorder import TranscriptError, game_path, locate, new_game_id, read, read_sidecar, resume_name
from gm.sampling import SamplingKeyError, game_key
from referee.commitment import canonical_json
from referee.game import find_game
from referee.monorail.game import SEATS
from referee.monorail.protocol import MonorailGame

FIRST = ("human", "opponent")


def opponent_level(value: str) -> str:
    """`--opponent bot` or `bot:LEVEL`: the bot's level."""
    kind, _, level = value.partition(":")
    if kind != "bot":
        raise argparse.ArgumentTypeError(f"expected bot or bot:LEVEL, e.g. bot:greedy (got {value!r})")
    return level or default_level(GAME)


def resumes_monorail(game: str | None) -> bool:
    """Whether `--resume GAME` names a Monorail log (so `--game monorail` may be left out)."""
    if not game:
        return False
    try:
        return read(locate(game), drop_torn_tail=True).events[0].data.get("game") == GAME
    except TranscriptError:
        return False  # the liar's resume names what is wrong with it


def run(args: argparse.Namespace, lines: Iterable[str] | None) -> int:
    """Play (or resume) one game; exit 0 when it ends or is left, 2 on a clear error."""
    liar_only = [name for name in ("incident", "secret") if getattr(args, name, None) is not None]
    if liar_only:
        print(f"refgm play: --{liar_only[0]} is for the liar game, not Monorail", file=sys.stderr)
        return 2
    with asyncio.Runner() as runner:
        try:
            match, terminal, opening = _open(args, lines)
        except (
            TranscriptError,
            FileExistsError,
            OSError,
            BackendError,
            SamplingKeyError,
            UnknownBotError,
            ValueError,
        ) as err:
            print(f"refgm play: {_reason(err)}", file=sys.stderr)
            return 2
        try:
            terminal.show(opening)
            runner.run(_play(match, terminal))
            if not match.over:
                terminal.show(_saved(match, terminal))
            return 0
        except Left:
            terminal.show(_saved(match, terminal))
            return 0
        except KeyboardInterrupt:
            print("\n" + _saved(match, terminal), file=sys.stderr)
            return 130
        except UnicodeDecodeError:
            print(f"refgm play: the input is not UTF-8 text. {_saved(match, terminal)}", file=sys.stderr)
            return 2
        finally:
            match.close()
            for player in match.players.values():
                if isinstance(player, AgentPlayer) and isinstance(player.agent, ModelAgent):
                    runner.run(player.agent.aclose())


async def _play(match: Match, terminal: Terminal) -> None:
    while not match.over:
        terminal.played(await match.turn())
    result = match.result
    assert result is not None
    sealed = match.sealed
    text = canonical_json(committed(sealed.seed), sealed.nonce)
    reveal = terminal.texts.message(
        "reveal", seed=sealed.seed, nonce=sealed.nonce, text=text, commitment=commit_seed(sealed.seed, sealed.nonce)
    )
    terminal.show(terminal.texts.result(match.state, terminal.names) + "\n" + reveal)


def _saved(match: Match, terminal: Terminal) -> str:
    return terminal.texts.message("saved", game_id=resume_name(match.writer.path, match.game_id))


def _open(args: argparse.Namespace, lines: Iterable[str] | None) -> tuple[Match, Terminal, str]:
    """The match the options ask for, the terminal at its human seat, and what to show first."""
    game = find_game(GAME)
    assert isinstance(game, MonorailGame)
    read_line, echo = _reader(lines)
    if args.resume:
        return _resume(args, game, locate(args.resume), read_line, echo)
    seed = random.SystemRandom().getrandbits(63) if args.seed is None else args.seed
    texts = Texts(args.lang)
    human = "first" if args.first == "human" else "second"
    terminal = Terminal(texts, sys.stdout, read_line, {}, echo)
    level = args.opponent or default_level(GAME)
    players: dict[str, Player] = {human: Human(terminal.ask, name=texts.message("you"))}
    other = next(seat for seat in SEATS if seat != human)
    players[other] = _opponent(args, args.model, level, args.lang, seed)
    game_id = args.transcript.stem if args.transcript else new_game_id()
    path = args.transcript or game_path(game_id)
    match = Match.start(game, players, path, game_id, seed=seed, lang=args.lang)
    terminal.names.update(_names(texts, players))
    opening = texts.message(
        "opening",
        first=terminal.names["first"],
        second=terminal.names["second"],
        commitment=commit_seed(match.sealed.seed, match.sealed.nonce),
    )
    return match, terminal, opening + "\n\n" + terminal.board(match.state.position)


def _resume(
    args: argparse.Namespace, game: MonorailGame, path: Path, read_line: ReadLine, echo: bool
) -> tuple[Match, Terminal, str]:
    """The seats as recorded: the human at the terminal, the opponent reopened by its name."""
    log = read(path, drop_torn_tail=True)
    config = log.events[0].data.get("config")
    seats = config.get("seats") if isinstance(config, dict) else None
    if log.events[0].data.get("game") != GAME or not isinstance(config, dict) or not isinstance(seats, dict):
        raise TranscriptError(f"{path}: not a Monorail game; resume it without --game monorail")
    texts = Texts(str(config.get("lang", "en")))
    terminal = Terminal(texts, sys.stdout, read_line, {}, echo)
    seed = read_sidecar(path).seed
    players: dict[str, Player] = {}
    for seat, recorded in seats.items():
        kind, name, level = recorded.get("kind"), recorded.get("name"), recorded.get("bot")
        if kind == "human":
            players[seat] = Human(terminal.ask, name=str(name))
        else:
            model = str(name) if kind == "agent" else "offline"
            players[seat] = _opponent(args, model, str(level), texts.lang, seed)
    match, _ = Match.resume(path, game, players)
    terminal.names.update(_names(texts, players))
    shown = [texts.message("resumed", game_id=match.game_id, ply=match.ply)]
    if log.torn_tail:
        shown.append(texts.message("torn", line=len(log.events) + 1))
    return match, terminal, "\n".join(shown) + "\n\n" + terminal.board(match.state.position)


def _opponent(args: argparse.Namespace, model: str, level: str, lang: str, seed: int) -> Player:
    bot = open_bot(GAME, level)
    spec = ModelSpec.parse(model)
    if spec.provider == "offline":
        return BotPlayer(bot)
    backend = open_backend(spec, base_url=args.base_url, cache=ResponseCache() if args.cache else None)
    agent = ModelAgent(backend, BRIEF, lang, key=game_key(seed), deadline_s=args.turn_deadline)
    return AgentPlayer(agent, bot)


def _names(texts: Texts, players: dict[str, Player]) -> dict[str, str]:
    names = {}
    for seat, player in players.items():
        if isinstance(player, Human):
            names[seat] = texts.message("you")
        elif isinstance(player, BotPlayer):
            names[seat] = texts.message("bot", level=player.bot.level)
        else:
            names[seat] = texts.message("agent", name=player.name)
    return names


def _reader(lines: Iterable[str] | None) -> tuple[ReadLine, bool]:
    """How the human's lines are read: from `lines` (echoed), else the interactive prompt."""
    if lines is not None:
        source: Iterator[str] = iter(lines)

        async def next_line() -> str | None:
            line = next(source, None)
            await asyncio.sleep(0)  # a Ctrl-C while the line was awaited stops the game here
            return line

        return next_line, True

    from prompt_toolkit import PromptSession

    prompt: PromptSession[str] = PromptSession()

    async def prompted() -> str | None:
        try:
            return await prompt.prompt_async("> ")
        except EOFError:
            return None

    return prompted, False


def _reason(err: BaseException) -> str:
    if isinstance(err, OSError) and err.strerror:
        return f"{err.filename}: {err.strerror}" if err.filename else err.strerror
    return str(err)
