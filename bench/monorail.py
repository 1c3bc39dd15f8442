"""Speed of the Monorail completion solver: prints figures per kind of position.

Run `python bench/monorail.py [COUNT] [SEED]` (defaults 320 and 12). Goal (issue 12): median
under 1 ms and worst under 20 ms over at least 300 positions of every kind. A position's time
is the best of two solves after a first one (see `timed`); the first runs are summed up too. Figures, not asserts: a shared or slow machine must
not fail a test run.

Every kind is made from a seeded `random.Random`, so a run is repeatable:
- random play: 1 to 6 random legal moves from the start; tiles_left as in play (16 - placed);
- play, 16 left: the same with tiles_left 16 whatever was placed (analysis: more to search);
- dead ends, forced cycles, closed sub-loops, three rail ends on one cell, odd pockets: a
  random-play position of 1 to 3 moves with that feature built next to its tiles, no tile
  against a blank side (so it takes the solver's search, not its edge check, to refuse it);
- long chains: a random self-avoiding rail of 6 to 14 tiles from a station, some with stray
  tiles beside it;
- one pair short: a completable position of the kinds above with tiles_left = min_needed - 2;
- first moves: the position after each of the 646 legal first moves.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path: put the repository root there.
ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(ROOT)

from referee.monorail import Move, Position, Shape, Side, Tile, is_legal, legal_moves, start  # noqa: E402
from referee.monorail.move import lines  # noqa: E402
from referee.monorail.position import TILES  # noqa: E402
from referee.monorail.solver import solve  # noqa: E402
from referee.monorail.tile import Cell  # noqa: E402

Maker = Callable[[random.Random], Position | None]


def random_move(rng: random.Random, position: Position) -> Move | None:
    """A random legal move (a random line of cells, random shapes, until one is legal)."""
    runs = list(lines(position))
    for _ in range(200):
        run = rng.choice(runs)
        move = Move(tuple(Tile(x, y, rng.choice(list(Shape))) for x, y in run))
        if is_legal(position, move):
            return move
    return None


def random_play(rng: random.Random, moves: int) -> Position:
    position = start()
    for _ in range(moves):
        move = random_move(rng, position) if position.tiles_left else None
        if move is None:
            break
        position = position.after(move.tiles)
    return position


def fits(board: Mapping[Cell, Shape], cell: Cell, shape: Shape) -> bool:
    """No rail end of `shape` on `cell` meets a blank side, nor a blank side a rail end."""
    for side in Side:
        other = board.get(side.beyond(cell))
        if other is not None and shape.opens(side) != other.opens(side.opposite):
            return False
    return True


def near_cells(board: Mapping[Cell, Shape], reach: int) -> list[Cell]:
    """Empty cells within `reach` steps (in x and y) of a tile, in a stable order."""
    return sorted(
        {(x + dx, y + dy) for x, y in board for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)}
        - board.keys()
    )


def with_tiles(base: Position, tiles: dict[Cell, Shape]) -> Position | None:
    """`base` with `tiles` added, if they fit the board and each other; tiles_left as in play."""
    board = dict(base.board)
    if any(cell in board for cell in tiles):
        return None
    board.update(tiles)
    if any(not fits(board, cell, shape) for cell, shape in tiles.items()):
        return None
    placed = base.placed + tuple(Tile(x, y, s) for (x, y), s in tiles.items())
    return Position(placed, max(0, TILES - len(placed)))


def fill(rng: random.Random, board: Mapping[Cell, Shape], cells: list[Cell]) -> dict[Cell, Shape] | None:
    """Random shapes for `cells`, each fitting what is already there."""
    now = dict(board)
    tiles: dict[Cell, Shape] = {}
    for cell in cells:
        shapes = [s for s in Shape if fits(now, cell, s)]
        if not shapes:
            return None
        now[cell] = tiles[cell] = rng.choice(shapes)
    return tiles


def base(rng: random.Random) -> Position:
    return random_play(rng, rng.randint(1, 3))


def dead_end(rng: random.Random) -> Position | None:
    """An open end whose faced cell has every other neighbour taken by a blank side."""
    position = base(rng)
    cell, side = rng.choice(position.open_ends)
    faced = side.beyond(cell)
    if [s.beyond(c) for c, s in position.open_ends].count(faced) > 1:
        return None  # two ends face it: the tile there joins them, no dead end
    around = [s.beyond(faced) for s in Side if s is not side.opposite and s.beyond(faced) not in position.board]
    board = dict(position.board)
    tiles: dict[Cell, Shape] = {}
    for near in around:
        toward = next(s for s in Side if s.beyond(near) == faced)
        shapes = [s for s in Shape if not s.opens(toward) and fits(board, near, s)]
        if not shapes:
            return None
        board[near] = tiles[near] = rng.choice(shapes)
    return with_tiles(position, tiles)


def forced_cycle(rng: random.Random) -> Position | None:
    """A chain bent round an empty cell so both its ends face it: the forced tile there closes
    a sub-loop (or a chain of single-exit cells leads to one)."""
    position = base(rng)
    x, y = rng.choice(near_cells(position.board, 2))
    dx, dy = rng.choice((1, -1)), rng.choice((1, -1))
    length = rng.choice((2, 3))  # a 2x2 or 2x3 block round (x, y)
    ring = [(x + dx * i, y) for i in range(length)] + [(x + dx * i, y + dy) for i in reversed(range(length))]
    tiles = {}
    for k, cell in enumerate(ring):
        if k == 0:
            continue
        prev, nxt = ring[k - 1], ring[(k + 1) % len(ring)]
        sides = [s for s in Side if s.beyond(cell) in (prev, nxt)]
        tiles[cell] = Shape.joining(sides[0], sides[1])
    return with_tiles(position, tiles)


def closed_loop(rng: random.Random) -> Position | None:
    """A closed ring of tiles beside the play: it can never join the one loop."""
    position = base(rng)
    x, y = rng.choice(near_cells(position.board, 2))
    width, height = rng.choice(((2, 2), (3, 2), (2, 3)))
    ring = (
        [(x + i, y) for i in range(width)]
        + [(x + width - 1, y + j) for j in range(1, height)]
        + [(x + i, y + height - 1) for i in reversed(range(width - 1))]
        + [(x, y + j) for j in reversed(range(1, height - 1))]
    )
    tiles = {}
    for k, cell in enumerate(ring):
        prev, nxt = ring[k - 1], ring[(k + 1) % len(ring)]
        sides = [s for s in Side if s.beyond(cell) in (prev, nxt)]
        tiles[cell] = Shape.joining(sides[0], sides[1])
    return with_tiles(position, tiles)


def three_ends(rng: random.Random) -> Position | None:
    """Three rail ends pointing into one empty cell."""
    position = base(rng)
    faced = rng.choice(near_cells(position.board, 1))
    board = dict(position.board)
    pointing = sum(1 for s in Side if (t := board.get(s.beyond(faced))) is not None and t.opens(s.opposite))
    tiles: dict[Cell, Shape] = {}
    for side in rng.sample(list(Side), 4):
        if pointing >= 3:
            break
        near = side.beyond(faced)
        if near in board:
            continue
        shapes = [s for s in Shape if s.opens(side.opposite) and fits(board, near, s)]
        if not shapes:
            continue
        board[near] = tiles[near] = rng.choice(shapes)
        pointing += 1
    return with_tiles(position, tiles) if pointing >= 3 else None


def odd_pocket(rng: random.Random) -> Position | None:
    """A region of 2 to 4 empty cells walled in by tiles, with an odd number of rail ends
    pointing into it."""
    position = base(rng)
    first = rng.choice(near_cells(position.board, 2))
    region, size = {first}, rng.randint(2, 4)
    for _ in range(50):  # a walled-in first cell cannot grow: give up on it
        if len(region) == size:
            break
        near = rng.choice(list(Side)).beyond(rng.choice(sorted(region)))
        if near not in position.board:
            region.add(near)
    else:
        return None
    wall = sorted({s.beyond(c) for c in region for s in Side} - region - position.board.keys())
    tiles = fill(rng, position.board, wall)
    if tiles is None:
        return None
    board = {**position.board, **tiles}
    into = sum(1 for c in region for s in Side if (t := board.get(s.beyond(c))) is not None and t.opens(s.opposite))
    return with_tiles(position, tiles) if into % 2 else None


def long_chain(rng: random.Random) -> Position | None:
    """A random self-avoiding rail of 6 to 14 tiles from the stations' west end."""
    length = rng.randint(6, 14)
    board = dict(start().board)
    cell, side = (0, 0), Side.W
    tiles: dict[Cell, Shape] = {}
    for _ in range(length):
        head = side.beyond(cell)
        exits = [s for s in Side if s is not side.opposite and s.beyond(head) not in board]
        exits = [s for s in exits if fits(board, head, Shape.joining(side.opposite, s))]
        if not exits:
            return None
        exit_ = rng.choice(exits)
        board[head] = tiles[head] = Shape.joining(side.opposite, exit_)
        cell, side = head, exit_
    if rng.random() < 0.3:
        stray = rng.choice(near_cells(board, 1))
        extra = fill(rng, board, [stray])
        if extra is None:
            return None
        tiles.update(extra)
    return with_tiles(start(), tiles)


