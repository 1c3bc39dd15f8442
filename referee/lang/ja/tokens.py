"""Japanese text to tokens: roster names found by pattern, everything else by SudachiPy.

Names are matched before morphological analysis because a roster may hold any names
(Sudachi reads "C" as a common noun and エー as a filler). The text between names is
tokenized with one SplitMode.C tokenizer, loaded once on first use, in pieces Sudachi takes.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from functools import cache
from typing import Literal

from sudachipy import Dictionary, SplitMode, Tokenizer

from referee.lang.incident import INCIDENTS, Verb
from referee.lang.ja.lexicon import (
    ACT_VERBS,
    ANY_VERBS,
    CARRIED,
    DONE_VERBS,
    FIRST_PERSON,
    GROUP,
    HONORIFIC,
    LETTER_READINGS,
    NOT_PEOPLE,
    SECOND_PERSON,
    TYPOS,
    WHO,
)
from referee.liar.world import Roster

Kind = Literal["name", "you", "self", "group", "who", "word"]

SUDACHI_BYTES = 49_149
"""The longest input, in UTF-8 bytes, Sudachi tokenizes; it refuses a longer one."""

_LAST_BREAK = re.compile(r".*[。．.!?！？、，,\s]", re.DOTALL)
"""A piece up to its last sentence end, comma or space (greedy: the longest such prefix)."""

SENTENCE = re.compile(r"[^。．.!?！？\n]+[。．.!?！？]*")
"""One sentence with its closing punctuation (NFKC turns ？ into ?)."""


@dataclass(frozen=True)
class Token:
    """One word: `lemma` is Sudachi's normalized form, or the roster name of a name token."""

    surface: str
    lemma: str
    pos: str
    pos2: str = "*"
    kind: Kind = "word"
    pos3: str = "*"  # 副詞可能 marks a noun that can stand as an adverb (今日, さっき)
    thing: bool = False  # the incident's object, whatever Sudachi would make of it
    act: bool = False  # a verb of the incident's act (食べる in a cake game, 割る in a vase game)

    @property
    def person(self) -> bool:
        return self.kind in ("name", "you", "self")

    @property
    def punct(self) -> bool:
        return self.pos == "補助記号" or self.pos == "空白"


@cache
def _tokenizer() -> Tokenizer:
    return Dictionary(dict="core").tokenizer(mode=SplitMode.C)


def _hiragana(katakana: str) -> str:
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in katakana)


HIRAGANA_NOUNS = {_hiragana(i.noun["ja"]): i.noun["ja"] for i in INCIDENTS.values()}
HIRAGANA_NOUN = re.compile("|".join(HIRAGANA_NOUNS))
"""The incidents' objects typed in hiragana (けーき, じゅーす), which Sudachi misreads."""
TYPO = re.compile("|".join(TYPOS))
HIRAGANA_EAT = re.compile(r"(?<=[がはもて])たべ(?=[たてまなられよるずちさ])")
""""Aさんがたべた": after a particle Sudachi cuts the hiragana verb into がた + べた (下手);
written 食べ it reads as typed."""
CASUAL_NOT = re.compile(r"(?<=[てで])ね[えぇー]+")
""""食べてねえ", "飲んでねー": the casual ない, which Sudachi reads as the particle ね."""
HALF_TYPED = re.compile(r"(?<=[A-Za-z])さn(?![A-Za-z])")
""""Cさn": the IME left the last letter of さん unconverted."""


def normalize(text: str) -> str:
    """Width folded: Ａ reads as A, ？ as ?, half-width kana as full (names match in any case);
    an incident's object in hiragana spelled in katakana; common misspellings mended."""
    text = unicodedata.normalize("NFKC", text).strip()
    text = HALF_TYPED.sub("さん", TYPO.sub(lambda m: TYPOS[m.group(0)], text))
    text = CASUAL_NOT.sub("ない", HIRAGANA_EAT.sub("食べ", text))
    return HIRAGANA_NOUN.sub(lambda m: HIRAGANA_NOUNS[m.group(0)], text)


def sentences(text: str, quotes: bool = False) -> tuple[str, ...]:
    """The sentences of a normalized text, each with its closing punctuation; with `quotes`,
    a sentence quoted in 「」 or 『』 stays inside the one quoting it (a player's nested
    question "Bさんに『Cさんが食べた？』って聞いたら…" is one sentence)."""
    out: list[str] = []
    held = ""
    for piece in SENTENCE.findall(text):
        held += piece
        if quotes and any(held.count(o) > held.count(c) for o, c in ("「」", "『』")):
            continue
        out.append(held)
        held = ""
    return tuple(s.strip() for s in [*out, held] if s.strip())


@dataclass(frozen=True)
class Names:
    """How the roster's names are written: the name, its katakana letter reading, an honorific."""

    pattern: re.Pattern[str]
    forms: dict[str, str]

    def mention(self, form: str) -> str:
        return self.forms[form.casefold()]


