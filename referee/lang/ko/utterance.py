"""A Korean player utterance read into an intent (question, guess, remark, other, unclear).

Each sentence is read (reading.py) into the shared middle layer (referee/lang/reading.py):
a mood (it asks someone, concludes, muses, reports hearsay), whom it asks and its claims
about people given by reference; a sentence that cannot be read safely carries a typed
Problem. What the message means is then decided by the policy all languages share,
`combine`: follow-ups, corrections, pronouns across sentences, a question beside a
conclusion, hedges. Whenever the person asked or the proposition is in doubt the answer is
Unclear with its reason: a wrongly charged question is worse than a request to rephrase.

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

from referee.lang import reading as shared
from referee.lang.context import Context
from referee.lang.incident import INCIDENTS
from referee.lang.ko.address import ANYONE, EVERYBODY, GROUP, SELF, SOMEONE, SPEAKER
from referee.lang.ko.lexicon import LETTER_READINGS
from referee.lang.ko.morph import Morph, Sentence, analyze, normalize
from referee.lang.ko.reading import Claim, Reading, eaten_object, read
from referee.lang.reading import Mood, combine, unclear
from referee.liar.intent import Confirm, CountQuery, Guess, Intent, Question, Unclear
from referee.liar.problem import Problem, Why
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
        return unclear(Why.EMPTY)
    sentences, unknown = analyze(clean, ctx.roster, ctx.incident.noun["ko"], ctx.incident.verb)
    readings = [read(s) for s in sentences]
    persons = any(r.persons for r in readings)
    if ctx.pending and not persons and not any(r.claims for r in readings):
        answer = confirmation(clean)
        if answer is not None:
            return Confirm(answer)
    if unknown:
        return unclear(Why.UNKNOWN_PERSON, tuple(unknown))
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
        if sentences[0].end == "." or _THINKING_LEAD.match(clean):  # "A씨 먹었어요.": told to A, or said of A?
            return unclear(Why.ASKED_OR_ABOUT)
        readings[0] = replace(readings[0], addressees=(called,), topic_only=False)  # "C님 정직하신가요"
    # only a question continues the last one: "음 B 아니면 C네", "흠... C는?" muse about it
    follows = ctx.previous is not None and not any(r.hedged or r.musing or r.thinking for r in readings)
    intent = combine(_readings(readings, ctx.roster, follows), ctx.roster, ctx.previous)
    if isinstance(intent, (Question, Guess, Unclear)):  # an Unclear says the incident too
        other = _other_incident(sentences, ctx)
        if other:
            return unclear(Why.OTHER_INCIDENT, other=other)
        if any(_witnessed(s.morphs) for s in sentences):
            return unclear(Why.NOT_THE_ACT)
    return intent


# Nouns that may stand before 먹다 without being another food ("마지막 조각 먹었어?", "혼자 먹었어?").
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


# Words that may stand before a call ("저기 A님 ...", "음 비님 ..."); after a thinking sound
# ("음 비님 케이크 드셨어요") it may as well be said of B as to him: unclear, never a guess.
_HAILING = r"(?:(?:저기요?|저|음+|흠+|아+|어+)[\s,.~…]+)?"
_THINKING_LEAD = re.compile(r"(?:음+|흠+|아+|어+)[\s,.~…]")


def _honorific_call(text: str, roster: Roster) -> str:
    """The name a message opens with, honorific and no particle ("A씨 케이크 먹었어요"): a call
    to that person, where "A 먹었어?" may as well ask about A; so is a letter read aloud
    ("비님 케이크 드셨어요", "에이씨 ..."). A particle after a space ("A씨 는") is no call, a
    word that opens like one ("A님 도넛 드셨어요", "C씨 이 케이크") is."""
    for name in roster.names:
        readings = LETTER_READINGS.get(name.upper() if len(name) == 1 else "", ())
        forms = "|".join(re.escape(form) for form in (name, *readings))
        if re.match(rf"{_HAILING}(?:{forms})\s?(씨|님)\s+(?![은는가도랑와께의](?![가-힣]))", text, re.IGNORECASE):
            return name
    return ""


def _other_incident(sentences: tuple[Sentence, ...], ctx: Context) -> str:
    """The other food or drink the text names ("케이크" in a juice game, "피자"), or ""."""
    forms = {m.form for sentence in sentences for m in sentence.morphs}
    if any(m.thing for sentence in sentences for m in sentence.morphs) or ctx.incident.noun["ko"] in forms:
        return ""
    named = next((i.noun["ko"] for i in INCIDENTS.values() if i.noun["ko"] in forms), "")
    return named or next((o for s in sentences if (o := eaten_object(s.morphs))), "")


def _witnessed(morphs: tuple[Morph, ...]) -> bool:
    """ "B가 먹는 거 봤어?", "A가 먹은 걸 알아?": what someone saw or knows, not whether it was done."""
    for k in range(len(morphs) - 2):
        eats = morphs[k].act
        if eats and morphs[k + 1].tag == "ETM" and morphs[k + 2].form in {"거", "것", "걸"}:
            rest = [m for m in morphs[k + 3 : k + 6] if m.tag not in {"JKO", "MAG"}]
            if rest and rest[0].form in _WITNESS_VERBS and rest[0].tag in {"VV", "NNG"}:
                return True
    return False


_STAND_INS = {SELF: shared.ADDRESSEE, SPEAKER: shared.SPEAKER, ANYONE: shared.ANYONE, EVERYBODY: shared.EVERYONE,
              SOMEONE: shared.PRONOUN}


def _ref(ref: str, asked: tuple[str, ...], asking: bool) -> shared.Ref | Why:
    """A mention as a shared reference. "모두"/"둘 다" is each of several people asked; asked
    of one person it names no one, and in a statement it is never one culprit."""
    if ref == GROUP:
        if len(asked) > 1:
            return shared.ADDRESSEE
        return Why.WHO_IS_MEANT if asking else shared.EVERYONE
    return _STAND_INS.get(ref) or shared.named(ref)


def _claim(claim: Claim, asked: tuple[str, ...], roster: Roster, asking: bool) -> shared.Claim | Why:
    """A Korean claim in shared references (no subject: the one asked), or why it cannot be
    asked: "너 말고 누가" said to several, or someone's words with no one saying them."""
    about: list[shared.Ref] = []
    for r in claim.about or ((SELF,) if claim.predicate is not None else ()):
        ref = _ref(r, asked, asking)
        if isinstance(ref, Why):
            return ref
        about.append(ref)
    candidates: tuple[str, ...] = ()
    if ANYONE in claim.about:
        if SELF in claim.candidates + claim.excluded and len(asked) != 1:
            return Why.WHO_IS_MEANT
        me = asked[0] if asked else ""
        left_out = {me if r == SELF else r for r in claim.excluded}
        pool = [me if r == SELF else r for r in claim.candidates] or list(roster.names)
        candidates = tuple(p for p in pool if p not in left_out)
    # an elliptic claim is turned around only by its own copula ("C는 아니고?"), not by a negator it carries
    negated = claim.negated and (claim.predicate is not None or claim.copular)
    if claim.via is None:
        return Why.NESTED if claim.reported else shared.Claim(claim.predicate, tuple(about), negated,
                                                               candidates=candidates)
    if claim.via != SELF and claim.via not in roster:
        return Why.NESTED  # "A, 먹었다고 말할까?": whose words?
    via = shared.ADDRESSEE if claim.via == SELF else shared.named(claim.via)
    return shared.Claim(claim.predicate, tuple(about), negated, via, candidates)


