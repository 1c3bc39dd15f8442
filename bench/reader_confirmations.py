"""Confirmations per question turn with a model as the second reader, before and after the
reader check (gm.reader): `python bench/reader_confirmations.py [--games N]`.

Harness games (evals.modes.play_harness, the optimal simulated player, en/ko/ja) against two
loopback OpenAI-compatible fakes (tests/gm/backends/servers.py): one reads every question as
the parser does, one misreads all. "before": --reader both (the model always reads); "after":
--reader auto (the model reads only if it read the check questions right). A confirmation is
a question turn opened (stated with its cost, charged only after a yes) because the readings
differed: the simulated player asks only plain questions, never "who ate it?". "plain" counts
the confirmations whose note says the question is in a plain frame the parser reads exactly
(gm.session.doubt_note, the parser's reading being the question asked, not yet opened).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evals.modes import GameSpec, play_harness
from gm.actors.model import ModelActor
from gm.backends.base import RetryPolicy
from gm.backends.openai import OpenAIBackend
from gm.reader import ReaderChecks, settle_reader
from gm.session import GameConfig, doubt_note
from referee.lang.incident import LANGS
from referee.liar.game import Rules
from referee.liar.intent import Question
from tests.gm.backends.servers import Answer, FaultServer, Received, Step
from tests.gm.test_reader import reads_as_parser, reads_badly

FAST = RetryPolicy(attempts=1, timeout_s=5.0)


def voiced(request: Received) -> Step:
    return Answer("{oops")  # no usable line: the templates are shown


def model(read: Callable[[Received], Step]) -> Callable[[Received], Step]:
    def respond(request: Received) -> Step:
        return read(request) if "ReadQuery" in str(request.body) else voiced(request)
    return respond


async def games(url: str, auto: bool, n: int, checks: ReaderChecks) -> tuple[int, int, int]:
    asked = confirmed = plain = 0
    for lang in LANGS:
        for seed in range(n):
            actor = ModelActor(OpenAIBackend("fake", FAST, base_url=url), key=b"b")
            if auto:
                await settle_reader(actor, Rules().roster, lang, checks)
            played = await play_harness(GameSpec("openai:fake", "harness", lang, "optimal", seed=seed), actor)
            await actor.aclose()
            questions = [(t.player, t.intent) for t in played.turns if isinstance(t.intent, Question)]
            asked += len(questions)
            opened = [(text, q) for text, q in questions if q.open]  # the simulator asks no who-question
            confirmed += len(opened)
            config = GameConfig(lang, played.spec.incident, played.spec.rules)
            plain += sum(doubt_note(text, replace(q, open=False), q, config) == "doubt_framed"
                         for text, q in opened)
    return confirmed, asked, plain


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3, help="games per language (default 3)")
    args = parser.parse_args()
    for name, read in (("reads well", reads_as_parser), ("reads badly", reads_badly)):
        for auto in (False, True):
            with tempfile.TemporaryDirectory() as tmp, FaultServer([], lifetime_s=600.0, then=model(read)) as server:
                c, q, p = asyncio.run(games(server.openai_url, auto, args.games, ReaderChecks(Path(tmp) / "r.json")))
            print(f"{name:12} {'after (auto)' if auto else 'before (both)':14} "
                  f"confirmations {c}/{q} question turns = {c / max(q, 1):.2f}, said of a plain frame {p}/{c}")


if __name__ == "__main__":
    main()
