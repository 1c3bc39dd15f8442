"""A stand-in for Garnet Thief's agent brief while gm.garnet is being written (issue 13, point 4):
the interface gm.agent asks of a brief (`BRIEF`), the least that plays. The eval is written
against gm.agent, never against this."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from gm.agent import Retry
from gm.backends.base import Message
from referee.game import Json
from referee.garnet import Character, Choose, Designate


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
