"""Who a Korean sentence mentions, and whom it speaks to.

A mention is a person or a stand-in for one (당신, 저, 누구, 모두 ...) with the role its
particle gives it: subject (가/이/도), topic (는/은), "to" (에게/한테), a call (야, a
comma after the name), a list (랑/와/·), a condition (라면), a candidate (중) ...
The people a sentence speaks to are found from these roles: "A한테 ...", "A씨, ...",
"..., A씨?", "다들 ...", or a sentence that only calls people ("다음은 C씨.").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from referee.lang.ko.lexicon import (
    CASE_WORDS,
    CULPRIT_NOUNS,
    EVERYONE,
    EXCEPT_WORDS,
    HONEST_STEMS,
    LIAR_NOUNS,
    LIAR_STEMS,
    ME,
    QUANTIFIERS,
    SPEECH_STEMS,
    THIRD_PERSONS,
    WHO,
    YOU,
)
from referee.lang.ko.morph import Morph, chat_letters

# Stand-ins for people a mention does not name directly.
SELF = "@self"  # 당신, 너, 본인: the person spoken to
SPEAKER = "@speaker"  # 저, 나: the one speaking
ANYONE = "@who"  # 누구: every candidate of an open question
GROUP = "@group"  # 모두, 둘 다: everyone under discussion
EVERYBODY = "@everybody"  # 다들, 여러분: everyone on the roster, as addressees
SOMEONE = "@someone"  # 걔, 그 사람: a third person the text does not name

Role = Literal[
    "subject", "topic", "to", "call", "list", "comma", "cond", "among", "copula", "object", "except",
    "owner", "bare", "intro", "or",
]  # fmt: skip
# What introduces a person the next words talk about: "B 있잖아", "B씨 말인데요", "A님 얘기인데",
# "B님에 대해": the person is no addressee and in no claim, but 걔/그 사람 may point back to him.
_INTROS = (("있", "잖"), ("있", "지", "않"), ("말", "이", "ᆫ데"), ("얘기", "이", "ᆫ데"), ("이야기", "이", "ᆫ데"), ("에", "대하"))
_THING_COUNTERS = frozenset("개 가지 번 번째 째 개요 문제 질문".split())
_TO = frozenset("에게 한테 께 더러 보고 에게로".split())
_ALSO = frozenset("도 만 까지 조차 마저 부터".split())
_REQUESTS = frozenset("세요 으세요 어 아 어요 아요 어라 아라 십시오 ᆸ시오 라 자".split())
_POSSESSED = frozenset("추리 생각 추측 예상 판단 결론 답 의견 느낌 감 대답 말".split())
_PERSON_TAGS = frozenset("NP NNG MAG NR MM".split())  # what a person word can be tagged
_ROLE_WORDS = CULPRIT_NOUNS | LIAR_NOUNS | LIAR_STEMS | HONEST_STEMS
_OWNABLE_NOT = _ROLE_WORDS | CASE_WORDS  # "당신 범인이에요?", "너 케이크는 먹었어?": no possessive
# Endings closing a remark before the question ("..수상한데, C씨 ...").
_LEAD_INS = frozenset("는데 ᆫ데 은데 니까 으니까 지만 어서 아서 라서 이라서".split())


@dataclass(frozen=True)
class Mention:
    """A person (or a stand-in) at morphemes [start, end), with the role its particle gives."""

    ref: str
    role: Role
    start: int
    end: int


def _ref(morphs: tuple[Morph, ...], i: int) -> tuple[str | None, int]:
    """The stand-in or name at morpheme `i`, and the index after it (and its suffixes)."""
    m = morphs[i]
    after = i + 1
    if m.name is None and m.tag not in _PERSON_TAGS:
        return None, after
    if m.name is not None:
        ref: str | None = m.name
        if after < len(morphs) and morphs[after].form in {"본인", "자신"} and i > 0:
            after += 1  # "B씨 본인은": B; at the start "A님 본인이 ...?" calls A and asks about "you"
    elif m.form in EVERYONE and m.tag in {"NP", "NNG", "MAG"}:
        ref = EVERYBODY
    elif m.form in {"다", "모두", "당신", "너", "얘"} and after < len(morphs) and morphs[after].form == "들":
        ref, after = EVERYBODY, after + 1  # 다들, 모두들, 당신들, 너들, 얘들아 ("you guys")
    elif m.form == "모두" and after < len(morphs) and morphs[after].form == ",":
        ref = EVERYBODY  # "모두, ...": a call, where "모두 먹었어요" quantifies
    elif (
        (m.tag == "NP" and m.form in YOU)
        or m.form == "본인"
        or (m.form == "님" and after < len(morphs) and morphs[after].tag in {"JKS", "JX"})  # chat "you"
        or (m.form == "자신" and (i == 0 or morphs[i - 1].form != "자기"))
    ):
        ref = SELF
    elif m.form == "자기" and i > 0 and morphs[i - 1].form == "각자":
        ref = SELF  # "각자 자기가": each himself
    elif m.tag == "NP" and m.form in ME:
        ref = SPEAKER
    elif m.tag == "NP" and m.form in WHO:
        ref = ANYONE
    elif m.tag == "NP" and m.form in THIRD_PERSONS:
        ref = SOMEONE
    elif m.form == "그" and after < len(morphs) and morphs[after].form == "쪽":
        ref, after = SELF, after + 1  # 그쪽, kiwi's 그 + 쪽: "you"
    elif (
        m.tag == "MM"
        and m.form in {"그", "저", "이"}
        and after < len(morphs)
        and morphs[after].form in {"사람", "분", "녀석", "놈", "애"}
    ):
        ref, after = SOMEONE, after + 1
    elif m.form == "어느" and after < len(morphs) and morphs[after].form in {"쪽", "사람", "분"}:
        ref, after = ANYONE, after + 1
    elif (
        m.form in QUANTIFIERS
        and m.tag in {"NNG", "MAG", "NR", "MM"}
        and (after >= len(morphs) or morphs[after].form not in _THING_COUNTERS)  # "두 개", "두 가지"
        and (i == 0 or morphs[i - 1].form not in {"질문", "물음", "문제"})  # "질문 둘 할게": no people
        and (
            m.form != "다"
            or (i > 0 and (morphs[i - 1].tag in {"NR", "NNB"} or morphs[i - 1].name is not None))
        )
    ):  # 다 alone is "completely" (다 마셨어요); after 둘, 세 분 or a name it is "all"
        ref = GROUP
        while after < len(morphs) and (
            morphs[after].form in QUANTIFIERS or morphs[after].form in {"분", "사람", "명"}
        ):
            after += 1
        if after < len(morphs) and morphs[after].form == "," and m.form not in {"둘", "두"}:
            ref = EVERYBODY  # "세 분 모두, ...", "셋 다, ...": a call; "둘 다," may leave one out
    else:
        ref = None
    while (
        after < len(morphs)
        and morphs[after].form in {"씨", "님", "들"}
        and morphs[after].tag in {"NNB", "XSN", "NNG"}
    ):
        after += 1
    return ref, after


def _role(morphs: tuple[Morph, ...], j: int) -> tuple[Role, int]:
    """The role the morphemes from `j` give the mention before them, and where they end."""
    if j >= len(morphs):
        return "bare", j
    m = morphs[j]
    for intro in _INTROS:
        forms = [x.form for x in morphs[j : j + len(intro)]]
        if len(forms) == len(intro) and all(f.startswith(w) for f, w in zip(forms, intro, strict=True)):
            return "intro", j + len(intro)
    if m.tag == "JKO" and j + 1 < len(morphs) and (morphs[j + 1].form, morphs[j + 1].tag) in EXCEPT_WORDS:
        j, m = j + 1, morphs[j + 1]  # "A씨를 빼고", "A씨를 제외하고"
    if (m.form, m.tag) in EXCEPT_WORDS:
        return "except", j + 1
    if m.form == "아니" and m.tag == "VCN" and j + 1 < len(morphs) and morphs[j + 1].form == "면":
        return "or", j + 2  # "C 아니면 B가": one of two, never called
    if m.tag in {"JKS", "JKC"}:
        return "subject", j + 1
    if m.tag == "JX":
        return ("subject" if m.form in _ALSO else "topic"), j + 1
    if m.tag == "JKB" and m.form in _TO:
        return "to", j + 1
    if m.tag == "JKV":
        return "call", j + 1
    if m.tag == "JC" or (m.tag == "SP" and m.form not in {",", ":", "~"}):
        return "list", j + 1
    if m.tag == "SP" or m.form in {":", "~"}:
        return "comma", j + 1
    if m.tag == "JKO":
        return "object", j + 1
    if m.tag == "JKG":
        return "owner", j + 1
    if m.tag == "NNB" and m.form == "중":
        return "among", j + 1
    if m.tag == "VCP":
        if j + 1 < len(morphs) and morphs[j + 1].form in {"라면", "면", "이라면", "라도"}:
            return "cond", j + 2
        if j + 2 < len(morphs) and morphs[j + 1].form in {"야", "아"}:
            return "call", j + 2  # kiwi reads the vocative "B야, ..." as a copula
        return "copula", j + 1
    if m.form in {"라면", "이라면"}:
        return "cond", j + 1
    return "bare", j


def _owns(morphs: tuple[Morph, ...], j: int) -> bool:
    """Whether the noun at `j` is owned by the pronoun before it: "제 추리로는" (my
    reasoning), "당신 친구가" (your friend). A noun with a subject or topic particle
    after a bare pronoun is its owner's; "당신 범인이에요?" and "너 케이크는 먹었어?"
    drop the pronoun's particle and keep the pronoun the subject."""
    if j >= len(morphs):
        return False
    noun = morphs[j]
    if noun.form in _POSSESSED:
        return True
    followed = j + 1 < len(morphs) and morphs[j + 1].tag in {"JKS", "JX"}
    return noun.tag == "NNG" and not noun.thing and noun.form not in _OWNABLE_NOT and followed


