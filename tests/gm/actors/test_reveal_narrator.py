"""The narrator of Garnet Thief reveals: its prompt offers only facts the referee accepts, and a
narration the referee rejects is asked again with the reasons, then left out."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from gm.actors.narration import MAX_ATTEMPTS, Narration
from gm.actors.reveal_narrator import RevealNarrator, reveal_values
from gm.backends.base import RetryPolicy
from gm.backends.openai import OpenAIBackend
from gm.render import template
from referee.garnet import Character, Round, payout
from referee.garnet.narration import check_reveal, sentences
from tests.gm.backends.servers import Answer, FaultServer, Status, Step
from tests.referee.garnet.strategies import characters

FAST = RetryPolicy(attempts=1, timeout_s=2.0)
M, K, P, B = Character.MAFIA, Character.CARTEL, Character.POLICE, Character.BEGGAR
# Round 3: three Mafia take 1 each and the Beggar 1; seat 5 lied, gained nothing and pays 1.
PAID = payout([M, M, M, K, K, P, P, B], [M, P, M, K, M, P, P, B])
REVEALED = Round(3, PAID, PAID.delta, (1, 1, 1, 0, -1, 0, 0, 1)).record
TRUE = "The cards turn over. Seat 5 lied and paid a penalty of 1 garnet. The Mafia got 1 garnet each."
WRONG = "Seat 4 was the Police."


def prompt(revealed: dict[str, Any], lang: str) -> str:
    return template("garnet", lang, "narrate_reveal").render(**reveal_values(revealed, lang), reasons=[])


@settings(max_examples=60, deadline=None)
@given(
    st.lists(characters, min_size=8, max_size=8),
    st.lists(characters, min_size=8, max_size=8),
    st.lists(st.integers(-3, 9), min_size=8, max_size=8),
    st.integers(1, 8),
    st.sampled_from(["en", "ko", "ja"]),
)
def test_every_fact_the_prompt_offers_is_one_the_referee_accepts(
    choices: list[Character], said: list[Character], before: list[int], number: int, lang: str
) -> None:
    paid = payout(choices, said)
    revealed = Round(number, paid, paid.delta, tuple(t + d for t, d in zip(before, paid.delta, strict=True))).record
    facts = [line[2:] for line in prompt(revealed, lang).splitlines() if line.startswith("- ")]
    assert len(facts) == 4 + 8 + len({c for c in choices})
    for line in facts:
        for fact in sentences(line):
            assert check_reveal(fact, lang, revealed) == (), fact


def text(value: str) -> Answer:
    return Answer(json.dumps({"text": value}))


def narrated(steps: list[Step], ply: int = 23, lang: str = "en") -> tuple[Narration, FaultServer]:
    async def run(server: FaultServer) -> Narration:
        narrator = RevealNarrator(OpenAIBackend("scripted", FAST, base_url=server.openai_url), key=b"n" * 32)
        try:
            return await narrator.narrate(REVEALED, lang, ply)
        finally:
            await narrator.aclose()

    with FaultServer(steps) as server:
        return asyncio.run(run(server)), server


def test_a_true_narration_is_accepted_at_once() -> None:
    story, server = narrated([text(TRUE)])
    assert story.text == TRUE and len(story.attempts) == len(server.received) == 1
    (attempt,) = story.attempts
    assert attempt.accepted and attempt.text == TRUE
    sent = server.received[0].body["messages"][0]["content"]
    assert json.loads(attempt.request)["messages"][0]["content"] == sent
    assert "Seat 5 was the Cartel. Seat 5 announced Mafia. Seat 5 lied." in sent
    assert "The house kept 0 garnets." in sent and "rejected" not in sent


def test_a_wrong_narration_is_asked_again_with_the_reasons_then_left_out() -> None:
    story, server = narrated([text(WRONG)] * MAX_ATTEMPTS)
    assert story.text is None and len(story.attempts) == len(server.received) == MAX_ATTEMPTS
    assert not any(attempt.accepted for attempt in story.attempts)
    reason = story.attempts[0].reasons[0]
    assert reason == "'Seat 4 was the Police.': it says seat 4 chose Police, but seat 4 chose Cartel"
    retry = server.received[1].body["messages"][0]["content"]
    assert reason in retry and "rejected" in retry


def test_a_failed_call_is_an_attempt_and_the_next_may_succeed() -> None:
    story, _ = narrated([Status(503), text(TRUE)])
    failed, told = story.attempts
    assert failed.raw is None and failed.text == "" and "backend failed" in failed.reasons[0]
    assert told.accepted and story.text == TRUE


def test_each_reveal_has_its_own_sampling_seeds() -> None:
    _, first = narrated([text(WRONG), text(TRUE)], ply=7)
    _, second = narrated([text(TRUE)], ply=15)
    seeds = [r.body["seed"] for r in (*first.received, *second.received)]
    assert len(set(seeds)) == 3


def test_the_prompt_is_in_the_games_language() -> None:
    story, server = narrated([text("3라운드의 정체가 밝혀졌다. 5번은 벌금 1개를 냈다.")], lang="ko")
    assert story.text is not None
    sent = server.received[0].body["messages"][0]["content"]
    assert "5번은 카르텔이었다." in sent and "마피아 3명, 카르텔 2명, 경찰 2명, 거지 1명이었다." in sent
