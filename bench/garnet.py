"""Garnet Thief's bots: speed, and a tournament of styles. `python bench/garnet.py [GAMES] [SEED]`.

(a) Speed: bot rounds per second, a round being eight bot decisions, each on its seat's view
(GAME.view) with its decision RNG (gm.match.decision_rng), each checked by the referee
(GAME.step), the last one paying the round out: `gm.match.play_bots`, the loop of a recorded
match without the log. Played over 10,000 rounds (1,250 games) for a table of mixed styles
(each seat's style drawn uniformly, as in the tournament) and for each style alone at all
eight seats. Then where a decision's time goes: the mixed games played again with a clock
read between the parts (view, RNG, the bot's choice, the referee's step), the choice per
style, and the view by how many revealed rounds it carries.

(b) The tournament: GAMES games (default 1,000; seeds SEED.., default 0), each seat's style
drawn uniformly and independently from the five by a seeded RNG, through `play_bots`. Per
style: the seats it played, mean final garnets (everyone starts at 0), win rate (a co-win
counts as a win), how often it ended the elimination candidate, its bluff rate (announcements
not its choice) and the penalties it paid per game. Figures, not asserts.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from gm.bots import Bot, levels, open_bot
from gm.match import decision_rng, play_bots
from referee.garnet import ROUNDS, SEATS
from referee.garnet.protocol import GAME

SPEED_GAMES = 1250
"""Games per population in (a): 10,000 rounds."""


def drawn_table(seed: int, game: int) -> dict[str, Bot]:
    """The tournament's table for one game: each seat's style drawn uniformly, from a seeded RNG."""
    rng = random.Random(f"garnet-tournament:{seed}:{game}")
    return {seat: open_bot("garnet", rng.choice(levels("garnet"))) for seat in SEATS}


def rounds_per_second(tables: Sequence[Mapping[str, Bot]], first_seed: int, one_stream: bool = False) -> str:
    """Rounds per second of wall time, and per second of this process's CPU time (on shared
    cores the second is the steadier)."""
    wall, cpu = time.perf_counter(), time.process_time()
    for i, bots in enumerate(tables):
        play_bots(GAME, bots, first_seed + i, one_stream=one_stream)
    rounds = len(tables) * ROUNDS
    return f"{rounds / (time.perf_counter() - wall):,.0f} | {rounds / (time.process_time() - cpu):,.0f}"


@dataclass
class Parts:
    """Seconds spent per part of a decision over `decisions` decisions; the view's also by how
    many revealed rounds it shows, the bot's also by style."""

    decisions: int = 0
    view: float = 0.0
    rng: float = 0.0
    choose: float = 0.0
    step: float = 0.0
    views_by_history: Counter[int] = field(default_factory=Counter)
    view_by_history: defaultdict[int, float] = field(default_factory=lambda: defaultdict(float))
    choices_by_style: Counter[str] = field(default_factory=Counter)
    choose_by_style: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))


def timed_parts(tables: Sequence[Mapping[str, Bot]], first_seed: int) -> Parts:
    """`play_bots` with a clock read between its parts: the same calls in the same order."""
    parts = Parts()
    clock = time.perf_counter
    for i, bots in enumerate(tables):
        seed = first_seed + i
        state = GAME.start({})
        ply = 0
        while (seat := GAME.to_move(state)) is not None:
            bot = bots[seat]
            start = clock()
            view = GAME.view(state, seat)
            viewed = clock()
            rng = decision_rng(GAME.name, seed, seat, ply)
            drawn = clock()
            move = bot.choose(view, rng)
            chosen = clock()
            after = GAME.step(state, seat, move)
            stepped = clock()
            parts.view += viewed - start
            parts.rng += drawn - viewed
            parts.choose += chosen - drawn
            parts.step += stepped - chosen
            parts.views_by_history[len(state.rounds)] += 1
            parts.view_by_history[len(state.rounds)] += viewed - start
            parts.choices_by_style[bot.level] += 1
            parts.choose_by_style[bot.level] += chosen - drawn
            state = after
            ply += 1
        parts.decisions += ply
    return parts


