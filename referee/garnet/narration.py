"""A model's narration of one closed Garnet Thief round, checked against the referee's reveal.

A model game master may tell each reveal in a few sentences of its own, shown beside the
referee's reveal, never instead of it; every identity and number in it must be the referee's.
Showing a narration that states a wrong identity, count, share, penalty or total is the worst
mistake this check could make (players would be told a false fact by the table itself), while
rejecting one costs a retry or a missing paragraph. So the check is narrow:

- A sentence that names no character, writes no number (digits, number words, numerals)
  and uses none of the game's words for garnets, the pot, the house, penalties, lies, the
  truth, shares, totals or winners, no word for everyone or nobody and no other name for
  the characters or the garnets (`_ABOUT`) is atmosphere, and passes unread.
- Every other sentence must be read whole: each of its words must be one the checker knows
  (`_WORDS`, the characters' names and aliases in referee/garnet/character.py), and it must
  be cut, at its commas and conjunctions, into clauses each of which is one of the claims
  below; a word it does not know, a number or a seat it cannot place in a claim, or two ways
  to read a number makes the narration rejected, never a guess.
- Every claim must hold of the reveal.

The claims (en / ko / ja forms in the tests and the narrator's prompt): a seat's choice
("seat 3 was the Mafia", "3번은 마피아였다", "3番はマフィアだった"), its announcement ("seat 3
announced Police", "3번은 경찰이라고 했다", "3番は警察と名乗った"), that it lied or told the
truth, how many chose a character ("three Mafia", "마피아 3명", "マフィア3人"), what each seat of
a character gained ("the Mafia got 1 garnet each"), which organisation the pot went to (the
recipient group, when its share is not 0), what a seat gained, paid as a penalty, lost or now
holds, what the house kept, and the round's number. A subject may be carried to the next
clause of its sentence ("seat 3 announced Police but chose Mafia") or named by a pronoun
("it", "they"), only while the sentence has had one subject, and never to a clause about a
total ("the total was 5": whose?). An English count opens with "there were"; a Korean or
Japanese one, which has no such word, is read only before any subject ("5번과 6번은 경찰이라고
했고, 경찰 2명이었다" says what they were, so it is read as that). A sum said of several seats
or of a character chosen by several must say "each" unless it is 0: "the two Mafia got 2"
could mean either.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from enum import Enum, StrEnum
from functools import cache
from typing import Any

from referee.errors import RefereeError
from referee.garnet.character import ALIASES, CHARACTERS, MISSPELLINGS, NAMES, Character
from referee.garnet.game import SEATS
from referee.garnet.payout import Counts, Split
from referee.garnet.words import fold
from referee.lang import LANGS
from referee.lang.display import MAX_NARRATION, problem


class RevealError(RefereeError):
    """A reveal that is not a closed round as the protocol records it (`revealed_json`)."""


class Why(StrEnum):
    """Why a narration may not be shown; each value names the reason in the log and the retry."""

    EMPTY = "empty"  # nothing was said
    UNSHOWABLE = "unshowable"  # not displayable as it is, or too long
    UNREAD = "unread"  # a sentence about the round with a word the checker does not know
    UNREAD_NUMBER = "unread-number"  # a number in no claim the checker can verify
    UNPLACED = "unplaced"  # a seat or character in no claim the checker can verify
    AMBIGUOUS = "ambiguous"  # a number said of several seats without "each"
    NOBODY = "nobody"  # a claim about a character nobody chose
    FALSE = "false"  # a claim that differs from the referee's reveal


@dataclass(frozen=True)
class Reason:
    """One reason to reject: why, the sentence it is in, and what (for a false claim: what
    the sentence says and what the referee revealed)."""

    why: Why
    sentence: str = ""
    detail: str = ""

    def __str__(self) -> str:
        said = f"{self.sentence!r}: " if self.sentence else ""
        text = {
            Why.EMPTY: "the narration is empty",
            Why.UNSHOWABLE: f"the narration cannot be shown: {self.detail}",
            Why.UNREAD: f"the referee cannot read {self.detail!r} in a sentence about the round; "
            "write each fact in one of the forms given and keep the scene in sentences of its own",
            Why.UNREAD_NUMBER: f"{self.detail} is in no fact the referee can check",
            Why.UNPLACED: f"the referee cannot tell what this says of {self.detail}",
            Why.AMBIGUOUS: f"say whether {self.detail} is what each gets (write 'each') or what they get together",
            Why.NOBODY: f"nobody chose {self.detail} this round",
            Why.FALSE: self.detail,
        }[self.why]
        return said + text


class Fact(Enum):
    """What a claim is about."""

    CHOSE = "chose"
    ANNOUNCED = "announced"
    LIED = "lied"
    HONEST = "honest"
    COUNT = "count"
    SHARE = "share"  # what each seat of a character gained
    RECIPIENTS = "recipients"  # the recipient group, as the rules name it (G1)
    POT = "pot"  # who took the pot: every garnet paid from it went to one character's seats
    GAIN = "gain"
    PENALTY = "penalty"
    LOST = "lost"
    TOTAL = "total"
    HOUSE = "house"
    ROUND = "round"


@dataclass(frozen=True)
class Claim:
    """One fact a narration states, as the checker read it. `number` is None for a penalty
    said without its amount ("seat 3 paid the penalty"); `each` is whether the sentence said so."""

    fact: Fact
    seats: tuple[str, ...] = ()
    characters: tuple[Character, ...] = ()
    number: int | None = None
    each: bool = False


def check_reveal(text: str, lang: str, revealed: Mapping[str, Any]) -> tuple[Reason, ...]:
    """Why `text`, a narration of the closed round `revealed` (the protocol's `revealed_json`)
    in `lang`, may not be shown; empty when every identity and number in it is the referee's."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
    reveal = _Reveal.of(revealed)
    if not text.strip():
        return (Reason(Why.EMPTY),)
    unshowable = problem(text, MAX_NARRATION)
    if unshowable:
        return (Reason(Why.UNSHOWABLE, detail=unshowable),)
    reasons: list[Reason] = []
    for sentence in sentences(text):
        if not about_the_round(sentence, lang):
            continue
        read = read_sentence(sentence, lang)
        if isinstance(read, Reason):
            reasons.append(read)
            continue
        reasons += (wrong for claim in read if (wrong := _wrong(claim, reveal, sentence)) is not None)
    return tuple(reasons)


# --- the reveal ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Reveal:
    """The closed round, read from its record (`Round.record`): the split (payout.Split, whose
    `gain` says what each seat of a character took) and each seat's choice, announcement, gain,
    penalty, change and total."""

    number: int
    split: Split
    choices: dict[str, Character]
    announcements: dict[str, Character]
    gains: dict[str, int]
    penalties: dict[str, int]
    applied: dict[str, int]  # what each seat's total changed by (the payout's delta, or less if clamped: G6)
    totals: dict[str, int]

    @classmethod
    def of(cls, revealed: Mapping[str, Any]) -> _Reveal:
        try:
            seats = {key: dict(zip(SEATS, revealed[key], strict=True)) for key in _SEAT_LISTS}

            def said(key: str) -> dict[str, Character]:
                return {seat: Character.parse(name) for seat, name in seats[key].items()}

            def paid(key: str) -> dict[str, int]:
                return {seat: int(n) for seat, n in seats[key].items()}

            counts = Counts(*(int(revealed["counts"][character.value]) for character in CHARACTERS))
            group, beggar, house = (int(revealed[key]) for key in ("group_share", "beggar_share", "house"))
            split = Split(counts, Character.parse(revealed["recipient_group"]), group, beggar, house)
            return cls(
                int(revealed["round"]),
                split,
                said("choices"),
                said("announcements"),
                paid("gains"),
                paid("penalties"),
                paid("applied"),
                paid("totals"),
            )
        except (KeyError, TypeError, ValueError) as err:
            raise RevealError(f"not a closed round as the protocol records it ({err!r}): {dict(revealed)!r}") from None


_SEAT_LISTS = ("choices", "announcements", "gains", "penalties", "applied", "totals")


def _wrong(claim: Claim, reveal: _Reveal, sentence: str) -> Reason | None:
    """Why `claim` may not be shown of `reveal`, or None when it holds."""
    seat_facts: dict[Fact, Callable[[str], object]] = {
        Fact.CHOSE: lambda s: reveal.choices[s],
        Fact.ANNOUNCED: lambda s: reveal.announcements[s],
        Fact.GAIN: lambda s: reveal.gains[s],
        Fact.PENALTY: lambda s: reveal.penalties[s],
        Fact.LOST: lambda s: -reveal.applied[s],
        Fact.TOTAL: lambda s: reveal.totals[s],
    }
    for seat in claim.seats:
        if seat not in reveal.choices:
            return Reason(Why.FALSE, sentence, f"it names seat {seat}, and the seats are 1 to {len(SEATS)}")
    said = _said(claim)
    if claim.fact in seat_facts:
        if len(claim.seats) > 1 and not claim.each and claim.number:
            return Reason(Why.AMBIGUOUS, sentence, str(claim.number))
        for seat in claim.seats:
            truth = seat_facts[claim.fact](seat)
            if claim.fact is Fact.PENALTY and claim.number is None:
                if truth == 0:
                    return Reason(Why.FALSE, sentence, f"it says {said}, but seat {seat} paid no penalty")
                continue
            expected = claim.characters[0] if claim.characters else claim.number
            if truth != expected:
                return Reason(Why.FALSE, sentence, f"it says {said}, but {_truth(claim.fact, seat, truth)}")
        return None
    if claim.fact in (Fact.LIED, Fact.HONEST):
        for seat in claim.seats:
            lied = reveal.announcements[seat] is not reveal.choices[seat]
            if lied != (claim.fact is Fact.LIED):
                return Reason(
                    Why.FALSE,
                    sentence,
                    f"it says {said}, but seat {seat} chose {reveal.choices[seat].value} "
                    f"and announced {reveal.announcements[seat].value}",
                )
        return None
    for character in claim.characters:
        if claim.fact in (Fact.SHARE, Fact.POT) and reveal.split.counts[character] == 0:
            return Reason(Why.NOBODY, sentence, character.value)
    if claim.fact is Fact.COUNT:
        (character,) = claim.characters
        if reveal.split.counts[character] != claim.number:
            return Reason(
                Why.FALSE, sentence, f"it says {said}, but {reveal.split.counts[character]} chose {character.value}"
            )
    elif claim.fact is Fact.SHARE:
        members = sum(reveal.split.counts[character] for character in claim.characters)
        if members > 1 and not claim.each and claim.number:
            return Reason(Why.AMBIGUOUS, sentence, str(claim.number))
        for character in claim.characters:
            if reveal.split.gain(character) != claim.number:
                return Reason(
                    Why.FALSE,
                    sentence,
                    f"it says {said}, but each {character.value} gained {reveal.split.gain(character)}",
                )
    elif claim.fact is Fact.RECIPIENTS:
        (character,) = claim.characters
        if character is not reveal.split.recipient_group:
            return Reason(
                Why.FALSE,
                sentence,
                f"it says {said}, but the recipient group was the {reveal.split.recipient_group.value}",
            )
    elif claim.fact is Fact.POT:
        (character,) = claim.characters
        paid = sum(reveal.gains.values())
        took = sum(gain for seat, gain in reveal.gains.items() if reveal.choices[seat] is character)
        if took == 0 or took != paid or reveal.split.house:
            return Reason(
                Why.FALSE,
                sentence,
                f"it says {said}, but the {character.value} took {took} of it, the others {paid - took} "
                f"and the house {reveal.split.house}",
            )
    elif claim.fact is Fact.HOUSE:
        if reveal.split.house != claim.number:
            return Reason(Why.FALSE, sentence, f"it says {said}, but the house kept {reveal.split.house}")
    elif reveal.number != claim.number:
        return Reason(Why.FALSE, sentence, f"it says {said}, but this is round {reveal.number}")
    return None


def _said(claim: Claim) -> str:
    """The claim in English, for the reasons."""
    seats = " and ".join(f"seat {seat}" for seat in claim.seats)
    names = " and ".join(character.value for character in claim.characters)
    n, each = claim.number, " each" if claim.each else ""
    return {
        Fact.CHOSE: f"{seats} chose {names}",
        Fact.ANNOUNCED: f"{seats} announced {names}",
        Fact.LIED: f"{seats} lied",
        Fact.HONEST: f"{seats} told the truth",
        Fact.COUNT: f"{n} chose {names}",
        Fact.SHARE: f"the {names} gained {n}{each}",
        Fact.RECIPIENTS: f"the recipient group was the {names}",
        Fact.POT: f"the whole pot went to the {names}",
        Fact.GAIN: f"{seats} gained {n}{each}",
        Fact.PENALTY: f"{seats} paid {'a penalty' if n is None else f'a penalty of {n}'}{each}",
        Fact.LOST: f"{seats} lost {n}{each}",
        Fact.TOTAL: f"{seats} {'hold' if len(claim.seats) > 1 else 'holds'} {n}{each}",
        Fact.HOUSE: f"the house kept {n}",
        Fact.ROUND: f"this is round {n}",
    }[claim.fact]


def _truth(fact: Fact, seat: str, truth: object) -> str:
    """What the referee revealed of `seat` for a claim of `fact` about it."""
    if fact is Fact.LOST:
        return f"seat {seat}'s garnets changed by {-truth:+d}" if isinstance(truth, int) else ""
    value = truth.value if isinstance(truth, Character) else truth
    verb = {
        Fact.CHOSE: "chose",
        Fact.ANNOUNCED: "announced",
        Fact.GAIN: "gained",
        Fact.PENALTY: "paid a penalty of",
        Fact.TOTAL: "now holds",
    }[fact]
    return f"seat {seat} {verb} {value}"


# --- sentences and what is about the round -----------------------------------------------------

_ENDS = re.compile(r"[.!?。！？．…]+")
_NUMBER_DOT = re.compile(r"\bno\s*$", re.IGNORECASE)


def sentences(text: str) -> list[str]:
    """`text` cut after each full stop, question or exclamation mark, except a point between
    digits (1.5) and the stop of "No. 3"."""
    out: list[str] = []
    start = 0
    for end in _ENDS.finditer(text):
        before, after = text[: end.start()], text[end.end() :]
        if after[:1].isdigit() and before[-1:].isdigit():
            continue
        if _NUMBER_DOT.search(before) and after.lstrip()[:1].isdigit():
            continue
        out.append(text[start : end.end()].strip())
        start = end.end()
    out.append(text[start:].strip())
    return [sentence for sentence in out if sentence]


def about_the_round(sentence: str, lang: str) -> bool:
    """Whether `sentence` may state a fact of the round: it has a digit or numeral, a character's
    name, or one of the game's words (`_ABOUT`). Wider than what the checker reads, on purpose."""
    folded = fold(sentence)
    if lang != "en":
        folded = folded.replace(" ", "")
    return any(ch.isdigit() for ch in folded) or _about(lang).search(folded) is not None


@cache
def _about(lang: str) -> re.Pattern[str]:
    names = [name for names in NAMES.values() for name in names.values()]
    names += [
        word
        for listed in (ALIASES, MISSPELLINGS)
        for words in listed.values()
        for found in words.values()
        for word in found
    ]
    terms = sorted({fold(term) for term in names + _split(_ABOUT[lang])}, key=len, reverse=True)
    listed = "|".join(re.escape(term if lang == "en" else term.replace(" ", "")) for term in terms)
    return re.compile(rf"\b(?:{listed})\b|{_NUMERAL[lang]}" if lang == "en" else rf"{listed}|{_NUMERAL[lang]}")


_NUMERAL = {
    "en": r"\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|once|twice|half|double|"
    r"first|second|third|fourth|fifth|sixth|seventh|eighth|dozen|none|single)\b",
    "ko": r"하나|둘|셋|넷|다섯|여섯|일곱|여덟|아홉|(?:한|두|세|네|열|스무)(?:명|개|사람|번|자리)",
    "ja": r"[〇零一二三四五六七八九十百]|ひとり|ふたり|ひとつ|ふたつ|みっつ|よっつ|いつつ|むっつ|ななつ|やっつ|ゼロ",
}

_ABOUT = {
    "en": "garnet | garnets | gem | gems | pot | prize | house | bank | penalty | penalties | fine | fined | paid "
    "| pay | pays | lie | lied | lies | liar | liars | lying | bluff | bluffed | bluffing | bluffs | truth "
    "| honest | honestly | truthful | share | shares | split | total | totals | score | win | won | wins "
    "| winner | winners | lead | leads | leader | announced | claimed | declared | announcement | each | recipient "
    "| recipients | everyone | everybody | nobody | no one | nothing | everything | anything | something | all | none "
    "| both | gang | gangs | gangster | gangsters | mob | mobster | mobsters | thief | thieves | crook | crooks "
    "| officer | officers | detective | detectives | tramp | tramps | hobo | hobos | pauper | paupers | syndicate "
    "| money | coin | coins | jewel | jewels | stone | stones | reward | loot | spoils | profit | debt",
    "ko": "가넷 | 판돈 | 상금 | 하우스 | 은행 | 벌금 | 페널티 | 패널티 | 벌칙 | 거짓 | 속였 | 허세 | 블러 | 진실 | 정직 "
    "| 솔직 | 분배 | 나눠 | 나누 | 합계 | 총 | 누적 | 보유 | 우승 | 선두 | 1위 | 꼴찌 | 선언 | 주장 | 각각 | 씩 | 모두 "
    "| 아무도 | 아무것도 | 전부 | 다들 | 모든 | 조직 | 갱 | 경관 | 형사 | 도둑 | 빈털터리 | 돈 | 보석 | 보상 | 몫 | 빚 "
    "| 이득 | 손해",
    "ja": "ガーネット | 賞金 | ポット | ハウス | 胴元 | 罰金 | ペナルティ | 罰 | 嘘 | ブラフ | 偽 | 本当 | 真実 | 正直 "
    "| 山分け | 分け | 分配 | 受け取 | 受取 | 合計 | 累計 | 保有 | 優勝 | 首位 | 最下位 | 名乗 | 宣言 | 申告 | 主張 | ずつ "
    "| それぞれ | 全員 | 誰も | 何も | みんな | 皆 | 全部 | すべて | 全て | 組織 | ギャング | 刑事 | 警官 | 泥棒 | 金 | 宝石 "
    "| 報酬 | 分け前 | 借金 | 得 | 損",
}


def _split(listed: str) -> list[str]:
    return [word.strip() for word in listed.split("|") if word.strip()]


# --- the words ---------------------------------------------------------------------------------


class _Kind(Enum):
    """What a piece of a sentence is. The values are the letters the claim patterns match."""

    SEAT = "S"  # one or more seats
    GROUP = "G"  # one or more characters, each with the count said of it, if any
    NUMBER = "N"  # a number with no unit
    LOOSE = "n"  # a number the checker cannot place: 1.5, or "round 3 Mafia"; in no pattern
    PEOPLE = "M"  # a number of people: 3명, 3人
    ITEMS = "I"  # a number of garnets: 1 garnet, 1개, 1個
    BE = "b"  # was, chose, 였다, だった
    SAY = "a"  # announced, claimed, 선언했다, 名乗った
    PLAIN_SAY = "y"  # 했다, 言った: an announcement only after a quote (경찰이라고 했다)
    QUOTE = "q"  # 라고, だと
    LIE = "l"
    TRUTH = "t"
    GET = "r"  # got, took, 받았다, 得た
    SPLIT = "x"  # split, 나눠 가졌다, 山分けした
    PAY = "p"
    PENALTY = "f"
    LOSE = "d"
    TOTAL = "v"  # has, holds, 가지고 있다, 持っている
    TOTAL_NOUN = "T"  # total, 합계, 合計: whose total, a clause must say itself
    THERE = "X"  # there were: what a count of characters opens with in English
    HOUSE = "h"
    POT = "o"
    RECIPIENTS = "u"  # the recipient group, as the rules call it
    TO = "w"  # went to, 돌아갔다, 戻った
    EACH = "e"
    ROUND = "R"  # a round with its number; without one ("each round") in no pattern
    OVER = "z"  # is revealed, ends: said of the round alone
    PRONOUN = "k"
    GARNET = "g"
    BREAK = ","  # a conjunction, a colon: clauses are read one by one
    COMMA = ";"  # a break that may also run through a list ("seats 1, 2 and 3")
    # pieces the passes below combine or drop before any pattern sees them:
    CHARACTER = "C"
    SEAT_WORD = "s"  # seat, player (before the number)
    SEAT_MARK = "%"  # No., # (before a number in digits: "no one" is nobody)
    SEAT_COUNTER = "#"  # 번, 番 (after it)
    PEOPLE_COUNTER = "m"
    ITEM_COUNTER = "i"
    MINUS = "-"
    AND = "&"  # and, 과, と between two seats or characters joins them; elsewhere a break
    AND_OR_QUOTE = "~"  # Japanese と: "and" between two of a kind, else a quote before a verb of saying
    GA = "^"  # Japanese が: a break after a verb, else a particle
    FILLER = "_"
    UNKNOWN = "?"


@dataclass(frozen=True)
class _Token:
    kind: _Kind
    text: str
    value: Any = None
    digits: bool = False  # a number written in digits (only these take 번 and 番: 한 번 is 'once')


_VERBS = frozenset(
    {_Kind.BE, _Kind.SAY, _Kind.PLAIN_SAY, _Kind.LIE, _Kind.TRUTH, _Kind.GET, _Kind.SPLIT, _Kind.PAY, _Kind.LOSE}
    | {_Kind.TOTAL, _Kind.TO}
)

# Korean verbs by their past (or 있) stem, each with the endings of a sentence's end or of a
# clause that goes on (these also break the sentence into clauses).
_KO_ENDS = "다 | 습니다 | 어요 | 죠 | 지요"
_KO_LINKS = "고 | 으며 | 지만 | 는데 | 으나 | 어서"


def _ko(stems: str) -> tuple[str, str]:
    """Every form of the Korean `stems` that ends a sentence, and every one that links a clause."""
    forms = [(stem, end) for stem in _split(stems) for end in _split(_KO_ENDS)]
    links = [(stem, end) for stem in _split(stems) for end in _split(_KO_LINKS)]
    return " | ".join(s + e for s, e in forms), " | ".join(s + e for s, e in links)


_KO_BE, _KO_BE_LINK = _ko("였 | 이었 | 선택했 | 골랐 | 택했 | 뽑았 | 로밝혀졌 | 으로밝혀졌 | 로드러났 | 으로드러났")
_KO_SAY, _KO_SAY_LINK = _ko("선언했 | 주장했 | 발표했 | 외쳤 | 밝혔 | 공언했")
_KO_PLAIN, _KO_PLAIN_LINK = _ko("했 | 말했 | 답했")
_KO_LIE, _KO_LIE_LINK = _ko("거짓말을했 | 거짓말했 | 허세를부렸 | 블러핑했 | 블러프했 | 속였")
_KO_TRUTH, _KO_TRUTH_LINK = _ko("진실을말했 | 사실대로말했 | 정직했 | 솔직했")
_KO_GET, _KO_GET_LINK = _ko("받았 | 얻었 | 가져갔 | 챙겼 | 획득했 | 벌었")
_KO_SPLIT, _KO_SPLIT_LINK = _ko("나눠가졌 | 나누어가졌 | 나눴 | 나누었")
_KO_PAY, _KO_PAY_LINK = _ko("냈 | 물었 | 지불했 | 납부했")
_KO_LOSE, _KO_LOSE_LINK = _ko("잃었")
_KO_TOTAL, _KO_TOTAL_LINK = _ko("가지고있 | 갖고있 | 보유하고있 | 되었 | 됐")
_KO_TO, _KO_TO_LINK = _ko("돌아갔 | 갔 | 넘어갔")

_B = _Kind.BREAK

# Each language's words by what they are, "|" between them (an English entry may be several
# words). A word is known only in its language; the characters' names in every language.
_WORDS: dict[str, dict[_Kind | tuple[_Kind, ...], str]] = {
    "en": {
        _Kind.FILLER: "the | a | an | this | that | now | finally | indeed | in fact | actually | really | truly | of "
        "| 's | in | in total | this round | in this round | altogether | as | choice | character | role | identity | \" | “ | ” | ' "
        "| . | ! | …",
        _Kind.BE: "was | were | is | are | be | to be | was revealed as | was revealed to be | is revealed as "
        "| were revealed as | revealed | turned out to be | turns out to be | chose | chooses | picked | picks "
        "| had chosen | had picked | played | went with",
        _Kind.SAY: "announced | announces | had announced | claimed | claims | had claimed | declared | declares "
        "| said | says | had said | announcement | claim",
        _Kind.PRONOUN: "it | its | they | their | he | his | she | her",
        _Kind.LIE: "lied | lies | was lying | had lied | bluffed | bluffs | was bluffing | had bluffed | was a liar",
        _Kind.TRUTH: "told the truth | tells the truth | had told the truth | was honest | was truthful",
        _Kind.GET: "got | gets | gained | gains | received | receives | took | takes | earned | earns | won | wins "
        "| collected | kept | keeps | was paid | were paid | took home",
        _Kind.SPLIT: "split | shared | divided",
        _Kind.PAY: "paid | pays | had to pay | was fined | were fined | is fined",
        _Kind.PENALTY: "penalty | penalties | fine | fines",
        _Kind.LOSE: "lost | loses",
        _Kind.TOTAL: "has | have | now has | holds | hold | stands at | ends with | ended with "
        "| ends the round with | is at | sits at",
        _Kind.TOTAL_NOUN: "total | totals | a total of",
        _Kind.THERE: "there were | there was | there are | there is",
        _Kind.HOUSE: "house | bank",
        _Kind.GARNET: "garnet | garnets",
        _Kind.POT: "pot",
        _Kind.RECIPIENTS: "recipients | recipient | recipient group",
        _Kind.TO: "to | went to | went back to | goes to | go to | returned to | returns to | back to",
        _Kind.EACH: "each | apiece | each of",
        _Kind.AND: "and",
        _Kind.BREAK: "but | while | so | whereas | yet | then | ; | : | - | – | —",
        _Kind.COMMA: ",",
        _Kind.ROUND: "round",
        _Kind.OVER: "is revealed | is over | ends | closes | comes to an end",
        _Kind.SEAT_WORD: "seat | seats | player | players",
        _Kind.SEAT_MARK: "no | number | #",
        _Kind.MINUS: "minus | −",
    },
    "ko": {
        _Kind.FILLER: "은 | 는 | 이 | 가 | 을 | 를 | 의 | 에 | 에게 | 께 | 로 | 으로 | 들 | 사실 | 사실은 | 실제로 "
        "| 실제로는 | 결국 | 이번 | 이번에 | 이번라운드 | 이번라운드에 | 그 | 정체 | 선택 | \" | “ | ” | ' | 「 | 」 | . | ! | … | 。 | ！ | ．",
        _Kind.BE: f"이다 | 다 | 입니다 | 이에요 | 예요 | {_KO_BE}",
        (_Kind.BE, _B): f"이고 | 고 | 이며 | 며 | 인데 | 이지만 | 지만 | {_KO_BE_LINK}",
        _Kind.SAY: _KO_SAY,
        (_Kind.SAY, _B): _KO_SAY_LINK,
        _Kind.PLAIN_SAY: _KO_PLAIN,
        (_Kind.PLAIN_SAY, _B): _KO_PLAIN_LINK,
        _Kind.QUOTE: "라고 | 이라고",
        _Kind.LIE: _KO_LIE,
        (_Kind.LIE, _B): _KO_LIE_LINK,
        _Kind.TRUTH: _KO_TRUTH,
        (_Kind.TRUTH, _B): _KO_TRUTH_LINK,
        _Kind.GET: _KO_GET,
        (_Kind.GET, _B): _KO_GET_LINK,
        _Kind.SPLIT: _KO_SPLIT,
        (_Kind.SPLIT, _B): _KO_SPLIT_LINK,
        _Kind.PAY: _KO_PAY,
        (_Kind.PAY, _B): _KO_PAY_LINK,
        _Kind.PENALTY: "벌금 | 페널티 | 패널티 | 벌칙",
        _Kind.LOSE: _KO_LOSE,
        (_Kind.LOSE, _B): _KO_LOSE_LINK,
        _Kind.TOTAL: _KO_TOTAL,
        _Kind.TOTAL_NOUN: "합계 | 총 | 총합 | 누적 | 보유",
        (_Kind.TOTAL, _B): _KO_TOTAL_LINK,
        _Kind.HOUSE: "하우스 | 은행 | 딜러",
        _Kind.POT: "판돈 | 상금",
        _Kind.RECIPIENTS: "분배대상 | 분배받는쪽 | 수령그룹",
        _Kind.TO: _KO_TO,
        (_Kind.TO, _B): _KO_TO_LINK,
        _Kind.EACH: "각각 | 각자 | 씩",
        _Kind.AND: "과 | 와 | 하고 | 랑 | 이랑 | 및",
        _Kind.BREAK: "그리고 | 하지만 | 그러나 | 그런데 | 그래서 | 따라서 | 반면 | ; | : | - | – | —",
        _Kind.COMMA: ", | 、",
        _Kind.ROUND: "라운드",
        _Kind.OVER: "밝혀졌다 | 공개되었다 | 공개됐다 | 끝났다",
        _Kind.SEAT_MARK: "플레이어",
        _Kind.SEAT_COUNTER: "번 | 번자리 | 번좌석 | 번플레이어 | 번석 | 번님",
        _Kind.PEOPLE_COUNTER: "명 | 사람",
        _Kind.ITEM_COUNTER: "개",
        _Kind.GARNET: "가넷",
        _Kind.MINUS: "마이너스 | −",
    },
    "ja": {
        _Kind.FILLER: "は | を | に | の | へ | たち | 達 | として | 実は | 実際は | 実際には | 結局 | 今回 | この | 正体 | 本当は | 第 "
        "| 「 | 」 | 『 | 』 | \" | “ | ” | ' | . | ! | … | 。 | ！ | ．",
        _Kind.BE: "だった | でした | だ | です | であった | である | 選んだ | 選びました | 選んでいた | 選択した | 選択しました "
        "| と判明した | だと判明した | であると判明した",
        (_Kind.BE, _B): "であり | で | 選び | 選んで | 選択し | だったけど | でしたけど",
        _Kind.SAY: "名乗った | 名乗りました | 宣言した | 宣言しました | 申告した | 申告しました | 主張した | 主張しました "
        "| 発表した | 表明した",
        (_Kind.SAY, _B): "名乗り | 名乗って | 宣言し | 宣言して | 申告し | 申告して | 主張し | 主張して",
        _Kind.PLAIN_SAY: "言った | 言いました | 話した | 答えた",
        (_Kind.PLAIN_SAY, _B): "言い | 言って",
        _Kind.QUOTE: "だと | であると",
        _Kind.LIE: "嘘をついた | 嘘をつきました | 嘘ついた | 嘘をついていた | ブラフをかけた | 偽った",
        (_Kind.LIE, _B): "嘘をつき | 嘘をついて | 偽り | 偽って",
        _Kind.TRUTH: "本当のことを言った | 真実を言った | 正直だった | 正直に申告した | 嘘をつかなかった",
        _Kind.GET: "得た | 得ました | もらった | もらいました | 獲得した | 獲得しました | 受け取った | 受け取りました "
        "| 手に入れた | 手にした",
        (_Kind.GET, _B): "得て | もらい | もらって | 獲得し | 獲得して | 受け取り | 受け取って",
        _Kind.SPLIT: "山分けした | 分け合った | 分けた",
        _Kind.PAY: "払った | 払いました | 支払った | 支払いました | 没収された",
        (_Kind.PAY, _B): "払い | 払って | 支払い | 支払って",
        _Kind.PENALTY: "罰金 | ペナルティ",
        _Kind.LOSE: "失った | 失いました | 減った | 減りました",
        _Kind.TOTAL: "持っている | 持っています | 保有している | になった | になりました | となった",
        _Kind.TOTAL_NOUN: "合計 | 累計 | 保有",
        _Kind.HOUSE: "ハウス | 胴元",
        _Kind.POT: "賞金 | ポット",
        _Kind.RECIPIENTS: "分配先 | 受け取り側 | 受取側",
        _Kind.TO: "戻った | 戻りました | 渡った | 渡りました | 入った | 入りました",
        _Kind.EACH: "ずつ | それぞれ | 各自",
        _Kind.AND: "や | および | ・",
        _Kind.AND_OR_QUOTE: "と",
        _Kind.GA: "が",
        _Kind.BREAK: "けど | けれど | けれども | しかし | そして | だが | ので | ; | : | - | – | —",
        _Kind.COMMA: "、 | ,",
        _Kind.ROUND: "ラウンド | ラウンド目 | 回戦",
        _Kind.OVER: "が明かされた | が明らかになった | が公開された | が終わった | 終了",
        _Kind.SEAT_MARK: "プレイヤー",
        _Kind.SEAT_COUNTER: "番 | 番席 | 番の席 | 番さん | 番プレイヤー",
        _Kind.PEOPLE_COUNTER: "人 | 名",
        _Kind.ITEM_COUNTER: "個 | つ | 枚",
        _Kind.GARNET: "ガーネット",
        _Kind.MINUS: "マイナス | −",
    },
}

# Numbers written as words, with the kind they are (a Japanese ひとり is a number of people).
_NUMBER_WORDS: dict[str, dict[str, tuple[_Kind, int]]] = {
    "en": {
        **{
            word: (_Kind.NUMBER, n)
            for n, word in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())
        },
        "nothing": (_Kind.ITEMS, 0),
        "no garnets": (_Kind.ITEMS, 0),
        "no garnet": (_Kind.ITEMS, 0),
        "a garnet": (_Kind.ITEMS, 1),
        "a single garnet": (_Kind.ITEMS, 1),
    },
    "ko": {
        word: (_Kind.NUMBER, n)
        for words, n in (
            ("하나 한", 1),
            ("둘 두", 2),
            ("셋 세", 3),
            ("넷 네", 4),
            ("다섯", 5),
            ("여섯", 6),
            ("일곱", 7),
            ("여덟", 8),
            ("아홉", 9),
            ("열", 10),
        )
        for word in words.split()
    },
    "ja": {
        **{ch: (_Kind.NUMBER, n) for n, ch in enumerate("〇一二三四五六七八九十")},
        "零": (_Kind.NUMBER, 0),
        "ゼロ": (_Kind.NUMBER, 0),
        "ひとり": (_Kind.PEOPLE, 1),
        "ふたり": (_Kind.PEOPLE, 2),
        **{
            word: (_Kind.ITEMS, n)
            for n, word in enumerate("ひとつ ふたつ みっつ よっつ いつつ むっつ ななつ やっつ".split(), 1)
        },
    },
}

