"""Judge a game master from what it showed: answers, counts, guess verdicts, named roles.

Pure game logic over typed observations (`evals.observed.Turn`): no I/O. With the secret
known (unassisted mode, a faulty game master) answers and verdicts are checked against it;
without it (rules-prompt mode, an audited chat) they are checked against each other with
the referee's knowledge tools, which is all an auditor can prove.
"""

from __future__ import annotations

from dataclasses import dataclass

from evals.observed import Claim, Turn
from evals.reading import gives_up
from referee.errors import UnknownNameError
from referee.lang.context import Statement
from referee.liar.game import WRONG_GUESS_COST, Rules
from referee.liar.intent import Confirm, Guess, Query, Question, Unclear
from referee.liar.knowledge import (
    Observation,
    consistent_worlds,
    first_contradiction,
    minimal_conflict,
)
from referee.liar.proposition import answer, check_names
from referee.liar.world import World, all_worlds


@dataclass(frozen=True)
class Quoted:
    """An answer as shown, with the index of the turn it was given in."""

    turn: int
    statement: Statement


@dataclass(frozen=True)
class Contradiction:
    """The first answer after which no world fits, and a smallest set of answers that conflict."""

    turn: int
    answers: tuple[Quoted, ...]


@dataclass(frozen=True)
class CountError:
    """A remaining count displayed that differs from the referee's count."""

    turn: int
    shown: int
    expected: int


@dataclass(frozen=True)
class WrongVerdict:
    """A verdict on a guess that the secret (or every world the answers allow) contradicts."""

    turn: int
    guess: Guess
    shown: bool


@dataclass(frozen=True)
class Leak:
    """A role named before the end of the game that no right guess had confirmed."""

    turn: int
    claim: Claim


@dataclass(frozen=True)
class Score:
    """Everything the scorer found in one game.

    `answers` counts every statement read; `asked` the distinct propositions the player asked,
    `answered` those that got at least one answer. `wrong_answers` counts the answered ones
    whose answer contradicts the secret when it is known, and else the fewest any single
    world contradicts: a rambling reply that repeats itself or adds unasked claims does not
    weigh more than one answer (its extra claims still count for contradictions). `reveal_fits` is None without a full reveal;
    False means the game master changed its secret (or its answers contradict each other).
    `reveal_fits_answers` is whether the reveal fits the answers alone: a reveal that does, but
    not the verdicts shown, disagrees with a verdict, and which of the two is wrong the answers
    read do not tell.
    """

    answers: int
    asked: int
    answered: int
    wrong_answers: int
    worlds: tuple[World, ...]
    contradiction: Contradiction | None
    count_displays: int
    count_errors: tuple[CountError, ...]
    verdicts: int
    wrong_verdicts: tuple[WrongVerdict, ...]
    leaks: tuple[Leak, ...]
    revealed: World | None
    reveal_fits: bool | None
    unread: tuple[tuple[int, str], ...]
    recounted: tuple[int, ...] = ()  # turns answered but not read as a question: the count taken as shown
    reveal_fits_answers: bool | None = None

    @property
    def consistent(self) -> bool:
        """No contradiction, no wrong count, no wrong verdict, no leak, and a fitting reveal."""
        return not (
            self.contradiction
            or self.count_errors
            or self.wrong_verdicts
            or self.leaks
            or self.reveal_fits is False
        )


def score(turns: tuple[Turn, ...], rules: Rules = Rules(), secret: World | None = None,
          revealed: World | None = None) -> Score:
    """Score one game's turns. `secret` is the world the game master was given, if any;
    `revealed` is a reveal known outside the text (a native log's `game_ended`)."""
    quoted, unread = _answers(turns, rules)
    observations = [_observation(q.statement) for q in quoted]
    said = _said(turns, quoted)
    answering = _answering(turns, said)
    worlds = consistent_worlds(rules.roster, observations)
    allowed, wrong_verdicts, confirmed_at = _verdicts(turns, said, rules, secret)
    left, recounted = _left(turns, rules)
    end = _end(turns, left, confirmed_at)
    revealed = revealed or _revealed(turns, end, confirmed_at)
    count_errors = _count_errors(turns, left, recounted)
    return Score(
        answers=len(quoted),
        asked=sum(len(t.intent.unique()) for t in turns if isinstance(t.intent, Question)),
        answered=len(answering),
        wrong_answers=_wrong_answers(answering, rules, secret),
        worlds=worlds,
        contradiction=_contradiction(quoted, observations, rules),
        count_displays=sum(len(turn.counts) for turn in turns),
        count_errors=count_errors,
        verdicts=sum(turn.verdict is not None for turn in turns),
        wrong_verdicts=wrong_verdicts,
        leaks=_leaks(turns, end, confirmed_at),
        revealed=revealed,
        reveal_fits=None if revealed is None else revealed in allowed,
        reveal_fits_answers=None if revealed is None else revealed in worlds,
        recounted=recounted,
        unread=unread,
    )


