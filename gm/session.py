"""One game in play: `Session.step(text) -> Turn` runs parse, adjudicate, act, verify, show, record.

The referee's state is immutable; the session holds the current one. Each hook is a
method so a subclass or a test can watch or replace one stage:

- parse: the player's text to a typed intent (referee.lang.parse);
- interpret: with a model actor that reads (`--reader auto` keeps only a model that reads the
  check questions well, gm.reader; `--reader parser` turns it off),
  the model reads every question, and every utterance the parser found unclear, a second
  time (see `two_readings`): when the readings differ the referee charges nothing, states
  what it understood and its cost, and charges only after the player's yes (saying so when
  the utterance is one of the plain frames the parser reads exactly, `doubt_note`);
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

`reopened` and `rerun` re-run a recorded log against what a session writes, from its start:
`resume` continues a game from it, and `refgm replay` prints it.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

from gm.actor import (
    PERSONAS,
    Actor,
    ActorError,
    Performance,
    PerformedLine,
    Script,
    ScriptLine,
)
from gm.actors.model import Interpretation, ModelActor
from gm.actors.narration import MAX_ATTEMPTS as NARRATION_ATTEMPTS
from gm.actors.narrator import Part, check_narration, narrate_ending, narrate_opening
from gm.actors.offline import OfflineActor
from gm.backends.base import transport_json
from gm.frames import framed
from gm.recorder import (
    Event,
    Json,
    LineError,
    Log,
    Mismatch,
    Sealed,
    TranscriptError,
    differing_field,
)
from gm.render import Renderer
from gm.table import Ledger, Table, Writer, found, ledger, reopen
from gm.verify import Check, verify
from referee.errors import CommitmentError
from referee.lang import Context, Parsed, parse
from referee.lang.display import displayable
from referee.lang.incident import INCIDENTS, LANGS, Incident, Lang, incident, incident_from_json
from referee.liar.codec import intent_from_json, intent_json, verdict_json, world_from_json
from referee.liar.game import GameState, Rules, new_game
from referee.liar.intent import Intent, Query, Question, Unclear
from referee.liar.knowledge import consistent_worlds
from referee.liar.protocol import GAME as LIAR
from referee.liar.protocol import SEAT
from referee.liar.verdict import (
    Answers,
    CostToConfirm,
    FinalAnswerRequired,
    GuessVerdict,
    NotCharged,
    Verdict,
)
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
    """What a game is played in and about; recorded in `game_started` with the `game` a
    session plays (the liar game, by its name in the registry)."""

    lang: Lang
    incident: Incident
    rules: Rules = field(default_factory=Rules)
    game: ClassVar[str] = LIAR.name

    def as_json(self, actor: str) -> Json:
        return {"lang": self.lang, "incident": self.incident.as_json(),
                "roster": list(self.rules.roster.names), "budget": self.rules.budget,
                "actor": actor}

    @classmethod
    def from_json(cls, obj: Json) -> GameConfig:
        if obj["lang"] not in LANGS:
            raise ValueError(f"unknown language {obj['lang']!r}; known: {', '.join(LANGS)}")
        rules = Rules(Roster(tuple(obj["roster"])), int(obj["budget"]))
        return cls(lang=obj["lang"], incident=incident_from_json(obj["incident"]), rules=rules)

    @classmethod
    def of(cls, log: Log) -> GameConfig:
        """The config a log's `game_started` recorded; TranscriptError naming it if malformed,
        or if it is another game's. A log without `game` (before it was recorded) is a liar game."""
        started = log.events[0]
        game = started.data.get("game", cls.game)
        if game != cls.game:
            raise TranscriptError(f"{log.path}:{started.line}: a game of {game!r}; this refgm plays {cls.game!r}")
        try:
            return cls.from_json(started.data["config"])
        except (KeyError, TypeError, ValueError) as err:
            raise TranscriptError(f"{log.path}:{started.line}: bad game config ({err})") from None


def drawn_incident(seed: int, pool: Mapping[str, Incident] = INCIDENTS) -> Incident:
    """The incident of a game whose player chose none: drawn from its seed among `pool`."""
    return incident(random.Random(f"incident:{seed}").choice(sorted(pool)), pool)


def last_question(log: Log) -> Question | None:
    """The last question a log records (a follow-up after a resume continues it)."""
    for event in reversed(log.of("intent")):
        try:
            intent = intent_from_json(event.data["intent"])
        except (KeyError, TypeError, ValueError):
            continue  # rerun has judged every intent before this is asked
        if isinstance(intent, Question):
            return intent
    return None


