from evals.observed import Claim, Turn
from evals.scorers import remaining_after, score
from referee.lang.context import Statement
from referee.liar import Guess, Other, Query, Question, Remark, Rules, World, literal


def ask(speaker: str, predicate: str, about: str, said: bool, *counts: int) -> Turn:
    """A one-proposition question and the answer shown, with the counts displayed."""
    p = literal(predicate, about)  # type: ignore[arg-type]
    return Turn(f"{speaker}?", Question((Query(speaker, p),)), (Statement(speaker, p, said),),
                counts)


def guess(culprit: str | None, liar: str | None, shown: bool, *claims: Claim) -> Turn:
    return Turn("guess", Guess(culprit, liar), verdict=shown, claims=claims)


def test_consistent_answers_leave_the_worlds_that_fit() -> None:
    # secret: culprit B, liar C. A (honest) says B ate it; C (liar) says B did not.
    turns = (ask("A", "culprit", "B", True, 6), ask("C", "culprit", "B", False, 5))
    s = score(turns, secret=World("B", "C"))
    assert s.contradiction is None and s.wrong_answers == 0 and s.consistent
    # A and C disagree, so exactly one of them is the liar: B ate it and C lies, or A lies
    # and B did not eat it.
    assert set(s.worlds) == {World("B", "C"), World("A", "A"), World("C", "A")}


def test_the_first_contradiction_and_a_smallest_conflicting_set() -> None:
    turns = (
        ask("A", "culprit", "A", False),   # A: I didn't eat it
        ask("B", "liar", "A", True),       # B: A is the liar
        ask("C", "liar", "A", True),       # C: A is the liar  -> A lies, so A ate it
        ask("B", "culprit", "B", False),   # harmless
        ask("B", "culprit", "A", False),   # B (honest) says A didn't eat it: contradiction
    )
    s = score(turns)
    assert s.worlds == ()
    assert s.contradiction is not None and s.contradiction.turn == 4
    conflict = {q.turn for q in s.contradiction.answers}
    assert 4 in conflict and 3 not in conflict and len(conflict) <= 4
    assert s.wrong_answers == 1  # the best single world contradicts one answer


def test_counts_follow_the_rules_not_the_previous_display() -> None:
    compound = Question((Query("A", literal("culprit", "B")), Query("A", literal("culprit", "C"))))
    turns = (
        ask("A", "culprit", "A", False, 6),
        Turn("B and C?", compound, counts=(5,)),       # costs 2: should show 4
        Turn("hmm", Remark(), counts=(4,)),            # free: 4 is right
        guess("A", "B", False),                        # a wrong guess costs 1
        Turn("left?", Other(), counts=(3,)),
    )
    s = score(turns)
    assert [(e.turn, e.shown, e.expected) for e in s.count_errors] == [(1, 5, 4)]
    assert remaining_after(turns, Rules()) == (6, 4, 4, 3, 3)


def test_a_question_costing_more_than_is_left_is_refused_and_free() -> None:
    three = Question(tuple(Query(s, literal("culprit", s)) for s in "ABC"))
    assert remaining_after((Turn("all?", three),), Rules(budget=2)) == (2,)


def test_verdicts_against_the_secret_when_it_is_known() -> None:
    turns = (guess("B", None, False), guess("A", "C", True))
    s = score(turns, secret=World("B", "C"))
    assert [(v.turn, v.shown) for v in s.wrong_verdicts] == [(0, False), (1, True)]


def test_verdicts_against_the_answers_when_the_secret_is_unknown() -> None:
    # A says A did not eat it, then B and C say A is the liar: only culprit A / liar A fits.
    turns = (
        ask("A", "culprit", "A", False), ask("B", "liar", "A", True), ask("C", "liar", "A", True),
        guess("A", "A", False),   # contradicts every world the answers allow
        guess("B", None, False),  # fits
    )
    s = score(turns)
    assert [v.turn for v in s.wrong_verdicts] == [3]


def test_a_role_named_before_the_end_is_a_leak_unless_a_right_guess_confirmed_it() -> None:
    leak = Claim("liar", "C", "psst, the liar is C")
    confirmed = Claim("culprit", "B", "right, B is the culprit")
    turns = (
        Turn("A?", Other(), claims=(leak,)),
        guess("B", None, True, confirmed),
        ask("A", "culprit", "A", False),
        guess(None, "C", True, Claim("culprit", "B", "The culprit was B"),
              Claim("liar", "C", "and the liar was C")),
    )
    s = score(turns)
    assert [(x.turn, x.claim.role) for x in s.leaks] == [(0, "liar")]
    assert s.revealed == World("B", "C") and s.reveal_fits


def test_a_reveal_the_answers_rule_out_is_a_changed_secret() -> None:
    reveal = Turn("reveal?", Other(), claims=(Claim("culprit", "A", ""), Claim("liar", "B", "")))
    turns = (ask("A", "culprit", "A", True), ask("B", "culprit", "A", True), reveal)
    s = score(turns)  # A and B both say A ate it: A ate it, whoever lies; B is not the liar
    assert s.revealed == World("A", "B") and s.reveal_fits is False and not s.consistent


def test_accuracy_is_per_proposition_asked_not_per_sentence_said() -> None:
    asked = literal("culprit", "B")
    rambling = Turn(
        "A, did B eat it?", Question((Query("A", asked),)),
        statements=(Statement("A", asked, False),) * 5        # the same wrong answer, 5 times
        + (Statement("A", literal("liar", "C"), True),),       # and a claim nobody asked for
    )
    s = score((rambling, ask("B", "culprit", "B", True)), secret=World("B", "C"))
    assert (s.answers, s.asked, s.answered, s.wrong_answers) == (7, 2, 2, 1)


def test_a_proposition_asked_but_not_answered_is_not_counted_as_answered() -> None:
    both = Question((Query("A", literal("culprit", "B")), Query("A", literal("culprit", "C"))))
    half = Turn("A, B and C?", both, statements=(Statement("A", literal("culprit", "C"), False),))
    s = score((half,), secret=World("B", "C"))
    assert (s.asked, s.answered, s.wrong_answers) == (2, 1, 0)
