"""A Korean player utterance read into an intent (question, guess, remark, other, unclear).

Sentence by sentence: a sentence that asks a suspect something is a question, and a
question anywhere wins over the remarks around it ("흠, 그렇군요. 그럼 B씨, ..."); a plain,
unhedged statement that names the culprit or the liar is a guess; anything else about
the case is a remark. Whenever the person asked or the proposition is in doubt the
answer is Unclear with a reason: a wrongly charged question is worse than a request to
rephrase.

Conventions, for a newcomer and for the reviewers of the corpus:
- 당신/너/본인/자네 mean the person asked; with several addressees ("A·B·C 모두에게 ...
  당신이 먹었습니까?") each is asked about himself.
- 저/나 in a question is the player, who is not a suspect: Unclear.
- A name marked only as topic with nobody addressed ("A는 먹었어?") is Unclear: it may
  ask A about himself or ask someone else about A. So is a bare name ("A 먹었어?").
- "A씨는 B가 먹었다고 생각해요?" asks A (the opinion's holder) about B.
- "B씨라면 C가 먹었다고 대답할까요?" asked to A is A's answer to "would B say C ate it?"
  (Says); with nobody addressed it is Unclear.
- Negated questions keep their negation ("안 먹었어요?" asks about not culprit(X)).
"""

from __future__ import annotations

import re
from dataclasses import replace

from referee.lang.context import Context
from referee.lang.ko.morph import analyze, normalize
from referee.lang.ko.reading import ANYONE, EVERYBODY, GROUP, SELF, SPEAKER, Claim, Reading, carry, read
from referee.liar.intent import (
    Confirm,
    CountQuery,
    Guess,
    Intent,
    Other,
    Query,
    Question,
    Remark,
    Unclear,
)
from referee.liar.proposition import Says, literal
from referee.liar.world import Roster

_YES = re.compile(
    r"^(네|넵|넹|예|응|웅|ㅇㅇ|ㅇㅋ|좋|그래|그럼요|오케|ok|okay|yes|y\b|확인|진행|계속|물어|부탁|맞아|그렇게|알겠|할게|해\s*(주세요|줘|요)?$)",
    re.I,
)
_NO = re.compile(
    r"^(아니|아뇨|ㄴㄴ|no\b|n\b|취소|그만|됐|싫|안\s*(할|해|물)|괜찮|관둘|말래|말게|노\b|아냐)", re.I
)
_COUNT = re.compile(
    r"(몇|얼마).{0,12}(남|더|할 수|가능|할수|물어볼 수|물을 수)"
    r"|남은\s*(질문|횟수|기회|문제|수|개수|질문권)"
    r"|(질문|횟수|기회|질문권)\S*\s*(아직\s*|몇\s*(번|개|회)\s*)?(남|몇|얼마)"
)

NO_ADDRESSEE = "no addressee: say whom you are asking (for example 'B씨, ...')"


def confirmation(text: str) -> bool | None:
    """The player's yes (True) or no (False) to a pending question, None when neither."""
    if _NO.match(text):
        return False
    if _YES.match(text):
        return True
    return None


def parse(text: str, ctx: Context) -> Intent:
    clean = normalize(text)
    if not clean:
        return Unclear("empty: say something")
    sentences, unknown = analyze(clean, ctx.roster)
    readings = [read(s) for s in sentences]
    persons = any(r.persons for r in readings)
    if ctx.pending and not persons and not any(r.claims for r in readings):
        answer = confirmation(clean)
        if answer is not None:
            return Confirm(answer)
    if unknown:
        suspects = ", ".join(ctx.roster.names)
        return Unclear(f"unknown person: {', '.join(unknown)} (the suspects are {suspects})")
    if not persons and _COUNT.search(clean):
        return CountQuery()
    return _intent(readings, ctx.roster)


