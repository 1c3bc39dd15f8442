"""After a question, musing never borrows it: only a question continues the last one.

Found when the follow-up rules met play: after "A씨, 케이크 먹었어요?", Korean read
"음 B 아니면 C네" ("hmm, B or C") as a guess of C and "음 B 아니면 C인가" as a question to B.
"""

from __future__ import annotations

import pytest

from referee.lang import Context, parse
from referee.lang.incident import Lang, incident
from referee.liar.intent import Guess, Question

ASKED: dict[Lang, str] = {
    "en": "A, did you eat the cake?",
    "ja": "Aさん、ケーキを食べましたか？",
    "ko": "A씨, 케이크 먹었어요?",
}


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "hmm B or C"), ("en", "maybe C then"), ("en", "so C?"), ("en", "hmm so not A"),
    ("ja", "うーん、BかCかな"), ("ja", "Cかもね"), ("ja", "じゃあCか"), ("ja", "Cかな？"),
    ("ko", "음 B 아니면 C네"), ("ko", "B 아니면 C네"), ("ko", "음 B 아니면 C인가"), ("ko", "C일지도"),
    ("ko", "그럼 C인가?"), ("ko", "아 B는 아니구나"), ("ko", "C겠지"),
])
def test_musing_after_a_question_is_neither_charged_nor_judged(lang: Lang, text: str) -> None:
    ctx = Context(lang=lang, incident=incident("cake"))
    before = parse(ASKED[lang], ctx).intent
    assert isinstance(before, Question)
    after = parse(text, Context(lang=lang, incident=incident("cake"), previous=before)).intent
    assert not isinstance(after, Question | Guess), after
