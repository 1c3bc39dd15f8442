"""The model actor: its prompt never holds the secret, and its replies reach the verifier intact.

Model calls go to a loopback server speaking the OpenAI wire format (tests/gm/backends/servers.py).
"""

from __future__ import annotations

import asyncio
import json
import random
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

import pytest

from gm.actor import ActorError, Performance, PerformedLine, Script, ScriptLine
from gm.actors.model import Interpretation, ModelActor, actor_messages
from gm.backends.base import Message, RetryPolicy
from gm.backends.openai import OpenAIBackend
from gm.recorder import read
from gm.session import GameConfig, Session, Turn, script_for
from gm.verify import verify
from referee.lang import Context
from referee.lang.incident import INCIDENTS, LANGS, Lang, incident
from referee.liar.game import Rules, new_game, step
from referee.liar.intent import Confirm, Query, Question
from referee.liar.proposition import PREDICATES, Says, literal
from referee.liar.verdict import Answers, CostToConfirm
from referee.liar.world import Roster, World, all_worlds
from refgm.commands.replay import replay
from tests.gm.backends.servers import Answer, FaultServer, Status, Step

ROSTER = Roster()
FAST = RetryPolicy(attempts=2, timeout_s=2.0, base_delay_s=0.01)

# Every single question the parser can produce, a nested one and a compound one.
QUESTIONS: tuple[Question, ...] = (
    *(
        Question((Query(speaker, literal(predicate, about, negated)),))
        for speaker in ROSTER
        for predicate in PREDICATES
        for about in ROSTER
        for negated in (False, True)
    ),
    Question((Query("A", Says("B", literal("culprit", "C"))),)),
    Question(tuple(Query(s, literal("culprit", s)) for s in ROSTER)),
)


Prompts = dict[tuple[int, tuple[bool, ...]], set[tuple[Message, ...]]]


def scripts_for_every_world(lang: Lang, key: str) -> Prompts:
    """Prompt sets grouped by (question, answers voiced), over all nine worlds."""
    config = GameConfig(lang=lang, incident=incident(key))
    prompts: Prompts = defaultdict(set)
    for world in all_worlds(ROSTER):
        for number, question in enumerate(QUESTIONS):
            state = new_game(Rules(), random.Random(0), secret=world)
            _, verdict = step(state, question)
            assert isinstance(verdict, Answers)
            script = script_for(verdict, config, turn=1)
            answers = tuple(line.answer for line in script.lines)
            prompts[(number, answers)].add(actor_messages(script))
    return prompts


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", sorted(INCIDENTS))
def test_the_prompt_depends_on_the_answers_to_voice_and_nothing_else(lang: Lang, key: str) -> None:
    """Across all nine worlds, one question with the same answers gives the same prompt:
    nothing about who is the culprit or the liar gets in beyond the script itself."""
    prompts = scripts_for_every_world(lang, key)
    assert all(len(variants) == 1 for variants in prompts.values())
    # Worlds do change the answers, so the grouping above compared real variation.
    assert len(prompts) > len(QUESTIONS)


def test_the_prompt_states_each_answer_in_the_game_language() -> None:
    script = Script("en", incident("cake"), (
        ScriptLine("A", literal("culprit", "B"), False, "formal"),
        ScriptLine("C", literal("liar", "C"), False, "nervous"),
    ))
    system, user = actor_messages(script)
    assert (system.role, user.role) == ("system", "user")
    assert "B did not eat the cake" in user.content
    assert "C is not the liar" in user.content
    assert '{"speaker": "A", "text": "..."}, {"speaker": "C", "text": "..."}' in user.content


SCRIPT = Script("en", incident("cake"), (
    ScriptLine("A", literal("culprit", "B"), False, "formal"),
    ScriptLine("B", literal("liar", "B"), False, "casual"),
), turn=3)


def lines_json(*lines: tuple[str, str]) -> str:
    return json.dumps({"lines": [{"speaker": s, "text": t} for s, t in lines]})


def perform_all(
    script: Script, feedbacks: Sequence[tuple[str, ...]], steps: list[Step]
) -> tuple[list[Performance | ActorError], FaultServer]:
    """Call `perform` once per feedback tuple against a scripted server."""

    async def run(server: FaultServer) -> list[Performance | ActorError]:
        actor = ModelActor(OpenAIBackend("scripted", FAST, base_url=server.openai_url), key=b"11")
        results: list[Performance | ActorError] = []
        for feedback in feedbacks:
            try:
                results.append(await actor.perform(script, feedback))
            except ActorError as error:
                results.append(error)
        await actor.aclose()
        return results

    with FaultServer(steps) as server:
        return asyncio.run(run(server)), server


