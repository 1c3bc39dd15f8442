"""`refgm monorail analyze --solve`: the value of a small variant, its strategy file checked, a
search stopped by the time limit or Ctrl-C saying how far it got, and the usage errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import refgm.commands.monorail_solve as command
from referee.monorail import move_str
from referee.monorail.solve import Solver
from referee.monorail.strategy import Strategy, check
from refgm.cli import main


def test_solve_a_small_variant_and_write_its_strategy(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "tiles-8.jsonl"
    assert main(["monorail", "analyze", "--solve", "--variant", "tiles-8", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "variant tiles-8 (8 tiles, edge rule strict)" in text
    assert "value: a first-player win" in text
    assert f"written to {out}" in text and "checker: verified against every reply" in text
    strategy = Strategy.from_lines(out.read_text(encoding="utf-8").splitlines())
    assert strategy.winner == "first" and check(strategy).ok
    assert f"strategy: {len(strategy.entries):,} positions the winner can meet" in text
    first = strategy.entries[frozenset()].place
    assert first is not None and f"the winning first move: {move_str(first)}" in text


def test_solve_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["monorail", "analyze", "--solve", "--variant", "tiles-8", "--json", "--no-check"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["proved"] is True and report["winner"] == "first" and report["stopped"] is None
    assert report["variant"] == "tiles-8" and report["rules"] == {"strict_edges": True, "tiles": 8}
    assert report["checker"] is None and report["strategy"]["entries"] > 0 and report["strategy"]["path"] is None
    search = report["search"]
    assert set(search) == {
        "nodes",
        "positions",
        "proved",
        "loops",
        "deepest_ply_proved",
        "shallowest_ply_proved",
        "by_ply",
    }
    assert search["shallowest_ply_proved"] == 0  # the start itself
    assert sum(row["positions"] for row in search["by_ply"]) == search["positions"]


def test_the_time_limit_stops_the_search_and_says_how_far(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(command, "EVERY", 1)
    assert main(["monorail", "analyze", "--solve", "--variant", "tiles-8", "--time-limit", "0.000001"]) == 0
    text = capsys.readouterr().out
    assert "value: not proved: the search was stopped by the time limit" in text
    assert "search: df-pn, 1 positions expanded" in text and "ply  0:" in text and "strategy" not in text


def test_ctrl_c_says_how_far_and_exits_130(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(self: Solver, progress: Any, every: int) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(Solver, "run", interrupted)
    assert main(["monorail", "analyze", "--solve", "--variant", "tiles-8"]) == 130
    assert "stopped by Ctrl-C" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--solve", "--depth", "4"], "no --position or --depth"),
        (["--solve", "--position", "{}"], "no --position or --depth"),
        (["--out", "x.jsonl"], "go with --solve"),
        (["--no-check"], "go with --solve"),
    ],
)
def test_usage_errors(argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["monorail", "analyze", *argv]) == 2
    assert says in capsys.readouterr().err


def test_a_variant_sets_the_supply_of_the_analysis(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["monorail", "analyze", "--variant", "tiles-8", "--depth", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["position"]["tiles_left"] == 8