@cache
def names(roster: Roster) -> Names:
    forms: dict[str, str] = {}
    for name in roster.names:
        forms[normalize(name).casefold()] = name
        for reading in LETTER_READINGS.get(name.upper(), ()) if len(name) == 1 else ():
            forms[reading] = name
    alternatives = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
    pattern = re.compile(rf"(?<![A-Za-z])({alternatives})(?![A-Za-z]){HONORIFIC}?", re.IGNORECASE)
    return Names(pattern, forms)


STRANGER = re.compile(
    r"(?<![A-Za-z])([A-Z])(?![A-Za-z])|([A-Za-z\u30A1-\u30FA\u30FC\u4E00-\u9FFF]{1,6}?)"
    r"(?:さん|くん|ちゃん|氏|様)"
)


def strangers(text: str, roster: Roster) -> tuple[str, ...]:
    """People mentioned who are not on the roster (Dさん, 田中さん, a lone capital D; not the "w" of a laugh)."""
    text = names(roster).pattern.sub(" ", normalize(text))
    found = []
    for match in STRANGER.finditer(text):
        word = match.group(1) or match.group(2)
        if word in NOT_PEOPLE or word.upper() in NOT_PEOPLE:
            continue
        found.append(word.upper() if len(word) == 1 and word.isascii() else word)
    return tuple(dict.fromkeys(found))


def _word(surface: str, lemma: str, pos: tuple[str, ...], self_is_you: bool) -> Token:
    kind: Kind = "word"
    if pos[0] in ("代名詞", "名詞"):
        if lemma in WHO or surface in WHO:
            kind = "who"
        elif self_is_you and (lemma in SECOND_PERSON or surface in SECOND_PERSON):
            kind = "you"
        elif lemma in FIRST_PERSON or surface in FIRST_PERSON:
            kind = "self"
        elif lemma in SECOND_PERSON or surface in SECOND_PERSON:
            kind = "you"
        elif lemma in GROUP or surface in GROUP:
            kind = "group"
    return Token(surface, lemma, pos[0], pos[1], kind, pos[2])


def tokenize(sentence: str, roster: Roster, self_is_you: bool = True, thing: str = "",
             verb: Verb = "eat") -> tuple[Token, ...]:
    """Tokens of one normalized sentence; `self_is_you` reads 自分 as "you" (a player's question).

    `thing` is the incident's object: found by pattern, like the names, and made one noun, so
    an object Sudachi does not know or cuts in two ("ホットク", "抹茶ラテ") reads as the incident.
    `verb` is its act, whose verbs are marked (`Token.act`)."""
    table = names(roster)
    tokens: list[Token] = []
    at = 0
    for match in table.pattern.finditer(sentence):
        tokens.extend(_things(sentence[at:match.start()], self_is_you, thing))
        tokens.append(Token(match.group(0), table.mention(match.group(1)), "名詞", "固有名詞", "name"))
        at = match.end()
    tokens.extend(_things(sentence[at:], self_is_you, thing))
    return _acts(_carried(tokens), verb)


def _carried(tokens: list[Token]) -> list[Token]:
    """持って行った, 持ってった as one verb 持っていく (its surface kept): 持つ alone is to hold."""
    out: list[Token] = []
    k = 0
    while k < len(tokens):
        t = tokens[k]
        if t.pos == "動詞" and t.lemma in CARRIED and k + 1 < len(tokens):
            nxt = tokens[k + 1]
            if nxt.lemma == "てく":
                out.append(replace(t, surface=t.surface + nxt.surface, lemma="持っていく"))
                k += 2
                continue
            if nxt.surface == "て" and k + 2 < len(tokens) and tokens[k + 2].lemma == "行く":
                out.append(replace(t, surface=t.surface + "て" + tokens[k + 2].surface, lemma="持っていく"))
                k += 3
                continue
        out.append(t)
        k += 1
    return out


def _acts(tokens: list[Token], verb: Verb) -> tuple[Token, ...]:
    """The verbs of the act marked: its own, and those of any incident (ANY_VERBS; of a thing
    broken or hidden only やる, "did you do it")."""
    lemmas = ACT_VERBS[verb] | (ANY_VERBS if verb in ("eat", "drink", "take") else DONE_VERBS)
    return tuple(replace(t, act=True) if t.pos == "動詞" and t.lemma in lemmas else t for t in tokens)


def _script(ch: str) -> str:
    if "ァ" <= ch <= "ヺ" or ch == "ー":
        return "katakana"
    return "latin" if ch.isascii() and ch.isalnum() else ""


@cache
def thing_pattern(thing: str) -> re.Pattern[str]:
    """The object as a whole word: not a piece of a longer katakana or Latin word ("パン" is not
    in "メロンパン", another thing). Kanji and kana run on into the verb ("麦茶飲んだ"), so
    they are not bounded."""
    head = {"katakana": r"(?<![ァ-ヺー])", "latin": r"(?<![A-Za-z0-9])"}
    tail = {"katakana": r"(?![ァ-ヺー])", "latin": r"(?![A-Za-z0-9])"}
    return re.compile(head.get(_script(thing[0]), "") + re.escape(thing) + tail.get(_script(thing[-1]), ""))


