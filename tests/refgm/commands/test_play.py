"""`refgm play` as a user runs it: real subprocesses, files and signals."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from gm.recorder import read_sidecar, write_sidecar

REFGM = [sys.executable, "-m", "refgm.cli"]

# A full game per language against the secret culprit A, liar C: a question, a
# self-question, an open question confirmed, a count, a remark, a wrong and a right guess.
GAMES = {
    "en": ["A, did B eat the cake?", "B, are you the liar?", "C, who ate it?", "yes",
           "how many questions are left?", "so it is A or B", "B ate it and C is the liar",
           "A ate it and C is the liar"],
    "ja": ["Aさん、Bさんはケーキを食べましたか?", "Bさん、あなたは嘘つきですか?",
           "Cさん、誰が食べましたか?", "はい", "残りは何回?", "AかBのどちらかだな",
           "犯人はB、嘘つきはC", "犯人はA、嘘つきはC"],
    "ko": ["A 씨, B 씨가 케이크를 먹었어요?", "B 씨, 당신이 거짓말쟁이예요?", "C 씨, 누가 먹었어요?",
           "네", "질문 몇 번 남았어요?", "그럼 A 아니면 B겠네", "범인은 B, 거짓말쟁이는 C",
           "범인은 A, 거짓말쟁이는 C"],
}
WIN = {"en": "You win!", "ja": "あなたの勝ちです!", "ko": "승리했습니다!"}


def refgm(home: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "REFGM_HOME": str(home)}
    return subprocess.run([*REFGM, *args], check=False, input=stdin, capture_output=True, text=True,
                          env=env, timeout=120)


def events(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


@pytest.mark.parametrize("lang", sorted(GAMES))
def test_a_full_game_from_a_file(tmp_path: Path, lang: str) -> None:
    script = tmp_path / "lines.txt"
    script.write_text("\n".join(GAMES[lang]) + "\n", encoding="utf-8")
    log = tmp_path / "game.jsonl"
    done = refgm(tmp_path, "play", "--lang", lang, "--secret", "A,C", "--seed", "4",
                 "--incident", "cake", "--input", str(script), "--transcript", str(log))
    assert done.returncode == 0, done.stderr
    assert WIN[lang] in done.stdout and "refgm verify" in done.stdout
    recorded = events(log)
    assert recorded[-1]["t"] == "game_ended" and recorded[-1]["secret"] == {"culprit": "A", "liar": "C"}
    assert all(e["accepted"] for e in recorded if e["t"] == "model_attempt")
    costs = [e["cost"] for e in recorded if e["t"] == "verdict" and "cost" in e]
    assert costs == [1, 1, 3, 3, 1, 0]
    assert refgm(tmp_path, "replay", str(log)).returncode == 0


def test_lines_come_from_stdin_when_it_is_not_a_terminal(tmp_path: Path) -> None:
    done = refgm(tmp_path, "play", "--seed", "1", "--incident", "juice",
                 stdin="A, did you drink the juice?\n")
    assert done.returncode == 0, done.stderr
    assert "A: " in done.stdout and "6 left" in done.stdout
    (log,) = (tmp_path / "games").glob("*.jsonl")
    assert f"refgm play --resume {log.stem}" in done.stdout


@pytest.mark.parametrize("key, noun", [("cake", "cake"), ("pudding", "pudding"),
                                       ("cookie", "cookie"), ("donut", "donut"), ("juice", "juice")])
def test_every_incident_can_be_chosen(tmp_path: Path, key: str, noun: str) -> None:
    done = refgm(tmp_path, "play", "--incident", key, stdin="")
    assert done.returncode == 0 and f"the last {noun}" in done.stdout


def test_the_same_seed_plays_the_same_game(tmp_path: Path) -> None:
    lines = "B, did C eat the cookie?\nA, are you honest?\n"
    first = refgm(tmp_path, "play", "--seed", "5", "--transcript", str(tmp_path / "1.jsonl"), stdin=lines)
    second = refgm(tmp_path, "play", "--seed", "5", "--transcript", str(tmp_path / "2.jsonl"), stdin=lines)
    assert "the last cookie" in first.stdout and "5 left" in first.stdout
    assert first.stdout.replace("1.jsonl", "2.jsonl") == second.stdout


@pytest.mark.parametrize("args, message", [
    (["--lang", "fr"], "invalid choice: 'fr'"),
    (["--secret", "A"], "expected CULPRIT,LIAR"),
    (["--secret", "A,Z"], "expected CULPRIT,LIAR"),
    (["--incident", "pie"], "unknown incident 'pie'; known: cake, pudding"),
    (["--input", "/nonexistent/lines.txt"], "cannot read /nonexistent/lines.txt"),
    (["--resume", "no-such-game"], "cannot read"),
])
def test_bad_arguments_are_clear_errors(tmp_path: Path, args: list[str], message: str) -> None:
    done = refgm(tmp_path, "play", *args)
    assert done.returncode == 2 and message in done.stderr
    assert "Traceback" not in done.stderr


def test_an_existing_transcript_is_never_overwritten(tmp_path: Path) -> None:
    log = tmp_path / "taken.jsonl"
    log.write_text("precious\n", encoding="utf-8")
    done = refgm(tmp_path, "play", "--transcript", str(log))
    assert done.returncode == 2 and "already exists" in done.stderr
    assert log.read_text(encoding="utf-8") == "precious\n"


def test_a_corrupt_log_is_named_on_resume(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    refgm(tmp_path, "play", "--transcript", str(log), stdin="A, did B eat the cake?\n")
    lines = log.read_text("utf-8").splitlines()
    lines[2] = lines[2][:-5]
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = refgm(tmp_path, "play", "--resume", str(log))
    assert done.returncode == 2 and f"{log}:3: not valid JSON" in done.stderr
    assert "Traceback" not in done.stderr


def test_eof_mid_game_saves_and_resume_continues(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    first = refgm(tmp_path, "play", "--secret", "B,B", "--incident", "cake", "--transcript", str(log),
                  stdin="A, did B eat the cake?\n")
    assert f"Game saved: {log}." in first.stdout
    second = refgm(tmp_path, "play", "--resume", str(log), stdin="B ate it and B is the liar\n")
    assert second.returncode == 0, second.stderr
    assert "A, did B eat the cake?" in second.stdout and "You win!" in second.stdout
    assert [e["t"] for e in events(log)].count("resumed") == 1


def test_kill_9_mid_game_loses_no_turn(tmp_path: Path) -> None:
    """Every reply the player saw is in the log, and the resumed game goes on from it."""
    log = tmp_path / "g.jsonl"
    env = {**os.environ, "REFGM_HOME": str(tmp_path)}
    game = subprocess.Popen([*REFGM, "play", "--incident", "cake", "--transcript", str(log)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    assert game.stdin and game.stdout
    seen = []
    try:
        for question, left in (("A, did B eat the cake?", "6 left"), ("C, are you the liar?", "5 left")):
            game.stdin.write(question + "\n")
            game.stdin.flush()
            while left not in (line := game.stdout.readline()):
                assert line, "the game ended early"
            seen.append(question)
        game.send_signal(signal.SIGKILL)
    finally:
        game.kill()
        game.wait(timeout=30)
    assert game.returncode == -signal.SIGKILL
    assert [e["text"] for e in events(log) if e["t"] == "player"] == seen
    resumed = refgm(tmp_path, "play", "--resume", str(log), stdin="B, did you eat the cake?\n")
    assert resumed.returncode == 0, resumed.stderr
    assert "4 left" in resumed.stdout
    assert [e["turn"] for e in events(log) if e["t"] == "player"] == [1, 2, 3]


def test_a_torn_final_line_is_dropped_on_resume(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    refgm(tmp_path, "play", "--incident", "cake", "--transcript", str(log),
          stdin="A, did B eat the cake?\n")
    with log.open("a", encoding="utf-8") as fh:
        fh.write('{"v": 1, "t": "player", "turn": 2, "te')
    done = refgm(tmp_path, "play", "--resume", str(log), stdin="C, did you eat the cake?\n")
    assert done.returncode == 0, done.stderr
    assert "Line 8 of the log was cut off" in done.stdout and "5 left" in done.stdout
    assert all(line.endswith("}") for line in log.read_text("utf-8").splitlines())


def test_ctrl_c_mid_game_saves_with_a_clear_message(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    env = {**os.environ, "REFGM_HOME": str(tmp_path)}
    game = subprocess.Popen([*REFGM, "play", "--incident", "cake", "--transcript", str(log)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)
    assert game.stdin and game.stdout
    game.stdin.write("A, did B eat the cake?\n")
    game.stdin.flush()
    while "6 left" not in (line := game.stdout.readline()):
        assert line, "the game ended early"
    game.send_signal(signal.SIGINT)
    _, err = game.communicate(timeout=30)
    assert game.returncode == 130
    assert f"Game saved: {log}. Continue it with: refgm play --resume {log}" in err
    assert "Traceback" not in err
    assert [e["t"] for e in events(log)][-1] == "gm"


def test_input_that_is_not_utf8_is_a_clear_error(tmp_path: Path) -> None:
    env = {**os.environ, "REFGM_HOME": str(tmp_path)}
    done = subprocess.run([*REFGM, "play", "--transcript", str(tmp_path / "g.jsonl")],
                          check=False, input=b"\xff\xfe broken\n", capture_output=True, env=env, timeout=120)
    err = done.stderr.decode("utf-8")
    assert done.returncode == 2 and "not UTF-8" in err and f"Game saved: {tmp_path / 'g.jsonl'}." in err
    assert "Traceback" not in err


def test_the_game_in_the_readme_is_what_refgm_play_prints(tmp_path: Path) -> None:
    readme = (Path(__file__).parents[3] / "README.md").read_text("utf-8")
    command, shown = re.search(r"made with `refgm play (.*?) --input game\.txt`.*?```text\n(.*?)```",
                               readme, re.DOTALL).groups()  # type: ignore[union-attr]
    lines = [line[2:] for line in shown.splitlines() if line.startswith("> ")]
    done = refgm(tmp_path, "play", *command.split(), "--transcript", str(tmp_path / "g.jsonl"),
                 stdin="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == shown.strip()


def test_a_game_that_ended_before_its_end_was_logged_is_finished_on_resume(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    refgm(tmp_path, "play", "--secret", "A,B", "--incident", "cake", "--transcript", str(log),
          stdin="A ate it and B is the liar\n")
    log.write_text("".join(log.read_text("utf-8").splitlines(keepends=True)[:-1]), "utf-8")
    write_sidecar(log, replace(read_sidecar(log), ended=False))  # as before game_ended
    done = refgm(tmp_path, "play", "--resume", str(log), stdin="A, did you eat it?\n")
    assert done.returncode == 0, done.stderr
    assert "You win!" in done.stdout and "Game saved" not in done.stdout
    assert events(log)[-1]["t"] == "game_ended"


def test_player_text_is_echoed_and_recorded_in_its_displayable_form(tmp_path: Path) -> None:
    """A pasted line cannot clear the screen or rewrite the echo, the log or a resume's recap."""
    log = tmp_path / "g.jsonl"
    done = refgm(tmp_path, "play", "--seed", "7", "--incident", "cake", "--transcript", str(log),
                 stdin="\x1b[2J\x1b[HA, did\u202e B\u202c eat the cake?\r\x1b[K\n")
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout and "\u202e" not in done.stdout and "\r" not in done.stdout
    assert "> A, did B eat the cake?" in done.stdout
    (player,) = [e for e in events(log) if e["t"] == "player"]
    assert player["text"] == "A, did B eat the cake?"


@pytest.mark.parametrize(("lang", "text", "rule"), [
    ("en", "what are the rules again?", "How to play:"),
    ("ja", "ルール教えて", "遊び方"),
    ("ko", "규칙이 뭐였지?", "진행 방법"),
])
def test_rules_talk_shows_the_rules_free_and_replays(tmp_path: Path, lang: str, text: str, rule: str) -> None:
    log = tmp_path / "g.jsonl"
    done = refgm(tmp_path, "play", "--lang", lang, "--seed", "3", "--incident", "cake",
                 "--transcript", str(log), stdin=text + "\n")
    assert done.returncode == 0, done.stderr
    reply = done.stdout.split(f"> {text}", 1)[1]
    assert rule in reply and "/help" in reply
    (verdict,) = [e for e in events(log) if e["t"] == "verdict"]
    assert verdict["what"] == "rules" and verdict["remaining"] == 7
    assert refgm(tmp_path, "replay", str(log)).returncode == 0
