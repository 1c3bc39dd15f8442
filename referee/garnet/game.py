"""A whole game of Garnet Thief as the referee runs it: rounds, turns, totals, the end (G4–G7).

Eight seats, "1" to "8" (the lottery's numbers), play eight rounds; round r is opened by seat
r, then the seats follow in order, cyclically (G4). Each seat in its turn makes one `Choose`:
its character, secret until the reveal, and the character it announces aloud. After the last
seat of a round, the identities are revealed from the last chooser back to the first, and the
payout and penalties (referee.garnet.payout) apply to the totals. After the last round, every
seat tied for the most garnets wins (G7); one seat among those tied for the fewest is the
elimination candidate. When several tie there, the winner lowest in seat order designates one
(`Designate`); a designation that names nobody gives the lowest tied seat (the fallback G7
fixes for a bot that does not choose). When all eight tie, every seat is both a winner and a
last place (G7 does not exclude it: co-winners are allowed and the candidate is one of the
last places), so seat 1 designates among all eight, itself included. The result records the
candidate and the final totals beside the winners. Every step returns a new immutable state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from functools import cached_property

from referee.errors import RefereeError
from referee.game import Json, Result
from referee.garnet.character import Character, CharacterError
from referee.garnet.payout import Payout, payout
from referee.garnet.rules import Rules

SEATS: tuple[str, ...] = tuple(str(number) for number in range(1, 9))
"""The seats in seat order, named by their lottery numbers."""

ROUNDS = len(SEATS)
"""One round opened by each seat."""

MOST_GARNETS = "most_garnets"
"""The result's reason: the rounds are over and the winners hold the most garnets."""


class Fault(Enum):
    """Why the referee refused a move."""

    OVER = "over"  # the game has ended
    TURN = "turn"  # not this seat's turn
    DESIGNATE = "designate"  # the rounds are over: the winners designate, nobody chooses
    CHOOSE = "choose"  # a designation while the rounds go on
    CANDIDATE = "candidate"  # a designated seat not among the tied last places


class IllegalMoveError(RefereeError):
    """A move the rules do not allow now; `fault` says which rule."""

    def __init__(self, fault: Fault, message: str) -> None:
        super().__init__(message)
        self.fault = fault


@dataclass(frozen=True)
class Choose:
    """One seat's turn in a round: the character it chose (secret until the reveal) and the
    one it announces (public at once; the same, or a bluff)."""

    character: Character
    announcement: Character

    def __post_init__(self) -> None:
        for given in (self.character, self.announcement):
            if not isinstance(given, Character):
                raise CharacterError(given)


@dataclass(frozen=True)
class Designate:
    """The designating winner names the elimination candidate among the tied last places;
    `None` names nobody, and the lowest tied seat is the candidate (G7)."""

    seat: str | None = None


Move = Choose | Designate


def order(number: int) -> tuple[str, ...]:
    """The seats in the order they choose in round `number` (1 to 8): its opener first (G4)."""
    first = number - 1
    return SEATS[first:] + SEATS[:first]


@dataclass(frozen=True)
class Round:
    """A round played to its end: its number, the choosing order, the payout (seat by seat, in
    seat order), what each seat's total changed by (the payout's delta, unless a balance that
    may not go below 0 was clamped: G6) and every seat's garnets after it."""

    number: int
    payout: Payout
    applied: tuple[int, ...]
    totals: tuple[int, ...]

    @property
    def order(self) -> tuple[str, ...]:
        return order(self.number)

    @property
    def reveal(self) -> tuple[str, ...]:
        """The order identities were revealed in: the last chooser first (G4)."""
        return tuple(reversed(self.order))

    @cached_property
    def record(self) -> Json:
        """The round as every seat sees it once revealed (lists in seat order): built once, since
        every later view shows it. Read-only: copy it before changing anything in it."""
        return {
            "round": self.number,
            "order": list(self.order),
            "reveal": list(self.reveal),
            "choices": [c.value for c in self.payout.choices],
            "announcements": [c.value for c in self.payout.announcements],
            **self.payout.as_json(),
            "applied": list(self.applied),
            "totals": list(self.totals),
        }


