"""`refgm audit` on the 324 real model chats of the SmolLM2 run agrees with the eval's own
scoring, which knew each player line's intent: an audit reading the lines back must find
the same games contradictory, miscounted or with a changed secret, and no others."""

from __future__ import annotations

import asyncio
import json
import random
from itertools import product
from pathlib import Path

import pytest

from evals.audit import audit_chat
from evals.chat import split_chat
from evals.faults import Faults
from evals.gamemasters import OracleGameMaster
from evals.modes import GameSpec, play_text
from evals.players import PLAYERS
from evals.runner import _Recording, chat_text
from evals.scorers import Score
from referee.lang.incident import LANGS, incident
from referee.liar.game import Rules

RUN = Path(__file__).resolve().parents[2] / "evals" / "results" / "smollm2"


def _findings(row: dict[str, object]) -> dict[str, bool]:
    """The eval's findings an audit can prove: after a contradiction no world is left, so a
    reveal fitting none shows no changed secret to one who does not know the secret."""
    return {"contradiction": bool(row["contradiction"]), "count error": bool(row["count_errors"]),
            "changed secret": bool(row["secret_changed"]) and not row["contradiction"]}


def _held(s: Score) -> dict[str, bool]:
    """The findings an audit can prove without the secret (after a contradiction no world is
    left, so no reveal can be shown to be another secret)."""
    return {"contradiction": s.contradiction is not None, "count error": bool(s.count_errors),
            "changed secret": s.reveal_fits is False and s.contradiction is None}


# Rows the eval scored with a reader that has since been corrected: it read the model's "I have
# a lie" as "I ate it" (to have = to eat), and so found a contradiction with "No, I did not eat
# the cake"; "have" with an object other than the incident is now read as nothing (another
# thing). The audit, with today's reader, finds none; the stored eval rows are from the run.
# The third read "the answer to this puzzle can only be achieved by A and B" as a cleft ("it was
# A and B"), both said to have eaten it; a cleft now needs "it was" next to the name.
# The fourth's answers are runs like "A: Yes, I am A, I am C, I am a liar, I am B, ...": a clause
# with a verb of its own ("I am A") before one with its own subject ("I am a liar") now leaves
# the whole unread (whose names and "not"s are whose cannot be told), so no answer is read.
READ_SINCE = {
    "local-smollm2_rules-prompt_en_guess-happy_cake_4": "contradiction",
    "local-smollm2_rules-prompt_en_guess-happy_cake_6": "contradiction",
    "local-smollm2_unassisted_en_guess-happy_cake_4": "contradiction",
    "local-smollm2_unassisted_en_negation_cake_8": "contradiction",
}


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
        audited_chats += 1
        audited = _held(audit.score)
        for kind, held in audited.items():
            found[kind] += held
        expected = _findings(row)
        if name in READ_SINCE:
            expected[READ_SINCE[name]] = not expected[READ_SINCE[name]]
        if audited != expected:
            disagree.append(f"{name}: audit {audited}, eval {expected}")
    print(f"\naudit vs eval on {audited_chats} chats: {found}; disagreements: {len(disagree)}")
    assert audited_chats == len(list((RUN / "chats").glob("*.txt"))) and disagree == []


@pytest.mark.parametrize("rate", ["0", "0.1"])
def test_the_audit_agrees_with_the_eval_on_oracle_and_faulty_text_games(rate: str) -> None:
    """The referee as a text game master, perfect (rate 0: no false alarm may appear) or
    erring at every fault kind's rate: each game written as the chat the runner keeps and
    audited, against the scoring of the game as played."""
    disagree = []
    found = 0
    for lang, mode, player, seed in product(LANGS, ("unassisted", "rules-prompt"), PLAYERS,
                                            range(2)):
        spec = GameSpec(f"faulty:{rate}", mode, lang, player, seed)  # type: ignore[arg-type]
        secret = spec.secret()
        master = _Recording(OracleGameMaster(spec.rules, lang, spec.incident,
                                             random.Random(f"gm:{seed}"), secret,
                                             Faults.parse(rate)))
        played = asyncio.run(play_text(spec, master, secret if mode == "unassisted" else None))
        audit = audit_chat(split_chat(chat_text(played, master.replies)), spec.rules, lang,
                           spec.incident)
        found += any(_held(audit.score).values())
        if _held(audit.score) != _held(played.score):
            disagree.append(f"{spec.key}: audit {_held(audit.score)}, eval {_held(played.score)}")
    assert disagree == [] and (found > 0) == (rate != "0"), found
