"""The parser on the full set of generated paraphrases, per language.

Run `python bench/paraphrase.py [COUNT] [SEED]` (default 5000 messages per language, seed 11,
the seed of tests/referee/lang/test_paraphrase.py). Prints, per language, the messages
generated, read exactly, refused (Unclear), misfiled and WRONG (charged or judged as
something not said), by frame, with the first wrong readings, and the time taken.
Figures, not asserts: the suite asserts the WRONG ceilings on its fixed sample.
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
    seed = int(argv[2]) if len(argv) > 2 else 11
    for lang in LANGS:
        start = time.perf_counter()
        messages = generate(lang, count, seed)
        made = time.perf_counter() - start
        _, table = report(lang, messages, examples=12)
        print(table)
        print(f"  generated in {made:.2f} s, read and scored in {time.perf_counter() - start - made:.2f} s\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
