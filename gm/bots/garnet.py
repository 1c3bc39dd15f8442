"""Garnet Thief's bots: five styles of play, `truthful`, `random`, `crowd`, `contrarian` and
`expected` (the default). Styles more than ranks: how they fare depends on who else sits at
the table, and bench/garnet.py measures it (LEVELS lists them in the order it found).

Each bot is given only its seat's view (referee.garnet.protocol: this round's announcements
so far, its own choice, the revealed rounds, the totals) and a `random.Random`, and returns a
`Choose(character, announcement)`; when the view names its seat as the designator (the rounds
are over and several seats tie for last place), a `Designate(seat)` among `last_places`.

- `truthful`: a uniformly random character, announced truthfully. Designates the tied seat
  that lied most often in the revealed rounds (ties: the lowest seat).
- `random`: a uniformly random character and, independently, a uniformly random
  announcement (a bluff 3 times in 4). Designates a uniformly random tied seat.
- `crowd`: the character announced most often so far this round (ties, and the opener who
  has heard nothing, drawn uniformly), announced truthfully except with probability
  `CROWD_BLUFF`, when it names one of the other three uniformly. Designates the lowest tied
  seat (the referee's own fallback: what everyone expects).
- `contrarian`: bets against the crowd. The larger organisation splits the pot, so the
  organisation behind in announcements is the one character sure to gain nothing unless it
  overtakes, and what a crowded leader cannot split (all of it from 5 members on) is the
  Beggars'. So when one organisation leads the announcements it chooses Beggar; when Mafia
  and Cartel are level (0-0 included: the Police would be paid) it breaks the tie, choosing
  Mafia or Cartel uniformly. It announces its choice truthfully: a Beggar behind an
  organisation that splits evenly gains nothing, and a liar who gains nothing pays (G2).
  Designates the highest tied seat.
- `expected`: the character and the announcement with the best expected change in its
  garnets this round: the expected gain under the model `outlooks` computes exactly from the
  view (see its docstring), less, for a bluff, the penalty times the chance of gaining
  nothing (G2: a liar pays only then). A bluff can pay only by swaying the seat after it, so
  it bluffs when that sway is worth the risk (a liar sure to gain risks nothing); among
  equally good moves it tells the truth, and draws among the rest. Designates like
  `truthful` (the tied seat that lied most).

Every bot is a pure function of (view, rng): it reads nothing else and never the global RNG.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from referee.game import Json
from referee.garnet.character import CHARACTERS, Character
from referee.garnet.game import Choose, Designate, Move
from referee.garnet.payout import Counts, split
from referee.garnet.rules import Rules

CROWD_BLUFF = 0.25
"""How often `crowd` announces another character than the one it follows the crowd into."""

TRUST_PRIOR = (2, 1)
"""`expected`'s prior on a seat's announcements, as (true, false) pseudo-rounds: before any
reveal it takes an announcement to be true 2 times in 3."""

EPSILON = 1e-9
"""Expected values closer than this are a tie (float sums of the same terms in other orders)."""

Belief = tuple[float, float, float, float]
"""A probability for each character, in CHARACTERS order."""


# --- what every style reads from a view --------------------------------------------------------


def announced(view: Json) -> list[str]:
    """This round's announcements so far, in choosing order, by the characters' names as the view gives them."""
    return [said["announcement"] for said in view["announcements"]]


def tally(names: Iterable[str]) -> list[int]:
    """How many times each character is named, in CHARACTERS order."""
    counts = [0, 0, 0, 0]
    for name in names:
        counts[_AT[name]] += 1
    return counts


def most_announced(counts: Sequence[int]) -> tuple[int, ...]:
    """The characters (as indices in CHARACTERS) announced most often: all four when none was."""
    top = max(counts)
    return tuple(i for i, count in enumerate(counts) if count == top)


def lies(view: Json) -> dict[str, int]:
    """How many times each seat announced another character than it chose, in the revealed rounds."""
    seats: list[str] = view["seats"]
    told = dict.fromkeys(seats, 0)
    for played in view["history"]:
        for seat, chosen, said in zip(seats, played["choices"], played["announcements"], strict=True):
            told[seat] += chosen != said
    return told


def worst_liar(view: Json) -> str:
    """The tied last place who lied most often (ties: the lowest seat)."""
    told = lies(view)
    tied: list[str] = view["last_places"]
    return max(tied, key=lambda seat: (told[seat], -tied.index(seat)))


def designates(view: Json) -> bool:
    """Whether the view asks its seat to designate the elimination candidate, not to choose."""
    return bool(view["designator"] == view["seat"])


# --- the styles --------------------------------------------------------------------------------


class TruthfulBot:
    """A random character, told as it is."""

    level = "truthful"

    def choose(self, view: Json, rng: random.Random) -> Move:
        if designates(view):
            return Designate(worst_liar(view))
        character = rng.choice(CHARACTERS)
        return Choose(character, character)


class RandomBot:
    """A random character and a random announcement."""

    level = "random"

    def choose(self, view: Json, rng: random.Random) -> Move:
        if designates(view):
            return Designate(rng.choice(view["last_places"]))
        return Choose(rng.choice(CHARACTERS), rng.choice(CHARACTERS))


class CrowdBot:
    """Follows the crowd: the character most announced so far, usually told as it is."""

    level = "crowd"

    def choose(self, view: Json, rng: random.Random) -> Move:
        if designates(view):
            return Designate(view["last_places"][0])
        character = CHARACTERS[rng.choice(most_announced(tally(announced(view))))]
        if rng.random() < CROWD_BLUFF:
            return Choose(character, rng.choice([other for other in CHARACTERS if other is not character]))
        return Choose(character, character)


class ContrarianBot:
    """Against the crowd: a Beggar behind a leading organisation, or the one who breaks a tie."""

    level = "contrarian"

    def choose(self, view: Json, rng: random.Random) -> Move:
        if designates(view):
            return Designate(view["last_places"][-1])
        counts = tally(announced(view))
        mafia, cartel = counts[_AT[Character.MAFIA.value]], counts[_AT[Character.CARTEL.value]]
        if mafia != cartel:
            character = Character.BEGGAR
        else:
            character = rng.choice((Character.MAFIA, Character.CARTEL))
        return Choose(character, character)


class ExpectedBot:
    """The choice and announcement with the best expected change in garnets (`outlooks`)."""

    level = "expected"

    def choose(self, view: Json, rng: random.Random) -> Move:
        if designates(view):
            return Designate(worst_liar(view))
        penalty = view["rules"]["penalty"]
        looks = outlooks(view)
        values = {
            (character, said): looks[said].gains[i] - (penalty * looks[said].nothing[i] if said is not character else 0)
            for said in CHARACTERS
            for i, character in enumerate(CHARACTERS)
        }
        best = max(values.values())
        tied = [pair for pair, value in values.items() if value >= best - EPSILON]
        truthful = [pair for pair in tied if pair[0] is pair[1]]
        return Choose(*rng.choice(truthful or tied))


LEVELS = {
    "random": RandomBot,
    "crowd": CrowdBot,
    "truthful": TruthfulBot,
    "contrarian": ContrarianBot,
    "expected": ExpectedBot,
}
"""Weakest first, as gm.bots.levels promises: in the order of mean final garnets in the
tournament of bench/garnet.py (each seat's style drawn uniformly)."""
DEFAULT_LEVEL = "expected"


# --- the expected bot's model ------------------------------------------------------------------


@dataclass(frozen=True)
class Outlook:
    """What `expected` foresees for its own choice after one announcement of its own: per
    character (CHARACTERS order) the expected gain from the pot and the probability of
    gaining nothing (when a bluff costs the penalty, G2)."""

    gains: Belief
    nothing: Belief


def trust(view: Json) -> dict[str, float]:
    """Per seat, the probability that its announcement is true: the share of its revealed
    announcements that were, with the pseudo-rounds of TRUST_PRIOR added."""
    told = lies(view)
    rounds = len(view["history"])
    true, false = TRUST_PRIOR
    return {seat: (rounds - told[seat] + true) / (rounds + true + false) for seat in view["seats"]}


def background(view: Json) -> Belief:
    """How often each character was chosen in the revealed rounds, one pseudo-choice each added
    (uniform before any reveal): what `expected` expects of a seat it has heard nothing from."""
    counts = tally(chosen for played in view["history"] for chosen in played["choices"])
    total = sum(counts) + len(CHARACTERS)
    return _belief((count + 1) / total for count in counts)


def following(view: Json, usual: Belief) -> float:
    """How much the seats follow the crowd, from the revealed rounds: the weight w of the
    mixture "with probability w a seat chooses uniformly among the characters announced most
    so far, else as `usual`" that fits how often the seats that had heard an announcement
    chose a most-announced one (the moment estimate (hits - chance) / (turns - chance),
    clamped to [0, 1]); 0 before any reveal."""
    place = {seat: i for i, seat in enumerate(view["seats"])}
    turns = hits = chance = 0.0
    for played in view["history"]:
        choices, said = played["choices"], played["announcements"]
        counts = [0, 0, 0, 0]
        for j, seat in enumerate(played["order"]):
            at = place[seat]
            if j:
                top = most_announced(counts)
                turns += 1
                hits += _AT[choices[at]] in top
                chance += sum(usual[i] for i in top)
            counts[_AT[said[at]]] += 1
    if turns - chance <= EPSILON:
        return 0.0
    return min(1.0, max(0.0, (hits - chance) / (turns - chance)))


def heard(said: str, trusted: float) -> Belief:
    """What a seat chose, given the character it announced and the trust in it: that character
    with probability `trusted`, each of the other three with a third of the rest."""
    other = (1.0 - trusted) / 3
    at = _AT[said]
    return _belief(trusted if i == at else other for i in range(len(CHARACTERS)))


@dataclass(frozen=True)
class Model:
    """What `expected` believes of the other seats this round (see `outlooks`): the seats that
    announced before it (`before`, in choosing order); `heard`, the announcements so far,
    counted; `still`, the seats after it; and how a seat still to choose chooses (`crowd`):
    as `usual`, mixed with following the crowd by `weight`."""

    before: tuple[Belief, ...]
    heard: tuple[int, ...]
    still: int
    usual: Belief
    weight: float

    @classmethod
    def of(cls, view: Json) -> Model:
        said = announced(view)
        trusted = trust(view)
        usual = background(view)
        return cls(
            before=tuple(
                heard(c, trusted[entry["seat"]]) for c, entry in zip(said, view["announcements"], strict=True)
            ),
            heard=tuple(tally(said)),
            still=len(view["order"]) - len(said) - 1,
            usual=usual,
            weight=following(view, usual),
        )

    def crowd(self, counts: Sequence[int]) -> Belief:
        """A seat still to choose that has heard announcements counting `counts`: with
        probability `weight` uniformly among the characters most announced, else as `usual`."""
        top = most_announced(counts)
        return _belief(
            (1.0 - self.weight) * self.usual[i] + (self.weight / len(top) if i in top else 0.0)
            for i in range(len(CHARACTERS))
        )

    def next(self, announcement: Character) -> Belief:
        """The seat right after: it hears the announcements so far and `announcement`."""
        counts = list(self.heard)
        counts[_AT[announcement.value]] += 1
        return self.crowd(counts)

    @property
    def rest(self) -> Belief:
        """Each seat after the next: it hears announcements the bot cannot know yet, and is
        taken to follow the crowd of those made so far (one voice more is left out)."""
        return self.crowd(self.heard)


def outlooks(view: Json) -> dict[Character, Outlook]:
    """`expected`'s model, per announcement it could make, computed exactly.

    The other seats choose independently (`Model`). A seat that announced before is believed
    as `heard` says: its announcement trusted as often as its revealed announcements were
    true, with a prior (`trust`), a lie hiding any other character equally. A seat still to
    choose chooses as the seats chose in the revealed rounds (`background`), mixed with
    following the crowd (the characters announced most) as much as the revealed rounds show
    the seats did (`following`). Its own announcement sways only the seat right after it
    (`Model.next`), which is the only way it changes its gain; the seats after that follow
    the crowd as it stands (`Model.rest`). From these it builds the exact distribution of
    the other seats' counts (every way the unknown seats can choose, summed one seat at a
    time: the multinomial) and takes the expectation of the referee's split
    (referee.garnet.payout.split, tabulated once per rules: `gain_table`) for each character
    it could choose. It looks at this round only: the totals and the rounds to come do not
    enter.
    """
    model = Model.of(view)
    gains = gain_table(Rules(**view["rules"]), len(view["seats"]) - 1)
    known = _spread({0: 1.0}, model.before)
    if not model.still:
        alone = _outlook(known, gains)
        return dict.fromkeys(CHARACTERS, alone)
    known = _spread(known, [model.rest] * (model.still - 1))
    found: dict[Character, Outlook] = {}
    by_next: dict[Belief, Outlook] = {}
    for said in CHARACTERS:
        after = model.next(said)
        if after not in by_next:
            by_next[after] = _outlook(_spread(known, [after]), gains)
        found[said] = by_next[after]
    return found


def _belief(values: Iterable[float]) -> Belief:
    mafia, cartel, police, beggar = values
    return mafia, cartel, police, beggar


_AT = {character.value: i for i, character in enumerate(CHARACTERS)}
"""A character's index in CHARACTERS, by the English name views write it with."""
_OFFSETS = (1 << 12, 1 << 8, 1 << 4, 1)
"""The other seats' counts (Mafia, Cartel, Police, Beggar) packed into one int, 4 bits each
(up to 15 other seats; the game has 7): one more seat choosing character i adds _OFFSETS[i]."""


@lru_cache(maxsize=32)
def gain_table(rules: Rules, others: int) -> dict[int, Belief]:
    """For every count of the `others` other seats (packed as _OFFSETS), what a seat gains
    by choosing each character (CHARACTERS order): the referee's split, tabulated."""
    table: dict[int, Belief] = {}
    for mafia in range(others + 1):
        for cartel in range(others + 1 - mafia):
            for police in range(others + 1 - mafia - cartel):
                rest = (mafia, cartel, police, others - mafia - cartel - police)
                packed = sum(count * offset for count, offset in zip(rest, _OFFSETS, strict=True))
                table[packed] = _belief(
                    split(Counts(*(count + (j == i) for j, count in enumerate(rest))), rules).gain(character)
                    for i, character in enumerate(CHARACTERS)
                )
    return table


def _spread(known: dict[int, float], seats: Iterable[Belief]) -> dict[int, float]:
    """The distribution of packed counts after each of `seats` chooses as believed (the inner
    loop of `expected`: written out per character)."""
    mafia, cartel, police, beggar = _OFFSETS
    for p_mafia, p_cartel, p_police, p_beggar in seats:
        grown: dict[int, float] = defaultdict(float)
        for packed, p in known.items():
            grown[packed + mafia] += p * p_mafia
            grown[packed + cartel] += p * p_cartel
            grown[packed + police] += p * p_police
            grown[packed + beggar] += p * p_beggar
        known = grown
    return known


def _outlook(counts: dict[int, float], gains: dict[int, Belief]) -> Outlook:
    """The expected gain of each character, and the chance it gains nothing, over `counts`
    (written out per character, like `_spread`)."""
    mafia = cartel = police = beggar = 0.0
    no_mafia = no_cartel = no_police = no_beggar = 0.0
    for packed, p in counts.items():
        g_mafia, g_cartel, g_police, g_beggar = gains[packed]
        if g_mafia:
            mafia += p * g_mafia
        else:
            no_mafia += p
        if g_cartel:
            cartel += p * g_cartel
        else:
            no_cartel += p
        if g_police:
            police += p * g_police
        else:
            no_police += p
        if g_beggar:
            beggar += p * g_beggar
        else:
            no_beggar += p
    return Outlook((mafia, cartel, police, beggar), (no_mafia, no_cartel, no_police, no_beggar))
