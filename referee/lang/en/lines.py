"""Characters' English lines to statements, for the verifier.

A message may hold several speakers' lines, each labelled "B: ..." (also "B says: ...",
"**B**: ..."); unlabelled text belongs to the previous label or to `speaker`. Stage
directions between asterisks or parentheses are dropped. Inside a line "I", "me" and
"myself" are its speaker.

A question inside a line states nothing: an echo of what was asked ("Me? The liar?") is
flavour, one about somebody else or a number is listed as unread.

English yes/no names the POSITIVE proposition even after a negative question
("Didn't you eat it?" "No." = I did not eat it), so a bare yes or no is applied to the
asked proposition with its negation stripped. An explicit statement wins over the yes
or no word: "Yes" is only applied to an asked proposition no sentence of the line
states, and is listed as unread when several such propositions remain.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from referee.lang.context import Context, Extraction, Statement
from referee.lang.en.clause import People, Unreadable, elliptical, read
from referee.lang.en.words import (
    CULPRIT_VERBS,
    NUMBER_WORDS,
    OTHER_INCIDENT_WORDS,
    THIRD,
    Sentence,
    display,
    incident_nouns,
    is_ref,
    name_of,
    other_object,
    predicate_words,
    ref,
    sentences,
    wrong_verbs,
)
from referee.lang.reading import Claim
from referee.liar.intent import Query
from referee.liar.problem import Why
from referee.liar.proposition import Not, Predicate, Proposition, Says, as_literal, canonical, literal, names_in

# "whether B ate it", "if B ate it": a question or a supposition inside a sentence, no claim
_EMBEDDED = frozenset({"whether", "if"})
_STAGE = re.compile(r"\*[^*\n]*\*|\([^)\n]*\)|\[[^\]\n]*\]")
_LABEL = re.compile(
    r"^(@\d+)(?: (?:says|said|replies|replied|answers|answered)(?: ,| :)?| :| -)(?: :| -)* ?"
)
# Answer words, most specific first: (pattern, the answer, whether it takes the question as
# phrased). "Yes"/"no" name the positive proposition; "right"/"wrong" agree or disagree
# with the question as put ("B didn't eat it, right?" "Right." = B did not eat it).
_END_OF_ANSWER = r"(?: ,| !)?(?: |$)"
_ANSWERS = tuple(
    (re.compile(r"^(?:" + words + r")" + _END_OF_ANSWER), value, as_phrased)
    for words, value, as_phrased in (
        (r"that is (?:not (?:true|right|correct)|false|wrong)|wrong|false|not true", False, True),
        (r"that is (?:right|correct|true)|right|correct|true|exactly|affirmative", True, True),
        (r"no|not at all|absolutely not|definitely not|certainly not|of course not|negative", False, False),
        (r"yes|of course|indeed|absolutely|definitely|certainly|sure|uh huh", True, False),
    )
)
_TAGS = re.compile(r"(?: ,)? (?:ok|right|alright|you know|see|got it|understand|understood)$")
_GROUP = re.compile(r"\b(neither|both|none) of them\b")
_FILLER = re.compile(
    r"^(?:(?:well|look|listen|honestly|seriously|oh|um|uh|hmm|ah|so|ok|okay|i swear|i promise|"
    r"trust me|believe me|i told you|like i said|as i said|to be honest|i mean|let me be clear|"
    r"i am telling you|i tell you|i can tell you|i can assure you|i assure you|"
    r"just so you know|frankly|truthfully|sorry|fine|i admit(?: it)?|i confess(?: it)?)(?: ,| !| -| :)? )+"
)
# The same said after the claim ("A is the liar, I swear"): it vouches for the claim, and is no
# ellipsis of it ("..., I swear" had read as "I am the liar" too).
_TRAILING_FILLER = re.compile(
    r"(?: ,| !| -)? (?:i swear(?: it)?|i promise(?: you)?|trust me|believe me|i am telling you|i tell you|"
    r"i assure you|i can assure you|i am sure|honestly|seriously|for real|i swear to god) ?$"
)
# A sentence with one of these is an opinion or a guess, not a statement to verify.
_HEDGES = frozenset(
    "maybe perhaps probably possibly might may could think suspect reckon seems seem likely unlikely guess if unless".split()
)
_WOULD_SAY = re.compile(
    r"^(?P<via>@\d+|he|she) would (?P<negated>not |never )?(?:say|answer) (?:(?P<answer>yes|no)$|(?:that )?(?P<inner>.+))"
)


@dataclass(frozen=True)
class _Answer:
    """A bare yes/no (or right/wrong) waiting to be applied to the question asked."""

    value: bool
    as_phrased: bool
    source: str


@dataclass(frozen=True)
class _Line:
    """One speaker's sentences in a message (speaker None: narration)."""

    speaker: str | None
    sentences: tuple[Sentence, ...]


