"""Time against input size for `refgm audit` and the parsers: linear means each doubling doubles.

Run `python bench/linear.py [--min-kb N] [--max-kb N] [--budget S] [--only NAME,...]`. Each case's
input doubles from --min-kb (default 64) to --max-kb (default 2048); each row prints the size,
the seconds and the ratio time(2n)/time(n): near 2 is linear, near 4 quadratic. A case stops
doubling after a run longer than --budget seconds (default 4), so the whole run stays within
about three minutes on a slow shared machine. Start-up (imports, dictionaries) is paid before
a case's first row. Figures, not asserts: tests/evals/test_linear.py guards the growth by
counting work instead of timing it.

Cases (inputs from tests/evals/long_inputs.py): `audit-chat-ko|ja|en` audit the example chats
of tests/refgm/commands/data (consistent and inconsistent, alternated) as `refgm audit --json`
does; `audit-log` a native log whose recorded turns are repeated; `parse-LANG-line` parses one
line without sentence punctuation, `parse-LANG-many` many short sentences on one line, and
`extract-LANG` reads one reply of many answers.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path: put the repository root there.
ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(ROOT)

from referee.lang import LANGS, Context, extract, parse  # noqa: E402
from tests.evals.long_inputs import UTTERANCES, audit_file, audit_text, chat, native_log, repeated  # noqa: E402

Case = tuple[Callable[[int], str], Callable[[str], object]]


def parse_text(ctx: Context, text: str) -> object:
    return parse(text, ctx)


def extract_text(ctx: Context, text: str) -> object:
    return extract(text, ctx)


def cases() -> dict[str, Case]:
    """Every case by name: how to make an input of a size, and what to time on it."""
    found: dict[str, Case] = {f"audit-chat-{lang}": (partial(chat, lang), audit_text)
                              for lang in ("ko", "ja", "en")}
    found["audit-log"] = (native_log, audit_file)
    for lang in LANGS:
        line, sentence, _, answer = UTTERANCES[lang]
        ctx = Context(lang=lang)
        found[f"parse-{lang}-line"] = (partial(repeated, line, sep=" "), partial(parse_text, ctx))
        found[f"parse-{lang}-many"] = (partial(repeated, sentence), partial(parse_text, ctx))
        found[f"extract-{lang}"] = (partial(repeated, answer), partial(extract_text, ctx))
    return found


def series(name: str, case: Case, sizes: list[int], budget: float) -> None:
    """Print one case's rows: size, seconds, and the ratio to the previous size."""
    make, run = case
    run(make(1024))  # start-up: imports, dictionaries, compiled patterns
    previous = None
    for size in sizes:
        text = make(size)
        started = time.perf_counter()
        run(text)
        elapsed = time.perf_counter() - started
        ratio = f"{elapsed / previous:5.2f}" if previous else "    -"
        print(f"{name:16} {len(text.encode()) / 1024:7,.0f} KB {elapsed:8.3f} s   {ratio}", flush=True)
        previous = elapsed
        if elapsed > budget:
            break


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--min-kb", type=int, default=64)
    parser.add_argument("--max-kb", type=int, default=2048)
    parser.add_argument("--budget", type=float, default=4.0,
                        help="stop doubling a case after a run this long (seconds)")
    parser.add_argument("--only", default="", help="comma-separated case names")
    args = parser.parse_args()
    sizes = []
    size = args.min_kb
    while size <= args.max_kb:
        sizes.append(size * 1024)
        size *= 2
    chosen = cases()
    names = [n for n in args.only.split(",") if n] or list(chosen)
    unknown = sorted(set(names) - set(chosen))
    if unknown:
        parser.error(f"unknown case {', '.join(unknown)}; known: {', '.join(chosen)}")
    print(f"{'case':16} {'input':>10} {'time':>10}   time(2n)/time(n)")
    for name in names:
        series(name, chosen[name], sizes, args.budget)


if __name__ == "__main__":
    main()
