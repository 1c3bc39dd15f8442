"""Monorail solved: the figures of the game-theoretic search (issue 25), printed.

Run `nice -n 19 python bench/monorail_solve.py [VARIANT ...] [--out DIR] [--limit SECONDS]`
(default: tiles-8 tiles-10 tiles-12). For each variant it prints the value of the start, the
search's figures (positions expanded, the table's size, proved positions by ply, the loops,
the time), the size of the winner's strategy, and the checker's verdict and time; `--out DIR`
writes each strategy to DIR/VARIANT.jsonl. `--check FILE` only runs the checker on a written
strategy. Figures, not asserts: these machines are shared.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path: put the repository root there.
ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(ROOT)

from referee.monorail.game import VARIANTS, variant  # noqa: E402
from referee.monorail.solve import Solver  # noqa: E402
from referee.monorail.strategy import Strategy, check  # noqa: E402


def checked(strategy: Strategy) -> None:
    started = time.monotonic()
    verdict = check(strategy)
    print(
        f"  checker: {'verified' if verdict.ok else 'REJECTED: ' + verdict.reason}: {verdict.positions:,} of the "
        f"winner's positions, {verdict.replies:,} of the loser's replies, {time.monotonic() - started:.1f} s",
        flush=True,
    )


def solved(name: str, out: Path | None, limit: float | None) -> None:
    started = time.monotonic()
    solver = Solver(variant(name))
    table = time.monotonic() - started

    def going(nodes: int, positions: int) -> bool:
        spent = time.monotonic() - started
        print(f"  ... {nodes:,} expanded, {positions:,} in the table, {spent:.0f} s", file=sys.stderr, flush=True)
        return limit is None or spent < limit

    result = solver.run(going, every=5000)
    seconds = time.monotonic() - started
    stats = result.stats
    value = f"a {result.winner}-player win" if result.value else "not proved (stopped at the limit)"
    print(f"{name}: {value}", flush=True)
    print(
        f"  search: {stats.nodes:,} positions expanded, {stats.positions:,} in the table, {stats.proved:,} proved, "
        f"{stats.loops:,} loops (table {table:.1f} s), {seconds:.1f} s",
        flush=True,
    )
    print("  by ply (first met): " + ", ".join(f"{p}: {done:,}/{met:,}" for p, met, done in stats.proved_by_ply))
    if result.value is None:
        return
    started = time.monotonic()
    strategy = solver.strategy({"nodes": stats.nodes, "positions": stats.positions, "seconds": round(seconds, 1)})
    lines = list(strategy.lines())
    size = sum(len(line) + 1 for line in lines)
    print(
        f"  strategy: {len(strategy.entries):,} entries, {size:,} bytes, {time.monotonic() - started:.1f} s", flush=True
    )
    if out is not None:
        (out / f"{name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    checked(Strategy.from_lines(lines))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", metavar="VARIANT", help=f"of {', '.join(VARIANTS)}")
    parser.add_argument("--out", type=Path, help="write each strategy to DIR/VARIANT.jsonl")
    parser.add_argument("--limit", type=float, help="stop each search after this many seconds")
    parser.add_argument("--check", type=Path, metavar="FILE", help="only check the strategy in FILE")
    args = parser.parse_args()
    if args.check:
        checked(Strategy.from_lines(args.check.read_text(encoding="utf-8").splitlines()))
        return
    for name in args.variants or ["tiles-8", "tiles-10", "tiles-12"]:
        solved(name, args.out, args.limit)


if __name__ == "__main__":
    main()
