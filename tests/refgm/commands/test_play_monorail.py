"""`refgm play --game monorail` as a user runs it: real subprocesses, stdin, signals, a loopback model."""

from __future__ import annotations

import json
import os
import signal
import subprocess
from pathlib import Path

import pytest

from tests.gm.backends.servers import Answer, FaultServer
from tests.refgm.commands.test_play import REFGM, events, refgm

# A first move after which the loop cannot be completed (the solver says so): the solver bot
# declares 'impossible' at once, whatever its seed.
DEAD = "H@-1,-1 H@-1,0 H@-1,1"


def play(home: Path, *args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return refgm(home, "play", "--game", "monorail", *args, stdin=stdin)


@pytest.mark.parametrize(
    "lang, attempt, shown",
    [
        (
            "en",
            "H@2,0",
            [
                'The bot (solver) declared "impossible"',
                "You are challenged",
                'You did not complete the loop after the "impossible", so the bot (solver) won. It could not have been completed: the declaration was true.',
            ],
        ),
        (
            "ko",
            "포기",
            [
                '봇(solver): "불가능" 선언!',
                "불가능 선언을 받았습니다",
                "당신: 타일을 놓지 않고 포기했습니다.",
                "당신 쪽이 불가능 선언 뒤에 고리를 완성하지 못해 봇(solver) 쪽이 이겼습니다. 고리는 완성될 수 없었습니다: 선언이 맞았습니다.",
            ],
        ),
        (
            "ja",
            "H@2,0 H@3,0",
            ["ボット(solver)が「無理」を宣言しました", "「無理」を宣言されました", "あなたが輪を完成できなかったので、ボット(solver)の勝ちです。輪は完成できない状態でした: 宣言は正しかった。"],
        ),
    ],
)
def test_the_challenged_human_places_every_tile_at_once(
    tmp_path: Path, lang: str, attempt: str, shown: list[str]
) -> None:
    log = tmp_path / "g.jsonl"
    done = play(
        tmp_path,
        "--lang",
        lang,
        "--seed",
        "1",
        "--opponent",
        "bot:solver",
        "--transcript",
        str(log),
        stdin=f"{DEAD}\n{attempt}\n",
    )
    assert done.returncode == 0, done.stderr
    for text in shown:
        assert text in done.stdout
    recorded = events(log)
    assert [e["t"] for e in recorded] == ["game_started", "move", "move", "move", "game_ended"]
    assert recorded[2]["move"] == {"declare": "impossible"} and "attempt" in recorded[3]["move"]
    assert recorded[-1]["result"] == {"winners": ["second"], "reason": "challenge_won"}
    replayed = refgm(tmp_path, "replay", str(log))
    assert replayed.returncode == 0 and "3 moves replayed, 0 mismatched" in replayed.stdout


@pytest.mark.parametrize("word", ["impossible", "불가능", "無理", "不可能"])
def test_the_human_declares_impossible_in_any_language(tmp_path: Path, word: str) -> None:
    """The second seat may declare on its first turn; the solver's first move keeps the loop
    possible, so the bot completes it at once and wins."""
    log = tmp_path / "g.jsonl"
    done = play(tmp_path, "--first", "opponent", "--seed", "2", "--transcript", str(log), stdin=f"{word}\n")
    assert done.returncode == 0, done.stderr
    assert 'completed the loop after the "impossible" and won.' in done.stdout
    assert "Seed 2, nonce " in done.stdout
    assert events(log)[-1]["result"] == {"winners": ["first"], "reason": "challenge_met"}


def test_the_board_the_errors_and_the_words_around_play(tmp_path: Path) -> None:
    lines = ["help", "H@5,5", "foo", "pass", "give up", "impossible", "H@2,0"]
    done = play(tmp_path, "--seed", "3", "--opponent", "bot:random", stdin="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "  0  ← ══════ →  0" in out  # the stations and both open ends
    assert "    -1  0  1  2" in out  # x along the top
    assert "How to play:" in out and "At least one tile must touch a tile already on the table." in out
    assert "That is no move ('foo' is not a tile" in out and "There is no passing in Monorail" in out
    assert 'Nobody has declared "impossible", so there is nothing to give up' in out
    assert '"Impossible" can be declared once a rail tile is on the table.' in out
    assert "You placed H@2,0." in out and "══════━━━" in out  # the last move in heavy lines
    (log,) = (tmp_path / "games").glob("*.jsonl")
    assert f"Game saved: {log.stem}. Continue it with: refgm play --game monorail --resume {log.stem}" in out
    refused = [e for e in events(log) if e["t"] == "refused"]
    assert [e["reason"] for e in refused] == [
        "at least one tile must touch a tile already on the table",
        "'impossible' can be declared once a rail tile is on the table",
    ]


def test_eof_saves_and_resume_goes_on(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    first = play(tmp_path, "--seed", "4", "--transcript", str(log), stdin="H@2,0\n")
    assert first.returncode == 0 and f"Game saved: {log}." in first.stdout
    with log.open("a", encoding="utf-8") as fh:
        fh.write('{"v": 1, "t": "refused", "ply": 2, "se')  # a crash mid-write
    second = refgm(tmp_path, "play", "--resume", str(log), stdin="impossible\n")
    assert second.returncode == 0, second.stderr
    assert "Resuming game g after 2 moves." in second.stdout and "Line 4 of the log was cut off" in second.stdout
    recorded = events(log)
    assert [e["t"] for e in recorded].count("resumed") == 1 and recorded[-1]["t"] == "game_ended"
    assert refgm(tmp_path, "replay", str(log)).returncode == 0


def test_the_same_seed_plays_the_same_game(tmp_path: Path) -> None:
    runs = [
        play(
            tmp_path,
            "--seed",
            "5",
            "--opponent",
            "bot:greedy",
            "--transcript",
            str(tmp_path / f"{n}.jsonl"),
            stdin="H@2,0\nimpossible\n",
        )
        for n in (1, 2)
    ]
    moves = [[e["move"] for e in events(tmp_path / f"{n}.jsonl") if e["t"] == "move"] for n in (1, 2)]
    assert moves[0] == moves[1] and len(moves[0]) >= 3
    assert runs[0].stdout.replace("1.jsonl", "2.jsonl") == runs[1].stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["--opponent", "human"], "expected bot or bot:LEVEL"),
        (["--opponent", "bot:grandmaster"], "no monorail bot called 'grandmaster'"),
        (["--incident", "cake"], "--incident is for the liar game"),
        (["--model", "nonesuch:x"], "unknown model provider"),
        (["--resume", "no-such-game"], "cannot read"),
    ],
)
def test_bad_arguments_are_clear_errors(tmp_path: Path, args: list[str], message: str) -> None:
    done = play(tmp_path, *args, stdin="")
    assert done.returncode == 2 and message in done.stderr
    assert "Traceback" not in done.stderr


