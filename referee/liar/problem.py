"""Why an utterance could not be read safely: a typed reason, rendered in the player's language.

The parsers of all three languages say "cannot read this" with one of these kinds, so a
Korean or Japanese player is told why in Korean or Japanese (`prompts/liar/<lang>/problem.j2`)
and the log records the kind, not a sentence in one language.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Why(StrEnum):
    """The kinds of reasons to ask for a rephrasing; each has a text in every language."""

    EMPTY = "empty"  # nothing was typed
    UNKNOWN_PERSON = "unknown-person"  # `names`: people not on the roster
    OTHER_INCIDENT = "other-incident"  # `other`: a food or drink that is not the incident
    NOT_THE_ACT = "not-the-act"  # seen, known, touched: not whether someone did it
    NO_ADDRESSEE = "no-addressee"  # a question put to nobody
    ASKED_OR_ABOUT = "asked-or-about"  # a lone name: is he asked, or asked about?
    WHO_IS_MEANT = "who-is-meant"  # a pronoun, "you" or "someone else" that names no one
    ROLE = "role"  # a role where a person is needed ("did the liar eat it?")
    PLAYER = "player"  # the player is no suspect
    ONE_AT_A_TIME = "one-at-a-time"  # two people or roles tangled in one phrase
    EACH = "each"  # "each of you" said to one person
    NESTED = "nested"  # who would say (or be asked) what is unclear
    REPORTED = "reported"  # asks about what someone said, not the question itself
    SUPPOSING = "supposing"  # a question on an "if"
    NO_PREDICATE = "no-predicate"  # asks nothing about eating, lying or honesty
    QUESTION_OR_ANSWER = "question-or-answer"  # the mood is unclear
    QUESTION_AND_ANSWER = "question-and-answer"  # a question and a guess at once
    ONE_CULPRIT_ONE_LIAR = "one-culprit-one-liar"  # a guess naming two culprits or two liars
    WHICH_ROLE = "which-role"  # a guess that does not say who is which
    CORRECTION = "correction"  # a correction that cannot be applied safely
    WHICH_QUESTION = "which-question"  # a follow-up or "the same" with no question to continue
    PART_UNREAD = "part-unread"  # one of several questions could not be read
    NOTHING_TO_CONFIRM = "nothing-to-confirm"  # a yes or no when no question waits for one
    UNREAD = "unread"  # none of the above (and logs older than these kinds)


@dataclass(frozen=True)
class Problem:
    """A reason to rephrase: its kind, and the words the text needs (`names`, `other`)."""

    why: Why = Why.UNREAD
    names: tuple[str, ...] = ()
    other: str = ""

    def as_json(self) -> dict[str, Any]:
        """The recorded form: the kind, and its words only when it has them."""
        out: dict[str, Any] = {"why": self.why.value}
        if self.names:
            out["names"] = list(self.names)
        if self.other:
            out["other"] = self.other
        return out

    @classmethod
    def from_json(cls, obj: Any) -> Problem:
        """Read a recorded problem; ValueError when it is not one."""
        if not isinstance(obj, dict) or "why" not in obj:
            raise ValueError(f"not a problem: {obj!r}")
        names = obj.get("names", [])
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ValueError(f"a problem's names are strings: {obj!r}")
        return cls(Why(obj["why"]), tuple(names), str(obj.get("other", "")))
