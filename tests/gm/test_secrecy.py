"""No hidden fact reaches a model, or the log outside the sidecar, before the game ends.

Whole games in ko, ja and en are played against a loopback server speaking the OpenAI
wire format that records every request. Every request, and every log line before
`game_ended`, is then attacked the way a provider or a reader of the log could:

- (the log: every line before the verdict that ends the game, whose reply is the reveal)
- searched for the game's seed (as a whole number), its nonce and its secret;
- brute-forced: every number in it is tried as the game's seed (the referee's own
  `new_game` rebuilds a secret and a nonce from it, under each of the nine worlds) and
  every 32-digit hex string as the nonce of each of the nine worlds, against the
  commitment shown to the player;
- every sampling seed must be what the actor's key alone gives for that call, so it
  carries nothing of the game's seed (a chosen `--seed 4242` was inverted in 0.1 s when
  sampling seeds followed it).

The ending narration is the one request allowed to know the secret: it is sent only after
the referee recorded the verdict that ended the game.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from gm.actors.model import ModelActor
from gm.backends.base import RetryPolicy
from gm.backends.openai import OpenAIBackend
from gm.sampling import sampling_seed
from gm.session import GameConfig, Session
from referee.lang.incident import Lang, incident
from referee.liar.commitment import commit
from referee.liar.game import Rules, new_game
from referee.liar.verdict import CostToConfirm
from referee.liar.world import World, all_worlds
from tests.gm.backends.servers import Answer, FaultServer, Step

KEY = b"secrecy test key"
FAST = RetryPolicy(attempts=1, timeout_s=5.0)
WORLDS = all_worlds()
# The fields of an answered pair that the player is shown (or that name the question).
PUBLIC_ANSWER = frozenset({"speaker", "about", "predicate", "negated", "via", "answer"})

QUESTIONS: dict[Lang, tuple[str, ...]] = {
    "en": ("A, did B eat the cake?", "did B eat it?", "C, who ate the cake?", "yes",
           "B, is A the liar?"),
    "ko": ("A씨, B씨가 케이크를 먹었나요?", "B가 먹었어?", "C씨, 누가 케이크를 먹었나요?", "네",
           "B씨, A씨가 거짓말쟁이인가요?"),
    "ja": ("Aさん、Bさんはケーキを食べましたか？", "Bが食べた？", "Cさん、誰がケーキを食べましたか？",
           "はい", "Bさん、Aさんは嘘つきですか？"),
}
GUESS: dict[Lang, str] = {
    "en": "{culprit} ate the cake and {liar} is the liar",
    "ko": "범인은 {culprit}이고 거짓말쟁이는 {liar}입니다",
    "ja": "犯人は{culprit}で、嘘つきは{liar}です",
}


@dataclass(frozen=True)
class Sent:
    """A request as the provider saw it, and whether the log had ended the game by then."""

    body: dict[str, Any]
    game_over_logged: bool

    @property
    def schema(self) -> str:
        return str(self.body["response_format"]["json_schema"]["name"])


class RecordingServer(FaultServer):
    """Answers every request with a reply its schema admits, and notes the log's state."""

    def __init__(self, log: Path) -> None:
        super().__init__([])
        self.log = log
        self.sent: list[Sent] = []

    def _next(self, path: str, body: dict[str, Any]) -> Step | None:
        over = any(e["t"] == "verdict" and e.get("outcome") for e in _events(self.log))
        sent = Sent(body, over)
        with self._lock:
            self.sent.append(sent)
        # No lines (rejected, so every retry is exercised), no reading, an English scene.
        reply = {"ActorReply": {"lines": []}, "Reading": {"queries": []},
                 "NarrationReply": {"text": "The kitchen is quiet tonight."}}[sent.schema]
        return Answer(json.dumps(reply))


YES: dict[Lang, str] = {"en": "yes", "ko": "네", "ja": "はい"}


def _events(log: Path) -> list[dict[str, Any]]:
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text("utf-8").splitlines() if line.endswith("}")]


@dataclass(frozen=True)
class Played:
    seed: int
    secret: World
    nonce: str
    commitment: str
    sent: tuple[Sent, ...]
    log_lines: tuple[str, ...]


def play(tmp_path: Path, lang: Lang, seed: int) -> Played:
    """A narrated game with a model actor: questions, an unclear line, a wrong guess, the right one."""
    log = tmp_path / f"{lang}-{seed}.jsonl"
    config = GameConfig(lang=lang, incident=incident("cake"))

    async def run(server: RecordingServer) -> Played:
        actor = ModelActor(OpenAIBackend("scripted", FAST, base_url=server.openai_url), key=KEY)
        session, _ = await Session.start(config, log, "secrecy", seed=seed, actor=actor)
        secret, nonce = session.state.secret, session.state.nonce
        wrong = next(w for w in WORLDS if w.culprit != secret.culprit and w.liar != secret.liar)
        try:
            for text in QUESTIONS[lang]:
                if isinstance((await session.step(text)).verdict, CostToConfirm):
                    await session.step(YES[lang])  # the readings differ: "no question"
            await session.step(GUESS[lang].format(culprit=wrong.culprit, liar=wrong.liar))
            last = await session.step(GUESS[lang].format(culprit=secret.culprit, liar=secret.liar))
            assert last.state.over
        finally:
            session.close()
            await actor.aclose()
        return Played(seed, secret, nonce, session.state.commitment, tuple(server.sent),
                      tuple(log.read_text("utf-8").splitlines()))

    server = RecordingServer(log)
    with server:
        return asyncio.run(run(server))


