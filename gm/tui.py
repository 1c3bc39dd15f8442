"""The terminal front end: an interactive prompt, or plain lines for scripts and tests.

Interactive (a TTY, no --input): prompt_toolkit with input history under $REFGM_HOME and
a bottom toolbar that always shows the questions left; rich for the characters' lines.
Otherwise one player line is read per input line and everything is printed as plain
text, the player's lines echoed with "> ". Both share `Frontend.handle`, so slash
commands (/help, /status, /hint, /quit; any other /word points to /help) behave the same,
and so does the refusal of a line over `referee.lang.limits.UTTERANCE_CHARS`.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass
from typing import TextIO

from rich.console import Console
from rich.text import Text

from gm.console import terminal
from gm.recorder import home
from gm.session import Session, Turn
from referee.lang import Context, parse
from referee.lang.display import displayable
from referee.lang.limits import UTTERANCE_CHARS, too_long
from referee.liar.intent import Confirm

_SPEAKER_STYLES = ("bold cyan", "bold magenta", "bold yellow", "bold green", "bold blue", "bold red")


@dataclass(frozen=True)
class Shown:
    """Output of one handled line: plain text, or a turn whose lines get styled."""

    text: str = ""
    turn: Turn | None = None


class Frontend:
    """Routes each input line: slash commands here, everything else to the session."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.hint_asked = False
        self.quit = False

    def yes_or_no(self, text: str) -> bool | None:
        """Read a yes/no in the game's language with the referee's own parser."""
        config = self.session.config
        ctx = Context(roster=config.rules.roster, incident=config.incident, lang=config.lang,
                      pending=True)
        intent = parse(text, ctx).intent
        return intent.accept if isinstance(intent, Confirm) else None

    async def handle(self, line: str) -> Shown:
        text = line.strip()
        session = self.session
        message = session.renderer.message
        if too_long(text):  # refused before the session records or reads it
            return Shown(message("too_long", limit=f"{UTTERANCE_CHARS:,}"))
        if self.hint_asked:
            self.hint_asked = False
            answer = self.yes_or_no(text)
            if answer is not None:
                return Shown(session.hint() if answer else message("hint_declined"))
        command = text.lower()
        if command == "/help":
            return Shown(session.help())
        if command == "/status":
            return Shown(session.status())
        if command == "/hint":
            self.hint_asked = True
            return Shown(message("hint_warning"))
        if command in ("/quit", "/exit"):
            self.quit = True
            return Shown()
        if command.startswith("/"):  # a mistyped command is not a question to the suspects
            return Shown(message("unknown_command"))
        return Shown(turn=await session.step(text))

    @property
    def done(self) -> bool:
        return self.quit or self.session.state.over

    def saved(self) -> str:
        return self.session.renderer.message(
            "saved", game_id=self.session.resume_name)


async def run_lines(frontend: Frontend, lines: Iterable[str], out: TextIO) -> int:
    """Non-interactive play: one player line per input line, plain text out."""
    for line in lines:
        if frontend.done:
            break
        typed = displayable(line)  # echoed as it will be read and recorded
        if not typed:
            continue
        print(f"> {typed}", file=out)
        shown = await frontend.handle(typed)
        text = shown.turn.reply if shown.turn else shown.text
        if text:
            print(text, file=out)
        print(file=out, flush=True)
    if not frontend.session.state.over:
        print(frontend.saved(), file=out)
    return 0


async def run_interactive(frontend: Frontend) -> int:
    """Interactive play with history, the questions-left toolbar and styled lines."""
    console = terminal()
    if frontend.done:
        return 0
    async for line in _prompt_lines(frontend):
        shown = await frontend.handle(line)
        if shown.turn:
            _print_turn(console, frontend.session, shown.turn)
        elif shown.text:
            console.print(Text(shown.text))
            console.print()
        if frontend.done:
            break
    if not frontend.session.state.over:
        console.print(Text(frontend.saved()), style="dim")
    return 0


async def _prompt_lines(frontend: Frontend) -> AsyncIterator[str]:
    # Imported here: only the interactive mode needs prompt_toolkit, and it is slow to load.
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory

    history = home() / "history"
    history.parent.mkdir(parents=True, exist_ok=True)
    session = frontend.session

    def toolbar() -> str:
        return session.renderer.message("toolbar", remaining=session.state.remaining,
                                        budget=session.config.rules.budget)

    prompt: PromptSession[str] = PromptSession(history=FileHistory(str(history)),
                                               bottom_toolbar=toolbar)
    while True:
        try:
            line = await prompt.prompt_async("> ")
        except EOFError:
            return
        if line.strip():
            yield line


def _print_turn(console: Console, session: Session, turn: Turn) -> None:
    names = session.config.rules.roster.names
    for line in turn.lines:
        style = _SPEAKER_STYLES[names.index(line.speaker) % len(_SPEAKER_STYLES)]
        console.print(Text.assemble((f"{line.speaker}: ", style), line.text))
    if turn.notes:
        console.print(Text(turn.notes), style="dim" if turn.lines else "")
    console.print()


def interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()