_UNIT = re.compile(r"(?P<word>[a-z\u00df-\u00f6\u00f8-\u024f]+)|(?P<number>\d+(?:[.,]\d+)*)|'s\b|\S")
_SIGN = re.compile(r"(?<!\d)[-−–](?=\d)")


def _units(text: str) -> tuple[str, ...]:
    """Text as the lexicon is looked up in: English words, numbers, and every other sign
    (so each Korean or Japanese letter, and spaces between their words do not matter); a
    minus sign is one only right before a digit."""
    return tuple(found.group() for found in _UNIT.finditer(_SIGN.sub("−", fold(text))))


@dataclass(frozen=True)
class _Piece:
    kind: _Kind
    value: Any = None


@cache
def _lexicon(lang: str) -> dict[tuple[str, ...], tuple[_Piece, ...]]:
    """Every piece `lang` knows, by its units: the characters' names in every language, the
    number words and the words. A piece listed twice with two meanings is refused at load."""
    lexicon: dict[tuple[str, ...], tuple[_Piece, ...]] = {}

    def add(word: str, pieces: tuple[_Piece, ...]) -> None:
        if lexicon.setdefault(_units(word), pieces) != pieces:
            raise ValueError(f"{word!r} is listed as {pieces} and as {lexicon[_units(word)]}")

    for names in (NAMES, ALIASES):
        for words in names.values():
            for character, found in words.items():
                for name in (found,) if isinstance(found, str) else found:
                    add(name, (_Piece(_Kind.CHARACTER, character),))
    for word, (kind, n) in _NUMBER_WORDS[lang].items():
        add(word, (_Piece(kind, n),))
    for kinds, listed in _WORDS[lang].items():
        for word in _split(listed):
            add(word, tuple(_Piece(kind) for kind in (kinds if isinstance(kinds, tuple) else (kinds,))))
    return lexicon