def _intent(readings: list[Reading], roster: Roster) -> Intent:
    addressees: tuple[str, ...] = ()
    previous: Claim | None = None
    queries: list[Query] = []
    is_open = False
    problems: list[str] = []
    statements: list[tuple[Reading, tuple[str, ...]]] = []
    empty_question = ""
    for reading in readings:
        if reading.addressees:
            addressees = _expand(reading.addressees, roster)
        claims = []
        for claim in reading.claims:
            if claim.predicate is None:
                if previous is None:
                    if all(r in roster for r in claim.about):
                        addressees = claim.about  # "A씨는요? 먹었어요?": turning to A
                    continue
                if (
                    previous.about in {(), (SELF,)}
                    and not reading.addressees
                    and all(r in roster for r in claim.about)
                ):
                    # "A씨, 먹었어요? B씨는요?": the same question, now to B about himself
                    addressees, claim = claim.about, carry(previous, replace(claim, about=(SELF,)))
                else:
                    claim = carry(previous, claim)
            claims.append(claim)
            previous = claim
        holder = (reading.holder,) if reading.holder is not None and reading.holder in roster else ()
        asked = addressees or holder
        # a question to someone; musing ("A가 먹었나?") or "맞죠?" with nobody asked is not
        asking = (reading.question or (bool(asked) and reading.may_ask and bool(claims))) and (
            bool(asked) or not (reading.musing or reading.checking)
        )
        if not asking:
            statements.append((reading, addressees))
            continue
        if reading.tangled or reading.supposing:
            if asked or reading.persons or not reading.possibility:
                problems.append(
                    "ambiguous: ask directly, without 'if'"
                    if reading.supposing
                    else "ambiguous: ask about one person and one role at a time"
                )
            continue  # otherwise a question about the rules ("범인이 거짓말쟁이일 수도 있나요?")
        if not claims:
            if reading.on_case and (reading.persons or reading.addressees):
                empty_question = (
                    empty_question or "no proposition: ask whether someone ate it, lies or tells the truth"
                )
            continue  # otherwise small talk ("A씨, 몇 살이에요?")
        if not asked:
            if all(c.generic for c in claims):
                continue  # a question about the rules ("범인은 한 명이에요?")
            problems.append(
                "ambiguous: is the named person asked, or asked about? say whom you are asking"
                if reading.topic_only
                else NO_ADDRESSEE
            )
            continue
        for claim in claims:
            made, problem = _queries(claim, asked, roster)
            if problem:
                problems.append(problem)
            queries.extend(made)
            is_open |= ANYONE in claim.about
    if problems:
        return Unclear(problems[0])
    if queries:
        return Question(tuple(queries), open=is_open)
    guess = _guess(statements, roster)
    if guess is not None:
        return guess
    if empty_question:
        return Unclear(empty_question)
    if any(r.claims or r.talks_about or r.tangled for r, _ in statements):
        return Remark()
    if any(r.question for r in readings):
        return Other()
    if any(r.thinking for r in readings):
        return Remark()
    return Other()


def _expand(addressees: tuple[str, ...], roster: Roster) -> tuple[str, ...]:
    if EVERYBODY in addressees:
        return roster.names
    return tuple(a for a in addressees if a in roster)


def _queries(claim: Claim, asked: tuple[str, ...], roster: Roster) -> tuple[list[Query], str]:
    """One query per (speaker, person) pair of a claim, or the reason it cannot be asked."""
    assert claim.predicate is not None
    if SPEAKER in claim.about:
        return [], "you, the player, are not a suspect: ask about " + ", ".join(roster.names)
    if claim.via is not None and claim.via not in roster and claim.via != SELF:
        return [], "ambiguous: whose answer do you mean?"
    made = []
    for speaker in asked:
        people: list[str] = []
        for ref in claim.about or (SELF,):
            if ref == SELF or (ref == GROUP and len(asked) > 1):
                people.append(speaker)
            elif ref == ANYONE:
                left_out = {speaker if r == SELF else r for r in claim.excluded}
                pool = [speaker if r == SELF else r for r in claim.candidates] or roster.names
                people.extend(p for p in pool if p not in left_out)
            elif ref in roster:
                people.append(ref)
            else:
                return [], "ambiguous: say which of " + ", ".join(roster.names) + " you mean"
        for person in people:
            proposition = literal(claim.predicate, person, claim.negated)
            if claim.via is not None and claim.via not in (speaker, SELF):
                proposition = Says(claim.via, proposition)
            made.append(Query(speaker, proposition))
    return made, ""


def _guess(statements: list[tuple[Reading, tuple[str, ...]]], roster: Roster) -> Guess | None:
    """A guess when unhedged statements name exactly one culprit and/or one liar."""
    culprits: set[str] = set()
    liars: set[str] = set()
    for reading, addressees in statements:
        if not reading.claims:
            continue
        if reading.hedged or reading.musing or reading.tangled:
            return None
        for claim in reading.claims:
            people = [addressees[0] if ref == SELF and len(addressees) == 1 else ref for ref in claim.about]
            if len(people) != 1 or people[0] not in roster or claim.via is not None:
                continue
            if claim.predicate == "culprit" and not claim.negated:
                culprits.add(people[0])
            elif (claim.predicate, claim.negated) in {("liar", False), ("honest", True)}:
                liars.add(people[0])
    if len(culprits) > 1 or len(liars) > 1 or not (culprits or liars):
        return None
    return Guess(culprit=next(iter(culprits), None), liar=next(iter(liars), None))
