"""From raw Korean text to morphemes, with the roster's names already recognised.

Names are found with a regular expression before morphological analysis (A씨, 에이 씨,
Ａ, a, 비가 ...) and replaced by placeholders kiwi reads as one foreign word, so a
roster of any names tokenizes the same way and the honorific 씨 is never confused
with C. kiwi is loaded once, on first use.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple, Protocol

from kiwipiepy import Kiwi, Token

from referee.lang.incident import Verb
from referee.lang.ko.lexicon import (
    ACT_VERBS,
    CARRIED_OFF,
    CASE_WORDS,
    CULPRIT_NOUNS,
    HONORIFICS,
    LETTER_READINGS,
    LIAR_NOUNS,
    ME,
    YOU,
)
from referee.liar.world import Roster

PLACEHOLDER = "Xq"
# What may follow a Hangul reading of a letter, so 비 matches in 비가 but not in 비밀; 다 as
# a copula or "all" before a request to answer ("비다대답해": B, all of you answer).
_READINGS = "|".join(sorted({r for rs in LETTER_READINGS.values() for r in rs}, key=len, reverse=True))
_ENDS = (
    r"$|[^\w]|\s|씨|님|가|는|도|랑|이랑|와|하고|한테|에게|께|의|야|만|를|중|요|라|이|인|입|예|였|였|한|말|둘\s?다|각자"
    rf"|고(?=$|[\s,.!?~]|요)|나(?=\s|[A-Za-z]|{_READINGS})|다(?=$|[^\w]|\s|[ᄏᄒ]|대답|답해|말해|말씀)|아니면"
)
_READING_END = f"(?={_ENDS})"
_NAMED_END = f"(?={_ENDS}|[ᄏᄒ])"  # where it is surely a name, laughter may follow ("에이ㅋㅋ", NFKC's ᄏ)
# What may stand glued before a reading: a list particle ("에이랑비", "C나비가", "너나에이가"),
# "or" ("C 아니면에이가") or a vocative after a letter ("C야에이는").
_READING_GLUED = r"(?:(?<![가-힣A-Za-z])|(?<=랑)|(?<=\w나)|(?<=아니면)|(?<=[A-Za-z]야))"
# A role noun before a reading, glued or not, with its particle ("범인도비", "거짓말쟁이는에이다",
# "거짓말쟁이 에이ㅋㅋ"): the reading is then the name the role is given, laughter after it or not
# (but "범인 에이 설마": "the culprit? oh, come on").
_ROLE_HEADS = ("범인", "진범", "쟁이", "장이", "사기꾼")
_ROLE_BEFORE = "|".join(
    f"(?<={head}{particle}{space})" for head in _ROLE_HEADS for particle in ("", "은", "는", "도", "이") for space in ("", " ")
)
# A reading after a comma at the very end, laughter after it ("..., 에이ㅋㅋ"): a trailing call.
_TRAILING_CALL = r"(?<=, )(?=\S+[ᄏᄒ]+\W*$)"

# "에이 설마", "에이 뭐야": 에이 is then the interjection "oh come on", not A read aloud.
_NOT_INTERJECTION = r"(?!\s?(?:설마|뭐|아니(?!면)|그래도|진짜|참|그건|무슨|왜|몰라|됐|그럴|말도|그냥|ㅋ|~))"


class Morph(NamedTuple):
    """One morpheme; `name` is the roster name when the morpheme stands for a person.

    A NamedTuple rather than a dataclass: a dozen are built per utterance, on the hot path.
    """

    form: str
    tag: str
    name: str | None = None
    thing: bool = False  # the incident's object, one noun whatever kiwi would make of it
    act: bool = False  # a verb of the incident's act (먹 in a cake game, 깨뜨리 in a vase game)


def case_word(m: Morph) -> bool:
    """Whether a morpheme ties a sentence to the case: the incident's object or act, a role, a built-in incident."""
    return m.thing or m.act or m.form in CASE_WORDS