def _stage_direction(found: re.Match[str]) -> str:
    """Drop "*shrugs*" or "(nervously)", but keep "*A:*", which is a speaker's label."""
    inner = found.group(0)[1:-1]
    return f" {inner} " if inner.strip().endswith(":") else " "


def _lines(text: str, ctx: Context, speaker: str | None) -> list[_Line]:
    """Group sentences by their label; unlabelled ones keep the current speaker."""
    cleaned = _STAGE.sub(_stage_direction, text)
    grouped: list[tuple[str | None, list[Sentence]]] = []  # lists while they grow, not tuples
    for sentence in sentences(cleaned, ctx.roster).sentences:
        words = " ".join(sentence.words)
        label = _LABEL.match(words)
        if label:
            speaker = name_of(label.group(1), ctx.roster)
            sentence = Sentence(tuple(words[label.end():].split()), sentence.asked)
            grouped.append((speaker, []))
        elif not grouped or grouped[-1][0] != speaker:
            grouped.append((speaker, []))
        if sentence.words:
            grouped[-1][1].append(sentence)
    return [_Line(who, tuple(said)) for who, said in grouped]


def _mentions(words: tuple[str, ...], ctx: Context) -> bool:
    """A person, a role, the incident or a number: a sentence a verifier must not ignore."""
    lexicon = predicate_words(ctx.incident)
    other_verbs = wrong_verbs(ctx.incident)
    return any(
        is_ref(w) or w in THIRD or w in lexicon or w in other_verbs or w in OTHER_INCIDENT_WORDS or w in NUMBER_WORDS
        or w.isdigit()
        for w in words
    )


def _positive(p: Proposition) -> Proposition:
    while isinstance(p, Not):
        p = p.inner
    return p