def mentions(morphs: tuple[Morph, ...]) -> tuple[Mention, ...]:
    found = []
    i = 0
    while i < len(morphs):
        ref, after = _ref(morphs, i)
        if ref is None:
            i += 1
            continue
        role, end = _role(morphs, after)
        if role == "owner" or (ref in (SPEAKER, SELF) and role == "bare" and _owns(morphs, after)):
            i = after  # "제 추리로는", "B씨의 대답", "당신 친구가": a possessive, not a person in the claim
            continue
        if role == "to" and _asked_if(morphs, end):
            role = "cond"  # "B씨에게 (C가 먹었냐고) 물으면 ...": whose answer is imagined, not who is asked
        if (
            role == "topic"
            and morphs[after].form in {"야", "아"}
            and not ref.startswith("@")
            and end < len(morphs)
            and morphs[end].tag not in {"SP", "SF", "SE"}
        ):
            role = "call"  # "B야 케이크 먹었어?": kiwi may tag the vocative 야 as a topic particle
        after_particle = i > 0 and morphs[i - 1].tag.startswith("J")
        if role == "call" and morphs[after].tag != "JKV" and (ref.startswith("@") or after_particle):
            role = "copula"  # "범인은 당신이야, B씨!", "범인은 B야 확실해": 야 is "is" there
        found.append(Mention(ref, role, i, end))
        i = max(end, i + 1)
    return tuple(found)


