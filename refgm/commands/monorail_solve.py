"""`refgm monorail analyze --solve`: the game-theoretic value of a variant's start, the winner's
strategy and the checker's verdict on it, or how far the search got when it was stopped.

The search is `referee.monorail.solve`; this module times it, stops it at `--time-limit`, shows
progress on a terminal, writes the strategy file (`referee.monorail.strategy`) and runs the
checker on what it wrote.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from referee.monorail.game import Rules
from referee.monorail.notation import move_str
from referee.monorail.solve import Solved, Solver, Stats
from referee.monorail.strategy import Strategy, Verdict, check

INTERRUPTED = 130
EVERY = 500  # positions expanded between two looks at the clock (and the progress line)


def _progress(stream: TextIO, started: float, limit: float | None) -> Callable[[int, int], bool]:
    """Whether to go on (the time limit), and a line rewritten in place on a terminal."""
    shown = stream.isatty()

    def going(nodes: int, positions: int) -> bool:
        spent = time.monotonic() - started
        if shown:
            stream.write(f"\rsolve: {nodes:,} positions expanded, {positions:,} in the table, {_duration(spent)}\033[K")
            stream.flush()
        return limit is None or spent < limit

    return going


def _duration(seconds: float) -> str:
    minutes, rest = divmod(seconds, 60)
    return f"{int(minutes)} min {rest:.0f} s" if minutes else f"{rest:.1f} s"


def run_solve(args: argparse.Namespace, rules: Rules) -> int:
    started = time.monotonic()
    solver = Solver(rules)
    going = _progress(sys.stderr, started, args.time_limit)
    interrupted = False
    try:
        solved = solver.run(going, every=EVERY)
    except KeyboardInterrupt:
        interrupted = True
        solved = Solved(rules, solver.root_position, solver.mover, None, solver.stats())
    seconds = time.monotonic() - started
    if sys.stderr.isatty():
        sys.stderr.write("\r\033[K")
    report = _report(rules, solved, seconds, args.time_limit, interrupted)
    if solved.value is not None:
        report["strategy"], report["checker"] = _strategy(solver, report, args.out, not args.no_check)
    print(json.dumps(report, ensure_ascii=False) if args.json else "\n".join(solve_text(report)))
    if interrupted:
        return INTERRUPTED
    return 1 if report.get("checker") and not report["checker"]["ok"] else 0


def _report(rules: Rules, solved: Solved, seconds: float, limit: float | None, interrupted: bool) -> dict[str, Any]:
    return {
        "variant": rules.name,
        "rules": {"strict_edges": rules.strict_edges, "tiles": rules.tiles},
        "proved": solved.value is not None,
        "winner": solved.winner,
        "stopped": None if solved.value is not None else ("interrupted" if interrupted else "time limit"),
        "time_limit": limit,
        "seconds": round(seconds, 1),
        "search": _stats_json(solved.stats),
    }


def _stats_json(stats: Stats) -> dict[str, Any]:
    proved = [ply for ply, _, done in stats.proved_by_ply if done]
    return {
        "nodes": stats.nodes,
        "positions": stats.positions,
        "proved": stats.proved,
        "loops": stats.loops,
        "deepest_ply_proved": max(proved, default=None),
        "shallowest_ply_proved": min(proved, default=None),
        "by_ply": [{"ply": ply, "positions": met, "proved": done} for ply, met, done in stats.proved_by_ply],
    }


def _strategy(
    solver: Solver, report: dict[str, Any], out: Path | None, checking: bool
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The winner's strategy, written to `out` if given, and the checker's verdict on the file
    as written (read back, so what is checked is what the file says)."""
    search = {k: report["search"][k] for k in ("nodes", "positions", "loops")} | {"seconds": report["seconds"]}
    strategy = solver.strategy(search)
    lines = list(strategy.lines())
    text = "\n".join(lines) + "\n"
    if out is not None:
        out.write_text(text, encoding="utf-8")
    opening = strategy.entries.get(frozenset())
    written = {
        "entries": len(lines) - 1,
        "bytes": len(text.encode()),
        "path": None if out is None else str(out),
        "first_move": move_str(opening.place) if opening is not None and opening.place is not None else None,
    }
    if not checking:
        return written, None
    started = time.monotonic()
    verdict = check(Strategy.from_lines(lines))
    return written, _verdict_json(verdict, time.monotonic() - started)


def _verdict_json(verdict: Verdict, seconds: float) -> dict[str, Any]:
    return {
        "ok": verdict.ok,
        "positions": verdict.positions,
        "replies": verdict.replies,
        "reason": verdict.reason,
        "line": list(verdict.line),
        "seconds": round(seconds, 1),
    }


def solve_text(report: dict[str, Any]) -> list[str]:
    """The answer for people."""
    rules = report["rules"]
    name = f"variant {report['variant']}" if report["variant"] else "custom rules"
    edges = "strict" if rules["strict_edges"] else "off"
    search = report["search"]
    lines = [f"Monorail solved from the start: {name} ({rules['tiles']} tiles, edge rule {edges})"]
    if report["proved"]:
        lines.append(f"value: a {report['winner']}-player win (the {report['winner']} player wins with perfect play)")
    else:
        why = f"the time limit ({_duration(report['time_limit'])})" if report["stopped"] == "time limit" else "Ctrl-C"
        lines.append(f"value: not proved: the search was stopped by {why}")
    lines.append(
        f"search: df-pn, {search['nodes']:,} positions expanded, {search['positions']:,} in the table "
        f"(up to symmetry), {search['proved']:,} of them proved; {search['loops']:,} loops; {_duration(report['seconds'])}"
    )
    if not report["proved"]:
        lines += ["how far: positions by the ply they were first met at, and how many of them are proved"]
        lines += [
            f"  ply {row['ply']:>2}: {row['proved']:>9,} of {row['positions']:>9,} proved" for row in search["by_ply"]
        ]
        lines.append(
            f"deepest ply proved: {search['deepest_ply_proved']}, shallowest: {search['shallowest_ply_proved']}"
        )
        return lines
    written = report["strategy"]
    where = f", written to {written['path']}" if written["path"] else " (--out FILE writes it)"
    lines.append(f"strategy: {written['entries']:,} positions the winner can meet, {written['bytes']:,} bytes{where}")
    if written["first_move"]:
        lines.append(f"the winning first move: {written['first_move']}")
    verdict = report["checker"]
    if verdict is None:
        lines.append("checker: not run (--no-check)")
    elif verdict["ok"]:
        lines.append(
            f"checker: verified against every reply: {verdict['positions']:,} of the winner's positions, "
            f"{verdict['replies']:,} of the loser's replies, every line won ({_duration(verdict['seconds'])})"
        )
    else:
        lines.append(
            f"checker: REJECTED: {verdict['reason']}, after {' | '.join(verdict['line']) or 'nothing (the start)'}"
        )
    return lines
