"""Read a game master's reply into typed observations (see `evals.observed`).

The characters' answers are read by the referee's statement extractor (`referee.lang.extract`).
Three things a reply also shows are read here with small per-language patterns, because
they are the game master's own words rather than a character's: the remaining count
("남은 질문: 5회", "残り質問回数：5回", "Questions left: 5"), the verdict on a guess
(정답/오답, 正解/不正解, correct/incorrect) and a role named outright ("범인은 B",
"嘘つきはC", "the liar is C"). In a reply to a question, what none of these reads is passed on
to the extractor, whose unread sentences are kept, never guessed at; a reply to anything
else (a guess, a remark, the reveal request) holds no character's answer, so a recap of
earlier answers there is not read as new ones.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache

from evals.observed import Claim, Role, Turn
from referee.lang import Context, extract
from referee.lang.context import Statement
from referee.lang.incident import Lang
from referee.liar.intent import Confirm, Guess, Intent, Question, Unclear
from referee.liar.world import Roster

_COUNT: dict[Lang, tuple[str, ...]] = {
    "ko": (
        r"남은\s*(?:질문\s*(?:(?:권|횟수|수)\s*)?|횟수\s*)(?:(?:은|는)\s*)?(?:[:=]\s*)?(\d+)",
        r"질문\s*(?:(?:권|횟수)\s*)?(?:(?:이|은|는)\s*)?(\d+)\s*(?:회|개|번)\s*남",
    ),
    "ja": (
        r"残り\s*(?:の\s*)?(?:質問\s*)?(?:(?:権|回数|数)\s*)?(?:は\s*)?(?:[:=]\s*)?(\d+)",
        r"(?:質問\s*(?:(?:権|回数)\s*)?(?:(?:は|が)\s*)?)?あと\s*(\d+)\s*回",
    ),
    "en": (
        r"\b(?:questions?\s+(?:left|remaining)|remaining\s+questions?)\s*(?:[:=]\s*)?(\d+)",
        r"\b(\d+)\s+(?:more\s+)?(?:questions?\s+)?(?:left|remaining)\b",
    ),
}

# In every pattern here an optional word takes the spaces after it ("(?:の\s*)?", not
# "(?:の)?\s*"): two space runs side by side could split a long run of spaces in every way
# before failing, which took 27 s on "残り" and 100 spaces.

# Wrong first: "不正解" contains "正解", "incorrect" contains "correct".
_VERDICT: dict[Lang, tuple[str, str]] = {
    "ko": (r"오답|틀렸|틀립니다", r"정답|맞았|맞습니다|맞아요"),
    "ja": (r"不正解|違います|ちがいます|外れ|ハズレ", r"正解|当たり|その通り"),
    "en": (r"\b(?:incorrect|wrong|not\s+(?:correct|right))\b", r"\b(?:correct|right)\b"),
}

_ROLE_WORDS: dict[Lang, dict[Role, str]] = {
    "ko": {"culprit": r"범인", "liar": r"거짓말쟁이"},
    "ja": {"culprit": r"犯人", "liar": r"嘘つき|うそつき|ウソつき"},
    "en": {"culprit": r"culprit", "liar": r"liar"},
}

# A role word then a name, or a name then a role word; {role} and {name} are filled in.
_CLAIM: dict[Lang, tuple[str, str]] = {
    "ko": (
        r"(?:{role})\s*(?:은|는|:|=)\s*(?:바로\s*)?(?P<name>{name})(?![A-Za-z])",
        r"(?<![A-Za-z])(?P<name>{name})\s*(?:씨\s*)?(?:가|이|는|은)\s*(?:바로\s*)?(?:{role})",
    ),
    "ja": (
        r"(?:{role})\s*(?:は|:|=)\s*(?P<name>{name})(?![A-Za-z])",
        r"(?<![A-Za-z])(?P<name>{name})\s*(?:さん\s*)?(?:が|は)\s*(?:{role})",
    ),
    "en": (
        r"\b(?:{role})\s*(?:is|was|:|=)\s*(?:Mr\.?\s+|Ms\.?\s+)?(?P<name>{name})\b",
        r"\b(?P<name>{name})\s+(?:is|was)\s+(?:the\s+)?(?:{role})\b",
    ),
}

# A line that starts with a character's label ("A:", "「A: ...", "A씨:", "Bさん：", "2. B:").
_SPEAKER_LINE = r"^\s*(?:\d+[.)]\s*)?(?:[「『\"“(（]\s*)?(?:{name})\s*(?:(?:씨|さん|氏)\s*)?[:：]"


@dataclass(frozen=True)
class _Patterns:
    counts: tuple[re.Pattern[str], ...]
    wrong: re.Pattern[str]
    right: re.Pattern[str]
    claims: tuple[tuple[Role, re.Pattern[str]], ...]
    speaker_line: re.Pattern[str]


@cache
def _patterns(lang: Lang, roster: Roster) -> _Patterns:
    names = "|".join(re.escape(name) for name in roster.names)
    wrong, right = _VERDICT[lang]
    claims = tuple(
        (role, re.compile(shape.format(role=word, name=names), re.IGNORECASE))
        for role, word in _ROLE_WORDS[lang].items()
        for shape in _CLAIM[lang]
    )
    return _Patterns(
        counts=tuple(re.compile(p, re.IGNORECASE) for p in _COUNT[lang]),
        wrong=re.compile(wrong, re.IGNORECASE),
        right=re.compile(right, re.IGNORECASE),
        claims=claims,
        speaker_line=re.compile(_SPEAKER_LINE.format(name=names)),
    )


def read_counts(text: str, lang: Lang, roster: Roster = Roster()) -> tuple[int, ...]:
    """Every remaining count displayed in `text`, in order."""
    return _scan(text, _patterns(lang, roster))[0]


def read_verdict(text: str, lang: Lang, roster: Roster = Roster()) -> bool | None:
    """The verdict on a guess: True for right, False for wrong, None when none is stated."""
    p = _patterns(lang, roster)
    if p.wrong.search(text):
        return False
    return True if p.right.search(text) else None


def read_claims(text: str, lang: Lang, roster: Roster = Roster()) -> tuple[Claim, ...]:
    """Roles named outright outside the characters' answers ("the liar is C")."""
    return _scan(text, _patterns(lang, roster))[1]


