"""Score `refgm audit` on the fresh set of pasted chats in tests/evals/data/audit_fresh/:
each chat written and labelled from the rules before the audit ever ran on it (one planted
error, or none), in the shapes of ChatGPT, Claude, Gemini, KakaoTalk, LINE and Discord.

Kept apart, always: planted errors found (detections) and missed; kinds reported that were
not planted (false alarms, the worst); reveals and verdicts read, not read, and misread; and
chats called consistent with nothing left unchecked while a labelled reveal or verdict was
not read (a silent "consistent"). `python bench/audit_fresh.py` prints the table.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from refgm.commands.audit import chat_report

SET = Path(__file__).resolve().parent / "data" / "audit_fresh"
KINDS = ("contradiction", "count error", "wrong verdict", "leak", "changed secret")


def reported(report: dict[str, Any]) -> set[str]:
    """The kinds of finding an audit report holds."""
    reveal = report["reveal"]
    return {kind for kind, held in (
        ("contradiction", report["contradiction"] is not None),
        ("count error", bool(report["count_errors"])),
        ("wrong verdict", bool(report["wrong_verdicts"])),
        ("leak", bool(report["leaks"])),
        ("changed secret", reveal is not None and reveal["fits"] is False),
    ) if held}


@dataclass
class Tally:
    """One language's figures, and the chats behind each miss or false alarm."""

    chats: int = 0
    planted: int = 0
    found: int = 0
    false_alarms: int = 0
    reveals: int = 0
    reveals_read: int = 0
    reveals_misread: int = 0
    verdicts: int = 0
    verdicts_read: int = 0
    verdicts_misread: int = 0
    silent: int = 0
    notes: list[str] = field(default_factory=list)


def labels(lang: str) -> list[dict[str, Any]]:
    path = SET / f"{lang}.labels.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def score_lang(lang: str) -> Tally:
    """Audit every chat of one language against its labels."""
    t = Tally()
    for label in labels(lang):
        path = SET / label["file"]
        report = chat_report(path.read_text(encoding="utf-8"), path, lang, budget=label.get("budget", 7))
        t.chats += 1
        planted = {p["kind"] for p in label["planted"]}
        got = reported(report)
        t.planted += len(planted)
        t.found += len(planted & got)
        t.false_alarms += len(got - planted)
        for kind in sorted(planted - got):
            t.notes.append(f"missed {kind}: {label['file']}")
        for kind in sorted(got - planted):
            t.notes.append(f"FALSE ALARM {kind}: {label['file']}")
        unread = False
        if label["reveal"] is not None:
            t.reveals += 1
            shown = report["reveal"]
            if shown is None:
                unread = True
            elif (shown["culprit"], shown["liar"]) == (label["reveal"]["culprit"], label["reveal"]["liar"]):
                t.reveals_read += 1
            else:
                t.reveals_misread += 1
                t.notes.append(f"REVEAL MISREAD {shown}: {label['file']}")
        guesses = {g["line"]: g for g in report["guesses"]}
        for verdict in label["verdicts"]:
            t.verdicts += 1
            read = guesses.get(verdict["line"], {}).get("verdict")
            if read == verdict["shown"]:
                t.verdicts_read += 1
            elif read is None:
                unread = True
            else:
                t.verdicts_misread += 1
                t.notes.append(f"VERDICT MISREAD line {verdict['line']}: {label['file']}")
        if unread and report["consistent"] and not report["not_checked"]:
            t.silent += 1
            t.notes.append(f"SILENT CONSISTENT: {label['file']}")
    return t