@dataclass(frozen=True)
class _Sentence:
    """A sentence read, with whom the message speaks to by then and whether it asks them."""

    reading: Reading
    claims: tuple[Claim, ...]  # "같은 질문": one elliptic claim about nobody, the question before
    asked: tuple[str, ...]  # its own addressees, else those of the sentences before, else an opinion's holder
    own: tuple[str, ...]  # its own addressees, else the holder ("A씨는 B가 먹었다고 생각해요?" asks A)
    asking: bool
    left_out: bool  # someone named whose claim nothing completes ("A고 B고 다 먹었어?")


def _sentences(readings: list[Reading], roster: Roster, follows: bool) -> list[_Sentence]:
    """Whom each sentence speaks to ("A씨에게 질문. 먹었어요?": A) and whether it asks: a
    question, or a form that may ask said to someone; musing, "맞죠?" to nobody, hearsay or
    a conclusion never do.

    An elliptic claim with no claim before it to continue (in the message, or for a question
    the player's last one: `follows`) is left out: "A, C 어때?" only mentions C, "A씨는요?
    먹었어요?" turns to A; a quantifier alone ("두 가지 질문", "둘 다 대답해") continues nothing."""
    out: list[_Sentence] = []
    addressees: tuple[str, ...] = ()
    earlier = False  # a claim with a predicate in the message so far
    for r in readings:
        claims: list[Claim] = []
        left_out = False
        for c in r.claims or ((Claim(None, (), False),) if r.same_question else ()):
            continues = earlier or (follows and (r.question or r.same_question))
            if c.predicate is None and (c.acted or not (continues and (not c.about or set(c.about) - {GROUP, EVERYBODY}))):
                left_out = True
                continue
            claims.append(c)
            earlier = earlier or c.predicate is not None
        if left_out and not claims and r.question and not r.addressees and len(r.claims) == 1 and all(
                x in roster for x in r.claims[0].about):
            r = replace(r, addressees=r.claims[0].about)  # "A씨는요? 먹었어요?": turning to A
        called = _expand(r.addressees, roster)
        if EVERYBODY in r.addressees and addressees:  # "A랑 B한테 물어볼게. 너희 둘 다 ...?": A and B
            called = addressees
        holder = (r.holder,) if r.holder is not None and r.holder in roster else ()
        own = called or (() if addressees else holder)
        addressees = called or addressees
        asked = addressees or holder
        asking = (
            (r.question or (bool(asked) and r.may_ask and bool(claims)))
            and (bool(asked) or not (r.musing or r.checking))
            and not r.hearsay
            and not r.concluding
            and not (r.turning and not called)  # "…? 아무튼 C씨가 먹었어요": not asked of the one before
            # "…? 어차피 B가 먹었겠지": a hedged sentence after a question, called nobody and not
            # asked in its own form, is the player's supposition, not a second question
            and not (r.hedged and not called and not r.question and any(x.asking for x in out))
        )
        out.append(_Sentence(r, tuple(claims), asked, own, asking, left_out and bool(claims)))
    return out


