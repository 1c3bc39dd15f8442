"""What a character's Korean line asserts, read back for the verifier.

A line (or a whole game-master message of labelled lines, "A씨: 네, 제가 먹었습니다.")
becomes Statements. 저/제/나 is the speaker. A bare 네/아니요 answers the question as
it was phrased: after "안 먹었지?", 네 means "I did not eat it" (Korean agrees with the
phrasing, not with the fact). An explicit statement about the same person and role
wins over the yes/no word. Sentences about people, roles, the incident or numbers that
cannot be read are returned as `unread`; pure flavour ("음...") is neither.
"""

from __future__ import annotations

import re

from referee.lang.context import Context, Extraction, Statement
from referee.lang.ko.address import ANYONE, GROUP, SELF, SPEAKER
from referee.lang.ko.lexicon import PERSON_NOUNS, THIRD_PERSONS
from referee.lang.ko.morph import PLACEHOLDER, Morph, Sentence, analyze, case_word, mask_names, normalize
from referee.lang.ko.reading import Claim, Reading, carry, eaten_object, read, says_own
from referee.lang.labels import split_inline
from referee.liar.intent import Query
from referee.liar.proposition import Predicate, Proposition, Says, as_literal, canonical, literal
from referee.liar.world import Roster

# "A:", "A씨：", "[A]", "【B】", "A(차분하게):", "A씨의 대답:", "A 「...」" at the start of a line.
_LABEL = re.compile(
    r"^\s*(?:[\[【]\s*(?P<bracketed>[^\]】\n]{1,20}?)\s*[\]】]\s*[:：]?"
    r"|(?P<label>[^:：「『\"“\n]{1,20}?)\s*(?:[:：]|(?=[「『\"“])))\s*"
)
# Markdown an actor model may add: bullets, quote marks, headings, bold.
_MARKUP = re.compile(r"^\s*(?:[-*>•]\s+|#+\s*)|\*\*|__")
# What may follow the name in a label: a stage direction, "의 대답", "가 말합니다".
_LABEL_TAIL = re.compile(r"\s*(?:\([^)]*\))?\s*(?:의\s*(?:대답|답변|말)|[이가]\s*(?:말|대답|답)\S*)?$")
_PLACEHOLDER = re.compile(rf"\s*({PLACEHOLDER}[a-z])")
_SENTENCE_END = re.compile(r"(?<=[.?!…~])\s+")
_QUOTES = str.maketrans("", "", '「」『』"“”')
_YES = re.compile(r"^(네|넵|예|응|어|그래요|그래|그렇습니다|그럼요|맞아요|맞습니다|맞아)(?=$|[\s,.!~…])")
_NO = re.compile(r"^(아니요|아뇨|아니오|아니에요|아닙니다|아니야|아냐|아니|천만에요)(?=$|[\s,.!~…])")
_NUMBER = re.compile(r"\d|[한두세네다섯]\s?(번|회|개|명)|(하나|둘|셋|넷)")


def _speaker_of(label: str, roster: Roster) -> str | None:
    """The roster name a line label stands for ("A씨", "에이", "Ｂ(웃으며)"), None for narrators."""
    masked, placeholders = mask_names(normalize(label), roster)
    head = _PLACEHOLDER.match(masked)
    if head is None or not _LABEL_TAIL.fullmatch(masked[head.end() :]):
        return None
    return placeholders.get(head.group(1))


def _segments(text: str, roster: Roster, speaker: str | None) -> list[tuple[str | None, str]]:
    """Split a message into (speaker, text) at line labels; unlabelled text keeps the speaker."""
    segments: list[tuple[str | None, str]] = []
    for line in split_inline(text, roster).splitlines():
        line = _MARKUP.sub("", line)
        label = _LABEL.match(line)
        name = label.group("bracketed") or label.group("label") if label else ""
        if label is not None and (who := _speaker_of(name, roster)) is not None:
            speaker, line = who, line[label.end() :]
        elif label is not None and len(name.split()) <= 2:
            speaker, line = None, line[label.end() :]  # a narrator's or game master's line
        if line.strip():
            segments.append((speaker, line.translate(_QUOTES).strip()))
    return segments


def _yes_no(sentence: str) -> tuple[bool | None, str]:
    """The leading yes or no word of a sentence, if any, and the rest of the sentence."""
    for pattern, value in ((_NO, False), (_YES, True)):
        match = pattern.match(sentence)
        if match is not None:
            return value, sentence[match.end() :].strip(" ,.!~…")
    return None, sentence


def _key(proposition: Proposition) -> tuple[Predicate, str] | None:
    """What a statement is about, whatever its phrasing: honest read as liar, negation dropped."""
    flat = as_literal(proposition)
    if flat is None:
        return None
    atom = flat[0]
    return ("liar" if atom.predicate == "honest" else atom.predicate), atom.about


def _has_content(sentence: Sentence, numbered: bool) -> bool:
    """Whether a sentence names someone, a role, the incident or a number (`numbered`: its
    text has one, searched once per text, not once per sentence in it); 저/나 alone do not count."""
    forms = {m.form for m in sentence.morphs}
    named = any(m.name is not None for m in sentence.morphs)
    return named or bool(forms & THIRD_PERSONS) or any(case_word(m) for m in sentence.morphs) or numbered


