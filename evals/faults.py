"""The `faulty:<spec>` game master's faults: what it gets wrong, how often, and a log of it.

A faulty game master errs at known rates in known ways and logs every chance it had and
every error it made, so that the scorers can be calibrated: their measured rates must
match the injected ones. `FaultyActor` is the same idea for harness mode: an actor whose
lines are garbled at known rates, for the verifier to catch.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from gm.actor import Performance, PerformedLine, Script
from gm.actors.offline import OfflineActor
from referee.lang.incident import Lang

FAULTS: tuple[str, ...] = ("polarity", "inversion", "count", "verdict", "leak", "change")
"""What a faulty game master can get wrong, each at its own rate per opportunity:
polarity (an answer flipped), inversion (the liar forgets to invert), count (a displayed
count off by one), verdict (a guess judged the wrong way), leak (a role named before the
end), change (a reveal that contradicts the answers given)."""

LEAK: dict[Lang, dict[str, str]] = {
    "ko": {"culprit": "(여기서만 하는 말인데, 범인은 {}씨예요.)",
           "liar": "(여기서만 하는 말인데, 거짓말쟁이는 {}씨예요.)"},
    "ja": {"culprit": "（ここだけの話、犯人は{}さんです。）",
           "liar": "（ここだけの話、嘘つきは{}さんです。）"},
    "en": {"culprit": "(Between us: the culprit is {}.)", "liar": "(Between us: the liar is {}.)"},
}


@dataclass(frozen=True)
class Faults:
    """Error rates per kind (see FAULTS), parsed from `faulty:<spec>`.

    The spec is `kind=rate` pairs separated by commas (`faulty:polarity=0.1,count=0.05`),
    or one rate for every kind (`faulty:0.1`).
    """

    rates: dict[str, float] = field(default_factory=dict)

    @classmethod
    def parse(cls, spec: str) -> Faults:
        spec = spec.strip()
        try:
            if "=" not in spec:
                return cls.check({kind: float(spec) for kind in FAULTS})
            pairs = (part.split("=", 1) for part in spec.split(",") if part.strip())
            return cls.check({kind.strip(): float(rate) for kind, rate in pairs})
        except ValueError as err:
            if "fault" in str(err):
                raise
            raise ValueError(f"faulty:{spec}: rates are numbers, as in faulty:polarity=0.1") from None

    @classmethod
    def check(cls, rates: dict[str, float]) -> Faults:
        for kind, rate in rates.items():
            if kind not in FAULTS:
                raise ValueError(f"unknown fault {kind!r}; known: {', '.join(FAULTS)}")
            if not 0.0 <= rate <= 1.0:
                raise ValueError(f"a fault rate is between 0 and 1, not {rate} for {kind}")
        return cls(rates)

    def rate(self, kind: str) -> float:
        return self.rates.get(kind, 0.0)


@dataclass
class FaultLog:
    """How often each fault could have happened and how often it was injected."""

    chances: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FAULTS, 0))
    injected: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FAULTS, 0))

    def roll(self, kind: str, faults: Faults, rng: random.Random) -> bool:
        """One chance of fault `kind`: True when it is injected."""
        self.chances[kind] += 1
        hit = rng.random() < faults.rate(kind)
        self.injected[kind] += hit
        return hit


_COUNT_LINE: dict[Lang, str] = {
    "ko": "(남은 질문: {}회)", "ja": "（残り質問回数：{}回）", "en": "(Questions left: {})",
}


class FaultyActor:
    """The offline actor with faults: `polarity` voices the opposite answer, `leak` adds a
    role named outright, `count` adds a count line. The verifier must reject each."""

    name = "faulty"

    def __init__(self, faults: Faults, seed: int) -> None:
        self.faults = faults
        self.rng = random.Random(f"faulty-actor:{seed}")
        self.inner = OfflineActor(seed)
        self.log = FaultLog()

    async def perform(self, script: Script, feedback: tuple[str, ...] = ()) -> Performance:
        lines = tuple(
            replace(line, answer=not line.answer)
            if self.log.roll("polarity", self.faults, self.rng) else line
            for line in script.lines
        )
        performance = await self.inner.perform(replace(script, lines=lines))
        speaker = script.lines[0].speaker
        extra = []
        if self.log.roll("leak", self.faults, self.rng):
            role = self.rng.choice(("culprit", "liar"))
            name = self.rng.choice(script.speakers)
            extra.append(PerformedLine(speaker, LEAK[script.lang][role].format(name)))
        if self.log.roll("count", self.faults, self.rng):
            extra.append(PerformedLine(speaker, _COUNT_LINE[script.lang].format(self.rng.randint(0, 7))))
        return replace(performance, lines=performance.lines + tuple(extra))
