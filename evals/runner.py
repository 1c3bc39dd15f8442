"""Run an eval: every (model, mode, language, player) combination for N seeds, resumably.

Each finished game is one JSON line appended (and flushed) to `<run>/results.jsonl`; a
re-run reads the keys already there and plays only the rest, so a killed run loses at
most the games in flight. A game that crashes is logged to `<run>/errors.jsonl` and
played again by the next run. Games of one provider run concurrently up to its connection
limit (one model call in flight per game); the offline and faulty game masters run in
process. Chats with a model in the text modes are kept as plain text under `<run>/chats/`,
readable by `refgm audit`. `EvalRunner` is what every game's eval shares (resuming, pools,
crash logs); `Runner` plays the liar game on it, `evals.monorail.runner` Monorail.
"""

from __future__ import annotations

import asyncio
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, fields
from itertools import product
from pathlib import Path
from typing import IO, Any, Generic, Protocol, TypeVar

from evals.faults import FaultLog, Faults, FaultyActor
from evals.gamemasters import ModelGameMaster, OracleGameMaster, Reply, TextGameMaster
from evals.modes import GameSpec, Mode, Played, play_harness, play_text
from evals.prompting import rules_prompt, secret_paragraph
from gm.actor import Actor
from gm.actors.model import ModelActor
from gm.backends import ModelSpec, open_backend
from gm.backends.base import Backend
from gm.recorder import truncate_torn_tail
from gm.sampling import game_key
from referee.lang.incident import DEFAULT_INCIDENT, INCIDENTS, Incident, Lang
from referee.liar.intent import Intent

RESULTS = "results.jsonl"
ERRORS = "errors.jsonl"
FAULTY = "faulty"


@dataclass(frozen=True)
class Plan:
    """What to run: the combinations, how many seeds each, and how."""

    models: tuple[str, ...]
    modes: tuple[Mode, ...]
    langs: tuple[Lang, ...]
    players: tuple[str, ...]
    games: int
    first_seed: int = 0
    incident: Incident = INCIDENTS[DEFAULT_INCIDENT]
    budget: int = 7
    system_prompt: str | None = None
    window: int | None = None
    prices: dict[str, tuple[float, float]] = field(default_factory=dict)
    connections: int = 4

    def specs(self) -> Iterator[GameSpec]:
        """Seed-major, so that an interrupted run has every combination about equally far."""
        for seed in range(self.first_seed, self.first_seed + self.games):
            for model, mode, lang, player in product(self.models, self.modes, self.langs,
                                                     self.players):
                yield GameSpec(model, mode, lang, player, seed, self.incident, self.budget)


def provider(model: str) -> str:
    """The provider a model's connection limit is counted against (`openai`, `faulty`...)."""
    return model.partition(":")[0]


def finished(run_dir: Path) -> set[str]:
    """The keys of the games already in the results file (a torn last line is ignored)."""
    path = run_dir / RESULTS
    if not path.exists():
        return set()
    keys = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            keys.add(json.loads(line)["key"])
        except (json.JSONDecodeError, KeyError, TypeError):
            continue
    return keys


