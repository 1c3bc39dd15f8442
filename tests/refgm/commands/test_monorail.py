"""`refgm monorail check --jsonl` and `refgm monorail analyze`: the real CLI in a subprocess, and in process."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from referee.lang.limits import JSONL_LINE_BYTES
from referee.monorail import Position, Tile, is_complete
from refgm.cli import BROKEN_PIPE, main
from refgm.commands.monorail import TILES_LEFT_LIMIT, run_jsonl

ROOT = Path(__file__).resolve().parents[3]
POSITION_KEYS = {"complete", "completable", "min_needed", "witness"}
MOVE_KEYS = {"legal", "reason", "fault"}
SMALLEST = [[-1, 0, "NE"], [2, 0, "NW"], [-1, 1, "SE"], [2, 1, "SW"], [0, 1, "H"], [1, 1, "H"]]
STATIONS = [[0, 0, "H"], [1, 0, "H"]]


def line(**request: Any) -> str:
    return json.dumps(request)


LINES = [
    line(stations=STATIONS, placed=[], tiles_left=16),  # 0 the start
    line(stations=STATIONS, placed=SMALLEST, tiles_left=10),  # 1 complete
    line(stations=STATIONS, placed=[[2, 0, "V"]], tiles_left=15),  # 2 an edge fault: still a position
    line(stations=STATIONS, placed=[], tiles_left=4),  # 3 too few tiles
    line(stations=STATIONS, placed=SMALLEST[:4], tiles_left=7),  # 4 an odd budget (analysis)
    line(placed=[], move=[[2, 0, "H"], [3, 0, "NW"]]),  # 5 a legal move, stations by default
    line(placed=[], move=[[2, 0, "H"], [4, 0, "H"]]),  # 6 a gap
    line(placed=[], move=[[2, 0, "H"], [3, 0, "NE"]]),  # 7 the edge rule
    line(placed=[], move=[[2, 0, "H"], [3, 0, "NE"]], strict_edges=False),  # 8 ... switched off
    line(placed=[], move=[]),  # 9 no tiles
    "not json",  # 10
    "",  # 11
    "[1, 2]",  # 12
    line(placed=[[0, 0]]),  # 13
    line(placed=[], tiles_left=TILES_LEFT_LIMIT + 1),  # 14
    line(stations=[[0, 0, "H"]], placed=[]),  # 15
    line(placed=[], move="H@2,0"),  # 16
    line(placed=[[0, 0, "V"]]),  # 17 a tile on a station
    line(placed=[], strict_edges="yes"),  # 18
    line(placed=[], tiles_left=-1),  # 19
    line(placed=[], move=[[2, 0, "Q"]]),  # 20
]


def check(out_lines: list[str]) -> None:
    assert len(out_lines) == len(LINES)
    answers = [json.loads(text) for text in out_lines]
    start, complete, fault, short, odd = answers[:5]
    assert set(start) == POSITION_KEYS and start["complete"] is False and start["completable"] is True
    assert start["min_needed"] == 6 and len(start["witness"]) == 6
    board = Position(tuple(Tile.from_json(t) for t in start["witness"])).board
    assert is_complete(board)
    assert complete == {"complete": True, "completable": True, "min_needed": 0, "witness": []}
    assert fault == {"complete": False, "completable": False, "min_needed": None, "witness": None}
    assert short == fault
    assert odd == {"complete": False, "completable": True, "min_needed": 2, "witness": odd["witness"]}
    assert answers[5] == {"legal": True, "reason": "", "fault": None}
    assert answers[6] == {"legal": False, "reason": "the tiles leave a gap between 2,0 and 4,0", "fault": "gap"}
    assert answers[7] == {
        "legal": False,
        "reason": "the rail of 2,0 runs into the blank side of 3,0",
        "fault": "edge",
    }
    assert answers[8] == answers[5]
    assert answers[9] == {"legal": False, "reason": "a move places 1 to 3 tiles", "fault": "empty"}
    errors = answers[10:]
    for error in errors:
        assert set(error) == {"error"}, error
    says = [e["error"] for e in errors]
    assert says[0].startswith("not JSON")
    assert says[1].startswith("empty line")
    assert says[2].startswith("expected a JSON object")
    assert "a tile is [x, y, shape]" in says[3]
    assert f"at most {TILES_LEFT_LIMIT}" in says[4]
    assert '"stations" is two tiles' in says[5]
    assert '"move" is a list of tiles' in says[6]
    assert "two tiles on cell 0,0" in says[7]
    assert '"strict_edges" is true or false' in says[8]
    assert "at least 0" in says[9]
    assert says[10].startswith('"move":') and "not a shape" in says[10]


def test_check_jsonl_in_a_subprocess() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "refgm.cli", "monorail", "check", "--jsonl"],
        input="\n".join(LINES) + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 1, result.stderr
    assert result.stderr == ""
    check(result.stdout.splitlines())


def test_check_jsonl_in_process() -> None:
    out = io.StringIO()
    assert run_jsonl(io.BytesIO(("\n".join(LINES) + "\n").encode()), out) == 1
    check(out.getvalue().splitlines())


def test_a_position_the_solver_cannot_settle_gets_an_error_line_not_a_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    # A stray tile far away and a budget far beyond play: the search is cut off, the line says so
    # and the next line is still answered (the limit lowered so the test takes a moment).
    monkeypatch.setattr("refgm.commands.monorail.STEP_LIMIT", 20_000)
    far = line(placed=[[-1, 0, "SE"], [2, 0, "SW"], [-1, -3, "NE"], [2, -3, "NW"], [10, 10, "V"]], tiles_left=64)
    out = io.StringIO()
    assert run_jsonl(io.BytesIO((far + "\n" + LINES[0] + "\n").encode()), out) == 1
    first, second = (json.loads(text) for text in out.getvalue().splitlines())
    assert first == {"error": "the solver gave up after 20,000 search steps without an answer; a smaller tiles_left may be answered"}
    assert "error" not in second


def test_exit_code_zero_when_every_line_is_well_formed() -> None:
    out = io.StringIO()
    good = "\n".join(LINES[:10]).encode()  # no newline after the last line: it is still a line
    assert run_jsonl(io.BytesIO(good), out) == 0
    assert len(out.getvalue().splitlines()) == 10


def test_bad_utf8_and_a_line_over_the_limit_each_get_one_error_line() -> None:
    huge = b'{"placed": [], "pad": "' + b"x" * JSONL_LINE_BYTES + b'"}'
    data = b'{"placed": []}\n\xff\xfe\n' + huge + b"\n" + b'{"placed": [], "move": [[2,0,"H"]]}\r\n'
    out = io.StringIO()
    assert run_jsonl(io.BytesIO(data), out) == 1
    answers = [json.loads(text) for text in out.getvalue().splitlines()]
    assert len(answers) == 4
    assert answers[0]["completable"] is True
    assert answers[1] == {"error": "not UTF-8 text: byte 0xff at byte 1"}
    assert answers[2] == {"error": f"longer than {JSONL_LINE_BYTES:,} bytes"}
    assert answers[3] == {"legal": True, "reason": "", "fault": None}


def test_unknown_keys_are_ignored_and_defaults_fill_in() -> None:
    out = io.StringIO()
    run_jsonl(io.BytesIO(b'{"comment": "the start", "extra": [1]}\n{}\n'), out)
    first, second = (json.loads(text) for text in out.getvalue().splitlines())
    assert first == second and first["min_needed"] == 6


def test_the_edge_rule_off_for_every_line_and_a_line_may_turn_it_back_on() -> None:
    out = io.StringIO()
    lines = [line(move=[[2, 0, "V"]]), line(move=[[2, 0, "V"]], strict_edges=True)]
    assert run_jsonl(io.BytesIO("\n".join(lines).encode()), out, strict_edges=False) == 0
    loose, strict = (json.loads(text) for text in out.getvalue().splitlines())
    assert loose["legal"] is True and strict["fault"] == "edge"


def test_a_closed_pipe_exits_141_without_a_traceback() -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "refgm.cli", "monorail", "check", "--jsonl"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdin is not None and child.stdout is not None and child.stderr is not None
    child.stdout.close()  # before the child writes its first answer
    child.stdin.write(b"{}\n" * 50)
    child.stdin.close()
    stderr = child.stderr.read().decode()
    assert child.wait(timeout=120) == BROKEN_PIPE
    assert stderr == ""


def test_check_for_people(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["monorail", "check"]) == 0
    assert capsys.readouterr().out.startswith("completable: 6 more tiles at the fewest, e.g. ")
    assert main(["monorail", "check", "H@2,0", "NW@3,0"]) == 0
    assert capsys.readouterr().out == "H@2,0 NW@3,0: legal\n"
    assert main(["monorail", "check", "H@2,0 NE@3,0"]) == 0
    assert capsys.readouterr().out == "H@2,0 NE@3,0: illegal (edge): the rail of 2,0 runs into the blank side of 3,0\n"
    assert main(["monorail", "check", "--loose-edges", "H@2,0 NE@3,0"]) == 0
    assert capsys.readouterr().out == "H@2,0 NE@3,0: legal\n"
    assert main(["monorail", "check", "--position", json.dumps({"placed": SMALLEST})]) == 0
    assert capsys.readouterr().out == "complete: the loop is closed\n"
    assert main(["monorail", "check", "--position", '{"placed": [[2,0,"V"]]}']) == 0
    assert capsys.readouterr().out == "not completable with 15 tiles left (a rail end meets a blank side)\n"


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["monorail", "check", "hello"], "'hello' is not a tile"),
        (["monorail", "check", "--position", "{"], "--position: not JSON"),
        (["monorail", "check", "--position", "no-such-file.json"], "--position: cannot read no-such-file.json"),
        (["monorail", "check", "--jsonl", "H@2,0"], "--jsonl reads everything from stdin"),
        (["monorail", "analyze", "--position", '{"placed": 3}'], "placed is a list"),
    ],
)
def test_bad_arguments_are_a_clear_error_and_exit_2(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


def test_monorail_alone_prints_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["monorail"]) == 2
    assert "check" in capsys.readouterr().out


def test_a_position_from_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "position.json"
    path.write_text(json.dumps({"placed": SMALLEST[:4], "tiles_left": 2}))
    assert main(["monorail", "check", "--position", str(path)]) == 0
    assert capsys.readouterr().out == "completable: 2 more tiles at the fewest, e.g. H@0,1 H@1,1\n"


def test_analyze_the_start_in_a_subprocess() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "refgm.cli", "monorail", "analyze", "--json", "--depth", "3"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["symmetries"] == ["identity", "mirror_x", "mirror_y", "both"]
    assert report["legal"] == {
        "all": {"moves": 646, "classes": 166},
        "1": {"moves": 18, "classes": 5},
        "2": {"moves": 136, "classes": 36},
        "3": {"moves": 492, "classes": 125},
    }
    assert report["completable"] == {
        "all": {"moves": 588, "classes": 150},
        "1": {"moves": 18, "classes": 5},
        "2": {"moves": 136, "classes": 36},
        "3": {"moves": 434, "classes": 109},
    }
    assert report["outcomes"]["impossible"] == {"moves": 58, "classes": 16}
    assert report["outcomes"]["open"] == {"moves": 588, "classes": 150}
    assert len(report["classes"]) == 166


GAP = {"placed": [[-2, 0, "NE"], [-1, 0, "H"], [2, 0, "H"], [3, 0, "NW"], [3, 1, "SW"], [-2, 1, "SE"]], "tiles_left": 4}


def test_analyze_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["monorail", "analyze", "--position", json.dumps(GAP), "--depth", "4"]) == 0
    out = capsys.readouterr().out
    assert "every legal move from 6 rail tiles placed (4 tiles left, edge rule strict)" in out
    assert "symmetries of the position: 2 (identity, mirror_x)" in out
    assert "namu wiki" not in out
    assert "win by force within the depth" in out
    row = next(r for r in out.splitlines() if r.startswith("H@0,1 H@1,1 "))
    assert row.split() == ["H@0,1", "H@1,1", "1", "yes", "2", "win", "by", "force", "within", "3", "plies"]
    assert any(r.startswith("H@-1,1 ") and "loss at ply 2 (reply H@0,1 H@1,1 H@2,1)" in r for r in out.splitlines())
    lost = next(r for r in out.splitlines() if r.startswith("H@0,1 ") and "by force" in r)
    assert lost.split()[1:] == ["2", "yes", "3", "loss", "by", "force", "within", "4", "plies", "(reply", "H@1,1)"]


def test_analyze_json_lists_every_member(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["monorail", "analyze", "--position", json.dumps(GAP), "--depth", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["depth"] == 2 and report["strict_edges"] is True
    assert sum(len(c["members"]) for c in report["classes"]) == report["legal"]["all"]["moves"]
    first = report["classes"][0]
    assert set(first) == {"move", "notation", "members", "completable", "min_needed", "outcome"}
    assert set(first["outcome"]) == {"result", "plies", "how", "reply"}


def test_analyze_interrupted_says_so_and_exits_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import refgm.commands.monorail as command

    def interrupted(position: Position, depth: int, strict: bool, progress: Any) -> Any:
        progress(37, 166)
        raise KeyboardInterrupt  # Ctrl-C in the middle of the search

    monkeypatch.setattr(command, "analyze", interrupted)
    assert main(["monorail", "analyze"]) == 130
    captured = capsys.readouterr()
    assert "interrupted after 37 of 166 classes; nothing printed" in captured.err and captured.out == ""


def test_a_depth_below_one_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["monorail", "analyze", "--depth", "0"])
    assert exited.value.code == 2
    assert "a whole number of plies" in capsys.readouterr().err
