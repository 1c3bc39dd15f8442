"""The interactive mode, driven through a real pseudo-terminal."""

from __future__ import annotations

import fcntl
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

_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|[\r\x08]")


class Terminal:
    """A child process on a pty; `expect` waits for text in its (escape-free) output."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
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
    term = Terminal([sys.executable, "-m", "gm.cli", "play", "--seed", "7", "--incident", "cake",
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