def first_moves() -> list[Position]:
    position = start()
    return [position.after(move.tiles) for move in legal_moves(position)]


def collect(rng: random.Random, maker: Maker, count: int) -> list[Position]:
    found: list[Position] = []
    while len(found) < count:
        position = maker(rng)
        if position is not None:
            found.append(position)
    return found


def pair_short(rng: random.Random, count: int) -> list[Position]:
    """Completable positions from random play and long chains, two tiles short."""
    found: list[Position] = []
    while len(found) < count:
        position = random_play(rng, rng.randint(1, 6)) if rng.random() < 0.6 else long_chain(rng)
        if position is None:
            continue
        solution = solve(position)
        if solution.min_needed is not None and solution.min_needed >= 2:
            found.append(Position(position.placed, solution.min_needed - 2, position.stations))
    return found


def kinds(count: int, seed: int) -> Iterator[tuple[str, list[Position]]]:
    makers: dict[str, Maker] = {
        "random play": lambda rng: random_play(rng, rng.randint(1, 6)),
        "play, 16 left": lambda rng: Position(random_play(rng, rng.randint(1, 6)).placed, TILES),
        "dead ends": dead_end,
        "forced cycles": forced_cycle,
        "closed sub-loops": closed_loop,
        "three ends": three_ends,
        "odd pockets": odd_pocket,
        "long chains": long_chain,
    }
    for number, (name, maker) in enumerate(makers.items()):
        yield name, collect(random.Random(seed * 100 + number), maker, count)
    yield "pair short", pair_short(random.Random(seed * 100 + 99), count)
    yield "first moves", first_moves()