@cache
def _longest(lang: str) -> int:
    return max(map(len, _lexicon(lang)))


def _lexed(sentence: str, lang: str) -> list[_Token]:
    """The sentence cut into the longest known pieces, from the left; a number in digits is a
    number (with a point or comma in it, a number the checker cannot place), and a run of
    anything else is one unknown piece."""
    lexicon, seen = _lexicon(lang), _units(sentence)
    space = " " if lang == "en" else ""
    out: list[_Token] = []
    at = 0
    while at < len(seen):
        unit = seen[at]
        if unit[0].isdigit():
            kind = _Kind.NUMBER if unit.isdigit() else _Kind.LOOSE
            out.append(_Token(kind, unit, int(unit) if unit.isdigit() else None, digits=True))
            at += 1
            continue
        for size in range(min(_longest(lang), len(seen) - at), 0, -1):
            pieces = lexicon.get(seen[at : at + size])
            if pieces is not None:
                out += [_Token(piece.kind, space.join(seen[at : at + size]), piece.value) for piece in pieces]
                at += size
                break
        else:
            if out and out[-1].kind is _Kind.UNKNOWN:
                out[-1] = replace(out[-1], text=out[-1].text + space + unit)
            else:
                out.append(_Token(_Kind.UNKNOWN, unit))
            at += 1
    return out


