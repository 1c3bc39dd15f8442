"""A guess taken back after its last name: "the liar is C. no wait", "범인은 B야. 아니 취소",
"犯人はBさん！やっぱり取り消し".

Each reader reads the sentences it knows and leaves an afterthought with no name in it unread, so
a guess the player took back was judged (and a wrong one charged). Words that take back, or cancel
it, after the last roster name, make the line a correction the referee cannot apply: it
asks again, which costs nothing. One rule for every language, checked after the parse. (A question
corrected so is read by each parser's own corrections: "A, are you honest? no wait, I meant ...".)
"""

from __future__ import annotations

import re
from functools import cache

from referee.lang.incident import Lang
from referee.liar.world import Roster

_TAKING_BACK: dict[Lang, str] = {
    "ko": r"잠깐|잠만|취소|농담|헷갈|아니\s*아니|아니다",
    "ja": r"いや|待って|まって|待った|取り消|とりけし|冗談",
    "en": r"\b(?:no\s+wait|wait|cancel|never\s*mind|nvm|scratch\s+that|kidding|jk|hold\s+on|actually\s+no)\b",
}
"""Not a bare no (아니, 違う, "or nah", "yes or no"), which a guess or question says of itself, nor
not knowing the other part ("거짓말쟁이는 모르겠어요", "liar idk"): a guess of one part."""


@cache
def _patterns(lang: Lang, roster: Roster) -> tuple[re.Pattern[str], re.Pattern[str]]:
    names = "|".join(re.escape(name) for name in roster.names)
    return (re.compile(rf"(?<![A-Za-z])(?:{names})(?![A-Za-z])"),
            re.compile(_TAKING_BACK[lang], re.IGNORECASE))


def taken_back(text: str, lang: Lang, roster: Roster) -> bool:
    """Whether what follows the last roster name in `text` takes back what was said."""
    name, back = _patterns(lang, roster)
    ends = [m.end() for m in name.finditer(text)]
    return bool(ends) and back.search(text, ends[-1]) is not None