def _answers(
    turns: tuple[Turn, ...], rules: Rules
) -> tuple[tuple[Quoted, ...], tuple[tuple[int, str], ...]]:
    """Every answer about people on the roster, and every sentence that could not be read."""
    quoted: list[Quoted] = []
    unread = [(i, text) for i, turn in enumerate(turns) for text in turn.unread]
    for i, turn in enumerate(turns):
        for statement in turn.statements:
            try:
                rules.roster.check(statement.speaker)
                check_names(statement.proposition, rules.roster)
            except UnknownNameError:
                unread.append((i, statement.source or str(statement.proposition)))
                continue
            quoted.append(Quoted(i, statement))
    return tuple(quoted), tuple(sorted(unread))


def _observation(statement: Statement) -> Observation:
    return Observation(statement.speaker, statement.proposition, statement.asserted)


def _said(turns: tuple[Turn, ...], quoted: tuple[Quoted, ...]) -> list[list[Statement]]:
    """The answers of each turn, grouped in one pass (not one scan of all answers per turn)."""
    said: list[list[Statement]] = [[] for _ in turns]
    for q in quoted:
        said[q.turn].append(q.statement)
    return said


def _answering(turns: tuple[Turn, ...], said: list[list[Statement]]) -> list[list[Observation]]:
    """For each proposition asked that got an answer, the statements answering it: those by
    the asked speaker about the same question, however phrased (negated, honest/liar)."""
    groups = []
    for i, turn in enumerate(turns):
        if not isinstance(turn.intent, Question):
            continue
        for query in turn.intent.unique():
            matching = [_observation(s) for s in said[i]
                        if Query(s.speaker, s.proposition).key() == query.key()]
            if matching:
                groups.append(matching)
    return groups


def _wrong_answers(answering: list[list[Observation]], rules: Rules, secret: World | None) -> int:
    """Answered propositions with an answer wrong in the secret (or in the best-fitting world)."""
    candidates = (secret,) if secret is not None else all_worlds(rules.roster)
    return min(
        sum(any(answer(o.speaker, o.proposition, world) != o.answer for o in group)
            for group in answering)
        for world in candidates
    )


def _contradiction(
    quoted: tuple[Quoted, ...], observations: list[Observation], rules: Rules
) -> Contradiction | None:
    first = first_contradiction(rules.roster, observations)
    if first is None:
        return None
    conflict = minimal_conflict(rules.roster, observations[: first + 1])
    return Contradiction(quoted[first].turn, tuple(quoted[i] for i in conflict))


def _verdicts(
    turns: tuple[Turn, ...], said: list[list[Statement]], rules: Rules, secret: World | None
) -> tuple[tuple[World, ...], tuple[WrongVerdict, ...], dict[str, int]]:
    """Check each shown verdict; return the worlds everything shown allows, the wrong
    verdicts, and the turn at which each role was confirmed by a verdict of "right".

    A verdict is wrong when the answers before it leave no world it agrees with, or when all
    the answers of the game do: the secret was fixed from the start, so a later answer tells
    as much of it as an earlier one (judged by the earlier ones alone, "wrong" said of the
    true liar stood, and the reveal that named him was charged as a changed secret). After a
    contradiction no world is left, and the answers before the verdict alone judge it."""
    before = all_worlds(rules.roster)  # the worlds the answers so far and the verdicts allow
    whole = consistent_worlds(rules.roster, [_observation(s) for stated in said for s in stated])
    wrong: list[WrongVerdict] = []
    confirmed_at: dict[str, int] = {}
    for i, turn in enumerate(turns):
        fitting = consistent_worlds(rules.roster, [_observation(s) for s in said[i]])
        before = tuple(w for w in before if w in fitting)
        if not isinstance(turn.intent, Guess) or turn.verdict is None:
            continue
        guess, shown = turn.intent, turn.verdict
        agreeing = [tuple(w for w in worlds if guess.fits(w) == shown) for worlds in (before, whole)]
        if secret is not None:
            mistaken = guess.fits(secret) != shown
        else:
            mistaken = any(worlds and not agree for worlds, agree in zip((before, whole), agreeing, strict=True))
        if mistaken:
            wrong.append(WrongVerdict(i, guess, shown))  # and it tells nothing of the secret
        else:
            before, whole = (agree if agree else worlds for worlds, agree in zip((before, whole), agreeing, strict=True))
        if shown:
            for role in ("culprit", "liar"):
                if getattr(guess, role) is not None:
                    confirmed_at.setdefault(role, i)
    return before, tuple(wrong), confirmed_at


