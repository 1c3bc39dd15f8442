"""One game per mode, played by a simulated player, read into turns and scored.

- `harness`: the real play session (gm.session): the referee answers, the actor voices,
  the verifier checks. Scored on what the actor got wrong before the referee caught it
  (first-attempt accuracy, retries, fallbacks) and on what was shown.
- `unassisted`: a text game master given the rules and the secret writes every reply;
  the referee reads the replies and scores them against the secret.
- `rules-prompt`: a text game master given only the rules keeps its own secret; scored
  on the consistency of its answers and of its reveal, asked for at the end.

The same seed gives the same secret (where the referee draws it) and the same player.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from evals.gamemasters import Reply, TextGameMaster
from evals.observed import Turn
from evals.players import View, next_intent
from evals.prompting import REVEAL_REQUEST
from evals.reading import read_turn
from evals.scorers import Score, remaining_after, score
from evals.utterances import render
from gm.actor import Actor
from gm.actors.model import Interpretation
from gm.actors.offline import OfflineActor
from gm.render import Renderer
from gm.session import Attempt, GameConfig, Session
from gm.verify import fact
from referee.lang import Context, Parsed, extract, parse
from referee.lang.context import Statement
from referee.lang.incident import DEFAULT_INCIDENT, INCIDENTS, Incident, Lang
from referee.liar.game import Rules, new_game
from referee.liar.intent import Guess, Intent, Other
from referee.liar.knowledge import Observation
from referee.liar.verdict import Answers, GuessVerdict, Verdict
from referee.liar.world import Roster, World

Mode = Literal["harness", "unassisted", "rules-prompt"]
MODES: tuple[Mode, ...] = ("harness", "unassisted", "rules-prompt")
EXTRA_TURNS = 8
"""Turns a game may take beyond its budget (remarks, injections, guesses) before it is cut."""


@dataclass(frozen=True)
class GameSpec:
    """One game of an eval: which model, mode, language and player, and its seed."""

    model: str
    mode: Mode
    lang: Lang
    player: str
    seed: int
    incident: Incident = INCIDENTS[DEFAULT_INCIDENT]
    budget: int = 7

    @property
    def key(self) -> str:
        """What identifies a finished game in a results file (for resuming)."""
        return f"{self.model}|{self.mode}|{self.lang}|{self.player}|{self.incident.key}|{self.seed}"

    @property
    def rules(self) -> Rules:
        return Rules(budget=self.budget)

    def secret(self) -> World:
        """The secret the referee draws for this seed, the same in every mode."""
        return new_game(self.rules, random.Random(self.seed)).secret


@dataclass
class Usage:
    """Model calls and their cost over one game, and what the harness had to fix.

    `calls` and the tokens are the actor's (voicing and narrating); the second reader's
    readings are counted apart, in `reader_calls` and the `reader_tokens_*`."""

    calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    reader_calls: int = 0
    reader_tokens_in: int = 0
    reader_tokens_out: int = 0
    latency: float = 0.0
    retries: int = 0
    fallbacks: int = 0
    voiced: int = 0
    misvoiced: int = 0
    failure: str | None = None

    def add(self, reply: Reply) -> None:
        self.calls += reply.calls
        self.tokens_in += reply.tokens_in
        self.tokens_out += reply.tokens_out
        self.latency += reply.latency
        self.failure = self.failure or reply.failed


@dataclass(frozen=True)
class Played:
    """A finished game: its turns as the player saw them, the score and the usage."""

    spec: GameSpec
    turns: tuple[Turn, ...]
    score: Score
    usage: Usage
    outcome: str
    secret: World | None
    seconds: float


def view_of(turns: tuple[Turn, ...], rules: Rules) -> View:
    """What the player knows after `turns`: answers heard, the count by the rules, and
    the roles a shown verdict confirmed or ruled out."""
    heard = tuple(
        Observation(s.speaker, s.proposition, s.asserted) for t in turns for s in t.statements
    )
    culprit = liar = None
    wrong: list[Guess] = []
    for turn in turns:
        if isinstance(turn.intent, Guess) and turn.verdict is not None:
            if turn.verdict:
                culprit = turn.intent.culprit or culprit
                liar = turn.intent.liar or liar
            else:
                wrong.append(turn.intent)
    left = remaining_after(turns, rules)[-1] if turns else rules.budget
    return View(rules, heard, left, culprit, liar, tuple(wrong))


def _ended(turns: tuple[Turn, ...], view: View, rules: Rules) -> bool:
    """The game is over as the player saw it: both roles confirmed, or a final answer judged."""
    if view.culprit and view.liar:
        return True
    last = turns[-1]
    before = remaining_after(turns[:-1], rules)[-1] if len(turns) > 1 else rules.budget
    return isinstance(last.intent, Guess) and last.verdict is not None and before == 0


# --- text modes ------------------------------------------------------------------------


async def play_text(spec: GameSpec, master: TextGameMaster, secret: World | None) -> Played:
    """Play a game against a text game master; ask for the reveal in rules-prompt mode."""
    started = time.perf_counter()
    rules, rng = spec.rules, random.Random(f"player:{spec.seed}")
    ctx = Context(roster=rules.roster, incident=spec.incident, lang=spec.lang)
    usage = Usage()
    turns: tuple[Turn, ...] = ()
    view = View(rules, remaining=rules.budget)
    for _ in range(rules.budget + EXTRA_TURNS):
        intent = next_intent(spec.player, view, rng)
        text = render(intent, spec.lang, ctx.incident, rules.roster, rng)
        reply = await master.reply(text, intent)
        usage.add(reply)
        if reply.failed:
            break
        turns += (read_turn(text, intent, reply.text, ctx),)
        view = view_of(turns, rules)
        if master.over or _ended(turns, view, rules):
            break
    if spec.mode == "rules-prompt" and not usage.failure:
        reply = await master.reveal(REVEAL_REQUEST[spec.lang])
        usage.add(reply)
        turns += (read_turn(REVEAL_REQUEST[spec.lang], Other(), reply.text, ctx),)
    outcome = _outcome(turns, view, rules, usage)
    scored = score(turns, rules, secret if spec.mode == "unassisted" else None)
    return Played(spec, turns, scored, usage, outcome, secret, time.perf_counter() - started)


def _outcome(turns: tuple[Turn, ...], view: View, rules: Rules, usage: Usage) -> str:
    if usage.failure:
        return "error"
    if view.culprit and view.liar:
        return "won"
    return "lost" if turns and _ended(turns, view, rules) else "unfinished"


# --- harness mode ----------------------------------------------------------------------


class _Unrecorded:
    """An eval keeps one results line per game, not a per-turn log: events are dropped."""

    def write(self, t: str, **fields: Any) -> None:
        return None

    def close(self) -> None:
        return None


@lru_cache(maxsize=8192)
def _parse(text: str, ctx: Context) -> Parsed:
    """Simulated players say the same few thousand things: each is parsed once."""
    return parse(text, ctx)


@lru_cache(maxsize=8192)
def _verdict_text(lang: Lang, about: Incident, roster: Roster, verdict: Verdict) -> str:
    return Renderer(lang, about, roster).verdict(verdict)


class _MemoRenderer(Renderer):
    """The referee's texts with each verdict rendered once (the templates are pure)."""

    def verdict(self, verdict: Verdict) -> str:
        return _verdict_text(self.lang, self.incident, self.roster, verdict)


