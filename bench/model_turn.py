"""What a model-voiced turn costs: calls, tokens, latency, acceptance, fallbacks, referee share.

Run `python bench/model_turn.py [--games N] [--model local:smollm2] [--lang en]`.
Plays N scripted games (one per world of the nine, in turn) through the real session with a
model actor, then prints per answered turn: model calls, input and output tokens, model
latency, the first-attempt acceptance rate, the fallback rate (turns shown in template text
after two rejected retries), and the referee's share of the turn's wall-clock time: parsing,
adjudicating and verifying, against everything else (model calls, event log, rendering).
Goal (issue 5): the referee's share under 1%. Figures, not asserts.

For llama.cpp set OMP_WAIT_POLICY=PASSIVE; `--threads 1` suits a busy machine.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path: put the repository root there.
sys.path[0] = str(Path(__file__).resolve().parent.parent)
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

import gm.session  # noqa: E402
from gm.actors.model import ModelActor  # noqa: E402
from gm.backends import open_backend  # noqa: E402
from gm.session import GameConfig, Session  # noqa: E402
from referee.lang import Context, extract, parse  # noqa: E402
from referee.lang.incident import LANGS, incident  # noqa: E402
from referee.liar.verdict import Answers  # noqa: E402
from referee.liar.world import all_worlds  # noqa: E402

# The player's questions, per language; the final guess names the secret.
QUESTIONS = {
    "en": ("A, did B eat the cake?", "B, are you the liar?", "C, is A honest?",
           "Everyone, did you eat the cake?"),
    "ko": ("A, B가 케이크를 먹었어?", "B, 네가 거짓말쟁이야?", "C, A는 정직해?",
           "다들 케이크 먹었어?"),
    "ja": ("Aさん、Bさんはケーキを食べましたか？", "Bさん、あなたは嘘つきですか？",
           "Cさん、Aさんは正直ですか？", "みんな、ケーキを食べましたか？"),
}
GUESS = {
    "en": "The culprit is {culprit} and the liar is {liar}.",
    "ko": "범인은 {culprit}이고 거짓말쟁이는 {liar}야.",
    "ja": "犯人は{culprit}さんで、嘘つきは{liar}さんです。",
}


@dataclass
class Clock:
    """Seconds spent in the referee (parse, adjudicate, verify) during the current turn."""

    referee: float = 0.0


class TimedSession(Session):
    """A session that times its referee stages; the model's time is what remains."""

    clock: Clock

    def parse(self, text: str):  # type: ignore[no-untyped-def]
        started = time.perf_counter()
        try:
            return super().parse(text)
        finally:
            self.clock.referee += time.perf_counter() - started

    def adjudicate(self, intent):  # type: ignore[no-untyped-def]
        started = time.perf_counter()
        try:
            return super().adjudicate(intent)
        finally:
            self.clock.referee += time.perf_counter() - started


@dataclass
class Figures:
    calls: list[int] = field(default_factory=list)
    tokens_in: list[int] = field(default_factory=list)
    tokens_out: list[int] = field(default_factory=list)
    call_latency: list[float] = field(default_factory=list)
    turn_seconds: list[float] = field(default_factory=list)
    referee_seconds: list[float] = field(default_factory=list)
    first_accepted: int = 0
    fallbacks: int = 0
    turns: int = 0


async def play(args: argparse.Namespace, clock: Clock, figures: Figures) -> None:
    backend = open_backend(args.model, threads=args.threads, base_url=args.base_url)
    actor = ModelActor(backend, key=str(args.seed).encode(), temperature=args.temperature)
    worlds = all_worlds()
    with tempfile.TemporaryDirectory() as folder:
        for game in range(args.games):
            secret = worlds[game % len(worlds)]
            config = GameConfig(lang=args.lang, incident=incident("cake"))
            session, _ = TimedSession.new(config, Path(folder) / f"{game}.jsonl", f"bench-{game}",
                                          seed=args.seed + game, secret=secret, actor=actor)
            assert isinstance(session, TimedSession)
            session.clock = clock
            lines = (*QUESTIONS[args.lang], GUESS[args.lang].format(**secret.as_dict()))
            for line in lines:
                clock.referee = 0.0
                started = time.perf_counter()
                turn = await session.step(line)
                elapsed = time.perf_counter() - started
                if not isinstance(turn.verdict, Answers):
                    continue
                tries = [a for a in turn.attempts if not a.fallback]
                figures.turns += 1
                figures.calls.append(len(tries))
                done = [a.performance for a in tries if a.performance is not None]
                figures.tokens_in.append(sum(p.tokens_in for p in done))
                figures.tokens_out.append(sum(p.tokens_out for p in done))
                figures.call_latency.extend(p.latency for p in done)
                figures.first_accepted += tries[0].check.accepted
                figures.fallbacks += turn.attempts[-1].fallback
                figures.turn_seconds.append(elapsed)
                figures.referee_seconds.append(clock.referee)
            session.close()
            done_with = f"({secret.culprit},{secret.liar})"
            print(f"game {game + 1}/{args.games} done {done_with}", file=sys.stderr)
    await actor.aclose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--model", default="local:smollm2")
    parser.add_argument("--base-url")
    parser.add_argument("--lang", choices=LANGS, default="en")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--temperature", type=float, default=0.7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    clock, figures = Clock(), Figures()
    real_verify = gm.session.verify

    def timed_verify(*a, **k):  # type: ignore[no-untyped-def]
        started = time.perf_counter()
        try:
            return real_verify(*a, **k)
        finally:
            clock.referee += time.perf_counter() - started

    gm.session.verify = timed_verify  # the session's own verify, timed into the referee's share
    # Start-up (dictionaries, the first parse) is not a turn's cost: pay it before timing.
    warm = Context(lang=args.lang, incident=incident("cake"))
    parse(QUESTIONS[args.lang][0], warm)
    extract(GUESS[args.lang], warm, "A", ())
    asyncio.run(play(args, clock, figures))

    n = figures.turns
    share = sum(figures.referee_seconds) / sum(figures.turn_seconds)
    shares = [r / t for r, t in zip(figures.referee_seconds, figures.turn_seconds, strict=True)]
    print(f"model {args.model}, lang {args.lang}, {args.games} games, {n} answered turns, "
          f"temperature {args.temperature}, {args.threads} thread(s)")
    print(f"  model calls per turn      mean {statistics.mean(figures.calls):.2f}  (1 to 3)")
    print(f"  input tokens per turn     mean {statistics.mean(figures.tokens_in):.0f}")
    print(f"  output tokens per turn    mean {statistics.mean(figures.tokens_out):.0f}")
    print(f"  latency per model call    median {statistics.median(figures.call_latency):.2f} s, "
          f"max {max(figures.call_latency):.2f} s")
    print(f"  turn time                 median {statistics.median(figures.turn_seconds):.2f} s")
    accepted = figures.first_accepted
    print(f"  first-attempt acceptance  {accepted}/{n} = {accepted / n:.0%}")
    print(f"  fallback to templates     {figures.fallbacks}/{n} = {figures.fallbacks / n:.0%}")
    print(f"  referee share of turn     {share:.3%} overall, median {statistics.median(shares):.3%},"
          f" max {max(shares):.3%} (referee time median "
          f"{statistics.median(figures.referee_seconds) * 1000:.1f} ms per turn)")


if __name__ == "__main__":
    main()
