"""Whole games under every fault a model server can throw: no crash, nothing wrong shown, bounded turns.

Run `python bench/fault_matrix.py [--langs ko ja en] [--faults NAME ...] [--timeout S] [--deadline S]`.
For each fault and language it plays one whole game through gm.session.Session.start (the
narrated opening, an utterance the parser finds unclear, four questions, the final guess:
scripted player lines) against a loopback OpenAI-compatible server
(tests/gm/backends/servers.py) that injects the fault, and prints per fault:

- turns: player turns played, over all languages;
- wrong shown: shown lines whose facts differ from the referee's answers (the shown lines
  checked again by the verifier against the referee's verdict), plus shown lines holding a
  control, format or bidirectional character (text that displays other than it reads);
- crashes: games that raised instead of finishing;
- calls/turn: HTTP requests the server received per player turn (the opening's included);
- fallbacks: answered turns shown in the referee's template text;
- max s: the longest turn (the opening's included), against the turn deadline.

Unless its fault says otherwise the simulated model is right: it reads each question as the
parser does (the second reader agrees; nothing in what the parser cannot read) and voices
the answers the referee decided, in the offline templates' words. "1/2" faults hit every other request
(so a retry usually recovers), the others every request. Short client timeouts and
deadlines keep a default run under two minutes; it stops by itself. Figures, not asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path: put the repository root before
# it (model_turn, beside this file, holds the scripted player lines).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from model_turn import GUESS, QUESTIONS

from gm.actor import Performance, PerformedLine, Script, ScriptLine
from gm.actors.model import ModelActor
from gm.actors.offline import phrasings
from gm.backends.base import RetryPolicy
from gm.backends.openai import OpenAIBackend
from gm.session import Attempt, GameConfig, Session, Turn, script_for
from gm.verify import verify
from referee.lang import Context, parse
from referee.lang.incident import LANGS, Lang, incident
from referee.liar.intent import Question
from referee.liar.proposition import Atom, Not
from referee.liar.verdict import Answers, Verdict
from referee.liar.world import World
from tests.gm.backends.servers import (
    Answer,
    Drop,
    FaultServer,
    Garbled,
    Raw,
    Received,
    Stall,
    Status,
    Step,
    Trickle,
)

SECRET = World(culprit="B", liar="C")
# An utterance addressed to no one: the parser finds it unclear and asks the model.
UNCLEAR = {"en": "did B eat it?", "ko": "B가 먹었어?", "ja": "Bさんが食べた？"}
CALM = {"en": "The house is quiet.", "ko": "집 안이 조용하다.", "ja": "家の中は静かだ。"}
# Ways a line can display other than it reads: overwrite, erase, reorder, hide.
TRICKS = ("\b\b\b\b", "\x1b[2K\r", "\u202e", "\u200b")
Fault = Callable[[Received, "Model"], Step]


class Model:
    """The simulated model behind the server: it knows the script the session is voicing,
    and answers each request through the fault of the game being played."""

    def __init__(self, lang: Lang, fault: Fault) -> None:
        self.lang = lang
        self.fault = fault
        self.script: Script | None = None

    def respond(self, request: Received) -> Step:
        return self.fault(request, self)

    def reply(self, request: Received, voice: Callable[[ScriptLine], str] | None = None) -> str:
        """The JSON text a model would send for this request: right, unless `voice` says."""
        kind = request.body.get("response_format", {}).get("json_schema", {}).get("name")
        if kind == "NarrationReply":
            return json.dumps({"text": CALM[self.lang]}, ensure_ascii=False)
        if kind == "Reading":
            return self.reading(request)
        if self.script is None:
            return json.dumps({"queries": []})
        speak = voice or self.right
        return json.dumps({"lines": [{"speaker": line.speaker, "text": speak(line)}
                                     for line in self.script.lines]}, ensure_ascii=False)

    def reading(self, request: Received) -> str:
        """A second reading that agrees with the parser's (its plain and negated facts)."""
        text = str(request.body["messages"][-1]["content"])
        intent = parse(text, Context(lang=self.lang, incident=incident("cake"))).intent
        queries = intent.queries if isinstance(intent, Question) else ()
        facts = [(q.speaker, q.proposition.inner if isinstance(q.proposition, Not)
                  else q.proposition, isinstance(q.proposition, Not)) for q in queries]
        return json.dumps({"queries": [
            {"speaker": speaker, "about": atom.about, "predicate": atom.predicate, "negated": negated}
            for speaker, atom, negated in facts if isinstance(atom, Atom)]})

    def right(self, line: ScriptLine) -> str:
        assert self.script is not None
        return phrasings(self.script, line)[0]

    def wrong(self, line: ScriptLine) -> str:
        """A fluent line asserting the opposite of the referee's answer."""
        return self.right(replace(line, answer=not line.answer))

    def tricked(self, line: ScriptLine) -> str:
        """The right line with a control, bidi or zero-width character in it."""
        text = self.right(line)
        trick = TRICKS[sum(map(ord, text)) % len(TRICKS)]
        return text[: len(text) // 2] + trick + text[len(text) // 2:]




def every_other(fault: Step) -> Fault:
    return lambda request, model: fault if request.index % 2 == 0 else Answer(model.reply(request))


def always(fault: Step) -> Fault:
    return lambda request, model: fault


def shape(message: object) -> Fault:
    """A body whose first choice's message is `message` (a shape the schema does not admit)."""
    return always(Raw.json({"choices": [{"message": message, "finish_reason": "stop"}]}))


def faults(timeout_s: float) -> dict[str, Fault]:
    slow = 2 * timeout_s
    return {
        "none": lambda request, model: Answer(model.reply(request)),
        "timeout 1/2": every_other(Stall(slow)),
        "stall (every request)": always(Stall(60.0)),
        "429 1/2": every_other(Status(429, "0")),
        "500 1/2": every_other(Status(500)),
        "500 always": always(Status(500)),
        "drop 1/2": every_other(Drop()),
        "trickle 1/2": lambda request, model: (
            Trickle(Answer(model.reply(request)), chunks=8, interval_s=timeout_s / 2)
            if request.index % 2 == 0 else Answer(model.reply(request))),
        "trickle always": lambda request, model: Trickle(
            Answer(model.reply(request)), chunks=8, interval_s=timeout_s / 2),
        "body not JSON": always(Garbled()),
        "body []": always(Raw(b"[]")),
        "body {}": always(Raw(b"{}")),
        "body nested 50,000 deep": always(Raw(b"[" * 50_000 + b"]" * 50_000)),
        "body 5,000-digit number": always(Raw(b'{"choices": ' + b"9" * 5_000 + b"}")),
        '"choices": []': always(Raw.json({"choices": []})),
        '"choices": [{}]': always(Raw.json({"choices": [{}]})),
        '"message": null': shape(None),
        '"content": 123': shape({"role": "assistant", "content": 123}),
        '"content": [..]': shape({"role": "assistant", "content": [{"text": "x"}]}),
        "lone surrogate": shape({"role": "assistant", "content": "\ud800"}),
        "no usage": lambda request, model: Raw.json(
            {"choices": [{"message": {"content": model.reply(request)}}]}),
        "wrong but valid": lambda request, model: Answer(model.reply(request, model.wrong)),
        "wrong 1/2": lambda request, model: Answer(
            model.reply(request, model.wrong if request.index % 2 == 0 else None)),
        "control characters": lambda request, model: Answer(
            model.reply(request, model.tricked)),
    }


class Watched(Session):
    """A session that tells the simulated model which script it is voicing."""

    model: Model

    async def act(
        self, verdict: Verdict, number: int, deadline: float | None = None
    ) -> tuple[tuple[PerformedLine, ...], tuple[Attempt, ...]]:
        self.model.script = (
            script_for(verdict, self.config, number) if isinstance(verdict, Answers) else None)
        return await super().act(verdict, number, deadline)


@dataclass
class Row:
    turns: int = 0
    wrong: int = 0
    crashes: int = 0
    requests: int = 0
    fallbacks: int = 0
    seconds: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def hidden(text: str) -> bool:
    """Whether text holds a character that can overwrite, erase, reorder or hide text."""
    return any(unicodedata.category(c) in ("Cc", "Cf") and c != "\n" for c in text)


def wrong_lines(turn: Turn, config: GameConfig) -> int:
    """Shown lines that say other than the referee decided, or display other than they read.

    The characters' lines are checked again by the verifier against the turn's verdict,
    apart from the session's own decision; the narration and notes for hidden characters.
    """
    wrong = sum(hidden(line) for line in turn.notes.splitlines())
    if not isinstance(turn.verdict, Answers):
        return wrong
    script = script_for(turn.verdict, config, turn.number)
    shown = Performance(request="", raw="", lines=turn.lines)
    if not verify(script, shown, config.rules.roster).accepted:
        return wrong + len(turn.lines)
    return wrong + sum(hidden(line.text) for line in turn.lines)


async def game(server: FaultServer, model: Model, policy: RetryPolicy, deadline_s: float,
               row: Row, log: Path) -> None:
    """One whole game against `server`, answered by `model`; its figures added to `row`."""
    lang = model.lang
    lines = (UNCLEAR[lang], *QUESTIONS[lang], GUESS[lang].format(**SECRET.as_dict()))
    config = GameConfig(lang=lang, incident=incident("cake"))
    requests_before = len(server.received)
    backend = OpenAIBackend("simulated", policy, base_url=server.openai_url)
    actor = ModelActor(backend, key=b"fault matrix", deadline_s=deadline_s)
    try:
        started = time.monotonic()
        session, opening = await Watched.start(config, log, "bench", seed=1,
                                               secret=SECRET, actor=actor)
        row.seconds.append(time.monotonic() - started)
        row.wrong += sum(hidden(line) for line in opening.splitlines())
        assert isinstance(session, Watched)
        session.model = model
        try:
            for text in lines:
                started = time.monotonic()
                turn = await session.step(text)
                row.seconds.append(time.monotonic() - started)
                row.turns += 1
                row.wrong += wrong_lines(turn, config)
                if isinstance(turn.verdict, Answers):
                    row.fallbacks += turn.attempts[-1].fallback
        finally:
            session.close()
    except Exception as error:  # what the matrix counts: any crash of a whole game
        row.crashes += 1
        row.errors.append(f"{lang}: {type(error).__name__}: {error}"[:200])
    finally:
        await actor.aclose()
        row.requests += len(server.received) - requests_before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--langs", nargs="+", choices=LANGS, default=["ko", "ja", "en"])
    parser.add_argument("--faults", nargs="+", metavar="NAME", help="only these rows")
    parser.add_argument("--timeout", type=float, default=0.25,
                        help="the client's timeout per exchange, seconds (default 0.25)")
    parser.add_argument("--deadline", type=float, default=1.0,
                        help="the turn deadline, seconds (default 1.0)")
    args = parser.parse_args()
    table = faults(args.timeout)
    chosen = args.faults or list(table)
    unknown = [name for name in chosen if name not in table]
    if unknown:
        parser.error(f"unknown fault {unknown[0]!r}; known: {', '.join(table)}")
    policy = RetryPolicy(attempts=4, timeout_s=args.timeout, base_delay_s=0.005, max_delay_s=0.02)

    print(f"{len(args.langs)} game(s) per fault ({', '.join(args.langs)}); timeout "
          f"{args.timeout:g} s per exchange, 4 tries, turn deadline {args.deadline:g} s")
    header = ("fault", "turns", "wrong shown", "crashes", "calls/turn", "fallbacks", "max s")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for lang in args.langs:  # load the parsers' dictionaries before any turn is timed
        parse(QUESTIONS[lang][0], Context(lang=lang, incident=incident("cake")))
    started = time.monotonic()
    errors: list[str] = []
    model = Model("en", table["none"])
    with tempfile.TemporaryDirectory() as folder, \
            FaultServer([], lifetime_s=3600.0, then=lambda r: model.respond(r)) as server:
        for number, name in enumerate(chosen):
            row = Row()
            for lang in args.langs:
                model = Model(lang, table[name])
                log = Path(folder) / f"{number}-{lang}.jsonl"
                asyncio.run(game(server, model, policy, args.deadline, row, log))
            calls = row.requests / row.turns if row.turns else float("nan")
            longest = max(row.seconds, default=0.0)
            print(f"| {name} | {row.turns} | {row.wrong} | {row.crashes} | {calls:.2f} | "
                  f"{row.fallbacks} | {longest:.2f} |", flush=True)
            errors += [f"{name}: {error}" for error in row.errors]
    print(f"\n{len(chosen)} faults x {len(args.langs)} languages in "
          f"{time.monotonic() - started:.0f} s")
    for error in errors:
        print(f"crash: {error}")


if __name__ == "__main__":
    main()
