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

from gm.recorder import TranscriptError
from refgm.commands.audit import chat_report

DATA = Path(__file__).resolve().parent / "data"
SET = DATA / "audit_fresh"
HELD_OUT = DATA / "audit_heldout"  # written after the fresh set became a development set
HELD_OUT_2 = DATA / "audit_heldout2"  # written after the held-out set became one too
HELD_OUT_3 = DATA / "audit_heldout3"  # written after the second held-out set became one too
HELD_OUT_4 = DATA / "audit_heldout4"  # written while the third became one
HELD_OUT_5 = DATA / "audit_heldout5"  # written while the fourth became one
HELD_OUT_6 = DATA / "audit_heldout6"  # written while the fifth became one
HELD_OUT_7 = DATA / "audit_heldout7"  # written while the sixth became one (30 chats per language)
HELD_OUT_8 = DATA / "audit_heldout8"  # written while the seventh became one
HELD_OUT_9 = DATA / "audit_heldout9"  # written while the eighth became one
SETS = {"fresh": SET, "heldout": HELD_OUT, "heldout2": HELD_OUT_2, "heldout3": HELD_OUT_3, "heldout4": HELD_OUT_4,
        "heldout5": HELD_OUT_5, "heldout6": HELD_OUT_6, "heldout7": HELD_OUT_7, "heldout8": HELD_OUT_8,
        "heldout9": HELD_OUT_9}
"""The sets by the name `bench/audit_fresh.py --set` takes, in the order they were written."""
KINDS = ("contradiction", "count error", "wrong verdict", "leak", "changed secret")
EITHER = "wrong verdict or changed secret"
"""A reveal that fits the answers but not a verdict: the audit says one of the two is wrong, and
is right when either was planted (it counts as that one), a false alarm when neither was."""


def reported(report: dict[str, Any]) -> set[str]:
    """The kinds of finding an audit report holds."""
    reveal = report["reveal"]
    return {kind for kind, held in (
        ("contradiction", report["contradiction"] is not None),
        ("count error", bool(report["count_errors"])),
        ("wrong verdict", bool(report["wrong_verdicts"])),
        ("leak", bool(report["leaks"])),
        ("changed secret", reveal is not None and reveal["fits"] is False and not reveal.get("fits_answers")),
        (EITHER, reveal is not None and reveal["fits"] is False and bool(reveal.get("fits_answers"))),
    ) if held}


@dataclass
class Tally:
    """One language's figures, and the chats behind each miss or false alarm."""

    chats: int = 0
    unreadable: int = 0
    incidents_found: int = 0
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


def labels(lang: str, root: Path = SET) -> list[dict[str, Any]]:
    path = root / f"{lang}.labels.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


_VERBS = {"먹다": "eat", "食べる": "eat", "마시다": "drink", "飲む": "drink",
          "깨뜨리다": "break", "부수다": "break", "割る": "break", "壊す": "break", "smash": "break",
          "가져가다": "take", "훔치다": "take", "持っていく": "take", "盗む": "take", "steal": "take",
          "숨기다": "hide", "隠す": "hide"}
"""A label's act in its own language or a synonym, as some sets write it ("먹다" for "eat",
"steal" for "take")."""


def _same_object(found: dict[str, Any] | None, labelled: dict[str, str]) -> bool:
    """Whether the audit found the chat's object: the same act, and the same name or one within
    the other ("pizza" for "slice of pizza")."""
    if found is None or found["verb"] != _VERBS.get(labelled["verb"], labelled["verb"]):
        return False
    a, b = found["noun"].casefold(), labelled["noun"].casefold()
    return a in b or b in a


def _paired(verdicts: list[dict[str, Any]], guesses: list[dict[str, Any]]
            ) -> list[tuple[dict[str, Any], dict[str, Any] | None]]:
    """Each labelled verdict with the guess the audit read for it: the last guess at or before
    the verdict's line not paired yet (a label gives the game master's line, the audit the
    player's), or None when the audit read no guess there."""
    free = sorted(guesses, key=lambda g: g["line"])
    out: list[tuple[dict[str, Any], dict[str, Any] | None]] = []
    for verdict in sorted(verdicts, key=lambda v: v["line"]):
        before = [g for g in free if g["line"] <= verdict["line"]]
        guess = before[-1] if before else None
        if guess is not None:
            free.remove(guess)
        out.append((verdict, guess))
    return out


def score_lang(lang: str, root: Path = SET) -> Tally:
    """Audit every chat of one language in the set at `root` against its labels."""
    t = Tally()
    for label in labels(lang, root):
        path = root / label["file"]
        t.chats += 1
        try:
            report = chat_report(path.read_text(encoding="utf-8"), path, lang, budget=label.get("budget", 7))
        except TranscriptError as e:  # refused as unreadable: every planted error missed, nothing said
            t.unreadable += 1
            t.planted += len(label["planted"])
            t.reveals += label["reveal"] is not None
            t.verdicts += len(label["verdicts"])
            t.notes.append(f"UNREADABLE ({e}): {label['file']}")
            continue
        if _same_object(report["incident"], label["incident"]):
            t.incidents_found += 1
        else:
            t.notes.append(f"INCIDENT {report['incident']} for {label['incident']}: {label['file']}")
        planted = {p["kind"] for p in label["planted"]}
        got = reported(report)
        if EITHER in got:
            either = planted & {"wrong verdict", "changed secret"}
            got = (got - {EITHER}) | (either if either else {EITHER})
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
        for verdict, guess in _paired(label["verdicts"], report["guesses"]):
            t.verdicts += 1
            read = None if guess is None else guess["verdict"]
            named = None if guess is None else {"culprit": guess["culprit"], "liar": guess["liar"]}
            if read is None:
                unread = True
            elif read == verdict["shown"] and named == verdict["guess"]:
                t.verdicts_read += 1
            else:
                t.verdicts_misread += 1
                t.notes.append(f"VERDICT MISREAD line {verdict['line']} ({named} {read}): {label['file']}")
        if unread and report["consistent"] and not report["not_checked"]:
            t.silent += 1
            t.notes.append(f"SILENT CONSISTENT: {label['file']}")
    return t
