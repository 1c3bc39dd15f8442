"""`refgm play --game garnet` as a user runs it: real subprocesses with piped stdin, the hidden
choice, resume after a crash, a model seat on a loopback server, and `refgm replay --seat`."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from gm.recorder import read, visible_to
from refgm.cli import main
from tests.gm.backends.servers import Answer, FaultServer
from tests.refgm.commands.test_play import REFGM, events, refgm

# Each language's game: round 1 with help, a choice that is none, a full-width name or number
# and an announcement asked again; then a choice (a number, or a name in any of the three
# languages) and an announcement per round in the player's words, the last one a bluff.
# The lines after them name every seat, in case the human is the winner who designates.
SECRET = "xyzzy-unshown"  # typed where the choice is asked: no character, and never shown
GAMES = {
    "en": [
        "help",
        SECRET,
        "ＰＯＬＩＣＥ",
        "maybe mafia",
        "I'm mafia",
        "2",
        "Cartel!",
        "거지",
        "I'm a beggar",
        "4",
        "beggar",
    ]
    + ["1", "I am mafia", "警察", "Police.", "2", "I'm cartel", "beggar", "I'm mafia"],
    "ko": [
        "도움말",
        SECRET,
        "３",
        "아마 마피아",
        "저는 마피아입니다",
        "2",
        "카르텔이요",
        "beggar",
        "저는 거지예요",
        "4",
        "거지",
    ]
    + ["1", "마피아", "警察", "저는 경찰입니다", "2", "카르텔입니다", "거지", "마피아예요"],
    "ja": [
        "ヘルプ",
        SECRET,
        "警察",
        "マフィアかも",
        "私はマフィアです",
        "2",
        "カルテルです",
        "beggar",
        "私は物乞いです",
        "4",
    ]
    + ["物乞い", "1", "マフィアです", "police", "警察です", "2", "カルテル", "物乞い", "マフィアだよ"],
}
CHOSEN = ["Police", "Cartel", "Beggar", "Beggar", "Mafia", "Police", "Cartel", "Beggar"]
DESIGNATE = [str(n) for n in range(1, 9)]
SHOWN = {
    "en": [
        "Garnet Thief: eight seats",
        "How to play:",
        "That is none of the four",
        "That is a hedge",
        "The 8 rounds are over.",
    ],
    "ko": [
        "가넷도둑: 여덟 자리",
        "하는 법:",
        "넷 중 어느 것도 아닙니다",
        "얼버무리는 말",
        "8라운드가 모두 끝났습니다.",
    ],
    "ja": [
        "ガーネット泥棒: 八つの席",
        "遊び方:",
        "四つのどれでもありません",
        "ぼかした言い方",
        "8ラウンドがすべて終わりました。",
    ],
}


def play(home: Path, *args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return refgm(home, "play", "--game", "garnet", *args, stdin=stdin)


def lines(*typed: str) -> str:
    return "".join(f"{line}\n" for line in typed)


@pytest.mark.parametrize("lang", sorted(GAMES))
def test_a_whole_game_in_each_language(tmp_path: Path, lang: str) -> None:
    log = tmp_path / "g.jsonl"
    done = play(
        tmp_path,
        "--lang",
        lang,
        "--seed",
        "11",
        "--seat",
        "4",
        "--transcript",
        str(log),
        stdin=lines(*GAMES[lang], *DESIGNATE),
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    for text in SHOWN[lang]:
        assert text in out
    recorded = events(log)
    assert recorded[-1]["t"] == "game_ended"
    assert re.search(rf"{recorded[0]['commitment']}\n", out)  # shown at the start ...
    opened = out.rstrip().splitlines()[-1]  # ... and opened at the end
    assert recorded[-1]["nonce"] in opened and recorded[0]["commitment"] in opened
    mine = [e["move"] for e in recorded if e["t"] == "move" and e["seat"] == "4" and "choose" in e["move"]]
    assert mine[0] == {"choose": "Police", "announce": "Mafia"}  # the third try, the second announcement
    assert [m["choose"] for m in mine] == CHOSEN and mine[-1]["announce"] == "Mafia"
    assert refgm(tmp_path, "replay", str(log)).returncode == 0


def test_the_choice_is_never_echoed(tmp_path: Path) -> None:
    done = play(tmp_path, "--seed", "11", "--seat", "4", stdin=lines(*GAMES["en"], *DESIGNATE))
    assert done.returncode == 0, done.stderr
    assert SECRET not in done.stdout and "ＰＯＬＩＣＥ" not in done.stdout
    assert done.stdout.count("> ****") == 10  # each hidden line (help included) as a mark only
    assert "> maybe mafia" in done.stdout and "> I'm mafia" in done.stdout  # an announcement is public


def test_eof_saves_and_resume_goes_on_without_asking_a_recorded_choice_again(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    first = play(tmp_path, "--seed", "12", "--seat", "3", "--transcript", str(log), stdin=lines("3", "I'm police"))
    assert first.returncode == 0 and f"Game saved: {log}." in first.stdout
    # A crash right after the human's choice was recorded: its announcement never got written.
    kept = log.read_text("utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(kept) if '"seat": "3"' in line and '"t": "move"' in line)
    log.write_text("".join(kept[: at + 1]) + '{"v": 1, "t": "announ', "utf-8")  # and a torn line after it
    second = refgm(tmp_path, "play", "--resume", str(log), stdin=lines("1", "I'm mafia", "1", "I'm mafia"))
    assert second.returncode == 0, second.stderr
    assert (
        "Resuming game g after 3 turns." in second.stdout and f"Line {at + 2} of the log was cut off" in second.stdout
    )
    recorded = events(log)
    assert recorded[at + 1]["t"] == "resumed"
    announced = {k: v for k, v in recorded[at + 2].items() if k != "commitment"}  # opened by replay below
    assert announced == {"v": 1, "t": "announced", "ply": 2, "seat": "3", "public": {"announce": "Police"}}
    mine = [e for e in recorded if e["t"] == "move" and e["seat"] == "3"]
    assert [e["move"] for e in mine] == [
        {"choose": "Police", "announce": "Police"},  # as recorded: the resumed game did not ask again
        {"choose": "Mafia", "announce": "Mafia"},
        {"choose": "Mafia", "announce": "Mafia"},
    ]
    assert [e["ply"] for e in mine] == [2, 9, 16]
    assert refgm(tmp_path, "replay", str(log)).returncode == 0


def test_replay_seat_shows_only_what_that_seat_saw(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    assert (
        play(tmp_path, "--seed", "13", "--transcript", str(log), stdin=lines(*GAMES["en"], *DESIGNATE)).returncode == 0
    )
    whole = read(log)
    for seat in ("2", "7"):
        done = refgm(tmp_path, "replay", str(log), "--seat", seat)
        assert done.returncode == 0, done.stderr
        shown = {int(m.group(1)) for m in re.finditer(r"^\s*(\d+) ", done.stdout, re.M)}
        assert shown == {e.line for e in visible_to(whole, seat)}
        secret = {
            e.line for e in whole.events if e.t == "move" and e.data["seat"] != seat and "choose" in e.data["move"]
        }
        assert not shown & secret and len(secret) == 56  # no other seat's choice, only its announcement
        assert sum(e.t == "announced" for e in whole.events if e.line in shown) == 64
        assert sum(e.t == "revealed" for e in whole.events if e.line in shown) == 8
        assert "0 mismatched" in done.stdout
    wrong = refgm(tmp_path, "replay", str(log), "--seat", "9")
    assert wrong.returncode == 2 and "has the seats 1, 2, 3, 4, 5, 6, 7, 8, not '9'" in wrong.stderr


def test_a_model_seat_asked_again_then_replaced_by_its_bot(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    unclear = Answer(json.dumps({"choice": "Police", "announcement": "maybe police"}))
    with FaultServer([], then=lambda _: unclear) as server:
        done = play(
            tmp_path,
            "--seed",
            "14",
            "--seat",
            "1",
            "--seat-model",
            "2=openai:scripted",
            "--bot",
            "truthful",
            "--base-url",
            server.openai_url,
            "--transcript",
            str(log),
            stdin=lines("3", "I'm police", "quit"),
        )
        calls = len(server.received)
    assert done.returncode == 0, done.stderr
    assert (
        "(Seat 2 (model: openai:scripted) gave no acceptable reply in 3 tries; its bot played this turn.)"
        in done.stdout
    )
    recorded = events(log)
    assert recorded[0]["config"]["seats"]["2"] == {"kind": "agent", "name": "openai:scripted", "bot": "truthful"}
    assert recorded[0]["config"]["seats"]["3"] == {"kind": "bot", "name": "bot:truthful", "bot": "truthful"}
    attempts = [e for e in recorded if e["t"] == "agent_attempt"]
    assert calls == len(attempts) == 6 and all("That is a hedge" in a["reason"] for a in attempts)
    assert next(e for e in recorded if e["t"] == "move" and e["seat"] == "2")["fallback"] is True


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "9"], "expected a seat from 1 to 8"),
        (["--seat-model", "3"], "expected N=PROVIDER:MODEL"),
        (["--seat", "3", "--seat-model", "3=openai:x"], "seat 3 is yours"),
        (["--bot", "grandmaster"], "no garnet bot called 'grandmaster'"),
        (["--model", "nonesuch:x"], "unknown model provider"),
        (["--opponent", "bot"], "--opponent and --first are for --game monorail"),
        (["--incident", "cake"], "--incident is for the liar game"),
        (["--resume", "no-such-game"], "cannot read"),
        (["--resume", "g.jsonl", "--seat", "4"], "--seat: the game records its seats and seed"),
        (["--resume", "g.jsonl", "--seed", "1", "--bot", "random"], "--bot, --seed: the game records"),
    ],
)
def test_bad_arguments_are_clear_errors(tmp_path: Path, args: list[str], message: str) -> None:
    done = play(tmp_path, *args, stdin="")
    assert done.returncode == 2 and message in done.stderr
    assert "Traceback" not in done.stderr


def test_garnet_options_are_refused_for_other_games(tmp_path: Path) -> None:
    done = refgm(tmp_path, "play", "--game", "monorail", "--seat", "3", stdin="")
    assert done.returncode == 2 and "--seat, --bot, --seat-model and --narrator are for --game garnet" in done.stderr


def test_a_closed_pipe_exits_141_without_a_traceback(tmp_path: Path) -> None:
    env = {**os.environ, "REFGM_HOME": str(tmp_path)}
    game = subprocess.Popen(
        [*REFGM, "play", "--game", "garnet", "--seat", "8"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert game.stdout and game.stdin
    game.stdout.readline()
    game.stdout.close()
    _, err = game.communicate(b"1\nI'm mafia\n" * 8, timeout=60)
    assert game.returncode == 141 and b"Traceback" not in err


def test_at_a_terminal_the_choice_is_typed_with_the_echo_off(tmp_path: Path) -> None:
    """stdin a terminal, stdout a pipe: the terminal echoes what is typed, except the choice."""
    import pty
    import termios
    import time

    master, slave = pty.openpty()
    env = {**os.environ, "REFGM_HOME": str(tmp_path)}
    game = subprocess.Popen(
        [*REFGM, "play", "--game", "garnet", "--seat", "1", "--seed", "15"],
        stdin=slave,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    try:
        deadline = time.monotonic() + 60
        while termios.tcgetattr(slave)[3] & termios.ECHO:  # until the choice is being read
            assert time.monotonic() < deadline and game.poll() is None, "the choice was never asked"
            time.sleep(0.02)
        os.write(master, b"3\n")
        while not termios.tcgetattr(slave)[3] & termios.ECHO:  # the announcement is read aloud
            assert time.monotonic() < deadline and game.poll() is None
            time.sleep(0.02)
        os.write(master, b"I'm police\nquit\n")
        out, err = game.communicate(timeout=60)
        echoed = b""
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            echoed += chunk
            if len(chunk) < 4096:
                break
    finally:
        os.close(slave)
        os.close(master)
    assert game.returncode == 0, err
    assert b"I'm police" in echoed and b"3" not in echoed  # the terminal never showed the choice
    assert b"Seat 1 (you) announces Police." in out


def test_a_narrator_tells_a_reveal_beside_the_referee_and_a_false_one_is_left_out(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    told = {
        "true": "The masks came off, and the room went quiet.",
        "false": "Seat 1 was the Police and took all 4 garnets.",
    }
    replies = iter([told["true"]] + [told["false"]] * 3 + [told["true"]] * 10)
    with FaultServer([], then=lambda _: Answer(json.dumps({"text": next(replies)}))) as server:
        done = play(
            tmp_path,
            "--seed", "14", "--seat", "1", "--bot", "truthful",
            "--narrator", "openai:narrator", "--base-url", server.openai_url,
            "--transcript", str(log),
            stdin=lines("4", "I'm a beggar", "4", "I'm a beggar", "quit"),
        )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("The game master tells it") == 1 and told["true"] in done.stdout
    assert told["false"] not in done.stdout
    tries = [e for e in events(log) if e["t"] == "model_attempt" and e.get("part") == "reveal"]
    assert [e["accepted"] for e in tries] == [True, False, False, False]
    assert main(["replay", str(log)]) == 0
