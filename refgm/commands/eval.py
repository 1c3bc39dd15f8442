"""`refgm eval`: many seeded games per model x mode x language x player, scored by the referee;
with `--game monorail`, seeded Monorail questions put to a model judging without the referee,
and games of a model (or a bot) against the bots; with `--game garnet`, Garnet Thief rounds paid
out without the referee, games of a model against populations of bots, and the isolation check
of every request those games made."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeRemainingColumn,
)

from evals.faults import Faults
from evals.garnet.players import populations
from evals.garnet.runner import GAME as GARNET
from evals.garnet.runner import MODES as GARNET_MODES
from evals.garnet.runner import GarnetPlan, GarnetRunner, IsolationSpec, PayoutSpec, PlayersSpec
from evals.garnet.runner import Mode as GarnetMode
from evals.modes import MODES, Mode
from evals.monorail.opponent import OpponentSpec
from evals.monorail.runner import GAME as MONORAIL
from evals.monorail.runner import MODES as MONORAIL_MODES
from evals.monorail.runner import OFFLINE, JudgeSpec, MonorailPlan, MonorailRunner
from evals.monorail.runner import Mode as MonorailMode
from evals.players import PLAYERS
from evals.runner import ERRORS, FAULTY, RESULTS, EvalRunner, Plan, Runner
from evals.seat import BOT
from gm.backends import BackendError, ModelSpec
from gm.bots import UnknownBotError, levels
from referee.lang.incident import DEFAULT_INCIDENT, LANGS
from refgm.commands import incidents
from refgm.commands.incidents import add_incident_options

GAME_MODES: dict[str, tuple[str, ...]] = {"liar": MODES, MONORAIL: MONORAIL_MODES, GARNET: GARNET_MODES}
ITEMS = {MONORAIL: 60, GARNET: 48}
"""Questions (rounds) per model and language when --items is not given."""
GAMES = {"liar": 10, MONORAIL: 10, GARNET: 8}
"""Seeds per combination when --games is not given (Garnet: seat 1 to 8 in turn)."""


def _choices(known: tuple[str, ...]):  # type: ignore[no-untyped-def]
    """An argparse type for a comma-separated subset of `known` ("all" for every one)."""

    def parse(text: str) -> tuple[str, ...]:
        if text == "all":
            return known
        picked = tuple(part.strip() for part in text.split(",") if part.strip())
        unknown = [p for p in picked if p not in known]
        if unknown or not picked:
            raise argparse.ArgumentTypeError(
                f"{', '.join(unknown) or text!r}: choose from {', '.join(known)} or all")
        return picked

    return parse


def _model(text: str) -> str:
    """`offline`, `faulty:<spec>`, `bot:<level>` (a level of some game's bots: which game is
    checked once --game is known) or any backend's `provider:model`, checked before the run."""
    name, _, detail = text.partition(":")
    try:
        if name == FAULTY:
            Faults.parse(detail)
        elif name == BOT:
            if not any(detail in levels(game) for game in (MONORAIL, GARNET)):
                raise UnknownBotError(
                    f"no monorail or garnet bot called {detail!r}; the levels are "
                    f"{', '.join(levels(MONORAIL))} (monorail) and {', '.join(levels(GARNET))} (garnet)"
                )
        else:
            ModelSpec.parse(text)
    except (BackendError, UnknownBotError, ValueError) as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    return text


