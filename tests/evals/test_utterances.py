import random

import pytest

from evals.utterances import INJECTIONS, render
from referee.lang import Context, incident, parse
from referee.lang.wire import intent_json
from referee.liar import (
    Confirm,
    CountQuery,
    Guess,
    Other,
    Query,
    Question,
    Remark,
    literal,
)
from referee.liar.intent import Intent

NAMES = ("A", "B", "C")


def shapes() -> list[Intent]:
    """Every question shape and guess the simulators produce."""
    out: list[Intent] = []
    for s in NAMES:
        for predicate in ("culprit", "liar", "honest"):
            for about in NAMES:
                for negated in (False, True):
                    out.append(Question((Query(s, literal(predicate, about, negated)),)))  # type: ignore[arg-type]
        for predicate in ("culprit", "liar"):
            out.append(Question(tuple(Query(s, literal(predicate, a)) for a in "BC")))  # type: ignore[arg-type]
            out.append(Question(tuple(Query(s, literal(predicate, a)) for a in "CAB")))  # type: ignore[arg-type]
    for predicate in ("culprit", "liar"):
        out.append(Question(tuple(Query(s, literal(predicate, s)) for s in NAMES)))  # type: ignore[arg-type]
    out += [Guess("A", "B"), Guess("C", None), Guess(None, "B")]
    return out


def key(intent: Intent) -> tuple[object, ...]:
    wire = intent_json(intent)
    return (wire["kind"], sorted(map(str, wire["propositions"])), wire["guess"])


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
@pytest.mark.parametrize("about", ["cake", "juice"])
def test_every_simulated_utterance_parses_back_to_its_intent(lang: str, about: str) -> None:
    ctx = Context(incident=incident(about), lang=lang)  # type: ignore[arg-type]
    misread = []
    for intent in shapes():
        text = render(intent, lang, ctx.incident, ctx.roster, random.Random(0))  # type: ignore[arg-type]
        if key(parse(text, ctx).intent) != key(intent):
            misread.append(text)
    assert misread == []


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_injections_remarks_and_count_queries_are_never_charged(lang: str) -> None:
    ctx = Context(lang=lang)  # type: ignore[arg-type]
    rng = random.Random(0)
    free = list(INJECTIONS[lang]) + [  # type: ignore[index]
        render(Remark(), lang, ctx.incident, ctx.roster, rng) for _ in range(5)]  # type: ignore[arg-type]
    for text in free:
        assert isinstance(parse(text, ctx).intent, (Remark, Other)), text
    count = render(CountQuery(), lang, ctx.incident, ctx.roster, rng)  # type: ignore[arg-type]
    assert isinstance(parse(count, ctx).intent, CountQuery)
    for accept in (True, False):
        text = render(Confirm(accept), lang, ctx.incident, ctx.roster, rng)  # type: ignore[arg-type]
        assert parse(text, Context(lang=lang, pending=True)).intent == Confirm(accept)  # type: ignore[arg-type]
