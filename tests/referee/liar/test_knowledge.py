"""What answers tell: consistent worlds, minimal conflicts, best questions, optimal depth."""

from __future__ import annotations

import math
import random
import re
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.errors import UnknownNameError
from referee.liar import (
    Guess,
    Not,
    Proposition,
    Query,
    Question,
    Roster,
    Rules,
    Says,
    World,
    all_worlds,
    answer,
    new_game,
    step,
)
from referee.liar.knowledge import (
    Observation,
    best_question,
    consistent_worlds,
    first_contradiction,
    minimal_conflict,
    optimal_depth,
    question_candidates,
)
from referee.liar.proposition import canonical
from referee.liar.verdict import Answers, GuessVerdict
from tests.referee.liar.strategies import propositions, rosters, worlds
from tests.referee.liar.vocabulary import ask, ate, honest, lies

README = Path(__file__).resolve().parents[3] / "README.md"
ABC = Roster()


def said(speaker: str, proposition: Proposition, yes: bool) -> Observation:
    return Observation(speaker, proposition, yes)


def worst_case(roster: Roster, alive: tuple[World, ...], query: Query) -> int:
    """Worlds left after `query` in the worst case, counted world by world."""
    yes = sum(answer(query.speaker, query.proposition, w) for w in alive)
    return max(yes, len(alive) - yes)


@pytest.mark.parametrize(
    "observations, expected",
    [
        pytest.param((), all_worlds(), id="nothing asked: all nine worlds"),
        pytest.param(
            (said("A", honest("A"), True),), all_worlds(), id="everyone claims to be honest"
        ),
        pytest.param(
            (said("A", ate("B"), True),),
            (World("A", "A"), World("B", "B"), World("B", "C"), World("C", "A")),
            id="A says B ate it: B did and A is honest, or A lies and B did not",
        ),
        pytest.param(
            (said("A", Says("A", ate("B")), True), said("B", Says("B", lies("C")), True)),
            (World("B", "C"),),
            id="two would-you-say questions tell the truth",
        ),
        pytest.param(
            (said("A", honest("A"), False),), (), id="nobody denies being honest"
        ),
    ],
)
def test_consistent_worlds(
    observations: tuple[Observation, ...], expected: tuple[World, ...]
) -> None:
    assert consistent_worlds(ABC, observations) == expected


@given(st.data())
def test_answers_from_a_world_keep_it_consistent(data: st.DataObject) -> None:
    roster = data.draw(rosters())
    world = data.draw(worlds(roster))
    asked = data.draw(
        st.lists(st.tuples(st.sampled_from(roster.names), propositions(roster)), max_size=8)
    )
    observations = [said(s, p, answer(s, p, world)) for s, p in asked]
    alive = consistent_worlds(roster, observations)
    assert world in alive
    assert minimal_conflict(roster, observations) == ()
    assert first_contradiction(roster, observations) is None


def test_the_referees_answers_are_evidence_too() -> None:
    state = new_game(Rules(), random.Random(0), World("C", "A"))
    state, _ = step(state, Question(tuple(Query(s, ate(s)) for s in "ABC")))
    assert World("C", "A") in consistent_worlds(ABC, state.answers)
    assert consistent_worlds(ABC, state.answers) == consistent_worlds(
        ABC, [said(a.query.speaker, a.query.proposition, a.answer) for a in state.answers]
    )


def test_an_observation_naming_a_stranger_raises() -> None:
    with pytest.raises(UnknownNameError):
        consistent_worlds(ABC, [said("D", ate("A"), True)])
    with pytest.raises(UnknownNameError):
        minimal_conflict(ABC, [said("A", Says("D", ate("A")), True)])


CONFLICTS = [
    pytest.param(
        [said("A", ate("B"), True), said("C", lies("A"), True), said("A", Not(ate("B")), True)],
        (0, 2),
        id="A says B ate it and that B didn't",
    ),
    pytest.param(
        [said("B", ate("A"), True), said("A", honest("A"), False), said("C", ate("C"), False)],
        (1,),
        id="A denies being honest",
    ),
    pytest.param(
        [
            said("A", Says("A", ate("A")), True),
            said("B", Says("B", ate("B")), True),
            said("C", ate("C"), False),
        ],
        (0, 1),
        id="two truthful answers name two culprits",
    ),
    pytest.param(
        [
            said("A", Says("A", lies("A")), True),
            said("A", Says("A", lies("B")), True),
            said("C", Says("C", lies("C")), True),
            said("B", Says("B", ate("A")), True),
        ],
        (0, 1),
        id="two liars named truthfully",
    ),
]


