"""`refgm eval --game monorail` and `refgm report` on its results: offline, and against a
scripted model on 127.0.0.1 whose every answer is known, so every figure in the table is too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evals.monorail.items import items
from evals.monorail.judge import messages
from evals.runner import RESULTS
from refgm.cli import main
from tests.gm.backends.servers import Answer, FaultServer, Received, Step

SMALL = ["--game", "monorail", "--mode", "judge", "--items", "8", "--quiet"]


def rows(run: Path) -> list[dict]:
    return [json.loads(line) for line in (run / RESULTS).read_text(encoding="utf-8").splitlines()]


def table(run: Path, heading: str) -> dict[tuple[str, ...], dict[str, str]]:
    """A markdown table of report.md under `heading`, by its first three cells."""
    text = (run / "report.md").read_text(encoding="utf-8")
    lines = text[text.index(heading) :].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| "))
    header = [c.strip() for c in lines[start].strip("|").split("|")]
    out = {}
    for line in lines[start + 2 :]:
        if not line.startswith("| "):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        out[tuple(cells[:3])] = dict(zip(header, cells, strict=True))
    return out


def test_offline_is_the_referee_judging_and_a_rerun_asks_only_what_is_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = tmp_path / "run"
    assert main(["eval", *SMALL, "--lang", "en,ja", "--out", str(run)]) == 0
    assert "16 question(s) judged" in capsys.readouterr().out
    first = rows(run)
    assert {row["key"] for row in first} == {
        f"monorail|offline|judge|{lang}|0|{i}" for lang in ("en", "ja") for i in range(8)
    }
    assert all(row["outcome"] == "right" and row["answer"] == row["truth"] for row in first)
    assert [row["lang"] for row in first] == ["en"] * 8 + ["ja"] * 8  # a language at a time
    for row, question in zip(first[:8], items(0, 8), strict=True):
        assert row["item"] == question.as_json() and row["fault"] == (question.fault and question.fault.value)

    lines = (run / RESULTS).read_text(encoding="utf-8").splitlines()
    (run / RESULTS).write_text("\n".join(lines[:5]) + "\n" + lines[5][:30], encoding="utf-8")  # torn tail
    assert main(["eval", *SMALL, "--lang", "en,ja", "--items", "10", "--out", str(run)]) == 0
    assert "15 question(s) judged" in capsys.readouterr().out  # 5 kept of the 16; 20 asked now
    assert len({row["key"] for row in rows_tolerant(run)}) == 20


def rows_tolerant(run: Path) -> list[dict]:
    out = []
    for line in (run / RESULTS).read_text(encoding="utf-8").splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return out


@pytest.mark.parametrize(
    ("argv", "what"),
    [
        (["--mode", "harness"], "the monorail game's modes are judge"),
        (["--model", "faulty:0.1"], "the faulty game master is the liar game's"),
        (["--items", "0"], "at least 1"),
    ],
)
def test_what_monorail_cannot_run_is_a_clear_error(
    argv: list[str], what: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["eval", *SMALL, *argv, "--out", str(tmp_path / "run")]) == 2
    err = capsys.readouterr().err
    assert what in err and "Traceback" not in err


def test_the_liar_game_refuses_the_judge_mode(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--mode", "judge", "--quiet", "--out", str(tmp_path / "run")]) == 2
    assert "the liar game's modes are harness" in capsys.readouterr().err


QUESTIONS = items(0, 8)


def wrong_on_moves_unreadable_on_every_fourth(request: Received) -> Step:
    """Right on positions, wrong on moves (says legal when not and not when it is), and not
    JSON on questions 0 and 4, so each count of the table is known in advance."""
    text = request.body["messages"][-1]["content"]
    question = next(q for q in QUESTIONS if messages(q, "en")[-1].content == text)
    if question.index % 4 == 0:
        return Answer("completable!", input_tokens=90, output_tokens=10)
    if question.question == "move":
        return Answer(json.dumps({"legal": not question.truth}), input_tokens=90, output_tokens=10)
    return Answer(json.dumps({"completable": question.truth}), input_tokens=90, output_tokens=10)


def test_a_scripted_models_scores_reach_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    run = tmp_path / "run"
    with FaultServer([], then=wrong_on_moves_unreadable_on_every_fourth) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.openai_url)
        assert (
            main(
                [
                    "eval",
                    *SMALL,
                    "--lang",
                    "en",
                    "--model",
                    "openai:scripted",
                    "--model",
                    "offline",
                    "--price",
                    "openai:scripted=1000,2000",
                    "--out",
                    str(run),
                ]
            )
            == 0
        )
    assert main(["report", str(run)]) == 0
    assert "16 Monorail results" in capsys.readouterr().out
    judged = table(run, "## Monorail")
    # questions 0-7: positions 0 2 4 6 (0 and 4 unreadable), moves 1 3 5 7 (legal, illegal, legal, illegal)
    positions, moves = judged[("openai:scripted", "en", "position")], judged[("openai:scripted", "en", "move")]
    assert (positions["items"], positions["answered"], positions["accuracy (of answered)"]) == ("4", "50.0%", "100.0%")
    assert (positions["unparseable"], positions["yes, wrongly"], positions["no, wrongly"]) == ("2", "0", "0")
    assert (moves["answered"], moves["accuracy (of all)"], moves["unparseable"]) == ("100.0%", "0.0%", "0")
    assert (moves["yes, wrongly"], moves["no, wrongly"]) == ("2", "2")
    assert moves["with the referee"] == positions["with the referee"] == "100.0%"
    assert moves["tokens/item"] == "100" and moves["cost/item"] == "$0.11000"
    offline = judged[("offline", "en", "move")]
    assert offline["accuracy (of all)"] == "100.0%" and offline["tokens/item"] == "0"
    faults = table(run, "### Move questions")
    assert faults[("openai:scripted", "en", "0/2")]["empty"] == "0/1"
    assert (run / "judge.png").read_bytes().startswith(b"\x89PNG")
    page = (run / "report.html").read_text(encoding="utf-8")
    assert page.count("data:image/png;base64,") == 1 and "yes, wrongly" in page


def test_one_run_folder_reports_both_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = tmp_path / "run"
    assert (
        main(
            [
                "eval",
                "--lang",
                "en",
                "--player",
                "optimal",
                "--games",
                "1",
                "--mode",
                "harness",
                "--quiet",
                "--out",
                str(run),
            ]
        )
        == 0
    )
    assert main(["eval", *SMALL, "--lang", "en", "--items", "2", "--out", str(run)]) == 0
    assert main(["report", str(run)]) == 0
    assert "1 games, 2 Monorail results" in capsys.readouterr().out
    text = (run / "report.md").read_text(encoding="utf-8")
    assert text.index("| offline | harness | en |") < text.index("## Monorail")
    assert (run / "accuracy.png").exists() and (run / "judge.png").exists()


@pytest.mark.parametrize(
    ("change", "what"),
    [
        ({"outcome": "maybe"}, '"outcome" must be one of right, wrong, refused, unread, failed'),
        ({"truth": 1}, '"truth" must be true or false'),
        ({"answer": None}, '"answer" is null exactly when'),
        ({"fault": "rude"}, '"fault" must be null or one of'),
        ({"game": "chess"}, '"game" must be liar, monorail or garnet'),
        ({"game": ["monorail"]}, '"game" must be liar, monorail or garnet'),
    ],
)
def test_a_damaged_monorail_line_exits_2_naming_it(
    change: dict, what: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = tmp_path / "run"
    assert main(["eval", *SMALL, "--lang", "en", "--items", "2", "--out", str(run)]) == 0
    good = rows(run)[0]
    (run / RESULTS).write_text(json.dumps(good) + "\n" + json.dumps({**good, **change}) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["report", str(run)]) == 2
    assert capsys.readouterr().err.startswith(f"refgm report: {run / RESULTS}:2: {what}")
