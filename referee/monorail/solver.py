"""Whether a position can still be completed, the fewest tiles that do it, and a witness.

Exact search (genius-rules.md, "An exact completion solver"). A completed loop is a cycle on
the grid through every tile, each old tile joined along its own two rail sides; the new tiles
form paths ("segments") that join the open ends of the chains already on the table in pairs.
First the tiles every completion must hold are placed (forced cells); then a depth-first walk
goes from one open end of a start chain, filling one empty cell per step; when the rail meets a
chain's end it runs through that chain and goes on from its other end; it succeeds on reaching
the start chain's other end with every chain visited. Iterative deepening over the number of
new tiles (in steps of two: a loop on the grid has even length, M9) makes the first witness a
shortest.

Only sound pruning is used, so "not completable" is a proof, not a guess; each rule says why
it is sound where it is applied: forced cells, three ends on a cell and dead ends
(`_Grid.force`), closed sub-loops (`_Grid.chains`), the count bound (`solve`), the grid's margin
(`_Grid`), the nearest-partner and tour bounds over breadth-first distances (`_Search`), dead
ends and early closing during the walk, and the failure memo (`_Search._walk`). Pocket parity
(an enclosed empty region must take an even number of rail ends) needs no rule of its own: an
end in a pocket can only reach partners in the same pocket, so the tour bound is infinite when
the count is odd.

The search works on the numbered cells of a bounded grid, each cell's rail as bits, which keeps
it fast in pure Python; its cost grows with the budget, which in play is at most 16.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from referee.errors import RefereeError
from referee.monorail.loop import is_complete
from referee.monorail.position import Position
from referee.monorail.tile import Cell, Shape, Side, Tile

# Sides are numbered 0-3 (N, E, S, W), so the opposite of side s is s ^ 2; a cell's rail is the
# set of sides its tile opens to, as bits (0: an empty cell).
_SIDES = (Side.N, Side.E, Side.S, Side.W)
_RAIL = {shape: sum(1 << _SIDES.index(side) for side in shape.sides) for shape in Shape}
_SHAPES = {rail: shape for shape, rail in _RAIL.items()}
_WALL = 1 << 4  # a cell no new tile may use: not empty, and open to no side
_UNREACHABLE = 1 << 20  # a distance no budget reaches, larger than any sum of real distances

_End = tuple[int, int]  # a rail end: the number of its tile's cell, and the side it points to


@dataclass(frozen=True)
class Solution:
    """The solver's answer for one position."""

    completable: bool
    min_needed: int | None
    witness: tuple[Tile, ...] | None


NOT_COMPLETABLE = Solution(False, None, None)


class SearchLimitError(RefereeError):
    """The search took more steps than the caller allowed: no answer, never a guessed one.
    In play (at most 16 tiles) it does not happen; a hypothetical budget far beyond play can."""

    def __init__(self, steps: int) -> None:
        super().__init__(f"the solver gave up after {steps:,} search steps without an answer")
        self.steps = steps


def solve(position: Position, strict_edges: bool = True, max_steps: int | None = None) -> Solution:
    """Whether `position` can be completed with at most `position.tiles_left` extra tiles.

    `strict_edges` does not change the answer (M4: a loop is edge-consistent, so a breach
    can never be part of one); it is accepted so every caller states the rules it plays.
    `max_steps` bounds the search: past it, SearchLimitError instead of an answer."""
    del strict_edges
    board = position.board
    if is_complete(board):
        return Solution(True, 0, ())
    if position.faults or not position.open_ends:
        return NOT_COMPLETABLE
    grid = _Grid(board, position.tiles_left)
    forced = grid.force()
    if forced is None or len(forced) > position.tiles_left:
        return NOT_COMPLETABLE
    forced_tiles = grid.tiles(forced)
    if forced and is_complete({**board, **{t.cell: t.shape for t in forced_tiles}}):
        return Solution(True, len(forced), forced_tiles)
    chains = grid.chains()
    budget = position.tiles_left - len(forced)
    # Count bound: after `force` the open ends face distinct empty cells, each of which must
    # hold a new tile.
    if chains is None or 2 * len(chains) > budget:
        return NOT_COMPLETABLE
    walk = _Search(grid, chains, max_steps).run(budget)
    if walk is None:
        return NOT_COMPLETABLE
    witness = forced_tiles + grid.tiles(walk)
    return Solution(True, len(witness), witness)


