"""Throughput and memory of `refgm eval` with the offline backend in harness mode.

Run `python bench/eval_throughput.py [GAMES]` (default 10,000). Goal (issue 6): at least
200 games per second on this machine, and flat memory over 10,000 games. The games go
through the real runner (simulated player, parser, referee, offline actor, verifier,
scorer, one JSONL results line each) into a temporary run directory; every language and
player simulator takes its turn. Start-up (imports, dictionaries, first games) is timed
apart. The resident set size is sampled as the games go. On a shared machine the wall-clock
rate depends on the load, so the process's CPU time is printed too. Figures, not asserts.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path: put the repository root there.
ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(ROOT)

from evals.players import PLAYERS  # noqa: E402 (after the sys.path fix above)
from evals.runner import RESULTS, Plan, Runner  # noqa: E402 (after the sys.path fix above)
from referee.lang import LANGS  # noqa: E402 (after the sys.path fix above)

GOAL = 200.0
SAMPLES = 10


def rss_mib() -> float:
    """The resident set size of this process, in MiB (Linux)."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def main(games: int) -> None:
    combinations = len(LANGS) * len(PLAYERS)
    seeds = max(1, games // combinations)
    with tempfile.TemporaryDirectory() as tmp:
        warm = Runner(Plan(("offline",), ("harness",), LANGS, PLAYERS, 2, first_seed=10**6),
                      Path(tmp) / "warm")
        started = time.perf_counter()
        warm.run(warm.pending())
        print(f"start-up and {2 * combinations} warm-up games: {time.perf_counter() - started:.2f} s")

        samples: list[tuple[int, float]] = []
        every = max(1, seeds * combinations // SAMPLES)
        played = 0

        def sample(_line: dict[str, object]) -> None:
            nonlocal played
            played += 1
            if played == 1 or played % every == 0:
                samples.append((played, rss_mib()))

        runner = Runner(Plan(("offline",), ("harness",), LANGS, PLAYERS, seeds),
                        Path(tmp) / "run", on_result=sample)
        specs = runner.pending()
        started, cpu = time.perf_counter(), time.process_time()
        runner.run(specs)
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
        lines = len((Path(tmp) / "run" / RESULTS).read_text().splitlines())
    if runner.failures:
        key, error = runner.failures[0]
        print(f"{len(runner.failures)} game(s) failed; the first: {key}: {error}")
    rate = lines / elapsed
    print(f"{lines} games in {elapsed:.2f} s: {rate:.0f} games/s "
          f"(goal {GOAL:.0f}: {'met' if rate >= GOAL else 'NOT met'})")
    print(f"CPU time of this process: {cpu:.2f} s, {lines / cpu:.0f} games per CPU-second "
          f"(load average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")
    print("resident memory (games played: MiB): "
          + ", ".join(f"{n}: {mib:.1f}" for n, mib in samples))
    first, last = samples[0][1], samples[-1][1]
    print(f"memory growth from the first sample to the last: {last - first:+.1f} MiB")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
