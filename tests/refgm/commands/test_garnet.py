"""`refgm garnet payout --jsonl`: the CLI in process through refgm.cli.main, and a closed pipe in a subprocess."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from referee.lang.limits import JSONL_LINE_BYTES
from refgm.cli import BROKEN_PIPE, main
from refgm.commands import garnet as garnet_command

ROOT = Path(__file__).resolve().parents[3]
KEYS = ["counts", "recipient_group", "group_share", "beggar_share", "house", "gains", "penalties", "delta"]


def line(**request: Any) -> str:
    return json.dumps(request, ensure_ascii=False)


RULES_EXAMPLE = ["Police"] * 5 + ["Beggar"] * 3
FAN_RECORD = ["Mafia", "Mafia", "Beggar", "Mafia", "Police", "Mafia", "Beggar", "Mafia"]

LINES = [
    line(choices=RULES_EXAMPLE),  # 0 the rules text's example, everyone truthful
    line(choices=FAN_RECORD, announcements=["Mafia", "Cartel", "Police", "Mafia", "Mafia", "Mafia", "Beggar", "Mafia"]),
    line(choices=["마피아", "카르텔", "경찰", "거지", "マフィア", "カルテル", "警察", "物乞い"]),  # 2 ko and ja names
    line(choices=["mafia", "MAFIA", " Cartel ", "police", "beggar", "Beggar", "Police", "Police"], comment="ignored"),
    line(choices=RULES_EXAMPLE, announcements=None),  # 4 null announcements: truthful
    "not json",  # 5
    "",  # 6
    "[1, 2]",  # 7
    line(announcements=RULES_EXAMPLE),  # 8 no choices
    line(choices=RULES_EXAMPLE[:7]),  # 9 seven seats
    line(choices=RULES_EXAMPLE + ["Police"]),  # 10 nine seats
    line(choices=RULES_EXAMPLE[:7] + ["Thief"]),  # 11 an unknown character
    line(choices=RULES_EXAMPLE[:3] + [3] + RULES_EXAMPLE[4:]),  # 12 a number for a character
    line(choices="Police"),  # 13 not a list
    line(choices=RULES_EXAMPLE, announcements=RULES_EXAMPLE[:7]),  # 14 announcements of another length
    line(choices=RULES_EXAMPLE, announcements=["Police"] * 7 + ["거짓말"]),  # 15 an unknown announcement
    line(choices=[]),  # 16 no seats
]


def check(out_lines: list[str]) -> None:
    assert len(out_lines) == len(LINES)
    answers = [json.loads(text) for text in out_lines]
    for answer in answers[:5]:
        assert list(answer) == KEYS
    assert answers[0] == {
        "counts": {"Mafia": 0, "Cartel": 0, "Police": 5, "Beggar": 3},
        "recipient_group": "Police",
        "group_share": 0,
        "beggar_share": 1,
        "house": 1,
        "gains": [0, 0, 0, 0, 0, 1, 1, 1],
        "penalties": [0] * 8,
        "delta": [0, 0, 0, 0, 0, 1, 1, 1],
    }
    assert answers[1] == {
        "counts": {"Mafia": 5, "Cartel": 0, "Police": 1, "Beggar": 2},
        "recipient_group": "Mafia",
        "group_share": 0,
        "beggar_share": 2,
        "house": 0,
        "gains": [0, 0, 2, 0, 0, 0, 2, 0],
        "penalties": [0, 1, 0, 0, 1, 0, 0, 0],
        "delta": [0, -1, 2, 0, -1, 0, 2, 0],
    }
    # 2 of each: a tie, 2 Police take 2 each.
    assert answers[2]["counts"] == {"Mafia": 2, "Cartel": 2, "Police": 2, "Beggar": 2}
    assert answers[2]["gains"] == [0, 0, 2, 0, 0, 0, 2, 0] and answers[2]["house"] == 0
    # 2 Mafia take 2 each.
    assert answers[3]["counts"] == {"Mafia": 2, "Cartel": 1, "Police": 3, "Beggar": 2}
    assert answers[3]["gains"] == [2, 2, 0, 0, 0, 0, 0, 0] and answers[3]["recipient_group"] == "Mafia"
    assert answers[4] == answers[0]
    errors = answers[5:]
    for error in errors:
        assert set(error) == {"error"}, error
    says = [e["error"] for e in errors]
    assert says[0].startswith("not JSON")
    assert says[1].startswith("empty line")
    assert says[2].startswith("expected a JSON object")
    assert says[3].startswith('"choices" is missing')
    assert says[4] == '"choices" names 7 characters; a round has 8 seats'
    assert says[5] == '"choices" names 9 characters; a round has 8 seats'
    assert says[6] == '"choices": seat 8 is "Thief", not a character (Mafia, Cartel, Police or Beggar)'
    assert says[7] == '"choices": seat 4 is 3, not a character (Mafia, Cartel, Police or Beggar)'
    assert says[8] == '"choices" is a list of 8 characters, one per seat, not "Police"'
    assert says[9] == '"announcements" names 7 characters; a round has 8 seats'
    assert says[10].startswith('"announcements": seat 8 is ')
    assert says[11] == '"choices" names 0 characters; a round has 8 seats'


def run(data: bytes, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    """`refgm garnet payout --jsonl` through refgm.cli.main, `data` on its stdin."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    code = main(["garnet", "payout", "--jsonl"])
    captured = capsys.readouterr()
    assert captured.err == ""
    return code, captured.out.splitlines()


