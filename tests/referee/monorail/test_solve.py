"""The game-theoretic search (solve.py): its loop table against the exact solver, its safe moves
against the referee's legal moves, its key under the symmetries, and its values against a plain
minimax that knows nothing of tables, symmetries or proof numbers."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.monorail import Position, Tile, is_complete, legal_moves, parse_move
from referee.monorail.analysis import completing_moves
from referee.monorail.game import VARIANTS, Rules, UnknownVariantError, variant
from referee.monorail.solve import LoopTable, Solver, Value, solve_game
from referee.monorail.solver import solve
from referee.monorail.symmetry import GROUP
from tests.referee.monorail.strategies import boards, finished, played
from tests.referee.monorail.test_analysis import GAP
from tests.referee.monorail.test_symmetry import image, symmetries


@cache
def solved(name: str) -> Solver:
    """The search of a variant, once per test run."""
    result, solver = solve_game(variant(name))
    assert result.value is not None
    return solver


def test_variants_are_found_by_name() -> None:
    assert variant("standard") == Rules() and Rules().name == "standard"
    assert variant("tiles-8") == Rules(tiles=8) and Rules(tiles=8).name == "tiles-8"
    assert Rules(tiles=9).name is None and Rules(strict_edges=False).name is None
    assert set(VARIANTS) == {"standard", "tiles-8", "tiles-10", "tiles-12", "tiles-14"}
    with pytest.raises(UnknownVariantError, match="tiles-8"):
        variant("tiles-9")


@pytest.mark.parametrize(("tiles", "loops", "shortest"), [(8, 18, 6), (10, 112, 6), (12, 662, 6)])
def test_the_loop_table_of_a_start(tiles: int, loops: int, shortest: int) -> None:
    table = LoopTable(Position(tiles_left=tiles))
    assert len(table.loops) == loops and len(set(table.loops)) == loops
    start = Position(tiles_left=tiles).board
    assert all(is_complete({**start, **{t.cell: t.shape for t in loop}}) for loop in table.loops)
    assert all(len(loop) <= tiles for loop in table.loops)
    assert len(table.shortest(table.every)) == shortest == solve(Position(tiles_left=tiles)).min_needed


@settings(max_examples=60, deadline=None)
@given(st.one_of(played(max_moves=3, supply=12), boards(max_tiles=5)), st.integers(0, 6))
def test_the_loop_table_answers_as_the_solver_does(position: Position, left: int) -> None:
    """Completable exactly when a loop of the table holds the tiles, with the same fewest count."""
    assume(len(position.board) + left <= 14 and not is_complete(position.board))
    position = Position(position.placed, left)
    table = LoopTable(position)
    solution = solve(position)
    assert bool(table.loops) == solution.completable
    if table.loops:
        assert len(table.shortest(table.every)) - len(position.placed) == solution.min_needed


def _referee_safe(position: Position) -> dict[frozenset[Tile], int]:
    """The safe moves as the referee alone defines them: legal, completable after (the solver),
    and no closing move left to the opponent; with the fewest tiles that then close the loop."""
    safe = {}
    for move in legal_moves(position):
        after = position.after(move.tiles)
        solution = solve(after)
        if solution.min_needed is not None and next(completing_moves(after), None) is None:
            safe[frozenset(move.tiles)] = solution.min_needed
    return safe


@settings(max_examples=12, deadline=None)
@given(played(max_moves=3, supply=10))
def test_safe_moves_are_the_referees(position: Position) -> None:
    solver = Solver(Rules(tiles=10), position)
    got = {frozenset(move.tiles): fewest for move, _, fewest in solver.safe_moves(position)}
    assert got == _referee_safe(position)


@settings(max_examples=30, deadline=None)
@given(played(max_moves=3), symmetries)
def test_the_key_is_the_same_for_every_image(position: Position, symmetry: object) -> None:
    solver = solved("tiles-8")  # the key depends on the stations alone, not on the supply
    assert solver.key(image(symmetry, position)) == solver.key(position)  # type: ignore[arg-type]
    assert {solver.key(image(s, position)) for s in GROUP} == {solver.key(position)}


def mover_wins(position: Position) -> bool:
    """Plain minimax, straight from the rules: the seat to move wins by closing the loop, by a
    right 'impossible' once a tile is down, or by a move after which the other seat loses."""
    return _mover_wins(frozenset(position.placed), position.tiles_left)


@cache
def _mover_wins(placed: frozenset[Tile], left: int) -> bool:  # remembered by the exact tiles, no more
    position = Position(tuple(sorted(placed, key=lambda t: t.cell)), left)
    if next(completing_moves(position), None) is not None:
        return True
    if position.placed and not solve(position).completable:
        return True
    return any(not mover_wins(position.after(m.tiles)) for m in legal_moves(position))


@st.composite
def nearly_closed(draw: st.DrawFn) -> Position:
    """A loop through the stations with 2 to 4 of its tiles taken away, and a supply of as many
    or two more (at most 4): a game of a few plies."""
    loop = draw(finished(max_bumps=2))
    missing = draw(st.sets(st.sampled_from(loop), min_size=2, max_size=4))
    left = min(4, len(missing) + draw(st.sampled_from([0, 2])))
    return Position(tuple(t for t in loop if t not in missing), left)


@settings(max_examples=5, deadline=None)
@given(nearly_closed())
def test_the_value_is_plain_minimaxs(position: Position) -> None:
    value = Solver(Rules(tiles=position.tiles_left), position).run().value
    assert value is (Value.WIN if mover_wins(position) else Value.LOSS)


@pytest.mark.parametrize(
    ("placed", "left", "value"),
    [
        ("H@0,1 H@1,1 NE@-1,0 NW@2,0", 2, Value.LOSS),  # two single gaps apart: fill one, the other closes
        ("NE@-1,0 SE@-1,1 H@0,1 H@1,1", 2, Value.WIN),  # one gap of two in a line: close it at once
        ("NE@-1,0 NW@2,0", 4, Value.WIN),  # a top row of four to lay: H@0,1 splits it, no one move closes it
    ],
)
def test_small_positions_table(placed: str, left: int, value: Value) -> None:
    position = Position(parse_move(placed).tiles, left)
    _check_value(position, value)


def test_the_gap_of_four_is_won_as_the_analysis_found() -> None:
    _check_value(GAP, Value.WIN)  # H@0,1 H@1,1 leaves two single gaps apart (test_analysis)


def _check_value(position: Position, value: Value) -> None:
    assert Solver(Rules(tiles=position.tiles_left), position).run().value is value
    assert mover_wins(position) is (value is Value.WIN)


def test_the_small_variants_are_first_player_wins() -> None:
    for name in ("tiles-8", "tiles-10"):
        solver = solved(name)
        assert solver.value(solver.root_position) is Value.WIN


def test_a_stopped_search_says_so_and_goes_on_where_it_stopped() -> None:
    solver = Solver(variant("tiles-8"))
    stopped = solver.run(lambda nodes, positions: nodes < 10, every=5)
    assert stopped.value is None and stopped.winner is None and stopped.stats.nodes == 10
    with pytest.raises(ValueError, match="proved"):
        solver.strategy()
    finished_ = solver.run()
    assert finished_.value is Value.WIN and finished_.winner == "first"
    assert finished_.stats.nodes > 10  # the table kept, the search went on
