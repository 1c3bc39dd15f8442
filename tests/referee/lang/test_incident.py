"""Incidents are data: the built-in five, and any an incident file defines, validated with
errors that name the file, the table and the field; a log records one so that it replays
without the file."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.lang.incident import (
    INCIDENTS,
    Incident,
    IncidentError,
    incident,
    incident_from_json,
    load_incidents,
)

GOOD = """
[brownie]
verb = "eat"
ko = "브라우니"
ja = "ブラウニー"
en = "brownie"

[barley-tea]
verb = "drink"
ko = "보리차"
ja = "麦茶"
en = "barley tea"
"""


def test_an_incident_file_defines_incidents_beside_the_built_in_ones() -> None:
    loaded = load_incidents(GOOD, "mine.toml")
    assert list(loaded) == ["brownie", "barley-tea"]
    assert loaded["barley-tea"].verb == "drink" and loaded["barley-tea"].noun["ja"] == "麦茶"
    assert incident("brownie", {**INCIDENTS, **loaded}).noun["en"] == "brownie"


@pytest.mark.parametrize(("text", "says"), [
    ("[x]\nverb = 'bake'\nko = '빵'\nja = 'パン'\nen = 'bread'", "mine.toml: [x]: 'verb' must be one of eat, drink, break, take, hide, not 'bake'"),
    ("[x]\nverb = 'eat'\nko = '빵'\nja = 'パン'", "mine.toml: [x]: the object's name in 'en' is missing"),
    ("[x]\nverb = 'eat'\nko = '빵'\nja = 'パン'\nen = 5", "mine.toml: [x]: the object's name in 'en' must be text, not 5"),
    ("[x]\nverb = 'eat'\nko = 'bread'\nja = 'パン'\nen = 'bread'", "mine.toml: [x]: 'ko' is written in Hangul, not 'bread'"),
    ("[x]\nverb = 'eat'\nko = '빵'\nja = 'パン'\nen = 'bread'\nfr = 'pain'", "mine.toml: [x]: unknown field 'fr'"),
    ("[cake]\nverb = 'eat'\nko = '빵'\nja = 'パン'\nen = 'bread'", "mine.toml: [cake]: 'cake' is a built-in incident"),
    ("[Big_Cake]\nverb = 'eat'\nko = '빵'\nja = 'パン'\nen = 'bread'", "mine.toml: [Big_Cake]: an incident's key is"),
    ("[x]\nverb = 'eat'\nko = '빵'\nja = 'パン'\nen = '<b>bread</b>'", "mine.toml: [x]: the object's name in 'en' must be a plain name"),
    ("x = 1", "mine.toml: 'x' must be a table [x]"),
    ("", "mine.toml: defines no incident"),
    ("[x\n", "mine.toml: not TOML"),
])
def test_a_bad_incident_file_is_refused_naming_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(IncidentError) as err:
        load_incidents(text, "mine.toml")
    assert str(err.value).startswith(says)


def test_an_unknown_key_names_the_known_ones() -> None:
    with pytest.raises(IncidentError, match="known: cake, pudding, cookie, donut, juice"):
        incident("pie")


def test_a_built_in_incident_is_recorded_by_its_key_as_logs_always_did() -> None:
    assert INCIDENTS["juice"].as_json() == "juice"
    assert incident_from_json("juice") is INCIDENTS["juice"]


names = st.text(st.characters(whitelist_categories=("Lu", "Ll", "Lo")), min_size=1, max_size=12)
keys = st.from_regex(r"[a-z][a-z0-9-]{0,10}", fullmatch=True).filter(lambda k: k not in INCIDENTS)


@given(keys, st.sampled_from(["eat", "drink"]), names, names, names)
def test_any_incident_replays_from_its_record(key: str, verb: str, ko: str, ja: str, en: str) -> None:
    made = Incident(key, verb, {"ko": ko, "ja": ja, "en": en})  # type: ignore[arg-type]
    assert incident_from_json(made.as_json()) == made


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
                    max_leaves=12))
def test_a_malformed_record_is_an_incident_error_never_another(obj: object) -> None:
    with contextlib.suppress(IncidentError):  # any other exception fails the test
        assert isinstance(incident_from_json(obj), Incident)
