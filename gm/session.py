"""One game in play: `Session.step(text) -> Turn` runs parse, adjudicate, act, verify, show, record.

The referee's state is immutable; the session holds the current one. Each hook is a
method so a subclass or a test can watch or replace one stage:

- parse: the player's text to a typed intent (referee.lang.parse);
- interpret: with a model actor, an utterance the parser found unclear may be read by the
  model into an open question, which the referee states with its cost before charging;
- adjudicate: referee.liar.step, the only place the budget and answers change;
- act: the actor voices the answers (it never sees the secret), verified by gm.verify,
  retried at most twice with the reasons, else the offline template text;
- deadline: with a model actor, every model call of a turn (the reading, the voicing and
  the ending's narration) must be over `ModelActor.deadline_s` after the turn began; once
  it has passed no further call is made, the template text is shown and the note says so;
- show: the referee's own text (counts, costs, guess results, the ending) via gm.render;
- narrate (sessions begun with `start` or resumed, model actors only): the model may tell
  the opening and the ending, checked by gm.actors.narrator and shown beside the
  referee's own text, never instead of it;
- record: every event is appended and fsynced before the turn is returned for display.
"""

from __future__ import annotations

import random
import secrets
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from gm.actor import (
    PERSONAS,
    Actor,
    ActorError,
    Performance,
    PerformedLine,
    Script,
    ScriptLine,
)
from gm.actors.model import ModelActor
from gm.actors.narrator import Part, narrate_ending, narrate_opening
from gm.actors.offline import OfflineActor
from gm.backends.base import Exchange
from gm.render import Renderer
from gm.transcript import (
    Json,
    Log,
    Sealed,
    TranscriptError,
    TranscriptWriter,
    intent_from_json,
    intent_json,
    read,
    read_sidecar,
    truncate_torn_tail,
    turns,
    verdict_json,
    write_sidecar,
)
from gm.verify import Check, verify
from referee.errors import IllegalIntentError, UnknownNameError
from referee.lang import Context, Parsed, parse
from referee.lang.incident import Incident, Lang, incident
from referee.liar.game import GameState, Rules, new_game, step
from referee.liar.intent import Intent, Unclear
from referee.liar.knowledge import consistent_worlds
from referee.liar.verdict import Answers, FinalAnswerRequired, GuessVerdict, Verdict
from referee.liar.world import Roster, World

MAX_ATTEMPTS = 3
"""One try and at most two retries before the offline template text is used."""

_EVENT_KEYS = frozenset({"v", "t", "turn"})


def cast(roster: Roster) -> dict[str, str]:
    """The persona of each name: formal, casual, nervous, then round again."""
    voices = tuple(PERSONAS)
    return {name: voices[i % len(voices)] for i, name in enumerate(roster.names)}


@dataclass(frozen=True)
class GameConfig:
    """What a game is played in and about; recorded in `game_started`."""

    lang: Lang
    incident: Incident
    rules: Rules = field(default_factory=Rules)

    def as_json(self, actor: str) -> Json:
        return {"lang": self.lang, "incident": self.incident.key,
                "roster": list(self.rules.roster.names), "budget": self.rules.budget,
                "actor": actor}

    @classmethod
    def from_json(cls, obj: Json) -> GameConfig:
        rules = Rules(Roster(tuple(obj["roster"])), int(obj["budget"]))
        return cls(lang=obj["lang"], incident=incident(obj["incident"]), rules=rules)

    @classmethod
    def of(cls, log: Log) -> GameConfig:
        """The config a log's `game_started` recorded; TranscriptError naming it if malformed."""
        started = log.events[0]
        try:
            return cls.from_json(started.data["config"])
        except (KeyError, TypeError, ValueError) as err:
            raise TranscriptError(f"{log.path}:{started.line}: bad game config ({err})") from None


def adjudicate(state: GameState, intent: Intent) -> tuple[GameState, Verdict]:
    """referee.liar.step, with an intent the rules reject (an unknown name, a stray yes)
    turned into a request to rephrase, so that nothing is charged and replay agrees."""
    try:
        return step(state, intent)
    except (UnknownNameError, IllegalIntentError) as err:
        return step(state, Unclear(str(err)))


def script_for(verdict: Answers, config: GameConfig, turn: int) -> Script:
    """What the actor gets for a turn: the answers to voice and the personas. No secret."""
    personas = cast(config.rules.roster)
    lines = tuple(
        ScriptLine(a.query.speaker, a.query.proposition, a.answer, personas[a.query.speaker])
        for a in verdict.answers
    )
    return Script(lang=config.lang, incident=config.incident, lines=lines, turn=turn)