def test_monorail_options_are_refused_for_the_liar_game(tmp_path: Path) -> None:
    done = refgm(tmp_path, "play", "--opponent", "bot", stdin="")
    assert done.returncode == 2 and "--opponent and --first are for --game monorail" in done.stderr


def test_a_model_opponent_that_never_plays_legally_is_replaced_by_its_bot(tmp_path: Path) -> None:
    illegal = Answer(json.dumps({"action": "place", "tiles": [{"x": 9, "y": 9, "shape": "H"}]}))
    log = tmp_path / "g.jsonl"
    with FaultServer([], then=lambda _: illegal) as server:
        done = play(
            tmp_path,
            "--first",
            "opponent",
            "--model",
            "openai:scripted",
            "--base-url",
            server.openai_url,
            "--seed",
            "6",
            "--transcript",
            str(log),
            stdin="quit\n",
        )
        calls = len(server.received)
    assert done.returncode == 0, done.stderr
    assert "(The model openai:scripted gave no legal move in 3 tries; its bot played this move.)" in done.stdout
    assert calls == 3
    recorded = events(log)
    assert recorded[0]["config"]["seats"]["first"] == {"kind": "agent", "name": "openai:scripted", "bot": "solver"}
    attempts = [e for e in recorded if e["t"] == "agent_attempt"]
    assert [a["accepted"] for a in attempts] == [False] * 3 and all(a["see"] == "seat" for a in attempts)
    assert recorded[-1]["t"] == "move" and recorded[-1]["fallback"] is True


def test_ctrl_c_saves_with_a_clear_message(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    env = {**os.environ, "REFGM_HOME": str(tmp_path)}
    game = subprocess.Popen(
        [*REFGM, "play", "--game", "monorail", "--transcript", str(log)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert game.stdin and game.stdout
    game.stdin.write("H@2,0\n")
    game.stdin.flush()
    seen = 0
    while seen < 2:  # the opening's prompt, then the prompt after the bot's reply
        line = game.stdout.readline()
        assert line, "the game ended early"
        seen += line.startswith("Your move")
    game.send_signal(signal.SIGINT)
    _, err = game.communicate(timeout=30)
    assert game.returncode == 130
    assert f"Game saved: {log}. Continue it with: refgm play --game monorail --resume {log}" in err
    assert "Traceback" not in err
    assert [e["t"] for e in events(log)] == ["game_started", "move", "move"]


def test_a_closed_pipe_exits_141_without_a_traceback(tmp_path: Path) -> None:
    env = {**os.environ, "REFGM_HOME": str(tmp_path)}
    game = subprocess.Popen(
        [*REFGM, "play", "--game", "monorail", "--first", "opponent"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert game.stdout and game.stdin
    game.stdout.readline()
    game.stdout.close()
    _, err = game.communicate(b"H@2,0\n" * 3, timeout=60)
    assert game.returncode == 141 and b"Traceback" not in err
