"""`refgm audit` on the fresh set of pasted chats (tests/evals/data/audit_fresh/): per language,
planted errors found, false alarms, reveals and verdicts read, and silent "consistent"s.

Run `python bench/audit_fresh.py [--lang ko,ja,en] [--notes] [--set NAME]` (NAME: fresh, the default, or
one of the held-out sets written after it, each a development set once fixed against; their
READMEs say which). Figures, not asserts:
tests/evals/test_audit_fresh.py holds the audit to them. `--notes` lists each miss, false
alarm and misreading with its chat.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path: put the repository root there.
ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(ROOT)

from tests.evals.fresh_audit import SETS, score_lang  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="ko,ja,en", help="languages, comma-separated (default all)")
    parser.add_argument("--notes", action="store_true", help="list every miss and false alarm")
    parser.add_argument("--set", choices=SETS, default="fresh",
                        help="the first set (fresh, default) or a held-out set written after it, in order")
    args = parser.parse_args()
    root = SETS[args.set]
    print("| lang | chats | unreadable | incident found | planted found | false alarms | reveals read (misread) | verdicts read (misread) | silent consistent |")
    print("|---|---|---|---|---|---|---|---|---|")
    notes: list[str] = []
    for lang in args.lang.split(","):
        t = score_lang(lang, root)
        print(f"| {lang} | {t.chats} | {t.unreadable} | {t.incidents_found} | {t.found} / {t.planted} | {t.false_alarms} | "
              f"{t.reveals_read} / {t.reveals} ({t.reveals_misread}) | "
              f"{t.verdicts_read} / {t.verdicts} ({t.verdicts_misread}) | {t.silent} |")
        notes += [f"{lang}: {note}" for note in t.notes]
    if args.notes:
        print("\n".join(notes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