class EvalSession(Session):
    """The play session with parsing and the referee's verdict texts memoised: simulated
    games say the same things over and over, and both are pure functions."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.renderer = _MemoRenderer(self.config.lang, self.config.incident,
                                      self.config.rules.roster)

    def parse(self, text: str) -> Parsed:
        """As the play session reads it (the last question included, for follow-ups)."""
        ctx = Context(roster=self.config.rules.roster, incident=self.config.incident,
                      lang=self.config.lang, pending=self.state.pending is not None,
                      previous=self.previous)
        return _parse(text, ctx)


def shown_turn(text: str, intent: Intent, verdict: Verdict) -> Turn:
    """A harness turn as the player saw it: the referee's answers, count and verdict."""
    statements: tuple[Statement, ...] = ()
    if isinstance(verdict, Answers):
        statements = tuple(
            Statement(a.query.speaker, a.query.proposition, a.answer) for a in verdict.answers
        )
    remaining = getattr(verdict, "remaining", None)
    shown = verdict.correct if isinstance(verdict, GuessVerdict) else None
    counts = (remaining,) if remaining is not None else ()
    return Turn(text, intent, statements, counts, shown)


def misvoiced(attempt: Attempt, ctx: Context, verdict: Answers) -> int:
    """How many of the turn's answers the attempt failed to say exactly (0 when accepted)."""
    if attempt.check.accepted:
        return 0
    if attempt.performance is None:
        return len(verdict.answers)
    said = set()
    for line in attempt.performance.lines:
        asked = tuple(a.query for a in verdict.answers if a.query.speaker == line.speaker)
        for s in extract(line.text, ctx, line.speaker, asked).statements:
            said.add(fact(s.speaker, s.proposition, s.asserted))
    return sum(
        fact(a.query.speaker, a.query.proposition, a.answer) not in said for a in verdict.answers
    )


