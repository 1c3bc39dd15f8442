"""What a player's utterance means to the referee.

The language layer turns text into one of these; the game state machine consumes them.
A game replays exactly from its list of intents.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.errors import IllegalIntentError
from referee.liar.problem import Problem
from referee.liar.proposition import Proposition, canonical
from referee.liar.world import World


@dataclass(frozen=True)
class Query:
    """One (speaker, proposition) pair: the unit a question is charged by."""

    speaker: str
    proposition: Proposition

    def key(self) -> tuple[str, Proposition]:
        """Two queries with one key ask the same person the same thing."""
        return (self.speaker, canonical(self.proposition))


@dataclass(frozen=True)
class Question:
    """A question to one or more speakers about one or more propositions.

    `open` marks a who-question ("A, who ate it?") decomposed into one query per
    candidate: its cost is stated and confirmed before anything is charged.
    """

    queries: tuple[Query, ...]
    open: bool = False

    def __post_init__(self) -> None:
        if not self.queries:
            raise IllegalIntentError("a question asks at least one thing")

    def unique(self) -> tuple[Query, ...]:
        """The queries with duplicates dropped (first phrasing kept), in order."""
        seen: set[tuple[str, Proposition]] = set()
        kept = []
        for query in self.queries:
            if query.key() not in seen:
                seen.add(query.key())
                kept.append(query)
        return tuple(kept)

    @property
    def cost(self) -> int:
        """One per distinct (speaker, proposition) pair."""
        return len(self.unique())


@dataclass(frozen=True)
class Confirm:
    """The player's yes or no to a pending open question's cost."""

    accept: bool


@dataclass(frozen=True)
class Guess:
    """A named culprit, liar or both (section 9). None means that part is not named."""

    culprit: str | None = None
    liar: str | None = None

    def __post_init__(self) -> None:
        if self.culprit is None and self.liar is None:
            raise IllegalIntentError("a guess names the culprit, the liar or both")

    def fits(self, world: World) -> bool:
        """Whether the guess is right in `world`: every part it names (a part not named is
        not judged). The one rule the referee's verdict, /hint, the players and the audit use."""
        return self.culprit in (None, world.culprit) and self.liar in (None, world.liar)


@dataclass(frozen=True)
class Remark:
    """Thinking aloud ("so it's A or B"): never charged."""


@dataclass(frozen=True)
class Other:
    """Off-topic, rules or meta talk: never charged. `about_rules`: the player asks how the
    game is played ("what are the rules again?"), and is shown them."""

    about_rules: bool = False


@dataclass(frozen=True)
class CountQuery:
    """"How many questions are left?": answered by the referee, never charged."""


@dataclass(frozen=True)
class Unclear:
    """An utterance the parser could not read safely; the player is asked to rephrase,
    and told why in his language (`problem`)."""

    problem: Problem = Problem()


Intent = Question | Confirm | Guess | Remark | Other | CountQuery | Unclear
