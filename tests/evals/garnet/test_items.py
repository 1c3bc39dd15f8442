"""The payout eval's rounds: seeded, each of the kind it was drawn for by the referee's payout,
every kind in every eight, and the same rounds however many are asked."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from evals.garnet.items import KINDS, PROPERTIES, item
from referee.garnet import Character, payout


@given(st.integers(0, 10_000), st.integers(0, 200))
def test_a_round_is_of_its_kind_by_the_referees_payout(seed: int, index: int) -> None:
    question = item(seed, index)
    assert question.kind == KINDS[index % len(KINDS)]
    assert question.truth == payout(question.choices, question.announcements)
    assert PROPERTIES[question.kind](question.truth)
    assert question.kind in question.features or question.kind == "any"
    assert len(question.choices) == len(question.announcements) == 8


def test_every_eight_rounds_hold_each_kind_once_and_the_edge_cases_are_what_they_say() -> None:
    questions = [item(0, index) for index in range(48)]
    for start in range(0, 48, 8):
        assert sorted(q.kind for q in questions[start : start + 8]) == sorted(KINDS)
    for q in questions:
        counts, paid = q.truth.counts, q.truth
        liars = [g for g, c, a in zip(paid.gains, q.choices, q.announcements, strict=True) if c is not a]
        facts = {
            "tie": counts.mafia == counts.cartel >= 1 and paid.split.recipient_group is Character.POLICE,
            "liar_zero": 0 in liars and sum(paid.penalties) >= 1,
            "too_large": paid.split.group_share == 0 and counts[paid.split.recipient_group] >= 5,
            "liar_gained": any(g > 0 for g in liars),
            "no_organisation": counts.mafia == counts.cartel == 0 and counts.police >= 1,
            "remainder": paid.split.group_share in (1, 2) and 4 % counts[paid.split.recipient_group] != 0,
            "empty_group": counts[paid.split.recipient_group] == 0
            and all(g == 0 for g, c in zip(paid.gains, q.choices, strict=True) if c is not Character.BEGGAR),
            "any": True,
        }
        assert facts[q.kind], (q.kind, q.as_json())


def test_a_set_is_the_same_whatever_its_length_and_seeds_differ() -> None:
    item.cache_clear()
    first = [item(3, index) for index in range(10)]
    item.cache_clear()
    assert [item(3, index) for index in range(20)][:10] == first
    assert [item(4, index).as_json() for index in range(10)] != [q.as_json() for q in first]