def numbers(value: object) -> Iterator[int]:
    """Every whole number in a JSON value: its ints, and each run of digits in its strings."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, str):
        yield from (int(run) for run in re.findall(r"\d+", value))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from numbers(key)
            yield from numbers(item)
    elif isinstance(value, list):
        for item in value:
            yield from numbers(item)


def hexes(text: str) -> set[str]:
    return set(re.findall(r"(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])", text))


def opens(commitment: str, nonce: str) -> bool:
    """Whether `nonce` with any of the nine worlds opens `commitment`."""
    return any(commit(world, nonce) == commitment for world in WORLDS)


def rebuilt(commitment: str, n: int) -> bool:
    """Whether `n`, taken as the game's seed, rebuilds a nonce that opens `commitment`."""
    rng_nonces = {new_game(Rules(), random.Random(n), world).nonce for world in WORLDS}
    rng_nonces.add(new_game(Rules(), random.Random(n)).nonce)
    return any(opens(commitment, nonce) for nonce in rng_nonces)


def attack(played: Played, where: str, value: object) -> list[str]:
    """Every way `value` gives the secret away; empty when it gives nothing."""
    text = json.dumps(value, ensure_ascii=False)
    found = []
    if played.nonce in text:
        found.append(f"{where}: the nonce")
    if played.seed in set(numbers(value)):
        found.append(f"{where}: the game's seed")
    found += [f"{where}: {n} rebuilds the secret" for n in set(numbers(value))
              if rebuilt(played.commitment, n)]
    found += [f"{where}: {h} opens the commitment" for h in hexes(text) if opens(played.commitment, h)]
    return found


def allowed_seeds(played: Played) -> set[int]:
    """The sampling seeds the actor's key alone gives for the calls a game can make."""
    seeds = {sampling_seed(KEY, "line", turn, attempt) for turn in range(20) for attempt in range(3)}
    seeds |= {sampling_seed(KEY, part, attempt) for part in ("opening", "ending") for attempt in range(3)}
    seeds |= {sampling_seed(KEY, "interpret", text) for lang in QUESTIONS for text in QUESTIONS[lang]}
    return seeds


GAMES = [("en", 4242), ("ko", 4242), ("ja", 4242), ("en", 8664889284293828565),
         ("ko", 31337), ("ja", 2**62 + 12345)]


@pytest.mark.parametrize(("lang", "seed"), GAMES)
def test_no_request_and_no_log_line_gives_the_secret_away(
    tmp_path: Path, lang: Lang, seed: int
) -> None:
    played = play(tmp_path, lang, seed)
    schemas = {sent.schema for sent in played.sent}
    assert schemas == {"ActorReply", "Reading", "NarrationReply"}, "every kind of call was made"
    assert len(played.sent) >= 12

    leaks: list[str] = []
    for index, sent in enumerate(played.sent, 1):
        if sent.game_over_logged:
            continue  # the ending narration: checked below
        leaks += attempt_leaks(played, f"request {index}", sent.body)
    # The game ends with the verdict that decides it; its reply shows the reveal.
    ended = next(i for i, line in enumerate(played.log_lines)
                 if json.loads(line)["t"] == "verdict" and json.loads(line).get("outcome"))
    for number, line in enumerate(played.log_lines[:ended], 1):
        event = json.loads(line)
        leaks += attack(played, f"log line {number} ({event['t']})", event)
        for answer in event.get("answers", []) if event["t"] == "verdict" else []:
            extra = set(answer) - PUBLIC_ANSWER
            if extra:
                leaks.append(f"log line {number}: an answer records {sorted(extra)}")
    assert leaks == [], "\n".join(leaks)
    sampled = {int(sent.body["seed"]) for sent in played.sent}
    assert sampled <= allowed_seeds(played), "a sampling seed that the actor's key does not explain"


def attempt_leaks(played: Played, where: str, body: dict[str, Any]) -> list[str]:
    """A request before the end also may not carry the secret as a pair of roles."""
    secret_json = json.dumps(played.secret.as_dict(), ensure_ascii=False)
    found = attack(played, where, body)
    if secret_json in json.dumps(body, ensure_ascii=False):
        found.append(f"{where}: the secret")
    return found


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_only_the_ending_narration_knows_the_game_is_over(tmp_path: Path, lang: Lang) -> None:
    """The requests sent once the final verdict was on disk are exactly the ending's tries."""
    played = play(tmp_path, lang, 4242)
    late = [sent for sent in played.sent if sent.game_over_logged]
    assert late, "the ending was narrated"
    assert all(sent.schema == "NarrationReply" for sent in late)
    assert len(late) <= 3
    prompt = json.dumps(late[0].body["messages"], ensure_ascii=False)
    assert played.secret.culprit in prompt and played.secret.liar in prompt


def test_sampling_seeds_follow_the_key_not_the_game_seed(tmp_path: Path) -> None:
    """Two games of different seeds (and secrets), played alike with one key, send the very
    same sampling seeds: nothing of the game's seed reaches them."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, second = play(tmp_path / "a", "en", 4242), play(tmp_path / "b", "en", 4243)
    assert first.secret != second.secret or first.nonce != second.nonce
    assert [sent.body["seed"] for sent in first.sent] == [sent.body["seed"] for sent in second.sent]