def test_payout_jsonl(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(("\n".join(LINES) + "\n").encode(), monkeypatch, capsys)
    assert code == 1
    check(out)


def test_exit_code_zero_when_every_line_is_well_formed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    good = "\n".join(LINES[:5]).encode()  # no newline after the last line: it is still a line
    code, out = run(good, monkeypatch, capsys)
    assert code == 0 and len(out) == 5


def test_bad_utf8_and_a_line_over_the_limit_each_get_one_error_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    huge = b'{"choices": [], "pad": "' + b"x" * JSONL_LINE_BYTES + b'"}'
    data = LINES[0].encode() + b"\n\xff\xfe\n" + huge + b"\n" + LINES[0].encode() + b"\r\n"
    code, out = run(data, monkeypatch, capsys)
    answers = [json.loads(text) for text in out]
    assert code == 1 and len(answers) == 4
    assert answers[1] == {"error": "not UTF-8 text: byte 0xff at byte 1"}
    assert answers[2] == {"error": f"longer than {JSONL_LINE_BYTES:,} bytes"}
    assert answers[0] == answers[3] and answers[0]["house"] == 1


def test_a_line_the_referee_fails_on_gets_an_error_line_and_the_next_is_answered(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = garnet_command.payout
    calls = iter([RuntimeError("boom"), None])

    def flaky(*args: Any) -> Any:
        failure = next(calls)
        if failure is not None:
            raise failure
        return real(*args)

    monkeypatch.setattr("refgm.commands.garnet.payout", flaky)
    code, out = run(f"{LINES[0]}\n{LINES[0]}\n".encode(), monkeypatch, capsys)
    assert code == 1
    assert json.loads(out[0]) == {"error": "this line could not be paid out (RuntimeError)"}
    assert json.loads(out[1])["house"] == 1


def test_without_jsonl_a_usage_error_and_the_help_documents_the_interface(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["garnet", "payout"]) == 2
    assert "give --jsonl" in capsys.readouterr().err
    assert main(["garnet"]) == 2
    assert "payout" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exited:
        main(["garnet", "payout", "--help"])
    assert exited.value.code == 0
    shown = capsys.readouterr().out
    for words in ('"choices": [8 characters]', '"announcements"', "마피아", "物乞い", '"recipient_group"', "exit code"):
        assert words in shown


def test_a_closed_pipe_exits_141_without_a_traceback() -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "refgm.cli", "garnet", "payout", "--jsonl"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdin is not None and child.stdout is not None and child.stderr is not None
    child.stdout.close()  # before the child writes its first answer
    child.stdin.write((LINES[0] + "\n").encode() * 50)
    child.stdin.close()
    stderr = child.stderr.read().decode()
    assert child.wait(timeout=120) == BROKEN_PIPE
    assert stderr == ""
