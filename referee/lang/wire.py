"""The JSON shape of `refgm parse --jsonl` output (DESIGN.md, "Machine interfaces").

Pure data conversion, kept beside the parser so the corpus tests and the CLI agree on
one shape:

    {"kind": "question"|"guess"|"remark"|"other"|"unclear", "cost": n,
     "propositions": [{"speaker", "about", "predicate", "negated"}], "guess": {...}|null}

A nested question ("would B say C ate it?") adds `"via": "B"` to its proposition.
"""

from __future__ import annotations

from typing import Any

from referee.lang.context import Parsed
from referee.liar.codec import proposition_json
from referee.liar.intent import Guess, Intent, Query, Question, Remark, Unclear


def query_json(query: Query) -> dict[str, Any]:
    return proposition_json(query.speaker, query.proposition)


def kind(intent: Intent) -> str:
    """The wire `kind`: confirmations and "how many are left?" are `other`."""
    if isinstance(intent, Question):
        return "question"
    if isinstance(intent, Guess):
        return "guess"
    if isinstance(intent, Remark):
        return "remark"
    if isinstance(intent, Unclear):
        return "unclear"
    return "other"


def intent_json(intent: Intent) -> dict[str, Any]:
    """An intent as one `refgm parse` output object."""
    question = intent if isinstance(intent, Question) else None
    guess = intent if isinstance(intent, Guess) else None
    return {
        "kind": kind(intent),
        "cost": question.cost if question else 0,
        "propositions": [query_json(q) for q in question.unique()] if question else [],
        "guess": {"culprit": guess.culprit, "liar": guess.liar} if guess else None,
    }


def parsed_json(parsed: Parsed) -> dict[str, Any]:
    return intent_json(parsed.intent)
