"""`refgm play --game garnet`: Garnet Thief at the terminal, the human in one seat of eight.

The other seven seats are bots (`--bot STYLE`) or models (`--model` for all of them,
`--seat-model N=provider:model` for one), each with a bot of that style as its fallback. The
human's choice is read hidden, their announcement in their own words (gm.garnet.Terminal).
The game runs in gm.match (the referee's checks, the agents' retries and fallback, the log
with each choice recorded for its seat alone, resume); this module only opens the seats the
options ask for and wires the terminal to the human's seat.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterable
from pathlib import Path

from gm.actors.reveal_narrator import RevealNarrator
from gm.backends import ModelSpec, ResponseCache, open_backend
from gm.garnet import BRIEF, GAME, Terminal, Texts
from gm.match import Human, Match, Player, commit_seed
from gm.recorder import TranscriptError, game_path, locate, new_game_id
from gm.sampling import game_key
from referee.game import find_game
from referee.garnet.game import SEATS
from referee.garnet.protocol import GarnetGame
from refgm.commands import play_seats
from refgm.commands.play_seats import Reader


def seat_number(value: str) -> str:
    """`--seat N`: one of the seats 1 to 8."""
    if value.strip() not in SEATS:
        raise argparse.ArgumentTypeError(f"expected a seat from 1 to 8 (got {value!r})")
    return value.strip()


def seat_model(value: str) -> tuple[str, str]:
    """`--seat-model N=provider:model`: the seat and the model that plays it."""
    seat, equals, model = value.partition("=")
    if not equals or seat.strip() not in SEATS or not model.strip():
        raise argparse.ArgumentTypeError(
            f"expected N=PROVIDER:MODEL with N from 1 to 8, e.g. 3=openai:gpt-4o (got {value!r})"
        )
    return seat.strip(), model.strip()


def run(args: argparse.Namespace, lines: Iterable[str] | None) -> int:
    """Play (or resume) one game; exit 0 when it ends or is left, 2 on a clear error."""
    liar_only = [name for name in ("incident", "incident_file", "secret") if getattr(args, name, None) is not None]
    if liar_only:
        print(f"refgm play: --{liar_only[0]} is for the liar game, not Garnet Thief", file=sys.stderr)
        return 2
    if args.opponent or args.first != "human":
        print("refgm play: --opponent and --first are for --game monorail", file=sys.stderr)
        return 2
    recorded = [
        f"--{name.replace('_', '-')}"
        for name in ("seat", "bot", "seat_model", "seed")
        if getattr(args, name) not in (None, [])
    ]
    if args.resume and recorded:
        print(
            f"refgm play: {', '.join(recorded)}: the game records its seats and seed; leave them out with --resume",
            file=sys.stderr,
        )
        return 2
    return play_seats.run(lambda: _open(args, lines))


def _open(args: argparse.Namespace, lines: Iterable[str] | None) -> tuple[Match, Terminal, str]:
    """The match the options ask for, the terminal at the human's seat, and what to show first."""
    game = find_game(GAME)
    assert isinstance(game, GarnetGame)
    read = play_seats.reader(lines)
    if args.resume:
        return _resume(args, game, locate(args.resume), read)
    seed = random.SystemRandom().getrandbits(63) if args.seed is None else args.seed
    models = dict(args.seat_model or ())
    seat = args.seat or random.Random(f"seat:{seed}").choice([s for s in SEATS if s not in models] or SEATS)
    if seat in models:
        raise ValueError(f"seat {seat} is yours, so no model can play it (--seat-model {seat}={models[seat]})")
    texts = Texts(args.lang)
    terminal = Terminal(texts, sys.stdout, read.line, read.secret, seat, {}, read.echo)
    players: dict[str, Player] = {seat: Human(terminal.ask, name=texts.message("you"))}
    for other in SEATS:
        if other != seat:
            model = models.get(other, args.model)
            players[other] = play_seats.open_seat(args, GAME, BRIEF, model, args.bot, args.lang, seed)
    game_id = args.transcript.stem if args.transcript else new_game_id()
    path = args.transcript or game_path(game_id)
    match = Match.start(game, players, path, game_id, seed=seed, lang=args.lang, narrator=_narrator(args, seed))
    terminal.names.update(play_seats.names(texts, players))
    return match, terminal, terminal.opening(match.view(seat), commit_seed(match.sealed.seed, match.sealed.nonce))


def _narrator(args: argparse.Namespace, seed: int) -> RevealNarrator | None:
    """The model game master `--narrator` names (none by default, or for `offline`)."""
    if args.narrator is None:
        return None
    spec = ModelSpec.parse(args.narrator)
    if spec.provider == "offline":
        return None
    backend = open_backend(spec, base_url=args.base_url, cache=ResponseCache() if args.cache else None)
    return RevealNarrator(backend, key=game_key(seed), deadline_s=args.turn_deadline)


def _resume(args: argparse.Namespace, game: GarnetGame, path: Path, read: Reader) -> tuple[Match, Terminal, str]:
    """The seats as recorded: the human at the terminal, the others reopened by their names."""
    recorded = play_seats.Recorded.of(path, GAME, "Garnet Thief")
    humans = [s for s, kind in recorded.seats.items() if kind.get("kind") == "human"]
    if len(humans) != 1:
        raise TranscriptError(f"{path}: {len(humans)} seats were played at the terminal, not one")
    seat = humans[0]
    texts = Texts(recorded.lang)
    terminal = Terminal(texts, sys.stdout, read.line, read.secret, seat, {}, read.echo)
    players = recorded.players(args, GAME, BRIEF, Human(terminal.ask, name=texts.message("you")))
    match, _ = Match.resume(path, game, players, narrator=_narrator(args, recorded.seed))
    terminal.names.update(play_seats.names(texts, players))
    view = match.view(seat)
    terminal.rounds_shown = len(view["history"])  # the view's table shows them
    now = texts.view(view) if view["round"] is not None else texts.result(view, terminal.names)
    return match, terminal, recorded.resumed(texts, match) + "\n\n" + now