def speed(seed: int) -> None:
    names = levels("garnet")
    mixed = [drawn_table(seed + 10**6, game) for game in range(SPEED_GAMES)]
    print(f"## (a) Speed: {SPEED_GAMES * ROUNDS:,} rounds per population, through gm.match.play_bots")
    print()
    print("Each decision on its seat's GAME.view, checked by GAME.step. 'Tournament' games draw every")
    print("decision from one RNG per game (play_bots(one_stream=True), as the tournament below plays);")
    print("'recorded' games seed an RNG per decision (decision_rng), as a recorded match must to resume.")
    print()
    print("| population | tournament rounds/s | per CPU second | recorded rounds/s | per CPU second |")
    print("|---|---:|---:|---:|---:|")
    print(
        f"| mixed (styles drawn per seat) | {rounds_per_second(mixed, seed, True)} | {rounds_per_second(mixed, seed)} |"
    )
    for name in names:
        alone = [{seat: open_bot("garnet", name) for seat in SEATS}] * SPEED_GAMES
        print(f"| {name} x 8 | {rounds_per_second(alone, seed, True)} | {rounds_per_second(alone, seed)} |")
    parts = timed_parts(mixed, seed)
    n = parts.decisions
    total = parts.view + parts.rng + parts.choose + parts.step
    print()
    print(
        f"Where a decision's time goes (the mixed population again, {n:,} decisions, a clock read between the parts):"
    )
    print()
    print("| part | µs per decision | share | rounds/s if it were the only cost |")
    print("|---|---:|---:|---:|")
    for label, spent in (
        ("GAME.view (the seat's view as JSON)", parts.view),
        ("decision_rng (a random.Random seeded per decision)", parts.rng),
        ("bot.choose", parts.choose),
        ("GAME.step (the referee; the payout at a round's end)", parts.step),
        ("decision_rng + GAME.step (no view, no bot)", parts.rng + parts.step),
        ("all four", total),
    ):
        print(f"| {label} | {spent / n * 1e6:.1f} | {spent / total:.0%} | {n / len(SEATS) / spent:,.0f} |")
    print()
    print("| style | µs per bot.choose |")
    print("|---|---:|")
    for name in names:
        print(f"| {name} | {parts.choose_by_style[name] / parts.choices_by_style[name] * 1e6:.1f} |")
    print()
    print("| rounds revealed in the view | µs per GAME.view |")
    print("|---:|---:|")
    for revealed in sorted(parts.views_by_history):
        print(f"| {revealed} | {parts.view_by_history[revealed] / parts.views_by_history[revealed] * 1e6:.1f} |")


@dataclass
class Record:
    """One style's results over the tournament, summed over the seats it played."""

    seats: int = 0
    garnets: int = 0
    wins: int = 0
    candidate: int = 0
    announcements: int = 0
    bluffs: int = 0
    penalties: int = 0


def tournament(games: int, seed: int) -> None:
    names = levels("garnet")
    records = {name: Record() for name in names}
    started = time.perf_counter()
    for game in range(games):
        bots = drawn_table(seed, game)
        state, _ = play_bots(GAME, bots, seed + game, one_stream=True)
        winners = set(state.winners)
        for i, seat in enumerate(SEATS):
            record = records[bots[seat].level]
            record.seats += 1
            record.garnets += state.totals[i]
            record.wins += seat in winners
            record.candidate += seat == state.candidate
            for played in state.rounds:
                record.announcements += 1
                record.bluffs += played.payout.choices[i] is not played.payout.announcements[i]
                record.penalties += played.payout.penalties[i]
    took = time.perf_counter() - started
    print()
    print(
        f"## (b) Tournament: {games:,} games (seeds {seed}-{seed + games - 1}), each seat's style drawn "
        f"uniformly; {took:.1f} s"
    )
    print()
    print("| style | seats | mean garnets | win rate | elimination candidate | bluff rate | penalties per game |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in sorted(names, key=lambda n: -records[n].garnets / max(1, records[n].seats)):
        r = records[name]
        print(
            f"| {name} | {r.seats:,} | {r.garnets / r.seats:+.2f} | {r.wins / r.seats:.1%} | "
            f"{r.candidate / r.seats:.1%} | {r.bluffs / r.announcements:.1%} | {r.penalties / r.seats:.2f} |"
        )
    print()
    print("Win rate: the share of a style's seats among the winners (co-winners each count); a game has one candidate.")


def main(games: int = 1000, seed: int = 0) -> None:
    speed(seed)
    tournament(games, seed)


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
