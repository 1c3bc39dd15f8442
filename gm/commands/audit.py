"""`refgm audit FILE`: prove whether a game master contradicted itself, from its transcript.

Reads a native event log (JSONL) or a plain-text chat pasted from a chat app, and reports
the worlds still consistent with every answer, the first contradiction with a smallest set
of answers that cannot all be true, wrong remaining counts, guess verdicts the answers
contradict, leaks, whether the revealed secret fits, and every line it could not read.
Exit code: 0 consistent, 1 inconsistent, 2 unreadable input.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from evals.audit import Audit, audit_chat, audit_log
from evals.chat import split_chat
from evals.scorers import Quoted
from gm.transcript import TranscriptError, read
from referee.lang.incident import INCIDENTS, LANGS, incident
from referee.lang.wire import proposition_json
from referee.liar.game import Rules
from referee.liar.world import World


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "audit",
        help="check a transcript (native log or pasted chat) for contradictions",
        description="Audit a game: a native JSONL log, or a plain-text chat whose lines start "
        "with Player:/GM:, User:/Assistant:, 플레이어:/GM:, プレイヤー:/GM: (also **bold**). "
        "Exit code 0 when consistent, 1 when not, 2 when the input cannot be read.",
    )
    p.add_argument("file", type=Path, metavar="FILE")
    p.add_argument("--json", action="store_true", help="one JSON object on stdout")
    p.add_argument("--lang", choices=LANGS, help="language of a chat (default: detected)")
    p.add_argument("--incident", choices=sorted(INCIDENTS), metavar="KEY",
                   help="what a chat's incident is (default: guessed from the text)")
    p.add_argument("--budget", type=int, default=7, help="a chat's question budget (default 7)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        text = args.file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        return _unreadable(f"cannot read {args.file}: {getattr(err, 'strerror', None) or err}")
    try:
        if _is_native(text):
            audit = audit_log(read(args.file))
        else:
            chat = split_chat(text)
            if not any(m.role == "player" for m in chat.messages):
                return _unreadable(f"{args.file}: no player messages found; lines must start "
                                   "with a role label such as Player: or GM:")
            audit = audit_chat(chat, Rules(budget=args.budget), args.lang,
                               incident(args.incident) if args.incident else None)
    except (TranscriptError, KeyError, TypeError, ValueError) as err:
        return _unreadable(f"{args.file}: {err}")
    report = audit_json(audit)
    print(json.dumps(report, ensure_ascii=False, indent=2) if args.json else _text(report))
    return 0 if report["consistent"] else 1


def _is_native(text: str) -> bool:
    first = next((line for line in text.splitlines() if line.strip()), "")
    try:
        event = json.loads(first)
    except json.JSONDecodeError:
        return False
    return isinstance(event, dict) and event.get("t") == "game_started"


def _unreadable(message: str) -> int:
    print(f"refgm audit: {message}", file=sys.stderr)
    return 2


def _world(world: World) -> dict[str, str]:
    return world.as_dict()


def audit_json(audit: Audit) -> dict[str, Any]:
    """The `refgm audit --json` object (its shape is documented in the README)."""
    s, turns = audit.score, audit.turns

    def line(turn: int) -> int:
        return turns[turn].line

    def quoted(q: Quoted) -> dict[str, Any]:
        return {"line": line(q.turn), "text": q.statement.source,
                **proposition_json(q.statement.speaker, q.statement.proposition),
                "asserted": q.statement.asserted}

    reveal = None
    if s.revealed is not None:
        reveal = {**_world(s.revealed), "fits": bool(s.reveal_fits)}
        if audit.commitment_ok is not None:
            reveal["commitment_ok"] = audit.commitment_ok
    consistent = s.consistent and audit.commitment_ok is not False
    return {
        "format": audit.format,
        "lang": audit.lang,
        "consistent": consistent,
        "turns": len(turns),
        "answers": s.answers,
        "worlds": [_world(w) for w in s.worlds],
        "contradiction": None if s.contradiction is None else {
            "line": line(s.contradiction.turn),
            "answers": [quoted(q) for q in s.contradiction.answers],
        },
        "count_errors": [{"line": line(e.turn), "shown": e.shown, "expected": e.expected}
                         for e in s.count_errors],
        "wrong_verdicts": [{"line": line(v.turn),
                            "guess": {"culprit": v.guess.culprit, "liar": v.guess.liar},
                            "shown": "correct" if v.shown else "incorrect"}
                           for v in s.wrong_verdicts],
        "leaks": [{"line": line(leak.turn), "role": leak.claim.role, "name": leak.claim.name,
                   "text": leak.claim.source} for leak in s.leaks],
        "reveal": reveal,
        "unread": [{"line": line(turn), "text": text} for turn, text in s.unread],
    }


def _text(report: dict[str, Any]) -> str:
    """The same findings for a person."""
    worlds = ", ".join(f"culprit {w['culprit']} / liar {w['liar']}" for w in report["worlds"])
    out = [(f"{'CONSISTENT' if report['consistent'] else 'INCONSISTENT'}: "
            f"{report['turns']} exchanges, {report['answers']} answers read ({report['lang']})"),
           f"worlds still consistent: {worlds or 'none'}"]
    if report["contradiction"]:
        out.append(f"first contradiction at line {report['contradiction']['line']}; "
                   "these answers cannot all be true:")
        out += [f"  line {a['line']}: {a['speaker']}: {a['text']}"
                for a in report["contradiction"]["answers"]]
    out += [f"wrong count at line {e['line']}: shown {e['shown']}, should be {e['expected']}"
            for e in report["count_errors"]]
    out += [f"wrong verdict at line {v['line']}: {v['shown']} for culprit {v['guess']['culprit']}"
            f" / liar {v['guess']['liar']}, which the answers contradict"
            for v in report["wrong_verdicts"]]
    out += [f"leak at line {leak['line']}: {leak['text']}" for leak in report["leaks"]]
    if report["reveal"]:
        r = report["reveal"]
        verdict = "fits the answers" if r["fits"] else "fits NONE of the consistent worlds"
        out.append(f"revealed: culprit {r['culprit']} / liar {r['liar']}: {verdict}")
        if "commitment_ok" in r:
            out.append("commitment: " + ("opens" if r["commitment_ok"] else "does NOT open"))
    if report["unread"]:
        out.append("could not read (not guessed at):")
        out += [f"  line {u['line']}: {u['text']}" for u in report["unread"]]
    return "\n".join(out)