class _Reader:
    """Reads one speaker's line: explicit statements first, then the bare yes or no."""

    def __init__(self, ctx: Context, speaker: str, asked: tuple[Query, ...],
                 previous: Statement | None = None) -> None:
        """`previous` is the message's last statement before this line ("B: Neither did I.")."""
        self.ctx = ctx
        self.previous = previous
        self.speaker = speaker
        self.asked = tuple(q for q in asked if q.speaker == speaker)
        abouts = {q.proposition for q in self.asked}
        others = sorted({n for p in abouts for n in names_in(p)} - {speaker})
        self.people = People(ctx.roster, me=speaker, antecedent=others[0] if len(others) == 1 else None)
        self.statements: list[Statement] = []
        self.unread: list[str] = []

    def line(self, line: _Line) -> None:
        answers: list[_Answer] = []
        for sentence in line.sentences:
            source = display(sentence.words, self.ctx.roster)
            text = _TRAILING_FILLER.sub("", _FILLER.sub("", " ".join(sentence.words) + " ").strip()).strip()
            if sentence.asked and not _TAGS.search(" " + text):
                if self._stray_question(sentence.words):
                    self.unread.append(source)
                continue
            for part in _ANSWER_INSIDE.split(self._groups(text)):
                self._part(part, source, answers)
        self._bare_answers(answers)

    def _part(self, text: str, source: str, answers: list[_Answer]) -> None:
        """One clause of a sentence, its answer word first if it has one."""
        words, answer = _answer_word(_LEADING_AND.sub("", text.strip()).split())
        words = tuple(_TAGS.sub("", " " + " ".join(words)).split())  # "I didn't, okay?"
        try:
            read_any = self._sentence(words, source)
        except Unreadable:
            read_any = False
            if _mentions(words, self.ctx):
                self.unread.append(source)
                return
        self._follow_names(words)
        if answer is not None and not read_any:
            answers.append(_Answer(*answer, source))
        elif not read_any and _mentions(words, self.ctx):
            self.unread.append(source)

    def _stray_question(self, words: tuple[str, ...]) -> bool:
        """A question in a character's line states nothing. An echo of what was asked
        ("Me? The liar?") is flavour; one naming someone else or a number is suspect."""
        involved = {self.speaker} | {n for q in self.asked for n in names_in(q.proposition)}
        named = {name_of(w, self.ctx.roster) for w in words if is_ref(w)}
        return bool(named - involved) or any(w.isdigit() or w in NUMBER_WORDS for w in words)

    def _groups(self, text: str) -> str:
        """"Neither of them" / "both of them": the two other people the question was about."""
        others = sorted({n for q in self.asked for n in names_in(q.proposition)} - {self.speaker})
        if len(others) != 2:
            return text
        first, second = (ref(self.ctx.roster.names.index(n)) for n in others)
        joined = {"neither": f"neither {first} nor {second}", "both": f"{first} and {second}",
                  "none": f"neither {first} nor {second}"}
        return _GROUP.sub(lambda m: joined[m.group(1)], text)

    def _follow_names(self, words: tuple[str, ...]) -> None:
        """"B is lying. He ate it.": "he" is the one other person the last sentence named."""
        named = {name_of(w, self.ctx.roster) for w in words if is_ref(w)} - {self.speaker}
        if len(named) == 1:
            self.people = replace(self.people, antecedent=named.pop())

    def _sentence(self, words: tuple[str, ...], source: str) -> bool:
        """Add the statements of one sentence; False when it states nothing."""
        if not words:
            return False
        if self._would_say(words, source):
            return True
        if _HEDGES.intersection(words):
            raise Unreadable(Why.QUESTION_OR_ANSWER)
        if _EMBEDDED.intersection(words):
            raise Unreadable(Why.SUPPOSING)
        nouns = incident_nouns(self.ctx.incident)
        if any(w in CULPRIT_VERBS and other_object(words[i + 1:], nouns) for i, w in enumerate(words)):
            raise Unreadable(Why.OTHER_INCIDENT)  # "I only had the garlic bread": another thing, not the incident
        groups = elliptical(words, self.ctx.incident, self.people)
        if groups is not None:
            for subjects, negated in groups:
                predicate = self._left_out_predicate(subjects)
                self._add([literal(predicate, s) for s in subjects], not negated, source)
            return True
        claims = read(words, self.ctx.incident, self.people)
        for claim in claims:
            self._add(_propositions(claim), not claim.negated, source)
        return bool(claims)

    def _would_say(self, words: tuple[str, ...], source: str) -> bool:
        """"B would say yes" / "B would say C ate it": what someone else would answer."""
        found = _WOULD_SAY.match(" ".join(words))
        if not found:
            return False
        via_word = found.group("via")
        via = name_of(via_word, self.ctx.roster) if is_ref(via_word) else self.people.antecedent
        if via is None:
            raise Unreadable(Why.WHO_IS_MEANT)
        if found.group("answer"):
            nested = [p for q in self.asked if isinstance(p := _positive(q.proposition), Says) and p.speaker == via]
            if len(nested) != 1:
                raise Unreadable(Why.NESTED)
            self._add(nested, (found.group("answer") == "yes") != bool(found.group("negated")), source)
            return True
        inner = People(self.ctx.roster, me=self.speaker, antecedent=via)
        claims = read(tuple(found.group("inner").split()), self.ctx.incident, inner)
        if not claims:
            raise Unreadable(Why.NESTED)
        says = [Says(via, p) for c in claims for p in _propositions(c, c.negated)]
        self._add(says, not found.group("negated"), source)
        return True

    def _left_out_predicate(self, subjects: tuple[str, ...]) -> Predicate:
        """The predicate of "I did" / "neither did C": the last statement's (in this line or
        the message), else the one asked (about these subjects if several were asked)."""
        earlier = [self.previous] if self.previous else []
        for statement in reversed(earlier + self.statements):
            if (atom := _atom(statement.proposition)) is not None:
                return atom[0]
        atoms = [a for q in self.asked if (a := _atom(q.proposition)) is not None]
        about_them = {a[0] for a in atoms if a[1] in subjects}
        candidates = about_them or {a[0] for a in atoms}
        if len(candidates) != 1:
            raise Unreadable(Why.WHICH_QUESTION)
        return candidates.pop()

    def _add(self, propositions: Sequence[Proposition], asserted: bool, source: str) -> None:
        for p in propositions:
            self.statements.append(Statement(self.speaker, p, asserted, source))

    def _bare_answers(self, answers: list[_Answer]) -> None:
        """Apply a bare yes/no to the one proposition asked, unless a sentence stated it.

        After a compound question a bare yes/no answers nothing safely: it is unread
        while some asked proposition is left unstated.
        """
        if not answers:
            return
        covered = {canonical(s.proposition) for s in self.statements}
        open_ = [q for q in self.asked if canonical(q.proposition) not in covered]
        for answer in answers:
            if len(self.asked) == 1 and open_:
                asked = open_[0].proposition
                self._add([asked if answer.as_phrased else _positive(asked)], answer.value, answer.source)
            elif open_:
                self.unread.append(answer.source)