# Chat spellings kiwi does not know ("먹었슴까?" reads as one unknown noun), and common
# misspellings of the incidents, so "케잌" in a juice game is still another incident.
_SPELLINGS = {
    "슴까": "습니까", "슴다": "습니다", "슴니까": "습니까", "슴니다": "습니다",
    "케잌": "케이크", "케익": "케이크", "쥬스": "주스", "도너츠": "도넛", "도나쓰": "도넛", "도넛츠": "도넛",
}  # fmt: skip
_MISSPELLED = re.compile("|".join(sorted(_SPELLINGS, key=len, reverse=True)))
_OF = Morph("의", "JKG")
_INSIDE, _NOT = Morph("안", "NNG"), Morph("안", "MAG")
_DRINK = Morph("마시", "VV")
_DRINK_FORMS = frozenset({"마시", "마셨", "마셔", "마신", "마실", "마십"})
_GROW = Morph("늘", "VV")  # 늘다, kiwi's reading of some 는 after a name
# "A고" is "A이고" with the copula left out; kiwi reads the 고 as a noun and loses the clause link.
_AND_IS = (Morph("이", "VCP"), Morph("고", "EC"))


@dataclass(frozen=True)
class Sentence:
    """The morphemes of one sentence and the punctuation that closed it ("?", ".", "..." or "")."""

    morphs: tuple[Morph, ...]
    end: str = ""

    @property
    def marked_question(self) -> bool:
        return "?" in self.end

    @property
    def trailing_off(self) -> bool:
        return ".." in self.end or "…" in self.end


# The entries of kiwi's default dictionary (kiwipiepy_model's default.dict) that are not
# proper nouns: contracted reported speech ("거짓말쟁이랬어" is 이라 하였어, kept apart from
# 이라고) and 잖/찮; the misspellings 랫/댓 cost more. (form, analysis, score)
_CONTRACTIONS = (
    ("랬", "라/EC 하/VV 었/EP", 0.0),
    ("랬", "이/VCP 라/EC 하/VV 었/EP", 0.0),
    ("으랬", "으라/EC 하/VV 었/EP", 0.0),
    ("댔", "다/EC 하/VV 었/EP", 0.0),
    ("ᆫ댔", "ᆫ다/EC 하/VV 었/EP", 0.0),
    ("잖", "지/EC 않/VX", 0.0),
    ("찮", "하/VV 지/EC 않/VX", 0.0),
    ("랫", "라/EC 하/VV 었/EP", -5.0),
    ("랫", "이/VCP 라/EC 하/VV 었/EP", -5.0),
    ("으랫", "으라/EC 하/VV 었/EP", -5.0),
    ("댓", "다/EC 하/VV 었/EP", -5.0),
    ("ᆫ댓", "ᆫ다/EC 하/VV 었/EP", -5.0),
)


@cache
def _kiwi() -> Kiwi:
    """Kiwi with the dictionaries a game needs, loaded once.

    Not its multi-word dictionary (WikiData names) nor the 113,000 proper nouns of its default
    dictionary (Wikipedia headwords): a player's words are no titles, names are masked before
    analysis, and the two cost 1.1 of the 1.9 s of CPU and 255 of the 545 MB of a Korean
    start-up (see bench/parse.py), for the same readings of every labelled corpus. The default
    dictionary's other entries, the contractions, are added back. The role nouns are told to be
    common nouns: beside a name placeholder kiwi otherwise reads "거짓말쟁이도" as one proper
    noun and loses the particle."""
    kiwi = Kiwi(load_default_dict=False, load_multi_dict=False)
    for form, analysis, score in _CONTRACTIONS:
        kiwi.add_pre_analyzed_word(form, [tuple(m.split("/")) for m in analysis.split()], score)
    for noun in LIAR_NOUNS | CULPRIT_NOUNS:
        kiwi.add_user_word(noun, "NNG", 0)
    return kiwi


def normalize(text: str) -> str:
    """Full-width letters and punctuation to ASCII, composed Hangul, tidy spaces, usual spellings."""
    text = unicodedata.normalize("NFKC", text).replace("、", ",").replace("。", ".")
    text = _MISSPELLED.sub(lambda m: _SPELLINGS[m.group(0)], text)
    return re.sub(r"[ \t\u3000]+", " ", text).strip()