def _people(claim: Claim, speaker: str, reading: Reading, asked: tuple[Query, ...]) -> list[str] | None:
    """Whom a claim in `speaker`'s line is about, or None when that cannot be told."""
    people: list[str] = []
    wanted = "liar" if claim.predicate == "honest" else claim.predicate
    abouts = [
        key[1] for q in asked if q.speaker == speaker and (key := _key(q.proposition)) and key[0] == wanted
    ]
    for ref in claim.about or ((abouts[0],) if len(set(abouts)) == 1 else (SPEAKER,)):
        if ref == SPEAKER:
            people.append(speaker)
        elif ref == GROUP and abouts:
            people.extend(abouts)
        elif ref == SELF and len(reading.addressees) == 1:
            people.append(reading.addressees[0])
        elif ref in (SELF, GROUP, ANYONE) or ref.startswith("@"):
            return None
        else:
            people.append(ref)
    return people


def _sentences(text: str) -> list[str]:
    """Sentences, with stage directions ("(잠시 망설이다가)") apart so they never hide an answer."""
    pieces = re.split(r"(\([^)]*\))", text)
    return [sentence for piece in pieces for sentence in _SENTENCE_END.split(piece)]


def _question_asked(speaker: str | None, asked: tuple[Query, ...]) -> Claim | None:
    """What `speaker` was asked, as the claim a bare answer ("C씨요.", "저요.") completes."""
    keys = {key for q in asked if q.speaker == speaker and (key := _key(q.proposition)) is not None}
    predicates = {predicate for predicate, _ in keys}
    return Claim(predicates.pop(), (), False) if len(predicates) == 1 and len(keys) > 1 else None


def _read_segment(
    speaker: str | None, text: str, ctx: Context, asked: tuple[Query, ...], previous: Claim | None
) -> tuple[list[Statement], list[str], Claim | None]:
    """The statements and unread sentences of one speaker's text; `previous` completes "저도요"."""
    statements: list[Statement] = []
    unread: list[str] = []
    answer: bool | None = None
    previous = previous or _question_asked(speaker, asked)
    for sentence_text in _sentences(text):
        sentence_text = sentence_text.strip()
        if not sentence_text:
            continue
        yes_no, rest = _yes_no(sentence_text)
        sentences, unknown = analyze(rest, ctx.roster, ctx.incident.noun["ko"], ctx.incident.verb)
        read_any = False
        content = bool(unknown)
        numbered = _NUMBER.search(sentence_text) is not None
        for sentence in sentences:
            reading = read(sentence)
            content |= _has_content(sentence, numbered)
            if reading.question:
                # an echo ("거짓말쟁이요?", "B씨요?") or a rhetorical question asserts nothing,
                # but it sets the topic of the answer that follows
                previous = next((c for c in reading.claims if c.predicate is not None), previous)
                # but one that says what someone did ("내가 먹었는데?": I ate it, you know?) is not read
                content = any(m.act for m in sentence.morphs) and any(c.about for c in reading.claims)
                continue
            if speaker is None or reading.hedged or reading.tangled or reading.unnamed:
                continue
            if eaten_object(sentence.morphs):
                content = True  # "저는 보리차만 마셨어요": another thing, nothing of the incident
                continue
            for claim in reading.claims:
                if claim.predicate is None and claim.copular and _other_complement(sentence.morphs):
                    continue  # "난 오늘 외근이었어": I was on a field trip, not "I was (the one)"
                if claim.predicate is None and previous is not None and not says_own(sentence.morphs):
                    claim = carry(previous, claim)
                if claim.predicate is None or claim.generic or (claim.reported and claim.via not in ctx.roster):
                    continue  # "B씨가 먹었다고 말할 거예요": whose words, it does not say
                previous = claim
                for person in _people(claim, speaker, reading, asked) or ():
                    proposition = literal(claim.predicate, person)
                    if claim.via is not None:
                        proposition = Says(claim.via, proposition)
                    statements.append(Statement(speaker, proposition, not claim.negated, sentence_text))
                    read_any = True
        if content and not read_any:
            unread.append(sentence_text)
        if answer is None and not read_any:
            # a bare yes or no ("네.", "아니요, 맞아요") answers what it did not say itself; one
            # that heads its own answer ("아니요, 저는 안 가져갔어요") answers that alone
            answer = yes_no
    if speaker is not None and answer is not None:
        covered = {canonical(s.proposition) for s in statements}
        for query in asked:
            if query.speaker == speaker and canonical(query.proposition) not in covered:
                statements.append(Statement(speaker, query.proposition, answer, text))
    return statements, unread, previous


def _other_complement(morphs: tuple[Morph, ...]) -> bool:
    """Whether a copula follows a common noun that is no person ("외근이었어", "집이야"): what
    the sentence says someone was is that, not a role the question asked about."""
    return any(m.tag == "VCP" and k > 0 and morphs[k - 1].tag == "NNG" and not morphs[k - 1].thing
               and morphs[k - 1].form not in PERSON_NOUNS for k, m in enumerate(morphs))


def extract(text: str, ctx: Context, speaker: str | None, asked: tuple[Query, ...]) -> Extraction:
    statements: list[Statement] = []
    unread: list[str] = []
    previous: Claim | None = None
    for who, segment in _segments(normalize(text), ctx.roster, speaker):
        found, missed, previous = _read_segment(who, segment, ctx, asked, previous)
        statements.extend(found)
        unread.extend(missed)
    return Extraction(tuple(statements), tuple(unread), "ko")
