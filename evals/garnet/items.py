"""The payout eval's rounds: seeded choices and announcements of eight seats, drawn to cover the
edge cases of the payout rule (genius-rules.md G1, G2) under the show's numbers (a pot of 4, a
penalty of 1), each labelled by the referee.

Item `index` of seed `seed` is drawn from its own `random.Random`, so any prefix of a set is
the same whatever its length, and a resumed run asks exactly the same rounds. The kinds take
turns (`KINDS`), so every eight items hold each once:

- `tie`: as many Mafia as Cartel, at least one of each: the Police are paid;
- `liar_zero`: a seat that announced another character than it chose gained nothing (it pays);
- `too_large`: the recipient group has more seats than the pot has garnets (each gets 0, the
  Beggars take what they can split);
- `liar_gained`: a seat that lied gained garnets (it pays nothing);
- `no_organisation`: no Mafia and no Cartel (0-0, a tie too): the Police are paid;
- `remainder`: the recipient group splits the pot with a remainder, which the Beggars split;
- `empty_group`: nobody is in the recipient group (no Mafia, Cartel or Police): the Beggars
  take the pot;
- `any`: a round drawn with no condition.

A round is drawn with skewed character weights (so that lopsided rounds are common) and a
lie rate of its own, and drawn again until the referee's payout has the property its kind
names: the label and every property are the referee's (`payout`), never the drawer's intent.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from referee.garnet import CHARACTERS, POT, SEATS, Character, Payout, payout

KINDS: tuple[str, ...] = (
    "tie",
    "liar_zero",
    "too_large",
    "liar_gained",
    "no_organisation",
    "remainder",
    "empty_group",
    "any",
)
MAX_DRAWS = 100_000
"""Far more draws than any kind needs (the rarest, `empty_group`, takes about a hundred)."""


def _liars(paid: Payout) -> list[int]:
    """The gains of the seats that announced another character than they chose."""
    return [
        gain
        for gain, chosen, told in zip(paid.gains, paid.choices, paid.announcements, strict=True)
        if told is not chosen
    ]


def _recipients(paid: Payout) -> int:
    return paid.counts[paid.split.recipient_group]


PROPERTIES: dict[str, Callable[[Payout], bool]] = {
    "tie": lambda p: p.counts.mafia == p.counts.cartel > 0,
    "liar_zero": lambda p: 0 in _liars(p),
    "too_large": lambda p: _recipients(p) > POT,
    "liar_gained": lambda p: any(gain > 0 for gain in _liars(p)),
    "no_organisation": lambda p: p.counts.mafia == p.counts.cartel == 0 < p.counts.police,
    "remainder": lambda p: p.split.group_share > 0 and p.split.group_share * _recipients(p) < POT,
    "empty_group": lambda p: _recipients(p) == 0,
    "any": lambda p: True,
}
"""What each kind asks of a round's payout; `features` lists every one a round has."""


class DrawError(RuntimeError):
    """No round of the kind in MAX_DRAWS draws: a bug in the drawer, never a user's mistake."""


@dataclass(frozen=True)
class Item:
    """One round to pay out: the seats' choices and announcements (seat order) and the
    referee's payout of them."""

    seed: int
    index: int
    kind: str
    choices: tuple[Character, ...]
    announcements: tuple[Character, ...]
    truth: Payout

    @property
    def features(self) -> tuple[str, ...]:
        """Every edge case the round is (its kind among them), in KINDS order."""
        return tuple(kind for kind in KINDS[:-1] if PROPERTIES[kind](self.truth))

    def as_json(self) -> dict[str, list[str]]:
        """The round as `refgm garnet payout --jsonl` reads it."""
        return {"choices": [c.value for c in self.choices], "announcements": [c.value for c in self.announcements]}


def _draw(rng: random.Random) -> tuple[tuple[Character, ...], tuple[Character, ...]]:
    """A round: each seat's character from weights skewed for this round, and each seat lying
    (naming another character) at a rate drawn for this round."""
    weights = [rng.random() ** 4 for _ in CHARACTERS]
    choices = tuple(rng.choices(CHARACTERS, weights)[0] for _ in SEATS)
    lie_rate = rng.uniform(0.0, 0.6)
    said = tuple(
        rng.choice([c for c in CHARACTERS if c is not chosen]) if rng.random() < lie_rate else chosen
        for chosen in choices
    )
    return choices, said


@cache
def item(seed: int, index: int) -> Item:
    """Item `index` of the set drawn from `seed`: a round of kind `KINDS[index % 8]`."""
    kind = KINDS[index % len(KINDS)]
    rng = random.Random(f"garnet-payout:{seed}:{index}")
    for _ in range(MAX_DRAWS):
        choices, said = _draw(rng)
        paid = payout(choices, said)
        if PROPERTIES[kind](paid):
            return Item(seed, index, kind, choices, said, paid)
    raise DrawError(f"no {kind} round in {MAX_DRAWS} draws")
