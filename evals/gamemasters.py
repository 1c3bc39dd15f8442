"""Game masters that write whole replies, for the text modes (`unassisted`, `rules-prompt`).

- `ModelGameMaster`: a model given the rules prompt (and, unassisted, the secret) and the chat.
- `OracleGameMaster`: the referee itself writing the replies (answers voiced by the offline
  actor's phrasings, counts and verdicts by the referee's templates): a perfect game master.
  With `Faults`, the `faulty:<spec>` backend: it errs at given rates in chosen ways and
  records every error it made, so the scorers can be calibrated against known truth.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Protocol

from pydantic import BaseModel, Field

from evals.faults import LEAK, FaultLog, Faults
from gm.actor import Script, ScriptLine
from gm.actors.offline import phrasings
from gm.backends.base import Backend, CallFailed, Message, Request
from gm.render import Renderer
from gm.sampling import new_key, sampling_seed
from gm.session import cast
from referee.lang.incident import Incident, Lang
from referee.liar.game import GameState, Rules, new_game, step
from referee.liar.intent import Intent, Other
from referee.liar.knowledge import consistent_worlds
from referee.liar.verdict import Answered, Answers, GuessVerdict, Verdict
from referee.liar.world import World, all_worlds

_PROBE = 987_654  # a count no game shows, to see where a template displays the count


class Said(BaseModel):
    """The reply a text game master is asked for (the structured-output schema)."""

    message: str = Field(description="Your whole reply to the player, as they will read it.")


@dataclass(frozen=True)
class Reply:
    """One game-master message and what it cost. `failed` names a backend failure."""

    text: str
    calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    latency: float = 0.0
    failed: str | None = None


class TextGameMaster(Protocol):
    @property
    def over(self) -> bool:
        """True once the game master itself knows the game has ended (a model never says)."""
        ...

    async def reply(self, utterance: str, intent: Intent) -> Reply:
        """Answer the player's `utterance` (`intent` is what the simulator meant by it)."""
        ...

    async def reveal(self, utterance: str) -> Reply:
        """Answer the request, after the game, to reveal the culprit and the liar."""
        ...


class ModelGameMaster:
    """A model running the game from a system prompt and the chat so far."""

    def __init__(self, backend: Backend, system: str, key: bytes | None = None,
                 window: int | None = None, max_tokens: int = 200) -> None:
        """`key`: the sampling key (gm.sampling; default fresh), never derived from the game's seed."""
        self.backend = backend
        self.system = system
        self.key = key if key is not None else new_key()
        self.window = window
        self.max_tokens = max_tokens
        self.history: list[Message] = []

    async def reply(self, utterance: str, intent: Intent) -> Reply:
        self.history.append(Message("user", utterance))
        recent = self.history[-self.window:] if self.window else self.history
        request = Request(
            messages=(Message("system", self.system), *recent),
            output=Said,
            max_tokens=self.max_tokens,
            seed=sampling_seed(self.key, "reply", len(self.history)),
        )
        try:
            completion = await self.backend.complete(request)
        except CallFailed as failure:
            return Reply("", calls=1, failed=str(failure))
        text = completion.parsed.message if completion.parsed else completion.text
        self.history.append(Message("assistant", text))
        return Reply(text, 1, completion.reply.input_tokens, completion.reply.output_tokens,
                     completion.latency_s)

    @property
    def over(self) -> bool:
        """A model never says; the player decides from what was shown."""
        return False

    async def reveal(self, utterance: str) -> Reply:
        return await self.reply(utterance, Other())


