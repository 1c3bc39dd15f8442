"""What the answers so far tell: consistent worlds, contradictions, the best next question.

These tools read answers as a player (or an auditor) would: without the secret. The
worlds of a roster are handled as bitmasks over `all_worlds(roster)` (bit i is world i),
so a set of worlds is one int, intersecting is `&`, and a question splits a set into
the worlds where its speaker would say yes and those where he would say no.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb

from referee.liar.game import WRONG_GUESS_COST
from referee.liar.intent import Guess, Query
from referee.liar.proposition import Atom, Predicate, Proposition, Says, answer, check_names
from referee.liar.verdict import Answered
from referee.liar.world import Roster, World, all_worlds, world_in

EXACT_LIMIT = 50_000
"""How many subsets `minimal_conflict` may try before it settles for an irreducible one."""

QUESTION_COST = 1
"""A single (speaker, proposition) question always costs one."""

ASKED: tuple[Predicate, ...] = ("culprit", "liar")
"""The predicates worth asking about: `honest(X)` asks what `liar(X)` asks."""


@dataclass(frozen=True)
class Observation:
    """One answer as a player saw it: `speaker` said `answer` (yes/no) to `proposition`."""

    speaker: str
    proposition: Proposition
    answer: bool


Evidence = Observation | Answered
"""An observation, or an answer the referee gave (its truth is ignored: it is the secret)."""


def observed(evidence: Evidence) -> Observation:
    """The player's view of `evidence`."""
    if isinstance(evidence, Answered):
        return Observation(evidence.query.speaker, evidence.query.proposition, evidence.answer)
    return evidence


def consistent_worlds(roster: Roster, observations: Iterable[Evidence]) -> tuple[World, ...]:
    """The worlds in which every speaker would have given exactly the observed answers.

    Raises UnknownNameError when an observation names someone not on `roster`.
    """
    worlds = all_worlds(roster)
    for evidence in observations:
        seen = observed(evidence)
        _check(roster, seen.speaker, seen.proposition)
        worlds = tuple(
            w for w in worlds if answer(seen.speaker, seen.proposition, w) == seen.answer
        )
    return worlds


def first_contradiction(roster: Roster, observations: Sequence[Evidence]) -> int | None:
    """The index of the first observation after which no world is consistent, or None."""
    masks = _observation_masks(roster, observations)
    alive = _full(roster)
    for index, mask in enumerate(masks):
        alive &= mask
        if not alive:
            return index
    return None


def minimal_conflict(
    roster: Roster, observations: Sequence[Evidence], exact_limit: int = EXACT_LIMIT
) -> tuple[int, ...]:
    """Indices of a small set of observations that no world satisfies together; () if none.

    First an irreducible conflict is found by deletion (drop each observation in turn when
    the rest still conflict): every proper subset of it is consistent. Then, when trying
    every subset up to that size costs at most `exact_limit` subsets, the subsets are tried
    by increasing size and index order, so the result is a smallest conflict (the first in
    index order). Beyond that bound the irreducible conflict is returned: it cannot be
    shrunk by dropping any observation, but a smaller one may exist elsewhere.
    """
    masks = _observation_masks(roster, observations)
    full = _full(roster)
    if _alive(full, masks):
        return ()
    conflict = _irreducible(full, masks)
    sizes = range(1, len(conflict) + 1)
    if sum(comb(len(masks), size) for size in sizes) <= exact_limit:
        for size in sizes:
            for subset in combinations(range(len(masks)), size):
                if not _alive(full, [masks[i] for i in subset]):
                    return subset
    return tuple(conflict)


def _irreducible(full: int, masks: Sequence[int]) -> list[int]:
    """The conflict deletion leaves: each observation in index order is dropped when the
    kept ones before it and all those after it still conflict. One pass, not one
    re-intersection per observation: the masks after each index are intersected once."""
    after = [full] * (len(masks) + 1)
    for index in range(len(masks) - 1, -1, -1):
        after[index] = after[index + 1] & masks[index]
    kept: list[int] = []
    alive = full
    for index, mask in enumerate(masks):
        if alive & after[index + 1]:
            kept.append(index)
            alive &= mask
    return kept


def question_candidates(roster: Roster, nested: bool = False) -> tuple[Query, ...]:
    """Every distinct single-proposition question, in roster order.

    One query per speaker and canonical atom (`culprit(X)`, `liar(X)`: `honest(X)` and
    negations ask the same thing). With `nested`, also `says(T, atom)` for every T: one
    level of nesting, which for three names already reaches every answer deeper nesting
    can produce (an answer is the truth flipped once per liar in the chain of speakers).
    """
    atoms = tuple(Atom(predicate, name) for predicate in ASKED for name in roster)
    propositions: tuple[Proposition, ...] = atoms
    if nested:
        propositions += tuple(Says(teller, atom) for teller in roster for atom in atoms)
    return tuple(Query(speaker, p) for speaker in roster for p in propositions)


