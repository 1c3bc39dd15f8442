"""The game of Monorail as the referee runs it: turns, 'impossible', the challenge, the end.

Two seats take turns placing 1–3 tiles (M3). At the start of a turn, once a rail tile is on
the table, the seat to move may declare the position impossible instead (M7); the challenged
seat (who moved last) then submits every extra tile at once, and wins if that completes the
loop. Whoever completes the loop with a move wins (M6). When the supply runs out without a
loop, the seat to move wins (M8). Every step returns a new immutable state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from referee.errors import RefereeError
from referee.game import Result
from referee.monorail.loop import is_complete
from referee.monorail.move import Fault, IllegalMoveError, Move, check_move, check_placement
from referee.monorail.position import TILES, Position
from referee.monorail.solver import solve
from referee.monorail.tile import Tile

SEATS = ("first", "second")

# Result reasons.
COMPLETED = "completed"  # the winner's move closed the loop
CHALLENGE_MET = "challenge_met"  # the challenged seat completed the loop with the tiles left
CHALLENGE_WON = "challenge_won"  # the challenged seat did not complete the loop (rule 12: the declarer wins,
# whether or not a completion existed; `declaration_right` says which)
TILES_OUT = "tiles_out"  # the supply ran out without a loop; the seat to move wins


@dataclass(frozen=True)
class Rules:
    """What a game may be configured away from: the edge rule (M4) and the supply (M2)."""

    strict_edges: bool = True
    tiles: int = TILES

    @property
    def name(self) -> str | None:
        """The variant's name (`VARIANTS`), or None for rules no variant names."""
        return next((name for name, rules in VARIANTS.items() if rules == self), None)


VARIANTS: Mapping[str, Rules] = MappingProxyType(
    {"standard": Rules(), **{f"tiles-{n}": Rules(tiles=n) for n in (8, 10, 12, 14)}}
)
"""The named variants: the game as played, and smaller supplies (the edge rule kept), which the
game-theoretic search (`solve.py`) can settle on a laptop where the full game is out of reach."""


class UnknownVariantError(RefereeError):
    """A variant name `VARIANTS` does not hold."""

    def __init__(self, name: str) -> None:
        super().__init__(f"no Monorail variant called {name!r}; the variants are {', '.join(VARIANTS)}")
        self.name = name


def variant(name: str) -> Rules:
    """The rules of the variant called `name`; UnknownVariantError if there is none."""
    try:
        return VARIANTS[name]
    except KeyError:
        raise UnknownVariantError(name) from None


@dataclass(frozen=True)
class Place:
    """Place the move's tiles (1–3 in one contiguous line)."""

    move: Move


@dataclass(frozen=True)
class Declare:
    """Declare, at the start of one's turn, that the loop can no longer be completed."""


@dataclass(frozen=True)
class Attempt:
    """The challenged seat's answer to 'impossible': every extra tile, at once (may be none)."""

    tiles: tuple[Tile, ...]


Action = Place | Declare | Attempt


@dataclass(frozen=True)
class MonorailState:
    """One game: the position, whose turn it is, a pending challenge, and the result."""

    rules: Rules = Rules()
    position: Position = Position()
    turn: int = 0
    declared_by: int | None = None
    declared_on: Position | None = None
    result: Result | None = None

    @property
    def seat(self) -> str | None:
        """The seat the game waits for (the challenged seat during a challenge)."""
        return None if self.result else SEATS[self.turn]

    @property
    def challenged(self) -> bool:
        return self.declared_by is not None and self.result is None

    @property
    def over(self) -> bool:
        return self.result is not None


def new_game(rules: Rules = Rules(), position: Position | None = None) -> MonorailState:
    """A game from the start (or from `position`, for analysis), the first seat to move."""
    return MonorailState(rules, position or Position(tiles_left=rules.tiles))


def _other(turn: int) -> int:
    return 1 - turn


def step(state: MonorailState, seat: str, action: Action) -> MonorailState:
    """The state after `seat` takes `action`; IllegalMoveError (a ValueError) if it may not."""
    if state.result is not None:
        raise IllegalMoveError(Fault.OVER, "the game is over")
    if seat != SEATS[state.turn]:
        raise IllegalMoveError(Fault.TURN, f"it is the {SEATS[state.turn]} player's turn")
    if state.challenged:
        if not isinstance(action, Attempt):
            raise IllegalMoveError(
                Fault.CHALLENGE,
                "'impossible' was declared: place every tile you need at once, or none to give up",
            )
        return _attempt(state, action)
    if isinstance(action, Declare):
        if not state.position.placed:
            raise IllegalMoveError(Fault.TOO_EARLY, "'impossible' can be declared once a rail tile is on the table")
        return replace(state, declared_by=state.turn, declared_on=state.position, turn=_other(state.turn))
    if isinstance(action, Attempt):
        raise IllegalMoveError(Fault.CHALLENGE, "nobody has declared 'impossible'")
    check_move(state.position, action.move, state.rules.strict_edges)
    position = state.position.after(action.move.tiles)
    if is_complete(position.board):
        return replace(state, position=position, result=Result((seat,), COMPLETED))
    if position.tiles_left == 0:
        nxt = SEATS[_other(state.turn)]
        return replace(state, position=position, turn=_other(state.turn), result=Result((nxt,), TILES_OUT))
    return replace(state, position=position, turn=_other(state.turn))


def declaration_right(state: MonorailState) -> bool | None:
    """Whether the 'impossible' declared in this game was true (the solver's proof), or None
    if nobody declared. The winner follows the attempt (M7), so a game can be won on a wrong
    declaration; what the referee shows must not call such a declaration right."""
    if state.declared_on is None:
        return None
    return not solve(state.declared_on, state.rules.strict_edges).completable


def _attempt(state: MonorailState, attempt: Attempt) -> MonorailState:
    # Only what cannot be laid at all is refused; any other set is judged by completion (M7).
    check_placement(state.position, attempt.tiles, strict_edges=False)
    position = state.position.after(attempt.tiles)
    seat = SEATS[state.turn]
    if is_complete(position.board):
        return replace(state, position=position, result=Result((seat,), CHALLENGE_MET))
    declarer = SEATS[state.declared_by] if state.declared_by is not None else seat
    return replace(state, position=position, result=Result((declarer,), CHALLENGE_WON))