class _Grid:
    """The table as numbered cells: the tiles' bounding box grown by a margin, and a ring of
    wall cells round that. Sound: a new tile D cells outside the box lies on a loop whose two
    arcs from it each cross D - 1 more cells outside the box before they reach a tile, so it
    costs at least 2D - 1 new tiles; a margin of (budget + 1) // 2 leaves out no loop within
    the budget. The margin is at least 2, which the distance bound needs (`_Search`)."""

    def __init__(self, board: Mapping[Cell, Shape], budget: int) -> None:
        xs = [x for x, _ in board]
        ys = [y for _, y in board]
        margin = max(2, (budget + 1) // 2)
        self.x0, self.y0 = min(xs) - margin - 1, min(ys) - margin - 1
        self.width = max(xs) - min(xs) + 2 * margin + 3
        height = max(ys) - min(ys) + 2 * margin + 3
        self.step = (self.width, 1, -self.width, -1)  # to the neighbour on each side
        self.rails = [0] * (self.width * height)
        self.rails[: self.width] = self.rails[-self.width :] = [_WALL] * self.width
        self.rails[:: self.width] = self.rails[self.width - 1 :: self.width] = [_WALL] * height
        self.occupied = [self.number(cell) for cell in board]
        for cell, shape in board.items():
            self.rails[self.number(cell)] = _RAIL[shape]
        # the box round the tiles grown by 2, where distances are measured (`_Search`)
        self.box = (margin - 1, margin + max(xs) - min(xs) + 3, margin - 1, margin + max(ys) - min(ys) + 3)

    def number(self, cell: Cell) -> int:
        return cell[0] - self.x0 + (cell[1] - self.y0) * self.width

    def tiles(self, numbers: list[int]) -> tuple[Tile, ...]:
        return tuple(Tile(self.x0 + n % self.width, self.y0 + n // self.width, _SHAPES[self.rails[n]]) for n in numbers)

    def force(self) -> list[int] | None:
        """Place the tiles every completion holds, found by propagation; their cells, or None
        when some cell proves that no completion exists.

        Sound because a completed loop meets every rail end with a matching rail end: a cell a
        rail end points into must hold a tile that opens back to it, and that tile opens to
        exactly one more side, towards a cell that is empty (to be filled) or a rail end facing
        it. So a cell faced by three ends can hold no tile (impossible); one faced by two ends
        holds the tile joining them; one faced by one end with no free neighbour is a dead end
        (impossible), and with exactly one free neighbour it must turn there. A forced cell has
        at least two tiles beside it, so it lies inside the tiles' box: the grid holds it."""
        rails, step = self.rails, self.step
        forced: list[int] = []
        while True:
            facing: dict[int, int] = {}  # empty cell -> the sides rail ends reach it from
            for cell in self.occupied:
                rail = rails[cell]
                for side in range(4):
                    if rail >> side & 1 and rails[cell + step[side]] == 0:
                        near = cell + step[side]
                        facing[near] = facing.get(near, 0) | 1 << (side ^ 2)
            for near, sides in facing.items():
                count = bin(sides).count("1")
                if count > 2:
                    return None
                if count == 1:
                    free = [s for s in range(4) if not sides >> s & 1 and rails[near + step[s]] == 0]
                    if not free:
                        return None
                    if len(free) > 1:
                        continue
                    sides |= 1 << free[0]
                rails[near] = sides
                self.occupied.append(near)
                forced.append(near)
                break
            else:
                return forced

    def chains(self) -> list[tuple[_End, _End]] | None:
        """The chains of tiles as pairs of open ends (a rail end facing an empty cell); None if
        some tile lies on a closed sub-loop: it can never join the one loop (M5). The position
        has no edge faults, so every rail end that meets a tile meets a matching one."""
        rails, step = self.rails, self.step
        chains: list[tuple[_End, _End]] = []
        seen: set[_End] = set()
        covered = 0
        for cell in self.occupied:
            for side in range(4):
                end = (cell, side)
                if not rails[cell] >> side & 1 or rails[cell + step[side]] or end in seen:
                    continue
                at, walked, leave = cell, 1, (rails[cell] & ~(1 << side)).bit_length() - 1
                while rails[at + step[leave]]:
                    at += step[leave]
                    walked += 1
                    leave = (rails[at] & ~(1 << (leave ^ 2))).bit_length() - 1
                other = (at, leave)
                seen.update((end, other))
                chains.append((end, other))
                covered += walked
        return chains if covered == len(self.occupied) else None


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


class _Search:
    """Depth-first search for the loop, from the start chain's first end to its second.

    The other chains are numbered 0..k-1; chain c has ends 2c and 2c+1, and end 2k is the
    target (the start chain's second end). `faced[i]` is the empty cell end i points into;
    after `force` these cells are all distinct.

    The tour bound (`_bound`) is a shortest order of segments through the chains left, each
    segment at least its distance + 1 tiles; it is at least the nearest-partner bound, which
    takes each end's nearest partner instead of its neighbour in the order, and is infinite
    when some end cannot reach a partner (an odd pocket)."""

    def __init__(self, grid: _Grid, chains: list[tuple[_End, _End]], max_steps: int | None = None) -> None:
        self.grid = grid
        self.max_steps = max_steps
        self.steps = 0
        self.rails, self.step = grid.rails, grid.step
        start = min(chains, key=lambda chain: self._freedom(chain[0]))
        others = [chain for chain in chains if chain is not start]
        self.start: _End = start[0]
        self.ends: list[_End] = [end for chain in others for end in chain] + [start[1]]
        self.target = len(self.ends) - 1
        self.all_chains = (1 << len(others)) - 1
        self.faced = [cell + self.step[side] for cell, side in self.ends]
        self.facing = {cell: i for i, cell in enumerate(self.faced)}
        x0, x1, y0, y1 = grid.box
        self.inside = bytearray(len(self.rails))
        for row in range(y0, y1 + 1):
            self.inside[x0 + row * grid.width : x1 + 1 + row * grid.width] = b"\x01" * (x1 - x0 + 1)
        self.distances = [self._distances_from(cell) for cell in self.faced]
        self.rows: dict[int, list[int]] = {}
        self.between = [self._row(cell) for cell in self.faced]
        self.tours: dict[tuple[int, int], int] = {}
        self.bounds: dict[tuple[int, int], int] = {}
        self.failed: dict[tuple[int, int, int, int], int] = {}
        self.walk: list[int] = []
        self.filled = 0  # the walk's cells, as bits

    def _freedom(self, end: _End) -> int:
        """How many ways the rail from `end` can go on (fewest first: a smaller search tree)."""
        faced = end[0] + self.step[end[1]]
        return sum(self.rails[faced + step] == 0 for step in self.step)

    def run(self, budget: int) -> list[int] | None:
        """The cells of a shortest walk of at most `budget` new tiles; None if there is none."""
        parity = len(self.grid.occupied) % 2  # old + new tiles is even (M9)
        head = self.start[0] + self.step[self.start[1]]
        if self._nearest_partners(head) > budget:
            return None
        lowest = self._bound(head, self.all_chains)
        lowest += (lowest - parity) % 2
        for limit in range(lowest, budget + 1, 2):
            if self._walk(self.start, self.all_chains, limit):
                return self.walk
        return None

    def _nearest_partners(self, head: int) -> int:
        """Nearest-partner bound, cheaper than the tour bound and tried first (the tour bound
        costs time exponential in the number of chains). Every end, and the head, is joined by
        a segment to a partner of another chain; a segment from p to q has at least
        distance(p, q) + 1 tiles, which is at least the cheapest such segment from p and the
        cheapest from q, so at least half their sum; summing over segments, the loop needs at
        least half the sum of every end's cheapest segment."""
        if not self.all_chains:
            return self._row(head)[self.target] + 1
        chain_ends = range(self.target)
        from_head = self._row(head)
        total = min(from_head[i] for i in chain_ends) + min(self.between[self.target][i] for i in chain_ends) + 2
        for i in chain_ends:
            row = self.between[i]
            partners = [row[j] for j in range(self.target + 1) if j >> 1 != i >> 1]
            total += min(min(partners), from_head[i]) + 1
        return (total + 1) // 2

    # The distance bound. A segment from cell p to cell q is a path of new tiles; none of its
    # inner cells is a cell some rail end points into (that tile would have to join that end,
    # so it would end the segment there), and none holds a tile. So it has at least
    # distance(p, q) + 1 tiles, where the distance is a shortest path whose inner cells are
    # empty and faced by no end. Tiles placed by the walk are ignored: more obstacles only make
    # paths longer, so the bound stays a lower bound.

    def _distances_from(self, source: int) -> list[int]:
        """Breadth-first distances from `source` over empty unfaced cells of the box (the tiles'
        box grown by 2), faced cells reached but not passed through. Paths that leave the box
        need no cells beyond it: its outer ring is empty and faced by no end, and pushing a path
        onto the ring (clamping) never lengthens it."""
        rails, inside, facing = self.rails, self.inside, self.facing
        distances = [_UNREACHABLE] * len(rails)
        distances[source] = 0
        queue = [source]
        for cell in queue:
            far = distances[cell] + 1
            for step in self.step:
                near = cell + step
                if distances[near] == _UNREACHABLE and not rails[near] and inside[near]:
                    distances[near] = far
                    if near not in facing:
                        queue.append(near)
        return distances

    def _row(self, cell: int) -> list[int]:
        """The distance from `cell` to every end's faced cell. A cell outside the box is first
        moved onto the box (`excess` steps, each of which a path from it must take anyway)."""
        row = self.rows.get(cell)
        if row is None:
            x0, x1, y0, y1 = self.grid.box
            x, y = cell % self.grid.width, cell // self.grid.width
            cx, cy = min(max(x, x0), x1), min(max(y, y0), y1)
            excess = abs(x - cx) + abs(y - cy)
            near = cx + cy * self.grid.width
            row = self.rows[cell] = [distances[near] + excess for distances in self.distances]
        return row

    def _tour(self, end: int, chains: int) -> int:
        """Fewest new tiles from end `end`'s faced cell through every chain in `chains` (each
        entered by one end, left by the other) to the target: the cheapest order of segments,
        each at least its distance + 1 (Held-Karp over the chains, memoised)."""
        key = (end, chains)
        best = self.tours.get(key)
        if best is None:
            best = self.tours[key] = self._cheapest(self.between[end], chains)
        return best

    def _cheapest(self, row: list[int], chains: int) -> int:
        if not chains:
            return row[self.target] + 1
        best = _UNREACHABLE
        for c in _bits(chains):
            rest = chains & ~(1 << c)
            for into, out in ((2 * c, 2 * c + 1), (2 * c + 1, 2 * c)):
                if row[into] + 1 < best:
                    best = min(best, row[into] + 1 + self._tour(out, rest))
        return best

    def _bound(self, head: int, chains: int) -> int:
        """Fewest new tiles that complete the loop from the empty cell `head` (to be filled)
        through `chains` to the target."""
        key = (head, chains)
        best = self.bounds.get(key)
        if best is None:
            best = self.bounds[key] = self._cheapest(self._row(head), chains)
        return best

    def _walk(self, end: _End, chains: int, budget: int) -> bool:
        """Whether the rail leaving by `end` can complete the loop through `chains` with at most
        `budget` new tiles (the first in the cell `end` points into, which is empty)."""
        cell, side = end
        rails, step = self.rails, self.step
        head = cell + step[side]
        self.steps += 1
        if self.max_steps is not None and self.steps > self.max_steps:
            raise SearchLimitError(self.max_steps)
        if self._bound(head, chains) > budget:
            return False
        entry = side ^ 2
        # Failure memo: what can follow depends only on the head, the side it is entered by,
        # the chains still to visit and the cells already filled, so a failure with a budget
        # at least this large settles it.
        key = (head, entry, chains, self.filled)
        if self.failed.get(key, -1) >= budget:
            return False
        met = self.facing.get(head)
        if met is not None and self.ends[met] == end:
            met = None  # the head is the cell this very end faces
        if met is not None:
            exits = [self.ends[met][1] ^ 2]  # a rail end points into the head: join it (forced)
        else:
            exits = [s for s in range(4) if s != entry and rails[head + step[s]] == 0]
        bit = 1 << head
        self.filled |= bit
        self.walk.append(head)
        for exit_ in exits:
            rails[head] = 1 << entry | 1 << exit_
            if self._onward(head, entry, exit_, met, chains, budget - 1):
                return True
        rails[head] = 0
        self.filled ^= bit
        self.walk.pop()
        self.failed[key] = budget
        return False

    def _onward(self, head: int, entry: int, exit_: int, met: int | None, chains: int, budget: int) -> bool:
        rails, step = self.rails, self.step
        # Dead ends: the head's blank sides now face its other neighbours; a cell faced by a
        # rail end that has no empty neighbour left can never hold the tile that end needs.
        for side in range(4):
            near = head + step[side]
            if side in (entry, exit_) or rails[near] or near not in self.facing:
                continue
            if all(rails[near + s] for s in step):
                return False
        if met is None:
            if chains and self.facing.get(head + step[exit_]) == self.target:
                return False  # the loop would close before every chain is on it
            return self._walk((head, exit_), chains, budget)
        if met == self.target:
            return not chains
        return self._walk(self.ends[met ^ 1], chains & ~(1 << (met >> 1)), budget)
