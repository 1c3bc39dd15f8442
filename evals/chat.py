"""A plain-text chat pasted from a chat app, split into the player's and the game master's messages.

A message starts with a role label at the start of a line (`Player:`, `User:`, `GM:`,
`Assistant:`, `플레이어:`, `プレイヤー:` ..., also in Markdown bold: `**GM:**` or `**GM**:`,
and in the shapes chat apps export: `ChatGPT said:`, `[플레이어] [오후 3:12] ...`,
`15:02 Player ...`, `Player — Today at 15:02`)
and runs until the next label, so it may span lines. Text before the first label is
kept apart as `preamble` (a pasted rules prompt, a title) rather than guessed at.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Role = Literal["player", "gm"]

LABELS: dict[str, Role] = {
    "player": "player",
    "user": "player",
    "you": "player",
    "human": "player",
    "me": "player",
    "나": "player",
    "私": "player",
    "플레이어": "player",
    "사용자": "player",
    "プレイヤー": "player",
    "ユーザー": "player",
    "gm": "gm",
    "game master": "gm",
    "assistant": "gm",
    "chatgpt": "gm",
    "claude": "gm",
    "gemini": "gm",
    "bot": "gm",
    "게임 마스터": "gm",
    "게임마스터": "gm",
    "ゲームマスター": "gm",
}

# The label's shapes: "GM:", "**GM:**", "**GM**:", "ChatGPT said:" (ChatGPT), "[플레이어]
# [오후 3:12] ..." (KakaoTalk), "15:02 Player ..." or "15:02\tPlayer\t..." (LINE),
# "Player — Today at 15:02" on a line of its own (Discord). A label needs a colon unless a
# bracket, a time or Discord's dash marks it. Each optional part takes the spaces after it:
# two space runs side by side would make a line of many spaces take time in the square of
# its length.
_TIME = r"(?:(?:오전|오후|午前|午後)\s*)?\d{1,2}:\d{2}(?:\s*(?:AM|PM)\s*)?"
_LABEL = re.compile(
    r"^\s*(?:(?P<time>\[?" + _TIME + r"\]?)\s*)?(?:(?P<bold>\*\*|__)\s*)?(?P<bracket>\[\s*)?(?P<label>"
    + "|".join(re.escape(label) for label in sorted(LABELS, key=len, reverse=True))
    + r")(?(bracket)\s*\])\s*(?:said\s*)?(?:(?P=bold)\s*)?"
    r"(?:[:：]\s*(?:(?P=bold)\s*)?|(?P<discord>[—–-]\s*(?:today|yesterday|\d)[^\n]*$)"
    r"|(?(bracket)(?:\[" + _TIME + r"\]\s*)?|(?(time)(?=\s)\s*|(?!))))",
    re.IGNORECASE,
)

@dataclass(frozen=True)
class Message:
    """One message: who wrote it, its text (labels stripped) and the line it starts on (1-based)."""

    role: Role
    text: str
    line: int


@dataclass(frozen=True)
class Chat:
    """The messages in order, and the unlabelled text before the first one."""

    messages: tuple[Message, ...]
    preamble: str = ""


def split_chat(text: str) -> Chat:
    """Split `text` at role labels. A chat with no label has no messages (the caller decides)."""
    messages: list[Message] = []
    preamble: list[str] = []
    role: Role | None = None
    body: list[str] = []
    start = 0

    def close() -> None:
        if role is not None:
            messages.append(Message(role, "\n".join(body).strip(), start))

    for number, line in enumerate(text.splitlines(), 1):
        label = _LABEL.match(line)
        if label is None:
            (body if role is not None else preamble).append(line)
            continue
        close()
        text_after = "" if label.group("discord") else line[label.end():]
        role, body, start = LABELS[label.group("label").lower()], [text_after], number
    close()
    return Chat(tuple(messages), "\n".join(preamble).strip())
