"""The roster, the nine worlds and how the secret is drawn."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from referee.errors import UnknownNameError
from referee.liar import Roster, World, all_worlds, draw_world
from referee.liar.world import world_in


@pytest.mark.parametrize(
    "names",
    [
        pytest.param(("A",), id="one name is too few"),
        pytest.param(("A", "B", "C", "D", "E", "F", "G"), id="seven names are too many"),
        pytest.param(("A", "B", "A"), id="names repeat"),
        pytest.param(("A", " "), id="a blank name"),
        pytest.param(("A", ""), id="an empty name"),
    ],
)
def test_a_bad_roster_is_refused(names: tuple[str, ...]) -> None:
    with pytest.raises(ValueError):
        Roster(names)


@pytest.mark.parametrize("size", range(2, 7))
def test_every_roster_size_has_one_world_per_culprit_and_liar(size: int) -> None:
    roster = Roster(tuple("ABCDEF"[:size]))
    worlds = all_worlds(roster)
    assert len(set(worlds)) == len(worlds) == size * size
    assert {w.culprit for w in worlds} == {w.liar for w in worlds} == set(roster.names)


def test_the_default_roster_is_a_b_c_with_nine_worlds_including_the_culprit_lying() -> None:
    assert Roster().names == ("A", "B", "C")
    assert World("A", "A") in all_worlds() and World("C", "A") in all_worlds()
    assert len(all_worlds()) == 9


def test_a_name_off_the_roster_is_an_unknown_name() -> None:
    with pytest.raises(UnknownNameError, match="'D'"):
        Roster().check("D")
    with pytest.raises(UnknownNameError):
        world_in(Roster(), World("A", "D"))


def test_the_draw_depends_only_on_the_seeded_rng() -> None:
    random.seed(1)
    global_state = random.getstate()
    first = [draw_world(Roster(), random.Random(seed)) for seed in range(50)]
    again = [draw_world(Roster(), random.Random(seed)) for seed in range(50)]
    assert first == again
    assert random.getstate() == global_state


def test_the_draw_reaches_every_world_about_equally() -> None:
    rng = random.Random(2026)
    counts = Counter(draw_world(Roster(), rng) for _ in range(9000))
    assert set(counts) == set(all_worlds())
    assert all(800 < n < 1200 for n in counts.values())