def _price(text: str) -> tuple[str, tuple[float, float]]:
    model, _, prices = text.rpartition("=")
    try:
        price_in, price_out = (float(x) for x in prices.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r}: expected MODEL=IN,OUT in USD per million tokens") from None
    return model, (price_in, price_out)


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "eval",
        help="score models as game masters over many simulated games",
        description="Play N seeded games for every combination of model, mode, language and "
        "player simulator, score each with the referee, and append one JSON line per game to "
        f"RUN_DIR/{RESULTS}. Re-running with the same RUN_DIR skips finished games. "
        "Summarise with: refgm report RUN_DIR",
    )
    p.add_argument("--model", dest="models", action="append", type=_model, metavar="SPEC",
                   help="offline (default), faulty:<kind=rate,...>, openai:<model>, "
                   "anthropic:<model>, local:smollm2 ...; monorail opponent and garnet players: "
                   "also bot:<level> (repeatable)")
    p.add_argument("--game", choices=sorted(GAME_MODES), default="liar",
                   help="liar (default); monorail: a model judging moves and positions "
                   "without the referee (--mode judge) and playing the bots (--mode opponent); "
                   "garnet: a model paying out rounds without the referee (--mode payout), playing "
                   "against populations of bots (--mode players), and the check that no hidden "
                   "choice entered its requests (--mode isolation)")
    p.add_argument("--mode", dest="modes", type=_choices(MODES + MONORAIL_MODES + GARNET_MODES), default=None,
                   help=f"comma-separated: {', '.join(MODES)}; with --game monorail: "
                   f"{', '.join(MONORAIL_MODES)}; with --game garnet: {', '.join(GARNET_MODES)} "
                   "(default all of the game's)")
    p.add_argument("--lang", dest="langs", type=_choices(LANGS), default=LANGS,
                   help="comma-separated: ko, ja, en (default all)")
    p.add_argument("--player", dest="players", type=_choices(PLAYERS), default=PLAYERS,
                   help=f"comma-separated simulators: {', '.join(PLAYERS)} (default all)")
    p.add_argument("--games", type=int, default=None,
                   help="seeds per combination (default 10); monorail opponent: games per model, "
                   "language and bot level, the model's seat alternating; garnet players: games per "
                   "model, language and population (default 8), the model's first seat turning "
                   "with the seed")
    p.add_argument("--bot", dest="bots", type=_choices(levels(MONORAIL)), default=levels(MONORAIL),
                   help=f"monorail opponent: the bot levels to play, comma-separated: "
                   f"{', '.join(levels(MONORAIL))} (default all)")
    p.add_argument("--population", dest="populations", type=_choices(populations()), default=populations(),
                   help=f"garnet players: the bot populations to play, comma-separated: "
                   f"{', '.join(populations())} (default all)")
    p.add_argument("--seats", type=int, default=1,
                   help="garnet players: how many seats the model plays, side by side (default 1)")
    p.add_argument("--items", type=int, default=None,
                   help="monorail judge: questions per model and language (default 60); garnet "
                   "payout: rounds per model and language (default 48)")
    p.add_argument("--seed", type=int, default=0,
                   help="first seed (default 0); monorail judge, garnet payout: the question set's seed")
    add_incident_options(p, DEFAULT_INCIDENT, "the liar game's incident")
    p.add_argument("--budget", type=int, default=7, help="questions per game (default 7)")
    p.add_argument("--system-prompt", type=Path, metavar="FILE",
                   help="your own rules prompt for the text modes instead of the project's")
    p.add_argument("--window", type=int, metavar="N",
                   help="text modes: send only the last N chat messages (small context models)")
    p.add_argument("--connections", type=int, default=4,
                   help="concurrent games per remote provider (default 4)")
    p.add_argument("--price", dest="prices", action="append", type=_price, default=[],
                   metavar="MODEL=IN,OUT", help="USD per million input,output tokens")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--out", type=Path, default=Path("runs/eval"), metavar="RUN_DIR",
                   help="where results go (default runs/eval)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    args.games = GAMES[args.game] if args.games is None else args.games
    args.items = ITEMS.get(args.game, 1) if args.items is None else args.items
    if args.games < 1 or args.connections < 1 or args.items < 1:
        print("refgm eval: --games, --items and --connections are at least 1", file=sys.stderr)
        return 2
    modes = args.modes or GAME_MODES[args.game]
    if set(modes) - set(GAME_MODES[args.game]):
        print(f"refgm eval: the {args.game} game's modes are {', '.join(GAME_MODES[args.game])}",
              file=sys.stderr)
        return 2
    bots = [m for m in args.models or () if m.partition(":")[0] == BOT]
    if bots and args.game == "liar":
        print(f"refgm eval: {bots[0]}: a bot plays Monorail (--game monorail --mode opponent) or Garnet "
              "Thief (--game garnet --mode players), not the liar game", file=sys.stderr)
        return 2
    foreign = [m for m in bots if m.partition(":")[2] not in levels(args.game)]
    if foreign:
        print(f"refgm eval: {foreign[0]}: no {args.game} bot called {foreign[0].partition(':')[2]!r}; "
              f"the levels are {', '.join(levels(args.game))}", file=sys.stderr)
        return 2
    if args.game == MONORAIL:
        return _monorail(args, modes)
    if args.game == GARNET:
        return _garnet(args, modes)
    system = None
    if args.system_prompt:
        try:
            system = args.system_prompt.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            print(f"refgm eval: cannot read {args.system_prompt}: {err}", file=sys.stderr)
            return 2
    about = incidents.named(args, DEFAULT_INCIDENT)
    plan = Plan(models=tuple(args.models or ("offline",)), modes=cast(tuple[Mode, ...], modes),
                langs=args.langs, players=args.players, games=args.games, first_seed=args.seed,
                incident=about, budget=args.budget, system_prompt=system,
                window=args.window, prices=dict(args.prices), connections=args.connections)
    return _play(Runner(plan, args.out), args)