def test_a_good_reply_becomes_lines_that_pass_verification() -> None:
    reply = lines_json(("A", "B did not eat the cake."), ("B", "I'm not the liar."))
    answer = Answer(reply, input_tokens=300, output_tokens=40)
    (performance,), server = perform_all(SCRIPT, [()], [answer])
    assert isinstance(performance, Performance)
    assert [(line.speaker, line.text) for line in performance.lines] == [
        ("A", "B did not eat the cake."), ("B", "I'm not the liar."),
    ]
    assert (performance.tokens_in, performance.tokens_out) == (300, 40)
    assert [exchange.outcome for exchange in performance.transport] == ["ok"]
    assert performance.raw == reply
    assert json.loads(performance.request)["messages"] == server.received[0].body["messages"]
    assert verify(SCRIPT, performance, ROSTER).accepted


def test_the_schema_sent_allows_only_this_turns_speakers() -> None:
    _, server = perform_all(SCRIPT, [()], [Answer(lines_json(("A", "x")))])
    schema = server.received[0].body["response_format"]["json_schema"]["schema"]
    line = schema["$defs"]["ActorLine"]
    assert line["properties"]["speaker"]["enum"] == ["A", "B"]
    assert line["additionalProperties"] is False


def test_a_wrong_reply_is_rejected_and_the_retry_carries_the_reasons_not_the_reply() -> None:
    wrong = lines_json(("A", "B ate the cake."), ("B", "I'm not the liar."))
    right = lines_json(("A", "B did not eat the cake."), ("B", "I'm not the liar."))
    said = (PerformedLine("A", "B ate the cake."), PerformedLine("B", "I'm not the liar."))
    reasons = verify(SCRIPT, Performance(request="", raw="", lines=said), ROSTER).reasons
    assert reasons
    steps: list[Step] = [Answer(wrong), Answer(right)]
    (first, retry), server = perform_all(SCRIPT, [(), reasons], steps)
    assert isinstance(first, Performance) and isinstance(retry, Performance)
    assert first.lines == said
    assert verify(SCRIPT, retry, ROSTER).accepted
    first_sent, retry_sent = (r.body for r in server.received)
    retry_text = json.dumps(retry_sent["messages"], ensure_ascii=False)
    assert all(reason in retry_text for reason in reasons)
    assert "B ate the cake" not in retry_text
    assert len(retry_sent["messages"]) == len(first_sent["messages"])
    assert retry_sent["seed"] != first_sent["seed"]


def test_an_unreadable_reply_gives_no_lines_and_is_rejected() -> None:
    (performance,), _ = perform_all(SCRIPT, [()], [Answer('{"lines": [{"speaker": "A"')])
    assert isinstance(performance, Performance)
    assert performance.lines == ()
    assert not verify(SCRIPT, performance, ROSTER).accepted


def test_transport_retries_behind_a_reply_are_reported() -> None:
    reply = lines_json(("A", "B did not eat the cake."), ("B", "I'm not the liar."))
    (performance,), _ = perform_all(SCRIPT, [()], [Status(429, "0"), Answer(reply)])
    assert isinstance(performance, Performance)
    assert [exchange.outcome for exchange in performance.transport] == ["http 429", "ok"]


def test_a_backend_that_gives_up_raises_actor_error_with_its_request_and_exchanges() -> None:
    (failure,), server = perform_all(SCRIPT, [()], [Status(503), Status(503)])
    assert isinstance(failure, ActorError)
    assert "503" in str(failure)
    assert len(server.received) == FAST.attempts
    assert json.loads(failure.request)["messages"] == server.received[0].body["messages"]
    assert [exchange.outcome for exchange in failure.transport] == ["http 503"] * FAST.attempts
    assert failure.latency > 0


def test_the_sampling_seed_is_reproducible_per_game_turn_and_attempt() -> None:
    with FaultServer([]) as server:
        actor = ModelActor(OpenAIBackend("m", FAST, base_url=server.openai_url), key=b"5")
        same = ModelActor(OpenAIBackend("m", FAST, base_url=server.openai_url), key=b"5")
    seeds = {actor.request(SCRIPT, (), attempt).seed for attempt in range(3)}
    assert len(seeds) == 3
    assert actor.request(SCRIPT, (), 1).seed == same.request(SCRIPT, (), 1).seed


def interpret(
    steps: list[Step], text: str = "hmm, so maybe B ate it, A?"
) -> tuple[Interpretation, FaultServer]:
    async def run(server: FaultServer) -> Interpretation:
        actor = ModelActor(OpenAIBackend("scripted", FAST, base_url=server.openai_url))
        try:
            return await actor.interpret(text, Context(lang="en", incident=incident("cake")))
        finally:
            await actor.aclose()

    with FaultServer(steps) as server:
        return asyncio.run(run(server)), server


def reading(*queries: tuple[str, str, str, bool]) -> Answer:
    return Answer(json.dumps({"queries": [
        {"speaker": s, "about": a, "predicate": p, "negated": n} for s, a, p, n in queries
    ]}))