def _expand(addressees: tuple[str, ...], roster: Roster) -> tuple[str, ...]:
    return roster.names if EVERYBODY in addressees else tuple(a for a in addressees if a in roster)


def _rules_talk(s: _Sentence) -> bool:
    """A question to nobody about the rules ("범인은 한 명이에요?", "범인이 거짓말쟁이일 수도 있나요?")."""
    r = s.reading
    if s.asked:
        return False
    if r.tangled or r.supposing:
        return not r.persons and (r.possibility or not s.claims)
    return bool(s.claims) and all(c.generic for c in s.claims)


def _why_not_asked(s: _Sentence, more: bool) -> Why | None:
    """Why a question sentence cannot be charged as it stands, None when it can or when it
    asks nothing; `more`: another sentence asks something, so a question with no
    proposition ("A씨, 어떻게 생각해요?") beside it is small talk."""
    r = s.reading
    if r.supposing:
        return Why.SUPPOSING
    if r.tangled or s.left_out or r.alternative:
        return Why.ONE_AT_A_TIME  # "A는 먹었고 B는?", "B가 먹었어? 아니면 C가?"
    if not s.claims and s.asked and any(c.acted for c in r.claims):
        return Why.NOT_THE_ACT  # "B씨, C씨가 가져갔어요?" in a vase game, "A씨, B가 부엌에 갔어요?"
    if not s.claims:
        return Why.NO_PREDICATE if r.on_case and (r.persons or r.addressees) and not more else None
    if not s.asked and r.topic_only and any(c.predicate is not None for c in s.claims):
        return Why.ASKED_OR_ABOUT  # "A는 먹었어?"; "A는?" follows the last question up
    if r.unnamed or (r.introduced and any(not c.about for c in s.claims)):
        return Why.WHO_IS_MEANT  # "B 말고 다른 사람", "B 있잖아, 먹었어?"
    return None


def _asks(s: _Sentence, roster: Roster, more: bool) -> shared.Reading:
    """A question sentence as a shared reading."""
    if _rules_talk(s):
        return shared.Reading(Mood.OTHER, mentioned=_mentioned(s))
    why = _why_not_asked(s, more)
    if why is not None:
        return shared.Reading(Mood.ASK, problem=Problem(why))
    if not s.claims:
        return shared.Reading(Mood.OTHER, addressees=s.own, mentioned=_mentioned(s))
    claims = []
    for claim in s.claims:
        made = _claim(claim, s.asked, roster, asking=True)
        if isinstance(made, Why):
            return shared.Reading(Mood.ASK, problem=Problem(made))
        claims.append(made)
    return shared.Reading(Mood.ASK, tuple(claims), s.own, mentioned=_mentioned(s))


def _mentioned(s: _Sentence) -> tuple[str, ...]:
    """The suspects a sentence names outside its claims and its addressees: whom 걔 may be."""
    about = {r for c in s.claims for r in c.about}
    return tuple(n for n in s.reading.named if n not in about and n not in s.asked)