_IF_ENDINGS = frozenset({"면", "으면", "다면", "는다면", "ᆫ다면"})


def _asked_if(morphs: tuple[Morph, ...], end: int) -> bool:
    """Whether "if (someone) asked" follows at `end`, at once ("B씨에게 물으면") or after the
    question put ("B씨에게 C가 먹었냐고 물으면")."""
    for j in range(end, len(morphs) - 1):
        if morphs[j].form in {"묻", "물어보", "물"} and any(x.form in _IF_ENDINGS for x in morphs[j + 1 : j + 4]):
            return j <= end + 1 or morphs[j - 1].form in {"냐고", "느냐고", "으냐고"}  # 물어보면: 묻 어 보 면
        if morphs[j].tag in {"EF", "SF"}:
            return False
    return False


def chain_before(found: tuple[Mention, ...], k: int) -> list[Mention]:
    """The mentions linked to mention `k` by 랑/와/·/, just before it ("A랑 B한테")."""
    chain = [found[k]]
    while k > 0 and found[k - 1].end == found[k].start and found[k - 1].role in {"list", "comma", "bare"}:
        k -= 1
        chain.insert(0, found[k])
    return chain


def _lead(morphs: tuple[Morph, ...], i: int = 0) -> int:
    """Index of the first morpheme from `i` after interjections and conjunctions (흠, 그럼 ...)."""
    while i < len(morphs) and (
        morphs[i].tag in {"IC", "MAJ", "SP", "SE", "SW", "W_EMOJI"}
        or chat_letters(morphs[i])  # "ㅇㅋ A, ...": chat letters open the sentence like 흠
        or morphs[i].form in {"그럼", "그러면", "자", "그렇다면", "이번에는", "이번엔", "다음"}
    ):
        i += 1
    return i


