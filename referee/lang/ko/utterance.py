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
- A claim about no one named ("B씨 말고 다른 사람이 먹었어요?", "나머지 둘", "아무도",
  "누군가", "고양이가 먹었어요?", "먹은 사람 있어요?") is Unclear, never a question about
  the one called nor a guess. Only "B씨 말고/빼고/외에 누가 ...?" reads exactly: an open
  question about everyone but B.
- A lead-in remark ending in 는데/니까/지만 ("A랑 B가 수상한데, C씨 ...") is not asked and
  calls nobody: the people called after it are asked. A lead-in that names a role may
  belong to the question, so nobody after it is taken as called (Unclear, unless someone
  was called before it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from referee.lang.context import Context
from referee.lang.incident import INCIDENTS
from referee.lang.ko.address import ANYONE, EVERYBODY, GROUP, SELF, SOMEONE, SPEAKER, chat_letters
from referee.lang.ko.lexicon import CASE_WORDS, CULPRIT_VERBS, PERSON_NOUNS, SETTING_NOUNS
from referee.lang.ko.morph import Morph, Sentence, analyze, normalize
from referee.lang.ko.reading import Claim, Reading, Swap, carry, read
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
from referee.liar.proposition import Says, as_literal, literal
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

CORRECTION = "correction: ask the corrected question again on its own (for example 'C씨, B씨가 먹었어요?')"
HEARSAY = (
    "hearsay: what someone says is not a question to anyone; ask one suspect directly "
    "(for example 'A씨, B씨가 먹었어요?')"
)
NO_ADDRESSEE = "no addressee: say whom you are asking (for example 'B씨, ...')"
UNNAMED = (
    "ambiguous: 'someone other than', 'the rest', 'anyone' or 'a friend' is not one of the suspects; "
    "ask about one of them by name (for example 'A씨, C씨가 먹었어요?')"
)


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
    readings = _trailing_calls(sentences, readings)
    called = _honorific_call(clean, ctx.roster)
    first = readings[0] if readings else None
    plain = (  # "B님 혹시 거짓말쟁이세요?" asks; "A씨 범인 같아요" muses
        first is not None
        and not first.hearsay
        and (first.asks_form or (first.may_ask and not (first.hedged or first.musing)))
    )
    if called and first is not None and first.topic_only and not first.addressees and first.claims and plain:
        if sentences[0].end == ".":  # "A씨 먹었어요.": told to A, or said of A?
            return Unclear("ambiguous: is the named person asked, or asked about? say whom you are asking")
        readings[0] = replace(readings[0], addressees=(called,), topic_only=False)  # "C님 정직하신가요"
    intent = _intent(readings, ctx.roster, ctx.previous)
    if isinstance(intent, (Question, Guess, Unclear)):  # an Unclear says the incident too
        noun = ctx.incident.noun["ko"]
        other = _other_incident(sentences, ctx)
        if other:
            return Unclear(f"wrong incident: this case is about the {noun}, not the {other}")
        if any(_witnessed(s.morphs) for s in sentences):
            return Unclear(f"not the incident: ask whether someone ate the {noun}, not what was seen or known")
    return intent


# Nouns that may stand before 먹다 without being another food ("마지막 조각 먹었어?", "혼자 먹었어?").
_NOT_FOOD = frozenset("조각 혼자 하나 마지막 나머지 전부 다 몰래 먼저 몽땅 거 것 그거 그것 이거 저거".split())
_WITNESS_VERBS = frozenset("보 목격 듣 알 기억".split())


_CALL_TAGS = frozenset("SP SF SW SE W_EMOJI JKV".split())


def _call_only(morphs: tuple[Morph, ...]) -> str:
    """The name a sentence only calls ("B야", "A님", "비야", "C"), or ""."""
    names = {m.name for m in morphs if m.name is not None}
    rest = [
        m
        for m in morphs
        if m.name is None and m.tag not in _CALL_TAGS and not (m.tag == "VCP" and m.form == "이")
    ]
    if len(names) == 1 and all(m.tag == "EF" and m.form in {"야", "아"} for m in rest):
        return names.pop() or ""
    return ""


def _trailing_calls(sentences: tuple[Sentence, ...], readings: list[Reading]) -> list[Reading]:
    """Readings with a call after a question given to it: "B가 범인 맞아요? A님" asks A."""
    out: list[Reading] = []
    for sentence, reading in zip(sentences, readings, strict=True):
        name = "" if "." in sentence.end else _call_only(sentence.morphs)  # "누구야? B야.": an answer
        before = out[-1] if out else None
        if name and before is not None and before.claims and not before.addressees and before.asks_form:
            out[-1] = replace(before, addressees=(name,), topic_only=False)
            continue
        out.append(reading)
    return out


def _honorific_call(text: str, roster: Roster) -> str:
    """The name a message opens with, honorific and no particle ("A씨 케이크 먹었어요"): a call
    to that person, where "A 먹었어?" may as well ask about A."""
    for name in roster.names:
        if re.match(rf"{re.escape(name)}\s?(씨|님)\s+(?![은는이가도랑와께의])", text, re.IGNORECASE):
            return name
    return ""


def _other_incident(sentences: tuple[Sentence, ...], ctx: Context) -> str:
    """The other food or drink the text names ("케이크" in a juice game, "피자"), or ""."""
    forms = {m.form for sentence in sentences for m in sentence.morphs}
    if ctx.incident.noun["ko"] in forms:
        return ""
    named = next((i.noun["ko"] for i in INCIDENTS.values() if i.noun["ko"] in forms), "")
    return named or next((o for s in sentences if (o := _eaten_object(s.morphs))), "")


def _eaten_object(morphs: tuple[Morph, ...]) -> str:
    """The noun eaten or drunk in "피자 먹었어?", "우유를 다 마셨지?", when it is not a setting word."""
    for k, m in enumerate(morphs):
        if not (m.tag.startswith("VV") and m.form in CULPRIT_VERBS):
            continue
        j = k - 1
        while j >= 0 and morphs[j].tag in {"MAG", "JKO"}:  # "우유를 다"; "동생은 먹었어?" eats
            j -= 1
        noun = morphs[j] if j >= 0 else None
        if (
            noun is not None
            and noun.tag in {"NNG", "NNP"}
            and noun.name is None
            and not chat_letters(noun)
            and noun.form not in _NOT_FOOD | SETTING_NOUNS | CASE_WORDS | PERSON_NOUNS
        ):
            return noun.form
    return ""


def _witnessed(morphs: tuple[Morph, ...]) -> bool:
    """ "B가 먹는 거 봤어?", "A가 먹은 걸 알아?": what someone saw or knows, not whether it was done."""
    for k in range(len(morphs) - 2):
        eats = morphs[k].tag.startswith("VV") and morphs[k].form in CULPRIT_VERBS
        if eats and morphs[k + 1].tag == "ETM" and morphs[k + 2].form in {"거", "것", "걸"}:
            rest = [m for m in morphs[k + 3 : k + 6] if m.tag not in {"JKO", "MAG"}]
            if rest and rest[0].form in _WITNESS_VERBS and rest[0].tag in {"VV", "NNG"}:
                return True
    return False


@dataclass(frozen=True)
class _Said:
    """One sentence in the context of the utterance so far."""

    reading: Reading
    claims: tuple[Claim, ...]  # elliptic claims completed from the sentences before
    asked: tuple[str, ...]  # whom it speaks to, carried over from earlier sentences
    asking: bool
    left_out: bool  # someone named whose claim nothing completes ("A고 B고 다 먹었어?")


def _seed(readings: list[Reading], before: Question | None) -> tuple[tuple[str, ...], Claim | None]:
    """Whom the player's last question asked and what, when this message only follows it up
    ("A는?", "C, 너도?", "B님한테도 같은 질문"): every claim of it elliptic. A last question of
    several queries, or a nested one, gives nothing to follow."""
    claims = [c for r in readings for c in r.claims]
    follow_up = all(c.predicate is None for c in claims) and (
        bool(claims) or any(r.same_question for r in readings)
    )
    if before is None or len(before.queries) != 1 or not follow_up:
        return (), None
    query = before.queries[0]
    flat = as_literal(query.proposition)
    if flat is None:
        return (), None
    atom, negated = flat
    about = (SELF,) if atom.about == query.speaker else (atom.about,)
    return (query.speaker,), Claim(atom.predicate, about, negated)


def _follow(readings: list[Reading], roster: Roster, before: Question | None = None) -> list[_Said]:
    """Carry addressees and predicates from sentence to sentence ("A씨에게 질문. 먹었어요?"),
    and from the player's last question to a follow-up ("그럼 C씨는요?")."""
    addressees: tuple[str, ...] = ()
    # Only a question continues the last one: "B 아니면 C네" (musing) or a conclusion after a
    # question must never borrow its predicate and become a guess or a charge.
    follows = any(r.question or r.same_question for r in readings) and not any(
        r.hedged or r.musing or r.thinking for r in readings)
    seed_asked, previous = _seed(readings, before if follows else None)
    seed = previous
    said = []
    mentioned: list[str] = []  # the names said so far, not as addressees: what 걔/그 사람 can be
    for reading in readings:
        if reading.addressees:
            addressees = _expand(reading.addressees, roster)
        claims = []
        left_out = False
        if not reading.claims and reading.same_question and previous is not None:
            reading = replace(reading, claims=(previous,))  # "B님한테도 같은 질문 드릴게요"
        for claim in reading.claims:
            claim = _resolved(claim, mentioned + [r for r in reading.named if r not in claim.about])
            if claim.predicate is None and seed is not None and previous is seed and seed.about != (SELF,):
                # after "B야 C가 먹었어?": "A는?" asks B about A; "B는?" and "A, 너는?" are unclear
                if claim.about == (SELF,) or (not reading.addressees and claim.about == seed_asked):
                    claims.append(claim)  # left elliptic: Unclear, whoever is asked
                    continue
                addressees = addressees or seed_asked
            if claim.predicate is None:
                if previous is None:
                    if _turning(reading) and all(r in roster for r in claim.about):
                        addressees = claim.about  # "A씨는요? 먹었어요?": turning to A
                    left_out = True
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
        mentioned += [r for r in reading.named if r not in mentioned and r not in addressees]
        holder = (reading.holder,) if reading.holder is not None and reading.holder in roster else ()
        asked = addressees or holder
        # a question to someone; musing ("A가 먹었나?") or "맞죠?" with nobody asked is not
        asking = (
            (reading.question or (bool(asked) and reading.may_ask and bool(claims)))
            and (bool(asked) or not (reading.musing or reading.checking))
            and not reading.hearsay
            and not reading.concluding
        )
        said.append(_Said(reading, tuple(claims), asked, asking, left_out and bool(claims)))
    return said


def _resolved(claim: Claim, antecedents: list[str]) -> Claim:
    """The claim with 걔/그 사람/그분 as the one person named before it in the message
    ("A야, B 있잖아, 걔가 먹었어?"); left as it is (Unclear later) when none or several are."""
    if SOMEONE not in claim.about or len(set(antecedents)) != 1:
        return claim
    return replace(claim, about=tuple(antecedents[0] if r == SOMEONE else r for r in claim.about))


def _turning(reading: Reading) -> bool:
    """A sentence that only turns to people ("A씨는요?"), not a remark about them
    ("A랑 B 중 하나인 것 같은데, ..."): a question of one elliptic claim, nobody called."""
    return reading.question and len(reading.claims) == 1 and not reading.addressees


def _corrected(said: list[_Said]) -> tuple[list[_Said], Swap | None, str]:
    """The sentences that stand once the player's correction is applied, the swap it makes to
    the question before it, or why it cannot be applied ("" when it can or there is none).

    "A야 B가 먹었어? 아 미안 A 말고 C한테": the question before, with C for A (a swap);
    "B야 너 먹었어? 아니 정정할게, 너 거짓말쟁이야?": the new question replaces it. Anything
    else after a question ("범인 말고 거짓말쟁이냐고", "먹었냐고 물어보려던 거예요") is Unclear.
    """
    c = next(
        (
            k
            for k, s in enumerate(said)
            if (s.reading.correcting or (s.reading.swap is not None and not s.asking))  # "아 A 말고 C한테"
            and any(t.asking for t in said[:k])
        ),
        None,
    )
    if c is None:
        return said, None, ""
    after = said[c:]
    swap = next((s.reading.swap for s in after if s.reading.swap is not None), None)
    if swap is not None:
        return said[:c], swap, ""
    if any(s.asking and s.claims and s.reading.asks_form for s in after) and not any(
        s.reading.unnamed or any(claim.reported for claim in s.claims) for s in after
    ):  # not "범인 말고 거짓말쟁이냐고", which sets a role aside
        return [s for s in said[:c] if not s.asking] + after, None, ""
    return said, None, CORRECTION


def _swapped(queries: list[Query], swap: Swap, roster: Roster) -> tuple[list[Query], str]:
    """The queries with the person a correction meant: the one asked ("A 말고 C한테") or the one
    asked about ("C 말고 B"); Unclear when the wrong person is both or neither."""
    flat = [as_literal(q.proposition) for q in queries]
    if swap.meant not in roster or any(f is None for f in flat):
        return [], CORRECTION
    abouts = {f[0].about for f in flat if f is not None}
    speakers = {q.speaker for q in queries}
    if swap.wrong in speakers and swap.wrong not in abouts:
        return [replace(q, speaker=swap.meant) if q.speaker == swap.wrong else q for q in queries], ""
    if swap.wrong in abouts and swap.wrong not in speakers and not swap.to:
        return [
            Query(q.speaker, literal(f[0].predicate, swap.meant if f[0].about == swap.wrong else f[0].about, f[1]))
            for q, f in zip(queries, flat, strict=True)
            if f is not None
        ], ""
    return [], CORRECTION


def _intent(readings: list[Reading], roster: Roster, before: Question | None = None) -> Intent:
    said, swap, problem = _corrected(_follow(readings, roster, before))
    queries: list[Query] = []
    problems: list[str] = [problem] if problem else []
    for sentence in said:
        if sentence.asking:
            made, problem = _asked(sentence, roster)
            queries.extend(made)
            problems += [problem] if problem else []
    if swap is not None and not problems:
        queries, problem = _swapped(queries, swap, roster)
        problems += [problem] if problem else []
    if any(s.reading.hearsay and s.reading.asks_form and s.claims for s in said):
        problems.append(HEARSAY)  # "A씨, B씨가 먹었대요?": what someone said is not a proposition
    if problems:
        return Unclear(problems[0])
    statements = [s for s in said if not s.asking]
    if queries and (
        _guess(statements, roster) is not None or any(s.reading.concluding for s in statements)
    ):  # "범인은 A야. B, 너 거짓말쟁이지?"
        return Unclear("ask a question or give an answer, one at a time")
    if queries:
        return Question(
            tuple(queries), open=any(ANYONE in c.about for s in said if s.asking for c in s.claims)
        )
    if any(
        s.reading.unnamed and not (s.reading.hedged or s.reading.musing or all(c.generic for c in s.claims))
        for s in statements
    ):
        return Unclear(UNNAMED)  # "B 말고 다른 사람이 먹었어": not a guess of one person
    guess = _guess(statements, roster)
    if guess is not None:
        return guess
    if any(s.asking and not s.claims and _on_case(s) for s in said):
        return Unclear("no proposition: ask whether someone ate it, lies or tells the truth")
    if any(s.claims or s.reading.talks_about or s.reading.tangled for s in statements):
        return Remark()
    if any(r.question for r in readings):
        return Other()  # small talk or a question about the rules
    if any(r.thinking for r in readings):
        return Remark()
    return Other()


def _on_case(sentence: _Said) -> bool:
    """A question to someone about the case that names no proposition ("A씨, 어떻게 생각해요?")."""
    reading = sentence.reading
    return reading.on_case and (reading.persons or bool(reading.addressees)) and not reading.tangled


def _asked(sentence: _Said, roster: Roster) -> tuple[list[Query], str]:
    """The queries a question sentence asks, or why it cannot be charged ("" when it can)."""
    reading, claims, asked = sentence.reading, sentence.claims, sentence.asked
    if reading.tangled or reading.supposing:
        if not asked and not reading.persons and (reading.possibility or not claims):
            return [], ""  # a question about the rules ("범인이 거짓말쟁이일 수도 있나요?")
        if reading.supposing:
            return [], "ambiguous: ask directly, without 'if'"
        return [], "ambiguous: ask about one person and one role at a time"
    if not claims:
        return [], ""
    if not asked:
        if all(c.generic for c in claims):
            return [], ""  # a question about the rules ("범인은 한 명이에요?")
        if reading.topic_only:
            return [], "ambiguous: is the named person asked, or asked about? say whom you are asking"
        return [], NO_ADDRESSEE
    if reading.unnamed:
        return [], UNNAMED
    if reading.introduced and any(not c.about for c in claims):
        return [], "ambiguous: say whom you mean (for example 'A야, B가 먹었어?')"  # "B 있잖아, 먹었어?"
    if sentence.left_out:
        return [], "ambiguous: ask about one person and one role at a time"
    queries = []
    for claim in claims:
        made, problem = _queries(claim, asked, roster)
        if problem:
            return [], problem
        queries.extend(made)
    return queries, ""


def _expand(addressees: tuple[str, ...], roster: Roster) -> tuple[str, ...]:
    if EVERYBODY in addressees:
        return roster.names
    return tuple(a for a in addressees if a in roster)


def _queries(claim: Claim, asked: tuple[str, ...], roster: Roster) -> tuple[list[Query], str]:
    """One query per (speaker, person) pair of a claim, or the reason it cannot be asked."""
    predicate = claim.predicate
    if predicate is None:
        return [], "no proposition: ask whether someone ate it, lies or tells the truth"
    if SPEAKER in claim.about:
        return [], "you, the player, are not a suspect: ask about " + ", ".join(roster.names)
    if (claim.via is not None and claim.via not in roster and claim.via != SELF) or (
        claim.reported and claim.via is None
    ):
        return [], "ambiguous: whose answer do you mean?"  # "A, 먹었다고 말할까?": nesting dropped
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
            proposition = literal(predicate, person, claim.negated)
            if claim.via is not None and claim.via not in (speaker, SELF):
                proposition = Says(claim.via, proposition)
            made.append(Query(speaker, proposition))
    return made, ""


def _guess(statements: list[_Said], roster: Roster) -> Guess | None:
    """A guess when unhedged statements name exactly one culprit and/or one liar."""
    culprits: set[str] = set()
    liars: set[str] = set()
    for statement in statements:
        reading = statement.reading
        if not statement.claims:
            continue
        if reading.hedged or reading.musing or reading.tangled or reading.supposing or reading.hearsay:
            return None
        if reading.asks_form:  # "B가 범인 맞아요?": asked, not concluded
            return None
        for claim in statement.claims:
            people = [
                statement.asked[0] if ref == SELF and len(statement.asked) == 1 else ref
                for ref in claim.about
            ]
            if len(people) != 1 or people[0] not in roster or claim.via is not None:
                continue
            if claim.predicate == "culprit" and not claim.negated:
                culprits.add(people[0])
            elif (claim.predicate, claim.negated) in {("liar", False), ("honest", True)}:
                liars.add(people[0])
    if len(culprits) > 1 or len(liars) > 1 or not (culprits or liars):
        return None
    return Guess(culprit=next(iter(culprits), None), liar=next(iter(liars), None))
