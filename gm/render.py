"""The referee's voice: every fact the player sees is rendered here, never by an actor.

Polarity of answers in the reveal, counts, costs, guess results, the opening with its
commitment and the ending with the secret all come from `prompts/liar/<lang>/*.j2`, filled
with values the referee computed. Templates get the verdict as its transcript JSON
(`referee.liar.codec.verdict_json`), so what is shown and what is recorded cannot drift apart.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Any

import jinja2

from gm.acts import act
from referee.lang.incident import Incident, Lang
from referee.liar.codec import answered_json, verdict_json
from referee.liar.game import GameState
from referee.liar.problem import Problem
from referee.liar.protocol import GAME as LIAR
from referee.liar.verdict import Reveal, Verdict
from referee.liar.world import Roster, World

# Names read as ending in a consonant in Korean (for particles): el, em, en, ar.
_LATIN_CODA = frozenset("LMNRlmnr")


def josa(word: str, with_coda: str, without_coda: str) -> str:
    """`word` with the Korean particle that fits its last sound (을/를, 이/가, 은/는, 과/와)."""
    last = word.rstrip()[-1:]
    if "가" <= last <= "힣":
        coda = (ord(last) - 0xAC00) % 28 != 0
    else:
        coda = last in _LATIN_CODA
    return word + (with_coda if coda else without_coda)


@cache
def environment() -> jinja2.Environment:
    """One template environment per process, over the `prompts` package's files, each compiled
    once: not looked at again on disk at every render (a stat a text; a server renders tens of
    thousands)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(files("prompts"))),
        auto_reload=False,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        autoescape=False,
    )
    env.filters["josa"] = josa
    return env


def template(game: str, lang: str, name: str) -> jinja2.Template:
    """`prompts/<game>/<lang>/<name>.j2`: each game's texts in a folder named as the registry
    names the game, one folder per language inside it."""
    return environment().get_template(f"{game}/{lang}/{name}.j2")


class Renderer:
    """Renders one game's texts in its language, about its incident and roster."""

    def __init__(self, lang: Lang, incident: Incident, roster: Roster) -> None:
        self.lang = lang
        self.incident = incident
        self.roster = roster

    def render(self, name: str, **values: Any) -> str:
        """Render `prompts/liar/<lang>/<name>.j2` with the game's common values and `values`."""
        return template(LIAR.name, self.lang, name).render(**self._common(), **values).strip()

    def _common(self) -> dict[str, Any]:
        return {
            "names": list(self.roster.names),
            "noun": self.incident.noun[self.lang],
            "act": act(self.incident, self.lang),
            "incident": self.incident.key,
        }

    def problem(self, problem: Problem) -> str:
        """Why an utterance must be rephrased, in the game's language (prompts/liar/<lang>/problem.j2)."""
        problem_j2 = template(LIAR.name, self.lang, "problem")
        macro = getattr(problem_j2.make_module(self._common()), "problem")  # noqa: B009 (a macro mypy cannot see)
        return str(macro(problem.as_json())).strip()

    def opening(self, state: GameState) -> str:
        return self.render("opening", budget=state.rules.budget, commitment=state.commitment)

    def rules(self, budget: int) -> str:
        return self.render("rules", budget=budget)

    def verdict(self, verdict: Verdict) -> str:
        """The referee's text for a verdict (for answers: the count line under the lines)."""
        return self.render("verdict", v=verdict_json(verdict))

    def ending(self, reveal: Reveal, outcome: str) -> str:
        return self.render(
            "ending",
            outcome=outcome,
            secret=reveal.secret.as_dict(),
            nonce=reveal.nonce,
            commitment=reveal.commitment,
            answers=[answered_json(a) for a in reveal.answers],
        )

    def help(self, budget: int) -> str:
        return self.render("help", budget=budget)

    def status(self, state: GameState) -> str:
        return self.render(
            "status",
            remaining=state.remaining,
            budget=state.rules.budget,
            culprit_confirmed=state.culprit_confirmed,
            liar_confirmed=state.liar_confirmed,
            culprit=state.secret.culprit if state.culprit_confirmed else None,
            liar=state.secret.liar if state.liar_confirmed else None,
            answers=[{k: v for k, v in answered_json(a).items() if k != "truth"}
                     for a in state.answers],
        )

    def hint(self, worlds: tuple[World, ...]) -> str:
        return self.render("hint", worlds=[w.as_dict() for w in worlds])

    def message(self, key: str, **values: Any) -> str:
        """A short session message (saved, resumed, spoiler warning...) from messages.j2."""
        return self.render("messages", key=key, **values)