def _scan(text: str, p: _Patterns) -> tuple[tuple[int, ...], tuple[Claim, ...], str]:
    """Counts and claims in `text`, and what is left for the statement extractor."""
    counts: list[int] = []
    claims: list[Claim] = []
    rest: list[str] = []
    for raw in text.splitlines():
        line = unicodedata.normalize("NFKC", raw)
        spoken = p.speaker_line.match(line) is not None
        shown = [int(m.group(1)) for pattern in p.counts for m in pattern.finditer(line)]
        if shown:
            counts.extend(shown)
            if not spoken:
                continue  # the game master's own count line: nothing else to read in it
            for pattern in p.counts:
                line = pattern.sub(" ", line)
        if not spoken:
            found = [
                Claim(role, match.group("name"), raw.strip())
                for role, pattern in p.claims
                for match in pattern.finditer(line)
            ]
            if found:
                claims.extend(found)
                continue
        rest.append(line)
    return tuple(counts), tuple(claims), "\n".join(rest)


def read_turn(player: str, intent: Intent, reply: str, ctx: Context, line: int = 0,
              pending: Question | None = None) -> Turn:
    """One exchange: the player's `intent` and the game master's `reply`, read into a Turn.

    `pending` is the open question a Confirm accepts: its queries are what was asked.
    """
    lang = ctx.lang or "en"
    p = _patterns(lang, ctx.roster)
    counts, claims, rest = _scan(reply, p)
    verdict = None
    if isinstance(intent, Guess):
        verdict = read_verdict(unicodedata.normalize("NFKC", reply), lang, ctx.roster)
        if verdict is not None:
            rest = p.wrong.sub(" ", p.right.sub(" ", rest))
    statements: tuple[Statement, ...] = ()
    unread: tuple[str, ...] = ()
    if isinstance(intent, (Question, Confirm)):
        question = intent if isinstance(intent, Question) else pending
        asked = question.queries if question else ()
        speakers = {query.speaker for query in asked}
        extraction = extract(rest, ctx, speakers.pop() if len(speakers) == 1 else None, asked)
        statements, unread = extraction.statements, extraction.unread
    elif isinstance(intent, Guess) and verdict is None:
        unread = (reply.strip(),)
    elif isinstance(intent, Unclear):
        unread = (player.strip(),)  # the player's line itself could not be read
    return Turn(
        player=player,
        intent=intent,
        statements=statements,
        counts=counts,
        verdict=verdict,
        claims=claims,
        unread=unread,
        line=line,
    )
