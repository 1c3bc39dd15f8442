"""Monorail's bots against each other: `python bench/monorail_bots.py [GAMES] [FIRST_SEED]`.

Every level plays every level (itself too) GAMES games in each seat order (default 200,
seeds FIRST_SEED.. FIRST_SEED+GAMES-1, the same seeds for every pairing), through
`gm.match.play_bots`, the decisions a recorded match makes. Prints, per ordered pairing,
how often the first seat wins; per pairing over both orders, each level's win rate, the
average game length in plies, and why the games ended. Figures, not asserts.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from itertools import product

from gm.bots import levels, open_bot
from gm.match import play_bots
from referee.monorail.protocol import GAME


def main(games: int = 200, first_seed: int = 0) -> None:
    names = levels("monorail")
    wins: dict[tuple[str, str], Counter[str]] = {}
    reasons: dict[tuple[str, str], Counter[str]] = {}
    plies: dict[tuple[str, str], int] = {}
    started = time.perf_counter()
    for first, second in product(names, repeat=2):
        bots = {"first": open_bot("monorail", first), "second": open_bot("monorail", second)}
        pair = (first, second)
        wins[pair], reasons[pair], plies[pair] = Counter(), Counter(), 0
        for seed in range(first_seed, first_seed + games):
            state, length = play_bots(GAME, bots, seed)
            result = GAME.result(state)
            assert result is not None
            wins[pair][result.winners[0]] += 1
            reasons[pair][result.reason] += 1
            plies[pair] += length
    took = time.perf_counter() - started
    print(
        f"Monorail bots: {games} games per seat order, seeds {first_seed}-{first_seed + games - 1}, "
        f"strict edges; {len(wins) * games} games in {took:.0f} s"
    )
    print()
    print("first seat's win rate (rows: first seat, columns: second seat)")
    print(f"{'':>8}" + "".join(f"{name:>9}" for name in names))
    for first in names:
        cells = "".join(f"{wins[(first, second)]['first'] / games:>9.1%}" for second in names)
        print(f"{first:>8}{cells}")
    print()
    print(f"{'pairing':<16}{'games':>6}{'A wins':>8}{'B wins':>8}{'plies':>7}  reasons (both orders)")
    for i, a in enumerate(names):
        for b in names[i:]:
            both = [(a, b), (b, a)] if a != b else [(a, a)]
            total = games * len(both)
            a_wins = wins[(a, b)]["first"] + (wins[(b, a)]["second"] if a != b else 0)
            b_wins = total - a_wins
            average = sum(plies[p] for p in both) / total
            why = sum((reasons[p] for p in both), Counter())
            shown = ", ".join(f"{reason} {count}" for reason, count in why.most_common())
            label = f"{a} v {b}"
            print(f"{label:<16}{total:>6}{a_wins / total:>8.1%}{b_wins / total:>8.1%}{average:>7.1f}  {shown}")
    print()
    print("A is the first level named, B the second; for a level against itself, A is the first seat.")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
