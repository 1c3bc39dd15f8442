"""`refgm audit` on the 324 real model chats of the SmolLM2 run agrees with the eval's own
scoring, which knew each player line's intent: an audit reading the lines back must find
the same games contradictory, miscounted or with a changed secret, and no others."""

from __future__ import annotations

import json
from pathlib import Path

from evals.audit import audit_chat
from evals.chat import split_chat
from referee.lang.incident import incident
from referee.liar.game import Rules

RUN = Path(__file__).resolve().parents[2] / "evals" / "results" / "smollm2"


def _findings(row: dict[str, object]) -> dict[str, bool]:
    return {"contradiction": bool(row["contradiction"]), "count error": bool(row["count_errors"]),
            "changed secret": bool(row["secret_changed"])}


def test_the_audit_agrees_with_the_eval_on_every_real_chat() -> None:
    rows = [json.loads(line) for line in (RUN / "results.jsonl").read_text().splitlines()]
    disagree: list[str] = []
    audited_chats = 0
    found = {"contradiction": 0, "count error": 0, "changed secret": 0}
    for row in rows:
        if row["mode"] == "harness":
            continue
        name = "_".join((row["model"].replace(":", "-"), row["mode"], row["lang"], row["player"],
                         row["incident"], str(row["seed"])))
        chat = split_chat((RUN / "chats" / f"{name}.txt").read_text(encoding="utf-8"))
        audit = audit_chat(chat, Rules(budget=row["budget"]), row["lang"],
                           incident(row["incident"]))
        s = audit.score
        audited_chats += 1
        audited = {"contradiction": s.contradiction is not None,
                   "count error": bool(s.count_errors), "changed secret": s.reveal_fits is False}
        for kind, held in audited.items():
            found[kind] += held
        if audited != _findings(row):
            disagree.append(f"{name}: audit {audited}, eval {_findings(row)}")
    print(f"\naudit vs eval on {audited_chats} chats: {found}; disagreements: {len(disagree)}")
    assert audited_chats == len(list((RUN / "chats").glob("*.txt"))) and disagree == []
