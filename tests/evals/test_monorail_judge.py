"""A model as Monorail's judge, against a scripted model on 127.0.0.1 (the OpenAI wire format).

The scripted model reads which question it was asked and answers it as the script says:
right, wrong, not JSON, JSON outside the schema, refused, or with an HTTP error. The scores
must be exactly the script's, and no reply without a verdict may count as a wrong verdict.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections import Counter

from evals.monorail.items import Item, items
from evals.monorail.judge import Judged, judge, messages, schema
from gm.backends.base import RetryPolicy
from gm.backends.openai import OpenAIBackend
from tests.gm.backends.servers import Answer, FaultServer, Received, Status, Step, refusal

QUESTIONS = items(0, 12)
SCRIPT = ("right", "wrong", "not json", "off schema", "refused", "http error")
"""What the scripted model does with question i: SCRIPT[i % 6]."""


def asked(request: Received) -> Item:
    """The question a request puts, found by its text."""
    text = request.body["messages"][-1]["content"]
    return next(q for q in QUESTIONS if messages(q, "en")[-1].content == text)


def scripted(request: Received) -> Step:
    question = asked(request)
    field = "legal" if question.question == "move" else "completable"
    act = SCRIPT[question.index % len(SCRIPT)]
    if act in ("right", "wrong"):
        return Answer(json.dumps({field: question.truth == (act == "right")}), input_tokens=300, output_tokens=7)
    if act == "not json":
        return Answer("I think it is legal.")
    if act == "off schema":
        return Answer(json.dumps({field: "maybe"}))
    if act == "refused":
        return refusal()
    return Status(400)


def judged_by_script(lang: str = "en") -> list[Judged]:
    async def run(server: FaultServer) -> list[Judged]:
        backend = OpenAIBackend("scripted", RetryPolicy(attempts=1, timeout_s=5.0), base_url=server.openai_url)
        try:
            return [await judge(q, lang, backend, b"k") for q in QUESTIONS]  # type: ignore[arg-type]
        finally:
            await backend.aclose()

    with FaultServer([], then=scripted) as server:
        return asyncio.run(run(server))


def test_each_reply_scores_as_scripted_and_no_verdict_is_never_a_wrong_one() -> None:
    judged = judged_by_script()
    expected = {
        "right": "right",
        "wrong": "wrong",
        "not json": "unread",
        "off schema": "unread",
        "refused": "refused",
        "http error": "failed",
    }
    for j in judged:
        assert j.outcome == expected[SCRIPT[j.item.index % len(SCRIPT)]], j.item.index
        assert (j.answer is None) == (j.outcome not in ("right", "wrong"))
        assert j.referee == j.item.truth
    wrong = [j for j in judged if j.outcome == "wrong"]
    assert all(j.answer is not j.item.truth for j in wrong)
    assert Counter(j.outcome for j in judged) == {"right": 2, "wrong": 2, "unread": 4, "refused": 2, "failed": 2}


def test_costs_are_the_replies_and_a_failed_call_has_none() -> None:
    for j in judged_by_script():
        act = SCRIPT[j.item.index % len(SCRIPT)]
        assert j.calls == 1
        if act in ("right", "wrong"):
            assert (j.tokens_in, j.tokens_out) == (300, 7)
        elif act == "http error":
            assert (j.tokens_in, j.tokens_out) == (0, 0) and j.problem and "400" in j.problem


def test_the_referee_as_judge_is_right_by_construction() -> None:
    judged = [asyncio.run(judge(q, "ko", None)) for q in QUESTIONS]
    assert all(j.outcome == "right" and j.answer == j.item.truth and j.calls == 0 for j in judged)


def test_the_question_carries_the_position_as_text_and_json_in_each_language() -> None:
    question = next(q for q in QUESTIONS if q.move is not None and q.move.tiles)
    for lang in ("ko", "ja", "en"):
        system, user = messages(question, lang)  # type: ignore[arg-type]
        assert "H@0,0" in system.content and "NE" in system.content
        assert json.dumps(question.position.as_json()) in user.content
        assert json.dumps(question.move.as_json()) in user.content  # type: ignore[union-attr]
        assert '{"legal": true}' in user.content and not re.search(r"\{[a-z_]+\}", user.content)
    assert schema(question).model_json_schema()["required"] == ["legal"]
