"""The incidents a game can be about, keyed for the CLI and the `refgm parse` interface.

Every incident is one action by one person (eat or drink something), so `culprit(X)`
reads "X ate the last cake" in whatever language the game is played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Lang = Literal["ko", "ja", "en"]
LANGS: tuple[Lang, ...] = ("ko", "ja", "en")


@dataclass(frozen=True)
class Incident:
    """An incident's key, its object per language and whether it is eaten or drunk."""

    key: str
    verb: Literal["eat", "drink"]
    noun: dict[Lang, str]

    def __hash__(self) -> int:
        return hash(self.key)


INCIDENTS: dict[str, Incident] = {
    i.key: i
    for i in (
        Incident("cake", "eat", {"ko": "케이크", "ja": "ケーキ", "en": "cake"}),
        Incident("pudding", "eat", {"ko": "푸딩", "ja": "プリン", "en": "pudding"}),
        Incident("cookie", "eat", {"ko": "쿠키", "ja": "クッキー", "en": "cookie"}),
        Incident("donut", "eat", {"ko": "도넛", "ja": "ドーナツ", "en": "donut"}),
        Incident("juice", "drink", {"ko": "주스", "ja": "ジュース", "en": "juice"}),
    )
}
DEFAULT_INCIDENT = "cake"


def incident(key: str) -> Incident:
    """Look an incident up by key; ValueError naming the known keys otherwise."""
    try:
        return INCIDENTS[key]
    except KeyError:
        known = ", ".join(INCIDENTS)
        raise ValueError(f"unknown incident {key!r}; known: {known}") from None