# --- from pieces to claims ---------------------------------------------------------------------


def _numbers(tokens: list[_Token], lang: str) -> list[_Token]:
    """Signs, seats, counted numbers and rounds. A number binds to the word that says what it
    counts: a seat word before it ("seat 3", "player three"; after "No.", "#" or 플레이어 only
    digits: "no one" is nobody), a round, or after it a counter, a garnet, a round or (in English) a character. A number with a binder
    on each side is left bare ("round 3 Mafia": the round, or three Mafia?), and a bare number
    is in no claim. A seat word or counter left over is a word the checker cannot place."""
    out: list[_Token] = []
    at = 0
    while at < len(tokens):
        token = tokens[at]
        before = out[-1] if out else None
        after = tokens[at + 1] if at + 1 < len(tokens) else None
        if token.kind is _Kind.NUMBER and before is not None and before.kind is _Kind.MINUS:
            out.pop()
            token = replace(token, text=f"-{token.text}", value=-token.value)
            before = out[-1] if out else None
        if token.kind is _Kind.LOOSE and after is not None and after.kind in _RIGHT_BINDERS:
            out.append(replace(token, text=token.text + after.text))  # "1.5개": the number, not its counter
            at += 2
            continue
        if token.kind is not _Kind.NUMBER:
            out.append(token)
            at += 1
            continue
        left = (
            before is not None
            and before.value is None
            and (before.kind in (_Kind.ROUND, _Kind.SEAT_WORD) or (before.kind is _Kind.SEAT_MARK and token.digits))
        )
        right = after is not None and (
            (after.kind in _RIGHT_BINDERS and (after.kind is not _Kind.SEAT_COUNTER or token.digits))
            or (lang == "en" and after.kind is _Kind.CHARACTER)
        )
        if left and not right:
            assert before is not None
            kind = _Kind.ROUND if before.kind is _Kind.ROUND else _Kind.SEAT
            value = (str(token.value),) if kind is _Kind.SEAT else token.value
            out[-1] = _Token(kind, f"{before.text} {token.text}", value)
        elif right and not left and after is not None and after.kind in _RIGHT_BINDERS:
            kind = _RIGHT_BINDERS[after.kind]
            value = (str(token.value),) if kind is _Kind.SEAT else token.value
            out.append(_Token(kind, token.text + (" " if lang == "en" else "") + after.text, value))
            at += 1
        else:
            out.append(replace(token, kind=_Kind.LOOSE) if left and right else token)
        at += 1
    return [replace(t, kind=_Kind.UNKNOWN) if t.kind in _STRAYS else t for t in out]


