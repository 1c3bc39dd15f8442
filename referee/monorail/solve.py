"""Monorail solved: who wins from a position under perfect play, and how (issue 25).

The game is finite (every move spends supply) and has no draw, so every position is a win or a
loss for the seat to move. Perfect play is simple at the edges, and each rule below is sound:

- the seat to move wins at once by a move that closes the loop (M6) or, once a rail tile is
  down, by declaring 'impossible' when the loop cannot be completed (M7; with the supply gone
  that is M8's win). A wrong declaration always loses (the challenged seat completes, M7), so
  perfect play never makes one, and a challenged seat that can complete does;
- so a move after which the loop cannot be completed loses to 'impossible', and one after
  which the opponent can close the loop loses to that move: immediate losses, never searched.
  The moves left are the safe ones; a seat with none loses.

The search is depth-first proof-number search (df-pn, Nagai 2002) in its negamax form: a
position's proof number is its children's smallest disproof number, its disproof number the sum
of their proof numbers. Transpositions and symmetric positions share one entry, keyed by the
canonical tiles under the stations' symmetries (`symmetry.py`: they carry legal moves to legal
moves and loops to loops, so symmetric positions have one value). Children are tried fewest
tiles first (the count of tiles that then close the loop): the most forcing moves.

Completion is asked millions of times, so it is not asked of the solver (about a millisecond a
question) but of a table of every loop the game can still close (`LoopTable`: 23,162 from the
start, 18 with 8 tiles; the suite checks it against the solver): a position is completable when its
tiles lie on one of them, and a safe move lies on one with them, so the moves tried are the
runs along those loops, each judged by the referee's `is_legal`.

The search is deterministic; `progress(nodes, positions)`, called every `every` positions
expanded, may stop it, and a stopped search keeps its table, so `run` goes on from there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import suppress
from dataclasses import dataclass
from enum import Enum
from itertools import pairwise
from typing import Any

from referee.monorail.analysis import completing_moves
from referee.monorail.game import SEATS, Rules
from referee.monorail.loop import is_complete
from referee.monorail.move import Move, is_legal, legal_moves, lines
from referee.monorail.position import Position
from referee.monorail.strategy import Entry, Strategy, in_cell_order
from referee.monorail.symmetry import Key, canonical_key, stabilizer
from referee.monorail.tile import Cell, Shape, Side, Tile

INFINITE = 10**9
"""A proof or disproof number that means 'proved': no finite effort reaches it."""


class Value(Enum):
    """What a position is worth to the seat to move."""

    WIN = "win"
    LOSS = "loss"


@dataclass(frozen=True)
class Stats:
    """How much the search did, and how far its proofs reach."""

    nodes: int  # positions expanded: their moves listed and judged
    positions: int  # entries in the table (positions up to symmetry)
    proved: int  # of those, the ones whose value is proved
    loops: int  # the loops the game can still close (`LoopTable`)
    proved_by_ply: tuple[tuple[int, int, int], ...]  # (ply, positions first met there, of them proved)


@dataclass(frozen=True)
class Solved:
    """The search's answer: the value for the seat to move at `position`, or None if stopped first."""

    rules: Rules
    position: Position
    mover: str  # the seat to move at `position`
    value: Value | None
    stats: Stats

    @property
    def winner(self) -> str | None:
        if self.value is None:
            return None
        return self.mover if self.value is Value.WIN else SEATS[1 - SEATS.index(self.mover)]


class _Stopped(Exception):
    """`progress` asked the search to stop."""