def transport_json(exchanges: tuple[Exchange, ...]) -> list[list[object]]:
    """Each network exchange behind a reply as recorded: [outcome, seconds]."""
    return [[e.outcome, round(e.latency_s, 6)] for e in exchanges]


def _passed(deadline: float | None) -> bool:
    """Whether a turn's deadline (a `time.monotonic()` value, or None for none) has passed."""
    return deadline is not None and time.monotonic() >= deadline


def _narrator(actor: Actor | None) -> ModelActor | None:
    """Who narrates: a model actor does; the offline actor has no narration."""
    return actor if isinstance(actor, ModelActor) else None


def verdict_fields(data: Json) -> Json:
    """A recorded `verdict` event without its envelope: what `verdict_json` produced."""
    return {k: v for k, v in data.items() if k not in _EVENT_KEYS}


@dataclass(frozen=True)
class Attempt:
    """One try at voicing a script; `performance` is None when the actor failed outright.

    `late` marks the template text shown because the turn's deadline passed.
    """

    performance: Performance | None
    check: Check
    fallback: bool = False
    late: bool = False


@dataclass(frozen=True)
class Turn:
    """What one player utterance led to, ready to show."""

    number: int
    text: str
    intent: Intent
    verdict: Verdict
    lines: tuple[PerformedLine, ...]
    notes: str
    attempts: tuple[Attempt, ...]
    state: GameState

    @property
    def reply(self) -> str:
        """Everything shown for this turn: the characters' lines, then the referee's text."""
        spoken = [f"{line.speaker}: {line.text}" for line in self.lines]
        return "\n".join([*spoken, self.notes] if self.notes else spoken)


