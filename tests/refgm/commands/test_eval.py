"""`refgm eval` and `refgm report`: a small offline run, resuming, and the report files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evals.runner import ERRORS, RESULTS
from refgm.cli import main

SMALL = ["--lang", "en", "--player", "optimal,adversarial", "--games", "2", "--quiet"]


def rows(run: Path) -> list[dict]:
    return [json.loads(line) for line in (run / RESULTS).read_text(encoding="utf-8").splitlines()]


def test_every_combination_is_played_once_and_a_rerun_plays_only_what_is_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = tmp_path / "run"
    argv = ["eval", "--model", "offline", "--model", "faulty:polarity=0.3", *SMALL,
            "--out", str(run)]
    assert main(argv) == 0
    first = rows(run)
    assert len(first) == 2 * 3 * 1 * 2 * 2  # models x modes x langs x players x games
    assert len({row["key"] for row in first}) == len(first)
    assert "24 game(s) played" in capsys.readouterr().out

    # a run killed mid-write leaves a torn last line; the re-run ignores it and plays the rest
    lines = (run / RESULTS).read_text(encoding="utf-8").splitlines()
    (run / RESULTS).write_text("\n".join(lines[:10]) + "\n" + lines[10][:40], encoding="utf-8")
    assert main(argv) == 0
    assert "14 game(s) played" in capsys.readouterr().out
    keys = [row["key"] for row in rows_tolerant(run)]
    assert len(set(keys)) == 24


def rows_tolerant(run: Path) -> list[dict]:
    out = []
    for line in (run / RESULTS).read_text(encoding="utf-8").splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return out


def test_results_lines_carry_scores_and_usage(tmp_path: Path) -> None:
    run = tmp_path / "run"
    assert main(["eval", "--model", "faulty:count=1", "--mode", "unassisted", *SMALL,
                 "--out", str(run)]) == 0
    for row in rows(run):
        assert row["count_errors"] == row["count_displays"] > 0
        assert row["faults_injected"]["count"] == row["count_errors"]
        assert {"tokens_in", "tokens_out", "latency", "cost_usd", "model_calls"} <= set(row)


def test_bad_arguments_are_clear_errors(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["eval", "--model", "faulty:typo=0.1"], ["eval", "--model", "nosuch:x"],
                 ["eval", "--lang", "fr"], ["eval", "--player", "sneaky"]):
        with pytest.raises(SystemExit) as exit_:
            main(argv)
        assert exit_.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


def test_report_writes_a_table_figures_and_a_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = tmp_path / "run"
    assert main(["eval", "--model", "offline", "--model", "faulty:0.2", *SMALL,
                 "--out", str(run)]) == 0
    assert main(["report", str(run)]) == 0
    table = (run / "report.md").read_text(encoding="utf-8")
    assert "| offline | harness | en | 4 |" in table
    assert "| faulty:0.2 | unassisted | en |" in table
    assert "## Same games" in table
    for name in ("accuracy.png", "errors.png", "usage.png", "same_games.png"):
        assert (run / name).read_bytes().startswith(b"\x89PNG")
    page = (run / "report.html").read_text(encoding="utf-8")
    assert page.count("data:image/png;base64,") == 4 and "<table>" in page


def test_report_of_a_missing_run_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(tmp_path / "nothing")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_a_game_that_crashes_is_logged_and_retried_not_fatal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from evals import runner

    real = runner.play_text

    async def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("boom")

    run = tmp_path / "run"
    monkeypatch.setattr(runner, "play_text", broken)
    assert main(["eval", "--mode", "unassisted", *SMALL, "--out", str(run)]) == 1
    assert "boom" in capsys.readouterr().err
    assert len((run / ERRORS).read_text(encoding="utf-8").splitlines()) == 4
    monkeypatch.setattr(runner, "play_text", real)
    assert main(["eval", "--mode", "unassisted", *SMALL, "--out", str(run)]) == 0
    assert len(rows(run)) == 4