def _states(s: _Sentence, roster: Roster, more: bool) -> tuple[shared.Reading, ...]:
    """A sentence that asks nobody: hearsay reports, a hedge muses, a plain claim concludes.

    A conclusion in a hedged sentence ("B가 먹은 것 같고 아니 확실해, 범인은 B야") is both
    read: a guess hedged, or a conclusion beside a question. "B 말고 다른 사람이 먹었어" is
    unclear alone (`more`: no other sentence asks) and a remark beside a question."""
    r = s.reading
    if r.hearsay and r.asks_form and s.claims:
        return (shared.Reading(Mood.REPORT, problem=Problem(Why.REPORTED)),)  # "A씨, B씨가 먹었대요?"
    if s.claims and r.unnamed and not (r.hedged or r.musing or all(c.generic for c in s.claims)):
        if not more:
            return (shared.Reading(Mood.CONCLUDE, problem=Problem(Why.WHO_IS_MEANT)),)
        return (shared.Reading(Mood.CONCLUDE, addressees=s.asked, mentioned=_mentioned(s)),)
    if r.hearsay:
        return (shared.Reading(Mood.REPORT, mentioned=_mentioned(s)),)
    if s.left_out and _part_unread(r.claims):
        return (shared.Reading(Mood.CONCLUDE, problem=Problem(Why.PART_UNREAD)),)
    if not s.claims:  # "흠, 그렇군요", "A랑 B가 수상해": a remark, which hedges nothing
        mood = Mood.CONCLUDE if r.talks_about or r.tangled or r.thinking else Mood.OTHER
        return (shared.Reading(mood, addressees=s.asked, mentioned=_mentioned(s)),)
    claims = tuple(c for claim in s.claims if isinstance(c := _claim(claim, s.asked, roster, asking=False), shared.Claim))
    said = shared.Reading(Mood.CONCLUDE, claims, s.asked, mentioned=_mentioned(s))
    if not (r.hedged or r.musing or r.tangled or r.supposing or r.asks_form):
        return (said,)
    return (replace(said, mood=Mood.MUSE), *((said,) if r.concluding else ()))


def _part_unread(claims: tuple[Claim, ...]) -> bool:
    """A conclusion with a part about someone whose predicate was not read, left out ("B가 꽃병 깨뜨렸고 A가
    거짓말쟁이야" in a cake game, "A가 부엌에 갔고 범인은 B야"): read as the other part alone, it
    would be a guess the player did not make. Not a part with its own 이다/아니다 ("A도 B도
    아니고 범인은 C야"), which excludes."""
    return any(c.predicate is not None for c in claims) and any(
        c.predicate is None and c.about and not c.copular for c in claims)


def _readings(readings: list[Reading], roster: Roster, follows: bool) -> list[shared.Reading]:
    """The sentences as shared readings, a correction ("아 미안 A 말고 C한테", "아니 정정할게,
    너 거짓말쟁이야?") marked as one. A correction that is neither a swap of names nor a new
    question ("범인 말고 거짓말쟁이냐고", "먹었냐고 물어보려던 거예요") cannot be applied."""
    said = _sentences(readings, roster, follows)
    more = any(s.asking and s.claims for s in said)
    out = [(_asks(s, roster, more),) if s.asking else _states(s, roster, more) for s in said]
    for k, s in enumerate(said):
        if s.reading.turning and s.asked and not s.own:  # summing up to someone called: asked, or told?
            asked_before = any(x.asking for x in said[:k])
            out[k] = (shared.Reading(Mood.CONCLUDE, problem=Problem(
                Why.QUESTION_AND_ANSWER if asked_before else Why.ASKED_OR_ABOUT)),)
    first_ask = next((k for k, s in enumerate(said) if s.asking), len(said))
    c = next((k for k, s in enumerate(said) if k > first_ask
              and (s.reading.correcting or (s.reading.swap is not None and not s.asking))), None)
    if c is None:
        return [r for sentence in out for r in sentence]
    before = [r for sentence in out[:c] for r in sentence]
    after = said[c:]
    swap = next((s.reading.swap for s in after if s.reading.swap is not None), None)
    if swap is not None and not swap.wrong:  # "C한테 한 질문이었음": for C, not the one asked
        asked = said[first_ask].asked
        if len(asked) != 1 or asked[0] == swap.meant:
            return [*before, shared.Reading(Mood.OTHER, problem=Problem(Why.CORRECTION))]
        swap = replace(swap, wrong=asked[0])
    if swap is not None:
        return [*before, shared.Reading(Mood.OTHER, correction=swap)]
    new = next((k for k, s in enumerate(after) if s.asking and s.claims and s.reading.asks_form), None)
    if new is None or any(s.reading.unnamed or any(claim.reported for claim in s.claims) for s in after):
        return [*before, shared.Reading(Mood.OTHER, problem=Problem(Why.CORRECTION))]
    return before + [replace(r, corrects=k == new) for k, sentence in enumerate(out[c:]) for r in sentence]
