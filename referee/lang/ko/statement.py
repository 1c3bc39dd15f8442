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
from referee.lang.ko.lexicon import CULPRIT_NOUNS, CULPRIT_VERBS, HONEST_STEMS, LIAR_NOUNS, LIAR_STEMS
from referee.lang.ko.morph import Sentence, analyze, mask_names, normalize
from referee.lang.ko.reading import ANYONE, GROUP, SELF, SPEAKER, Claim, Reading, read
from referee.liar.intent import Query
from referee.liar.proposition import Predicate, as_literal, literal
from referee.liar.world import Roster

_LABEL = re.compile(r"^\s*[\[【(「]?\s*(?P<label>[^:：\]】)」\n]{1,16}?)\s*[\]】)」]?\s*[:：]\s*")
_SENTENCE_END = re.compile(r"(?<=[.?!…~])\s+")
_QUOTES = str.maketrans("", "", "「」『』\"“”")
_YES = re.compile(r"^(네|넵|예|응|어|그래요|그래|그렇습니다|그럼요|맞아요|맞습니다|맞아)(?=$|[\s,.!~…])")
_NO = re.compile(r"^(아니요|아뇨|아니오|아니에요|아닙니다|아니야|아냐|아니|천만에요)(?=$|[\s,.!~…])")
_NUMBER = re.compile(r"\d|[한두세네다섯]\s?(번|회|개|명)|(하나|둘|셋|넷)")
_INCIDENT_WORDS = CULPRIT_NOUNS | CULPRIT_VERBS | LIAR_NOUNS | LIAR_STEMS | HONEST_STEMS


def _speaker_of(label: str, roster: Roster) -> str | None:
    """The roster name a line label stands for ("A씨", "에이", "Ｂ"), None for narrators."""
    masked, placeholders = mask_names(normalize(label), roster)
    return placeholders.get(masked.strip())


def _segments(text: str, roster: Roster, speaker: str | None) -> list[tuple[str | None, str]]:
    """Split a message into (speaker, text) at line labels; unlabelled text keeps the speaker."""
    segments: list[tuple[str | None, str]] = []
    for line in text.splitlines():
        label = _LABEL.match(line)
        if label is not None and (who := _speaker_of(label.group("label"), roster)) is not None:
            speaker, line = who, line[label.end():]
        elif label is not None and len(label.group("label").split()) <= 2:
            speaker, line = None, line[label.end():]
        if line.strip():
            segments.append((speaker, line.translate(_QUOTES).strip()))
    return segments


def _yes_no(sentence: str) -> bool | None:
    if _NO.match(sentence):
        return False
    if _YES.match(sentence):
        return True
    return None


def _key(predicate: str, about: str) -> tuple[str, str]:
    return ("liar" if predicate == "honest" else predicate, about)


def _has_content(reading: Reading, sentence: Sentence, text: str) -> bool:
    forms = {m.form for m in sentence.morphs}
    return reading.persons or bool(forms & _INCIDENT_WORDS) or bool(_NUMBER.search(text)) or bool(reading.claims)


def _people(claim: Claim, speaker: str, reading: Reading, asked: tuple[Query, ...]) -> list[str] | None:
    """Whom a claim in `speaker`'s line is about, or None when that cannot be told."""
    people: list[str] = []
    mine = [q for q in asked if q.speaker == speaker]
    abouts = []
    for q in mine:
        flat = as_literal(q.proposition)
        if flat is not None and _key(flat[0].predicate, "")[0] == _key(claim.predicate or "", "")[0]:
            abouts.append(flat[0].about)
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


def _read_segment(
    speaker: str | None, text: str, roster: Roster, asked: tuple[Query, ...]
) -> tuple[list[Statement], list[str]]:
    statements: list[Statement] = []
    unread: list[str] = []
    answer: bool | None = None
    previous: Claim | None = None
    for sentence_text in _SENTENCE_END.split(text):
        sentence_text = sentence_text.strip()
        if not sentence_text:
            continue
        yes_no = _yes_no(sentence_text)
        if answer is None:
            answer = yes_no
        sentences, unknown = analyze(sentence_text, roster)
        read_any = False
        content = bool(unknown)
        for sentence in sentences:
            reading = read(sentence)
            content |= _has_content(reading, sentence, sentence_text)
            if speaker is None or reading.hedged or reading.question or reading.relational:
                continue
            for claim in reading.claims:
                if claim.predicate is None:
                    if previous is None:
                        continue
                    claim = Claim(previous.predicate, claim.about, previous.negated)
                previous = claim
                people = _people(claim, speaker, reading, asked)
                if people is None or claim.via is not None:
                    continue
                predicate: Predicate = claim.predicate  # type: ignore[assignment]
                for person in people:
                    statements.append(Statement(speaker, literal(predicate, person), not claim.negated, sentence_text))
                    read_any = True
        if content and not read_any and not (yes_no is not None and not unknown and _bare(sentence_text)):
            unread.append(sentence_text)
    if speaker is not None and answer is not None:
        covered = {_key(s.proposition.predicate, s.proposition.about) for s in statements}  # type: ignore[union-attr]
        for query in asked:
            flat = as_literal(query.proposition)
            if query.speaker == speaker and flat is not None and _key(flat[0].predicate, flat[0].about) not in covered:
                statements.append(Statement(speaker, query.proposition, answer, text))
    return statements, unread


def _bare(sentence: str) -> bool:
    """A yes/no word with nothing else that matters ("네.", "아니요, 그렇습니다")."""
    rest = (_NO.sub("", sentence) if _NO.match(sentence) else _YES.sub("", sentence)).strip(" ,.!~…")
    return rest in {"", "그렇습니다", "그래요", "맞아요", "맞습니다", "아닙니다", "아니에요"}


def extract(text: str, ctx: Context, speaker: str | None, asked: tuple[Query, ...]) -> Extraction:
    statements: list[Statement] = []
    unread: list[str] = []
    for who, segment in _segments(normalize(text), ctx.roster, speaker):
        found, missed = _read_segment(who, segment, ctx.roster, asked)
        statements.extend(found)
        unread.extend(missed)
    return Extraction(tuple(statements), tuple(unread), "ko")
