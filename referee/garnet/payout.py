"""One round's payout and lie penalties (genius-rules.md G1, G2), written once for play and analysis.

The split depends on the counts alone: the larger of Mafia and Cartel takes the pot by floor
division (a tie, 0-0 included, gives it to the Police); what that group does not take (all of
it when the group is empty) goes to the Beggars by floor division; the rest stays with the
house. A seat then gains what its character gets, and a seat that gained nothing and announced
another character than it chose pays the penalty. The referee never judges an announcement
except against the seat's own choice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from referee.errors import RefereeError
from referee.garnet.character import CHARACTERS, Character, CharacterError
from referee.garnet.rules import Rules


class PayoutError(RefereeError):
    """A round that cannot be paid: no seats, negative counts, announcements for other seats."""


@dataclass(frozen=True)
class Counts:
    """How many seats chose each character in one round."""

    mafia: int = 0
    cartel: int = 0
    police: int = 0
    beggar: int = 0

    def __post_init__(self) -> None:
        if min(self.mafia, self.cartel, self.police, self.beggar) < 0:
            raise PayoutError(f"a count is 0 or more: {self.as_json()}")

    @classmethod
    def of(cls, choices: Iterable[Character]) -> Counts:
        chosen = list(choices)
        return cls(*(chosen.count(character) for character in CHARACTERS))

    def __getitem__(self, character: Character) -> int:
        return (self.mafia, self.cartel, self.police, self.beggar)[CHARACTERS.index(character)]

    @property
    def seats(self) -> int:
        return self.mafia + self.cartel + self.police + self.beggar

    @property
    def recipient_group(self) -> Character:
        """The larger organisation; the Police when Mafia and Cartel are equal, 0-0 included (G1)."""
        if self.mafia > self.cartel:
            return Character.MAFIA
        if self.cartel > self.mafia:
            return Character.CARTEL
        return Character.POLICE

    def as_json(self) -> dict[str, int]:
        return {character.value: self[character] for character in CHARACTERS}


@dataclass(frozen=True)
class Split:
    """What a round's counts give each character: each member of the recipient group gets
    `group_share`, each Beggar `beggar_share` (a Beggar's when the Police are the recipients
    too), everyone else nothing; `house` is what nobody takes."""

    counts: Counts
    recipient_group: Character
    group_share: int
    beggar_share: int
    house: int

    def gain(self, character: Character) -> int:
        """What one seat that chose `character` takes from the pot."""
        if character is self.recipient_group:
            return self.group_share
        return self.beggar_share if character is Character.BEGGAR else 0


def split(counts: Counts, rules: Rules = Rules()) -> Split:
    """The pot split by the counts alone (G1)."""
    group = counts.recipient_group
    size = counts[group]
    group_share = rules.pot // size if size else 0
    left = rules.pot - group_share * size
    beggar_share = left // counts.beggar if counts.beggar else 0
    return Split(counts, group, group_share, beggar_share, left - beggar_share * counts.beggar)


@dataclass(frozen=True)
class Payout:
    """One round paid out, seat by seat in the order the choices were given: what each seat
    chose and announced, the split, and each seat's gain, penalty and change (`delta`)."""

    choices: tuple[Character, ...]
    announcements: tuple[Character, ...]
    split: Split
    gains: tuple[int, ...]
    penalties: tuple[int, ...]

    @property
    def counts(self) -> Counts:
        return self.split.counts

    @property
    def delta(self) -> tuple[int, ...]:
        return tuple(gain - penalty for gain, penalty in zip(self.gains, self.penalties, strict=True))

    def as_json(self) -> dict[str, object]:
        """The round as `refgm garnet payout --jsonl` answers it (docs/garnet.md)."""
        return {
            "counts": self.counts.as_json(),
            "recipient_group": self.split.recipient_group.value,
            "group_share": self.split.group_share,
            "beggar_share": self.split.beggar_share,
            "house": self.split.house,
            "gains": list(self.gains),
            "penalties": list(self.penalties),
            "delta": list(self.delta),
        }


def payout(
    choices: Sequence[Character], announcements: Sequence[Character] | None = None, rules: Rules = Rules()
) -> Payout:
    """The payout of one round of any number of seats (the game has 8); `announcements`
    absent means every seat told the truth. A seat pays the penalty when it gained nothing
    and its announcement was not its choice (G2): a truthful seat, or a liar who gained, never pays."""
    said = tuple(choices) if announcements is None else tuple(announcements)
    for given in (*choices, *said):
        if not isinstance(given, Character):  # a name ("Mafia") would count as no character at all
            raise CharacterError(given)
    if not choices:
        raise PayoutError("a round has at least one seat")
    if len(said) != len(choices):
        raise PayoutError(f"{len(choices)} seats chose but {len(said)} announced")
    shares = split(Counts.of(choices), rules)
    gains = tuple(shares.gain(chosen) for chosen in choices)
    penalties = tuple(
        rules.penalty if gain == 0 and told is not chosen else 0
        for gain, chosen, told in zip(gains, choices, said, strict=True)
    )
    return Payout(tuple(choices), said, shares, gains, penalties)
