"""Models as Garnet Thief players against bot populations, against scripted models on 127.0.0.1,
through the seat harness: each count of a results line is what the game's log says."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from evals.garnet.players import populations
from gm.bots import levels
from refgm.cli import main
from tests.evals.garnet.scripted import babbling, bluffer, events, honest, play, rows, stubborn


def seat_rounds(run: Path, row: dict[str, Any]) -> list[tuple[int, int]]:
    """The model seat's (gain, penalty) in each round, read from the log's reveals."""
    (seat,) = row["seats"]
    at = int(seat) - 1
    return [
        (e["revealed"]["gains"][at], e["revealed"]["penalties"][at])
        for e in events(run / row["log"])
        if e["t"] == "revealed"
    ]


def test_an_honest_model_pays_nothing_and_its_counts_are_its_logs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = tmp_path / "run"
    assert play(run, honest, monkeypatch, "--mode", "players", "--population", "truthful", "--games", "2") == 0
    games = sorted(rows(run, "players"), key=lambda g: g["seed"])  # four workers: any order
    assert [g["seats"] for g in games] == [["1"], ["2"]]
    for game in games:
        (seat,) = game["seats"]
        assert game["bots"] == {s: "truthful" for s in "12345678" if s != seat}
        rounds = seat_rounds(run, game)
        assert len(rounds) == 8 and game["gains"] == sum(g for g, _ in rounds)
        assert (game["choices"], game["own_choices"], game["bluffs"], game["penalties"]) == (8, 8, 0, 0)
        assert game["garnets"] == [game["totals"][int(seat) - 1]] == [game["gains"]]
        assert game["ranks"] == [1 + sum(t > game["garnets"][0] for t in game["totals"])]
        assert game["won"] == (seat in game["winners"])
        assert game["moves"] in (8, 9) and game["model_calls"] == game["moves"]
        assert (game["retries"], game["fallbacks"], game["first_no_move"]) == (0, 0, 0)
        assert game["tokens_in"] == 21 * game["model_calls"]
        assert main(["replay", str(run / game["log"])]) == 0


def test_a_bluffer_pays_in_every_round_it_gains_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = tmp_path / "run"
    assert play(run, bluffer, monkeypatch, "--mode", "players", "--population", "random", "--games", "3") == 0
    for game in rows(run, "players"):
        rounds = seat_rounds(run, game)
        assert game["bluffs"] == game["own_choices"] == 8
        assert game["penalties"] == sum(1 for gain, _ in rounds if gain == 0) == sum(p for _, p in rounds)
        assert game["garnets"] == [game["gains"] - game["penalties"]]


def test_a_refused_reply_is_retried_and_one_that_never_reads_falls_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = tmp_path / "stubborn"
    assert play(run, stubborn, monkeypatch, "--mode", "players", "--population", "truthful", "--games", "1") == 0
    (game,) = rows(run, "players")
    moves = game["moves"]
    assert (game["first_no_move"], game["retries"], game["fallbacks"], game["model_calls"]) == (
        moves,
        moves,
        0,
        2 * moves,
    )
    run = tmp_path / "babbling"
    assert play(run, babbling, monkeypatch, "--mode", "players", "--population", "truthful", "--games", "1") == 0
    (game,) = rows(run, "players")
    moves = game["moves"]
    assert (game["fallbacks"], game["first_no_move"], game["model_calls"]) == (moves, moves, 3 * moves)
    assert (game["choices"], game["own_choices"], game["bluffs"]) == (8, 0, 0)
    assert game["tokens_in"] == 150 * moves


def test_a_model_in_several_seats_and_the_bots_as_baseline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    run = tmp_path / "run"
    argv = ["--mode", "players", "--population", "truthful", "--games", "1", "--seats", "3"]
    assert play(run, honest, monkeypatch, *argv) == 0
    (game,) = rows(run, "players")
    assert game["seats"] == ["1", "2", "3"] and len(game["garnets"]) == len(game["ranks"]) == 3
    assert game["choices"] == game["own_choices"] == 24 and sorted(game["bots"]) == ["4", "5", "6", "7", "8"]
    capsys.readouterr()
    base = tmp_path / "base"
    argv = ["eval", "--game", "garnet", "--mode", "players", "--lang", "en", "--quiet", "--games", "2"]
    assert main([*argv, "--model", "bot:random", "--out", str(base)]) == 0
    assert f"{2 * len(populations())} game(s) played" in capsys.readouterr().out  # 2 seeds x every population
    games = rows(base)
    assert all(g["model_calls"] == g["fallbacks"] == 0 and g["own_choices"] == 8 for g in games)
    mixed = [g["bots"] for g in games if g["population"] == "mixed"]
    assert [sorted(set(bots.values())) for bots in mixed] == [sorted(levels("garnet"))] * 2
    assert mixed[0] != mixed[1]  # the styles are dealt from a seat and a style that turn with the seed
    assert main([*argv[:-1], "3", "--model", "bot:random", "--out", str(base)]) == 0
    assert f"{len(populations())} game(s) played" in capsys.readouterr().out  # a re-run plays only what is missing
    assert rows(base)[: len(games)] == games
