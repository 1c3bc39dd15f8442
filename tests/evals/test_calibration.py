"""The scorers, calibrated on a faulty game master whose errors are known.

Each fault is injected alone at a known rate. The scorer must find exactly the errors
that were injected (no more, no fewer), and the injected rate must match the one asked
for within four standard deviations of a binomial count.
"""

import asyncio
import math
from pathlib import Path
from typing import Any

import pytest

from evals.modes import MODES, GameSpec, Mode
from evals.players import PLAYERS
from evals.runner import Plan, Runner
from referee.lang.incident import Lang

GAMES = 40
RATE = 0.2

# fault kind -> (mode it is measured in, result field that counts what the scorer found,
# games per player: a verdict can only be flipped on a guess that does not end the game)
MEASURED: dict[str, tuple[Mode, str, int]] = {
    "polarity": ("unassisted", "wrong_answers", GAMES),
    "inversion": ("unassisted", "wrong_answers", GAMES),
    "count": ("unassisted", "count_errors", GAMES),
    "verdict": ("unassisted", "wrong_verdicts", 4 * GAMES),
    "leak": ("unassisted", "leaks", GAMES),
    "change": ("rules-prompt", "secret_changed", 2 * GAMES),
}


def results(model: str, mode: Mode, lang: Lang, games: int = GAMES) -> list[dict[str, Any]]:
    """The results lines of `games` games per player (in-process game masters write no file)."""
    runner = Runner(Plan((model,), (mode,), (lang,), PLAYERS, games), Path("unused"))

    async def play() -> list[dict[str, Any]]:
        return [await runner.play(GameSpec(model, mode, lang, player, seed))
                for seed in range(games) for player in PLAYERS]

    return asyncio.run(play())


def within_bounds(hits: int, chances: int, rate: float) -> bool:
    sigma = math.sqrt(rate * (1 - rate) / chances)
    return abs(hits / chances - rate) <= 4 * sigma


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
@pytest.mark.parametrize("kind", list(MEASURED))
def test_the_scorer_finds_exactly_the_injected_faults(kind: str, lang: Lang) -> None:
    mode, field, games = MEASURED[kind]
    rows = results(f"faulty:{kind}={RATE}", mode, lang, games)
    injected = sum(row["faults_injected"][kind] for row in rows)
    chances = sum(row["fault_chances"][kind] for row in rows)
    found = sum(row[field] for row in rows)
    assert chances > 100
    assert found == injected
    assert within_bounds(injected, chances, RATE)
    others = {k: sum(row["faults_injected"][k] for row in rows) for k in MEASURED if k != kind}
    assert set(others.values()) == {0}


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_a_perfect_game_master_scores_perfectly(lang: Lang) -> None:
    for mode in MODES:
        rows = results("offline", mode, lang, games=10)
        assert {row["wrong_answers"] for row in rows} == {0}
        for field in ("contradiction", "count_errors", "wrong_verdicts", "leaks",
                      "secret_changed", "unread", "retries", "fallbacks"):
            assert {row[field] for row in rows} == {0}, (mode, field)


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_harness_mode_measures_how_often_the_actor_garbles_an_answer(lang: Lang) -> None:
    rows = results(f"faulty:polarity={RATE}", "harness", lang)
    voiced = sum(row["answers"] for row in rows)
    garbled = sum(row["wrong_answers"] for row in rows)
    assert within_bounds(garbled, voiced, RATE)
    # what the player saw was never wrong: the verifier caught every garbled line
    assert {row["contradiction"] for row in rows} == {False}
    assert sum(row["retries"] for row in rows) >= garbled