class LoopTable:
    """Every loop that can still close `position`: each simple cycle of cells through the
    stations of at most `len(board) + tiles_left` cells, a tile on each cell joining its two
    neighbours, that holds every placed tile and passes `is_complete`. The walk goes from one
    open end of the stations to the other through empty cells, never further from the other
    end than the cells left allow.

    A position of the search is completable exactly when its tiles all lie on one of these
    loops (M5: a completed board is one of them, and the rest of any one of them completes it):
    the solver's answer (the suite checks that the two agree), at the cost of a few big-integer
    ANDs, since each loop is a bit and a tile's bits are the loops it lies on. Along a game the
    bound stays the same (every tile placed is one fewer in the supply), so one table serves
    every position the search meets."""

    def __init__(self, position: Position) -> None:
        self.most = len(position.board) + position.tiles_left
        stations = Position(tiles_left=0, stations=position.stations)
        board, ends = stations.board, stations.open_ends
        if len(ends) != 2:
            raise ValueError("the loops are walked between the two open ends of the stations")
        (cell_a, side_a), (cell_b, side_b) = ends
        start, goal = side_a.beyond(cell_a), side_b.beyond(cell_b)
        placed = frozenset(position.placed)
        free = self.most - len(board)  # cells the walk may fill
        loops: list[frozenset[Tile]] = []
        path = [start]
        on_path = {start}

        def walk() -> None:
            here = path[-1]
            if here == goal:
                loop = _laid(path, side_a.opposite, side_b.opposite)
                if placed <= loop and is_complete({**board, **{t.cell: t.shape for t in loop}}):
                    loops.append(loop)
                return
            for side in Side:
                near = side.beyond(here)
                if near in board or near in on_path:
                    continue
                if len(path) + 1 + abs(near[0] - goal[0]) + abs(near[1] - goal[1]) > free:
                    continue
                path.append(near)
                on_path.add(near)
                walk()
                path.pop()
                on_path.discard(near)

        if free >= abs(start[0] - goal[0]) + abs(start[1] - goal[1]) + 1:
            walk()
        self.loops = tuple(loops)
        # Bits set in a bytearray, then made one integer: OR-ing bit by bit into a big integer
        # copies it each time.
        size = len(self.loops) // 8 + 1
        on: dict[Tile, bytearray] = {}
        by_length: dict[int, bytearray] = {}
        for i, loop in enumerate(self.loops):
            for bits in [on.setdefault(tile, bytearray(size)) for tile in loop] + [
                by_length.setdefault(len(loop), bytearray(size))
            ]:
                bits[i >> 3] |= 1 << (i & 7)
        self.on = {tile: int.from_bytes(bits, "little") for tile, bits in on.items()}
        self.by_length = {n: int.from_bytes(bits, "little") for n, bits in sorted(by_length.items())}
        # Tiles by cell, in a fixed order (a set's order changes with the process's hash seed).
        self.at: dict[Cell, list[Tile]] = {}
        for tile in sorted(self.on, key=lambda t: (t.cell, t.shape.value)):
            self.at.setdefault(tile.cell, []).append(tile)
        self.every = (1 << len(self.loops)) - 1

    def cover(self, tiles: Iterable[Tile]) -> int:
        """The loops that hold every tile of `tiles`, as bits."""
        bits = self.every
        for tile in tiles:
            bits &= self.on.get(tile, 0)
            if not bits:
                break
        return bits

    def shortest(self, bits: int) -> frozenset[Tile]:
        """The shortest of the loops in `bits` (which holds at least one)."""
        length = min(n for n, on in self.by_length.items() if on & bits)
        low = bits & self.by_length[length]
        return self.loops[(low & -low).bit_length() - 1]


def _laid(path: list[Cell], into: Side, out_of: Side) -> frozenset[Tile]:
    """The tiles of a walk of cells entered through side `into` of its first cell and left
    through side `out_of` of its last, each joining the sides towards its neighbours."""
    back = [into] + [_toward(b, a) for a, b in pairwise(path)]
    onward = [_toward(a, b) for a, b in pairwise(path)] + [out_of]
    return frozenset(Tile(x, y, Shape.joining(i, o)) for (x, y), i, o in zip(path, back, onward, strict=True))


def _toward(a: Cell, b: Cell) -> Side:
    """The side of cell `a` that faces its neighbour `b`."""
    return Side((b[0] - a[0], b[1] - a[1]))


