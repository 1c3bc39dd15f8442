"""A dramatic pause before the name a role is given: "the liar is... C!", "거짓말쟁이는… C!", "嘘つきは……Cさん！".

Every reader cuts sentences at an ellipsis, so "B ate it and the liar is... C" was read as two:
"B ate it and the liar is", whose subject was carried over (liar B, a wrong guess read), and a
bare "C". A role said as a subject ("the liar is", "범인은", "嘘つきは") cannot end a sentence:
an ellipsis right after it, with a roster name right after the ellipsis, is a pause inside one
sentence, and is read as a space. Nothing else is joined ("음... A, did you eat it?" stays two).
"""

from __future__ import annotations

import re
from functools import cache

from referee.lang.incident import Lang
from referee.liar.world import Roster

_ELLIPSIS = r"(?:…|⋯|‥|\.{2,}|・{2,}|。{2,})+"

_ROLE_AS_SUBJECT: dict[Lang, str] = {
    "ko": r"(?:범인|거짓말쟁이|사람|쪽|(?<=[가-힣]\s)(?:건|것은|게))\s*(?:(?:은|는|이|가)\s*)?(?:(?:바로|즉)\s*)?",
    "ja": r"(?:犯人|嘘つき|うそつき|ウソつき|人|の)\s*(?:は|が)\s*",
    "en": r"\b(?:liar|culprit|thief|one|person)(?:\s+(?:is|was)|'s)",
}
"""A role as the subject of the sentence it opens, with the particle or copula that wants the
name next: ko 범인은 / 먹은 사람은 / 먹은 건, ja 犯人は / 食べた人は / 食べたのは, en "the liar is"."""


@cache
def _pause(lang: Lang, roster: Roster) -> re.Pattern[str]:
    names = "|".join(re.escape(name) for name in roster.names)
    return re.compile(rf"(?P<head>{_ROLE_AS_SUBJECT[lang]})\s*{_ELLIPSIS}\s*(?=(?:{names})(?![A-Za-z]))",
                      re.IGNORECASE)


def joined(text: str, lang: Lang, roster: Roster) -> str:
    """`text` with each pause between a role and its name read as a space (see the module docstring)."""
    return _pause(lang, roster).sub(lambda m: m.group("head").rstrip() + " ", text)
