"""The default actor: voices every line from the templates in prompts/liar/<lang>/voices.j2.

No network, no key, always correct: it is also the text the session falls back to when a
model's replies are rejected. Each character has a distinct voice (formal, casual,
nervous) and several phrasings per proposition and polarity; which one is used is drawn
from a RNG seeded by (game seed, turn, line), so a game replays and resumes identically.
"""

from __future__ import annotations

import json
import random
import time

from gm.actor import Performance, PerformedLine, Script, ScriptLine
from gm.render import Renderer
from referee.liar.proposition import Proposition, Says, as_literal
from referee.liar.world import Roster


class OfflineActor:
    """Template actor; `seed` makes its choice of phrasing reproducible."""

    name = "offline"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    async def perform(self, script: Script, feedback: tuple[str, ...] = ()) -> Performance:
        """Voice the script. Template lines always pass verification, so `feedback` is unused."""
        started = time.perf_counter()
        lines = tuple(
            PerformedLine(line.speaker, self._pick(script, index, line))
            for index, line in enumerate(script.lines)
        )
        raw = "\n".join(f"{line.speaker}: {line.text}" for line in lines)
        return Performance(
            request=json.dumps(script.as_json(), ensure_ascii=False),
            raw=raw,
            lines=lines,
            latency=time.perf_counter() - started,
        )

    def _pick(self, script: Script, index: int, line: ScriptLine) -> str:
        rng = random.Random(f"{self.seed}:{script.turn}:{index}")
        return rng.choice(phrasings(script, line))


def phrasings(script: Script, line: ScriptLine) -> tuple[str, ...]:
    """Every text the offline actor may say for `line` (the property tests check them all)."""
    renderer = Renderer(script.lang, script.incident, Roster())
    values = _voice_values(line.speaker, line.proposition, line.answer)
    text = renderer.render("voices", voice=line.persona, **values)
    return tuple(dict.fromkeys(t.strip() for t in text.splitlines() if t.strip()))


def _voice_values(speaker: str, proposition: Proposition, answer: bool) -> dict[str, object]:
    """What voices.j2 needs: the fact asserted (about, predicate, value), and `via` when it
    is what someone else would say. "No" to "would C say p?" is voiced "C would say not p",
    which means the same (C's answer to `not p` is the opposite of his answer to `p`)."""
    via = None
    if isinstance(proposition, Says):
        via, proposition = proposition.speaker, proposition.inner
    flat = as_literal(proposition)
    if flat is None:
        raise ValueError(f"cannot voice a doubly nested proposition: {proposition}")
    atom, negated = flat
    return {"via": via, "about": atom.about, "predicate": atom.predicate,
            "value": answer != negated, "me": atom.about == speaker}
