"""A model game master narrates each reveal of a Garnet Thief match, checked by the referee.

The narrator is given only the closed round as every seat's history shows it
(`GAME.revealed_json`: its choices, announcements, payout and totals, all public once
revealed), never a choice of a round still being played. Its prompt
(prompts/garnet/<lang>/narrate_reveal.j2) lists those facts in the forms the referee reads
(referee.garnet.narration), and every identity and number of the narration must be one of
them: a rejected narration is asked again with the reasons, at most twice, then left out
(gm.actors.narration). The match records every attempt and shows an accepted narration
beside the referee's own reveal, never instead of it.
"""

from __future__ import annotations

import time
from typing import Any

from gm.actors.model import TURN_DEADLINE_S
from gm.actors.narration import Narration, narrate
from gm.backends.base import Backend
from gm.render import template
from gm.sampling import new_key
from referee.game import Json
from referee.garnet.character import CHARACTERS, Character
from referee.garnet.game import SEATS
from referee.garnet.narration import check_reveal
from referee.garnet.protocol import GAME


class RevealNarrator:
    """Narrates Garnet Thief reveals through `backend`.

    `key` makes its sampling seeds reproducible (gm.sampling; default: a fresh one), and is
    never derived from the game's seed. `deadline_s` bounds one reveal's model calls in all."""

    def __init__(self, backend: Backend, key: bytes | None = None, deadline_s: float = TURN_DEADLINE_S) -> None:
        self.backend = backend
        self.name = f"{backend.provider}:{backend.model}"
        self.key = key if key is not None else new_key()
        self.deadline_s = deadline_s

    async def narrate(self, revealed: Json, lang: str, ply: int) -> Narration:
        """A narration of the round `revealed` closed at `ply`, in `lang`, or None with every attempt."""
        values = reveal_values(revealed, lang)

        def prompt(reasons: tuple[str, ...]) -> str:
            return template(GAME.name, lang, "narrate_reveal").render(**values, reasons=list(reasons)).strip()

        def check(text: str) -> tuple[str, ...]:
            return tuple(map(str, check_reveal(text, lang, revealed)))

        deadline = time.monotonic() + self.deadline_s
        return await narrate(self.backend, self.key, ("reveal", ply), prompt, check, deadline)

    async def aclose(self) -> None:
        await self.backend.aclose()


def reveal_values(revealed: Json, lang: str) -> dict[str, Any]:
    """The prompt's values: the reveal's facts with the characters named in `lang`."""

    def name(value: str) -> str:
        return Character.parse(value).name_in(lang)

    by_seat = zip(
        SEATS, *(revealed[key] for key in ("choices", "announcements", "gains", "penalties", "totals")), strict=True
    )
    seats = [
        {
            "seat": seat,
            "chose": name(chose),
            "announced": name(said),
            "lied": chose != said,
            "gain": gain,
            "penalty": penalty,
            "total": total,
        }
        for seat, chose, said, gain, penalty, total in by_seat
    ]
    shares = {chose: gain for chose, gain in zip(revealed["choices"], revealed["gains"], strict=True)}
    return {
        "number": revealed["round"],
        "seats": seats,
        "counts": [{"name": c.name_in(lang), "count": revealed["counts"][c.value]} for c in CHARACTERS],
        "shares": [{"name": c.name_in(lang), "share": shares[c.value]} for c in CHARACTERS if c.value in shares],
        "recipients": name(revealed["recipient_group"]),
        "house": revealed["house"],
    }
