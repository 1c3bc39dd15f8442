"""Throughput of `refgm parse --jsonl` per language over the labelled corpora.

Run `python bench/parse.py [ROUNDS]`. Goal (issue 3): at least 2,000 utterances per second
after start-up, in every language. Start-up (imports, dictionaries, the first parse) is
timed apart; then every corpus utterance of a language, with its incident and language,
goes through the JSONL interface in process (JSON in, parse, JSON out) ROUNDS times.
A language whose parser cannot be imported yet is reported, not fatal. Figures, not asserts.
"""

from __future__ import annotations

import io
import json
import sys
import time
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path: put the repository root there.
ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(ROOT)

from gm.commands.parse import run_jsonl  # noqa: E402
from referee.lang import LANGS, Context, parse  # noqa: E402

CORPUS = ROOT / "tests" / "referee" / "lang" / "corpus"
GOAL = 2000.0


def requests(lang: str) -> str:
    """The corpus utterances of `lang` as `refgm parse --jsonl` input lines."""
    lines = []
    for line in (CORPUS / f"parse.{lang}.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            lines.append(json.dumps({"text": row["text"], "lang": lang, "incident": row.get("incident", "cake")},
                                    ensure_ascii=False))
    return "\n".join(lines) + "\n"


def measure(lang: str, rounds: int) -> str:
    path = CORPUS / f"parse.{lang}.jsonl"
    if not path.exists():
        return f"{lang}: no corpus at {path.relative_to(ROOT)}"
    started = time.perf_counter()
    try:
        first = requests(lang).splitlines()[0]
        parse(json.loads(first)["text"], Context(lang=lang))  # type: ignore[arg-type]
    except (ImportError, AttributeError) as err:
        return f"{lang}: parser not available ({err})"
    startup = time.perf_counter() - started
    batch = requests(lang)
    count = batch.count("\n")
    data = batch.encode("utf-8")  # the command reads bytes, as from stdin
    started = time.perf_counter()
    for _ in range(rounds):
        run_jsonl(io.BytesIO(data), io.StringIO())
    elapsed = time.perf_counter() - started
    rate = count * rounds / elapsed
    verdict = "ok" if rate >= GOAL else f"BELOW the goal of {GOAL:,.0f}/s"
    return (f"{lang}: {rate:,.0f} utterances/s ({count} utterances x {rounds} rounds, "
            f"{elapsed / (count * rounds) * 1e6:.0f} us each; start-up {startup * 1000:.0f} ms) {verdict}")


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    for lang in LANGS:
        print(measure(lang, rounds), flush=True)


if __name__ == "__main__":
    main()