def result_json(played: Played, prices: dict[str, tuple[float, float]],
                faults: FaultLog | None) -> dict[str, Any]:
    """One results line: the game, what the scorer found, and what it cost."""
    spec, s, u = played.spec, played.score, played.usage
    harness = spec.mode == "harness"
    price_in, price_out = prices.get(spec.model, (0.0, 0.0))
    line: dict[str, Any] = {
        **{f.name: getattr(spec, f.name) for f in fields(spec)},
        "incident": spec.incident.key,
        "key": spec.key,
        "secret": f"{played.secret.culprit},{played.secret.liar}" if played.secret else None,
        "outcome": played.outcome,
        "turns": len(played.turns),
        "asked": u.voiced if harness else s.asked,
        "answers": u.voiced if harness else s.answered,
        "wrong_answers": u.misvoiced if harness else s.wrong_answers,
        "contradiction": s.contradiction is not None,
        "count_displays": s.count_displays,
        "count_errors": len(s.count_errors),
        "verdicts": s.verdicts,
        "wrong_verdicts": len(s.wrong_verdicts),
        "leaks": len({leak.turn for leak in s.leaks}),
        "revealed": s.revealed is not None,
        "secret_changed": s.reveal_fits is False,
        "unread": len(s.unread),
        "retries": u.retries,
        "fallbacks": u.fallbacks,
        "model_calls": u.calls,
        "tokens_in": u.tokens_in,
        "tokens_out": u.tokens_out,
        "reader_calls": u.reader_calls,
        "reader_tokens_in": u.reader_tokens_in,
        "reader_tokens_out": u.reader_tokens_out,
        "latency": round(u.latency, 4),
        "cost_usd": round(((u.tokens_in + u.reader_tokens_in) * price_in
                           + (u.tokens_out + u.reader_tokens_out) * price_out) / 1e6, 6),
        "seconds": round(played.seconds, 4),
        "error": u.failure,
    }
    if faults is not None:
        line["fault_chances"] = faults.chances
        line["faults_injected"] = faults.injected
    return line


def _append(out: IO[str], line: dict[str, Any]) -> None:
    """One JSON line, flushed at once so a killed run keeps it."""
    out.write(json.dumps(line, ensure_ascii=False) + "\n")
    out.flush()


def chat_text(played: Played, reply_texts: Iterable[str]) -> str:
    """A text-mode game as a plain-text chat (`Player:` / `GM:`), for `refgm audit`."""
    lines = []
    for turn, reply in zip(played.turns, reply_texts, strict=False):
        lines += [f"Player: {turn.player}", f"GM: {reply}", ""]
    return "\n".join(lines)


def chat_file(key: str) -> str:
    """The file name a game's chat is kept under in `<run>/chats/`."""
    name_safe = key.replace("|", "_").replace(":", "-").replace("/", "-")
    return f"{name_safe}.txt"


class _Recording:
    """A text game master whose replies are kept, to write the chat out after the game."""

    def __init__(self, inner: TextGameMaster) -> None:
        self.inner = inner
        self.replies: list[str] = []

    @property
    def over(self) -> bool:
        return self.inner.over

    async def reply(self, utterance: str, intent: Intent) -> Reply:
        said = await self.inner.reply(utterance, intent)
        self.replies.append(said.text)
        return said

    async def reveal(self, utterance: str) -> Reply:
        said = await self.inner.reveal(utterance)
        self.replies.append(said.text)
        return said


class Keyed(Protocol):
    """What the shared runner needs of one unit of an eval (a game, a question)."""

    @property
    def key(self) -> str:
        """What identifies the finished unit in a results file (for resuming)."""
        ...

    @property
    def model(self) -> str:
        """The `--model` value it runs on: its provider bounds the connections."""
        ...


S = TypeVar("S", bound=Keyed)