class OracleGameMaster:
    """The referee writing whole replies; with `faults`, a faulty game master.

    It keeps the referee's state (the real secret) and shows what a game master who
    believed its own mistakes would show: after a verdict shown the wrong way, its
    displayed counts follow that verdict.
    """

    def __init__(self, rules: Rules, lang: Lang, incident: Incident, rng: random.Random,
                 secret: World | None = None, faults: Faults = Faults()) -> None:
        self.state: GameState = new_game(rules, rng, secret)
        self.lang = lang
        self.incident = incident
        self.rng = rng
        self.faults = faults
        self.log = FaultLog()
        self.renderer = Renderer(lang, incident, rules.roster)
        self.shown: list[Answered] = []
        self.offset = 0
        self.turn = 0
        self.personas = cast(rules.roster)

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def secret(self) -> World:
        return self.state.secret

    def _err(self, kind: str) -> bool:
        return self.log.roll(kind, self.faults, self.rng)

    async def reply(self, utterance: str, intent: Intent) -> Reply:
        self.turn += 1
        self.state, verdict = step(self.state, intent)
        lines: list[str] = []
        if isinstance(verdict, Answers):
            verdict = replace(verdict, answers=tuple(self._answer(a) for a in verdict.answers))
            self.shown.extend(verdict.answers)
            lines.extend(self._voice(verdict.answers))
        verdict = self._judge(verdict)
        verdict = self._count(verdict)
        lines.append(self.renderer.verdict(verdict))
        if not isinstance(verdict, GuessVerdict) and not self.state.over:
            lines.extend(self._leak())
        return Reply("\n".join(line for line in lines if line))

    async def reveal(self, utterance: str) -> Reply:
        """The ending: the secret, or with a `change` fault a world the answers rule out."""
        reveal = self.state.reveal()
        ruled_out = [w for w in all_worlds(self.state.rules.roster)
                     if w not in consistent_worlds(self.state.rules.roster, self.shown)]
        if ruled_out and self._err("change"):
            reveal = replace(reveal, secret=self.rng.choice(ruled_out))
        outcome = self.state.outcome if self.state.over else "lost"
        return Reply(self.renderer.ending(reveal, outcome))

    def _answer(self, given: Answered) -> Answered:
        said = given.answer
        if given.query.speaker == self.secret.liar and self._err("inversion"):
            said = given.truth
        if self._err("polarity"):
            said = not said
        return replace(given, answer=said)

    def _voice(self, answers: tuple[Answered, ...]) -> list[str]:
        lines = tuple(
            ScriptLine(a.query.speaker, a.query.proposition, a.answer,
                       self.personas[a.query.speaker])
            for a in answers
        )
        script = Script(self.lang, self.incident, lines, self.turn)
        return [f"{line.speaker}: {self.rng.choice(phrasings(script, line))}" for line in lines]

    def _judge(self, verdict: Verdict) -> Verdict:
        """Flip a verdict that did not end the game (an ending one is never flipped)."""
        if not isinstance(verdict, GuessVerdict) or verdict.outcome != "playing":
            return verdict
        if not self._err("verdict"):
            return verdict
        self.offset += -1 if verdict.correct else 1
        return replace(verdict, correct=not verdict.correct)

    def _count(self, verdict: Verdict) -> Verdict:
        """The displayed count: shifted by earlier flipped verdicts, and maybe off by one."""
        if not self._displays_count(verdict):
            return verdict
        shown = max(verdict.remaining + self.offset, 0)  # type: ignore[union-attr]
        if self._err("count"):
            shown = shown + 1 if shown == 0 or self.rng.random() < 0.5 else shown - 1
        return replace(verdict, remaining=shown)  # type: ignore[type-var]

    def _displays_count(self, verdict: Verdict) -> bool:
        """Whether the referee's text for `verdict` shows the remaining count at all."""
        if not hasattr(verdict, "remaining"):
            return False
        probe = replace(verdict, remaining=_PROBE)  # type: ignore[type-var]
        return str(_PROBE) in self.renderer.verdict(probe)

    def _leak(self) -> list[str]:
        """A role no right guess has confirmed yet, named outright."""
        open_roles = [role for role, done in (("culprit", self.state.culprit_confirmed),
                                              ("liar", self.state.liar_confirmed)) if not done]
        if not open_roles or not self._err("leak"):
            return []
        role = self.rng.choice(open_roles)
        return [LEAK[self.lang][role].format(getattr(self.secret, role))]