@pytest.mark.parametrize("observations, conflict", CONFLICTS)
def test_minimal_conflict_examples(
    observations: list[Observation], conflict: tuple[int, ...]
) -> None:
    assert consistent_worlds(ABC, observations) == ()
    assert minimal_conflict(ABC, observations) == conflict


def test_the_first_contradiction_is_where_the_worlds_run_out() -> None:
    """All three agree that B ate it, but one of them is the liar and must disagree."""
    observations = [said(name, ate("B"), True) for name in "ABC"]
    assert consistent_worlds(ABC, observations[:2]) != ()
    assert first_contradiction(ABC, observations) == 2


def observations_of(roster: Roster) -> st.SearchStrategy[list[Observation]]:
    """Arbitrary answers, true or not, so histories often contradict themselves."""
    one = st.builds(Observation, st.sampled_from(roster.names), propositions(roster), st.booleans())
    return st.lists(one, min_size=1, max_size=8)


@given(st.data())
def test_minimal_conflict_is_a_smallest_inconsistent_subset(data: st.DataObject) -> None:
    roster = data.draw(rosters(max_size=3))
    observations = data.draw(observations_of(roster))
    conflict = minimal_conflict(roster, observations)
    if consistent_worlds(roster, observations):
        assert conflict == ()
        return
    assert consistent_worlds(roster, [observations[i] for i in conflict]) == ()
    for size in range(1, len(conflict)):
        for subset in combinations(observations, size):
            assert consistent_worlds(roster, subset) != ()


@given(st.data())
def test_beyond_the_exact_bound_the_conflict_is_irreducible(data: st.DataObject) -> None:
    roster = data.draw(rosters(max_size=3))
    observations = data.draw(observations_of(roster))
    conflict = minimal_conflict(roster, observations, exact_limit=0)
    if not consistent_worlds(roster, observations):
        assert consistent_worlds(roster, [observations[i] for i in conflict]) == ()
        for dropped in conflict:
            rest = [observations[i] for i in conflict if i != dropped]
            assert consistent_worlds(roster, rest) != ()


@given(st.data())
def test_first_contradiction_matches_the_prefixes(data: st.DataObject) -> None:
    roster = data.draw(rosters(max_size=3))
    observations = data.draw(observations_of(roster))
    index = first_contradiction(roster, observations)
    if index is None:
        assert consistent_worlds(roster, observations) != ()
    else:
        assert consistent_worlds(roster, observations[:index]) != ()
        assert consistent_worlds(roster, observations[: index + 1]) == ()


def test_candidates_are_every_distinct_question() -> None:
    atomic = question_candidates(ABC)
    nested = question_candidates(ABC, nested=True)
    assert len(atomic) == 3 * 6 and len(nested) == 3 * (6 + 3 * 6)
    assert set(atomic) < set(nested)
    assert len({(q.speaker, canonical(q.proposition)) for q in nested}) == len(nested)


def yes_worlds(roster: Roster, speaker: str, proposition: Proposition) -> frozenset[World]:
    return frozenset(w for w in all_worlds(roster) if answer(speaker, proposition, w))


@given(st.sampled_from(ABC.names), propositions(ABC))
def test_with_three_names_one_level_of_nesting_reaches_every_question(
    speaker: str, proposition: Proposition
) -> None:
    everyone = frozenset(all_worlds(ABC))
    reachable = {yes_worlds(ABC, q.speaker, q.proposition) for q in question_candidates(ABC, True)}
    split = yes_worlds(ABC, speaker, proposition)
    assert split in reachable or everyone - split in reachable or split in (everyone, frozenset())


def test_with_two_names_a_plain_answer_only_tells_whether_the_culprit_lies() -> None:
    roster = Roster(("A", "B"))
    culprit_lies = frozenset(w for w in all_worlds(roster) if w.culprit == w.liar)
    for query in question_candidates(roster):
        split = yes_worlds(roster, query.speaker, query.proposition)
        everyone = frozenset(all_worlds(roster))
        assert split in (culprit_lies, everyone - culprit_lies, everyone, frozenset())


def test_the_best_first_question_asks_who_ate_it() -> None:
    best = best_question(ABC, all_worlds(), question_candidates(ABC))
    assert best == Query("A", ate("A"))
    assert worst_case(ABC, all_worlds(), best) == 5


