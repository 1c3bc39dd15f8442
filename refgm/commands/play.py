"""`refgm play`: start or resume a game in the terminal, or play one from a file of lines."""

from __future__ import annotations

import argparse
import asyncio
import io
import random
import sys
from collections.abc import Iterable
from pathlib import Path

from gm.backends import BackendError
from gm.bots import default_level, levels
from gm.recorder import TranscriptError, game_path, locate, new_game_id, read
from gm.sampling import SamplingKeyError, game_key
from gm.session import GameConfig, Session
from gm.tui import Frontend, interactive, run_interactive, run_lines
from referee.lang.incident import LANGS
from referee.liar.game import Rules
from referee.liar.world import World
from refgm.commands import incidents, play_garnet, play_monorail
from refgm.commands.incidents import add_incident_options
from refgm.commands.models import add_model_options, open_actor, settled_reader


def _secret(value: str) -> World:
    """--secret CULPRIT,LIAR, both on the default roster A, B, C."""
    names = Rules().roster.names
    parts = [part.strip().upper() for part in value.split(",")]
    if len(parts) != 2 or any(part not in names for part in parts):
        raise argparse.ArgumentTypeError(
            f"expected CULPRIT,LIAR with names from {', '.join(names)}, e.g. B,C (got {value!r})")
    return World(culprit=parts[0], liar=parts[1])


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "play",
        help="play a game of find-the-liar (or Monorail, or Garnet Thief, with --game)",
        description="Play find-the-liar, Monorail with --game monorail, or Garnet Thief with "
        "--game garnet (you take one seat of eight; bots or models play the others). Interactive in a "
        "terminal; with --input FILE (or stdin that is not a terminal) one player line per "
        "input line. Every game is recorded under $REFGM_HOME/games (default "
        "~/.local/share/refgm/games); the secret, nonce and seed wait in a 0600 sidecar "
        "<game>.secret.json until the end.",
    )
    p.add_argument("--game", choices=("liar", "monorail", "garnet"), default="liar",
                   help="which game (default liar)")
    p.add_argument("--opponent", type=play_monorail.opponent_level, metavar="bot[:LEVEL]",
                   help=f"Monorail: the bot to play against, or the model's fallback: "
                   f"{', '.join(levels('monorail'))} (default bot:{default_level('monorail')})")
    p.add_argument("--first", choices=play_monorail.FIRST, default="human",
                   help="Monorail: who places first (default human)")
    p.add_argument("--seat", type=play_garnet.seat_number, metavar="N",
                   help="Garnet Thief: your seat, 1 to 8 (default: drawn from the seed)")
    p.add_argument("--bot", metavar="STYLE",
                   help="Garnet Thief: the style of the bots in the other seats, and the models' "
                   f"fallback: {', '.join(levels('garnet'))} (default {default_level('garnet')})")
    p.add_argument("--seat-model", type=play_garnet.seat_model, action="append", metavar="N=PROVIDER:MODEL",
                   help="Garnet Thief: seat N played by this model (repeatable; --model plays "
                   "every other seat but yours)")
    p.add_argument("--narrator", metavar="PROVIDER:MODEL",
                   help="Garnet Thief: a model game master who tells each reveal; every identity and number "
                   "it says is checked against the referee's, else it is asked again (twice), then left out")
    p.add_argument("--lang", choices=LANGS, default="en", help="language of the game (default en)")
    add_incident_options(p)
    p.add_argument("--seed", type=int, help="seed of the secret and the phrasing (default: random)")
    p.add_argument("--secret", type=_secret, metavar="CULPRIT,LIAR",
                   help="fix the secret instead of drawing it (set puzzles, tests)")
    p.add_argument("--input", type=Path, metavar="FILE", help="read player lines from FILE")
    p.add_argument("--transcript", type=Path, metavar="PATH",
                   help="write the event log here instead of $REFGM_HOME/games/<id>.jsonl")
    p.add_argument("--resume", metavar="ID", help="continue an interrupted game (ID or log path)")
    add_model_options(p)
    p.set_defaults(handler=run)