def timed(position: Position, repeats: int = 3) -> tuple[float, float, bool]:
    """The time of a first solve of `position` and the best of the `repeats - 1` after it, in
    ms, and the answer. Each solve runs on a fresh copy (nothing cached on the position is
    reused); the later ones run with the garbage collector off, as `timeit` does, so their best
    is the solver's own time, not a pause for the garbage of the whole run nor a busy machine's."""
    times = []
    for run in range(repeats):
        copy = Position(position.placed, position.tiles_left, position.stations)
        if run:
            gc.disable()
        begin = time.perf_counter()
        solution = solve(copy)
        times.append((time.perf_counter() - begin) * 1000)
        gc.enable()
    return times[0], min(times[1:]), solution.completable


def row(name: str, times: list[float], completable: int) -> str:
    times = sorted(times)
    p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
    return f"{name:<18}{len(times):>6}{completable:>12}{statistics.median(times):>10.3f}{p90:>10.3f}{times[-1]:>10.3f}"


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 320
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    print(f"{'kind':<18}{'count':>6}{'completable':>12}{'median':>10}{'p90':>10}{'worst':>10}  (ms, best of 2 runs)")
    first: list[float] = []
    best: list[float] = []
    done = 0
    opening = 0
    for name, positions in kinds(count, seed):
        results = [timed(p) for p in positions]
        first.extend(r[0] for r in results)
        best.extend(r[1] for r in results)
        completable = sum(r[2] for r in results)
        done += completable
        if name == "first moves":
            opening = completable
        print(row(name, [r[1] for r in results], completable))
    print(row("overall", best, done))
    print(row("overall, 1st run", first, done) + "  (collector on, nothing cached yet)")
    print(f"opening: {opening} of {len(first_moves())} legal first moves keep completion possible")


if __name__ == "__main__":
    main()
