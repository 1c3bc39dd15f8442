"""The referee's texts: every template renders every verdict in every language."""

from __future__ import annotations

import random
import tomllib
from importlib.resources import files
from pathlib import Path

import pytest

from gm.render import Renderer, josa, template
from referee.lang.incident import INCIDENTS, LANGS, Lang, incident
from referee.liar.game import Rules, new_game
from referee.liar.intent import Guess, Query, Question
from referee.liar.problem import Problem, Why
from referee.liar.proposition import Says, literal
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
from referee.liar.world import Roster, World

ASKED = (Query("A", literal("culprit", "B")), Query("C", Says("B", literal("liar", "A", True))))
VERDICTS: list[Verdict] = [
    Answers(tuple(Answered(q, True, False) for q in ASKED), 2, 5),
    CostToConfirm(Question(ASKED, open=True), 2, 5),
    Cancelled(5), Refused(3, 2), FinalAnswerRequired(), Remaining(4),
    NotCharged("remark", 4), NotCharged("other", 4), Rephrase(Problem(Why.NO_ADDRESSEE), 4),
    GuessVerdict(Guess("A", "B"), False, False, False, 1, 3, "playing"),
    GuessVerdict(Guess("A", None), True, True, False, 0, 3, "playing"),
    GuessVerdict(Guess(None, "B"), True, False, True, 0, 3, "playing"),
    GuessVerdict(Guess("A", "B"), True, True, True, 0, 3, "won"),
    GuessVerdict(Guess("A", "B"), False, False, False, 0, 0, "lost"),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", sorted(INCIDENTS))
def test_every_text_renders(lang: str, key: str) -> None:
    renderer = Renderer(lang, INCIDENTS[key], Roster())  # type: ignore[arg-type]
    state = new_game(Rules(), random.Random(0), World("A", "B"))
    noun = INCIDENTS[key].noun[lang]  # type: ignore[index]
    opening = renderer.opening(state)
    assert state.commitment in opening and noun in opening and "7" in opening
    texts = {type(v).__name__ + str(i): renderer.verdict(v) for i, v in enumerate(VERDICTS)}
    assert all(texts.values())
    assert len(set(texts.values())) == len(texts), "each verdict reads differently"
    assert "5" in texts["Answers0"] and "2" in texts["CostToConfirm1"]
    for text in (renderer.help(7), renderer.status(state), renderer.hint((World("A", "B"),)),
                 renderer.message("saved", game_id="x"), renderer.message("toolbar",
                 remaining=3, budget=7)):
        assert text


@pytest.mark.parametrize("lang", LANGS)
def test_the_ending_reveals_the_secret_and_marks_the_liars_answers(lang: str) -> None:
    renderer = Renderer(lang, INCIDENTS["cake"], Roster())  # type: ignore[arg-type]
    answers = (Answered(Query("B", literal("culprit", "A")), True, False),
               Answered(Query("A", literal("culprit", "A")), True, True))
    state = new_game(Rules(), random.Random(0), World("A", "B"))
    reveal = state.reveal()
    text = renderer.ending(type(reveal)(reveal.secret, reveal.nonce, reveal.commitment, answers), "won")
    assert reveal.nonce in text and reveal.commitment in text
    first, second = [line for line in text.splitlines() if line.strip().startswith(("1.", "2."))]
    assert "<-" in first and "<-" not in second


def test_korean_particles_follow_the_last_sound() -> None:
    assert [josa(w, "을", "를") for w in ("케이크", "푸딩", "도넛", "주스")] == [
        "케이크를", "푸딩을", "도넛을", "주스를"]
    assert josa("B", "이", "가") == "B가" and josa("L", "이", "가") == "L이"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("why", list(Why))
def test_every_problem_is_told_in_every_language(lang: Lang, why: Why) -> None:
    """A Korean or Japanese player is told why, in his language, for every kind of problem."""
    renderer = Renderer(lang, incident("juice"), Roster())
    text = renderer.problem(Problem(why, ("D",), "ピザ"))
    fallback = renderer.problem(Problem(Why.UNREAD))
    assert text and "{" not in text and "\n" not in text
    assert (text == fallback) == (why is Why.UNREAD)
    if why is Why.UNKNOWN_PERSON:
        assert "D" in text
    if why is Why.OTHER_INCIDENT:
        assert "ピザ" in text and incident("juice").noun[lang] in text
    shown = renderer.verdict(Rephrase(Problem(why, ("D",), "ピザ"), 3))
    assert text in shown


LIAR_TEMPLATES = sorted(p.stem for p in Path(str(files("prompts"))).joinpath("liar", "en").glob("*.j2"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_liar_texts_are_under_their_game_in_every_language(lang: Lang) -> None:
    folder = files("prompts").joinpath("liar", lang)
    assert sorted(p.name for p in Path(str(folder)).glob("*.j2")) == [f"{n}.j2" for n in LIAR_TEMPLATES]
    for name in LIAR_TEMPLATES:
        assert template("liar", lang, name).filename == str(folder.joinpath(f"{name}.j2"))
    assert "opening" in LIAR_TEMPLATES and "voices" in LIAR_TEMPLATES


def test_the_package_data_ships_every_template() -> None:
    """A wheel carries what pyproject's package-data globs match under prompts/."""
    config = tomllib.loads(Path(__file__).parents[2].joinpath("pyproject.toml").read_text("utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["prompts"]
    root = Path(str(files("prompts")))
    shipped = {path for pattern in globs for path in root.glob(pattern)}
    assert shipped == set(root.rglob("*.j2")) and len(shipped) >= len(LANGS) * len(LIAR_TEMPLATES)