async def play_harness(spec: GameSpec, actor: Actor | None) -> Played:
    """Play a game through the real session; `actor` None is the offline actor."""
    started = time.perf_counter()
    rules, rng = spec.rules, random.Random(f"player:{spec.seed}")
    config = GameConfig(lang=spec.lang, incident=spec.incident, rules=rules)
    ctx = Context(roster=rules.roster, incident=config.incident, lang=spec.lang)
    fallback = OfflineActor(spec.seed)
    state = new_game(rules, random.Random(spec.seed))
    session = EvalSession(game_id=spec.key, config=config, state=state,
                          actor=actor or fallback, fallback=fallback, writer=_Unrecorded())
    usage = Usage()
    turns: tuple[Turn, ...] = ()
    view = View(rules, remaining=rules.budget)
    for _ in range(rules.budget + EXTRA_TURNS):
        intent = next_intent(spec.player, view, rng)
        text = render(intent, spec.lang, config.incident, rules.roster, rng)
        played = await session.step(text)
        _account(usage, played.attempts, ctx, played.verdict, model=actor is not None)
        _account_reading(usage, played.reading)
        turns += (shown_turn(text, played.intent, played.verdict),)
        view = view_of(turns, rules)
        if session.state.over:
            break
    outcome = session.state.outcome if session.state.over else "unfinished"
    scored = score(turns, rules, state.secret)
    return Played(spec, turns, scored, usage, outcome, state.secret,
                  time.perf_counter() - started)


def _account_reading(usage: Usage, reading: Interpretation | None) -> None:
    """Add a turn's second reading: a call when a reply came (as for the actor's calls)."""
    if reading is not None and reading.raw is not None:
        usage.reader_calls += 1
        usage.reader_tokens_in += reading.tokens_in
        usage.reader_tokens_out += reading.tokens_out


def _account(usage: Usage, attempts: tuple[Attempt, ...], ctx: Context, verdict: Verdict,
             model: bool) -> None:
    """Add a turn's attempts: retries, fallbacks, first-try misses and, for a `model`
    actor (not the offline templates), its calls, tokens and latency."""
    if not isinstance(verdict, Answers) or not attempts:
        return
    tried = [a for a in attempts if not a.fallback]
    usage.voiced += len(verdict.answers)
    usage.misvoiced += misvoiced(attempts[0], ctx, verdict)
    usage.fallbacks += attempts[-1].fallback
    usage.retries += max(len(tried) - 1, 0)
    for attempt in tried if model else ():
        if attempt.performance is not None:
            usage.calls += 1
            usage.tokens_in += attempt.performance.tokens_in
            usage.tokens_out += attempt.performance.tokens_out
            usage.latency += attempt.performance.latency
