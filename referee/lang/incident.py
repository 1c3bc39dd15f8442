"""The incidents a game can be about: the five built in, and any loaded from a file.

An incident is data, not a fixed list: one act (eating, drinking, breaking, taking or
hiding) on one object, named in each language, so `culprit(X)` reads "X ate the last
brownie" or "X broke the vase" in whatever language the game is played. The parsers and texts take the object's name from here (the Korean particles
after it are chosen from its last syllable when the text is written), so a game master's
own incident is read as well as the built-in ones. `load_incidents` reads an incident file
(TOML, documented in docs/liar.md, "Your own incident"); the caller reads the file, this module only its text.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal, get_args

from referee.errors import RefereeError

Lang = Literal["ko", "ja", "en"]
LANGS: tuple[Lang, ...] = ("ko", "ja", "en")
Verb = Literal["eat", "drink", "break", "take", "hide"]
VERBS: tuple[Verb, ...] = get_args(Verb)

MAX_NOUN = 24
"""The longest object name, in characters: a name, not a sentence."""

_KEY = re.compile(r"[a-z0-9][a-z0-9-]{0,31}")
_HANGUL = re.compile(r"[가-힣]")


class IncidentError(RefereeError):
    """An incident that cannot be played: a bad key, verb or name, or a malformed file."""


@dataclass(frozen=True)
class Incident:
    """An incident's key, its object per language and what was done to it (eaten, drunk, broken,
    taken or hidden)."""

    key: str
    verb: Verb
    noun: Mapping[Lang, str]

    def __post_init__(self) -> None:
        if not _KEY.fullmatch(self.key):
            raise IncidentError(f"an incident's key is 1 to 32 lowercase letters, digits and '-', not {self.key!r}")
        if self.verb not in VERBS:
            raise IncidentError(f"'verb' must be one of {', '.join(VERBS)}, not {self.verb!r}")
        for lang in LANGS:
            name = self.noun.get(lang)
            if not isinstance(name, str):
                raise IncidentError(f"the object's name in {lang!r} must be text, not {name!r}")
            if not name.strip():
                raise IncidentError(f"the object's name in {lang!r} is missing")
            if name != name.strip() or not name.isprintable() or len(name) > MAX_NOUN or any(
                    ch in name for ch in "{}<>\"'`\\"):
                raise IncidentError(f"the object's name in {lang!r} must be a plain name of at most "
                                    f"{MAX_NOUN} characters, not {name!r}")
        object.__setattr__(self, "noun", MappingProxyType({lang: self.noun[lang] for lang in LANGS}))

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Incident) and (self.key, self.verb, dict(self.noun)) == (
            other.key, other.verb, dict(other.noun))

    def as_json(self) -> str | dict[str, Any]:
        """The incident as a log records it: its key alone when it is built in (as logs
        always did), else the whole definition, so the log replays without the file."""
        if INCIDENTS.get(self.key) == self:
            return self.key
        return {"key": self.key, "verb": self.verb, "noun": dict(self.noun)}


def _builtin(key: str, verb: Verb, ko: str, ja: str, en: str) -> Incident:
    return Incident(key, verb, {"ko": ko, "ja": ja, "en": en})


INCIDENTS: Mapping[str, Incident] = MappingProxyType({
    i.key: i
    for i in (
        _builtin("cake", "eat", "케이크", "ケーキ", "cake"),
        _builtin("pudding", "eat", "푸딩", "プリン", "pudding"),
        _builtin("cookie", "eat", "쿠키", "クッキー", "cookie"),
        _builtin("donut", "eat", "도넛", "ドーナツ", "donut"),
        _builtin("juice", "drink", "주스", "ジュース", "juice"),
    )
})
DEFAULT_INCIDENT = "cake"


def incident(key: str, known: Mapping[str, Incident] = INCIDENTS) -> Incident:
    """Look an incident up by key among `known`; IncidentError naming the known keys otherwise."""
    try:
        return known[key]
    except KeyError:
        raise IncidentError(f"unknown incident {key!r}; known: {', '.join(known)}") from None


def incident_from_json(obj: object, known: Mapping[str, Incident] = INCIDENTS) -> Incident:
    """An incident as a log records it (`Incident.as_json`, or a bare key as older logs do)."""
    if isinstance(obj, str):
        return incident(obj, known)
    if not isinstance(obj, dict) or set(obj) != {"key", "verb", "noun"} or not isinstance(
            obj["key"], str) or not isinstance(obj["noun"], dict):
        raise IncidentError('an incident is {"key", "verb", "noun": {"ko", "ja", "en"}}')
    return Incident(obj["key"], obj["verb"], obj["noun"])


def load_incidents(text: str, where: str = "the incident file") -> dict[str, Incident]:
    """The incidents an incident file defines, one TOML table each:

        [brownie]
        verb = "eat"
        ko = "브라우니"
        ja = "ブラウニー"
        en = "brownie"

    IncidentError naming `where` and the table for anything that is not one, and for a key
    that redefines a built-in incident."""
    try:
        tables = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise IncidentError(f"{where}: not TOML ({err})") from None
    if not tables:
        raise IncidentError(f"{where}: defines no incident; each is a table such as [brownie]")
    out: dict[str, Incident] = {}
    for key, table in tables.items():
        if not isinstance(table, dict):
            raise IncidentError(f"{where}: {key!r} must be a table [{key}] with verb, ko, ja and en")
        unknown = sorted(set(table) - {"verb", *LANGS})
        if unknown:
            raise IncidentError(f"{where}: [{key}]: unknown field {unknown[0]!r}; the fields are verb, ko, ja, en")
        if key in INCIDENTS:
            raise IncidentError(f"{where}: [{key}]: {key!r} is a built-in incident; give yours another key")
        try:
            out[key] = Incident(key, table.get("verb", ""), {lang: table.get(lang, "") for lang in LANGS})
            if not _HANGUL.search(table["ko"]):
                raise IncidentError(f"'ko' is written in Hangul, not {table['ko']!r}")
        except IncidentError as err:
            raise IncidentError(f"{where}: [{key}]: {err}") from None
    return out
