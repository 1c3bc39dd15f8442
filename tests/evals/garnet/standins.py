"""Stand-ins for Garnet Thief's bots and agent brief while gm.bots.garnet and gm.garnet are being
written (issue 13, points 3-5): the same interfaces (`LEVELS`, `DEFAULT_LEVEL`, `BRIEF`), the
least that plays. The eval is written against gm.bots and gm.agent, never against these."""

from __future__ import annotations

import json
import random
from typing import Any

from pydantic import BaseModel

from gm.agent import Retry
from gm.backends.base import Message
from referee.game import Json
from referee.garnet import CHARACTERS, Character, Choose, Designate


class TruthfulBot:
    level = "truthful"

    def choose(self, view: Json, rng: random.Random) -> Any:
        if view["designator"] == view["seat"]:
            return Designate(None)
        character = rng.choice(CHARACTERS)
        return Choose(character, character)


class RandomBot:
    level = "random"

    def choose(self, view: Json, rng: random.Random) -> Any:
        if view["designator"] == view["seat"]:
            return Designate(rng.choice(view["last_places"]))
        return Choose(rng.choice(CHARACTERS), rng.choice(CHARACTERS))


LEVELS = {"truthful": TruthfulBot, "random": RandomBot}
DEFAULT_LEVEL = "random"


class Reply(BaseModel):
    """A choice and what the seat says aloud; `designate` after the last round."""

    choice: str
    announcement: str
    designate: str | None = None


class StandInBrief:
    reply: type[BaseModel] = Reply
    max_tokens = 60

    def messages(self, view: Json, lang: str, retry: Retry | None) -> tuple[Message, ...]:
        task = json.dumps(view, ensure_ascii=False)
        if retry is not None:
            task += f"\nnot played: {retry.reason}"
        return Message("system", f"You play Garnet Thief ({lang})."), Message("user", task)

    def move(self, reply: Any) -> Any:
        if reply.choice == "designate":
            return Designate(reply.designate)
        return Choose(Character.parse(reply.choice), Character.parse(reply.announcement))


BRIEF = StandInBrief()