_SEATED = {"monorail": play_monorail.run, "garnet": play_garnet.run}
"""The games played by seats (gm.match), each with its module's run."""


def run(args: argparse.Namespace) -> int:
    game = _recorded_game(args.resume) or args.game
    if game == "liar" and (args.opponent or args.first != "human") and not args.resume:
        print("refgm play: --opponent and --first are for --game monorail", file=sys.stderr)
        return 2
    if game != "garnet" and (args.seat or args.bot or args.seat_model or args.narrator):
        print("refgm play: --seat, --bot, --seat-model and --narrator are for --game garnet", file=sys.stderr)
        return 2
    lines: Iterable[str] | None = None
    if args.input is not None:
        try:
            lines = args.input.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as err:
            print(f"refgm play: cannot read {args.input}: {_reason(err)}", file=sys.stderr)
            return 2
    elif not interactive():
        # Strict UTF-8 whatever the locale: a game's text must round-trip through its log.
        lines = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8")
    if game in _SEATED:
        return _SEATED[game](args, lines)
    # One event loop for the whole game: a model's client opened for the narrated opening
    # keeps its connections for the turns.
    with asyncio.Runner() as runner:
        return _play(runner, args, lines)


def _play(runner: asyncio.Runner, args: argparse.Namespace, lines: Iterable[str] | None) -> int:
    try:
        session, opening = runner.run(_start(args))
    except (TranscriptError, FileExistsError, OSError, BackendError, SamplingKeyError) as err:
        print(f"refgm play: {_reason(err)}", file=sys.stderr)
        return 2
    frontend = Frontend(session)
    try:
        if lines is None:
            print(opening + "\n")
            return runner.run(run_interactive(frontend))
        print(opening + "\n", flush=True)
        return runner.run(run_lines(frontend, lines, sys.stdout))
    except KeyboardInterrupt:
        print("\n" + frontend.saved(), file=sys.stderr)
        return 130
    except UnicodeDecodeError:
        print(f"refgm play: the input is not UTF-8 text. {frontend.saved()}", file=sys.stderr)
        return 2
    finally:
        session.close()


async def _start(args: argparse.Namespace) -> tuple[Session, str]:
    if args.resume:
        path = locate(args.resume)
        actor = open_actor(args)
        _say(await settled_reader(args, actor, GameConfig.of(read(path, drop_torn_tail=True)).lang,
                                  Rules().roster))
        return await Session.resume(path, actor=actor)
    seed = random.SystemRandom().getrandbits(63) if args.seed is None else args.seed
    config = GameConfig(lang=args.lang, incident=incidents.drawn(args, seed))
    game_id = args.transcript.stem if args.transcript else new_game_id()
    path = args.transcript or game_path(game_id)
    actor = open_actor(args, game_key(seed))
    _say(await settled_reader(args, actor, config.lang, config.rules.roster))
    return await Session.start(config, path, game_id, seed=seed, secret=args.secret, actor=actor)


def _say(notice: str | None) -> None:
    """A line about the tool, not the game (the second reader turned off), on stderr."""
    if notice:
        print(f"refgm play: {notice}", file=sys.stderr)


def _recorded_game(resume: str | None) -> str | None:
    """The seated game a `--resume` log records (so --game may be left out); None for a liar
    game or a log that cannot be read (the liar's resume names what is wrong with it)."""
    if not resume:
        return None
    try:
        recorded = read(locate(resume), drop_torn_tail=True).events[0].data.get("game")
    except TranscriptError:
        return None
    return recorded if recorded in _SEATED else None


def _reason(err: BaseException) -> str:
    if isinstance(err, OSError) and err.strerror:
        return f"{err.filename}: {err.strerror}" if err.filename else err.strerror
    return str(err)
