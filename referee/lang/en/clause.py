"""One English clause to claims: who is said (or asked) to have eaten it, to lie, to be honest.

A clause is cut into segments at conjunctions when both sides carry a predicate
("did you eat it and are you the liar?"); a segment without its own subject inherits
the previous one's ("B ate it and lied"), and an elliptical one ("..., C did") inherits
the predicate. Persons are the subjects of a segment unless a preposition makes them
objects ("lying to me"). The claims are the shared ones (referee.lang.reading.Claim):
"you" is the addressee, a "he" the clause cannot resolve a pronoun for the message to
resolve. Anything this reader cannot pin down raises `Unreadable` with a typed problem:
the caller turns it into a request to rephrase rather than guessing.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.lang.en.words import (
    ANYONE,
    AUX,
    CHOOSING,
    CONJUNCTIONS,
    COPULA,
    CULPRIT_VERBS,
    DEMONSTRATIVE,
    DO,
    EMBEDDING,
    EVERYONE,
    HAVE,
    HAVE_OBJECTS,
    HEARSAY,
    HEDGES,
    INNOCENT,
    NEGATORS,
    PLAYER,
    PREPOSITIONS,
    THINKING,
    THIRD,
    YOU,
    is_ref,
    name_of,
    predicate_words,
)
from referee.lang.incident import Incident
from referee.lang.reading import ADDRESSEE, PRONOUN, Claim, Ref, named
from referee.lang.reading import ANYONE as ANYONE_REF
from referee.liar.problem import Problem, Why
from referee.liar.proposition import Predicate
from referee.liar.world import Roster

_AFTER_DO_IT = CONJUNCTIONS | frozenset(
    """too either then alone right again really huh yesterday last first though after yes no
    probably maybe perhaps possibly definitely surely obviously clearly honestly""".split()
)
_ELLIPSIS_WORDS = AUX | NEGATORS | frozenset(["too", "either", "so", "also", "nor", "neither"])
_ROLE_NOUNS = frozenset(["culprit", "liar", "thief", "honest", "truthful"])
_TELL = frozenset(["tell", "tells", "telling", "told"])
_TRUTH_PHRASE = frozenset(["truth", "lies", "lie"])
_CONSEQUENCE = frozenset("so therefore thus hence".split())  # ", so C is the liar"
_REASON = frozenset("since because as".split())  # "since A contradicts C, ..."
_STRESS = frozenset("also really just still too very quite actually definitely probably always even".split())


class Unreadable(Exception):
    """A clause that mentions the game but cannot be read safely; `problem` says why."""

    def __init__(self, why: Why, names: tuple[str, ...] = ()) -> None:
        super().__init__(why.value)
        self.problem = Problem(why, names)


@dataclass(frozen=True)
class People:
    """How person words resolve in a clause.

    `you`: someone is addressed, so "you" is the addressee (else "you" is nobody known);
    `me` the speaker of a character's line (None: the player, who is no suspect);
    `antecedent` the person "he" or "she" points to; `group` whether several are
    addressed; `pronouns`: a "he" the clause cannot resolve is left to the message (a
    PRONOUN, named in an earlier sentence) instead of unreadable.
    """

    roster: Roster
    you: bool = False
    me: str | None = None
    antecedent: str | None = None
    group: bool = False
    pronouns: bool = False


def is_person(word: str) -> bool:
    """A name, a pronoun or a group word: something a claim can be about."""
    return is_ref(word) or word in YOU or word in PLAYER or word in THIRD or word in (EVERYONE, ANYONE)


def _resolve(word: str, people: People, seen: list[str]) -> Ref:
    """The person a person word stands for; `seen` are the names so far, each once."""
    if is_ref(word):
        return named(name_of(word, people.roster))
    if word in YOU or (word == EVERYONE and people.group):
        if not people.you:
            raise Unreadable(Why.WHO_IS_MEANT)
        return ADDRESSEE
    if word in PLAYER:
        if people.me is None:
            raise Unreadable(Why.PLAYER)
        return named(people.me)
    if word in THIRD:
        if len(seen) == 1:
            return named(seen[0])
        if not seen and people.antecedent is not None:
            return named(people.antecedent)
        if not seen and people.pronouns:
            return PRONOUN
        raise Unreadable(Why.WHO_IS_MEANT)
    raise Unreadable(Why.EACH if word == EVERYONE else Why.WHO_IS_MEANT)  # "is everyone honest?" to one


def _cue(words: tuple[str, ...], i: int, lexicon: dict[str, Predicate]) -> Predicate | None:
    """The predicate word at position i, if it is one here."""
    word = words[i]
    following = words[i + 1] if i + 1 < len(words) else None
    if word in HAVE:
        return "culprit" if following in HAVE_OBJECTS else None
    if word in DO:
        if following not in DEMONSTRATIVE:
            return None
        after = words[i + 2] if i + 2 < len(words) else None
        return "culprit" if after is None or after in _AFTER_DO_IT or is_person(after) else None
    return lexicon.get(word)


_BEFORE_PERSON = frozenset("not really definitely actually obviously totally surely probably certainly just".split())


def _person_next(words: list[str]) -> bool:
    """Whether a person comes next, past adverbs only ("really B", "not C")."""
    for word in words:
        if is_person(word):
            return True
        if word not in _BEFORE_PERSON and word not in NEGATORS:
            return False
    return False


@dataclass
class _Segment:
    """A stretch of a clause being cut (mutable while `_segments` builds it): its words
    and the predicate words found in it."""

    words: list[str]
    cues: list[Predicate]

    @property
    def cleft(self) -> bool:
        """"It was B" / "was it you" / "it's not really C": the incident is implied. The
        demonstrative and the copula stand together, and the person just after them (not
        "B saved it, and it is here", which says nothing of who did it)."""
        w = self.words
        return not self.cues and any(
            {w[i], w[i + 1]} & DEMONSTRATIVE and {w[i], w[i + 1]} & COPULA
            and _person_next(w[i + 2 :])
            for i in range(len(w) - 1)
        )

    @property
    def ellipsis(self) -> bool:
        """"C did" / "nor did C" / "not me": the predicate left out. An auxiliary before
        the subject only counts after "nor"/"so"/"neither" ("did B" opens a question)."""
        words = [w for w in self.words if w not in CONJUNCTIONS or w == "nor"]
        if self.cues or not all(is_person(w) or w in _ELLIPSIS_WORDS for w in words):
            return False
        persons = [i for i, w in enumerate(words) if is_person(w)]
        auxes = [i for i, w in enumerate(words) if w in AUX]
        if not persons:
            return False
        inverted = bool(auxes) and words[0] in ("nor", "so", "neither") and auxes[0] == 1
        return "not" in words or inverted or any(a > persons[0] for a in auxes)

    @property
    def complete(self) -> bool:
        return bool(self.cues) or self.cleft

    @property
    def aside(self) -> bool:
        """"I do not like juice", "A is kind", "B is the lierr": a clause with a verb of its own
        that is no predicate of the game read. Its names and its "not" are not the next
        clause's (merged, "I don't like it, but I drank it" was read as "I did not drink it"),
        and it may be one the reader does not know (a misspelt "liar"), so the whole is unread.
        Its subject comes before the verb, as a statement's does: not "did either A", "are
        both A" (a question's). Not a hedge ("ur kinda sus"), which hedges the whole anyway, nor
        a clause that opens musing ("hmm, A is quiet"); a word that muses only there ("I was
        right next to him", "I didn't see") does not make one."""
        w = [x for x in self.words if x not in NEGATORS and x not in _STRESS]
        return self.plain and any(
            x in AUX and any(map(is_person, w[:i])) and i + 1 < len(w) and not is_person(w[i + 1])
            and w[i + 1] not in CONJUNCTIONS
            for i, x in enumerate(w))

    @property
    def plain(self) -> bool:
        """No predicate of the game, no ellipsis of one, no musing: what an aside must be."""
        return not self.complete and not self.ellipsis and not self.musing

    @property
    def musing(self) -> bool:
        """A hedge anywhere ("ur kinda sus"), or a musing word at the head ("hmm, A is quiet");
        not one that muses only there ("I was right next to him", "I didn't see")."""
        opening = [x for x in self.words[:2] if x not in CONJUNCTIONS][:1]
        return bool(HEDGES.intersection(self.words) or THINKING.intersection(opening))

    @property
    def subject_first(self) -> bool:
        """A predicate with a subject of its own at its head: "and he never ate it"."""
        head = next((w for w in self.words if w not in CONJUNCTIONS), "")
        return self.complete and is_person(head)

    @property
    def acts(self) -> bool:
        """Someone doing something that is no predicate of the game, with a verb the reader
        need not know ("I sat with him"): a person, then a word that is no person, link or "not"."""
        w = self.words
        return self.plain and any(
            is_person(x) and i + 1 < len(w) and not is_person(w[i + 1]) and w[i + 1] not in CONJUNCTIONS
            for i, x in enumerate(w))


def _segments(words: tuple[str, ...], lexicon: dict[str, Predicate]) -> list[_Segment]:
    """Cut at conjunctions where both sides carry their own predicate."""
    chunks: list[_Segment] = [_Segment([], [])]
    for i, word in enumerate(words):
        cue = _cue(words, i, lexicon)
        role_after_person = (cue is not None and word in _ROLE_NOUNS and i > 0
                             and is_person(words[i - 1]) and chunks[-1].cues)
        if word in CONJUNCTIONS or role_after_person:
            chunks.append(_Segment([], []))
        chunks[-1].words.append(word)
        if cue is not None:
            chunks[-1].cues.append(cue)
    for k in range(1, len(chunks)):
        head = next((w for w in chunks[k].words if w not in CONJUNCTIONS), "")
        if is_person(head) and chunks[k - 1].acts and any(c.cues for c in chunks[k:]):
            raise Unreadable(Why.PART_UNREAD)  # "B broke it and B is also the liar" in a cake game
    segments: list[_Segment] = []
    for chunk in chunks:
        independent = chunk.complete or chunk.ellipsis
        if segments and ((chunk.aside and segments[-1].complete) or (chunk.complete and segments[-1].aside)
                         or (chunk.subject_first and segments[-1].acts)):
            raise Unreadable(Why.PART_UNREAD)  # which names and "not"s are whose cannot be told safely
        if segments and not (independent and (segments[-1].complete or segments[-1].ellipsis)):
            segments[-1].words.extend(chunk.words)
            segments[-1].cues.extend(chunk.cues)
        else:
            segments.append(chunk)
    if any(s.complete for s in segments) and any(s.aside for s in segments):
        raise Unreadable(Why.PART_UNREAD)  # "B ate it and B is also the lierr": a part unread
    return [s for s in segments if s.words]


def _negated(words: list[str]) -> bool:
    count = sum(w in NEGATORS for w in words) + sum(w == INNOCENT for w in words)
    if "nor" in words and "neither" not in words:
        count += 1
    return count % 2 == 1


def _subjects(segment: _Segment, people: People, seen: list[str], open_: bool = False) -> list[Ref]:
    """The persons a segment is about; objects ("lying to me") are left out.

    In a who-question a name after "of"/"among" is a candidate ("which of A and B").
    """
    subjects: list[Ref] = []
    words = segment.words
    for i, word in enumerate(words):
        telling_truth = word in _TELL and _TRUTH_PHRASE.intersection(words[i + 1 : i + 4])  # "telling me the truth"
        if word in EMBEDDING and not telling_truth:
            raise Unreadable(Why.NESTED)
        if word in HEARSAY:
            raise Unreadable(Why.REPORTED)
        if word == "that" and i + 1 < len(words) and is_person(words[i + 1]) and any(map(is_person, words[:i])):
            raise Unreadable(Why.NESTED)  # "would C agree that A ate it": a clause inside
        after = words[i - 1] if i > 0 else ""
        candidate = open_ and after in CHOOSING and is_ref(word)
        if not is_person(word) or (after in PREPOSITIONS and not candidate):
            continue
        if word in ("me", "us") and people.me is None:
            continue  # the player as an object: "are you telling me the truth?"
        person = _resolve(word, people, seen)
        if person.name and person.name not in seen and word not in PLAYER and word not in YOU:
            # "he" may stand for a name said before, never for "I" or "you" ("I sat with him, and he ...")
            seen.append(person.name)
        if person not in subjects:
            subjects.append(person)
    return subjects


def _conclusion(words: tuple[str, ...], lexicon: dict[str, Predicate]) -> tuple[str, ...]:
    """The clause less a reason before it that names no predicate of the game: "C is
    contradicting B, so C is the liar" says "C is the liar", "since A contradicts C, A is the
    liar" says "A is the liar". Read whole, the reason's persons were taken for the subjects of
    the conclusion, and a guess lost a part. A reason with a predicate ("A is honest, so ...")
    is read with the rest."""
    def plain(end: int) -> bool:
        return not any(_cue(words, i, lexicon) for i in range(end))

    for i in range(len(words) - 2, 0, -1):
        if words[i] in _CONSEQUENCE and (words[i - 1] in {",", "and"} or is_person(words[i + 1])):
            return words[i + 1 :] if plain(i) else words
    if words and words[0] in _REASON and "," in words and plain(cut := words.index(",")):
        return words[cut + 1 :]
    return words


_RELATIVE = frozenset(["who", "whom", "whose", "which"])


def _relative(words: tuple[str, ...]) -> bool:
    """A relative clause on someone named inside the clause ("B is not the liar but A, who ate
    the last cake, is", "C who drank it is the liar"): read whole, its act and its subject were
    the clause's. Not the who-question after a call ("C, who ate it?"), which starts the words."""
    return any(is_person(words[i]) and (words[i + 1] in _RELATIVE or (i > 0 and words[i + 1] == ","
                                                                     and words[i + 2] in _RELATIVE))
               and not COPULA.intersection(words[max(0, i - 2) : i])  # a cleft: "it was B who ate it"
               for i in range(len(words) - 2))


def _them_as_it(words: tuple[str, ...], lexicon: dict[str, Predicate]) -> tuple[str, ...]:
    """"them" right after the act's verb is the object ("did you take them?": the headphones),
    never a person taken, eaten or broken."""
    return tuple("it" if w == "them" and i and words[i - 1] in CULPRIT_VERBS and lexicon.get(words[i - 1]) == "culprit"
                 else w for i, w in enumerate(words))


def read(words: tuple[str, ...], incident: Incident, people: People, open_: bool = False) -> tuple[Claim, ...]:
    """The claims of one clause; () when it names no predicate at all.

    With `open_` (a who-question) a claim is about anyone, the persons named being its
    candidates (none: every suspect). An elliptical segment takes the predicate of the segment
    before it, or after it when it comes first ("not me, B did it").
    """
    lexicon = predicate_words(incident)
    words = _them_as_it(words, lexicon)
    if _relative(words):
        raise Unreadable(Why.NESTED)
    segments = _segments(_conclusion(words, lexicon), lexicon)
    predicates: list[Predicate | None] = []
    for segment in segments:
        found = set(segment.cues)
        if len(found) > 1:
            raise Unreadable(Why.ONE_AT_A_TIME)
        predicates.append(found.pop() if found else "culprit" if segment.cleft else None)
    later: list[Predicate | None] = [None] * len(segments)  # the first predicate after each
    for i in range(len(segments) - 2, -1, -1):
        later[i] = predicates[i + 1] if predicates[i + 1] is not None else later[i + 1]
    last: Predicate | None = None  # the nearest predicate before, filled ones included
    for i, segment in enumerate(segments):
        if predicates[i] is None and segment.ellipsis:
            predicates[i] = last if last is not None else later[i]
        last = predicates[i] if predicates[i] is not None else last
    claims: list[Claim] = []
    seen: list[str] = []
    for segment, predicate in zip(segments, predicates, strict=True):
        if predicate is None:
            continue  # no predicate: only a first segment can lack one (see _segments)
        subjects = _subjects(segment, people, seen, open_)
        if open_:
            if any(not s.name for s in subjects):
                raise Unreadable(Why.WHO_IS_MEANT)
            candidates = tuple(s.name for s in subjects)
            claims.append(Claim(predicate, (ANYONE_REF,), _negated(segment.words), candidates=candidates))
            continue
        if not subjects and claims and not _name_left_out(segment.words):
            subjects = list(claims[-1].about)
        if not subjects:
            raise Unreadable(Why.WHO_IS_MEANT)
        claims.append(Claim(predicate, tuple(subjects), _negated(segment.words)))
    return tuple(claims)


def _name_left_out(words: list[str]) -> bool:
    """"and the liar is": a role as the subject of a copula with no one after it. The name is
    not said, so the subject before ("B ate it and ...") is not carried into it (liar B was read)."""
    return any(w in _ROLE_NOUNS and i + 1 < len(words) and words[i + 1] in COPULA
               and not any(map(is_person, words[i + 2:])) for i, w in enumerate(words))


def elliptical(words: tuple[str, ...], incident: Incident, people: People
               ) -> tuple[tuple[tuple[str, ...], bool], ...] | None:
    """"I did", "not me", "B did, C didn't", "neither did C": (subjects, negated) groups of
    an answer whose predicate is left out; None when `words` are not such an answer."""
    lexicon = predicate_words(incident)
    if not words or any(_cue(words, i, lexicon) for i in range(len(words))):
        return None
    if not any(map(is_person, words)) or not any(w in AUX or w in NEGATORS for w in words):
        return None
    if not all(is_person(w) or w in _ELLIPSIS_WORDS or w in CONJUNCTIONS for w in words):
        return None
    groups: list[tuple[tuple[str, ...], bool]] = []
    pending: list[str] = []
    seen: list[str] = []
    for word in words + (",",):
        if word in CONJUNCTIONS - {"nor"} and any(w in AUX or w in NEGATORS or w == "nor" for w in pending):
            segment = _Segment(pending, [])
            groups.append((tuple(s.name for s in _subjects(segment, people, seen)), _negated(pending)))
            pending = []
        pending.append(word)
    return tuple(groups) if groups else None