_STRAYS = (_Kind.SEAT_WORD, _Kind.SEAT_MARK, _Kind.SEAT_COUNTER, _Kind.PEOPLE_COUNTER, _Kind.ITEM_COUNTER, _Kind.MINUS)

_RIGHT_BINDERS = {
    _Kind.SEAT_COUNTER: _Kind.SEAT,
    _Kind.PEOPLE_COUNTER: _Kind.PEOPLE,
    _Kind.ITEM_COUNTER: _Kind.ITEMS,
    _Kind.GARNET: _Kind.ITEMS,
    _Kind.ROUND: _Kind.ROUND,
}


def _pairs(tokens: list[_Token], lang: str) -> list[_Token]:
    """Garnets and counts joined to what they count: "가넷 1개" is 1 garnet, "마피아 3명" and
    "3人のマフィア" three Mafia (a count with a character on each side binds to neither); every
    other character is a group of one, uncounted. In English a number right before a
    character counts it ("three Mafia")."""
    out: list[_Token] = []
    at = 0
    while at < len(tokens):
        token = tokens[at]
        before = out[-1] if out else None
        after = tokens[at + 1] if at + 1 < len(tokens) else None
        if token.kind is _Kind.ITEMS and before is not None and before.kind is _Kind.GARNET:
            out[-1] = replace(token, text=f"{before.text} {token.text}")
        elif token.kind is _Kind.GARNET and before is not None and before.kind is _Kind.ITEMS:
            out[-1] = replace(before, text=f"{before.text} {token.text}")
        elif token.kind is _Kind.CHARACTER and lang == "en" and before is not None and before.kind is _Kind.NUMBER:
            out[-1] = _Token(_Kind.GROUP, f"{before.text} {token.text}", ((token.value, before.value),))
        elif token.kind is _Kind.PEOPLE:
            counts_left = before is not None and before.kind is _Kind.CHARACTER
            counts_right = after is not None and after.kind is _Kind.CHARACTER
            if counts_left != counts_right:
                character = before if counts_left else after
                assert character is not None
                group = _Token(_Kind.GROUP, f"{character.text} {token.text}", ((character.value, token.value),))
                if counts_left:
                    out[-1] = group
                else:
                    out.append(group)
                    at += 1
            else:
                out.append(token)
        else:
            out.append(token)
        at += 1
    return [_Token(_Kind.GROUP, t.text, ((t.value, None),)) if t.kind is _Kind.CHARACTER else t for t in out]


