"""`refgm play --game monorail`: Monorail at the terminal against a bot or a model agent.

The human types moves in the notation (`H@2,0 NW@3,0`) or 'impossible' in ko, ja or en;
the board is drawn after every move. The game runs in gm.match (seats, the referee's
checks, the agent's retries and fallback, the log, resume); this module only opens the
seats the options ask for and wires the terminal to the human's seat.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterable
from pathlib import Path

from gm.bots import default_level
from gm.match import Human, Match, Player, commit_seed
from gm.monorail import BRIEF, GAME, ReadLine, Terminal, Texts
from gm.recorder import game_path, locate, new_game_id
from referee.game import find_game
from referee.monorail.game import SEATS
from referee.monorail.protocol import MonorailGame
from refgm.commands import play_seats

FIRST = ("human", "opponent")


def opponent_level(value: str) -> str:
    """`--opponent bot` or `bot:LEVEL`: the bot's level."""
    kind, _, level = value.partition(":")
    if kind != "bot":
        raise argparse.ArgumentTypeError(f"expected bot or bot:LEVEL, e.g. bot:greedy (got {value!r})")
    return level or default_level(GAME)


def run(args: argparse.Namespace, lines: Iterable[str] | None) -> int:
    """Play (or resume) one game; exit 0 when it ends or is left, 2 on a clear error."""
    liar_only = [name for name in ("incident", "incident_file", "secret") if getattr(args, name, None) is not None]
    if liar_only:
        print(f"refgm play: --{liar_only[0]} is for the liar game, not Monorail", file=sys.stderr)
        return 2
    return play_seats.run(lambda: _open(args, lines))


def _open(args: argparse.Namespace, lines: Iterable[str] | None) -> tuple[Match, Terminal, str]:
    """The match the options ask for, the terminal at its human seat, and what to show first."""
    game = find_game(GAME)
    assert isinstance(game, MonorailGame)
    read = play_seats.reader(lines)
    if args.resume:
        return _resume(args, game, locate(args.resume), read.line, read.echo)
    seed = random.SystemRandom().getrandbits(63) if args.seed is None else args.seed
    texts = Texts(args.lang)
    human = "first" if args.first == "human" else "second"
    terminal = Terminal(texts, sys.stdout, read.line, {}, read.echo)
    level = args.opponent or default_level(GAME)
    players: dict[str, Player] = {human: Human(terminal.ask, name=texts.message("you"))}
    other = next(seat for seat in SEATS if seat != human)
    players[other] = play_seats.open_seat(args, GAME, BRIEF, args.model, level, args.lang, seed)
    game_id = args.transcript.stem if args.transcript else new_game_id()
    path = args.transcript or game_path(game_id)
    match = Match.start(game, players, path, game_id, seed=seed, lang=args.lang)
    terminal.names.update(play_seats.names(texts, players))
    opening = terminal.opening(commit_seed(match.sealed.seed, match.sealed.nonce))
    return match, terminal, opening + "\n\n" + terminal.board(match.state.position)


def _resume(
    args: argparse.Namespace, game: MonorailGame, path: Path, read_line: ReadLine, echo: bool
) -> tuple[Match, Terminal, str]:
    """The seats as recorded: the human at the terminal, the opponent reopened by its name."""
    recorded = play_seats.Recorded.of(path, GAME, "Monorail")
    texts = Texts(recorded.lang)
    terminal = Terminal(texts, sys.stdout, read_line, {}, echo)
    players = recorded.players(args, GAME, BRIEF, Human(terminal.ask, name=texts.message("you")))
    match, _ = Match.resume(path, game, players)
    terminal.names.update(play_seats.names(texts, players))
    return match, terminal, recorded.resumed(texts, match) + "\n\n" + terminal.board(match.state.position)
