"""The four characters of Garnet Thief and the names people call them by (genius-rules.md G1, G3).

A seat chooses one character each round in secret and announces one aloud; the two may
differ (a bluff). The names here are the ones the machine interface and the templates use:
English, Korean and Japanese, read case-insensitively; anything else is a `CharacterError`.
"""

from __future__ import annotations

from enum import Enum

from referee.errors import RefereeError


class CharacterError(RefereeError):
    """A name that is none of the four characters; `name` is what was given."""

    def __init__(self, name: object) -> None:
        super().__init__(f"{name!r} is not a character; the characters are Mafia, Cartel, Police and Beggar")
        self.name = name


class Character(Enum):
    """A character a seat chooses or announces. The value is its English name."""

    MAFIA = "Mafia"
    CARTEL = "Cartel"
    POLICE = "Police"
    BEGGAR = "Beggar"

    def name_in(self, lang: str) -> str:
        """The character's name in `lang` (en, ko, ja), as the referee's texts write it."""
        return NAMES[lang][self]

    @classmethod
    def parse(cls, name: object) -> Character:
        """A character from any of its names (`"Police"`, `"경찰"`, `"警察"`, `"police"`)."""
        if isinstance(name, str):
            found = _BY_NAME.get(name.strip().casefold())
            if found is not None:
                return found
        raise CharacterError(name)


CHARACTERS: tuple[Character, ...] = tuple(Character)
"""In the order of the rules text: Mafia, Cartel, Police, Beggar."""

NAMES: dict[str, dict[Character, str]] = {
    "en": {
        Character.MAFIA: "Mafia",
        Character.CARTEL: "Cartel",
        Character.POLICE: "Police",
        Character.BEGGAR: "Beggar",
    },
    "ko": {Character.MAFIA: "마피아", Character.CARTEL: "카르텔", Character.POLICE: "경찰", Character.BEGGAR: "거지"},
    "ja": {
        Character.MAFIA: "マフィア",
        Character.CARTEL: "カルテル",
        Character.POLICE: "警察",
        Character.BEGGAR: "物乞い",
    },
}

ALIASES: dict[str, dict[Character, tuple[str, ...]]] = {
    "en": {
        Character.MAFIA: ("mafias", "mafioso", "mafiosi"),
        Character.CARTEL: ("cartels",),
        Character.POLICE: ("cop", "cops", "policeman", "policemen", "policewoman", "police officer"),
        Character.BEGGAR: ("beggars",),
    },
    "ko": {
        Character.MAFIA: ("마피야",),
        Character.CARTEL: (),
        Character.POLICE: ("경찰관", "폴리스"),
        Character.BEGGAR: ("걸인",),
    },
    "ja": {
        Character.MAFIA: ("まふぃあ",),
        Character.CARTEL: ("かるてる",),
        Character.POLICE: ("警察官", "けいさつ", "ケイサツ", "ポリス", "お巡りさん", "おまわりさん"),
        Character.BEGGAR: ("物乞", "ものごい", "乞食", "こじき", "コジキ"),
    },
}
"""Other words people call the characters by in speech: the announcement reader knows them too
(referee/garnet/words.py), the machine interface only the NAMES."""

MISSPELLINGS: dict[str, dict[Character, tuple[str, ...]]] = {
    "en": {
        Character.MAFIA: ("maffia", "mafai", "mafiya"),
        Character.CARTEL: ("cartell", "catrel", "cartle", "kartel"),
        Character.POLICE: ("polcie", "poilce", "pollice", "polise"),
        Character.BEGGAR: ("begger", "beger", "begar"),
    },
    "ko": {Character.MAFIA: (), Character.CARTEL: ("까르텔",), Character.POLICE: (), Character.BEGGAR: ()},
    "ja": {Character.MAFIA: ("マフイア",), Character.CARTEL: (), Character.POLICE: (), Character.BEGGAR: ()},
}
"""Misspellings people type, a small fixed list and never a fuzzy match: each is one or two
slips from its own character's name and at least three from every other character's names
(tests/referee/garnet/test_words.py checks it), so none can turn one character into another.
The announcement reader knows them; a misspelling not listed here is never guessed."""

_BY_NAME: dict[str, Character] = {
    name.casefold(): character for names in NAMES.values() for character, name in names.items()
}
