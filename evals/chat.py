"""A plain-text chat pasted from a chat app, split into the player's and the game master's messages.

A message starts with a role label at the start of a line (`Player:`, `User:`, `GM:`,
`Assistant:`, `플레이어:`, `プレイヤー:` ..., also in Markdown bold: `**GM:**` or `**GM**:`)
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
    "플레이어": "player",
    "사용자": "player",
    "プレイヤー": "player",
    "ユーザー": "player",
    "gm": "gm",
    "game master": "gm",
    "assistant": "gm",
    "게임 마스터": "gm",
    "게임마스터": "gm",
    "ゲームマスター": "gm",
}

# Each optional part takes the spaces after it: two space runs side by side would make a
# line of many spaces take time in the square of its length.
_LABEL = re.compile(
    r"^\s*(?:(?P<bold>\*\*|__)\s*)?(?P<label>"
    + "|".join(re.escape(label) for label in sorted(LABELS, key=len, reverse=True))
    + r")\s*(?:(?P=bold)\s*)?[:：]\s*(?:(?P=bold)\s*)?",
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
        role, body, start = LABELS[label.group("label").lower()], [line[label.end():]], number
    close()
    return Chat(tuple(messages), "\n".join(preamble).strip())
