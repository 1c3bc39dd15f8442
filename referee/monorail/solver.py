"""Whether a position can still be completed, the fewest tiles that do it, and a witness.

Exact search (genius-rules.md, "An exact completion solver"): the loop alternates between
the chains already on the table and new paths of tiles. The search walks from one open end
of the station chain, filling one empty cell per step; when the rail meets a chain's end it
runs through that chain and goes on from its other end; it succeeds on reaching the station
chain's other end with every chain visited. Iterative deepening over the number of new tiles
(in steps of two: a loop on the grid has even length, M9) makes the first witness a shortest.
Only sound pruning is used, so "not completable" is a proof, not a guess.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from referee.monorail.loop import chain_end, is_complete
from referee.monorail.position import Position
from referee.monorail.tile import Cell, Shape, Side, Tile

End = tuple[Cell, Side]


@dataclass(frozen=True)
class Solution:
    """The solver's answer for one position."""

    completable: bool
    min_needed: int | None
    witness: tuple[Tile, ...] | None


NOT_COMPLETABLE = Solution(False, None, None)


def solve(position: Position, strict_edges: bool = True) -> Solution:
    """Whether `position` can be completed with at most `position.tiles_left` extra tiles.

    `strict_edges` does not change the answer (M4: a loop is edge-consistent, so a breach
    can never be part of one); it is accepted so every caller states the rules it plays."""
    del strict_edges
    board = position.board
    if is_complete(board):
        return Solution(True, 0, ())
    if position.faults or not position.open_ends:
        return NOT_COMPLETABLE
    chains = _chains(board, position.open_ends)
    if chains is None:
        return NOT_COMPLETABLE
    search = _Search(board, chains)
    first = len(board) % 2  # stations + placed + new is even (M9)
    for budget in range(first, position.tiles_left + 1, 2):
        witness = search.run(budget)
        if witness is not None:
            return Solution(True, len(witness), witness)
    return NOT_COMPLETABLE


def _chains(board: Mapping[Cell, Shape], ends: tuple[End, ...]) -> dict[End, tuple[End, int]] | None:
    """Each open end's partner (the other end of its chain) and the chain's number; None if
    some tile lies on a closed sub-loop (it can never join the one loop)."""
    partner: dict[End, tuple[End, int]] = {}
    covered = 0
    for end in ends:
        if end in partner:
            continue
        cell, side = end
        other_cell, other_side, walked = chain_end(board, cell, board[cell].other_end(side))
        number = len(partner) // 2
        partner[end] = ((other_cell, other_side), number)
        partner[(other_cell, other_side)] = (end, number)
        covered += walked + 1
    return partner if covered == len(board) else None


class _Search:
    """Depth-first search for a loop with at most `budget` new tiles."""

    def __init__(self, board: Mapping[Cell, Shape], chains: dict[End, tuple[End, int]]) -> None:
        self.board = board
        self.chains = chains
        self.count = len({number for _, number in chains.values()})
        self.start = next(iter(chains))
        self.target = chains[self.start][0]
        self.placed: dict[Cell, Shape] = {}
        self.visited: set[int] = set()

    def run(self, budget: int) -> tuple[Tile, ...] | None:
        self.placed.clear()
        self.visited = {self.chains[self.start][1]}
        if self._walk(self.start, budget):
            return tuple(Tile(x, y, s) for (x, y), s in self.placed.items())
        return None

    def _faced(self, end: End) -> Cell:
        return end[1].beyond(end[0])

    def _bound(self, head: Cell) -> int:
        """Cells that must still be filled: every end still to be joined faces one."""
        cells = {head, self._faced(self.target)}
        for end, (_, number) in self.chains.items():
            if number not in self.visited:
                cells.add(self._faced(end))
        return len(cells - self.placed.keys())

    def _walk(self, end: End, budget: int) -> bool:
        cell, side = end
        head = side.beyond(cell)
        if head in self.placed or budget <= 0 or self._bound(head) > budget:
            return False
        entry = side.opposite
        for exit_ in Side:
            if exit_ is entry or not self._fits(head, entry, exit_):
                continue
            self.placed[head] = Shape.joining(entry, exit_)
            if self._onward(head, exit_, budget - 1):
                return True
            del self.placed[head]
        return False

    def _fits(self, head: Cell, entry: Side, exit_: Side) -> bool:
        """No other rail end points into `head` (it would meet a blank side)."""
        for side in Side:
            if side is entry or side is exit_:
                continue
            near = side.beyond(head)
            shape = self.board.get(near) or self.placed.get(near)
            if shape is not None and shape.opens(side.opposite):
                return False
        return True

    def _onward(self, head: Cell, exit_: Side, budget: int) -> bool:
        nxt = exit_.beyond(head)
        if nxt in self.placed:
            return False
        shape = self.board.get(nxt)
        if shape is None:
            return self._walk((head, exit_), budget)
        met = (nxt, exit_.opposite)
        if not shape.opens(exit_.opposite) or met not in self.chains:
            return False
        if met == self.target:
            return len(self.visited) == self.count
        other, number = self.chains[met]
        if number in self.visited:
            return False
        self.visited.add(number)
        if self._walk(other, budget):
            return True
        self.visited.discard(number)
        return False