def _names_a_role(morphs: tuple[Morph, ...]) -> bool:
    """Whether the morphemes name a role or the incident's verb: they then claim something."""
    return any(m.form in _ROLE_WORDS or m.act for m in morphs)


def _vocative_starts(morphs: tuple[Morph, ...]) -> list[int]:
    """Where a sentence may call someone: its start, and after each lead-in remark.

    A lead-in ends in 는데/니까/지만/어서 ("A랑 B 중 하나인 것 같은데, C씨 ..."); one that
    names a role or the incident may be part of the question, so no call is looked for after it.
    """
    starts = [_lead(morphs)]
    for k, m in enumerate(morphs):
        if (m.tag == "EC" and m.form in _LEAD_INS) or (chat_letters(m) and k > 0) or (
            m.form == "데" and m.tag == "NNB" and k > 0 and morphs[k - 1].tag == "ETM"  # 조용한데: ᆫ + 데
        ):
            if _names_a_role(morphs[:k]):
                break
            starts.append(_lead(morphs, k + 1))
    return starts


def addressed(morphs: tuple[Morph, ...], found: tuple[Mention, ...]) -> tuple[list[str], set[int], int]:
    """The people a sentence speaks to, the indexes of the mentions that said so, and the
    morpheme where the words to them begin.

    After a lead-in remark ("A랑 B가 수상한데, C씨 ..."), the people called in the rest
    are the ones spoken to, and the remark asks nothing. Without such a call the whole
    sentence is searched, but a lead-in only calls with a vocative ("A야, 궁금한데 ..."):
    "A한테 물었는데" reports, "다들 조용한데" talks about everyone.
    """
    starts = _vocative_starts(morphs)
    for begin in reversed(starts[1:]):
        first = next((k for k, m in enumerate(found) if m.start >= begin), len(found))
        names, used = _called(morphs, found[first:], begin, begin)
        if names:
            return names, {first + k for k in used}, begin
    names, used = _called(morphs, found, starts[0], starts[-1])
    return names, used, starts[-1] if names and len(starts) > 1 else 0


def _called(
    morphs: tuple[Morph, ...], found: tuple[Mention, ...], begin: int, lead_end: int
) -> tuple[list[str], set[int]]:
    """The people `found` speak to, from morpheme `begin`; mentions before `lead_end` are in a lead-in.

    Tried in order: "A한테"/"A야"/"다들" anywhere; a sentence that only calls people
    ("A씨!", "모두 대답해 주세요."); a leading vocative ("A씨, ..."); a trailing one
    ("..., A씨?").
    """
    names: list[str] = []
    used: set[int] = set()

    def take(indexes: list[int]) -> None:
        for k in indexes:
            used.add(k)
            ref = found[k].ref
            if ref not in names and ref not in (GROUP, SELF, SPEAKER, ANYONE, EVERYBODY):
                names.append(ref)

    for k, mention in enumerate(found):
        if mention.start < lead_end and mention.role not in {"call", "comma"} and not _asking_now(morphs, mention):
            continue
        if mention.ref == EVERYBODY:
            chain = chain_before(found, k)  # "A, B, C 전원에게"
            take(list(range(k + 1 - len(chain), k + 1)))  # the chain is the mentions up to k
            if len(chain) == 1:
                names.append(EVERYBODY)
        elif mention.role in {"to", "call"} and mention.ref not in (SPEAKER, ANYONE):
            chain = chain_before(found, k)
            take(list(range(k + 1 - len(chain), k + 1)))
            if mention.ref in (GROUP, SELF) and len(chain) == 1:
                names.append(EVERYBODY if mention.ref == GROUP else SELF)
    if not names:
        take(_each_of(morphs, found))
    if not names:
        take(_told_after(morphs, found))
    if found and not names and _only_calls(morphs[begin:], found):
        take(list(range(len(found))))
        if not names:
            names.append(EVERYBODY)
    if found and not names and found[0].start == begin:
        take(_leading_vocatives(found))
    if found and not names:
        take(_trailing_vocative(morphs, found))
    if EVERYBODY in names:  # "A야, 다들 먹었어?": A, or everyone? nobody clearly
        names = [EVERYBODY] if len(names) == 1 else []
    # "너희 둘 다 ...", "A씨랑 B씨, 두 분 다 ...": a quantifier after the people called is the call's
    used |= {k + 1 for k in used if k + 1 < len(found) and found[k + 1].ref == GROUP
             and found[k + 1].start == found[k].end and found[k + 1].role != "among"}  # not "C야, 둘 중에"
    return names, used


