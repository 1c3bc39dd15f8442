"""What the referee decided about one intent. Every fact the player sees comes from here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from referee.liar.intent import Guess, Query, Question
from referee.liar.problem import Problem
from referee.liar.world import World

Outcome = Literal["playing", "won", "lost"]


@dataclass(frozen=True)
class Answered:
    """One answer given: the speaker's assertion about a proposition, and the truth."""

    query: Query
    truth: bool
    answer: bool

    @property
    def inverted(self) -> bool:
        """True when this was the liar's inversion of the truth."""
        return self.truth != self.answer


@dataclass(frozen=True)
class Reveal:
    """The end of a game: the secret, the nonce that opens the commitment, every answer."""

    secret: World
    nonce: str
    commitment: str
    answers: tuple[Answered, ...]


@dataclass(frozen=True)
class Answers:
    """A question charged and answered, proposition by proposition."""

    answers: tuple[Answered, ...]
    cost: int
    remaining: int


@dataclass(frozen=True)
class CostToConfirm:
    """An open question waits for the player to accept its cost; nothing charged yet."""

    question: Question
    cost: int
    remaining: int


@dataclass(frozen=True)
class Cancelled:
    """The player declined a pending open question; nothing charged."""

    remaining: int


@dataclass(frozen=True)
class Refused:
    """A question costing more than is left; nothing charged."""

    cost: int
    remaining: int


@dataclass(frozen=True)
class FinalAnswerRequired:
    """No questions are left: only a final answer naming every open role is accepted."""

    remaining: int = 0


@dataclass(frozen=True)
class GuessVerdict:
    """The result of a guess (section 9).

    A wrong guess carries no hint of which part was wrong: `correct` is False and the
    confirmed flags are unchanged. `reveal` is set when the guess ended the game.
    """

    guess: Guess
    correct: bool
    culprit_confirmed: bool
    liar_confirmed: bool
    cost: int
    remaining: int
    outcome: Outcome
    reveal: Reveal | None = None


@dataclass(frozen=True)
class Remaining:
    """The answer to "how many questions are left?"."""

    remaining: int


@dataclass(frozen=True)
class NotCharged:
    """A remark, off-topic talk or a question about the rules: acknowledged, never charged."""

    kind: Literal["remark", "other", "rules"]
    remaining: int


@dataclass(frozen=True)
class Rephrase:
    """The utterance could not be read safely; nothing charged. `problem` says why."""

    problem: Problem
    remaining: int


Verdict = (
    Answers
    | CostToConfirm
    | Cancelled
    | Refused
    | FinalAnswerRequired
    | GuessVerdict
    | Remaining
    | NotCharged
    | Rephrase
)
