"""A model paying out Garnet Thief rounds, against a scripted model on 127.0.0.1 (the OpenAI wire
format): the scores are exactly the script's, and no reply without an answer is a wrong one."""

from __future__ import annotations

import asyncio
import json
import re
from collections import Counter

from evals.garnet.items import Item, item
from evals.garnet.payout import Paid, PayoutAnswer, answer, messages
from gm.backends.base import RetryPolicy
from gm.backends.openai import OpenAIBackend
from tests.gm.backends.servers import Answer, FaultServer, Received, Status, Step, refusal

QUESTIONS = [item(0, index) for index in range(14)]
SCRIPT = ("exact", "one gain wrong", "penalties all 0", "not json", "seven seats", "refused", "http error")
"""What the scripted model does with round i: SCRIPT[i % 7]."""


def asked(request: Received) -> Item:
    text = request.body["messages"][-1]["content"]
    return next(q for q in QUESTIONS if messages(q, "en")[-1].content == text)


def scripted(request: Received) -> Step:
    question = asked(request)
    gains, penalties = list(question.truth.gains), list(question.truth.penalties)
    act = SCRIPT[question.index % len(SCRIPT)]
    if act == "one gain wrong":
        gains[2] += 1
    if act == "penalties all 0":
        penalties = [0] * 8
    if act in ("exact", "one gain wrong", "penalties all 0"):
        return Answer(json.dumps({"gains": gains, "penalties": penalties}), input_tokens=400, output_tokens=40)
    if act == "not json":
        return Answer("Seat 1 gets 2 garnets.")
    if act == "seven seats":
        return Answer(json.dumps({"gains": gains[:7], "penalties": penalties[:7]}))
    if act == "refused":
        return refusal()
    return Status(400)


def paid_by_script() -> list[Paid]:
    async def run(server: FaultServer) -> list[Paid]:
        backend = OpenAIBackend("scripted", RetryPolicy(attempts=1, timeout_s=5.0), base_url=server.openai_url)
        try:
            return [await answer(q, "en", backend, b"k") for q in QUESTIONS]
        finally:
            await backend.aclose()

    with FaultServer([], then=scripted) as server:
        return asyncio.run(run(server))


def test_each_reply_scores_as_scripted_and_no_answer_is_never_a_wrong_one() -> None:
    paid = paid_by_script()
    expected = {
        "exact": "exact",
        "one gain wrong": "wrong",
        "penalties all 0": "wrong",
        "not json": "unread",
        "seven seats": "unread",
        "refused": "refused",
        "http error": "failed",
    }
    for p in paid:
        act = SCRIPT[p.item.index % len(SCRIPT)]
        penalised = sum(x > 0 for x in p.item.truth.penalties)
        if act == "penalties all 0" and not penalised:  # a round nobody pays in: all 0 is exact
            assert p.outcome == "exact"
            continue
        assert p.outcome == expected[act], p.item.index
        assert (p.gains is None) == (p.outcome not in ("exact", "wrong"))
        assert p.referee_exact
        right = {
            "exact": (8, 8, 8),
            "one gain wrong": (7, 8, 7),
            "penalties all 0": (8, 8 - penalised, 8 - penalised),
        }.get(act, (0, 0, 0))
        assert (p.gains_right, p.penalties_right, p.seats_right) == right, act
    assert Counter(p.outcome for p in paid)["failed"] == 2


def test_costs_are_the_replies_and_a_failed_call_has_none() -> None:
    for p in paid_by_script():
        act = SCRIPT[p.item.index % len(SCRIPT)]
        assert p.calls == 1
        if act in ("exact", "one gain wrong"):
            assert (p.tokens_in, p.tokens_out) == (400, 40)
        elif act == "http error":
            assert (p.tokens_in, p.tokens_out) == (0, 0) and p.problem and "400" in p.problem


def test_the_referee_paying_out_is_exact_by_construction() -> None:
    for lang in ("en", "ko", "ja"):
        paid = [asyncio.run(answer(q, lang, None)) for q in QUESTIONS]  # type: ignore[arg-type]
        assert all(p.outcome == "exact" and p.seats_right == 8 and p.calls == 0 for p in paid)


def test_the_round_is_given_seat_by_seat_as_text_and_json_in_each_language() -> None:
    question = next(q for q in QUESTIONS if q.choices != q.announcements)
    liar = next(i for i in range(8) if question.choices[i] is not question.announcements[i])
    for lang, seat in (("en", f"seat {liar + 1}:"), ("ko", f"{liar + 1}번 자리:"), ("ja", f"{liar + 1}番の席：")):
        system, user = messages(question, lang)  # type: ignore[arg-type]
        line = next(text for text in user.content.splitlines() if text.startswith(seat))
        assert question.choices[liar].name_in(lang) in line and question.announcements[liar].name_in(lang) in line
        assert json.dumps(question.as_json()) in user.content
        assert '{"gains": [' in user.content and not re.search(r"\{\{|\}\}|\{[a-z_]+\}", user.content)
        assert all(c.name_in(lang) in system.content for c in question.choices)
        assert "4" in system.content and "1" in system.content
    assert PayoutAnswer.model_json_schema()["required"] == ["gains", "penalties"]