def best_question(
    roster: Roster, worlds: Iterable[World], candidates: Iterable[Query]
) -> Query | None:
    """The candidate that leaves the fewest worlds in the worst case; None if none splits.

    Ties go to the earliest candidate, so the choice is deterministic. This is one step of
    lookahead; `optimal_depth` is the exact minimax over whole strategies.
    """
    alive = _world_mask(roster, worlds)
    best: tuple[int, Query] | None = None
    for query in candidates:
        yes = alive & _yes_mask(roster, query.speaker, query.proposition)
        left = max(yes.bit_count(), (alive & ~yes).bit_count())
        if left < alive.bit_count() and (best is None or left < best[0]):
            best = (left, query)
    return best[1] if best else None


def optimal_depth(
    roster: Roster,
    candidates: Iterable[Query],
    *,
    guesses: bool = False,
    worlds: Iterable[World] | None = None,
) -> int:
    """The fewest questions charged, in the worst case, to pin down both roles.

    Exact, by memoised minimax over sets of worlds. Each candidate costs one question
    whatever the answer. With `guesses`, the player may also guess as section 9 allows:
    naming the culprit, the liar or both is free when right and costs WRONG_GUESS_COST
    when wrong, and a wrong guess tells only that it was wrong. A single world left costs
    nothing more: the final answer is then right and free. Starts from `worlds` (all of
    them by default). Raises ValueError when the moves cannot tell two worlds apart.
    """
    full = _full(roster)
    start = full if worlds is None else _world_mask(roster, worlds)
    moves = {
        (min(yes, full ^ yes), QUESTION_COST, QUESTION_COST)
        for yes in (_yes_mask(roster, q.speaker, q.proposition) for q in candidates)
    }
    if guesses:
        moves |= {(right, 0, WRONG_GUESS_COST) for right in _guess_masks(roster)}
    ordered = sorted(moves)
    if not _separates(start, [mask for mask, _, _ in ordered]):
        raise ValueError("these questions cannot tell every world apart")

    @cache
    def depth(alive: int) -> int:
        if alive.bit_count() <= 1:
            return 0
        return min(
            max(cost_yes + depth(alive & mask), cost_no + depth(alive & ~mask))
            for mask, cost_yes, cost_no in ordered
            if alive & mask and alive & ~mask
        )

    return depth(start)


def _check(roster: Roster, speaker: str, proposition: Proposition) -> None:
    """Raise UnknownNameError unless every name asked about is on `roster`."""
    roster.check(speaker)
    check_names(proposition, roster)


def _yes_mask(roster: Roster, speaker: str, proposition: Proposition) -> int:
    """The worlds in which `speaker` would answer yes to `proposition`."""
    _check(roster, speaker, proposition)
    worlds = all_worlds(roster)
    return sum(1 << i for i, w in enumerate(worlds) if answer(speaker, proposition, w))


def _observation_masks(roster: Roster, observations: Iterable[Evidence]) -> list[int]:
    """For each observation, the worlds it allows."""
    masks = []
    for evidence in observations:
        seen = observed(evidence)
        yes = _yes_mask(roster, seen.speaker, seen.proposition)
        masks.append(yes if seen.answer else _full(roster) ^ yes)
    return masks


def _guess_masks(roster: Roster) -> tuple[int, ...]:
    """For every guess of section 9 (culprit, liar or both named), the worlds it is right in."""
    names: tuple[str | None, ...] = (None, *roster.names)
    worlds = all_worlds(roster)
    return tuple(
        sum(
            1 << i
            for i, w in enumerate(worlds)
            if Guess(culprit, liar).fits(w)
        )
        for culprit in names
        for liar in names
        if (culprit, liar) != (None, None)
    )


def _world_mask(roster: Roster, worlds: Iterable[World]) -> int:
    everyone = all_worlds(roster)
    mask = 0
    for world in worlds:
        mask |= 1 << everyone.index(world_in(roster, world))
    return mask


def _full(roster: Roster) -> int:
    return (1 << len(roster) ** 2) - 1


def _alive(alive: int, masks: Iterable[int]) -> int:
    """The worlds of `alive` that every mask allows."""
    for mask in masks:
        alive &= mask
    return alive


def _separates(alive: int, masks: Sequence[int]) -> bool:
    """True when every two worlds in `alive` get different answers from some mask."""
    signatures = [
        tuple(mask >> i & 1 for mask in masks) for i in range(alive.bit_length()) if alive >> i & 1
    ]
    return len(set(signatures)) == len(signatures)