_ASKING = frozenset("묻 물 물어보 질문 여쭈 여쭙".split())


def _asking_now(morphs: tuple[Morph, ...], mention: Mention) -> bool:
    """ "B에게 묻고 싶은데, ...", "C한테 물어볼게, ...": a lead-in that says whom the player
    asks now, unlike "A한테 물었는데" (a report of a question asked before)."""
    after = morphs[mention.end : mention.end + 4]
    return (
        mention.role == "to"
        and bool(after)
        and after[0].form in _ASKING
        and not any(m.tag == "EP" for m in after)
    )


def _each_of(morphs: tuple[Morph, ...], found: tuple[Mention, ...]) -> list[int]:
    """Names before 각자/둘 다/모두 who are each asked about themselves ("A씨, B씨 각자 본인이
    정직한지 말해 주세요", "B랑 C는 각자 자기가 ...") or told to answer ("A랑 B 둘 다 말해봐, ...").

    The quantifier never adds anyone: only the names before it are called."""
    for k, mention in enumerate(found):
        if mention.ref != GROUP or morphs[mention.start].form not in {"각자", "둘", "셋", "모두", "다"}:
            continue
        if k == 0 or found[k - 1].end != mention.start or found[k - 1].role not in {"topic", "bare", "comma", "list"}:
            continue
        linked = chain_before(found, k - 1)  # "B랑 C는 각자", "A씨, B씨 각자"
        chain = [j for j in range(k - len(linked), k) if not found[j].ref.startswith("@")]
        rest = morphs[mention.end : mention.end + 3]
        told = any(m.form in SPEECH_STEMS for m in rest)  # "둘 다 말해봐", "각자 대답해"
        themselves = any(m.ref == SELF for m in found[k + 1 :]) or morphs[mention.start].form == "각자"
        # "A, B 둘 다 C가 먹었어?": the claim has a subject of its own, so A and B are asked
        subject = any(m.role in {"subject", "topic"} and not m.ref.startswith("@") for m in found[k + 1 :])
        if len(chain) > 1 and (told or themselves or subject):
            return [*chain, k]  # the quantifier calls them too: it is in no claim
    return []


def _told_after(morphs: tuple[Morph, ...], found: tuple[Mention, ...]) -> list[int]:
    """ "C님도 안 드셨는지 B님 대답해 주세요": a name between "whether …" and "tell me" is asked."""
    return [
        k
        for k, m in enumerate(found)
        if m.role == "bare"
        and not m.ref.startswith("@")
        and m.start > 0
        and morphs[m.start - 1].form in {"는지", "ᆫ지", "은지", "ᆯ지", "을지"}
        and m.end < len(morphs)
        and morphs[m.end].form in SPEECH_STEMS | {"알리"}
    ][:1]