def _lists(tokens: list[_Token], lang: str) -> list[_Token]:
    """Seats or characters joined by "and" are one subject, and so are those a comma joins
    where a list may run: at a clause's start ("3번, 5번은", "1番、2番と3番は") or on to an "and"
    ("three Mafia, two Cartel and one Beggar"); in English a bare number after a seat goes on
    its list ("seats 1, 2 and 3"). A list says of each what a lone subject would say of it, so
    it only adds claims. A Japanese と between two of a kind is "and", before a verb of saying
    a quote."""
    out: list[_Token] = []
    at = 0
    while at < len(tokens):
        token = tokens[at]
        before = out[-1] if out else None
        end = at
        while end < len(tokens) and tokens[end].kind in _JOINS:
            end += 1
        joined = tokens[at:end]
        nxt = tokens[end] if 0 < len(joined) <= 2 and end < len(tokens) else None
        if before is not None and nxt is not None and before.kind in (_Kind.SEAT, _Kind.GROUP):
            anded = any(t.kind is not _Kind.COMMA for t in joined)
            opens = len(out) == 1 or out[-2].kind in (_Kind.BREAK, _Kind.COMMA)
            if anded or opens or _runs_to_and(tokens, end, before.kind):
                bare = nxt.kind is _Kind.NUMBER and nxt.digits and not _bound(tokens, end)
                if nxt.kind is before.kind:
                    out[-1] = _Token(before.kind, f"{before.text} & {nxt.text}", before.value + nxt.value)
                    at = end + 1
                    continue
                if lang == "en" and before.kind is _Kind.SEAT and bare:
                    out[-1] = _Token(_Kind.SEAT, f"{before.text} & {nxt.text}", before.value + (str(nxt.value),))
                    at = end + 1
                    continue
        out.append(token)
        at += 1
    return [_quote(out, i) if t.kind is _Kind.AND_OR_QUOTE else t for i, t in enumerate(out)]


