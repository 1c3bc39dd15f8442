"""Reading one Korean sentence: whom it addresses and what it claims or asks, about whom.

The grammar is shallow on purpose. A sentence is a list of kiwi morphemes; people are
found as mentions with the role their particle gives them, and the people spoken to are
set apart (address.py); the rest is split into clauses,
and each clause is read into one Claim: a predicate (culprit, liar, honest), the people
it is about and whether it is negated. The same reading serves the player's questions
and the characters' answers; only the interpretation of the pronouns differs.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from operator import attrgetter

from referee.lang.ko.address import (
    ANYONE,
    EVERYBODY,
    GROUP,
    SELF,
    SPEAKER,
    Mention,
    addressed,
    chain_before,
    final_ending,
    mentions,
)
from referee.lang.ko.lexicon import (
    ABSENCE_NOUNS,
    CASE_WORDS,
    CORRECTION_WORDS,
    CULPRIT_ACTS,
    CULPRIT_NOUNS,
    EXCEPT_WORDS,
    HEARSAY_AFTER_STEM,
    HEARSAY_ENDINGS,
    HEDGE_FORMS,
    HONEST_STEMS,
    INNOCENT_STEMS,
    INTERJECTIONS,
    LIAR_NOUNS,
    LIAR_STEMS,
    LIE_VERBS,
    MUSING_ENDINGS,
    NEGATORS,
    OPINION_STEMS,
    OPINION_WORDS,
    OTHER_HEADS,
    OTHER_WORDS,
    PERSON_NOUNS,
    PUZZLING,
    REASON_ENDINGS,
    REST_NOUNS,
    SENTENCE_HEDGES,
    SETTING_NOUNS,
    SOURCE_NOUNS,
    SPEECH_STEMS,
    STATEMENT_ENDINGS,
    STRICT_QUESTION_ENDINGS,
    TRUTH_NOUNS,
    TURNING_WORDS,
)
from referee.lang.ko.morph import Morph, Sentence, case_word, chat_letters
from referee.lang.reading import Correction
from referee.liar.proposition import Predicate

_QUOTATIVES = frozenset("다고 라고 냐고 자고 고 이라고 으냐고 느냐고".split())
_CLAUSE_LINKS = frozenset("고 며 으며 지만 는데 ᆫ데 은데 거나 든지 면서 니까 으니까 므로 으므로".split())
_TAGS = frozenset("지 죠 지요".split())
_REASONS = frozenset("니까 으니까 니 으니 므로 으므로".split())  # "B 말이 맞으니까 ...": because
_JOINED = frozenset("어서 아서 여서 느라 느라고 어도 아도 여도 더니".split())  # one clause's parts: 좋아해서, 마셔도
_IF = frozenset("면 으면 라면 다면 이라면 ᆫ다면 는다면".split())
_SUMMING_UP = frozenset("정리 요약 종합 결론 말 말씀".split())  # 정리하면, 말씀드리면: not "if"
_CONNECTIVES = frozenset("그리고 또 또한 아니면 혹은 그리고요".split())
_EMBEDDED_QUESTIONS = frozenset("는지 ᆫ지 은지 ᆯ지 을지".split())  # 먹었는지, 범인인지
_SET_ASIDE_NOUNS = CULPRIT_NOUNS | LIAR_NOUNS | OTHER_HEADS  # "거짓말쟁이 말고", "그 사람 빼고"
# What each morpheme of a sentence predicates, if anything: (predicate, is a role noun).
_Marks = tuple[tuple[Predicate, bool] | None, ...]


@dataclass(frozen=True)
class Claim:
    """One predicate about one or more people, possibly negated or put through `via`."""

    predicate: Predicate | None  # None: elliptic ("C는?"), the predicate comes from before
    about: tuple[str, ...]
    negated: bool
    via: str | None = None
    candidates: tuple[str, ...] = ()
    generic: bool = False  # about the role itself ("거짓말쟁이는 항상 ..."), no person named
    excluded: tuple[str, ...] = ()  # "A씨 말고 누가 ...": left out of the candidates
    copular: bool = False  # an elliptic claim with its own 이다/아니다 ("B씨예요", "저도 아니에요")
    reported: bool = False  # inside "...다고 말하다": someone's words, not the sentence's own claim
    acted: bool = False  # an elliptic claim with a verb of its own no predicate names ("C가 가져갔어?" in a vase game)


@dataclass(frozen=True)
class Reading:
    """What one sentence says, before the addressee and the stand-ins are resolved."""

    addressees: tuple[str, ...]
    claims: tuple[Claim, ...]
    question: bool
    may_ask: bool  # no ending that only closes a statement: a question when someone is asked
    musing: bool
    hedged: bool
    tangled: bool  # two roles in one clause ("did the liar eat it?") or a question in a question
    possibility: bool  # "...일 수도 있나요?": asks what the rules allow
    supposing: bool  # "당신이 아니라면 누구예요?": a question on a supposition is not one proposition
    unnamed: bool  # "B씨 말고 다른 사람이 먹었어요?", "먹은 사람 있어요?": about no one named
    persons: bool  # mentions anyone at all
    thinking: bool  # an interjection or "그렇군요": thinking aloud
    holder: str | None  # the topic of "A씨는 B가 먹었다고 생각해요?": who is asked
    topic_only: bool  # a lone name marked as topic or bare: who is asked is ambiguous
    checking: bool  # "맞죠?", "정답인가요?": asks the game master to check a statement
    hearsay: bool  # reports someone's words ("B 말로는 C가 범인이래", "A는 자기가 먹었다고 하네")
    asks_form: bool  # a "?" or an ending that only asks ("먹었나요"), not one a statement shares
    concluding: bool  # an unhedged conclusion ("범인은 A야", "거짓말쟁이는 B고"): never a question
    correcting: bool  # "아 미안", "정정", "잘못 씀", "앗 아니다": the player corrects what he said
    alternative: bool  # "아니면 C씨가?": "or", the other half of the question before
    swap: Correction | None  # "A 말고 C한테", "A가 아니라 C": the person meant instead of another
    named: tuple[str, ...]  # the roster names it mentions, not as addressees: a pronoun's antecedents
    introduced: bool  # introduces someone ("B 있잖아", "B씨 말인데요") whom a pronoun may point to
    same_question: bool  # "같은 질문", "똑같이 물어볼게요": the question asked before, again
    talks_about: bool  # names someone it does not address
    on_case: bool  # mentions the incident, a role or an opinion: off-topic talk does not
    turning: bool  # "아무튼 C씨가 먹었어요.": after "anyway", a claim about someone named, unasked


_MEANING_TO = frozenset("으려고 려고 으려 려 으려다 려다 고자".split())  # 먹으려고 했어, 마시려다


def _short_of(after: tuple[Morph, ...]) -> bool:
    """Whether the act's verb, followed by `after`, wants, means or almost does the act rather
    than does it: 먹고 싶었어, 먹으려고 했어, 먹을 뻔했어."""
    forms = [m.form for m in after[:2]]
    return bool(forms) and (forms[0] in _MEANING_TO or forms == ["고", "싶"] or
                            (forms[0] in ("을", "ᆯ") and forms[1:] == ["뻔"]))


def _predicate_at(morphs: tuple[Morph, ...], k: int, b: int) -> tuple[Predicate, bool] | None:
    """The predicate a morpheme starts, if any, and whether it is a role noun."""
    m = morphs[k]
    nxt = morphs[k + 1] if k + 1 < b else None
    if m.act:
        return None if _short_of(morphs[k + 1 : b]) else ("culprit", False)
    if m.tag == "VV" and m.form in LIE_VERBS:
        return "liar", False
    if m.form == "대" and m.tag == "VV" and any(x.form == "손" for x in morphs[max(0, k - 3) : k]):
        return "culprit", False  # 손도 안 댔어요: "did not even touch it"
    if m.form in CULPRIT_ACTS and nxt is not None and nxt.form == "하":
        return "culprit", False
    if m.form in INNOCENT_STEMS and m.tag in {"NNG", "XR"}:
        return "culprit", False  # negated by _negations
    if m.tag == "NNG" and m.form in CULPRIT_NOUNS:
        return "culprit", True
    if m.form in LIAR_NOUNS:
        return "liar", True
    if m.form in LIAR_STEMS and m.tag in {"NNG", "XR"}:
        if nxt is not None and nxt.tag == "XSN":
            return "liar", True
        for j in range(k + 1, min(k + 6, b)):  # 거짓말(을/은/같은 거) (안) 하다, 구라 치다
            if morphs[j].form in {"하", "치"} and morphs[j].tag in {"XSV", "VV"}:
                return "liar", False
            if morphs[j].tag not in {"JKO", "MAG", "JX", "ETM", "NNB"} and morphs[j].form != "같":
                break
        return None
    if m.form in HONEST_STEMS and m.tag in {"NNG", "XR"}:
        if k + 2 < b and morphs[k + 2].form in {"게", "히"}:
            return None  # 솔직하게 말해 주세요: an adverb, not a question about honesty
        return "honest", nxt is not None and nxt.tag == "XSN"
    if m.form in TRUTH_NOUNS and m.tag in {"NNG", "MAG"}:
        for j in range(k + 1, min(k + 4, b)):
            if morphs[j].form in {"말", "말하"}:
                return "honest", False
        return None
    to_someone = k > 0 and morphs[k - 1].tag == "JKB"  # "C한테 한 거": a question put to C, not a deed
    if m.form == "하" and m.tag == "VV" and nxt is not None and nxt.tag == "ETM" and not to_someone:
        head = morphs[k + 2] if k + 2 < b else None
        before = {x.form for x in morphs[max(0, k - 3) : k]}
        if (
            head is not None
            and head.form in PERSON_NOUNS | {"짓"}
            and not before & (LIAR_STEMS | TRUTH_NOUNS)
        ):
            return "culprit", False
    return None


def _negations(morphs: tuple[Morph, ...], a: int, b: int, at: int | None = None) -> int:
    """The negators in morphemes [a, b); in "먹었는지 안 먹었는지", "범인인지 아닌지" (whether
    or not) only those of the first alternative count, and with the predicate at `at` only
    those of its own part of a clause joined by -어서/-아도 ("향을 안 좋아해서 안 마셨어요" is
    one negation of drinking, not two; "안 마셔서 몰라요" is one)."""
    whether = [k for k in range(a, b) if morphs[k].tag == "EC" and morphs[k].form in _EMBEDDED_QUESTIONS]
    if len(whether) > 1:
        b = whether[0] + 1
    if at is not None:
        joins = [k for k in range(a, b) if morphs[k].tag == "EC" and (
            morphs[k].form in _JOINED or (morphs[k].form in {"어", "아", "여"} and k + 1 < b
                                          and (morphs[k + 1].form, morphs[k + 1].tag) == ("도", "JX")))]
        a = max((k + 1 for k in joins if k < at), default=a)
        b = min((k + 1 for k in joins if k >= at), default=b)
    count = 0
    for k in range(a, b):
        m = morphs[k]
        either = m.form == "아니" and k + 1 < b and morphs[k + 1].form == "면"  # 아니면: "or"
        absent = (
            m.form == "없"
            and m.tag == "VA"
            and bool({x.form for x in morphs[max(a, k - 2) : k]} & ABSENCE_NOUNS)
        )
        known = m.form == "않" and k >= 2 and [x.form for x in morphs[k - 2 : k]] == ["있", "지"] and (
            k < 3 or morphs[k - 3].name is not None
        )  # "B 있잖아" (you know B), where kiwi spells 잖 out
        innocent = m.form in INNOCENT_STEMS and m.tag in {"NNG", "XR"}
        if m.form == "아니" and _no_wait(morphs, k):
            continue
        count += ((m.form, m.tag) in NEGATORS and not either and not known) or absent or innocent \
            or _no_way(morphs, k, b)
    return count


def _no_way(morphs: tuple[Morph, ...], k: int, b: int) -> bool:
    """"…일 리가요!", "먹었을 리가 있어요?": -ㄹ 리 (no way that ...) denies what it follows, also
    with 없 left out or asked; with 없 said ("먹었을 리가 없어요") 없 is the one negator."""
    # kiwi may read "거짓말쟁이일 리가요" without its "!" as the nouns 일 and 리
    after_form = k and (morphs[k - 1].tag == "ETM" or (morphs[k - 1].form, morphs[k - 1].tag) == ("일", "NNG"))
    if not (morphs[k].form == "리" and morphs[k].tag in {"NNB", "NNP", "NNG"} and after_form
            and (morphs[k].tag == "NNB" or (k + 1 < b and morphs[k + 1].form == "가"))):
        return False
    j = k + 1 + (k + 1 < b and morphs[k + 1].form == "가")
    return not (j < b and morphs[j].form == "없")


def _no_wait(morphs: tuple[Morph, ...], k: int) -> bool:
    """ "아니지, 거짓말쟁이야?", "아 아니다, ...": a leading 아니 that takes back what was said,
    not a negation of the claim after it."""
    lead = all(m.tag == "IC" for m in morphs[:k])
    comma = any(m.form == "," for m in morphs[k + 1 : k + 4])
    return lead and comma


_START = attrgetter("start")


def _starting(found: tuple[Mention, ...], a: int, b: int) -> range:
    """The indices of the mentions that start in morphemes [a, b): `found` is in order, so
    they are found by bisection, not by a scan of every mention of the sentence."""
    return range(bisect_left(found, a, key=_START), bisect_left(found, b, key=_START))


def _clauses(
    morphs: tuple[Morph, ...], marks: _Marks, found: tuple[Mention, ...], begin: int
) -> list[tuple[int, int]]:
    """Split a sentence from morpheme `begin` into clauses, each holding at most one predicate."""
    spans = []
    start = begin
    predicate_at: int | None = None
    copula = False  # a copula in morphemes [start, k)
    k = begin
    while k < len(morphs):
        m = morphs[k]
        mark = marks[k]
        if (
            mark is not None
            and mark[1]
            and predicate_at is not None
            and _starting(found, predicate_at + 1, k)
        ):
            spans.append((start, k))  # "범인 A 거짓말쟁이 B": a second role noun after a name
            start, predicate_at, copula = k, None, False
        if mark is not None and predicate_at is None:
            predicate_at = k
        has_predicate = predicate_at is not None
        boundary = (
            _links(morphs, k)
            or (
                m.tag == "EC" and m.form == "라" and k > 0 and morphs[k - 1].form == "아니"
            )  # 제가 아니라 B씨
            or (m.tag == "EF" and not _quoted(morphs, k + 1))
            or (m.tag == "SP" and m.form == ",")
            or (m.tag == "MAJ" and m.form in _CONNECTIVES)
        )
        if (boundary and (has_predicate or _elliptic(found, start, k, copula) or _did(morphs, found, start, k))) or (
                _reasoning(morphs, found, start, k)):
            spans.append((start, k + 1))
            start, predicate_at, copula = k + 1, None, False
        else:
            copula = copula or m.tag in _COPULAS
        k += 1
    if start < len(morphs):
        spans.append((start, len(morphs)))
    return spans


_COPULAS = frozenset({"VCP", "VCN"})
_AND = frozenset("고 며 으며".split())


def _content_verb(m: Morph) -> bool:
    """A verb that says what someone did, not 하다 ("A하고 C": and), 그러다 (did so) nor
    말다/빼다 ("A씨 말고": but A)."""
    return m.tag.startswith("VV") and m.form not in {"하", "그러"} and (m.form, "VV") not in EXCEPT_WORDS  # VV-R, VV-I too


def _did(morphs: tuple[Morph, ...], found: tuple[Mention, ...], a: int, k: int) -> bool:
    """Whether morphemes [a, k] are a clause of someone doing what no predicate names, joined by
    "and" to the next ("B가 꽃병 깨뜨렸고 A가 거짓말쟁이야" in a cake game, "A가 부엌에 갔고"):
    a clause of its own, not a part of the next one's subject. Someone is its subject (가/이), or its
    topic when nothing else is ("A는 말이 엇갈렸고" is about A's words). Not "A씨 말고", "B를 빼고"
    (all but them) nor "A하고 C" (A and C)."""
    return morphs[k].form in _AND and _acted(morphs, [found[i] for i in _starting(found, a, k)], a, k)


def says_own(morphs: tuple[Morph, ...], a: int = 0, b: int | None = None) -> bool:
    """Whether morphemes [a, b) say a thing of their own, which no claim before carries into:
    a verb or an adjective ("내가 봤어" after "B가 먹었어" says A saw it, not that A ate it too;
    "내가 장담해", "배고팠어"), not 그러다/그렇다/같다 ("C도 그래", "저도 같아요") nor a name alone ("C도")."""
    b = len(morphs) if b is None else b
    return any(_content_verb(m) or (m.tag.startswith("VA") and m.form not in {"그렇", "같"})
               or (m.tag == "XSV" and j > a and morphs[j - 1].tag == "NNG") for j, m in enumerate(morphs[a:b], a))


def _acted(morphs: tuple[Morph, ...], named: Sequence[Mention], a: int, b: int) -> bool:
    """Whether someone named in morphemes [a, b) does what a verb there says: its subject
    (가/이), or its topic (은/는) when nothing else is ("A는 말이 엇갈렸고" is about A's words);
    not someone bare ("C씨 알죠?": C is known)."""
    if not any(_content_verb(m) for m in morphs[a:b]):
        return False
    subjects = [j for j in range(a, b) if morphs[j].tag == "JKS"]
    inside = [m for m in named if m.end <= b]
    return any(morphs[m.end - 1].tag == "JKS" for m in inside) or (
        not subjects and any(morphs[m.end - 1].form in {"은", "는"} for m in inside))


def _links(morphs: tuple[Morph, ...], k: int) -> bool:
    """Whether morpheme `k` ends a clause with a link ("먹었고", "수상한데"); not the 고 of an
    auxiliary ("거짓말하고 있다", "먹고 싶다") or of 않다/아니다, one predicate with the verb before."""
    m, nxt = morphs[k], morphs[k + 1] if k + 1 < len(morphs) else None
    return m.tag == "EC" and m.form in _CLAUSE_LINKS and (nxt is None or nxt.tag not in {"VX", "VCN"})


def _reasoning(morphs: tuple[Morph, ...], found: tuple[Mention, ...], a: int, k: int) -> bool:
    """ "B 말이 맞으니까", "그러면 B 대답이 맞는 거니까": a reason from someone's words, ending
    at `k`; it claims no role, and the clause after it is another claim."""
    m = morphs[k]
    words = any(x.form == "맞" or x.form in SOURCE_NOUNS for x in morphs[a:k])
    return m.tag == "EC" and m.form in _REASONS and words and bool(_starting(found, a, k))


def _quoted(morphs: tuple[Morph, ...], k: int) -> bool:
    """Whether a quotative follows at `k` ("'A는 범인이 아니다'라고"): the ending before closes a quote."""
    while k < len(morphs) and morphs[k].tag in {"SSC", "SSO"}:
        k += 1
    return k < len(morphs) and (morphs[k].tag == "JKQ" or (morphs[k].tag == "EC" and morphs[k].form in _QUOTATIVES))


def _elliptic(found: tuple[Mention, ...], start: int, k: int, copula: bool) -> bool:
    """ "C도 아니니까 ...": a clause of a name and a copula (`copula`: one is in [start, k)),
    its predicate left out."""
    return copula and bool(_starting(found, start, k))


def _quote_kind(morphs: tuple[Morph, ...], k: int) -> str:
    """ "speech" for "...다고 대답할까", "opinion" for "...다고 생각해", "" for neither."""
    if morphs[k].tag not in {"EC", "JKQ"} or morphs[k].form not in _QUOTATIVES or k + 1 >= len(morphs):
        return ""
    nxt = morphs[k + 1]
    if nxt.form in SPEECH_STEMS or (nxt.form == "하" and nxt.tag == "VV"):
        return "speech"
    if nxt.form in {"묻", "물", "물어보"} and morphs[k].form.endswith("냐고"):
        return "speech"  # "C가 먹었냐고 물으면 (B는 뭐라고 할까)": B's answer to it
    return "opinion" if nxt.form in OPINION_STEMS else ""


def _quoted_speakers(morphs: tuple[Morph, ...], inside: list[Mention], q: int) -> list[Mention]:
    """Whose words or opinion the quotative at `q` reports: the one imagined asked ("A한테
    물으면"), the subject or topic after the quote ("...라고 B가 말해"), or the first of two
    people before it marked 가/는 ("C가 A가 먹었다고 말할까", "B는 자기가 먹었다고")."""
    inner = [m for m in inside if m.start < q]
    speakers = [m for m in inside if m.role == "cond"]
    speakers += [m for m in inside if m.start > q and m.role in {"subject", "topic"}]
    first = next((m for m in inner if m not in speakers), None)
    if (
        first is not None
        and first.role in {"subject", "topic"}
        and morphs[first.end - 1].form in {"가", "이", "는", "은", "ᆫ", "께서", "께서는"}
        and (len(inner) > 1 or _reflexive(morphs, first.end, q))
        and (not speakers or first.ref == speakers[0].ref)
    ):
        speakers.append(first)
    return speakers


def _reflexive(morphs: tuple[Morph, ...], a: int, b: int) -> bool:
    """Whether morphemes [a, b) say 자기/자신/본인 ("himself"), the quoted speaker himself."""
    return any(m.form in {"자기", "자신", "본인"} and m.tag in {"NP", "NNG"} for m in morphs[a:b])


def _quotative(morphs: tuple[Morph, ...], a: int, b: int) -> tuple[int, str] | None:
    """Index and kind of the first reported speech or opinion in morphemes [a, b)."""
    return next(((k, kind) for k in range(a, b - 1) if (kind := _quote_kind(morphs, k))), None)


def _set_asides(morphs: tuple[Morph, ...], a: int, b: int) -> tuple[int, bool]:
    """How many people morphemes [a, b) set aside ("B씨 말고", "A를 빼고"), and whether they
    speak of someone unnamed rather than of one person."""
    set_aside, others = 0, False
    for k in range(a, b):
        m = morphs[k]
        nxt = morphs[k + 1] if k + 1 < b else None
        j = k - 2 if k > 0 and morphs[k - 1].tag == "JKO" else k - 1  # "A씨를 빼고"
        person = j >= 0 and (
            morphs[j].name is not None or morphs[j].tag == "NP" or morphs[j].form in _SET_ASIDE_NOUNS
        )  # not "농담 말고", "먹지 말고"
        if (m.form, m.tag) in EXCEPT_WORDS and person:
            set_aside += m.form != "말" or (nxt is not None and nxt.form == "고")
        others |= _unnamed_at(morphs, k, b)
    return set_aside, others


def _unnamed_at(morphs: tuple[Morph, ...], k: int, b: int) -> bool:
    """Whether morpheme `k` speaks of someone unnamed: whoever is left ("다른 사람", "남은 두 명",
    "나머지"), anyone ("아무도"), one of several ("둘 중 하나가"), someone ("누군가")."""
    m = morphs[k]
    nxt = morphs[k + 1] if k + 1 < b else None
    return (
        m.form in REST_NOUNS
        or ((m.form, m.tag) in OTHER_WORDS and _person_follows(morphs, k, b))
        or (m.form == "아무" and m.tag == "NP")
        or (m.form == "하나" and m.tag == "NR" and (nxt is None or nxt.form != "도"))  # not 하나도 "at all"
        or (m.form == "누구" and k + 2 < b and (morphs[k + 2].form, morphs[k + 2].tag) == ("ᆫ가", "EC"))
    )


def _person_follows(morphs: tuple[Morph, ...], k: int, b: int) -> bool:
    """Whether a person noun follows morpheme `k`, past an ending and a number ("남은 두 사람")."""
    j = k + 1
    while j < b and morphs[j].tag in {"ETM", "MM", "NR", "SN"}:
        j += 1
    return j < b and morphs[j].form in _SET_ASIDE_NOUNS


# Topics that are not someone unnamed: the case ("케이크는"), a time ("오늘은"), "the one" ("먹은 사람은").
_NO_ONE_TOPICS = CASE_WORDS | SETTING_NOUNS | PERSON_NOUNS


def _unnamed_subject(morphs: tuple[Morph, ...], a: int, at: int) -> bool:
    """ "고양이가 먹었어요?", "친구는 범인이 아니죠?": the predicate at `at` has a subject
    (or a topic) that is no one named, so it is not about the one asked (unlike "먹은 것이
    맞아요?", "케이크는 먹었어요?" or "오늘은 먹었어요?")."""
    for k in range(at - 1, a, -1):
        m = morphs[k]
        subject = morphs[k - 1]
        if m.tag == "JKS":
            return subject.name is None and subject.tag != "NP" and subject.form not in {"것", "거"}
        topic = m.tag == "JX" and m.form in {"은", "는", "ᆫ"} and subject.tag == "NNG"
        if topic and not subject.thing and subject.form not in _NO_ONE_TOPICS:
            return True
        if m.tag not in {"MAG", "NNG", "NNP", "JKO", "JX", "JKB", "MM", "XSN", "SP"}:
            return False  # "배가 고파서 먹었어요": that subject belongs to another verb
    return False


def _existential(morphs: tuple[Morph, ...], a: int, b: int) -> bool:
    """ "먹은 사람 있어요?", "범인이 있나요?": whether anyone is, not who."""
    return any(
        m.form in {"있", "없"}
        and m.tag in {"VA", "VV"}
        and not {x.form for x in morphs[max(a, k - 2) : k]} & ABSENCE_NOUNS  # 먹은 적(이) 없어요
        for k, m in enumerate(morphs[a:b], a)
    )


@dataclass(frozen=True)
class _ClauseReading:
    claim: Claim | None
    tangled: bool = False
    holder: str | None = None
    unnamed: bool = False  # about no one named: whoever is left, someone, whether anyone


def _read_clause(
    morphs: tuple[Morph, ...], marks: _Marks, a: int, b: int, found: tuple[Mention, ...], used: set[int]
) -> _ClauseReading:
    """One clause into a claim (None when it has no predicate and names no one)."""
    forbidding = ((morphs[k].form, morphs[k + 1].form, morphs[k + 1].tag) for k in range(a, b - 1))
    if ("지", "말", "VX") in forbidding:
        return _ClauseReading(None)  # "거짓말하지 말고 대답해": a request, not a claim
    inside = [found[k] for k in _starting(found, a, b) if k not in used]
    set_aside, others = _set_asides(morphs, a, b)
    via: str | None = None
    holder: str | None = None
    quote = _quotative(morphs, a, b)
    reported = quote is not None and quote[1] == "speech"
    if quote is not None:
        q, kind = quote
        inner = [m for m in inside if m.start < q]
        speakers = _quoted_speakers(morphs, inside, q)
        if len({m.ref for m in speakers}) > 1:
            return _ClauseReading(None, tangled=True)  # "A한테 물으면 B는 ...라고 할까": whose words?
        if speakers:
            if speakers[0].role == "cond" and any(
                m.ref == SELF and m not in speakers and not _reflexive(morphs, m.start, m.end) for m in inner
            ):
                return _ClauseReading(None, tangled=True)  # "A한테 당신이 먹었냐고 물으면": "you" is A or the one asked?
            if kind == "speech":
                via = speakers[0].ref
            else:
                holder = speakers[0].ref
            inside = [
                replace(m, ref=speakers[0].ref) if _reflexive(morphs, m.start, m.end) else m  # "B님께 본인이 …냐고"
                for m in inner
                if m not in speakers
            ]
            if _reflexive(morphs, speakers[-1].end, q) and not any(m.ref == speakers[0].ref for m in inside):
                inside.insert(0, speakers[-1])  # "B가 자기가 먹었다고": B about B
        else:
            inside = inner
        b = q
    predicates = [(mark, k) for k, mark in enumerate(marks[a:b], a) if mark is not None]
    kinds = {p for (p, _), _ in predicates}
    if "honest" in kinds and "liar" in kinds:
        kinds.discard("honest")  # "정직합니까 아니면 거짓말쟁이입니까": one question
    if len(kinds) > 1:
        return _ClauseReading(None, tangled=True)
    among = {
        c for m in inside if m.role == "among" for c in chain_before(found, bisect_left(found, m.start, key=_START))
    }  # "B와 C 둘 중에"
    candidates = tuple(m.ref for m in inside if m in among and m.ref not in (GROUP, EVERYBODY))
    exceptions = [m for m in inside if m.role == "except"]
    set_apart = {c for m in exceptions for c in chain_before(found, bisect_left(found, m.start, key=_START))}  # "A랑 B 말고"
    about = tuple(
        m.ref for m in inside if m not in (among | set_apart) and m.role not in {"to", "call", "cond", "intro"}
    )
    excluded = tuple(m.ref for m in inside if m in set_apart)
    marked = [m for m in inside if m not in among and morphs[m.end - 1].tag == "JKS"]
    if len(marked) > 1:  # "제가 본 바로는 C씨가 먹었어요": the subject nearest the predicate
        about = tuple(r for r in about if r not in {m.ref for m in marked[:-1]})
    if ANYONE not in about:
        about += candidates
        candidates = ()
    pair = any(  # "A, B 둘 다 정직해?": B and who else?
        m.ref == GROUP and morphs[m.start].form in {"둘", "두"} and n.end == m.start and not n.ref.startswith("@")
        for n, m in pairwise(inside))
    if GROUP in about and len(about) > (2 if pair else 1):  # "B랑 C 둘 다", "너랑 B 모두": the ones named
        about = tuple(r for r in about if r != GROUP)  # ("A, B 둘 다": B and who else?)
    # only "A씨 말고 누가 ...", each set-aside person named, reads exactly: the rest are candidates
    named = all(r == SELF or not r.startswith("@") for r in excluded)  # not "그 사람 빼고"
    either = any(m.form == "아니" and n.form == "면" for m, n in pairwise(morphs[a:b]))
    exact = ANYONE in about and 0 < set_aside == len(exceptions) and named and not either  # not "B 아니면 누가"
    # "C야, 둘 중에 누가 먹었어?": which two, when none is named or set aside?
    two_of = not candidates and not exceptions and any(
        m.ref == GROUP and morphs[m.start].form in {"둘", "두"} for m in among)
    vague = bool(set_aside or others or two_of or (either and ANYONE in about)) and not exact
    if ANYONE not in about and any(m.role == "or" for m in inside):
        return _ClauseReading(None, tangled=True)  # "C 아니면 B가 범인": one of two people, not one
    if not predicates:
        if about and b > a and _reasoning(morphs, found, a, b - 1):
            return _ClauseReading(None)  # "B 말이 맞으니까": not "B too" after "거짓말쟁이는 A고"
        if about:
            negated = _negations(morphs, a, b) % 2 == 1
            copular = any(m.tag in {"VCP", "VCN"} for m in morphs[a:b])
            acted = _acted(morphs, inside, a, b)
            return _ClauseReading(
                Claim(None, about, negated, candidates=candidates, copular=copular, acted=acted),
                holder=holder,
                unnamed=vague,
            )
        return _ClauseReading(None)
    (predicate, noun), at = predicates[0]
    lent = {m.ref for m in inside if m.start < at and _subject_of_own_clause(morphs, m, at)}
    if lent:
        kept = tuple(r for r in about if r not in lent)
        if not kept:
            return _ClauseReading(None, tangled=True)  # "내가 옆에 있었는데 손도 안 댔어": who did not?
        about = kept
    after = [m for m in morphs[at + 1 : b] if m.tag not in {"XSN", "MAG"}]
    generic = (
        noun
        and not about
        and bool(after)
        and (after[0].tag == "JKS" or after[0].form in {"는", "은", "ᆫ"})
        and not (
            len(after) > 1 and after[1].tag in {"VCN", "VCP"}
        )  # "거짓말쟁이는 아니에요" is about someone
    )
    if noun and not about and after and after[0].form in {"는", "은", "이", "가"} \
            and all(m.tag.startswith("S") for m in after[1:]):
        return _ClauseReading(None, tangled=True)  # "거짓말쟁이는…": the name not said (not the one before)
    negated = _negations(morphs, a, b, at) % 2 == 1
    claim = Claim(predicate, about, negated, via, candidates, generic, excluded, reported=reported)
    nobody = not about and (_existential(morphs, a, b) or _unnamed_subject(morphs, a, at))
    return _ClauseReading(claim, holder=holder, unnamed=vague or nobody)


_OPEN_LINKS = frozenset("는데 ᆫ데 은데 지만 니까 으니까 므로 으므로".split())
"""Links of a background, contrast or reason, after which the next clause may have a subject of
its own ("내가 봤는데 (B는) 안 먹었어"); not "and" (고, 며), whose clauses share theirs."""


def _subject_of_own_clause(morphs: tuple[Morph, ...], mention: Mention, at: int) -> bool:
    """Whether a subject before the predicate at `at` is the subject of a clause of its own, a
    verb and a link between them ("내가 옆에 있었는데", "제가 봤지만"): the predicate's subject is
    then another, or left unsaid (I was beside him and he, or I, did not touch it). Not a topic,
    which holds for the whole sentence ("B씨는 케이크를 좋아하는데 안 먹었어요")."""
    if mention.role != "subject":
        return False
    verb = False
    for m in morphs[mention.end : at]:
        verb = verb or (m.tag in {"VV", "VA"} and m.form not in {"하", "이"})
        if verb and m.tag == "EC" and m.form in _OPEN_LINKS:
            return True
    return False


def _conditional(morphs: tuple[Morph, ...]) -> bool:
    """ "A씨 말이 사실이면 ...": a supposition, unless it sums up ("정리하면"), means "or" (아니면)
    or names a source ("B 말에 따르면")."""
    for k, m in enumerate(morphs):
        summing_up = k >= 2 and morphs[k - 1].form in {"하", "드리"} and morphs[k - 2].form in _SUMMING_UP
        either = m.form == "면" and k >= 1 and morphs[k - 1].form in {"아니", "따르", "의하"}  # 아니면: "or"
        if m.tag == "EC" and m.form in _IF and not summing_up and not either:
            return True
    return False


def _segments(morphs: tuple[Morph, ...]) -> list[tuple[int, int]]:
    """Spans between commas and clause endings, whatever they hold."""
    spans, start = [], 0
    for k, m in enumerate(morphs):
        if (m.tag == "SP" and m.form == ",") or m.tag == "EF" or _links(morphs, k):
            spans.append((start, k + 1))
            start = k + 1
    return spans + [(start, len(morphs))] if start < len(morphs) else spans


def _hedged_segment(
    morphs: tuple[Morph, ...], a: int, b: int, found: tuple[Mention, ...], used: set[int]
) -> bool:
    """A hedge word next to a person ("A가 먹었겠네"); "알겠다, ..." alone is not."""
    named = any(k not in used and found[k].ref not in (GROUP, EVERYBODY) for k in _starting(found, a, b))
    return named and any(m.form in HEDGE_FORMS for m in morphs[a:b])


def carry(previous: Claim, elliptic: Claim) -> Claim:
    """An elliptic claim ("C는요?", "저도 C씨도 아니에요") completed from the one before."""
    return replace(
        previous,
        about=elliptic.about,
        negated=elliptic.negated if elliptic.copular else previous.negated,
        candidates=elliptic.candidates,
        generic=False,
        excluded=(),
    )


def _answer_quote(morphs: tuple[Morph, ...], k: int) -> bool:
    """ "뭐라고", "'응'이라고" after "…냐고 물으면": the answer to the question put, not a second
    question ("A한테 B가 먹었냐고 물으면 A는 뭐라고 답할까")."""
    before = [m.form for m in morphs[max(0, k - 3) : k] if m.tag not in {"SSO", "SSC", "VCP"}]
    asked = any(
        m.form.endswith("냐고") and morphs[j + 1].form in {"묻", "물", "물어보"}
        for j, m in enumerate(morphs[: k - 1])
    )
    return asked and bool(before) and before[-1] in {"뭐", "응", "네", "예"}


def _tangled(morphs: tuple[Morph, ...]) -> bool:
    """A question inside a question ("A한테 먹었냐고 물으면 네라고 할까요?") or about a
    group rather than a person ("이 중에 범인 있어?"): not one proposition per person."""
    quotes = sum(
        (
            m.tag == "JKQ"
            or (m.tag == "EC" and m.form in _QUOTATIVES and (m.form != "고" or bool(_quote_kind(morphs, k))))
        )
        and not _answer_quote(morphs, k)
        for k, m in enumerate(morphs)
    )
    return quotes > 1 or any(
        m.form == "중" and k > 0 and morphs[k - 1].form in {"이", "그", "우리", "저희"}
        for k, m in enumerate(morphs)
    )


def _claims(
    morphs: tuple[Morph, ...], found: tuple[Mention, ...], used: set[int], begin: int
) -> tuple[list[Claim], bool, str | None, bool]:
    """The claims of a sentence's clauses from morpheme `begin` (after a lead-in remark),
    whether two roles tangle, an opinion's holder, and whether a claim is about no one named.

    A clause without a subject takes the one before ("B가 먹었고 거짓말쟁이야?"); a
    clause without a predicate takes the one before ("B는 안 먹었고 C도.").
    """
    marks = tuple(_predicate_at(morphs, k, len(morphs)) for k in range(len(morphs)))
    claims: list[Claim] = []
    tangled = unnamed = False
    holder = None
    previous: Claim | None = None
    for a, b in _clauses(morphs, marks, found, begin):
        clause = _read_clause(morphs, marks, a, b, found, used)
        tangled |= clause.tangled
        unnamed |= clause.unnamed
        holder = holder or clause.holder
        claim = clause.claim
        if claim is None:
            continue
        if claim.predicate is None and previous is not None and not says_own(morphs, a, b):
            claim = carry(previous, claim)
        elif not claim.about and previous is not None and not claim.generic:
            claim = replace(claim, about=previous.about, candidates=previous.candidates, generic=False)
        claims.append(claim)
        previous = claim
    return claims, tangled, holder, unnamed


_TELL_ENDINGS = frozenset("어 아 라 어라 아라 세요 으세요 어요 아요 십시오".split())


def _asks_to_tell(morphs: tuple[Morph, ...]) -> bool:
    """ "누가 먹었는지 말해 주세요", "A가 범인인지만 말해": a request to tell whether, which
    asks like a question (not "…인지 말했어", a report)."""
    whether = [k for k, m in enumerate(morphs) if m.tag == "EC" and m.form in _EMBEDDED_QUESTIONS]
    if not whether or not any(m.form in SPEECH_STEMS or m.form == "알리" for m in morphs):
        return False
    if any(m.form == "주" and m.tag == "VX" for m in morphs):
        return True
    told = next((j for j in range(whether[-1] + 1, min(whether[-1] + 4, len(morphs)))
                 if morphs[j].form in SPEECH_STEMS or morphs[j].form == "알리"), None)
    return told is not None and not any(m.tag == "EP" for m in morphs[told:]) and final_ending(morphs) in _TELL_ENDINGS


def _source(morphs: tuple[Morph, ...]) -> bool:
    """Whether the sentence names whose account it reports: "A 피셜", "B 말로는", "B씨 말씀으로는",
    "C 말에 따르면", "증언에 의하면", "A한테 듣기로는", "B의 대답은"."""
    for k, m in enumerate(morphs):
        nxt = [x.form for x in morphs[k + 1 : k + 3]]
        if m.form == "피셜" or (m.form in {"따르", "의하"} and nxt[:1] == ["면"]):
            return True
        if m.form in SOURCE_NOUNS | {"기"} and nxt[:1] in (["로"], ["으로"]) and nxt[1:] == ["는"]:
            return True  # 말로는, 듣기로는
        if m.name is not None and nxt[:1] == ["의"] and nxt[1:] and nxt[1] in SOURCE_NOUNS:
            return True  # "B의 대답은 C가 먹었다": B's words, not a claim of the player's
    return False


def _hearsay_ending(morphs: tuple[Morph, ...], ending: str) -> bool:
    """An ending that reports what was said: "먹었대", "범인이래", "거짓말쟁이라던데"."""
    last = max((k for k, m in enumerate(morphs) if m.tag in {"EF", "EC"}), default=-1)
    after_stem = last > 0 and morphs[last - 1].tag in {"VCP", "EP"} and ending in HEARSAY_AFTER_STEM
    return ending in HEARSAY_ENDINGS or after_stem


def _concluding(morphs: tuple[Morph, ...], found: tuple[Mention, ...]) -> bool:
    """A segment of the form of a conclusion, unhedged: a role noun as topic, then a name and
    a copula ("범인은 A야", "거짓말쟁이는 B고", "범인은 바로 C씨예요")."""
    for a, b in _segments(morphs):
        if any(m.form in HEDGE_FORMS for m in morphs[a:b]):
            continue
        for k in range(a, b - 1):
            role = morphs[k].form in CULPRIT_NOUNS | LIAR_NOUNS and morphs[k + 1].form in {"은", "는", "ᆫ"}
            named = [m for m in found if k < m.start < b and not m.ref.startswith("@")]
            if role and named and named[-1].role in {"copula", "bare", "comma"}:
                return True
    return False


def _turning(morphs: tuple[Morph, ...], claims: list[Claim]) -> bool:
    """ "아무튼 케이크는 C씨가 먹었어요", "그건 그렇고 B가 범인이야", "케이크는 C씨가 먹었어요": a
    sentence that opens with "anyway", "by the way" or "so", or has the incident as topic and
    someone named as subject, and claims something of people named: it may sum up, in an
    ending a question shares, so it is no question to the one asked before."""
    lead = [m for m in morphs if m.tag != "IC"][:4]
    anyway = bool(lead) and lead[0].form in TURNING_WORDS
    that_aside = bool(lead) and lead[0].form in {"그거", "그것"} and [m.form for m in lead[1:3]] in (
        ["ᆫ", "그렇"], ["은", "그렇"])  # 그건 그렇고
    # "케이크는 C씨가 먹었어요": the incident as topic, someone named as subject
    case_topic = any(
        case_word(a) and b.form in {"은", "는", "ᆫ"} and c.name is not None and d.tag == "JKS"
        for a, b, c, d in zip(morphs, morphs[1:], morphs[2:], morphs[3:], strict=False)
    )
    named = bool(claims) and all(r != SELF and not r.startswith("@") for c in claims for r in c.about)
    return (anyway or that_aside or case_topic) and named and all(c.about for c in claims)


def _correcting(morphs: tuple[Morph, ...]) -> bool:
    """Whether the sentence corrects what was said: "아 미안", "ㅈㅅ 오타", "잘못 썼다", "정정할게",
    or a leading "아니다,"/"아 아니" ("no wait")."""
    forms = [m.form for m in morphs]
    lead = [m for m in morphs[:3] if m.tag != "IC" or m.form in {"아니", "아니다"}]
    wrong_word = any(a == "잘못" and b in {"쓰", "말", "적", "치", "보내"} for a, b in pairwise(forms))
    no = bool(lead) and lead[0].form in {"아니", "아니다"} and not _alternative(morphs)
    return bool(set(forms) & CORRECTION_WORDS) or wrong_word or no


def _alternative(morphs: tuple[Morph, ...]) -> bool:
    """A sentence that opens with "or" ("아니면 C씨가?", "혹은 C예요?"): the other half of a
    question of two alternatives, not a correction nor a second question."""
    lead = [m for m in morphs if m.tag != "IC"][:2]
    return bool(lead) and (lead[0].form in {"혹은", "또는"} or [m.form for m in lead] == ["아니", "면"])


_ASKED_WORDS = frozenset("대상 질문 묻 물 물어보 여쭈 여쭙".split())


def _swap(morphs: tuple[Morph, ...], found: tuple[Mention, ...]) -> Correction | None:
    """ "A 말고 C", "A씨가 아니라 C씨", "A 아니고 C", "A한테 말고 C한테": the person meant
    instead of another; "C한테 한 질문이었음" says only whom the question was for (`wrong`
    is "" then: the one asked before)."""
    for k, m in enumerate(found[:-1]):
        j = m.end
        while j < len(morphs) and morphs[j].tag in {"JKS", "JKC", "JX"}:
            j += 1
        not_this = j + 1 < len(morphs) and morphs[j].form == "아니" and morphs[j + 1].form in {"라", "고"}
        not_to = m.role == "to" and [(x.form, x.tag) for x in morphs[m.end : m.end + 2]] == [("말", "VV"), ("고", "EC")]
        meant = found[k + 1]
        if (m.role == "except" or not_this or not_to) and not (m.ref + meant.ref).count("@"):
            to = meant.role == "to" or any(x.form in _ASKED_WORDS for x in morphs)
            return Correction(m.ref, meant.ref, asked=to)
    meant_for = [
        m.ref
        for m in found
        if (m.role == "to" and _question_for(morphs, m.end))
        or (m.role == "copula" and [x.form for x in morphs[max(0, m.start - 2) : m.start]] in (["대상", "은"], ["대상", "이"]))
    ]  # "질문 대상은 C씨였어요": whom it was for
    return Correction("", meant_for[0], asked=True) if len(meant_for) == 1 and "@" not in meant_for[0] else None


_MEANT_HEADS = frozenset("질문 거 것 건".split())


def _question_for(morphs: tuple[Morph, ...], k: int) -> bool:
    """ "(C한테) 한 질문", "물어본 거", "하려던 질문", "질문한 거", "물어보려고 했어": the
    question made (or meant) to the person before `k`, which says whom it was for."""
    rest = [m for m in morphs[k : k + 6] if m.tag != "MAG"]
    if rest[:1] and rest[0].form == "질문":
        rest = rest[1:]  # 질문한 거
    verb = rest[:1] and rest[0].form in {"하", "묻", "물", "물어보", "여쭈", "여쭙"}
    if not verb or len(rest) < 3:
        return False
    made = rest[1].tag == "ETM" and rest[2].form in _MEANT_HEADS
    meant = rest[1].form in {"려고", "으려고"} and rest[2].form == "하" and any(m.tag == "EP" for m in rest[3:])
    return made or meant


def _asked_before(morphs: tuple[Morph, ...]) -> bool:
    """ "A씨한테 B씨가 먹었는지 물어봤는데 …": a report of a question asked before, not one now."""
    return any(
        m.form in {"묻", "물어보", "여쭈", "여쭙", "질문"}
        and k > 0
        and morphs[k - 1].form in _EMBEDDED_QUESTIONS | _QUOTATIVES  # what was asked, just before
        and any(x.form in {"었", "았", "였"} for x in morphs[k + 1 : k + 4])
        for k, m in enumerate(morphs)
    )


def _asks_whether(morphs: tuple[Morph, ...]) -> bool:
    """ "A님께서 드시지 않으셨는지 여쭙겠습니다", "C한테 마셨는지 물어볼게": says it asks whether,
    in whatever ending."""
    whether = next((k for k, m in enumerate(morphs) if m.tag == "EC" and m.form in _EMBEDDED_QUESTIONS), None)
    if whether is None:
        return False
    after = [m for m in morphs[whether + 1 : whether + 6]  # past 어/아 보: "물어볼게", "여쭤볼게요"
             if not (m.form in {"어", "아"} or (m.form == "보" and m.tag == "VX"))]
    return any(  # the asking said, not reported ("…는지 물어봤는데")
        m.form in {"여쭙", "여쭈", "묻"} and n.form in {"겠", "ᆸ니다", "습니다", "ᆯ게요", "을게요", "ᆯ게", "을게", "고"}
        for m, n in pairwise(after[:3])
    )


def _whether_clause(morphs: tuple[Morph, ...]) -> bool:
    """ "B가 먹었는지 궁금해", "거짓말쟁이가 C인지 확인해 볼게", "C도 마셨는지 물어볼게": a
    whether-clause, wondered, checked or asked about, claims nothing (a guess read there would
    be charged for a thought, or for a question)."""
    return any(m.tag == "EC" and m.form in _EMBEDDED_QUESTIONS for m in morphs)


_OBJECT_MARKS = frozenset("만 도".split())  # after an object: only, also (은/는 mark the eater as often: "동생은")
_NOT_FOOD = frozenset("조각 혼자 하나 마지막 나머지 전부 다 몰래 먼저 몽땅 거 것 그거 그것 이거 저거".split())
_NO_OBJECT = _NOT_FOOD | SETTING_NOUNS | CASE_WORDS | PERSON_NOUNS  # nouns before the act that are not what was eaten


def eaten_object(morphs: tuple[Morph, ...]) -> str:
    """The noun eaten or drunk in "피자 먹었어?", "우유를 다 마셨지?", "점심 밖에서 먹었어", when it
    is not a setting word: another thing than the incident's object, which `thing` marks."""
    for k, m in enumerate(morphs):
        if not m.act:
            continue
        j = k - 1
        while j >= 0 and (morphs[j].tag in {"MAG", "JKO"} or (morphs[j].tag == "JX" and morphs[j].form in _OBJECT_MARKS)
                          or (morphs[j].tag == "JKB" and j and morphs[j - 1].tag.startswith("NN"))):
            j -= 2 if morphs[j].tag == "JKB" else 1  # "우유를 다", "보리차만", "점심 밖에서"; "동생은 먹었어?" eats
        noun = morphs[j] if j >= 0 else None
        if (
            noun is not None
            and noun.tag in {"NNG", "NNP"}
            and noun.name is None
            and not noun.thing
            and not chat_letters(noun)
            and noun.form not in _NO_OBJECT
        ):
            return noun.form
    return ""


def read(sentence: Sentence) -> Reading:
    """Read one sentence: addressees, claims, mood and hedges."""
    morphs = sentence.morphs
    found = mentions(morphs)
    addressees, used, begin = addressed(morphs, found)
    claims, tangled, holder, unnamed = _claims(morphs, found, used, begin)
    ending = final_ending(morphs)
    # "먹었어요", "먹었지" close a question or a statement: asking someone makes them a question.
    # "당신이야, B씨!" accuses; "너 먹었지!" still asks.
    forms = {m.form for m in morphs}
    # "C가 거짓말쟁이일 수도 있으니까": a possibility given as a reason, trailing off unasked
    can_be = "수" in forms and bool(forms & {"있", "없"})  # 먹었을 수도 있다
    supposed = ending in REASON_ENDINGS and not sentence.marked_question and can_be
    may_ask = ending not in STATEMENT_ENDINGS and ("!" not in sentence.end or ending in _TAGS) and not supposed
    told = _hearsay_ending(morphs, ending)
    asks_form = sentence.marked_question or (ending in STRICT_QUESTION_ENDINGS and not told)
    question = (
        sentence.marked_question
        or ending in STRICT_QUESTION_ENDINGS
        or (bool(addressees) and may_ask and bool(claims))
        or (may_ask and _asks_to_tell(morphs))
        or _asks_whether(morphs)
    )
    musing = not addressees and (ending in MUSING_ENDINGS or sentence.trailing_off)
    swap = _swap(morphs, found)
    supposing = _conditional(morphs)
    hedged = (
        supposed
        or bool(forms & SENTENCE_HEDGES)
        or sentence.trailing_off
        or any(m.tag == "SE" for m in morphs)
        or any(_hedged_segment(morphs, a, b, found, used) for a, b in _segments(morphs))
        or ("보" in forms and any(m.form == "나" and m.tag == "EC" for m in morphs))  # 먹었나 봐요
        or ending in HEARSAY_ENDINGS
        or supposing
        or _whether_clause(morphs)
    )
    persons = any(m.ref != GROUP for m in found) or any(m.name is not None for m in morphs)
    unaddressed = [m for k, m in enumerate(found) if k not in used]
    topic_only = (
        not addressees
        and len(unaddressed) == 1
        and unaddressed[0].role in {"topic", "bare"}
        and unaddressed[0].ref not in (SELF, SPEAKER, ANYONE, GROUP, EVERYBODY)
    )
    thinking = (
        any(m.tag == "IC" and m.form in INTERJECTIONS for m in morphs)
        or bool(forms & PUZZLING)
        or (
            "그렇" in forms and ending in {"군요", "구나", "군", "네", "네요", "구먼"}
        )  # 그렇군요, not 그렇게 해 주세요
    )
    return Reading(
        addressees=tuple(addressees),
        claims=tuple(claims),
        question=question,
        may_ask=may_ask,
        musing=musing,
        hedged=hedged,
        tangled=tangled or _tangled(morphs),
        persons=persons,
        thinking=thinking,
        holder=holder,
        topic_only=topic_only,
        supposing=supposing and not any(m.role == "cond" for m in found),
        unnamed=unnamed,
        possibility=can_be or "가능" in forms,
        checking=any(m.form in {"맞", "정답", "맞추"} for m in morphs),
        # a source named, a hearsay ending, or a reported claim not asked ("A는 자기가 먹었다고 하네")
        hearsay=_source(morphs)
        or told
        or _asked_before(morphs)
        or (not asks_form and any(c.reported for c in claims)),
        asks_form=asks_form,
        concluding=not asks_form and _concluding(morphs, found),
        correcting=_correcting(morphs) or (swap is not None and not swap.wrong),  # "C한테 한 질문": for C
        alternative=_alternative(morphs),
        swap=swap,
        introduced=any(m.role == "intro" for m in found),
        same_question=any(
            a.form in {"같", "똑같"} and b.form in {"은", "ᆫ", "이"} for a, b in pairwise(morphs)
        )
        and bool(forms & {"질문", "묻", "물어보", "여쭈", "거"}),
        named=tuple(dict.fromkeys(m.ref for k, m in enumerate(found) if k not in used and not m.ref.startswith("@"))),
        talks_about=any(k not in used and not m.ref.startswith("@") for k, m in enumerate(found))
        or any(m.name is not None for m in morphs if m.name not in addressees),
        on_case=bool(forms & OPINION_WORDS) or any(case_word(m) for m in morphs),
        turning=not asks_form and not addressees and _turning(morphs, claims),
    )