class Session:
    """A game being played, recorded to `writer` as it goes."""

    def __init__(
        self,
        *,
        game_id: str,
        config: GameConfig,
        state: GameState,
        actor: Actor,
        fallback: OfflineActor,
        writer: TranscriptWriter,
        turn: int = 0,
        narrator: ModelActor | None = None,
    ) -> None:
        self.game_id = game_id
        self.config = config
        self.state = state
        self.actor = actor
        self.fallback = fallback
        self.writer = writer
        self.turn = turn
        self.narrator = narrator
        self.renderer = Renderer(config.lang, config.incident, config.rules.roster)
        self.guesses: tuple[GuessVerdict, ...] = ()

    # --- starting and resuming -------------------------------------------------------------

    @classmethod
    def new(
        cls,
        config: GameConfig,
        path: Path,
        game_id: str,
        *,
        seed: int | None = None,
        secret: World | None = None,
        actor: Actor | None = None,
    ) -> tuple[Session, str]:
        """Fix the secret, seal it in the sidecar, record the start; returns the opening text.

        The referee's texts only, whatever the actor (evals, benchmarks and tests compare
        the actor's lines alone); `start` adds a model's narration.
        """
        session = cls._founded(config, path, game_id, seed, secret, actor, narrate=False)
        return session, session._open(None)

    @classmethod
    async def start(
        cls,
        config: GameConfig,
        path: Path,
        game_id: str,
        *,
        seed: int | None = None,
        secret: World | None = None,
        actor: Actor | None = None,
    ) -> tuple[Session, str]:
        """`new` for a player: a model actor also narrates the opening now and the ending later."""
        session = cls._founded(config, path, game_id, seed, secret, actor, narrate=True)
        return session, session._open(await session.narrate("opening", 0))

    @classmethod
    def _founded(
        cls,
        config: GameConfig,
        path: Path,
        game_id: str,
        seed: int | None,
        secret: World | None,
        actor: Actor | None,
        narrate: bool,
    ) -> Session:
        """A new game with its secret drawn and sealed and `game_started` recorded."""
        seed = secrets.randbits(64) if seed is None else seed
        state = new_game(config.rules, random.Random(seed), secret)
        writer = TranscriptWriter.create(path)
        write_sidecar(path, Sealed(seed, state.secret, state.nonce))
        fallback = OfflineActor(seed)
        actor = actor or fallback
        session = cls(game_id=game_id, config=config, state=state, actor=actor,
                      fallback=fallback, writer=writer,
                      narrator=_narrator(actor) if narrate else None)
        writer.write("game_started", id=game_id, config=config.as_json(actor.name),
                     commitment=state.commitment)
        return session

    def _open(self, narration: str | None) -> str:
        """Record and return the opening: the narration, if any, then the referee's own."""
        opening = "\n\n".join(filter(None, (narration, self.renderer.opening(self.state))))
        self.writer.write("gm", turn=0, text=opening)
        return opening

    @classmethod
    async def resume(cls, path: Path, actor: Actor | None = None) -> tuple[Session, str]:
        """Continue an interrupted game; returns the text to show (recap and any unshown reply).

        The referee re-steps every recorded intent that got a verdict and must reach the
        same verdicts. An intent without a verdict was never answered and is dropped, as
        is a torn last line. A verdict whose reply was never shown is shown now, in the
        offline actor's words. The opening is shown as recorded, never narrated again; a
        model actor narrates the ending when the game ends from now on.
        """
        log = read(path, drop_torn_tail=True)
        if log.torn_tail:
            truncate_torn_tail(path)
        if log.first("game_ended"):
            raise TranscriptError(f"{path}: this game is over; see it with: refgm replay {path}")
        started = log.events[0]
        config = GameConfig.of(log)
        sealed = read_sidecar(path)
        state = GameState(rules=config.rules, secret=sealed.secret, nonce=sealed.nonce,
                          remaining=config.rules.budget)
        if state.commitment != started.data.get("commitment"):
            raise TranscriptError(f"{path}: the sealed secret does not open this game's commitment")
        fallback = OfflineActor(sealed.seed)
        recorded = turns(log)
        session = cls(game_id=str(started.data.get("id", path.stem)), config=config, state=state,
                      actor=actor or fallback, fallback=fallback,
                      writer=TranscriptWriter.append(path),
                      turn=max((t.number for t in recorded), default=0),
                      narrator=_narrator(actor))
        opening = next((rt.gm for rt in recorded if rt.number == 0 and rt.gm is not None), None)
        shown = [str(opening.data.get("text", "")) if opening else session.renderer.opening(state)]
        if log.torn_tail:
            shown.append(session.renderer.message("torn", line=len(log.events) + 1))
        for rt in recorded:
            if rt.intent is None or rt.verdict is None:
                continue
            try:
                intent = intent_from_json(rt.intent.data["intent"])
            except (KeyError, TypeError, ValueError) as err:
                raise TranscriptError(f"{path}:{rt.intent.line}: bad intent ({err})") from None
            verdict = session.adjudicate(intent)
            if verdict_json(verdict) != verdict_fields(rt.verdict.data):
                raise TranscriptError(
                    f"{path}:{rt.verdict.line}: the referee now decides this turn differently")
            text = str(rt.player.data.get("text", "")) if rt.player else ""
            if rt.gm is not None:
                shown.append(f"> {text}\n{rt.gm.data.get('text', '')}")
                continue
            lines, attempts = await session._fallback_lines(verdict, rt.number, len(rt.attempts))
            turn = session.record(rt.number, text, intent, verdict, lines, attempts)
            shown.append(f"> {text}\n{session.renderer.message('unshown')}\n{turn.reply}")
        if session.state.over:
            if recorded[-1].gm is not None:  # the crash came between the reply and game_ended
                session._end()
                shown.append(session.renderer.ending(session.state.reveal(), session.state.outcome))
        else:
            session.writer.write("resumed", turn=session.turn)
            shown.append(session.renderer.message("resumed", game_id=session.game_id,
                                                  remaining=session.state.remaining))
        return session, "\n\n".join(shown)

    async def _fallback_lines(
        self, verdict: Verdict, number: int, tried: int
    ) -> tuple[tuple[PerformedLine, ...], tuple[Attempt, ...]]:
        """The offline actor's lines for a recorded turn whose reply was never shown."""
        if not isinstance(verdict, Answers):
            return (), ()
        script = script_for(verdict, self.config, number)
        performance = await self.fallback.perform(script)
        check = verify(script, performance, self.config.rules.roster)
        return performance.lines, (self._attempt(number, tried + 1, performance, check, True),)

    # --- one turn -------------------------------------------------------------------------

    async def step(self, text: str) -> Turn:
        """Play one utterance. Every event is on disk before this returns."""
        self.turn += 1
        number = self.turn
        self.writer.write("player", turn=number, text=text)
        deadline = self._deadline()
        parsed = self.parse(text)
        intent = await self.interpret(parsed, number, deadline)
        self.writer.write("intent", turn=number, lang=parsed.lang, intent=intent_json(intent))
        verdict = self.adjudicate(intent)
        self.writer.write("verdict", turn=number, **verdict_json(verdict))
        lines, attempts = await self.act(verdict, number, deadline)
        ending = await self.narrate("ending", number, deadline) if self.state.over else None
        return self.record(number, text, intent, verdict, lines, attempts, ending)

    def parse(self, text: str) -> Parsed:
        ctx = Context(roster=self.config.rules.roster, incident=self.config.incident,
                      lang=self.config.lang, pending=self.state.pending is not None)
        return parse(text, ctx)

    async def interpret(
        self, parsed: Parsed, number: int, deadline: float | None = None
    ) -> Intent:
        """The parser's intent, or, when it is unclear and a model acts, the model's reading.

        The reading is an open question: the referee states what it asks and its cost, and
        charges only after the player's yes. Recorded as an `interpretation` event (replay
        and resume use the recorded intent, so they never call the model).
        """
        if not isinstance(parsed.intent, Unclear) or not isinstance(self.actor, ModelActor):
            return parsed.intent
        ctx = Context(roster=self.config.rules.roster, incident=self.config.incident,
                      lang=parsed.lang)
        deadline = self._deadline() if deadline is None else deadline
        reading = await self.actor.interpret(parsed.text, ctx, deadline)
        question = intent_json(reading.question) if reading.question else None
        self.writer.write("interpretation", turn=number, actor=self.actor.name,
                          request=reading.request, raw=reading.raw, question=question,
                          problem=reading.problem, tokens_in=reading.tokens_in,
                          tokens_out=reading.tokens_out, latency=round(reading.latency, 6),
                          transport=transport_json(reading.transport))
        return reading.question or parsed.intent

    def adjudicate(self, intent: Intent) -> Verdict:
        self.state, verdict = adjudicate(self.state, intent)
        if isinstance(verdict, GuessVerdict):
            self.guesses += (verdict,)
        return verdict

    async def act(
        self, verdict: Verdict, number: int, deadline: float | None = None
    ) -> tuple[tuple[PerformedLine, ...], tuple[Attempt, ...]]:
        """Voice the answers: verified tries by the actor, then the offline text if need be.

        No try is made once the turn's `deadline` has passed (default: a turn begun now).
        """
        if not isinstance(verdict, Answers):
            return (), ()
        deadline = self._deadline() if deadline is None else deadline
        script = replace(script_for(verdict, self.config, number), deadline=deadline)
        attempts: list[Attempt] = []
        feedback: tuple[str, ...] = ()
        tries = 1 if self.actor is self.fallback else MAX_ATTEMPTS
        performance: Performance | ActorError | None = None
        for _ in range(tries):
            if _passed(deadline):
                break
            performance, check = await self._try(script, feedback)
            attempts.append(self._attempt(number, len(attempts) + 1, performance, check, False))
            if isinstance(performance, Performance) and check.accepted:
                return performance.lines, tuple(attempts)
            feedback = check.reasons
        if self.actor is self.fallback and isinstance(performance, Performance):
            # The templates are the last resort: shown even when rejected (recorded as such).
            return performance.lines, tuple(attempts)
        fallback = await self.fallback.perform(script)
        check = verify(script, fallback, self.config.rules.roster)
        attempts.append(self._attempt(number, len(attempts) + 1, fallback, check, True,
                                      late=_passed(deadline)))
        return fallback.lines, tuple(attempts)

    async def _try(
        self, script: Script, feedback: tuple[str, ...]
    ) -> tuple[Performance | ActorError, Check]:
        """One call of the actor, verified; an actor that gives up is a rejected attempt."""
        try:
            performance = await self.actor.perform(script, feedback)
        except ActorError as err:
            return err, Check((f"the actor failed: {err}",))
        return performance, verify(script, performance, self.config.rules.roster)

    def _attempt(self, number: int, index: int, performance: Performance | ActorError,
                 check: Check, fallback: bool, late: bool = False) -> Attempt:
        """Record one try; an actor that failed still has its request and exchanges logged.

        The template text shown because the deadline passed records the deadline it missed.
        """
        actor = self.fallback if fallback else self.actor
        fields: dict[str, Any] = {
            "request": performance.request, "raw": None, "lines": [], "tokens_in": 0,
            "tokens_out": 0, "latency": round(performance.latency, 6),
            "transport": transport_json(performance.transport),
        }
        if isinstance(performance, Performance):
            fields |= {
                "raw": performance.raw,
                "lines": [[line.speaker, line.text] for line in performance.lines],
                "tokens_in": performance.tokens_in,
                "tokens_out": performance.tokens_out,
            }
        if late:
            fields["deadline_s"] = self._deadline_s()
        self.writer.write("model_attempt", turn=number, attempt=index, actor=actor.name,
                          accepted=check.accepted, reasons=list(check.reasons),
                          fallback=fallback, **fields)
        shown = performance if isinstance(performance, Performance) else None
        return Attempt(shown, check, fallback, late)

    def _deadline_s(self) -> float | None:
        """How long a turn's model calls may take, or None without a model actor."""
        return self.actor.deadline_s if isinstance(self.actor, ModelActor) else None

    def _deadline(self) -> float | None:
        """When a turn begun now must be done with the model (a `time.monotonic()` value)."""
        seconds = self._deadline_s()
        return None if seconds is None else time.monotonic() + seconds

    def _fallback_note(self, attempts: tuple[Attempt, ...]) -> str:
        """Why the template text is shown: the deadline passed, or every reply was rejected."""
        seconds = self._deadline_s()
        if attempts[-1].late and seconds is not None:
            return self.renderer.message("late", seconds=f"{seconds:g}")
        return self.renderer.message("fallback", attempts=len(attempts) - 1)

    async def narrate(
        self, part: Part, number: int, deadline: float | None = None
    ) -> str | None:
        """The narrator's accepted opening or ending, every try recorded; None if there is none.

        An ending is checked against the secret, so it is told only once the game is over.
        It shares its turn's `deadline`; the opening (turn 0) has one of its own.
        """
        if self.narrator is None:
            return None
        ctx = Context(roster=self.config.rules.roster, incident=self.config.incident,
                      lang=self.config.lang)
        backend, seed = self.narrator.backend, self.narrator.seed
        if deadline is None:
            deadline = time.monotonic() + self.narrator.deadline_s
        if part == "opening":
            story = await narrate_opening(backend, ctx, seed, deadline=deadline)
        else:
            story = await narrate_ending(backend, ctx, self.state.secret, self.state.outcome, seed,
                                         deadline=deadline)
        for index, attempt in enumerate(story.attempts, 1):
            self.writer.write(
                "model_attempt", turn=number, part=part, attempt=index, actor=self.narrator.name,
                accepted=attempt.accepted, reasons=list(attempt.reasons),
                request=attempt.request, raw=attempt.raw, text=attempt.text,
                tokens_in=attempt.tokens_in, tokens_out=attempt.tokens_out,
                latency=round(attempt.latency, 6), transport=transport_json(attempt.transport))
        return story.text

    def show(self, verdict: Verdict, attempts: tuple[Attempt, ...],
             ending: str | None = None) -> str:
        """The referee's text for this turn: counts, results and, at the end, the reveal
        (followed by the narrator's accepted `ending`, if any)."""
        notes = []
        if attempts and attempts[-1].fallback:
            notes.append(self._fallback_note(attempts))
        notes.append(self.renderer.verdict(verdict))
        if self.state.over:
            notes.append(self.renderer.ending(self.state.reveal(), self.state.outcome))
            if ending:
                notes.append(ending)
        elif self.state.remaining == 0 and not isinstance(verdict, FinalAnswerRequired):
            notes.append(self.renderer.verdict(FinalAnswerRequired()))
        return "\n\n".join(n for n in notes if n)

    def record(self, number: int, text: str, intent: Intent, verdict: Verdict,
               lines: tuple[PerformedLine, ...], attempts: tuple[Attempt, ...],
               ending: str | None = None) -> Turn:
        """Write what will be shown (and the reveal when the game ended), then return it."""
        turn = Turn(number, text, intent, verdict, lines, self.show(verdict, attempts, ending),
                    attempts, self.state)
        self.writer.write("gm", turn=number, text=turn.reply)
        if self.state.over:
            self._end()
        return turn

    def _end(self) -> None:
        reveal = self.state.reveal()
        self.writer.write("game_ended", outcome=self.state.outcome,
                          secret=reveal.secret.as_dict(), nonce=reveal.nonce,
                          commitment=reveal.commitment)

    # --- what the player may ask besides questions ------------------------------------------

    def worlds_left(self) -> tuple[World, ...]:
        """The worlds consistent with every answer and every guess result so far (for /hint)."""
        worlds = consistent_worlds(self.config.rules.roster, self.state.answers)
        for g in self.guesses:
            worlds = tuple(
                w for w in worlds
                if (g.guess.culprit in (None, w.culprit) and g.guess.liar in (None, w.liar))
                == g.correct
            )
        return worlds

    def hint(self) -> str:
        self.writer.write("hint", turn=self.turn)
        return self.renderer.hint(self.worlds_left())

    def status(self) -> str:
        return self.renderer.status(self.state)

    def help(self) -> str:
        return self.renderer.help(self.config.rules.budget)

    def close(self) -> None:
        self.writer.close()
