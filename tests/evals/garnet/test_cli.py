"""`refgm eval --game garnet`: what it cannot run is a clear error (exit 2, no traceback), and
what it runs is said in the game's words."""

from __future__ import annotations

from pathlib import Path

import pytest

from refgm.cli import main

GARNET = ["eval", "--game", "garnet", "--lang", "en", "--quiet"]


@pytest.mark.parametrize(
    ("argv", "what"),
    [
        (["--mode", "players", "--model", "offline"], "players and isolation need a player"),
        (["--mode", "isolation"], "players and isolation need a player"),
        (["--model", "faulty:0.1"], "the faulty game master is the liar game's"),
        (["--mode", "judge"], "the garnet game's modes are payout, players, isolation"),
        (["--model", "bot:genius"], "no monorail or garnet bot called 'genius'"),
        (["--model", "bot:solver"], "no garnet bot called 'solver'"),
        (["--model", "bot:random", "--seats", "8"], "--seats is 1 to 7"),
        (["--population", "chess"], "'chess': choose from"),
    ],
)
def test_what_the_garnet_eval_cannot_run_is_a_clear_error(
    argv: list[str], what: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main([*GARNET, *argv, "--out", str(tmp_path / "run")])
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and what in err and "Traceback" not in err


def test_the_referee_pays_out_and_a_bot_plays_and_the_run_says_how_many_of_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [*GARNET, "--model", "offline", "--model", "bot:random", "--items", "3", "--games", "1"]
    assert main([*argv, "--population", "truthful", "--out", str(tmp_path / "run")]) == 0
    assert "3 round(s) paid out, 1 game(s) played, results in" in capsys.readouterr().out