def _things(text: str, self_is_you: bool, thing: str) -> list[Token]:
    if not thing:
        return _words(text, self_is_you)
    tokens: list[Token] = []
    at = 0
    for match in thing_pattern(thing).finditer(text):
        tokens.extend(_words(text[at:match.start()], self_is_you))
        tokens.append(Token(thing, thing, "名詞", "普通名詞", thing=True))
        at = match.end()
    tokens.extend(_words(text[at:], self_is_you))
    return tokens


def _words(text: str, self_is_you: bool) -> list[Token]:
    if not text:
        return []
    if text.isspace():
        return [Token(" ", " ", "空白")]
    return [
        _word(m.surface(), m.normalized_form(), m.part_of_speech(), self_is_you)
        for piece in pieces(text)
        for m in _tokenizer().tokenize(piece)
    ]


def pieces(text: str, limit: int = SUDACHI_BYTES) -> list[str]:
    """`text` cut into pieces of at most `limit` UTF-8 bytes for Sudachi: after the last
    sentence end, comma or space that fits, else between two characters (never inside one).
    A text within the limit is one piece, so it is read exactly as before."""
    data = text.encode("utf-8")
    out: list[str] = []
    at = 0
    while len(data) - at > limit:
        head = data[at:at + limit].decode("utf-8", "ignore")  # drops only a cut last character
        cut = _LAST_BREAK.match(head)
        piece = cut.group() if cut else head
        out.append(piece)
        at += len(piece.encode("utf-8"))
    out.append(data[at:].decode("utf-8"))
    return out


def everyone_end(tokens: tuple[Token, ...], i: int) -> int | None:
    """Where a word for everyone starting at `i` ends: 全員, みなさん, 三人とも, お三方."""
    def surface(k: int) -> str:
        return tokens[k].surface if k < len(tokens) else ""

    t = tokens[i]
    if t.kind == "group":
        j = i + 1
    elif t.surface == "お" and i + 1 < len(tokens) and tokens[i + 1].lemma in ("3", "三") and surface(i + 2) == "方":
        j = i + 3
    elif t.pos2 == "数詞" and t.lemma in ("3", "三") and surface(i + 1) in ("人", "方"):
        j = i + 2
    elif t.lemma in ("三人", "3人"):
        j = i + 1
    else:
        return None
    while surface(j) in ("さん", "様", "とも", "共", "全員", "皆"):
        j += 1
    if surface(j) == "と" and surface(j + 1) == "も":
        j += 2
    return j


NOT_OBJECTS = frozenset({"何", "それ", "これ", "全部", "ひとつ", "一つ", "質問", "チャンス", "一人", "人"})
"""Words before を食べる, or after 最後の, that name no object ("何を食べた", "最後の質問")."""
_COUNTERS = frozenset({"個", "切れ", "本", "杯", "つ"})
_ACTS = frozenset().union(*ACT_VERBS.values()) - {"取る"}  # 連絡を取る, 写真を取る: no incident's object


def objects(text: str) -> tuple[str, ...]:
    """The objects eaten, drunk, broken, taken or hidden in Japanese text: the run of nouns
    before を and the act's verb ("A・B・Cのうち1人が抹茶ラテを飲みました"), past who did it and how ("カフェオレを、誰かが
    飲んで", "梨をこっそり食べた"), read by the tokenizer, since Japanese writes no space between
    a compound's words; not a quantity ("一切れ", "1個")."""
    found = []
    for sentence in sentences(normalize(text)):
        tokens = tokenize(sentence, Roster())
        for k, token in enumerate(tokens):
            if token.surface != "を" or not _act_follows(tokens, k + 1):
                continue
            j = k
            while j > 0 and tokens[j - 1].pos in ("名詞", "接頭辞", "接尾辞") and tokens[j - 1].kind == "word":
                j -= 1
            run = tokens[j:k]
            noun = "".join(t.surface for t in run)
            if run and noun not in NOT_OBJECTS and not any(
                    t.pos2 == "数詞" or t.pos3 == "助数詞可能" or (t.pos == "接尾辞" and t.pos2 == "名詞的"
                                                               and t.lemma in _COUNTERS) for t in run):
                found.append(noun)
    return tuple(found)


def _act_follows(tokens: tuple[Token, ...], k: int) -> bool:
    """Whether an act follows an object's を, past a comma, someone (誰かが) and how: eating,
    drinking, breaking, taking or hiding."""
    while k < len(tokens) and (tokens[k].pos in ("補助記号", "副詞") or tokens[k].kind == "who"
                               or tokens[k].surface in ("か", "が")):
        k += 1
    return k < len(tokens) and tokens[k].lemma in _ACTS
