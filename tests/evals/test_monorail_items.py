"""The judge's questions: drawn the same every time, balanced, and labelled by the referee."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from evals.monorail.items import GAME_FAULTS, MOVE_FAULTS, Item, fault_of, item, items, plan
from referee.monorail.move import Fault
from referee.monorail.position import TILES, Position
from referee.monorail.solver import solve

COVERING = 4 * len(MOVE_FAULTS)
"""The first this many questions hold an illegal move of every fault."""


def referee_says(question: Item) -> tuple[bool, Fault | None]:
    """The referee's answer, worked out here from the question alone."""
    if question.move is None:
        return solve(Position.from_json(question.as_json())).completable, None
    found = fault_of(question.position, question.move)
    return found is None, found


def test_the_set_is_the_same_every_time_it_is_drawn() -> None:
    drawn = items(0, COVERING)
    again = range(0, COVERING, 5)  # drawn afresh, past the cache: a sample, as the solver is slow
    assert [drawn[i] for i in again] == [item.__wrapped__(0, i) for i in again]  # type: ignore[attr-defined]
    assert items(0, 10) == drawn[:10]  # a shorter set is a prefix of a longer one
    assert items(1, 4) != drawn[:4]  # another seed, other questions


def test_every_label_is_the_referees() -> None:
    for question in items(0, COVERING):
        assert (question.truth, question.fault) == referee_says(question), question.index


def test_the_kinds_are_balanced_and_every_fault_is_asked() -> None:
    drawn = items(0, COVERING)
    assert Counter((q.question, q.truth) for q in drawn) == {
        ("position", True): COVERING // 4,
        ("position", False): COVERING // 4,
        ("move", True): COVERING // 4,
        ("move", False): COVERING // 4,
    }
    assert sorted(q.fault.value for q in drawn if q.fault) == sorted(f.value for f in MOVE_FAULTS)
    assert len({q.depth for q in drawn}) >= 4  # various depths


def test_positions_are_positions_of_play() -> None:
    for question in items(0, COVERING):
        position = question.position
        assert position.tiles_left == TILES - len(position.placed)
        assert not position.faults  # careful play keeps the edge rule
        assert question.question == "move" or question.depth >= 1


def test_every_fault_is_a_moves_or_the_games() -> None:
    assert set(MOVE_FAULTS) | set(GAME_FAULTS) == set(Fault)
    assert not set(MOVE_FAULTS) & set(GAME_FAULTS)


@settings(max_examples=8)
@given(seed=st.integers(0, 10**6), index=st.integers(0, COVERING - 1))
def test_any_seed_gives_the_question_its_plan_asks(seed: int, index: int) -> None:
    question = item(seed, index)
    kind, truth, fault = plan(index)
    assert (question.question, question.truth, question.fault) == (kind, truth, fault)
    assert referee_says(question) == (truth, fault)