def test_an_unclear_utterance_is_read_into_an_open_question_the_referee_confirms_first() -> None:
    result, server = interpret([reading(("A", "B", "culprit", False), ("A", "C", "liar", True))])
    assert result.question == Question(
        (Query("A", literal("culprit", "B")), Query("A", literal("liar", "C", True))), open=True
    )
    assert result.problem is None and result.tokens_in > 0
    sent = server.received[0].body
    assert sent["messages"][1] == {"role": "user", "content": "hmm, so maybe B ate it, A?"}
    query = sent["response_format"]["json_schema"]["schema"]["$defs"]["ReadQuery"]
    assert query["properties"]["speaker"]["enum"] == list(ROSTER.names)
    # The referee states the reading and its cost; nothing is charged until the player says yes.
    state = new_game(Rules(), random.Random(0))
    state, verdict = step(state, result.question)
    assert isinstance(verdict, CostToConfirm) and verdict.cost == 2 and state.remaining == 7
    state, verdict = step(state, Confirm(True))
    assert isinstance(verdict, Answers) and state.remaining == 5


@pytest.mark.parametrize(
    ("steps", "problem"),
    [
        ([reading()], "no question read"),
        ([Answer("{oops")], "not the requested JSON"),
        ([Answer(json.dumps({"queries": [{"speaker": "Z", "about": "B", "predicate": "culprit",
                                          "negated": False}]}))], "not the requested JSON"),
        ([Status(503), Status(503)], "503"),
    ],
    ids=["nothing", "garbled", "stranger", "backend down"],
)
def test_no_usable_reading_leaves_the_utterance_unclear(steps: list[Step], problem: str) -> None:
    result, server = interpret(steps)
    assert result.question is None
    assert result.problem is not None and problem in result.problem
    assert len(result.transport) == len(server.received)


def test_in_a_game_the_reading_is_confirmed_before_it_is_charged_and_replays(
    tmp_path: Path,
) -> None:
    """A session with a model actor: unclear words -> the model's reading -> the referee states
    its cost -> the player's yes charges it -> the model voices the answer. Replay agrees."""
    voiced = lines_json(("A", "B ate the cake."))
    steps: list[Step] = [reading(("A", "B", "culprit", False)), Answer(voiced)]
    log = tmp_path / "game.jsonl"
    config = GameConfig(lang="en", incident=incident("cake"))

    async def run(server: FaultServer) -> list[Turn]:
        actor = ModelActor(OpenAIBackend("scripted", FAST, base_url=server.openai_url))
        session, _ = Session.new(config, log, "g", seed=1, secret=World("B", "C"), actor=actor)
        try:
            return [await session.step("did B eat it?"), await session.step("yes")]
        finally:
            session.close()
            await actor.aclose()

    with FaultServer(steps) as server:
        asked, confirmed = asyncio.run(run(server))
    assert isinstance(asked.verdict, CostToConfirm) and asked.state.remaining == 7
    assert isinstance(confirmed.verdict, Answers) and confirmed.state.remaining == 6
    assert confirmed.lines == (PerformedLine("A", "B ate the cake."),)
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    (interpretation,) = [e for e in events if e["t"] == "interpretation"]
    assert interpretation["question"]["kind"] == "question" and interpretation["turn"] == 1
    (attempt,) = [e for e in events if e["t"] == "model_attempt"]
    assert attempt["accepted"] and attempt["transport"][0][0] == "ok"
    assert all(not turn.problems for turn in replay(read(log)))


def test_a_different_key_gives_unrelated_seeds_and_the_default_key_is_fresh() -> None:
    """Sampling seeds follow the actor's key alone: two fresh actors share none of them."""
    with FaultServer([]) as server:
        url = server.openai_url
        a, b = (ModelActor(OpenAIBackend("m", FAST, base_url=url)) for _ in range(2))
        keyed = ModelActor(OpenAIBackend("m", FAST, base_url=url), key=b"6")
    seeds = [{actor.request(SCRIPT, (), attempt).seed for attempt in range(3)} for actor in (a, b, keyed)]
    assert a.key != b.key
    assert not seeds[0] & seeds[1] and not seeds[1] & seeds[2]


@pytest.mark.parametrize("trick", ["\b\b\b\b", "\x1b[D\x1b[D\x1b[D\x1b[D\x1b[K", "\u200b"])
def test_a_reply_that_would_overwrite_itself_is_verified_as_it_will_be_shown(trick: str) -> None:
    """The actor hands over displayable lines, so the verifier reads what the player will see:
    'B did not<trick> eat the cake.' is the denial it reads as, never 'B did eat the cake'."""
    reply = lines_json(("A", f"B did not{trick} eat the cake."), ("B", "I'm not the liar."))
    (performance,), _ = perform_all(SCRIPT, [()], [Answer(reply)])
    assert isinstance(performance, Performance)
    assert performance.lines[0].text == "B did not eat the cake."
    assert performance.raw == reply
    assert verify(SCRIPT, performance, ROSTER).accepted
