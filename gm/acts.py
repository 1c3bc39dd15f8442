"""How each language says an incident's act, in the forms refgm's own texts use.

An incident is one act on one object (`referee.lang.incident.Verb`); every text that states it
(the opening, the rules, the characters' lines, a model's instructions, an eval's prompt)
takes its words from here, so a new act is one row, not an edit of every template. The
readers' vocabulary of each act (the synonyms players type) lives with each language's
parser; these are only the forms refgm writes.

Korean forms are stems that take an ending ("먹었" + 다/어/고/습니다), Japanese and English
forms are whole words. `last`: the object is gone once the act is done (eaten, drunk), so the
texts call it "the last cake"; a broken vase is not "the last vase".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from referee.lang.incident import VERBS, Incident, Lang, Verb


@dataclass(frozen=True)
class Act:
    """One act's forms in one language (the keys each language's templates use)."""

    last: bool
    forms: Mapping[str, str]

    def __getattr__(self, name: str) -> str:
        """A form by name, as the templates write it (`act.past`)."""
        try:
            return self.forms[name]
        except KeyError:
            raise AttributeError(name) from None


_KO = ("past", "neg", "rel", "stem")
"""Korean: 먹었(다), 먹지 않았(다), 먹은 (the one who ate), 먹(고)."""
_JA = ("past", "neg", "polite", "polite_neg", "ask", "casual", "casual_neg", "nervous", "nervous_neg", "stem")
"""Japanese: 食べた, 食べていない, 食べました, 食べていません, 食べましたか, 食べたよ, 食べてない,
食べちゃいました, 食べてないです, 食べ (the stem before 、)."""
_EN = ("base", "past")
"""English: eat, ate."""

_FORMS: dict[Verb, dict[Lang, tuple[str, ...]]] = {
    "eat": {
        "ko": ("먹었", "먹지 않았", "먹은", "먹"),
        "ja": ("食べた", "食べていない", "食べました", "食べていません", "食べましたか", "食べたよ", "食べてない",
               "食べちゃいました", "食べてないです", "食べ"),
        "en": ("eat", "ate"),
    },
    "drink": {
        "ko": ("마셨", "마시지 않았", "마신", "마시"),
        "ja": ("飲んだ", "飲んでいない", "飲みました", "飲んでいません", "飲みましたか", "飲んだよ", "飲んでない",
               "飲んじゃいました", "飲んでないです", "飲み"),
        "en": ("drink", "drank"),
    },
    "break": {
        "ko": ("깨뜨렸", "깨뜨리지 않았", "깨뜨린", "깨뜨리"),
        "ja": ("割った", "割っていない", "割りました", "割っていません", "割りましたか", "割ったよ", "割ってない",
               "割っちゃいました", "割ってないです", "割り"),
        "en": ("break", "broke"),
    },
    "take": {
        "ko": ("가져갔", "가져가지 않았", "가져간", "가져가"),
        "ja": ("持っていった", "持っていっていない", "持っていきました", "持っていっていません", "持っていきましたか",
               "持っていったよ", "持っていってない", "持っていっちゃいました", "持っていってないです", "持っていき"),
        "en": ("take", "took"),
    },
    "hide": {
        "ko": ("숨겼", "숨기지 않았", "숨긴", "숨기"),
        "ja": ("隠した", "隠していない", "隠しました", "隠していません", "隠しましたか", "隠したよ", "隠してない",
               "隠しちゃいました", "隠してないです", "隠し"),
        "en": ("hide", "hid"),
    },
}
_KEYS: dict[Lang, tuple[str, ...]] = {"ko": _KO, "ja": _JA, "en": _EN}
_CONSUMED = frozenset({"eat", "drink"})

ACTS: Mapping[Verb, Mapping[Lang, Act]] = MappingProxyType({
    verb: MappingProxyType({
        lang: Act(verb in _CONSUMED, MappingProxyType(dict(zip(_KEYS[lang], forms, strict=True))))
        for lang, forms in _FORMS[verb].items()
    })
    for verb in VERBS
})


def act(incident: Incident, lang: Lang) -> Act:
    """How `lang` says what was done in `incident`."""
    return ACTS[incident.verb][lang]
