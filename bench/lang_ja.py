"""Speed of the Japanese parser and extractor over their corpora (run `python bench/lang_ja.py`).

Goal (issue 3): `refgm parse` at 2,000 utterances per second after start-up, so under
0.3 ms per Japanese utterance. Prints the one-off start-up (loading the Sudachi
dictionary) apart from the per-utterance medians. Figures, not asserts.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path: put the repository root there.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from referee.lang import Context, extract, incident, parse  # noqa: E402
from referee.liar import Query, literal  # noqa: E402
from tests.referee.lang.corpus_check import load  # noqa: E402

ROUNDS = 20


def main() -> None:
    parse_rows = load("parse", "ja")
    extract_rows = load("extract", "ja")
    started = time.perf_counter()
    parse("Aさん、食べましたか？", Context(lang="ja"))
    print(f"start-up (dictionary load, first parse): {(time.perf_counter() - started) * 1000:.0f} ms")

    contexts = [Context(lang="ja", incident=incident(r.get("incident", "cake")), pending=bool(r.get("pending")))
                for r in parse_rows]
    rounds = []
    for _ in range(ROUNDS):
        begin = time.perf_counter()
        for row, ctx in zip(parse_rows, contexts, strict=True):
            parse(row["text"], ctx)
        rounds.append((time.perf_counter() - begin) / len(parse_rows))
    per = statistics.median(rounds)
    print(f"parse:   {per * 1e6:6.1f} µs per utterance, {1 / per:,.0f} utterances/s "
          f"(median of {ROUNDS} passes over {len(parse_rows)})")

    jobs = []
    for row in extract_rows:
        asked = tuple(Query(p["speaker"], literal(p["predicate"], p["about"], p["negated"]))
                      for p in row.get("asked", []))
        ctx = Context(lang="ja", incident=incident(row.get("incident", "cake")))
        jobs.append((row["text"], ctx, row.get("speaker"), asked))
    rounds = []
    for _ in range(ROUNDS):
        begin = time.perf_counter()
        for text, ctx, speaker, asked in jobs:
            extract(text, ctx, speaker, asked)
        rounds.append((time.perf_counter() - begin) / len(jobs))
    per = statistics.median(rounds)
    print(f"extract: {per * 1e6:6.1f} µs per line, {1 / per:,.0f} lines/s "
          f"(median of {ROUNDS} passes over {len(jobs)})")


if __name__ == "__main__":
    main()
