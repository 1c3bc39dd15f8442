"""Propositions and the liar's law: the truth, inverted by the liar, also about himself."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.errors import UnknownNameError
from referee.liar import (
    Atom,
    Not,
    Proposition,
    Roster,
    Says,
    World,
    all_worlds,
    answer,
    as_literal,
    literal,
    truth,
)
from referee.liar.proposition import canonical, check_names
from tests.referee.liar.strategies import propositions, rosters
from tests.referee.liar.vocabulary import ate, honest, lies


@pytest.mark.parametrize(
    "world, speaker, proposition, said",
    [
        # Section 3: B ate the cake; the honest tell the fact, the liar the opposite.
        pytest.param(World("B", "C"), "A", ate("B"), True, id="B ate it: honest A confirms B"),
        pytest.param(World("B", "C"), "C", ate("B"), False, id="B ate it: liar C denies B"),
        pytest.param(World("B", "C"), "A", ate("A"), False, id="B ate it: honest A denies A"),
        pytest.param(World("B", "C"), "C", ate("A"), True, id="B ate it: liar C accuses A"),
        pytest.param(World("A", "B"), "B", lies("B"), False, id="liar B denies being the liar"),
        pytest.param(World("A", "B"), "B", honest("B"), True, id="liar B claims to be honest"),
        pytest.param(World("B", "B"), "B", ate("B"), False, id="liar B denies his own deed"),
        # Section 4: who lies may be asked directly, and the answer follows the same law.
        pytest.param(World("C", "B"), "A", lies("B"), True, id="honest A names the liar B"),
        pytest.param(World("C", "A"), "A", lies("B"), True, id="liar A slanders honest B"),
        pytest.param(World("C", "C"), "A", lies("B"), False, id="honest A clears honest B"),
        pytest.param(World("A", "C"), "B", lies("B"), False, id="honest B denies being the liar"),
        pytest.param(World("A", "B"), "C", honest("A"), True, id="honest C vouches for A"),
        pytest.param(World("A", "A"), "C", honest("A"), False, id="honest C exposes liar A"),
        pytest.param(World("A", "C"), "C", honest("A"), False, id="liar C smears honest A"),
    ],
)
def test_the_rules_examples(
    world: World, speaker: str, proposition: Proposition, said: bool
) -> None:
    assert answer(speaker, proposition, world) is said


@given(st.data())
def test_the_honest_tell_the_truth_and_the_liar_inverts_it(data: st.DataObject) -> None:
    roster = data.draw(rosters())
    proposition = data.draw(propositions(roster))
    for world in all_worlds(roster):
        for speaker in roster:
            said = answer(speaker, proposition, world)
            if speaker == world.liar:
                assert said is not truth(proposition, world)
            else:
                assert said is truth(proposition, world)


@given(st.data())
def test_atoms_read_the_world_and_not_negates(data: st.DataObject) -> None:
    roster = data.draw(rosters())
    proposition = data.draw(propositions(roster))
    for world in all_worlds(roster):
        for name in roster:
            assert truth(ate(name), world) is (world.culprit == name)
            assert truth(lies(name), world) is (world.liar == name)
            assert truth(honest(name), world) is (world.liar != name)
        assert truth(Not(proposition), world) is not truth(proposition, world)


@given(st.data())
def test_asking_someone_what_he_would_say_gets_the_truth(data: st.DataObject) -> None:
    """The liar inverts twice, so "would you say p?" is answered truthfully by anyone."""
    roster = data.draw(rosters())
    proposition = data.draw(propositions(roster))
    for world in all_worlds(roster):
        for speaker in roster:
            nested = Says(speaker, proposition)
            assert answer(speaker, nested, world) is truth(proposition, world)
            assert truth(nested, world) is answer(speaker, proposition, world)


@given(st.data())
def test_a_rephrasing_has_the_same_canonical_question(data: st.DataObject) -> None:
    roster = data.draw(rosters())
    proposition = data.draw(propositions(roster))
    name = data.draw(st.sampled_from(roster.names))
    assert canonical(Not(proposition)) == canonical(proposition)
    assert canonical(honest(name)) == canonical(lies(name)) == canonical(Not(honest(name)))
    assert canonical(ate(name)) != canonical(lies(name))


@pytest.mark.parametrize("negated", [False, True])
def test_a_literal_splits_back_into_its_atom(negated: bool) -> None:
    assert as_literal(literal("honest", "C", negated)) == (honest("C"), negated)
    assert as_literal(Not(Not(literal("culprit", "A", negated)))) == (ate("A"), negated)
    assert as_literal(Says("A", ate("B"))) is None


def test_an_unknown_predicate_is_refused() -> None:
    with pytest.raises(ValueError):
        Atom("thief", "A")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "proposition",
    [ate("D"), Not(lies("D")), Says("D", ate("A")), Says("A", Not(honest("D")))],
)
def test_a_name_off_the_roster_is_an_unknown_name(proposition: Proposition) -> None:
    with pytest.raises(UnknownNameError):
        check_names(proposition, Roster())