def seeded(state: GameState, seed: object) -> bool:
    """Whether `seed` draws the secret and nonce of `state`, as `Session.new` draws them
    (the secret drawn too, or fixed with `--secret` and only the nonce drawn)."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        return False
    drawn = new_game(state.rules, random.Random(seed))
    fixed = new_game(state.rules, random.Random(seed), state.secret)
    return (drawn.secret, drawn.nonce) == (state.secret, state.nonce) or fixed.nonce == state.nonce


def read_twice(parsed: Intent) -> bool:
    """Whether a second reader reads what the parser read: questions, and what it found
    unclear (a model may see the question in it). Nothing else is asked of a model."""
    return isinstance(parsed, Question | Unclear)


def two_readings(parsed: Intent, reading: tuple[Query, ...] | None) -> Intent:
    """The intent of an utterance read by the parser (`parsed`) and by a model (`reading`:
    the questions it read, or None for no usable reading).

    The model never decides on its own. No reading leaves the parser's intent as it is
    (an Unclear stays unclear). Readings that ask the same set of (speaker, proposition)
    pairs leave the parser's question as it is. Otherwise the turn's question is opened,
    so the referee states it and its cost and charges only after the player's yes: the
    parser's question, or the model's where the parser read none.
    """
    if reading is None or not read_twice(parsed):
        return parsed
    if isinstance(parsed, Question):
        same = {q.key() for q in reading} == {q.key() for q in parsed.queries}
        return parsed if same else replace(parsed, open=True)
    return Question(reading, open=True) if reading else parsed


def doubt_note(text: str, parsed: Intent, intent: Intent, config: GameConfig) -> str | None:
    """Why the turn's question waits for a yes, as the key of the message that says so: None
    when the readings agreed (`intent` is the parser's); "doubt_framed" when `text` is one of
    the plain frames of the parser's question (gm.frames), a form the parser reads exactly,
    so the player knows the stated reading is his question as asked; else "doubt"."""
    if intent == parsed:
        return None
    plain = framed(text, parsed, config.lang, config.incident, config.rules.roster.names)
    return "doubt_framed" if plain else "doubt"


def script_for(verdict: Answers, config: GameConfig, turn: int) -> Script:
    """What the actor gets for a turn: the answers to voice and the personas. No secret."""
    personas = cast(config.rules.roster)
    lines = tuple(
        ScriptLine(a.query.speaker, a.query.proposition, a.answer, personas[a.query.speaker])
        for a in verdict.answers
    )
    return Script(lang=config.lang, incident=config.incident, lines=lines, turn=turn)


def _passed(deadline: float | None) -> bool:
    """Whether a turn's deadline (a `time.monotonic()` value, or None for none) has passed."""
    return deadline is not None and time.monotonic() >= deadline


def _narrator(actor: Actor | None) -> ModelActor | None:
    """Who narrates: a model actor does; the offline actor has no narration."""
    return actor if isinstance(actor, ModelActor) else None


def _without(data: Json, key: str) -> Json:
    return {k: v for k, v in data.items() if k != key}


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
    """What one player utterance led to, ready to show; `reading` is the model's second
    reading of it (None when the model was not asked to read it)."""

    number: int
    text: str
    intent: Intent
    verdict: Verdict
    lines: tuple[PerformedLine, ...]
    notes: str
    attempts: tuple[Attempt, ...]
    state: GameState
    reading: Interpretation | None = None

    @property
    def reply(self) -> str:
        """Everything shown for this turn: the characters' lines, then the referee's text."""
        return reply_text(self.lines, self.notes)


# --- what is shown: one rendering, for the session and for replay --------------------------


def reply_text(lines: tuple[PerformedLine, ...], notes: str) -> str:
    """A turn's reply as shown: the characters' lines, then the referee's text."""
    spoken = [f"{line.speaker}: {line.text}" for line in lines]
    return "\n".join([*spoken, notes] if notes else spoken)


def fallback_note(renderer: Renderer, rejected: int, deadline_s: float | None) -> str:
    """Why the template text is shown: the turn's `deadline_s` passed (None: it did not),
    or all `rejected` replies before it were rejected."""
    if deadline_s is not None:
        return renderer.message("late", seconds=f"{deadline_s:g}")
    return renderer.message("fallback", attempts=rejected)


def reply_notes(renderer: Renderer, state: GameState, verdict: Verdict,
                fallback: str | None, ending: str | None, doubt: str | None = None) -> str:
    """The referee's text for a turn that left `state`: counts, results and, at the end, the
    reveal (then the narrator's accepted `ending`, if any). `fallback` is the note that the
    template text is shown (see `fallback_note`), None when it is not. `doubt`: the two
    readings differed, so a cost to confirm says why it is asked (the message `doubt_note`
    names)."""
    notes = []
    if fallback is not None:
        notes.append(fallback)
    if isinstance(verdict, NotCharged) and verdict.kind == "rules":
        notes.append(renderer.rules(state.rules.budget))  # "what are the rules again?"
    if doubt is not None and isinstance(verdict, CostToConfirm):
        notes.append(renderer.message(doubt))
    notes.append(renderer.verdict(verdict))
    if state.over:
        notes.append(renderer.ending(state.reveal(), state.outcome))
        if ending:
            notes.append(ending)
    elif state.remaining == 0 and not isinstance(verdict, FinalAnswerRequired):
        notes.append(renderer.verdict(FinalAnswerRequired()))
    return "\n\n".join(n for n in notes if n)


def opening_text(renderer: Renderer, state: GameState, narration: str | None) -> str:
    """The opening as shown: the narration, if any, then the referee's own."""
    return "\n\n".join(filter(None, (narration, renderer.opening(state))))


def opened(config: GameConfig, secret: World, nonce: str, commitment: object) -> GameState:
    """The state before the first question, if `secret` and `nonce` open `commitment`;
    ValueError saying why not otherwise."""
    state = GameState(rules=config.rules, secret=secret, nonce=nonce,
                      remaining=config.rules.budget)
    try:
        opens = state.commitment == commitment
    except CommitmentError as err:
        raise ValueError(str(err)) from None
    if not opens:
        raise ValueError("the secret and nonce do not open the commitment of line 1")
    return state


def reopened(log: Log, config: GameConfig, sealed: Sealed | None) -> GameState:
    """The state before the first question of a recorded game: from the secret and nonce its
    `game_ended` reveals, else from its sidecar's (`sealed`). What resume and replay start
    from; TranscriptError naming where (a LineError, its game_ended line) if they do not open
    the commitment of line 1."""
    ended = log.first("game_ended")
    try:
        if ended is not None:
            secret, nonce = ended.data["secret"], ended.data["nonce"]
        else:
            assert sealed is not None, "an unfinished game opens from its sidecar"
            secret, nonce = sealed.secret, sealed.nonce
        if not isinstance(nonce, str):
            raise ValueError("the nonce is not a string")
        return opened(config, world_from_json(secret), nonce, log.events[0].data.get("commitment"))
    except (KeyError, TypeError, ValueError) as err:
        if ended is not None:  # the secret (or nonce) it reveals is not the one committed to
            raise LineError(log.path, ended.line, "secret", f"cannot open the commitment ({err})") from None
        raise TranscriptError(f"{log.path}: cannot open the commitment ({err})") from None


# --- re-running a log: the one loop behind resume and `refgm replay` -----------------------


@dataclass(frozen=True)
class Replayed:
    """One recorded turn re-run: the table row of `refgm replay` and the recap of resume.

    `shown` is the recorded reply (None when the turn's reply was never recorded)."""

    number: int
    player: str
    verdict: str
    cost: int
    remaining: int
    attempts: str
    shown: str | None
    problems: tuple[Mismatch, ...]


@dataclass(frozen=True)
class Unshown:
    """The last turn of an interrupted log: answered, but its reply never recorded.

    `ready` when its last attempt is one the session shows (else the fallback is owed)."""

    number: int
    text: str
    intent: Intent
    verdict: Verdict
    attempts: tuple[Attempt, ...]
    ready: bool
    ending: str | None
    doubt: str | None = None


@dataclass(frozen=True)
class Rerun:
    """A log re-run from its secret: the referee's state at its end and every difference.

    `problems` are in line order: the first is the first line that differs."""

    state: GameState
    guesses: tuple[GuessVerdict, ...]
    turns: tuple[Replayed, ...]
    problems: tuple[Mismatch, ...]
    turn: int
    opening: str
    opening_shown: bool
    unshown: Unshown | None
    ended: bool


def rerun(log: Log, config: GameConfig, state: GameState) -> Rerun:
    """Re-run the referee over `log` from `state` (the game's start) with no model calls.

    Checks that the events come exactly as a session writes them, that each verdict and
    each accept/reject decision is what the referee and the verifiers decide now, and that
    every `gm` line is what those decisions render. Accepts exactly the ends a crash leaves:
    a last turn without its reply, a game over without `game_ended`. Stops at the first
    event out of place, as nothing after it can be read against a session."""
    walk = _Walk(log, config, state)
    for event in log.events[1:]:
        if not walk.take(event):
            break
    else:
        walk.finish()
    return walk.result()


class _Walk:
    """One pass over a log's events (see `rerun`): where the game is, and what came so far."""

    def __init__(self, log: Log, config: GameConfig, state: GameState) -> None:
        self.log, self.config, self.state = log, config, state
        self.renderer = Renderer(config.lang, config.incident, config.rules.roster)
        self.ctx = Context(roster=config.rules.roster, incident=config.incident,
                           lang=config.lang)
        self.guesses: tuple[GuessVerdict, ...] = ()
        self.rows: list[Replayed] = []
        self.problems: list[Mismatch] = []
        self.phase = "opening"  # then "between" turns, in a "turn", "over", "ended"
        self.opening = ""
        self.unshown: Unshown | None = None
        self._begin(0, None)

    def _begin(self, number: int, player: Event | None) -> None:
        self.turn = number
        self.player = player
        self.readings: Event | None = None  # the turn's interpretation event
        self.doubt: str | None = None  # the two readings differed: the reply says why it asks
        self.intent: Intent | None = None
        self.verdict: Verdict | None = None
        self.reason_in_english = False  # the turn's verdict is from a log before typed problems
        self.tries: list[Event] = []
        self.narration: list[Event] = []
        self.decisions: list[str] = []
        self.resumed = False

    # --- the event grammar ---------------------------------------------------------------

    def take(self, event: Event) -> bool:
        """Check one event; False (with the problem recorded) when it is out of place."""
        handlers = {"player": self._player, "interpretation": self._interpretation,
                    "intent": self._intent, "verdict": self._verdict,
                    "model_attempt": self._attempt, "gm": self._gm, "hint": self._hint,
                    "resumed": self._resumed, "game_ended": self._ended}
        handler = handlers.get(event.t)
        return self._misplaced(event) if handler is None else handler(event)

    def _numbered(self, event: Event) -> bool:
        """Whether `event` carries the turn number it must have here (after its place is
        checked, so that a line out of place is named as such)."""
        expected = self.turn + 1 if event.t == "player" else self.turn
        if event.data.get("turn") == expected:
            return True
        return self._wrong(event, f"{event.t} of turn {event.data.get('turn')!r} where turn "
                                  f"{expected} was expected", "turn")

    def _expected(self) -> str:
        if self.phase == "opening":
            return "the opening (a gm line of turn 0)"
        if self.phase == "between":
            return f"turn {self.turn + 1}'s player line"
        if self.phase == "over":
            return "game_ended"
        if self.phase == "ended":
            return "the end of the log"
        if self.intent is None:
            return f"turn {self.turn}'s intent"
        if self.verdict is None:
            return f"turn {self.turn}'s verdict"
        return f"turn {self.turn}'s {'gm' if self._decided() else 'model_attempt'} line"

    def _wrong(self, event: Event, text: str, field: str | None) -> bool:
        self.problems.append(Mismatch(event.line, self.turn, text, field))
        return False

    def _misplaced(self, event: Event) -> bool:
        return self._wrong(event, f"{event.t} where {self._expected()} was expected", "t")

    def _differs(self, event: Event, text: str, field: str | None) -> None:
        """A decision or a shown text that is not what the log's other lines imply."""
        self.problems.append(Mismatch(event.line, self.turn, text, field))

    def _player(self, event: Event) -> bool:
        if self.phase != "between":
            return self._misplaced(event)
        if not self._numbered(event):
            return False
        self._begin(self.turn + 1, event)
        self.phase = "turn"
        return True

    def _interpretation(self, event: Event) -> bool:
        if self.phase != "turn" or self.intent is not None or self.readings is not None:
            return self._misplaced(event)
        if not self._numbered(event):
            return False
        self.readings = event
        return True

    def _intent(self, event: Event) -> bool:
        if self.phase != "turn" or self.intent is not None:
            return self._misplaced(event)
        if not self._numbered(event):
            return False
        self.intent = self._read(event, event.data.get("intent"))
        if self.readings is not None:
            parsed, reading = self._two(self.readings, self.intent)
            if two_readings(parsed, reading) != self.intent:
                self._differs(event, "the intent is not what the parser's and the model's "
                                     "readings give", "intent")
            said = str(self.player.data.get("text", "")) if self.player else ""
            self.doubt = doubt_note(said, parsed, self.intent, self.config)
        return True

    def _read(self, event: Event, obj: object) -> Intent:
        """A recorded intent; TranscriptError naming the line if it is malformed."""
        try:
            return intent_from_json(obj)  # type: ignore[arg-type]
        except (KeyError, TypeError, ValueError) as err:
            raise TranscriptError(f"{self.log.path}:{event.line}: bad intent ({err})") from None

    def _two(self, event: Event, intent: Intent) -> tuple[Intent, tuple[Query, ...] | None]:
        """The parser's intent and the model's reading an `interpretation` event records.

        A log from before the model read every question has neither `parsed` nor `read`:
        then the model read only what the parser found unclear, and read something exactly
        when it recorded a question."""
        data = event.data
        question = data.get("question")
        model = self._read(event, question) if question is not None else None
        if isinstance(model, Question):
            queries: tuple[Query, ...] | None = model.queries
        elif model is None:
            queries = () if data.get("read", False) else None
        else:
            raise TranscriptError(f"{self.log.path}:{event.line}: the model's reading is not "
                                  "a question")
        if "parsed" in data:
            return self._read(event, data["parsed"]), queries
        return (intent if isinstance(intent, Unclear) else Unclear()), queries

    def _verdict(self, event: Event) -> bool:
        if self.phase != "turn" or self.intent is None or self.verdict is not None:
            return self._misplaced(event)
        if not self._numbered(event):
            return False
        self.state, self.verdict = LIAR.adjudicate(self.state, SEAT, self.intent)
        if isinstance(self.verdict, GuessVerdict):
            self.guesses += (self.verdict,)
        recorded = verdict_fields(event.data)
        answers = recorded.get("answers")
        truth = isinstance(answers, list) and any(isinstance(a, dict) and "truth" in a
                                                  for a in answers)
        now = verdict_json(self.verdict, truth=truth)
        self.reason_in_english = "reason" in recorded
        if self.reason_in_english:  # a log from before typed problems: its reason is not re-derived
            now, recorded = _without(now, "problem"), _without(recorded, "reason")
        if now != recorded:
            self._differs(event, "the verdict differs from the referee's now",
                          differing_field(recorded, now))
        return True

    def _attempt(self, event: Event) -> bool:
        part = event.data.get("part")
        if part is not None:
            return self._narrated(event, part)
        verdict = self.verdict
        if self.phase != "turn" or not isinstance(verdict, Answers) or self._decided() \
                or self.narration:
            return self._misplaced(event)
        if not self._numbered(event):
            return False
        index = len(self.tries) + 1
        if event.data.get("attempt") != index:
            return self._wrong(event, f"model attempt {event.data.get('attempt')!r} where "
                                      f"attempt {index} was expected", "attempt")
        fallback = event.data.get("fallback") is True
        if fallback and event.data.get("actor") != OfflineActor.name:
            return self._wrong(event, "a fallback that is not the offline templates", "actor")
        if not fallback and (self.resumed or index > MAX_ATTEMPTS):
            return self._wrong(event, "a model attempt where only the fallback may come", "fallback")
        check = verify(script_for(verdict, self.config, self.turn),
                       _performance(self.log, event), self.config.rules.roster)
        self._decision(event, "", f"attempt {index}", check.accepted)
        self.tries.append(event)
        return True

    def _narrated(self, event: Event, part: object) -> bool:
        told = self.phase == "opening" and part == "opening"
        ending = (self.phase == "turn" and part == "ending" and self.state.over
                  and self._decided())
        if not (told or ending) or self.resumed or self._narration() is not None:
            return self._misplaced(event)
        if not self._numbered(event):
            return False
        index = len(self.narration) + 1
        if event.data.get("attempt") != index or index > NARRATION_ATTEMPTS:
            return self._wrong(event, f"narration attempt {event.data.get('attempt')!r} "
                                      f"where attempt {index} was expected", "attempt")
        text = str(event.data.get("text") or "")
        secret = self.state.secret if part == "ending" else None
        accepted = not check_narration(part, text, self.ctx, secret)  # type: ignore[arg-type]
        self._decision(event, f"{part} ", f"{part} narration {index}", accepted)
        self.narration.append(event)
        return True

    def _gm(self, event: Event) -> bool:
        text = event.data.get("text")
        due = self.phase == "turn" and self.verdict is not None and self._decided()
        if self.phase != "opening" and not due:
            return self._misplaced(event)
        if not self._numbered(event):
            return False
        if self.phase == "opening":
            self.opening = opening_text(self.renderer, self.state, self._narration())
            if text != self.opening:
                self._differs(event, "the opening shown is not the referee's opening", "text")
            if self.narration:
                self._row(None, "opening", str(text))
            self.phase = "between"
            return True
        older = self.reason_in_english or (  # then an older text said why, or only that they differ
            self.doubt == "doubt_framed" and text == self._reply("doubt"))
        if text != self._reply(self.doubt) and not older:
            self._differs(event, "the reply shown is not what the verdict and the accepted "
                                 "lines render", "text")
        self._row(self.verdict, "", str(text))
        self.phase = "over" if self.state.over else "between"
        return True

    def _hint(self, event: Event) -> bool:
        return self._numbered(event) if self.phase == "between" else self._misplaced(event)

    def _resumed(self, event: Event) -> bool:
        if self.phase == "ended":
            return self._misplaced(event)
        if not self._numbered(event):
            return False
        if self.phase == "turn" and self.verdict is None:
            self._row(None, "interrupted", None)  # never answered: the turn was dropped
            self.phase = "between"
        self.resumed = True
        return True

    def _ended(self, event: Event) -> bool:
        if self.phase != "over":
            return self._misplaced(event)
        revealed = {"outcome": self.state.outcome, "secret": self.state.secret.as_dict(),
                    "nonce": self.state.nonce, "commitment": self.state.commitment}
        if any(event.data.get(k) != v for k, v in revealed.items()):
            self._differs(event, "game_ended is not the end the referee reached",
                          differing_field({k: event.data.get(k) for k in revealed}, revealed))
        elif "seed" in event.data and not seeded(self.state, event.data["seed"]):
            self._differs(event, "the seed in game_ended does not draw this game's secret and "
                                 "nonce", "seed")
        self.phase = "ended"
        return True

    # --- what the turn so far implies --------------------------------------------------

    def _decided(self) -> bool:
        """Whether the turn's lines are settled: no answers to voice, or an attempt to show
        (accepted, the fallback, or the offline actor's, shown as the last resort)."""
        if not isinstance(self.verdict, Answers):
            return True
        if not self.tries:
            return False
        last = self.tries[-1].data
        return (last.get("accepted") is True or last.get("fallback") is True
                or last.get("actor") == OfflineActor.name)

    def _narration(self) -> str | None:
        """The accepted narration of the opening or ending, if the last try was accepted."""
        if self.narration and self.narration[-1].data.get("accepted") is True:
            return str(self.narration[-1].data.get("text") or "")
        return None

    def _attempts(self) -> tuple[Attempt, ...]:
        """The turn's recorded attempts, as the session held them."""
        return tuple(
            Attempt(_performance(self.log, e),
                    Check(() if e.data.get("accepted") is True else
                          tuple(map(str, e.data.get("reasons") or ("rejected",)))),
                    e.data.get("fallback") is True)
            for e in self.tries)

    def _lines(self) -> tuple[PerformedLine, ...]:
        """The characters' lines shown for the turn: those of its last attempt."""
        return _performance(self.log, self.tries[-1]).lines if self.tries else ()

    def _reply(self, doubt: str | None) -> str:
        """What the session shows for the turn so far (its lines decided), `doubt` the note
        on why it asks (see `doubt_note`)."""
        assert self.verdict is not None
        last = self.tries[-1].data if self.tries else {}
        fallback = None
        if last.get("fallback") is True:
            late = last.get("deadline_s")
            fallback = fallback_note(self.renderer, len(self.tries) - 1,
                                     float(late) if isinstance(late, int | float) else None)
        notes = reply_notes(self.renderer, self.state, self.verdict, fallback, self._narration(),
                            doubt)
        return reply_text(self._lines(), notes)

    def _decision(self, event: Event, label: str, what: str, accepted: bool) -> None:
        """Note a re-made accept/reject decision; a problem if it is not the recorded one."""
        self.decisions.append(f"{label}{'ok' if accepted else 'rejected'}")
        recorded = event.data.get("accepted") is True
        if accepted != recorded:
            was, now = ("accepted" if v else "rejected" for v in (recorded, accepted))
            self._differs(event, f"{what} was {was}, now {now}", "accepted")

    def _row(self, verdict: Verdict | None, kind: str, shown: str | None) -> None:
        now = verdict_json(verdict) if verdict is not None else {}
        self.rows.append(Replayed(
            number=self.turn,
            player=str(self.player.data.get("text", "")) if self.player else "",
            verdict=str(now.get("kind", kind)),
            cost=int(now.get("cost", 0)),
            remaining=self.state.remaining,
            attempts=", ".join(self.decisions),
            shown=shown,
            problems=(),
        ))

    def finish(self) -> None:
        """The end of the log: a crash may have left the last turn without its reply."""
        if self.phase != "turn":
            if self.phase == "opening":
                self.opening = opening_text(self.renderer, self.state, self._narration())
            return
        if self.verdict is None or self.intent is None:
            self._row(None, "interrupted", None)
            return
        self._row(self.verdict, "", None)
        assert self.player is not None
        self.unshown = Unshown(self.turn, str(self.player.data.get("text", "")), self.intent,
                               self.verdict, self._attempts(), self._decided(),
                               self._narration(), self.doubt)

    def result(self) -> Rerun:
        """Every problem is in the row of its turn (a row of its own if the turn has none)."""
        problems = tuple(sorted(self.problems, key=lambda p: p.line))
        rows = [replace(r, problems=tuple(p for p in problems if p.turn == r.number))
                for r in self.rows]
        orphans = tuple(p for p in problems if p.turn not in {r.number for r in rows})
        if orphans:
            rows.append(Replayed(orphans[0].turn, "", "out of place", 0, self.state.remaining,
                                 "", None, orphans))
        return Rerun(state=self.state, guesses=self.guesses, turns=tuple(rows),
                     problems=problems,
                     turn=self.turn, opening=self.opening,
                     opening_shown=self.phase != "opening", unshown=self.unshown,
                     ended=self.phase == "ended")


def _performance(log: Log, event: Event) -> Performance:
    """A recorded model attempt as the performance that was verified."""
    try:
        lines = tuple(PerformedLine(str(s), str(t)) for s, t in event.data.get("lines") or [])
    except (TypeError, ValueError):
        raise TranscriptError(f"{log.path}:{event.line}: lines are [speaker, text] pairs") from None
    return Performance(str(event.data.get("request")), str(event.data.get("raw")), lines)


class Session(Table[GameState]):
    """The liar game's table (gm.table): its one seat's utterances, read, adjudicated by the
    referee, voiced by the actor and recorded as they go."""

    def __init__(
        self,
        *,
        game_id: str,
        config: GameConfig,
        state: GameState,
        actor: Actor,
        fallback: OfflineActor,
        writer: Writer,
        turn: int = 0,
        narrator: ModelActor | None = None,
        sealed: Sealed | None = None,
        ledger: Ledger | None = None,
    ) -> None:
        super().__init__(game=LIAR, state=state, writer=writer, sealed=sealed, game_id=game_id, ledger=ledger)
        self.config = config
        self.actor = actor
        self.fallback = fallback
        self.turn = turn
        self.narrator = narrator
        self.renderer = Renderer(config.lang, config.incident, config.rules.roster)
        self.guesses: tuple[GuessVerdict, ...] = ()
        self.previous: Question | None = None  # the last question, for follow-ups

    # --- starting and resuming -------------------------------------------------------------

    @classmethod
    def new(
        cls,
        config: GameConfig,
        path: Path | Ledger,
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
        path: Path | Ledger,
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
        path: Path | Ledger,
        game_id: str,
        seed: int | None,
        secret: World | None,
        actor: Actor | None,
        narrate: bool,
    ) -> Session:
        """A new game with its secret drawn and sealed and `game_started` recorded (gm.table.found)."""
        seed = secrets.randbits(64) if seed is None else seed
        state = new_game(config.rules, random.Random(seed), secret)
        sealed = Sealed(seed, state.secret.as_dict(), state.nonce)
        fallback = OfflineActor(seed)
        actor = actor or fallback
        kept = ledger(path)
        writer = found(kept, sealed, id=game_id, game=config.game, config=config.as_json(actor.name),
                       commitment=state.commitment)
        return cls(game_id=game_id, config=config, state=state, actor=actor,
                   fallback=fallback, writer=writer,
                   narrator=_narrator(actor) if narrate else None, sealed=sealed, ledger=kept)

    def _open(self, narration: str | None) -> str:
        """Record and return the opening: the narration, if any, then the referee's own."""
        opening = opening_text(self.renderer, self.state, narration)
        self.writer.write("gm", turn=0, text=opening)
        return opening

    @classmethod
    async def resume(cls, path: Path | Ledger, actor: Actor | None = None) -> tuple[Session, str]:
        """Continue an interrupted game; returns the text to show (recap and any unshown reply).

        The log must re-run clean (`rerun`, the check of `refgm replay`). A torn last line
        is dropped, and a turn that got no verdict was never answered: it stays as it is.
        After a `resumed` event, what the interruption left unshown is recorded and shown:
        the opening, or the last turn's reply (its accepted lines, else the offline actor's
        words), then the end of a finished game. The opening is never narrated again; a
        model actor narrates the ending when the game ends from now on.
        """
        kept = ledger(path)
        log, sealed = reopen(kept, LIAR.name)
        config = GameConfig.of(log)
        done = rerun(log, config, reopened(log, config, sealed))
        if done.problems:
            raise TranscriptError(f"{kept.name}:{done.problems[0].line}: {done.problems[0].text}; "
                                  f"see: refgm replay {kept.name}")
        fallback = OfflineActor(sealed.seed)
        session = cls(game_id=str(log.events[0].data.get("id", log.path.stem)), config=config,
                      state=done.state, actor=actor or fallback, fallback=fallback,
                      writer=kept.append(), turn=done.turn,
                      narrator=_narrator(actor), sealed=sealed, ledger=kept)
        session.guesses = done.guesses
        session.previous = last_question(log)
        session.writer.write("resumed", turn=session.turn)
        if not done.opening_shown:
            session.writer.write("gm", turn=0, text=done.opening)
        shown = [done.opening]
        if log.torn_tail:
            shown.append(session.renderer.message("torn", line=len(log.events) + 1))
        shown += [f"> {displayable(rt.player)}\n{rt.shown}" for rt in done.turns
                  if rt.shown is not None and rt.number > 0]
        if done.unshown is not None:
            turn = await session._show_unshown(done.unshown)
            shown.append(f"> {turn.text}\n{session.renderer.message('unshown')}\n{turn.reply}")
        elif session.state.over:  # the crash came between the reply and game_ended
            session._end()
        if not session.state.over:
            shown.append(session.renderer.message("resumed", game_id=session.game_id,
                                                  remaining=session.state.remaining))
        return session, "\n\n".join(shown)

    async def _show_unshown(self, unshown: Unshown) -> Turn:
        """Record the reply of a turn the interruption left unshown, as the session would
        have: its attempt to show if it had one, else the offline actor's words."""
        lines = unshown.attempts[-1].performance.lines \
            if unshown.ready and unshown.attempts and unshown.attempts[-1].performance else ()
        attempts = unshown.attempts
        if not unshown.ready:
            lines, added = await self._fallback_lines(unshown.verdict, unshown.number,
                                                      len(attempts))
            attempts += added
        return self.record(unshown.number, unshown.text, unshown.intent, unshown.verdict,
                           lines, attempts, unshown.ending, doubt=unshown.doubt)

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
        """Play one utterance. Every event is on disk before this returns.

        The text is read, recorded and echoed in its displayable form (referee.lang.display),
        so nothing the player pasted can rewrite what a replay or a resume shows.
        """
        text = displayable(text)
        self.turn += 1
        number = self.turn
        self.writer.write("player", turn=number, seat=SEAT, text=text)
        deadline = self._deadline()
        parsed = self.parse(text)
        reading = await self.interpret(parsed, number, deadline)
        intent = two_readings(parsed.intent, None if reading is None else reading.queries)
        if isinstance(intent, Question):
            self.previous = intent
        self.writer.write("intent", turn=number, lang=parsed.lang, intent=intent_json(intent))
        verdict = self.adjudicate(intent)
        self.writer.write("verdict", turn=number, **verdict_json(verdict))
        lines, attempts = await self.act(verdict, number, deadline)
        ending = await self.narrate("ending", number, deadline) if self.state.over else None
        return self.record(number, text, intent, verdict, lines, attempts, ending,
                           reading=reading, doubt=doubt_note(text, parsed.intent, intent, self.config))

    def parse(self, text: str) -> Parsed:
        ctx = Context(roster=self.config.rules.roster, incident=self.config.incident,
                      lang=self.config.lang, pending=self.state.pending is not None,
                      previous=self.previous)
        return parse(text, ctx)

    async def interpret(
        self, parsed: Parsed, number: int, deadline: float | None = None
    ) -> Interpretation | None:
        """The model's reading of a question or of what the parser found unclear, when a
        model actor reads (None otherwise: no model call); `two_readings` combines it.

        Recorded as an `interpretation` event with the parser's intent (replay and resume
        use the recorded intent and check it against both readings; they never call the
        model). It shares the turn's `deadline`.
        """
        if not (isinstance(self.actor, ModelActor) and self.actor.reads
                and read_twice(parsed.intent)):
            return None
        ctx = Context(roster=self.config.rules.roster, incident=self.config.incident,
                      lang=parsed.lang)
        deadline = self._deadline() if deadline is None else deadline
        reading = await self.actor.interpret(parsed.text, ctx, deadline)
        question = intent_json(reading.question) if reading.question else None
        self.writer.write("interpretation", turn=number, actor=self.actor.name,
                          parsed=intent_json(parsed.intent), read=reading.queries is not None,
                          request=reading.request, raw=reading.raw, question=question,
                          problem=reading.problem, tokens_in=reading.tokens_in,
                          tokens_out=reading.tokens_out, latency=round(reading.latency, 6),
                          transport=transport_json(reading.transport))
        return reading

    def adjudicate(self, intent: Intent) -> Verdict:
        self.state, verdict = LIAR.adjudicate(self.state, SEAT, intent)
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
        backend, key = self.narrator.backend, self.narrator.key
        if deadline is None:
            deadline = time.monotonic() + self.narrator.deadline_s
        if part == "opening":
            story = await narrate_opening(backend, ctx, key, deadline=deadline)
        else:
            story = await narrate_ending(backend, ctx, self.state.secret, self.state.outcome, key,
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
             ending: str | None = None, doubt: str | None = None) -> str:
        """The referee's text for this turn: counts, results and, at the end, the reveal
        (followed by the narrator's accepted `ending`, if any); see `reply_notes`."""
        fallback = None
        if attempts and attempts[-1].fallback:
            late = self._deadline_s() if attempts[-1].late else None
            fallback = fallback_note(self.renderer, len(attempts) - 1, late)
        return reply_notes(self.renderer, self.state, verdict, fallback, ending, doubt)

    def record(self, number: int, text: str, intent: Intent, verdict: Verdict,
               lines: tuple[PerformedLine, ...], attempts: tuple[Attempt, ...],
               ending: str | None = None, *, reading: Interpretation | None = None,
               doubt: str | None = None) -> Turn:
        """Write what will be shown (and the reveal when the game ended), then return it."""
        turn = Turn(number, text, intent, verdict, lines,
                    self.show(verdict, attempts, ending, doubt), attempts, self.state, reading)
        self.writer.write("gm", turn=number, text=turn.reply)
        if self.state.over:
            self._end()
        return turn

    def _end(self) -> None:
        """Reveal the secret, the nonce and the seed that drew them (gm.table.Table.end)."""
        reveal = self.state.reveal()
        seed = {"seed": self.sealed.seed} if self.sealed else {}
        self.end(outcome=self.state.outcome, secret=reveal.secret.as_dict(), nonce=reveal.nonce,
                 commitment=reveal.commitment, **seed)

    # --- what the player may ask besides questions ------------------------------------------

    def worlds_left(self) -> tuple[World, ...]:
        """The worlds consistent with every answer and every guess result so far (for /hint)."""
        worlds = consistent_worlds(self.config.rules.roster, self.state.answers)
        for g in self.guesses:
            worlds = tuple(
                w for w in worlds
                if g.guess.fits(w) == g.correct
            )
        return worlds

    def hint(self) -> str:
        self.writer.write("hint", turn=self.turn, seat=SEAT)
        return self.renderer.hint(self.worlds_left())

    def status(self) -> str:
        return self.renderer.status(self.state)

    def help(self) -> str:
        return self.renderer.help(self.config.rules.budget)