class EvalRunner(ABC, Generic[S]):
    """Plays an eval's unfinished units and appends their results, for every game's eval:
    resuming by key, one pool of workers per provider, crashes logged and retried later."""

    def __init__(self, run_dir: Path, connections: int,
                 on_result: Callable[[dict[str, Any]], None] = lambda _: None) -> None:
        self.run_dir = run_dir
        self.connections = connections
        self.on_result = on_result
        self.backends: dict[str, Backend] = {}
        self.failures: list[tuple[str, str]] = []

    @abstractmethod
    def specs(self) -> Iterable[S]:
        """Every unit of the eval, finished or not, in the order they are played."""

    @abstractmethod
    async def play(self, spec: S) -> dict[str, Any]:
        """Play one unit and return its results line."""

    def pending(self) -> list[S]:
        done = finished(self.run_dir)
        return [spec for spec in self.specs() if spec.key not in done]

    def run(self, specs: list[S]) -> None:
        """Play `specs`: one pool of workers per provider, each bounded by its limit."""
        self.run_dir.mkdir(parents=True, exist_ok=True)
        results = self.run_dir / RESULTS
        if results.exists():
            truncate_torn_tail(results)  # a run killed mid-write: append on a fresh line
        with open(results, "a", encoding="utf-8") as out, \
                open(self.run_dir / ERRORS, "a", encoding="utf-8") as errors:
            asyncio.run(self._run(specs, out, errors))

    async def _run(self, specs: list[S], out: IO[str], errors: IO[str]) -> None:
        by_provider: dict[str, list[S]] = {}
        for spec in specs:
            by_provider.setdefault(provider(spec.model), []).append(spec)
        try:
            await asyncio.gather(*(
                self._pool(iter(group), self._limit(name), out, errors)
                for name, group in by_provider.items()
            ))
        finally:
            for backend in self.backends.values():
                await backend.aclose()

    def _limit(self, name: str) -> int:
        """In-process game masters gain nothing from interleaving; a local model runs one call
        at a time anyway; remote providers get `connections`."""
        return self.connections if name in ("openai", "anthropic") else 1

    async def _pool(self, specs: Iterator[S], workers: int, out: IO[str],
                    errors: IO[str]) -> None:
        async def worker() -> None:
            for spec in specs:  # a shared iterator: each spec is taken by one worker
                try:
                    line = await self.play(spec)
                except Exception as err:  # a bug in one game must not end a run
                    line = {"key": spec.key, "error": f"{type(err).__name__}: {err}"}
                    self.failures.append((spec.key, line["error"]))
                    _append(errors, line)
                else:
                    _append(out, line)
                self.on_result(line)

        await asyncio.gather(*(worker() for _ in range(workers)))

    def _backend(self, model: str) -> Backend:
        if model not in self.backends:
            self.backends[model] = open_backend(ModelSpec.parse(model))
        return self.backends[model]


class Runner(EvalRunner[GameSpec]):
    """Plays a liar-game plan's unfinished games and appends their results."""

    def __init__(self, plan: Plan, run_dir: Path,
                 on_result: Callable[[dict[str, Any]], None] = lambda _: None) -> None:
        super().__init__(run_dir, plan.connections, on_result)
        self.plan = plan

    def specs(self) -> Iterator[GameSpec]:
        return self.plan.specs()

    async def play(self, spec: GameSpec) -> dict[str, Any]:
        """Play one game with the game master its model and mode call for."""
        name, _, detail = spec.model.partition(":")
        faults = Faults.parse(detail) if name == FAULTY else None
        if spec.mode == "harness":
            actor: Actor | None = None
            if faults is not None:
                actor = FaultyActor(faults, spec.seed)
            elif name != "offline":
                actor = ModelActor(self._backend(spec.model), key=game_key(spec.seed))
            played = await play_harness(spec, actor)
            log = actor.log if isinstance(actor, FaultyActor) else None
            return result_json(played, self.plan.prices, log)
        secret = spec.secret()
        if name in ("offline", FAULTY):
            master = OracleGameMaster(spec.rules, spec.lang, spec.incident,
                                      random.Random(f"gm:{spec.seed}"), secret,
                                      faults or Faults())
            played = await play_text(spec, master, secret)
            return result_json(played, self.plan.prices, master.log if faults else None)
        recording = _Recording(ModelGameMaster(self._backend(spec.model),
                                               self.system(spec), game_key(spec.seed),
                                               self.plan.window))
        given = secret if spec.mode == "unassisted" else None  # rules-prompt: its own secret
        played = await play_text(spec, recording, given)
        self.keep_chat(spec, chat_text(played, recording.replies))
        return result_json(played, self.plan.prices, None)

    def keep_chat(self, spec: GameSpec, text: str) -> None:
        """Keep a text-mode game's chat, as `<run>/chats/<key>.txt` (for `refgm audit`)."""
        chats = self.run_dir / "chats"
        chats.mkdir(exist_ok=True)
        (chats / chat_file(spec.key)).write_text(text, encoding="utf-8")

    def system(self, spec: GameSpec) -> str:
        """The text-mode system prompt: the rules (the project's or the user's), and in
        unassisted mode the secret."""
        config = spec.incident
        rules = self.plan.system_prompt or rules_prompt(spec.lang, config, spec.budget)
        if spec.mode == "unassisted":
            return rules + "\n" + secret_paragraph(spec.lang, config, spec.secret())
        return rules