def _end(turns: tuple[Turn, ...], left: tuple[int, ...], confirmed_at: dict[str, int]) -> int:
    """The turn that ended the game: both roles confirmed, or a final answer at 0 left; else
    the last turn (a reveal asked for), unless that is a guess judged with questions left,
    after which the rules go on: then no turn ended it, and a role named there is a leak."""
    if len(confirmed_at) == 2:
        return max(confirmed_at.values())
    unknown = False  # a line of unknown cost since the last count shown: how many are left is not known
    for i, turn in enumerate(turns):
        if gives_up(turn.player) and not isinstance(turn.intent, (Question, Guess)):
            return i  # the player gave up or asked for the answer: the reply is the reveal
        before = left[i - 1] if i else None
        if isinstance(turn.intent, Guess) and turn.verdict is not None and (before == 0 or unknown):
            return i  # (when not known, it may be the final answer: no role named from here is a leak)
        unknown = (unknown or _cost_unknown(turn)) and not turn.counts
    last = turns[-1] if turns else None
    if last is not None and isinstance(last.intent, Guess) and last.verdict is not None \
            and _unread_right(turns) is None:
        return len(turns)  # the game goes on after a judged guess with questions left: no reveal yet
    return max(len(turns) - 1, 0)


def _cost_unknown(turn: Turn) -> bool:
    """A line whose cost the rules cannot tell: not read, or answered though not read as a
    question (it may have been one, of any cost)."""
    return isinstance(turn.intent, Unclear) or _answered_unasked(turn)


def _answered_unasked(turn: Turn) -> bool:
    """A line answered (its reply holds a character's answer) though not read as a question."""
    return bool(turn.statements or turn.unread) and not isinstance(turn.intent, (Question, Confirm, Guess))


def _unread_right(turns: tuple[Turn, ...]) -> int | None:
    """The first guess shown right whose names could not be read: from there which roles are
    confirmed is not known, so neither is whether a role named is a leak or the game is over."""
    return next((i for i, t in enumerate(turns) if t.verdict is True and not isinstance(t.intent, Guess)), None)


def _leaks(turns: tuple[Turn, ...], end: int, confirmed_at: dict[str, int]) -> tuple[Leak, ...]:
    """Roles named outright before they were guessed right (the rules allow a right part
    confirmed); none is charged after a right guess that could not be read (Unclear)."""
    unknown = _unread_right(turns)
    stop = end if unknown is None else min(end, unknown)
    return tuple(
        Leak(i, claim)
        for i, turn in enumerate(turns[:stop])
        for claim in turn.claims
        if claim.outright and confirmed_at.get(claim.role, end) > i
    )


def _revealed(turns: tuple[Turn, ...], end: int, confirmed_at: dict[str, int]) -> World | None:
    """The world named from the end on: the last claim of each role, completed by the role a
    right guess confirmed when the reveal leaves it out. None without a claim or with a gap."""
    named: dict[str, str] = {c.role: c.name for turn in turns[end:] for c in turn.claims}
    if not named:
        return None
    for role, i in confirmed_at.items():
        named.setdefault(role, getattr(turns[i].intent, role))
    if len(named) < 2:
        return None
    return World(named["culprit"], named["liar"])


def remaining_after(turns: tuple[Turn, ...], rules: Rules) -> tuple[int, ...]:
    """The referee's count after each turn, by the rules alone: a question costs one per
    distinct (speaker, proposition) pair unless it costs more than is left (refused); an
    open question is charged when the player confirms it; a guess shown wrong costs
    WRONG_GUESS_COST while questions are left, also one whose names could not be read (an
    audited line the reply judged, kept as Unclear with its verdict); nothing else is charged."""
    left = rules.budget
    pending: Question | None = None
    after = []
    for turn in turns:
        intent = turn.intent
        if isinstance(intent, Question) and intent.open:
            pending = intent if intent.cost <= left else None
        elif isinstance(intent, Question) and intent.cost <= left:
            left -= intent.cost
        elif isinstance(intent, Confirm) and pending is not None:
            left -= pending.cost if intent.accept else 0
            pending = None
        elif turn.verdict is False and left > 0 and not isinstance(intent, Question):
            left -= WRONG_GUESS_COST
        after.append(left)
    return tuple(after)


def _left(turns: tuple[Turn, ...], rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The questions left after each turn, and the turns where the count is taken as shown:
    a line answered (the reply holds a character's answer) that was not read as a question
    may have cost anything, so its cost is not known, and the count goes on from the one
    shown there."""
    expected = remaining_after(turns, rules)
    left: list[int] = []
    recounted: list[int] = []
    offset = 0
    for i, turn in enumerate(turns):
        if _answered_unasked(turn) and turn.counts:
            offset = turn.counts[-1] - expected[i]
            recounted.append(i)
        left.append(expected[i] + offset)
    return tuple(left), tuple(recounted)


def _count_errors(turns: tuple[Turn, ...], left: tuple[int, ...], recounted: tuple[int, ...]
                  ) -> tuple[CountError, ...]:
    """The counts shown that the rules contradict (none on a turn whose cost is not known)."""
    return tuple(CountError(i, shown, left[i]) for i, turn in enumerate(turns) if i not in recounted
                 for shown in turn.counts if shown != left[i])
