"""Every line the offline actor can say is read back exactly by the statement extractor."""

from __future__ import annotations

import asyncio
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from gm.actor import PERSONAS, Performance, PerformedLine, Script, ScriptLine
from gm.actors.offline import OfflineActor, phrasings
from gm.session import GameConfig, script_for
from gm.verify import verify
from referee.lang.incident import INCIDENTS, LANGS
from referee.liar.game import Rules, new_game, step
from referee.liar.intent import Query, Question
from referee.liar.proposition import PREDICATES, Says, literal
from referee.liar.verdict import Answers
from referee.liar.world import Roster, World, all_worlds

ROSTER = Roster()
names = st.sampled_from(ROSTER.names)
personas = st.sampled_from(tuple(PERSONAS))
literals = st.builds(literal, st.sampled_from(PREDICATES), names, st.booleans())
nested = st.builds(Says, names, literals)
script_lines = st.builds(ScriptLine, names, literals, st.booleans(), personas)
nested_lines = st.builds(ScriptLine, names, nested, st.booleans(), personas)


def _script(lang: str, key: str, lines: tuple[ScriptLine, ...]) -> Script:
    return Script(lang=lang, incident=INCIDENTS[key], lines=lines, turn=1)  # type: ignore[arg-type]


def _every_phrasing_passes(lang: str, key: str, line: ScriptLine) -> None:
    script = _script(lang, key, (line,))
    texts = phrasings(script, line)
    assert len(texts) >= 2, "each line has several phrasings"
    for text in texts:
        performance = Performance("", text, (PerformedLine(line.speaker, text),))
        check = verify(script, performance, ROSTER)
        assert check.accepted, (text, check.reasons)


@settings(max_examples=300)
@given(st.sampled_from(LANGS), st.sampled_from(sorted(INCIDENTS)), script_lines)
def test_every_phrasing_of_a_line_passes_verification(lang: str, key: str, line: ScriptLine) -> None:
    _every_phrasing_passes(lang, key, line)


@settings(max_examples=200)
@given(st.sampled_from(LANGS), st.sampled_from(sorted(INCIDENTS)), nested_lines)
def test_every_phrasing_of_a_nested_answer_passes_verification(
    lang: str, key: str, line: ScriptLine
) -> None:
    """"Would B say ...?" answered as "B would say <fact>"; the parsers ask it in all languages."""
    _every_phrasing_passes(lang, key, line)


@settings(max_examples=150)
@given(st.sampled_from(LANGS), st.sampled_from(sorted(INCIDENTS)),
       st.lists(script_lines, min_size=1, max_size=4), st.integers(0, 2**32))
def test_a_whole_performance_passes_verification(
    lang: str, key: str, lines: list[ScriptLine], seed: int
) -> None:
    # One turn asks each (speaker, proposition) once, as the referee's Answers do.
    unique = tuple({(line.speaker, line.proposition): line for line in lines}.values())
    script = _script(lang, key, unique)
    performance = asyncio.run(OfflineActor(seed).perform(script))
    assert [line.speaker for line in performance.lines] == [line.speaker for line in unique]
    check = verify(script, performance, ROSTER)
    assert check.accepted, (performance.raw, check.reasons)


@settings(max_examples=150)
@given(st.sampled_from(LANGS), st.sampled_from(sorted(INCIDENTS)), st.sampled_from(all_worlds()),
       st.lists(st.builds(Query, names, literals), min_size=1, max_size=3), st.integers(0, 2**32))
def test_what_the_referee_answers_in_any_world_is_voiced_verifiably(
    lang: str, key: str, world: World, queries: list[Query], seed: int
) -> None:
    config = GameConfig(lang=lang, incident=INCIDENTS[key])  # type: ignore[arg-type]
    state = new_game(Rules(), random.Random(seed), world)
    _, verdict = step(state, Question(tuple(queries)))
    assert isinstance(verdict, Answers)
    script = script_for(verdict, config, turn=1)
    performance = asyncio.run(OfflineActor(seed).perform(script))
    check = verify(script, performance, ROSTER)
    assert check.accepted, (performance.raw, check.reasons)


def test_voices_differ_between_characters() -> None:
    line = ScriptLine("A", literal("culprit", "A"), False, "formal")
    for lang in LANGS:
        script = _script(lang, "cake", (line,))
        voiced = {p: set(phrasings(script, ScriptLine("A", line.proposition, False, p)))
                  for p in PERSONAS}
        assert not voiced["formal"] & voiced["casual"] & voiced["nervous"], lang


def test_the_choice_of_phrasing_is_reproducible_and_varies_with_the_seed() -> None:
    line = ScriptLine("B", literal("liar", "C", True), True, "casual")
    script = _script("en", "juice", (line,))
    raws = {asyncio.run(OfflineActor(seed).perform(script)).raw for seed in range(30)}
    assert asyncio.run(OfflineActor(7).perform(script)).raw == asyncio.run(
        OfflineActor(7).perform(script)).raw
    assert len(raws) > 1