_JOINS = (_Kind.AND, _Kind.AND_OR_QUOTE, _Kind.COMMA)


def _runs_to_and(tokens: list[_Token], at: int, kind: _Kind) -> bool:
    """Whether the items from `at` on, joined by commas, reach an "and" before another item."""
    for token in tokens[at:]:
        if token.kind in (_Kind.AND, _Kind.AND_OR_QUOTE):
            return True
        if token.kind not in (kind, _Kind.COMMA, _Kind.NUMBER):
            return False
    return False


def _bound(tokens: list[_Token], at: int) -> bool:
    """Whether the number at `at` is followed by something it might count."""
    return at + 1 < len(tokens) and tokens[at + 1].kind in (_Kind.GROUP, _Kind.GARNET, _Kind.ITEMS, _Kind.PEOPLE)


def _quote(tokens: list[_Token], at: int) -> _Token:
    """A Japanese と left over from the lists: a quote right after a character and before a verb of
    saying ("警察と名乗った"), else a word the checker cannot place."""
    before = tokens[at - 1] if at else None
    after = tokens[at + 1] if at + 1 < len(tokens) else None
    said = after is not None and after.kind in (_Kind.SAY, _Kind.PLAIN_SAY)
    if before is not None and before.kind is _Kind.GROUP and said:
        return replace(tokens[at], kind=_Kind.QUOTE)
    return replace(tokens[at], kind=_Kind.UNKNOWN)


def _tokens(sentence: str, lang: str) -> list[_Token]:
    """The sentence's pieces as the claim patterns read them: fillers dropped, numbers bound,
    lists joined, every "and" left over a break."""
    lexed = _lexed(sentence, lang)
    ga = [
        replace(t, kind=_Kind.BREAK if i and lexed[i - 1].kind in _VERBS else _Kind.FILLER) if t.kind is _Kind.GA else t
        for i, t in enumerate(lexed)
    ]
    kept = [t for t in ga if t.kind is not _Kind.FILLER]
    tokens = _lists(_pairs(_numbers(kept, lang), lang), lang)
    return [replace(t, kind=_Kind.BREAK) if t.kind in (_Kind.AND, _Kind.COMMA) else t for t in tokens]


def _clauses(tokens: list[_Token]) -> Iterator[list[_Token]]:
    clause: list[_Token] = []
    for token in tokens:
        if token.kind is _Kind.BREAK:
            if clause:
                yield clause
            clause = []
        else:
            clause.append(token)
    if clause:
        yield clause


# A clause's pattern, over its pieces' letters (`_Kind` values), and the claim it states. The
# subject (a seat or a group, "who") may be missing: it is then the sentence's only subject so
# far, if it has had exactly one. `n` and `c` name the number and the group.
_Pattern = tuple[re.Pattern[str], Fact]

_NUMBERED = "[NI]"


def _patterns(*listed: tuple[str, Fact]) -> tuple[_Pattern, ...]:
    return tuple((re.compile(pattern.replace("#", _NUMBERED)), fact) for pattern, fact in listed)


