"""Whether a position can still be completed, the fewest tiles that do it, and a witness.

Exact search (genius-rules.md, "An exact completion solver"). A completed loop is a cycle on
the grid through every tile, each old tile joined along its own two rail sides; the new tiles
form paths ("segments") that join the open ends of the chains already on the table in pairs.
First the tiles every completion must hold are placed (forced cells); then a depth-first walk
goes from one open end of a start chain, filling one empty cell per step; when the rail meets a
chain's end it runs through that chain and goes on from its other end; it succeeds on reaching
the start chain's other end with every chain visited. Iterative deepening over the number of
new tiles (in steps of two: a loop on the grid has even length, M9) makes the first witness a
shortest. Only sound pruning is used, so "not completable" is a proof, not a guess; each rule
says why it is sound where it is applied.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from referee.monorail.loop import chain_end, is_complete
from referee.monorail.position import Position
from referee.monorail.tile import Cell, Shape, Side, Tile

End = tuple[Cell, Side]

UNREACHABLE = 1 << 20  # a distance no budget reaches: larger than any sum of real distances


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
    forced = _forced(board)
    if forced is None or len(forced) > position.tiles_left:
        return NOT_COMPLETABLE
    full = {**board, **forced}
    forced_tiles = tuple(Tile(x, y, s) for (x, y), s in forced.items())
    if is_complete(full):
        return Solution(True, len(forced), forced_tiles)
    chains = _chains(full)
    if chains is None:
        return NOT_COMPLETABLE
    walk = _Search(full, chains).run(position.tiles_left - len(forced))
    if walk is None:
        return NOT_COMPLETABLE
    witness = forced_tiles + walk
    return Solution(True, len(witness), witness)


def _forced(board: Mapping[Cell, Shape]) -> dict[Cell, Shape] | None:
    """The tiles every completion holds, found by propagation; None when some cell proves
    that no completion exists.

    Sound because a completed loop meets every rail end with a matching rail end: a cell a
    rail end points into must hold a tile that opens back to it, and that tile opens to
    exactly one more side, towards a cell that is empty (to be filled) or a rail end facing it.
    So a cell faced by three ends can hold no tile (impossible); one faced by two ends holds
    the tile joining them; one faced by one end with no free neighbour is a dead end
    (impossible), and with exactly one free neighbour it must turn there."""
    tiles = dict(board)
    forced: dict[Cell, Shape] = {}
    while True:
        facing: dict[Cell, list[Side]] = {}
        for cell, shape in tiles.items():
            for side in shape.sides:
                faced = side.beyond(cell)
                if faced not in tiles:
                    facing.setdefault(faced, []).append(side.opposite)
        for faced, sides in facing.items():
            if len(sides) > 2:
                return None
            if len(sides) == 1:
                free = [s for s in Side if s is not sides[0] and s.beyond(faced) not in tiles]
                if not free:
                    return None
                if len(free) > 1:
                    continue
                sides.append(free[0])
            tiles[faced] = forced[faced] = Shape.joining(sides[0], sides[1])
            break
        else:
            return forced


def _chains(board: Mapping[Cell, Shape]) -> list[tuple[End, End]] | None:
    """The chains of tiles as pairs of open ends (a rail end facing an empty cell); None if
    some tile lies on a closed sub-loop: it can never join the one loop (M5)."""
    ends = [(cell, side) for cell, shape in board.items() for side in shape.sides if side.beyond(cell) not in board]
    chains: list[tuple[End, End]] = []
    seen: set[End] = set()
    covered = 0
    for end in ends:
        if end in seen:
            continue
        cell, side = end
        other_cell, other_side, walked = chain_end(board, cell, board[cell].other_end(side))
        other = (other_cell, other_side)
        seen.update((end, other))
        chains.append((end, other))
        covered += walked + 1
    return chains if covered == len(board) else None


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class _Search:
    """Depth-first search for the loop, from the start chain's first end to its second.

    The other chains are numbered 0..k-1; chain c has ends 2c and 2c+1, and end 2k is the
    target (the start chain's second end). `faced[i]` is the empty cell end i points into;
    after `_forced` these cells are all distinct."""

    def __init__(self, board: Mapping[Cell, Shape], chains: list[tuple[End, End]]) -> None:
        self.board = board
        start = min(chains, key=lambda chain: self._freedom(chain[0]))
        others = [chain for chain in chains if chain is not start]
        self.start: End = start[0]
        self.ends: list[End] = [end for chain in others for end in chain] + [start[1]]
        self.target = len(self.ends) - 1
        self.all_chains = (1 << len(others)) - 1
        self.faced: list[Cell] = [side.beyond(cell) for cell, side in self.ends]
        self.facing: dict[Cell, int] = {cell: i for i, cell in enumerate(self.faced)}
        xs = [x for x, _ in board]
        ys = [y for _, y in board]
        self.box = (min(xs) - 2, max(xs) + 2, min(ys) - 2, max(ys) + 2)
        self.distances = [self._distances_from(cell) for cell in self.faced]
        self.rows: dict[Cell, list[int]] = {}
        self.between = [self._row(cell) for cell in self.faced]
        self.tours: dict[tuple[int, int], int] = {}
        self.bounds: dict[tuple[Cell, int], int] = {}
        self.failed: dict[tuple[Cell, Side, int, int], int] = {}
        self.placed: dict[Cell, Shape] = {}
        self.bit: dict[Cell, int] = {}
        self.mask = 0

    def _freedom(self, end: End) -> int:
        """How many ways the rail from `end` can go on (fewest first: a smaller search tree)."""
        faced = end[1].beyond(end[0])
        return sum(side.beyond(faced) not in self.board for side in Side)

    def run(self, budget: int) -> tuple[Tile, ...] | None:
        """A shortest walk of at most `budget` new tiles, as tiles; None if there is none."""
        parity = len(self.board) % 2  # old + new tiles is even (M9)
        head = self.start[1].beyond(self.start[0])
        lowest = self._bound(head, self.all_chains)
        lowest += (lowest - parity) % 2
        for limit in range(lowest, budget + 1, 2):
            if self._walk(self.start, self.all_chains, limit):
                return tuple(Tile(x, y, s) for (x, y), s in self.placed.items())
        return None

    # The distance bound. A segment from cell p to cell q is a path of new tiles; none of its
    # inner cells is a cell some rail end points into (that tile would have to join that end,
    # so it would end the segment there), and none holds a tile. So it has at least
    # distance(p, q) + 1 tiles, where the distance is a shortest path whose inner cells are
    # empty and faced by no end. Tiles placed by the walk are ignored: more obstacles only make
    # paths longer, so the bound stays a lower bound.

    def _distances_from(self, source: Cell) -> dict[Cell, int]:
        """Breadth-first distances from `source` over empty unfaced cells in the box around
        the tiles grown by 2, faced cells reached but not passed through. Paths that leave the
        box need no cells beyond it: its outer ring is empty and faced by no end, and pushing a
        path onto the ring (clamping) never lengthens it."""
        x0, x1, y0, y1 = self.box
        distances = {source: 0}
        queue = deque([source])
        while queue:
            cell = queue.popleft()
            step = distances[cell] + 1
            for side in Side:
                near = side.beyond(cell)
                if near in distances or near in self.board or not (x0 <= near[0] <= x1 and y0 <= near[1] <= y1):
                    continue
                distances[near] = step
                if near not in self.facing:
                    queue.append(near)
        return distances

    def _row(self, cell: Cell) -> list[int]:
        """The distance from `cell` to every end's faced cell. A cell outside the box is first
        moved onto the box (`excess` steps, each of which a path must take anyway)."""
        row = self.rows.get(cell)
        if row is not None:
            return row
        x0, x1, y0, y1 = self.box
        x, y = cell
        inside = (min(max(x, x0), x1), min(max(y, y0), y1))
        excess = abs(x - inside[0]) + abs(y - inside[1])
        row = [d.get(inside, UNREACHABLE) + excess for d in self.distances]
        self.rows[cell] = row
        return row

    def _tour(self, end: int, chains: int) -> int:
        """Fewest new tiles from end `end`'s faced cell through every chain in `chains` (each
        entered by one end, left by the other) to the target: the cheapest order of segments,
        each at least its distance + 1 (Held-Karp over the chains, memoised)."""
        key = (end, chains)
        best = self.tours.get(key)
        if best is None:
            best = self._cheapest(self.between[end], chains)
            self.tours[key] = best
        return best

    def _cheapest(self, row: list[int], chains: int) -> int:
        if not chains:
            return row[self.target] + 1
        best = UNREACHABLE
        for c in _bits(chains):
            rest = chains & ~(1 << c)
            for into, out in ((2 * c, 2 * c + 1), (2 * c + 1, 2 * c)):
                if row[into] + 1 < best:
                    best = min(best, row[into] + 1 + self._tour(out, rest))
        return best

    def _bound(self, head: Cell, chains: int) -> int:
        """Fewest new tiles that complete the loop from the empty cell `head` (to be filled)
        through `chains` to the target."""
        key = (head, chains)
        best = self.bounds.get(key)
        if best is None:
            best = self._cheapest(self._row(head), chains)
            self.bounds[key] = best
        return best

    def _free(self, cell: Cell) -> bool:
        return cell not in self.board and cell not in self.placed

    def _walk(self, end: End, chains: int, budget: int) -> bool:
        """Whether the rail leaving by `end` can complete the loop through `chains` with at most
        `budget` new tiles (the first in the cell `end` points into, which is free)."""
        cell, side = end
        head = side.beyond(cell)
        if self._bound(head, chains) > budget:
            return False
        entry = side.opposite
        # Failure memo: what can follow depends only on the head, the side it is entered by,
        # the chains still to visit and the cells already filled, so a failure with a budget
        # at least this large settles it.
        key = (head, entry, chains, self.mask)
        if self.failed.get(key, -1) >= budget:
            return False
        bit = self.bit.setdefault(head, 1 << len(self.bit))
        met = self.facing.get(head)
        if met is not None and self.ends[met] == end:
            met = None  # the head is the cell this very end faces
        if met is not None:
            # A rail end points into the head: its tile must join that end (forced cell).
            exits: list[Side] = [self.ends[met][1].opposite]
        else:
            exits = [s for s in Side if s is not entry and self._free(s.beyond(head))]
        for exit_ in exits:
            self.placed[head] = Shape.joining(entry, exit_)
            self.mask |= bit
            if self._onward(head, entry, exit_, met, chains, budget - 1):
                return True
            del self.placed[head]
            self.mask &= ~bit
        self.failed[key] = budget
        return False

    def _onward(self, head: Cell, entry: Side, exit_: Side, met: int | None, chains: int, budget: int) -> bool:
        # Dead ends: the head's blank sides now face its other neighbours; a cell faced by a
        # rail end that has no free neighbour left can never hold the tile that end needs.
        for side in Side:
            if side is entry or side is exit_:
                continue
            near = side.beyond(head)
            if near in self.facing and near not in self.placed and not any(self._free(s.beyond(near)) for s in Side):
                return False
        if met is None:
            nxt = exit_.beyond(head)
            onward = self.facing.get(nxt)
            if onward == self.target and chains:
                return False  # the loop would close before every chain is on it
            return self._walk((head, exit_), chains, budget)
        if met == self.target:
            return not chains
        chain = met // 2
        if not chains & (1 << chain):
            return False
        return self._walk(self.ends[met ^ 1], chains & ~(1 << chain), budget)
