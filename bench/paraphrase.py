"""The parser on the full set of generated paraphrases, per language.

Run `python bench/paraphrase.py [COUNT] [SEED | FIRST-LAST]` (default 5000 messages per
language, seed 11, the seed of tests/referee/lang/test_paraphrase.py). Prints, per language,
the messages generated, read exactly, refused (Unclear), misfiled and WRONG (charged or
judged as something not said), by frame, with the first wrong readings, and the time taken.
With a range of seeds (`5000 1-20`) it prints one line per seed and the totals instead.
Figures, not asserts: the suite asserts 0 wrong on its fixed sample and on drawn seeds.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path: put the repository root there.
ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(ROOT)

from tests.referee.lang.paraphrase import LANGS, generate, report  # noqa: E402


def main(argv: list[str]) -> int:
    count = int(argv[1]) if len(argv) > 1 else 5000
    seeds = argv[2] if len(argv) > 2 else "11"
    if "-" in seeds:
        first, last = map(int, seeds.split("-"))
        return _over_seeds(count, range(first, last + 1))
    seed = int(seeds)
    for lang in LANGS:
        start = time.perf_counter()
        messages = generate(lang, count, seed)
        made = time.perf_counter() - start
        _, table = report(lang, messages, examples=12)
        print(table)
        print(f"  generated in {made:.2f} s, read and scored in {time.perf_counter() - start - made:.2f} s\n")
    return 0


def _over_seeds(count: int, seeds: range) -> int:
    """Wrong readings per seed and in all, per language: the promise over many draws."""
    for lang in LANGS:
        start, wrong, exact, total = time.perf_counter(), 0, 0, 0
        for seed in seeds:
            result, _ = report(lang, generate(lang, count, seed))
            wrong, exact, total = wrong + result.wrong, exact + result.right, total + result.total
            print(f"{lang} seed {seed}: wrong {result.wrong} of {result.total}", flush=True)
        print(f"{lang}: {total:,} messages over seeds {seeds.start}-{seeds.stop - 1}: exact {exact:,}, "
              f"WRONG {wrong} ({time.perf_counter() - start:.0f} s)\n", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