@given(st.data())
def test_best_question_leaves_the_fewest_worlds_in_the_worst_case(data: st.DataObject) -> None:
    roster = data.draw(rosters(max_size=4))
    alive = tuple(data.draw(st.sets(worlds(roster), min_size=1)))
    candidates = question_candidates(roster, nested=data.draw(st.booleans()))
    best = best_question(roster, alive, candidates)
    fewest = min(worst_case(roster, alive, q) for q in candidates)
    if fewest == len(alive):
        assert best is None
    else:
        assert best is not None and worst_case(roster, alive, best) == fewest
        assert best == next(q for q in candidates if worst_case(roster, alive, q) == fewest)


def test_optimal_depth_from_fewer_worlds() -> None:
    candidates = question_candidates(ABC)
    assert optimal_depth(ABC, candidates, worlds=[World("A", "B")]) == 0
    assert optimal_depth(ABC, candidates, worlds=[World("A", "B"), World("C", "C")]) == 1
    same_culprit = [World("A", "B"), World("A", "C")]
    assert optimal_depth(ABC, candidates, guesses=True, worlds=same_culprit) == 1


def test_optimal_depth_refuses_questions_that_cannot_tell_worlds_apart() -> None:
    with pytest.raises(ValueError):
        optimal_depth(ABC, [Query("A", ate("A"))])


def readme_depth_table() -> dict[tuple[Roster, bool, bool], int | None]:
    """The rows of the README's table: (roster, nested, guesses) -> worst case or None."""
    section = README.read_text(encoding="utf-8").split("## How few questions suffice", 1)[1]
    row = re.compile(
        r"^\| ([A-Z](?:, [A-Z])+) \| single (propositions|and nested) \| (not used|used) \|"
        r" (\d+|impossible) \|$",
        re.MULTILINE,
    )
    return {
        (Roster(tuple(names.split(", "))), kind == "and nested", use == "used"): (
            None if figure == "impossible" else int(figure)
        )
        for names, kind, use, figure in row.findall(section)
    }


def test_the_readme_states_the_computed_worst_cases() -> None:
    table = readme_depth_table()
    assert len(table) == 6
    for (roster, nested, guesses), figure in table.items():
        candidates = question_candidates(roster, nested)
        if figure is None:
            with pytest.raises(ValueError):
                optimal_depth(roster, candidates, guesses=guesses)
        else:
            assert optimal_depth(roster, candidates, guesses=guesses) == figure
    assert table[(ABC, False, False)] == math.ceil(math.log2(len(all_worlds(ABC))))


FOUR_FIXED_QUESTIONS = (
    ask("A", ate("A"), ate("B")),
    ask("B", ate("A")),
    ask("C", ate("B")),
)


@pytest.mark.parametrize("secret", all_worlds())
def test_four_fixed_questions_name_both_roles_with_three_to_spare(secret: World) -> None:
    state = new_game(Rules(), random.Random(0), secret)
    for question in FOUR_FIXED_QUESTIONS:
        state, _ = step(state, question)
    assert consistent_worlds(ABC, state.answers) == (secret,)
    state, verdict = step(state, Guess(secret.culprit, secret.liar))
    assert isinstance(verdict, GuessVerdict) and verdict.outcome == "won"
    assert state.remaining == 3


def play_with_guesses(secret: World) -> int:
    """The README's 3-charge strategy, played against the referee; returns the charge."""
    state = new_game(Rules(), random.Random(0), secret)
    state, _ = step(state, ask("A", ate("A"), ate("B")))
    alive = consistent_worlds(ABC, state.answers)
    assert len(alive) <= 3
    if len(alive) == 3:
        shared = next(c for c in ABC if sum(w.culprit == c for w in alive) == 2)
        state, verdict = step(state, Guess(culprit=shared))
        assert isinstance(verdict, GuessVerdict)
        alive = tuple(w for w in alive if (w.culprit == shared) == verdict.correct)
    if len(alive) == 2:
        question = best_question(ABC, alive, question_candidates(ABC))
        assert question is not None
        state, verdict = step(state, Question((question,)))
        assert isinstance(verdict, Answers)
        heard = verdict.answers[0].answer
        alive = tuple(
            w for w in alive if answer(question.speaker, question.proposition, w) == heard
        )
    assert alive == (secret,)
    state, verdict = step(state, Guess(secret.culprit, secret.liar))
    assert state.outcome == "won"
    return 7 - state.remaining


def test_guesses_pin_down_both_roles_for_at_most_three_charged() -> None:
    charged = [play_with_guesses(secret) for secret in all_worlds()]
    assert max(charged) == 3