_CLAIMS: dict[str, tuple[_Pattern, ...]] = {
    "en": _patterns(
        (r"(?P<who>S)b(?P<c>G)", Fact.CHOSE),
        (r"(?P<who>S)a(?:k?b)?(?P<c>G)", Fact.ANNOUNCED),
        (r"(?P<who>S)l", Fact.LIED),
        (r"(?P<who>S)t", Fact.HONEST),
        (r"(?P<who>S)r(?P<n>#)", Fact.GAIN),
        (r"(?P<who>S)p(?:f|(?P<n>#)f?|f(?P<m>#))?(?:wh)?", Fact.PENALTY),
        (r"(?P<who>S)d(?P<n>#)", Fact.LOST),
        (r"(?P<who>S)[vT]+b?(?P<n>#)[vT]?", Fact.TOTAL),
        (r"X(?P<c>G)", Fact.COUNT),
        (r"(?P<who>G)[rx](?P<n>#)", Fact.SHARE),
        (r"(?P<who>G)[rx]o", Fact.POT),
        (r"ow(?P<c>G)", Fact.POT),
        (r"(?P<who>G)bu", Fact.RECIPIENTS),
        (r"ub(?P<c>G)", Fact.RECIPIENTS),
        (r"h[rb](?P<n>#)", Fact.HOUSE),
        (r"(?P<n>#)wh", Fact.HOUSE),
    ),
    "ko": _patterns(
        (r"(?P<who>S)(?P<c>G)b", Fact.CHOSE),
        (r"(?P<who>S)(?P<c>G)(?:q[ay]|a)", Fact.ANNOUNCED),
        (r"(?P<who>S)l", Fact.LIED),
        (r"(?P<who>S)t", Fact.HONEST),
        (r"(?P<who>S)(?P<n>#)r", Fact.GAIN),
        (r"(?P<who>S)(?:f(?P<n>#)?|(?P<m>#)f?)?p", Fact.PENALTY),
        (r"(?P<who>S)f(?P<n>#)b", Fact.PENALTY),
        (r"(?P<who>S)(?P<n>#)d", Fact.LOST),
        (r"(?P<who>S)T(?P<n>#)[bv]?", Fact.TOTAL),
        (r"(?P<who>S)T?(?P<n>#)v", Fact.TOTAL),
        (r"(?P<c>G)b", Fact.COUNT),
        (r"(?P<who>G)(?P<n>#)r", Fact.SHARE),
        (r"(?P<who>G)g?x", Fact.POT),
        (r"(?P<who>G)or", Fact.POT),
        (r"o(?P<c>G)w", Fact.POT),
        (r"(?P<who>G)ub", Fact.RECIPIENTS),
        (r"u(?P<c>G)b", Fact.RECIPIENTS),
        (r"h(?P<n>#)[rwb]", Fact.HOUSE),
        (r"(?P<n>#)hw", Fact.HOUSE),
    ),
}
_CLAIMS["ja"] = _CLAIMS["ko"]

_SUBJECTS = (_Kind.SEAT, _Kind.GROUP)


def read_sentence(sentence: str, lang: str) -> list[Claim] | Reason:
    """Every claim of a sentence about the round, or why it cannot be read whole."""
    tokens = _tokens(sentence, lang)
    unknown = next((t for t in tokens if t.kind is _Kind.UNKNOWN), None)
    if unknown is not None:
        return Reason(Why.UNREAD, sentence, unknown.text)
    claims: list[Claim] = []
    subjects: list[_Token] = []
    for clause in _clauses(tokens):
        read = _clause(clause, lang, subjects)
        if read is None:
            return _unplaced(clause, sentence)
        claims += read
    return claims


def _clause(clause: list[_Token], lang: str, subjects: list[_Token]) -> list[Claim] | None:
    """The claims of one clause, or None if it is none of the patterns. `subjects` are the
    sentence's subjects so far; this clause's, if it has one, is added to them."""
    rounds = [Claim(Fact.ROUND, number=t.value) for t in clause if t.kind is _Kind.ROUND and t.value is not None]
    rest = [t for t in clause if t.kind is not _Kind.ROUND or t.value is None]
    if len(rest) < len(clause) and all(t.kind is _Kind.OVER for t in rest):
        return rounds  # "round 3", "round 3 is revealed"
    each = any(t.kind is _Kind.EACH for t in rest)
    rest = [t for t in rest if t.kind is not _Kind.EACH]
    if not rest:
        return None
    only = subjects[0] if len({(t.kind, t.value) for t in subjects}) == 1 else None
    if rest[0].kind is _Kind.PRONOUN:
        if only is None:
            return None
        rest = [only, *rest[1:]]
    # an English clause with no subject opens with its verb; a Korean or Japanese one may open
    # with its object ("경찰이라고 했지만, 마피아였다"): either way it tries the sentence's subject,
    # unless it speaks of a total ("the total was 5": whose?)
    inherits = rest[0].kind is not _Kind.SEAT and _Kind.TOTAL_NOUN not in {t.kind for t in rest}
    tries = [rest, [only, *rest]] if inherits and only is not None else [rest]
    for tried in tries:
        # a Korean or Japanese count has no word of its own ("마피아 3명이었다"): after a subject
        # it might say what that subject was ("5번과 6번은 ..., 경찰 2명이었다"), so it is not read
        claims = _match(tried, lang, each, counts=lang == "en" or not subjects)
        if claims is None:
            continue
        subject = next((t for t in tried if t.kind in _SUBJECTS), None)
        if subject is not None:  # "there were three Mafia, and they ...": the Mafia
            if any(t.kind is _Kind.PRONOUN for t in tried) and any(t != subject for t in subjects):
                return None  # "seat 5 lied; seat 3 said he was Police": which seat is he?
            subjects.append(subject)
        return rounds + claims
    return None


def _match(tokens: list[_Token], lang: str, each: bool, counts: bool) -> list[Claim] | None:
    letters = "".join(t.kind.value for t in tokens)
    for pattern, fact in _CLAIMS[lang]:
        found = pattern.fullmatch(letters)
        if found is None or (fact is Fact.COUNT and not counts):
            continue
        groups = {name: tokens[found.start(name)] for name, span in found.groupdict().items() if span is not None}
        claims = _claims(fact, groups, each)
        if claims is not None:
            return claims
    return None


def _claims(fact: Fact, groups: dict[str, _Token], each: bool) -> list[Claim] | None:
    """The claims a matched pattern states, or None when its pieces do not fit it (a count
    where none may be, a choice of two characters, counts missing from a list of counts)."""
    who, group = groups.get("who"), groups.get("c")
    numbered = groups.get("n") or groups.get("m")
    number = None if numbered is None else numbered.value
    if fact is Fact.COUNT:
        assert group is not None
        if any(count is None for _, count in group.value):
            return None
        return _counts(group)
    seats: tuple[str, ...] = who.value if who is not None and who.kind is _Kind.SEAT else ()
    if fact in (Fact.CHOSE, Fact.ANNOUNCED):
        assert group is not None
        if len(group.value) != 1 or (fact is Fact.ANNOUNCED and group.value[0][1] is not None):
            return None
        return [Claim(fact, seats, (group.value[0][0],)), *_counts(group)]
    if who is not None and who.kind is _Kind.GROUP:
        characters = tuple(character for character, _ in who.value)
        if fact in (Fact.RECIPIENTS, Fact.POT) and len(characters) != 1:
            return None
        return [Claim(fact, characters=characters, number=number, each=each), *_counts(who)]
    if fact in (Fact.RECIPIENTS, Fact.POT):
        assert group is not None
        if len(group.value) != 1:
            return None
        return [Claim(fact, characters=(group.value[0][0],)), *_counts(group)]
    return [Claim(fact, seats, number=number, each=each)]


def _counts(group: _Token) -> list[Claim]:
    return [Claim(Fact.COUNT, characters=(c,), number=n) for c, n in group.value if n is not None]


def _unplaced(clause: list[_Token], sentence: str) -> Reason:
    number = next((t for t in clause if t.kind in (_Kind.NUMBER, _Kind.LOOSE, _Kind.PEOPLE, _Kind.ITEMS)), None)
    if number is not None:
        return Reason(Why.UNREAD_NUMBER, sentence, repr(number.text))
    named = next((t for t in clause if t.kind in _SUBJECTS), None)
    return Reason(Why.UNPLACED, sentence, repr((named or clause[0]).text))