@cache
def _name_pattern(roster: Roster) -> re.Pattern[str]:
    """One alternation over every way the roster's names are written."""
    alternatives = []
    for index, name in enumerate(roster.names):
        forms = []
        if name.isascii():
            forms.append(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])")
        else:
            forms.append(rf"(?<![가-힣]){re.escape(name)}")
        for reading in LETTER_READINGS.get(name.upper() if len(name) == 1 else "", ()):
            # after a space or punctuation, or glued to a list particle ("에이랑비 둘 다")
            forms.append(rf"{_READING_GLUED}{reading}{_READING_END}{_NOT_INTERJECTION}")
            forms.append(rf"(?:{_ROLE_BEFORE}|{_TRAILING_CALL}){reading}{_NAMED_END}{_NOT_INTERJECTION}")
        alternatives.append(f"(?P<n{index}>{'|'.join(forms)})")
    honorific = "|".join(HONORIFICS)
    return re.compile(rf"(?:{'|'.join(alternatives)})(?:\s?(?:{honorific}))?", re.IGNORECASE)


# A Hangul word, a space, then 씨: the honorific of that word ("민지 씨", "하나 씨"), not C read
# aloud, unless the word is one that takes none: a conjunction or adverb ("그럼 씨가 먹었어?"),
# or a word ending in a particle ("에이랑 씨", "누나한테 씨가"). Left unmasked, it is then an
# unknown name (`unknown_names`), so the line is unclear rather than about C.
_HONORED = re.compile(r"(?<![가-힣])(?P<word>[가-힣]{2,4}) $")
_TAKES_NO_HONORIFIC = frozenset(
    "그럼 그러면 그리고 근데 그런데 그래서 그니까 그러니까 혹시 아니면 혹은 또는 그냥 진짜 정말 이제 저기 그래 만약"
    " 먼저 다음 그다음 이번엔 아니 좋아 그렇다면 솔직히 설마 차라리 과연".split())
_PARTICLE_ENDS = ("랑", "하고", "와", "과", "도", "는", "은", "를", "을", "한테", "에게", "께", "면", "서", "요", "야", "고")


def _honors(before: str) -> bool:
    """Whether `before` ends in a word the following 씨 is the honorific of (see `_HONORED`)."""
    m = _HONORED.search(before)
    word = m.group("word") if m else ""
    return bool(word) and word not in _TAKES_NO_HONORIFIC and not word.endswith(_PARTICLE_ENDS)


def mask_names(text: str, roster: Roster) -> tuple[str, dict[str, str]]:
    """Replace each mention of a roster name by its placeholder; return the text and the map."""
    placeholders = {f"{PLACEHOLDER}{chr(ord('a') + i)}": name for i, name in enumerate(roster.names)}

    def replace(match: re.Match[str]) -> str:
        if match.group(0) == "씨" and _honors(text[: match.start()]):
            return match.group(0)  # "민지 씨가": the honorific of a name not on the roster, not C
        index = int(str(match.lastgroup)[1:])  # the group n<index> that matched
        # kiwi reads "Xqb." as one foreign word: keep punctuation apart
        gap = " " if text[match.end() : match.end() + 1] in {".", "!", "?", "~", "…"} else ""
        return f" {PLACEHOLDER}{chr(ord('a') + index)}{gap}"

    return _name_pattern(roster).sub(replace, text), placeholders


_UNKNOWN = re.compile(
    r"(?<![A-Za-z])([A-Za-z]+)(?=\s?(?:씨|님)|(?![A-Za-z])\s?(?:가|는|도|랑|한테|에게|께|야|이|은)?[\s,.?!]|$)"
)


# A Korean name with 씨 ("민수씨") left after masking; these words only look like one.
_UNKNOWN_HANGUL = re.compile(r"(?<![가-힣])([가-힣]{2,3})\s?씨(?=[\s,.!?]|[가-힣]{1,2}[\s,.!?]|$)")
_NOT_NAMES = frozenset({"아저", "아가", "마음", "아줌", "솜", "날", "글", "말", "불", "맵"})


def unknown_names(masked: str) -> tuple[str, ...]:
    """Names left after masking ("D씨", "E가", "민수씨"): people not on the roster."""
    found = [w for w in _UNKNOWN_HANGUL.findall(masked) if w not in _NOT_NAMES]
    for word in _UNKNOWN.findall(masked):
        if word.startswith(PLACEHOLDER) or word.lower() in {"ok", "okay", "yes", "no", "gm"}:
            continue
        if len(word) == 1 or word[0].isupper():
            found.append(word)
    return tuple(dict.fromkeys(found))


PIECE = 2000
"""The characters at least in each piece of a long text given to kiwi at once (see `_tokens`)."""
_SENTENCE_END = re.compile(r"[.?!]\s")