def _only_calls(morphs: tuple[Morph, ...], found: tuple[Mention, ...]) -> bool:
    """A sentence that names people and asks nothing of them yet ("다음은 C씨.", "모두 대답해 주세요")."""
    if any(
        m.ref in (SELF, SPEAKER, ANYONE) or m.role not in {"bare", "comma", "call", "list", "to"}
        for m in found
    ):
        return False  # "C도.", "B씨는요?" continue a claim; they do not call anyone
    if _names_a_role(morphs):
        return False
    verbal = any(m.tag.startswith(("VV", "VA", "VX", "XS", "EP")) for m in morphs)
    request = (
        any(m.form in SPEECH_STEMS | {"질문", "묻", "여쭈", "여쭙"} for m in morphs)
        and final_ending(morphs) in _REQUESTS
    )
    return not verbal or request


def _leading_vocatives(found: tuple[Mention, ...]) -> list[int]:
    """ "A씨, ...", "A씨랑 B씨, ...", "A씨 B씨 C씨 ...", "A씨 당신 ..." where a call may stand;
    `found` are the mentions from there on.

    Names running into 중 or 둘 ("A씨랑 B씨 중 누가", "A씨 B씨 둘 중") are candidates,
    not people spoken to. A comma closes a list of names ("A랑 B, C가 먹었어?").
    """
    first = found[0]
    if first.ref.startswith("@"):
        return []
    links = {"bare"} if first.role == "bare" else {"comma", "list"}
    chain = [0]
    while (
        chain[-1] + 1 < len(found)
        and found[chain[-1]].role in links
        and not (first.role == "list" and found[chain[-1]].role == "comma")
        and found[chain[-1]].end == found[chain[-1] + 1].start
        and not found[chain[-1] + 1].ref.startswith("@")
    ):
        chain.append(chain[-1] + 1)
    last = found[chain[-1]]
    after = found[chain[-1] + 1] if chain[-1] + 1 < len(found) else None
    if first.role == "comma":
        if last.role != "comma" and len(chain) > 2 and found[1].role == "comma":
            return []  # "A, B, C가 먹었어?": who is called, and who is asked about?
        return chain if last.role == "comma" else [0]  # "A, B랑 C는 ...": A is called
    talked_about = after is not None and after.start == last.end and (
        after.role == "among"  # "A랑 B 중 누가"
        or (  # "A씨와 B씨 둘 다 수상한데", where "A씨와 B씨 둘 다, ..." calls them
            after.ref == GROUP and last.role == "bare" and after.role not in {"comma", "call"}
        )
    )
    if last.role == "among" or talked_about:
        return []
    if len(chain) > 1 and last.role in {"comma", "bare"}:
        return chain
    if first.role == "bare" and any(
        m.ref in (SELF, ANYONE)
        or m.role == "intro"
        or (m.role in {"subject", "topic", "copula"} and not m.ref.startswith("@"))
        for m in found[1:]
    ):
        return [0]
    return []


def _trailing_vocative(morphs: tuple[Morph, ...], found: tuple[Mention, ...]) -> list[int]:
    """ "먹었어요, A씨?": a name after the sentence's own ending."""
    last = found[-1]
    trailing = all(
        m.tag in {"SP", "SF", "SW", "SE", "W_EMOJI"}
        or chat_letters(m)  # "..., 에이ㅋㅋ"
        or m.form == "요"
        or (last.role == "copula" and m.tag == "EF" and m.form in {"야", "아"})  # "..., C야?": kiwi's 이 + 야
        for m in morphs[last.end :]
    )
    after_ending = (
        last.start > 0
        and morphs[last.start - 1].tag in {"SP", "EF", "EC"}
        and any(m.tag in {"EF", "EC"} for m in morphs[: last.start])
    )
    if (
        trailing
        and after_ending
        and last.role in {"bare", "comma", "topic", "copula"}
        and last.ref not in (SELF, SPEAKER, ANYONE, GROUP)
    ):
        return [len(found) - 1]
    return []


def final_ending(morphs: tuple[Morph, ...]) -> str:
    """The sentence's final ending (EF, or EC at the end), with a trailing 요."""
    for i in range(len(morphs) - 1, -1, -1):
        if morphs[i].tag in {"EF", "EC"}:
            rest = "".join(m.form for m in morphs[i + 1 :] if m.form == "요")
            return morphs[i].form + rest
    return ""