def _monorail(args: argparse.Namespace, modes: tuple[str, ...]) -> int:
    models = tuple(args.models or (OFFLINE,))
    faulty = [m for m in models if m.partition(":")[0] == FAULTY]
    if faulty:
        print(f"refgm eval: {faulty[0]}: the faulty game master is the liar game's; Monorail "
              "judges are offline (the referee) or a model", file=sys.stderr)
        return 2
    if modes == ("opponent",) and all(m == OFFLINE for m in models):
        print("refgm eval: opponent mode needs a player: --model provider:model, or bot:<level> "
              "for the bots against each other", file=sys.stderr)
        return 2
    plan = MonorailPlan(models=models, modes=cast(tuple[MonorailMode, ...], modes), langs=args.langs,
                        items=args.items, seed=args.seed, bots=args.bots, games=args.games,
                        prices=dict(args.prices), connections=args.connections)
    return _play(MonorailRunner(plan, args.out), args, _monorail_done, "question(s) or game(s)")


def _garnet(args: argparse.Namespace, modes: tuple[str, ...]) -> int:
    models = tuple(args.models or (OFFLINE,))
    faulty = [m for m in models if m.partition(":")[0] == FAULTY]
    if faulty:
        print(f"refgm eval: {faulty[0]}: the faulty game master is the liar game's; Garnet Thief "
              "payouts are offline (the referee) or a model's", file=sys.stderr)
        return 2
    if "payout" not in modes and all(m == OFFLINE for m in models):
        print("refgm eval: players and isolation need a player: --model provider:model, or "
              "bot:<style> for the bots among themselves", file=sys.stderr)
        return 2
    if not 1 <= args.seats < 8:
        print("refgm eval: --seats is 1 to 7: the model plays beside at least one bot", file=sys.stderr)
        return 2
    plan = GarnetPlan(models=models, modes=cast(tuple[GarnetMode, ...], modes), langs=args.langs,
                      items=args.items, seed=args.seed, populations=args.populations, games=args.games,
                      seats=args.seats, prices=dict(args.prices), connections=args.connections)
    return _play(GarnetRunner(plan, args.out), args, _garnet_done, "round(s), game(s) or check(s)")


def _garnet_done(specs: list[PayoutSpec | PlayersSpec | IsolationSpec]) -> str:
    """`48 round(s) paid out`, `8 game(s) played`, `8 log(s) checked`, or what of them there is."""
    counts = [(sum(isinstance(spec, kind) for spec in specs), what) for kind, what in
              ((PayoutSpec, "round(s) paid out"), (PlayersSpec, "game(s) played"), (IsolationSpec, "log(s) checked"))]
    return ", ".join(f"{n} {what}" for n, what in counts if n) or "0 round(s) paid out"


def _monorail_done(specs: list[JudgeSpec | OpponentSpec]) -> str:
    """`8 question(s) judged`, `6 game(s) played`, or both."""
    games = sum(isinstance(spec, OpponentSpec) for spec in specs)
    said = [f"{len(specs) - games} question(s) judged" if len(specs) > games else "",
            f"{games} game(s) played" if games else ""]
    return " and ".join(part for part in said if part) or "0 question(s) judged"


def _play(runner: EvalRunner, args: argparse.Namespace,  # type: ignore[type-arg]
          done: Callable[[list[Any]], str] = lambda specs: f"{len(specs)} game(s) played",
          units: str = "game(s)") -> int:
    """Run what `runner` has not finished yet, with a progress bar on a terminal; `done`
    says what was played."""
    show = sys.stderr.isatty() and not args.quiet
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), disable=not show, transient=False) as progress:
        todo = runner.pending()
        task = progress.add_task(f"eval -> {args.out}", total=len(todo))
        runner.on_result = lambda _line: progress.advance(task)
        try:
            runner.run(todo)
        except BackendError as err:
            print(f"refgm eval: {err}", file=sys.stderr)
            return 2
    failed = {key for key, _ in runner.failures}
    print(f"{done([spec for spec in todo if spec.key not in failed])}, results in {args.out / RESULTS}; "
          f"summarise with: refgm report {args.out}")
    if runner.failures:
        key, error = runner.failures[0]
        print(f"refgm eval: {len(runner.failures)} {units} failed and will be retried by a "
              f"re-run (see {args.out / ERRORS}); the first: {key}: {error}", file=sys.stderr)
        return 1
    return 0
