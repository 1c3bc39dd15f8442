"""The game context a parser needs, and the typed results of parsing and extraction."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.lang.incident import DEFAULT_INCIDENT, Incident, Lang, incident
from referee.liar.intent import Intent, Question
from referee.liar.proposition import Proposition
from referee.liar.world import Roster


@dataclass(frozen=True)
class Context:
    """What the parser knows besides the text.

    `lang` None means auto-detect. `pending` is True while an open question waits for
    the player's yes or no, so that "yes" parses as Confirm. `previous` is the player's last
    question, so that a follow-up ("C, did you?", "what about A?") can continue it.
    """

    roster: Roster = Roster()
    incident: Incident = field(default_factory=lambda: incident(DEFAULT_INCIDENT))
    lang: Lang | None = None
    pending: bool = False
    previous: Question | None = None


@dataclass(frozen=True)
class Parsed:
    """An utterance read into an intent, with the language it was read in."""

    text: str
    lang: Lang
    intent: Intent


@dataclass(frozen=True)
class Statement:
    """One assertion read back from a character's line: `speaker` says `proposition` is `asserted`."""

    speaker: str
    proposition: Proposition
    asserted: bool
    source: str = ""


@dataclass(frozen=True)
class Extraction:
    """What a character's line (or a whole game-master message) asserts.

    `unread` holds the sentences that mention a person, a role, the incident or a
    number but could not be read: a verifier treats them as suspect. Pure flavour
    ("Hmm.") is neither read nor listed.
    """

    statements: tuple[Statement, ...]
    unread: tuple[str, ...]
    lang: Lang