def thing_spans(text: str, thing: str) -> list[tuple[int, int, str]]:
    """Where the incident's object stands in `text`, for kiwi to keep as one common noun: it cuts
    a compound it does not know ("추로스" into 추 + 로스, "아이스티" into 아이스 + 티). Not the tail
    of a longer word ("케이크" in "치즈케이크", another thing)."""
    if not thing:
        return []
    return [(m.start(), m.end(), "NNG") for m in re.finditer(rf"(?<![가-힣A-Za-z]){re.escape(thing)}", text)]


def _tokens(masked: str, spans: Sequence[tuple[int, int, str]] = ()) -> Iterator[tuple[Token, int]]:
    """kiwi's morphemes of `masked`, each with the offset its start counts from; `spans`, where
    the incident's object stands, are kept one noun each (see `thing_spans`).

    A long text goes to kiwi in pieces of about PIECE characters, cut after a sentence's
    final punctuation and a space: kiwi's time grows with the square of the sentences in one
    call (14 KB of the corpus on one line: 1.4 s at once, 0.08 s in pieces, the same
    morphemes), and no morpheme spans such a cut. A text shorter than PIECE is one call."""
    def piece(a: int, b: int) -> Iterator[tuple[Token, int]]:
        within = [(s - a, e - a, tag) for s, e, tag in spans if a <= s and e <= b]  # no span spans a cut
        return ((token, a) for token in _kiwi().tokenize(masked[a:b], pretokenized=within))

    start = 0
    for end in _SENTENCE_END.finditer(masked):
        if end.end() - start >= PIECE:
            yield from piece(start, end.end())
            start = end.end()
    yield from piece(start, len(masked))


def chat_letters(m: Morph) -> bool:
    """Letters alone, not syllables ("ㅋㅋ", "ㄹㅇ", "ㅠㅠ", NFKC's ᄏᄏ): laughter and slang
    a message is punctuated with, never a word of the claim."""
    return bool(m.form) and all(0x1100 <= ord(c) <= 0x11FF or 0x3131 <= ord(c) <= 0x318E for c in m.form)


def _copula_rae(morphs: list[Morph], k: int) -> bool:
    """Whether morphs[k] is a noun kiwi made of the hearsay copula: 이래 after any noun
    ("범인이래"), or 래 after a noun ending in a vowel, whose 이 the copula dropped ("거짓말쟁이래ㅋ",
    which kiwi reads as the noun 래 when chat letters follow)."""
    m = morphs[k]
    if k == 0 or not morphs[k - 1].tag.startswith("NN") or not m.tag.startswith("NN"):
        return False
    before = morphs[k - 1].form[-1:]
    open_syllable = "가" <= before <= "힣" and (ord(before) - 0xAC00) % 28 == 0
    return m.form == "이래" or (m.form == "래" and open_syllable)


def _sentence(morphs: list[Morph], end: str = "") -> Sentence:
    """A sentence of `morphs`; a (이)니 kiwi reads as the list particle after a noun, with only
    punctuation or a name after it, is the copula and the question ending ("넌 거짓말쟁이니, C",
    "넌 범인이니, 에이"): a list of nouns ("A니 B니") goes on with a noun. So is the noun
    이래 ("since") after a noun at the end, chat letters after it or not ("범인이래 ㅠㅠ"): hearsay
    (see `_copula_rae`)."""
    for k, m in enumerate(morphs):
        noun_before = k > 0 and morphs[k - 1].tag.startswith("NN")
        if m.form in {"니", "이니"} and m.tag == "JC" and noun_before and all(
            n.tag.startswith("S") or n.name is not None for n in morphs[k + 1 :]
        ):
            morphs[k : k + 1] = [Morph("이", "VCP"), Morph("니", "EF")]
            break
        if _copula_rae(morphs, k) and all(n.tag.startswith("S") or chat_letters(n) for n in morphs[k + 1 :]):
            morphs[k : k + 1] = [Morph("이", "VCP"), Morph("래", "EF")]
            break
    return Sentence(tuple(morphs), end)


class _Tagged(Protocol):
    """A morpheme of ours or a kiwi token: both have a form and a tag."""

    @property
    def form(self) -> str: ...

    @property
    def tag(self) -> str: ...


