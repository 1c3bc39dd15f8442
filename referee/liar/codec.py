"""The liar game's records as JSON: propositions, intents, verdicts and the secret.

Pure conversion, shared by the event log (gm.recorder), replay, audit, the protocol's
`move_json` and `refgm parse --jsonl` (referee.lang.wire). Lossless where replay re-steps
the referee (intents, the secret); as the player heard it where a record must not name the
liar: an answer is recorded as said, never with its truth value (except in the reveal).
"""

from __future__ import annotations

from referee.game import Json
from referee.liar.intent import (
    Confirm,
    CountQuery,
    Guess,
    Intent,
    Other,
    Query,
    Question,
    Remark,
    Unclear,
)
from referee.liar.problem import Problem
from referee.liar.proposition import Atom, Not, Proposition, Says, as_literal
from referee.liar.verdict import (
    Answered,
    Answers,
    Cancelled,
    CostToConfirm,
    FinalAnswerRequired,
    GuessVerdict,
    NotCharged,
    Refused,
    Remaining,
    Rephrase,
    Verdict,
)
from referee.liar.world import World


def proposition_json(speaker: str, p: Proposition) -> Json:
    """One (speaker, proposition) pair as a flat JSON object."""
    via = None
    if isinstance(p, Says):
        via, p = p.speaker, p.inner
    flat = as_literal(p)
    if flat is None:
        raise ValueError(f"{p} is nested more deeply than the wire format carries")
    atom, negated = flat
    out: Json = {
        "speaker": speaker,
        "about": atom.about,
        "predicate": atom.predicate,
        "negated": negated,
    }
    if via is not None:
        out["via"] = via
    return out


def proposition_to_json(p: Proposition) -> Json:
    """Lossless: `{"predicate", "about"}`, `{"not": p}` or `{"says": speaker, "inner": p}`."""
    if isinstance(p, Atom):
        return {"predicate": p.predicate, "about": p.about}
    if isinstance(p, Not):
        return {"not": proposition_to_json(p.inner)}
    return {"says": p.speaker, "inner": proposition_to_json(p.inner)}


def proposition_from_json(obj: Json) -> Proposition:
    if "not" in obj:
        return Not(proposition_from_json(obj["not"]))
    if "says" in obj:
        return Says(str(obj["says"]), proposition_from_json(obj["inner"]))
    return Atom(obj["predicate"], str(obj["about"]))


def intent_json(intent: Intent) -> Json:
    """An intent, losslessly, so that replay re-steps the referee with exactly it."""
    if isinstance(intent, Question):
        queries = [{"speaker": q.speaker, "proposition": proposition_to_json(q.proposition)} for q in intent.queries]
        return {"kind": "question", "open": intent.open, "queries": queries}
    if isinstance(intent, Guess):
        return {"kind": "guess", "culprit": intent.culprit, "liar": intent.liar}
    if isinstance(intent, Confirm):
        return {"kind": "confirm", "accept": intent.accept}
    if isinstance(intent, Unclear):
        return {"kind": "unclear", "problem": intent.problem.as_json()}
    if isinstance(intent, Other) and intent.about_rules:
        return {"kind": "other", "rules": True}
    return {"kind": {Remark: "remark", Other: "other", CountQuery: "count"}[type(intent)]}


def intent_from_json(obj: Json) -> Intent:
    kind = obj["kind"]
    if kind == "question":
        queries = tuple(Query(str(q["speaker"]), proposition_from_json(q["proposition"])) for q in obj["queries"])
        return Question(queries, open=bool(obj["open"]))
    if kind == "guess":
        return Guess(obj["culprit"], obj["liar"])
    if kind == "confirm":
        return Confirm(bool(obj["accept"]))
    if kind == "unclear":
        # Logs before typed problems carry an English "reason": read as an unnamed problem.
        return Unclear(problem=Problem.from_json(obj["problem"]) if "problem" in obj else Problem())
    if kind == "other":
        return Other(about_rules=obj.get("rules") is True)
    simple: dict[str, Intent] = {"remark": Remark(), "count": CountQuery()}
    if kind not in simple:
        raise ValueError(f"unknown intent kind {kind!r}")
    return simple[kind]


def said_json(a: Answered) -> Json:
    """One answered pair as the player heard it: speaker, about, predicate, negated (and
    via), answer. Never its truth: truth beside answer would name the liar."""
    return {**proposition_json(a.query.speaker, a.query.proposition), "answer": a.answer}


def answered_json(a: Answered) -> Json:
    """One answered pair with its truth, for the reveal at the end."""
    return {**said_json(a), "truth": a.truth}


def verdict_json(verdict: Verdict, truth: bool = False) -> Json:
    """The referee's decision as recorded and compared by replay (never the secret itself).

    `truth` adds each answer's truth, as logs written before it was dropped carry it.
    """
    if isinstance(verdict, Answers):
        said = answered_json if truth else said_json
        return {
            "kind": "answers",
            "answers": [said(a) for a in verdict.answers],
            "cost": verdict.cost,
            "remaining": verdict.remaining,
        }
    if isinstance(verdict, CostToConfirm):
        asked = [proposition_json(q.speaker, q.proposition) for q in verdict.question.unique()]
        return {"kind": "cost_to_confirm", "asked": asked, "cost": verdict.cost, "remaining": verdict.remaining}
    if isinstance(verdict, GuessVerdict):
        guess = {"culprit": verdict.guess.culprit, "liar": verdict.guess.liar}
        return {
            "kind": "guess",
            "guess": guess,
            "correct": verdict.correct,
            "culprit_confirmed": verdict.culprit_confirmed,
            "liar_confirmed": verdict.liar_confirmed,
            "cost": verdict.cost,
            "remaining": verdict.remaining,
            "outcome": verdict.outcome,
        }
    if isinstance(verdict, Refused):
        return {"kind": "refused", "cost": verdict.cost, "remaining": verdict.remaining}
    if isinstance(verdict, NotCharged):
        return {"kind": "not_charged", "what": verdict.kind, "remaining": verdict.remaining}
    if isinstance(verdict, Rephrase):
        return {"kind": "rephrase", "problem": verdict.problem.as_json(), "remaining": verdict.remaining}
    kinds = {Cancelled: "cancelled", FinalAnswerRequired: "final_answer_required", Remaining: "remaining"}
    return {"kind": kinds[type(verdict)], "remaining": verdict.remaining}


def world_from_json(obj: object) -> World:
    """The secret as `World.as_dict` wrote it; ValueError if it is not one."""
    if (
        not isinstance(obj, dict)
        or set(obj) != {"culprit", "liar"}
        or not all(isinstance(v, str) for v in obj.values())
    ):
        raise ValueError(f'a secret is {{"culprit": name, "liar": name}}, not {obj!r}')
    return World(obj["culprit"], obj["liar"])