@dataclass(frozen=True)
class GarnetState:
    """A game: the rules, the rounds played, this round's turns so far (in choosing order),
    every seat's garnets (in seat order) and, once named, the elimination candidate. What is
    derived from them is computed once per state (every view and every step asks for it)."""

    rules: Rules
    totals: tuple[int, ...]
    rounds: tuple[Round, ...] = ()
    turns: tuple[Choose, ...] = ()
    candidate: str | None = None

    @cached_property
    def number(self) -> int | None:
        """The round being played (1 to 8); None once the rounds are over."""
        return len(self.rounds) + 1 if len(self.rounds) < ROUNDS else None

    @cached_property
    def order(self) -> tuple[str, ...]:
        """This round's choosing order; empty once the rounds are over."""
        return () if self.number is None else order(self.number)

    @cached_property
    def announced(self) -> tuple[tuple[str, Character], ...]:
        """This round's announcements so far, each with its seat, in choosing order."""
        return tuple((seat, turn.announcement) for seat, turn in zip(self.order, self.turns, strict=False))

    def choice(self, seat: str) -> Character | None:
        """What `seat` chose this round, if it has chosen: only that seat's view may show it."""
        for chooser, turn in zip(self.order, self.turns, strict=False):
            if chooser == seat:
                return turn.character
        return None

    @cached_property
    def winners(self) -> tuple[str, ...]:
        """Every seat tied for the most garnets, once the rounds are over (G7)."""
        return self._tied(max(self.totals)) if self.number is None else ()

    @cached_property
    def last_places(self) -> tuple[str, ...]:
        """Every seat tied for the fewest garnets, once the rounds are over."""
        return self._tied(min(self.totals)) if self.number is None else ()

    @cached_property
    def designator(self) -> str | None:
        """The winner who designates the candidate (the lowest winner seat), while one must."""
        return self.winners[0] if self.candidate is None and len(self.last_places) > 1 else None

    @cached_property
    def seat(self) -> str | None:
        """The seat the game waits for: the next chooser, or the designator; None at the end."""
        if self.number is not None:
            return self.order[len(self.turns)]
        return self.designator

    @cached_property
    def result(self) -> Result | None:
        if self.candidate is None:
            return None
        return Result(self.winners, MOST_GARNETS, {"candidate": self.candidate, "totals": list(self.totals)})

    @cached_property
    def over(self) -> bool:
        return self.candidate is not None

    def _tied(self, garnets: int) -> tuple[str, ...]:
        return tuple(seat for seat, total in zip(SEATS, self.totals, strict=True) if total == garnets)


def new_game(rules: Rules = Rules()) -> GarnetState:
    """A game from the start: every seat holds `rules.start` garnets, seat 1 to choose."""
    return GarnetState(rules, (rules.start,) * len(SEATS))


def step(state: GarnetState, seat: str, move: Move) -> GarnetState:
    """The state after `seat` makes `move`; IllegalMoveError (a ValueError) if it may not."""
    if state.over:
        raise IllegalMoveError(Fault.OVER, "the game is over")
    if seat != state.seat:
        raise IllegalMoveError(Fault.TURN, f"it is seat {state.seat}'s turn")
    if isinstance(move, Designate):
        return _designate(state, move)
    if state.number is None:
        raise IllegalMoveError(
            Fault.DESIGNATE, f"the rounds are over: seat {state.seat} designates the elimination candidate"
        )
    turns = state.turns + (move,)
    if len(turns) < len(SEATS):
        return GarnetState(state.rules, state.totals, state.rounds, turns)
    return _close(state, state.number, turns)


def _close(state: GarnetState, number: int, turns: tuple[Choose, ...]) -> GarnetState:
    """The reveal of round `number` and its payout applied to the totals."""
    by_seat = sorted(zip(order(number), turns, strict=True), key=lambda pair: SEATS.index(pair[0]))
    paid = payout([t.character for _, t in by_seat], [t.announcement for _, t in by_seat], state.rules)
    totals = tuple(
        total + delta if state.rules.allow_negative else max(0, total + delta)
        for total, delta in zip(state.totals, paid.delta, strict=True)
    )
    applied = tuple(new - old for new, old in zip(totals, state.totals, strict=True))
    after = replace(state, totals=totals, rounds=state.rounds + (Round(number, paid, applied, totals),), turns=())
    if after.number is None and len(after.last_places) == 1:
        return replace(after, candidate=after.last_places[0])
    return after


def _designate(state: GarnetState, move: Designate) -> GarnetState:
    if state.number is not None:
        raise IllegalMoveError(Fault.CHOOSE, "the elimination candidate is designated after the last round")
    tied = state.last_places
    if move.seat is None:
        return replace(state, candidate=tied[0])
    if move.seat not in tied:
        raise IllegalMoveError(
            Fault.CANDIDATE, f"seat {move.seat} is not among the last places: seats {', '.join(tied)}"
        )
    return replace(state, candidate=move.seat)