def _carried_off(items: Sequence[_Tagged], k: int) -> bool:
    """Whether items[k:k + 3] are a verb of carrying, 고/어 and 가다: "가지고 갔어", "챙겨 갔어"."""
    return (k + 2 < len(items) and items[k].tag.startswith("VV") and items[k].form in CARRIED_OFF
            and items[k + 1].form in {"고", "어", "아"} and items[k + 2].form == "가" and items[k + 2].tag in {"VV", "VX"})


def _acts(sentence: Sentence, verb: Verb) -> Sentence:
    """`sentence` with the verbs of the incident's act marked, and a verb of carrying, 고/어
    and 가다 made one act ("가지고 갔어", "챙겨 갔어" are 가져갔어); an auxiliary kiwi reads
    right after a noun is a verb."""
    morphs = list(sentence.morphs)
    k = 0
    while k < len(morphs):
        m = morphs[k]
        if _carried_off(morphs, k):
            morphs[k : k + 3] = [Morph("가져가", "VV")]
            m = morphs[k]
        if m.tag == "VX" and k and morphs[k - 1].tag.startswith(("NN", "JKO")):
            m = morphs[k] = m._replace(tag="VV")  # no auxiliary follows a noun: kiwi's "수호 먹었고" is 먹다
        if m.tag.startswith("VV") and m.form in ACT_VERBS[verb]:
            morphs[k] = m._replace(act=True)
        k += 1
    return Sentence(tuple(morphs), sentence.end)


def analyze(text: str, roster: Roster, thing: str = "",
            verb: Verb = "eat") -> tuple[tuple[Sentence, ...], tuple[str, ...]]:
    """The sentences of normalized `text` as morphemes, and the unknown names it mentions;
    `thing` is the incident's object, marked wherever it stands, and `verb` its act, whose
    verbs are marked too."""
    masked, placeholders = mask_names(text, roster)
    sentences: list[Sentence] = []
    current: list[Morph] = []
    last_end = 0
    spans = thing_spans(masked, thing)
    things = {start for start, _, _ in spans}
    for token, offset in _tokens(masked, spans):
        start = offset + token.start
        if current and "\n" in masked[last_end:start]:
            sentences.append(_sentence(current))
            current = []
        joined = start == last_end  # no space since the previous morpheme
        last_end = start + token.len
        if token.tag == "SF" or (token.form == ":" and current):  # "질문 대상 A: 너 ...?"
            if current:
                sentences.append(_sentence(current, token.form))
            current = []
            continue
        if token.form == "ᆫ" and len(current) > 1 and current[-1] == _GROW and current[-2].name is not None:
            current[-1] = Morph("는", "JX")  # kiwi may read a name's 는 as 늘다 + ᆫ ("Xqa랑 Xqb는 먹었다고")
            continue
        if token.tag.startswith("NN") and token.form[-1:] == "랑" and token.form[:-1] in YOU | ME:
            current.extend((Morph(token.form[:-1], "NP"), Morph("랑", "JC")))  # kiwi's one noun "너랑"
            continue
        if token.form == "시" and token.tag == "EP" and current and current[-1] == _DRINK:
            continue  # the 시 of 마시 kiwi cut off (below)
        if token.form == "말" and token.tag == "VX" and masked[start:start + 2] in _DRINK_FORMS:
            current.append(_DRINK)  # kiwi reads "마마 마셨어요" as 말 + 시 + 었 after some nouns
            continue
        if token.tag.startswith("V") and current and current[-1] == _INSIDE:
            current[-1] = _NOT  # kiwi may read "수림 안 먹어요" as 수림 + 안 (inside) before a verb
        if token.tag == "JKS" and len(current) > 1 and current[-1] == _OF and current[-2].tag == "NP":
            current.pop()  # kiwi may read "제가"/"내가" as 저 + 의 + 가 before an object it was told of
        if token.form == "고" and current and current[-1].name is not None and joined:
            current.extend(_AND_IS)  # "거짓말쟁이는 Xqa고 범인은 Xqb야"
            continue
        current.append(Morph(token.form, token.tag, placeholders.get(token.form), start in things))
    if current:
        sentences.append(_sentence(current))
    return tuple(_acts(s, verb) for s in sentences), unknown_names(masked)