def _propositions(claim: Claim, negated: bool = False) -> list[Proposition]:
    """A clause's claim as propositions about named people (a line has no "you" to ask)."""
    assert claim.predicate is not None, "a clause's claims name their predicate"
    return [literal(claim.predicate, r.name, negated) for r in claim.about]


_ANSWER_INSIDE = re.compile(r"\s*,\s*(?=(?:and|but)\s+(?:,\s*)?(?:yes|no)\s*,)")
"""Where a second answer starts inside a sentence ("A drank it, and no, C is not the liar"):
read apart, or the "no" would be read into the first clause."""
_LEADING_AND = re.compile(r"^(?:and|but|also|oh|so|well)\s+(?:,\s*)?(?=(?:yes|no|yeah|nope|yep)\b)")
"""A conjunction before the answer word ("And no, C is not the liar."): the answer still leads."""


def _answer_word(words: list[str]) -> tuple[tuple[str, ...], tuple[bool, bool] | None]:
    """The words after a leading answer word, and (answer, taken as phrased) if there is one."""
    text = " ".join(words)
    for pattern, value, as_phrased in _ANSWERS:
        found = pattern.match(text)
        if found:
            return tuple(text[found.end():].split()), (value, as_phrased)
    return tuple(words), None


def _atom(p: Proposition) -> tuple[Predicate, str] | None:
    """(predicate, about) of a possibly negated atom; None for a nested proposition."""
    flat = as_literal(p)
    return (flat[0].predicate, flat[0].about) if flat else None


def extract(text: str, ctx: Context, speaker: str | None, asked: tuple[Query, ...]) -> Extraction:
    """What an English character line (or a message of labelled lines) asserts."""
    statements: list[Statement] = []
    # A stage direction is dropped from the reading, so one that names a person, a role, the
    # incident or a number ("(I am the liar)", "(6 questions left)") is a claim the verifier
    # must see.
    unread = [
        stage.strip("*()[] ")
        for stage in _STAGE.findall(text)
        if not stage.strip("*()[] ").endswith(":")
        and any(_mentions(s.words, ctx) for s in sentences(stage, ctx.roster).sentences)
    ]
    for line in _lines(text, ctx, speaker):
        if line.speaker is None:
            unread.extend(display(s.words, ctx.roster) for s in line.sentences if _mentions(s.words, ctx))
            continue
        reader = _Reader(ctx, line.speaker, asked, statements[-1] if statements else None)
        reader.line(line)
        statements.extend(reader.statements)
        unread.extend(reader.unread)
    return Extraction(tuple(statements), tuple(unread), "en")