class Solver:
    """The table of one search from `position` (default: the start of `rules`), whose seat to
    move is `mover`."""

    def __init__(self, rules: Rules = Rules(), position: Position | None = None, mover: str = SEATS[0]) -> None:
        self.rules = rules
        self.strict = rules.strict_edges
        self.root_position = position or Position(tiles_left=rules.tiles)
        self.mover = mover
        self.loops = LoopTable(self.root_position)
        self.group = stabilizer(Position(tiles_left=0, stations=self.root_position.stations))
        self.index: dict[Key, int] = {}
        self.positions: list[Position] = []
        self.pn: list[int] = []
        self.dn: list[int] = []
        self.kids: list[tuple[int, ...] | None] = []
        self.ply: list[int] = []
        self.nodes = 0
        self.root = self._intern(self.root_position, 0)
        self._progress: Callable[[int, int], bool] | None = None
        self._every = 1

    def key(self, position: Position) -> Key:
        """The table's key: the position's canonical tiles under the stations' symmetries."""
        return canonical_key(position.placed, self.group)

    def _intern(self, position: Position, ply: int) -> int:
        key = self.key(position)
        n = self.index.get(key)
        if n is None:
            n = self.index[key] = len(self.positions)
            self.positions.append(position)
            self.pn.append(1)
            self.dn.append(1)
            self.kids.append(None)
            self.ply.append(ply)
        return n

    def value(self, position: Position) -> Value | None:
        """The proved value of `position` for its seat to move, if the table holds one."""
        n = self.index.get(self.key(position))
        if n is None or 0 not in (self.pn[n], self.dn[n]):
            return None
        return Value.WIN if self.pn[n] == 0 else Value.LOSS

    # the rules at the edges

    def wins_at_once(self, position: Position) -> Entry | None:
        """The seat to move's immediate win: a closing move, or a right 'impossible'."""
        closing = next(completing_moves(position, self.strict), None)
        if closing is not None:
            return Entry(closing)
        if position.placed and not self.loops.cover(position.placed):
            return Entry(None)
        return None

    def safe_moves(self, position: Position) -> Iterator[tuple[Move, Position, int]]:
        """Every legal move that is no immediate loss, with the position after it and the fewest
        tiles that then close the loop. A move that keeps the loop completable lies on a loop with
        the tiles on the table, so on each line of cells a move may fill (`move.lines`) only the
        shapes of such loops are tried, and the referee's `is_legal` decides each move."""
        table = self.loops
        cover = table.cover(position.placed)
        for run in lines(position):
            yield from self._laid_on(position, run, (), cover)

    def _laid_on(
        self, position: Position, run: tuple[Cell, ...], tiles: tuple[Tile, ...], bits: int
    ) -> Iterator[tuple[Move, Position, int]]:
        """The safe moves that lay `tiles` and then tiles on the rest of `run`."""
        table = self.loops
        if len(tiles) == len(run):
            move = Move(tiles)
            if is_legal(position, move, self.strict):
                after = position.after(tiles)
                if next(completing_moves(after, self.strict), None) is None:
                    yield move, after, len(table.shortest(bits)) - len(after.placed)
            return
        for tile in table.at.get(run[len(tiles)], ()):
            more = bits & table.on[tile]
            if more:
                yield from self._laid_on(position, run, (*tiles, tile), more)

    # df-pn

    def _expand(self, n: int) -> tuple[int, ...]:
        self.nodes += 1
        if (
            self._progress is not None
            and self.nodes % self._every == 0
            and not self._progress(self.nodes, len(self.positions))
        ):
            raise _Stopped
        position = self.positions[n]
        if self.wins_at_once(position) is not None:
            self.pn[n], self.dn[n] = 0, INFINITE
            kids: tuple[int, ...] = ()
        else:
            fewest: dict[int, int] = {}
            for _, after, needed in self.safe_moves(position):
                kid = self._intern(after, self.ply[n] + 1)
                fewest[kid] = min(needed, fewest.get(kid, needed))
            kids = tuple(sorted(fewest, key=lambda kid: (fewest[kid], kid)))
            if not kids:
                self.pn[n], self.dn[n] = INFINITE, 0
        self.kids[n] = kids
        return kids

    def _mid(self, n: int, thpn: int, thdn: int) -> None:
        """Search below `n` until its proof number reaches `thpn` or its disproof number `thdn`."""
        kids = self.kids[n]
        if kids is None:
            kids = self._expand(n)
        if not kids:
            return
        pn, dn = self.pn, self.dn
        while True:
            best, best_dn, second, total = kids[0], INFINITE + 1, INFINITE, 0
            for kid in kids:
                d = dn[kid]
                if d < best_dn:
                    best, best_dn, second = kid, d, best_dn
                elif d < second:
                    second = d
                total += pn[kid]
            pn[n], dn[n] = best_dn, min(total, INFINITE)
            if pn[n] >= thpn or dn[n] >= thdn:
                return
            self._mid(best, thdn - dn[n] + pn[best], min(thpn, second + 1))

    def run(self, progress: Callable[[int, int], bool] | None = None, every: int = 1000) -> Solved:
        """Search until the start is proved, or until `progress` returns False."""
        self._progress, self._every = progress, every
        with suppress(_Stopped):
            self._mid(self.root, INFINITE, INFINITE)
        return Solved(self.rules, self.root_position, self.mover, self.value(self.root_position), self.stats())

    def stats(self) -> Stats:
        plies: dict[int, list[int]] = {}
        for n, ply in enumerate(self.ply):
            counts = plies.setdefault(ply, [0, 0])
            counts[0] += 1
            counts[1] += self.pn[n] == 0 or self.dn[n] == 0
        return Stats(
            nodes=self.nodes,
            positions=len(self.positions),
            proved=sum(proved for _, proved in plies.values()),
            loops=len(self.loops.loops),
            proved_by_ply=tuple((ply, *plies[ply]) for ply in sorted(plies)),  # type: ignore[misc]
        )

    # the winner's strategy, on the real positions

    def action(self, position: Position) -> Entry:
        """The winner's action in `position`, which the table proves won for the seat to move."""
        now = self.wins_at_once(position)
        if now is not None:
            return now
        # Of the winning moves, the one that leaves the loser fewest safe replies: a smaller file.
        best = min(
            (
                (len(self.kids[self.index[self.key(after)]] or ()), i, move, after)
                for i, (move, after, _) in enumerate(self.safe_moves(position))
                if self.value(after) is Value.LOSS
            ),
            default=None,
            key=lambda found: found[:2],
        )
        if best is None:
            raise ValueError("the table proves no win for the seat to move here")
        _, _, move, after = best
        loop = self.loops.shortest(self.loops.cover(after.placed))
        return Entry(move, in_cell_order(loop - set(after.placed)))

    def strategy(self, search: Mapping[str, Any] | None = None) -> Strategy:
        """The winner's action in every position the winner can meet from the start, whatever
        the loser plays (the real positions, not their canonical images); ValueError before the
        start is proved, or for a search that began elsewhere. `search`: figures for the header."""
        start = self.root_position
        value = self.value(start)
        if value is None or start != Position(tiles_left=self.rules.tiles) or self.mover != SEATS[0]:
            raise ValueError("a strategy is written for a proved search from the start")
        actions: dict[frozenset[Tile], Entry] = {}
        winner_to_move = [start] if value is Value.WIN else list(self._replies(start))
        while winner_to_move:
            position = winner_to_move.pop()
            placed = frozenset(position.placed)
            if placed in actions:
                continue
            action = actions[placed] = self.action(position)
            if action.place is not None and action.if_declared:
                winner_to_move.extend(self._replies(position.after(action.place.tiles)))
        winner = self.mover if value is Value.WIN else SEATS[1]
        return Strategy(self.rules, winner, actions, dict(search or {}))

    def _replies(self, position: Position) -> Iterator[Position]:
        """The positions the loser's legal moves leave the winner to move in (a closed loop is
        the loser's win, which a proved table never allows; an empty supply ends the game)."""
        for move in legal_moves(position, self.strict):
            after = position.after(move.tiles)
            if is_complete(after.board):
                raise ValueError("the loser closes the loop: the table is wrong")
            if after.tiles_left:
                yield after


def solve_game(
    rules: Rules = Rules(), progress: Callable[[int, int], bool] | None = None, every: int = 1000
) -> tuple[Solved, Solver]:
    """Search the start of `rules`; the answer and the table (for the strategy)."""
    solver = Solver(rules)
    return solver.run(progress, every), solver
