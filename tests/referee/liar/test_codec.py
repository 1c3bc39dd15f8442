"""The liar's records: intents survive the log exactly, and so does the secret."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.liar.codec import intent_from_json, intent_json, world_from_json
from referee.liar.intent import (
    Confirm,
    CountQuery,
    Guess,
    Other,
    Query,
    Question,
    Remark,
    Unclear,
)
from referee.liar.problem import Problem, Why
from referee.liar.proposition import PREDICATES, Says, literal
from referee.liar.world import World, all_worlds

names = st.sampled_from(("A", "B", "C"))
literals = st.builds(literal, st.sampled_from(PREDICATES), names, st.booleans())
propositions = st.one_of(literals, st.builds(Says, names, literals))
questions = st.builds(
    Question, st.lists(st.builds(Query, names, propositions), min_size=1, max_size=4).map(tuple),
    st.booleans())
guesses = st.one_of(st.builds(Guess, names, st.none() | names), st.builds(Guess, st.none(), names))
intents = st.one_of(questions, guesses, st.builds(Confirm, st.booleans()),
                    st.builds(lambda p: Unclear(problem=p), st.builds(
                        Problem, st.sampled_from(Why), st.lists(names, max_size=2).map(tuple), st.text(max_size=8))),
                    st.sampled_from((Remark(), Other(), Other(about_rules=True), CountQuery())))


@given(intents)
def test_intents_survive_the_log_exactly(intent: object) -> None:
    assert intent_from_json(json.loads(json.dumps(intent_json(intent)))) == intent  # type: ignore[arg-type]




@pytest.mark.parametrize("world", all_worlds())
def test_the_secret_survives_the_sidecar_exactly(world: World) -> None:
    assert world_from_json(json.loads(json.dumps(world.as_dict()))) == world


@pytest.mark.parametrize("obj", [None, [], {}, {"culprit": "A"}, {"culprit": "A", "liar": 1},
                                 {"culprit": "A", "liar": "B", "x": "C"}])
def test_a_malformed_secret_is_a_value_error(obj: object) -> None:
    with pytest.raises(ValueError, match="a secret is"):
        world_from_json(obj)
