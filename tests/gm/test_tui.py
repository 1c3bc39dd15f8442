"""The interactive mode, driven through a real pseudo-terminal."""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from gm.session import GameConfig, Session
from gm.tui import Frontend
from referee.lang.incident import Lang, incident
from referee.lang.limits import UTTERANCE_CHARS
from referee.liar import World

_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|[\r\x08]")


class Terminal:
    """A child process on a pty; `expect` waits for text in its (escape-free) output."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        # The size is the pty's: COLUMNS and LINES (80x24, which pytest-xdist's workers have
        # in their environment) would override it.
        env = {name: value for name, value in env.items() if name not in ("COLUMNS", "LINES")}
        self.process = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, env=env,
                                        close_fds=True)
        os.close(slave)
        self.seen = ""

    def expect(self, text: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while text not in (plain := _ESCAPES.sub("", self.seen)):
            left = deadline - time.monotonic()
            assert left > 0, f"{text!r} never appeared in:\n{_ESCAPES.sub('', self.seen)[-2000:]}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    break
                if b"\x1b[6n" in chunk:  # a cursor position request: answer like a terminal
                    os.write(self.master, b"\x1b[20;1R")
                self.seen += chunk.decode("utf-8", "replace")
        # Keep what came after the match for the next expectation.
        self.seen = plain[plain.index(text) + len(text):]

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\r").encode("utf-8"))

    def close(self) -> int:
        code = self.process.wait(timeout=30)
        os.close(self.master)
        return code


def test_interactive_play_shows_the_budget_and_saves_on_quit(tmp_path: Path) -> None:
    env = {**os.environ, "REFGM_HOME": str(tmp_path), "TERM": "xterm"}
    term = Terminal([sys.executable, "-m", "refgm.cli", "play", "--seed", "7", "--incident", "cake",
                     "--transcript", str(tmp_path / "t.jsonl")], env)
    term.expect("Type /help for commands.")
    term.expect("questions left: 7/7")
    term.send("A, did B eat the cake?")
    term.expect("(1 question used, 6 left)")
    term.expect("questions left: 6/7")
    term.send("/hint")
    term.expect("Show it? (yes/no)")
    term.send("yes")
    term.expect("worlds are still possible")
    term.send("/quit")
    term.expect(f"Game saved: {tmp_path / 't.jsonl'}.")
    assert term.close() == 0
    assert (tmp_path / "history").read_text("utf-8").count("A, did B eat the cake?") == 1


# --- Frontend.handle: what each kind of line shows, in the game's language --------------


def frontend(tmp_path: Path, lang: Lang) -> tuple[Frontend, Path]:
    log = tmp_path / "g.jsonl"
    session, _ = Session.new(GameConfig(lang=lang, incident=incident("cake")), log, "g", seed=4,
                             secret=World("B", "C"))
    return Frontend(session), log


def events(log: Path) -> list[str]:
    return [json.loads(line)["t"] for line in log.read_text("utf-8").splitlines()]


NO = {"en": "no", "ko": "아니요", "ja": "いいえ"}


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_declining_the_hint_says_so(lang: Lang, tmp_path: Path) -> None:
    ui, log = frontend(tmp_path, lang)
    asyncio.run(ui.handle("/hint"))
    shown = asyncio.run(ui.handle(NO[lang]))
    assert shown.text == ui.session.renderer.message("hint_declined") != ""
    assert "hint" not in events(log)


@pytest.mark.parametrize(("lang", "word"), [("en", "command"), ("ko", "명령어"), ("ja", "コマンド")])
def test_an_unknown_slash_command_suggests_help_and_charges_nothing(lang: Lang, word: str,
                                                                    tmp_path: Path) -> None:
    ui, log = frontend(tmp_path, lang)
    shown = asyncio.run(ui.handle("/hlep"))
    assert shown.turn is None and "/help" in shown.text and word in shown.text
    assert ui.session.state.remaining == 7 and "player" not in events(log)


@pytest.mark.parametrize(("lang", "utterance"), [
    ("en", "A, did you eat the cake? " * 100),
    ("ja", "Aさん、" + "あ" * 20_000 + "ケーキを食べましたか？"),  # over Sudachi's 49,149 bytes as well
])
def test_an_utterance_over_the_limit_is_refused_before_the_session_sees_it(
        lang: Lang, utterance: str, tmp_path: Path) -> None:
    ui, log = frontend(tmp_path, lang)
    assert len(utterance.strip()) > UTTERANCE_CHARS
    shown = asyncio.run(ui.handle(utterance))
    assert shown.turn is None and shown.text == ui.session.renderer.message("too_long", limit="2,000")
    assert "2,000" in shown.text and ui.session.state.remaining == 7 and "player" not in events(log)
    assert asyncio.run(ui.handle("x" * UTTERANCE_CHARS)).turn is not None  # at the limit: read
