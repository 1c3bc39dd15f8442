"""The eval's session reads player text as the play session does, follow-ups included."""

from __future__ import annotations

import asyncio
import random

import pytest

from evals.modes import EvalSession, _Unrecorded
from gm.actors.offline import OfflineActor
from gm.session import GameConfig
from referee.lang import Context, Parsed, parse
from referee.lang.incident import incident
from referee.liar.game import new_game
from referee.liar.intent import Question


def test_the_last_question_reaches_the_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    config = GameConfig(lang="en", incident=incident("cake"))
    fallback = OfflineActor(1)
    session = EvalSession(game_id="g", config=config, state=new_game(config.rules, random.Random(1)),
                          actor=fallback, fallback=fallback, writer=_Unrecorded())
    asyncio.run(session.step("A, did B eat the cake?"))
    seen: list[Context] = []

    def spy(text: str, ctx: Context) -> Parsed:
        seen.append(ctx)
        return parse(text, ctx)

    monkeypatch.setattr("evals.modes._parse", spy)
    asyncio.run(session.step("C, did you?"))
    assert isinstance(seen[0].previous, Question)
    assert seen[0].previous.queries[0].speaker == "A"