_NOUN_TAGS = frozenset({"NNG", "NNP"})
_BEFORE_OBJECT = frozenset({"마지막", "위", "안", "속", "옆", "앞", "뒤", "밑", "아래"})  # no part of its name
_NOT_OBJECTS = frozenset({"질문", "기회", "사람", "답", "하나", "것", "거", "명", "번", "개", "중", "누구", "뭐", "무엇"})
_ACTS = frozenset().union(*ACT_VERBS.values()) - {"일으키"}  # an act done to an object, whichever
_ON_THE_WAY = frozenset({"NP", "VCP", "EC", "JKS", "MAG", "JX"})  # "누군가", "누가", "몰래", "다"


def objects(text: str) -> tuple[str, ...]:
    """The objects a Korean text says were eaten, drunk, broken, taken or hidden, or calls the last one ("마지막 찐
    옥수수 한 자루가 없어졌어요", "꿀물 한 잔을 누군가 마셨어요", "복숭아 아이스티를 누가 마셨을까"), as
    written: the run of nouns before the act's 을/를 (or right before the act, "아이스초코 마셨어?")
    or after 마지막, past the words that only
    describe it ("찐", "남은") or count it ("한 잔", "하나"); a compound kept whole, spaces and all."""
    found: list[str] = []
    for line in unicodedata.normalize("NFKC", text).splitlines():
        tokens = [t for t, _ in _tokens(line)]
        for k, token in enumerate(tokens):
            if token.tag == "JKO" and _act_follows(tokens, k + 1):
                noun = _noun_before(line, tokens, k)
            elif token.tag == "VV" and token.form in _ACTS and k and tokens[k - 1].tag in _NOUN_TAGS and (
                    tokens[k - 1].end == token.start - 1):
                noun = _noun_before(line, tokens, k)  # no particle: "아이스초코 마셨어?"
            elif token.form == "마지막" and token.tag == "NNG":
                noun = _noun_after(line, tokens, k + 1)
            else:
                continue
            if noun is not None:
                found.append(noun)
    return tuple(found)


def _act_follows(tokens: Sequence[Token], k: int) -> bool:
    """Whether an act follows an object's particle, past who did it and how: eating, drinking,
    breaking, taking ("가지고 갔", "들고 간") or hiding."""
    while k < len(tokens) and (tokens[k].tag in _ON_THE_WAY or (tokens[k].tag, tokens[k].form) == ("EF", "ᆫ가")):
        k += 1  # "누군가" is 누구 + 이 + ᆫ가 to kiwi
    if _carried_off(tokens, k):
        return True
    return k < len(tokens) and tokens[k].tag == "VV" and tokens[k].form in _ACTS


def _run(line: str, tokens: Sequence[Token], a: int, b: int) -> str | None:
    """The nouns tokens[a:b] as written, or None when they are no object's name."""
    if a >= b:
        return None
    noun = line[tokens[a].start:tokens[b - 1].end]
    return None if noun in _NOT_OBJECTS else noun


def _noun_before(line: str, tokens: Sequence[Token], k: int) -> str | None:
    """The object whose particle is tokens[k]: "꿀물 한 잔을" is the honey water."""
    b = k
    if b >= 2 and tokens[b - 2].tag in ("MM", "NR") and tokens[b - 1].tag.startswith("NN"):
        b -= 2  # a count: "한 잔", "한 조각"
    elif b >= 1 and tokens[b - 1].tag == "NR":
        b -= 1  # "하나를"
    a = b
    while a > 0 and tokens[a - 1].tag in _NOUN_TAGS and tokens[a - 1].form not in _BEFORE_OBJECT and (
            a == b or tokens[a].start - tokens[a - 1].end <= 1):
        a -= 1
    return _run(line, tokens, a, b)


def _noun_after(line: str, tokens: Sequence[Token], a: int) -> str | None:
    """The object called the last one: "마지막 (남은) 찐 옥수수 한 자루"."""
    while a < len(tokens) and (tokens[a].tag.startswith(("VV", "VA", "VX", "E")) or tokens[a].tag == "MAG"):
        a += 1  # what describes it: "남은", "찐", "남아 있던"
    b = a
    while b < len(tokens) and tokens[b].tag in _NOUN_TAGS and tokens[b].form not in _BEFORE_OBJECT and (
            b == a or tokens[b].start - tokens[b - 1].end <= 1):
        b += 1
    return _run(line, tokens, a, b)
