"""The middle layer every language reads into, and the one policy that makes an intent of it.

Each language (`ko`, `ja`, `en`) cuts a message into sentences and reads each into a
`Reading`: a mood, the people asked, and claims about people given by reference
(`Ref`: the addressee, the speaker, everyone, anyone, someone unnamed, a pronoun, or a
named suspect). What the morphology of a language decides stays in its package; what
a message *means* to the referee is decided here, once, for all three:

- whom a pronoun or an elliptic claim ("C, did you?", "what about A?") stands for,
- how a correction ("sorry, I meant C") changes the question before it,
- which readings make a question, a guess, a remark or a request to rephrase.

Precision first: when the readings disagree or a reference cannot be pinned down, the
result is `Unclear` with a typed `Problem`, never a charge or a verdict.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from referee.liar.intent import CountQuery, Guess, Intent, Other, Query, Question, Remark, Unclear
from referee.liar.problem import Problem, Why
from referee.liar.proposition import Predicate, Proposition, Says, as_literal, literal
from referee.liar.world import Roster


class Person(StrEnum):
    """A reference to someone other than by name."""

    ADDRESSEE = "addressee"  # "you": the one asked; with several asked, each about himself
    SPEAKER = "speaker"  # "I": the player, who is no suspect
    EVERYONE = "everyone"  # "all of you", "everyone", "三人とも": every suspect
    ANYONE = "anyone"  # "who": every candidate of an open question
    UNNAMED = "unnamed"  # "someone else", "the other one": nobody in particular
    PRONOUN = "pronoun"  # "he", "걔", "あの人": someone named earlier in the message, or unclear


@dataclass(frozen=True)
class Ref:
    """A person as the text refers to him: by name (`name`) or by a `Person` kind."""

    person: Person | None = None
    name: str = ""

    def __post_init__(self) -> None:
        if (self.person is None) == (not self.name):
            raise ValueError("a reference is either a name or a kind of person")


def named(name: str) -> Ref:
    return Ref(name=name)


ADDRESSEE = Ref(Person.ADDRESSEE)
SPEAKER = Ref(Person.SPEAKER)
EVERYONE = Ref(Person.EVERYONE)
ANYONE = Ref(Person.ANYONE)
UNNAMED = Ref(Person.UNNAMED)
PRONOUN = Ref(Person.PRONOUN)


@dataclass(frozen=True)
class Claim:
    """`predicate` (negated or not) of every person in `about`.

    `predicate` None is elliptic ("C, did you?", "A는요?"): it continues the claim before
    it, in the message or in the player's last question; `negated` then turns that claim
    around ("did B eat it? and C not?"). `via` nests the claim: what
    `via` would say about it. `candidates` bound an open question ("who, B or C?"; empty:
    every suspect).
    """

    predicate: Predicate | None
    about: tuple[Ref, ...]
    negated: bool = False
    via: Ref | None = None
    candidates: tuple[str, ...] = ()


class Mood(StrEnum):
    """What a sentence does with its claims."""

    ASK = "ask"  # a question to the addressees: charged
    CONCLUDE = "conclude"  # a plain conclusion: a guess when it names the culprit or the liar
    MUSE = "muse"  # thinking aloud, hedged: never charged, and it hedges a whole message
    REPORT = "report"  # what someone said (hearsay): never a question or a guess
    COUNT = "count"  # "how many questions are left?"
    OTHER = "other"  # small talk, rules talk, greetings


@dataclass(frozen=True)
class Correction:
    """"`wrong`, I mean `meant`": the person meant instead of another in the question before.

    `asked` when it says whom the question is for ("A 말고 C한테", "I meant to ask C").
    """

    wrong: str
    meant: str
    asked: bool


@dataclass(frozen=True)
class Reading:
    """One sentence as read: its mood, whom it asks (roster names), what it claims.

    `problem` marks a sentence that cannot be read safely; `mentioned` the suspects it
    names without asking them, for a pronoun in a later sentence; `correction` and
    `corrects` a sentence that amends the question before it (with a swap of names, or
    by asking anew).
    """

    mood: Mood
    claims: tuple[Claim, ...] = ()
    addressees: tuple[str, ...] = ()
    problem: Problem | None = None
    mentioned: tuple[str, ...] = ()
    correction: Correction | None = None
    corrects: bool = False


def unclear(why: Why, names: tuple[str, ...] = (), other: str = "") -> Unclear:
    return Unclear(problem=Problem(why, names, other))


# --- one claim into queries ---------------------------------------------------------------


def _person(ref: Ref, speaker: str, claim: Claim, roster: Roster, antecedent: str | None) -> tuple[str, ...] | Why:
    """The suspects `ref` stands for when `speaker` is asked, or why it stands for none."""
    if ref.person is None:
        return (ref.name,) if ref.name in roster else Why.UNKNOWN_PERSON
    match ref.person:
        case Person.ADDRESSEE:
            return (speaker,)
        case Person.EVERYONE:
            return roster.names
        case Person.ANYONE:
            return claim.candidates or roster.names
        case Person.SPEAKER:
            return Why.PLAYER
        case Person.PRONOUN if antecedent is not None:
            return (antecedent,)
    return Why.WHO_IS_MEANT


def queries(
    claims: Sequence[Claim], addressees: Sequence[str], roster: Roster, antecedent: str | None = None
) -> tuple[Query, ...] | Problem:
    """Every addressee asked every claim about every person it refers to.

    A nested claim asks what `via` would say, unless `via` is the one asked ("B, would
    you say C ate it?" asks B about C).
    """
    made: list[Query] = []
    for speaker in addressees:
        if speaker not in roster:
            return Problem(Why.UNKNOWN_PERSON, (speaker,))
        for claim in claims:
            if claim.predicate is None:
                return Problem(Why.WHICH_QUESTION)
            via: str | None = None
            if claim.via is not None:
                if claim.via.person is Person.ADDRESSEE or claim.via.name == speaker:
                    via = None
                elif claim.via.name in roster:
                    via = claim.via.name
                else:
                    return Problem(Why.NESTED)
            for ref in claim.about:
                people = _person(ref, speaker, claim, roster, antecedent)
                if isinstance(people, Why):
                    return Problem(people, (ref.name,) if people is Why.UNKNOWN_PERSON else ())
                for person in people:
                    p: Proposition = literal(claim.predicate, person, claim.negated)
                    made.append(Query(speaker, Says(via, p) if via else p))
    return tuple(made)


# --- a message's readings into one intent -------------------------------------------------


def _named(reading: Reading) -> set[str]:
    """The suspects a reading names: those it mentions and those its claims are about."""
    return set(reading.mentioned) | {r.name for c in reading.claims for r in c.about if r.person is None}


def _antecedent(before: set[str], here: Reading) -> str | None:
    """Whom a pronoun points to: the one suspect the nearest sentence naming anyone named
    (`before`), if one; the suspects its own sentence mentions outside its claims ("B, you
    know, did he ...") first."""
    names = set(here.mentioned) or before
    return next(iter(names)) if len(names) == 1 else None


def _carried(claim: Claim, before: Sequence[Claim]) -> tuple[Claim, ...] | None:
    """An elliptic claim completed by the claim of the sentence it continues; None: nothing
    to continue, or several kinds of thing to choose from ("A, did you eat it and are you
    the liar? B, did you?": one of them, or both?).

    An elliptic claim about nobody ("the same question for B") keeps whom each was about;
    its own `negated` turns them around ("did B eat it? and C not?")."""
    if claim.predicate is not None:
        return (claim,)
    kinds = {(b.predicate, b.negated, b.via) for b in before}
    if len(kinds) != 1 or any(b.predicate is None or not (claim.about or b.about) for b in before):
        return None
    return tuple(dict.fromkeys(
        replace(claim, predicate=b.predicate, negated=b.negated != claim.negated,
                via=claim.via or b.via, about=claim.about or b.about)
        for b in before))


def _follow_up(claim: Claim, seeds: Sequence[Claim], called: tuple[str, ...],
               asked: tuple[str, ...]) -> tuple[tuple[Claim, ...], tuple[str, ...]] | None:
    """A claim completed by the ones it continues, and whom it asks (None: it cannot be told).

    After a question of someone about himself ("A, did you eat it?"), "and B?" with nobody
    called turns to B, about himself. After a question about another ("A, did C eat it?"),
    "and you?" or the one asked before ("and A?") is unclear: about himself, or asked again?
    So is "and you?" with nobody called.
    """
    full = _carried(claim, seeds)
    if full is None or claim.predicate is not None:
        return None if full is None else (full, asked)
    names = tuple(r.name for r in claim.about if r.person is None)
    about_himself = all(s.about == (ADDRESSEE,) for s in seeds)
    if about_himself and not called and names and len(names) == len(claim.about):
        return tuple(replace(c, about=(ADDRESSEE,)) for c in full), names
    if ADDRESSEE in claim.about and not called:  # "and you?" to whom?
        return None
    if not about_himself and (ADDRESSEE in claim.about or (not called and set(names) & set(asked))):
        return None
    return full, asked


def _previous_claims(previous: Question | None) -> tuple[tuple[str, ...], tuple[Claim, ...]] | None:
    """The player's last question as (whom it asked, one claim per kind of thing it asked:
    predicate, negation, nesting), for a follow-up to continue; None for no question or one
    that is no flat claim. Each claim is about whom all its queries were about ("you", or
    one suspect), else about nobody."""
    if previous is None:
        return None
    shapes: dict[tuple[Predicate, bool, str | None], set[Ref]] = {}
    speakers: list[str] = []
    for q in previous.unique():
        p, via = q.proposition, None
        if isinstance(p, Says):
            via, p = p.speaker, p.inner
        flat = as_literal(p)
        if flat is None:
            return None
        atom, negated = flat
        shapes.setdefault((atom.predicate, negated, via), set()).add(
            ADDRESSEE if atom.about == q.speaker else named(atom.about))
        if q.speaker not in speakers:
            speakers.append(q.speaker)
    return tuple(speakers), tuple(
        Claim(p, tuple(abouts) if len(abouts) == 1 else (), n, named(v) if v else None)
        for (p, n, v), abouts in shapes.items())


def _corrected(asked: list[tuple[Reading, tuple[Query, ...]]], fix: Correction, roster: Roster,
               antecedent: str | None) -> tuple[Reading, tuple[Query, ...]] | Problem:
    """The last question with `fix.wrong` replaced by `fix.meant` where the fix says."""
    if not asked:
        return Problem(Why.CORRECTION)
    reading, _ = asked[-1]
    swapped_asked = fix.wrong in reading.addressees
    swapped_about = any(
        r.name == fix.wrong or (r.person is Person.ADDRESSEE and swapped_asked) for c in reading.claims for r in c.about
    ) or any(c.via is not None and c.via.name == fix.wrong for c in reading.claims)
    if fix.asked and not swapped_asked:
        return Problem(Why.CORRECTION)
    if not fix.asked and swapped_asked == swapped_about:  # neither, or both ("A, did you? I meant C")
        return Problem(Why.CORRECTION)

    def swap(ref: Ref) -> Ref:
        return named(fix.meant) if ref.name == fix.wrong else ref

    if swapped_asked:
        mended = replace(reading, addressees=tuple(fix.meant if a == fix.wrong else a for a in reading.addressees))
    else:
        claims = tuple(
            replace(c, about=tuple(swap(r) for r in c.about), via=swap(c.via) if c.via else None)
            for c in reading.claims
        )
        mended = replace(reading, claims=claims)
    made = queries(mended.claims, mended.addressees, roster, antecedent)
    return made if isinstance(made, Problem) else (mended, made)


def _guess(readings: Sequence[Reading], roster: Roster) -> Guess | Problem | None:
    """The culprit and liar the conclusions name, None when they name neither."""
    culprits: set[str] = set()
    liars: set[str] = set()
    for reading in readings:
        for claim in reading.claims:
            if claim.via is not None or claim.predicate is None or len(claim.about) != 1:
                continue
            ref = claim.about[0]
            if ref.person is Person.ADDRESSEE and len(reading.addressees) == 1:
                person = reading.addressees[0]
            elif ref.person is None and ref.name in roster:
                person = ref.name
            elif ref.person is Person.UNNAMED:
                return Problem(Why.WHO_IS_MEANT)
            else:
                continue
            if claim.predicate == "culprit" and not claim.negated:
                culprits.add(person)
            elif (claim.predicate, claim.negated) in {("liar", False), ("honest", True)}:
                liars.add(person)
    if len(culprits) > 1 or len(liars) > 1:
        return Problem(Why.ONE_CULPRIT_ONE_LIAR)
    if not (culprits or liars):
        return None
    return Guess(next(iter(culprits), None), next(iter(liars), None))


def combine(readings: Sequence[Reading], roster: Roster, previous: Question | None = None) -> Intent:
    """One intent for a message: the policy every language shares.

    The first problem wins; corrections amend the question before them; a question and a
    conclusion at once are unclear; any musing hedges a conclusion into a remark;
    otherwise questions, then a guess, a count query, remarks and other talk, in that
    order. `previous` is the player's last question, for a follow-up.
    """
    asked: list[tuple[Reading, tuple[Query, ...]]] = []
    concluded: list[Reading] = []
    last_claims: tuple[Claim, ...] = ()
    last_asked: tuple[str, ...] = ()
    before = _previous_claims(previous)
    named_before: set[str] = set()  # what the nearest sentence naming anyone named
    for reading in readings:
        if reading.problem is not None:
            return Unclear(problem=reading.problem)
        antecedent = _antecedent(named_before, reading)
        named_before = _named(reading) or named_before
        if reading.correction is not None and not reading.claims:
            mended = _corrected(asked, reading.correction, roster, antecedent)
            if isinstance(mended, Problem):
                return Unclear(problem=mended)
            asked[-1] = mended
            continue
        if reading.addressees and not reading.claims:  # "A, a question for you." calls A
            last_asked = reading.addressees
        if reading.mood is not Mood.ASK:
            if reading.mood is Mood.CONCLUDE and reading.claims:
                concluded.append(reading)
            last_claims = reading.claims or last_claims
            continue
        addressees = reading.addressees or last_asked
        claims: list[Claim] = []
        for claim in reading.claims:
            seeds = last_claims
            if claim.predicate is None and not seeds and before is not None:
                seeds = before[1]
                addressees = addressees or before[0]
            followed = _follow_up(claim, seeds, reading.addressees, addressees)
            if followed is None:
                return unclear(Why.WHICH_QUESTION)
            full, addressees = followed
            claims.extend(full)
        if not claims:
            continue
        if not addressees:
            return unclear(Why.NO_ADDRESSEE)
        made = queries(claims, addressees, roster, antecedent)
        if isinstance(made, Problem):
            return Unclear(problem=made)
        if reading.corrects and asked:
            asked.pop()
        asked.append((replace(reading, claims=tuple(claims), addressees=tuple(addressees)), made))
        last_claims, last_asked = tuple(claims), tuple(addressees)
    if asked and concluded:
        return unclear(Why.QUESTION_AND_ANSWER)
    if asked:
        all_queries = tuple(q for _, made in asked for q in made)
        is_open = any(r.person is Person.ANYONE for reading, _ in asked for c in reading.claims for r in c.about)
        return Question(all_queries, open=is_open)
    guess = _guess(concluded, roster)
    if isinstance(guess, Problem):
        return Unclear(problem=guess)
    if guess is not None:
        return Remark() if any(r.mood is Mood.MUSE for r in readings) else guess
    moods = {r.mood for r in readings}
    if Mood.COUNT in moods:
        return CountQuery()
    if moods & {Mood.CONCLUDE, Mood.MUSE, Mood.REPORT}:
        return Remark()
    return Other()
