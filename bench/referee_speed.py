"""Speed of the liar-game referee: prints median timings (run `python bench/referee_speed.py`).

Goals (issue 2): adjudicating one question and the consistency check over a 7-answer
history each well under 50 µs median; the best-question search from the start under
100 ms. Figures, not asserts: a shared or slow machine must not fail a test run.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from referee.liar import (
    Atom,
    Not,
    Query,
    Question,
    Roster,
    Rules,
    World,
    all_worlds,
    new_game,
    step,
)
from referee.liar.knowledge import (
    Observation,
    best_question,
    consistent_worlds,
    minimal_conflict,
    optimal_depth,
    question_candidates,
)


def median_ns(action: Callable[[], object], repeats: int) -> float:
    """The median wall time of `action` over `repeats` runs, in nanoseconds."""
    timings = []
    for _ in range(repeats):
        start = time.perf_counter_ns()
        action()
        timings.append(time.perf_counter_ns() - start)
    return statistics.median(timings)


def main() -> None:
    roster = Roster()
    state = new_game(Rules(), random.Random(7), secret=World("B", "C"))
    question = Question((Query("A", Atom("culprit", "B")),))
    seven = Question(
        tuple(Query(s, p) for s in roster for p in (Atom("culprit", "A"), Not(Atom("liar", "B"))))
        + (Query("C", Atom("culprit", "C")),)
    )
    history = step(state, seven)[0].answers
    flipped = tuple(
        Observation(a.query.speaker, a.query.proposition, not a.answer) for a in history[:2]
    )
    conflicting = history + flipped
    plain = question_candidates(roster)
    nested = question_candidates(roster, nested=True)
    start = all_worlds(roster)

    micro: list[tuple[str, Callable[[], object], int]] = [
        ("step, 1-proposition question", lambda: step(state, question), 20_000),
        ("step, 7-proposition question", lambda: step(state, seven), 20_000),
        ("consistent_worlds, 7 answers", lambda: consistent_worlds(roster, history), 20_000),
        ("minimal_conflict, 9 answers", lambda: minimal_conflict(roster, conflicting), 2_000),
    ]
    milli: list[tuple[str, Callable[[], object], int]] = [
        ("best_question at the start, plain", lambda: best_question(roster, start, plain), 500),
        ("best_question at the start, nested", lambda: best_question(roster, start, nested), 500),
        ("optimal_depth, nested, guesses", lambda: optimal_depth(roster, nested, guesses=True), 20),
    ]
    print(f"{'measure':45} {'median':>10}  runs")
    for rows, scale, unit in ((micro, 1e3, "µs"), (milli, 1e6, "ms")):
        for label, action, repeats in rows:
            print(f"{label:45} {median_ns(action, repeats) / scale:>7.2f} {unit}  {repeats}")


if __name__ == "__main__":
    main()
