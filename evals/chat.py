"""A plain-text chat pasted from a chat app, split into the player's and the game master's messages.

A message starts with a role label at the start of a line (`Player:`, `User:`, `GM:`,
`Assistant:`, `플레이어:`, `プレイヤー:` ..., also in Markdown bold: `**GM:**` or `**GM**:`,
and in the shapes chat apps export: `ChatGPT said:`, `[플레이어] [오후 3:12] ...`,
`15:02 Player ...`, `Player — Today at 15:02`) and runs until the next label, so it may span
lines. A label may also stand alone on its line, as shares print it (`You`, `Gemini`,
`나의 말:`, `ChatGPT의 말:`, `あなた:`, `### 🤖 Game Master`).

Chat apps name people, not roles: a KakaoTalk, LINE, WhatsApp or Discord export names each
speaker (`[민수] [오후 3:12] ...`, `21:03\tたろう\t...`, `[12/1/26, 21:03] Sam: ...`,
`kenta — 今日 21:03`). A speaker whose name says game master or bot (`GM-bot`, `Meta AI`,
`ゲームマスター`, `게임봇`) is the game master, and the other speaker the player; when no name
says so, `gm` names the game master, else the chat is not split (the caller says why).
A share that labels only the game master (`Gemini` above each answer) has the player's
message told by its place: the paragraph just before each label (`Chat.inferred`).

Text before the first label is kept apart as `preamble` (a pasted rules prompt, a title)
rather than guessed at.
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
    "自分": "player",
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
    "ai": "gm",
    "게임 마스터": "gm",
    "게임마스터": "gm",
    "ゲームマスター": "gm",
    "マスター": "gm",
    "마스터": "gm",
    # hosts: "진행자:", "Narrator:", "司会:"
    "진행자": "gm",
    "사회자": "gm",
    "host": "gm",
    "narrator": "gm",
    "moderator": "gm",
    "司会": "gm",
    "進行役": "gm",
    "ナレーター": "gm",
}

# The label's shapes: "GM:", "**GM:**", "**GM**:", "ChatGPT said:" (ChatGPT), "[플레이어]
# [오후 3:12] ..." (KakaoTalk), "15:02 Player ..." or "15:02\tPlayer\t..." (LINE),
# "Player — Today at 15:02" on a line of its own (Discord). A label needs a colon unless a
# bracket, a time or Discord's dash marks it. Each optional part takes the spaces after it:
# two space runs side by side would make a line of many spaces take time in the square of
# its length.
_TIME = r"(?:(?:오전|오후|午前|午後)\s*)?\d{1,2}:\d{2}(?:\s*(?:AM|PM)\s*)?"
_LABEL = re.compile(
    r"^\s*(?:(?P<time>\[?" + _TIME + r"\]?)\s*)?(?:(?P<bold>\*\*|__)\s*)?(?P<bracket>[\[【<]\s*)?(?P<label>"
    + "|".join(re.escape(label) for label in sorted(LABELS, key=len, reverse=True))
    + r")(?(bracket)\s*[\]】>])\s*(?:said\s*)?(?:(?P=bold)\s*)?"
    r"(?:[:：]\s*(?:(?P=bold)\s*)?|(?P<discord>[—–-]\s*(?:today|yesterday|\d)[^\n]*$)"
    r"|(?(bracket)(?:\[" + _TIME + r"\]\s*)?|(?(time)(?=\s)(?![ ]+[^\t\n]*\t)\s*|(?!))))",
    re.IGNORECASE,
)

# Labels shares print on a line of their own, besides LABELS ("You", "Gemini", "Model").
ALONE: dict[str, Role] = {
    **LABELS,
    "나의 말": "player",
    "사용자 프롬프트": "player",
    "あなた": "player",
    "あなたのプロンプト": "player",
    "model": "gm",
    "chatgpt의 말": "gm",
    "gemini의 말": "gm",
    "gemini 응답": "gm",
    "말씀하신 내용": "player",  # Gemini's Korean share: "말씀하신 내용" / "Gemini의 응답"
    "gemini의 응답": "gm",
    "claude의 말": "gm",
    "gemini の回答": "gm",
    "geminiの回答": "gm",
    "prompt": "player",  # Claude's exported Markdown: "## Prompt:" / "## Response:"
    "response": "gm",
}
_ALONE = re.compile(
    r"^\s*(?:#{1,6}\s*)?(?:[^\w\s]{1,3}\s*)?(?:\*\*)?(?P<label>"
    + "|".join(re.escape(label) for label in sorted(ALONE, key=len, reverse=True))
    + r")(?:\s*said)?(?:\*\*)?\s*[\]】>)）]?\s*[:：]?\s*$",
    re.IGNORECASE,
)
_KAKAO_SAYS = r",\s?(?P<name>[^:\n]{1,40}?)\s?:\s?(?P<text>.*)$"  # KakaoTalk's "<date> <time>, 하은 : ..."
# Exports that name the speaker: KakaoTalk, LINE, WhatsApp (the text follows on the line) and
# Discord (the text follows on the next lines).
_NAMED = (
    re.compile(r"^\[(?P<name>[^\]\n]{1,40})\]\s*\[" + _TIME + r"\]\s?(?P<text>.*)$"),
    re.compile(r"^" + _TIME + r"\t(?P<name>[^\t\n]{1,40})\t(?P<text>.*)$"),
    # KakaoTalk's Korean export: "2026. 7. 2. 오후 9:01, 하은 : ..." or "2026년 12월 17일 오후 7:40, 주원 : ..."
    re.compile(r"^\d{4}\.\s?\d{1,2}\.\s?\d{1,2}\.\s?" + _TIME + _KAKAO_SAYS),
    re.compile(r"^\d{4}년\s?\d{1,2}월\s?\d{1,2}일\s?" + _TIME + _KAKAO_SAYS),
    re.compile(r"^\d{4}年\s?\d{1,2}月\s?\d{1,2}日\s?" + _TIME + _KAKAO_SAYS),  # "2026年12月6日 午後9:10, りく : ..."
    # ... and its English one: "December 22, 2026 at 9:00 PM, Sam : ...", "Dec 21, 2026 9:30 PM, Jess : ..."
    re.compile(r"^[A-Z][a-z]{2,8}\.? \d{1,2}, \d{4},? (?:at )?" + _TIME + _KAKAO_SAYS),
    # Discord's compact mode and IRC-like copies: "[7:41 PM] marco: ..."
    re.compile(r"^\[" + _TIME + r"\]\s?(?P<name>[^:\n\[\]]{1,40}?):\s?(?P<text>.*)$"),
    # DiscordChatExporter's text export: "[2026/12/15 21:10] 美月", the text on the next lines
    re.compile(r"^\[\d{4}[/.-]\d{1,2}[/.-]\d{1,2}\.?\s+" + _TIME + r"\]\s+(?P<name>[^\n\[\]]{1,40}?)\s*$"),
    # Slack ("Priya Shah  10:02 AM", "GameMaster  APP  10:02 AM") and Telegram ("Jordan, [6/18/26
    # 7:40 AM]"): the name and the time on a line of their own, the text on the next lines
    re.compile(r"^(?P<name>\S[^\n]{0,40}?)\s{2,}(?:(?:APP|앱|アプリ)\s{2,})?" + _TIME + r"\s*$", re.IGNORECASE),
    re.compile(r"^(?P<name>[^,\n\[]{1,40}),\s?\[\d{1,4}[./-]\d{1,2}[./-]\d{1,4},?\s" + _TIME + r"\]\s*$"),
    re.compile(r"^\[?\d{1,4}[/.-]\s?\d{1,2}[/.-]\s?\d{1,4}\.?,?\s+(?:(?:오전|오후|午前|午後)\s*)?"
               r"\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AaPp]\.?[Mm]\.?)?\]?"
               r"\s*(?:-\s*)?(?P<name>[^:\n\]]{1,40}?):\s?(?P<text>.*)$"),
    re.compile(r"^(?P<name>[^\s—–][^—–\n]{0,40}?)\s+[—–]\s+(?:today|yesterday|오늘|어제|今日|昨日|\d{1,4}[/.-])[^\n]*$",
               re.IGNORECASE),
    # iMessage and the like: a name that says game master, then a colon ("カヌレGM: ...")
    re.compile(r"^(?P<name>[^\s:：\[\]][^:：\n]{0,30}?(?:GM|ＧＭ|봇|ボット|[Bb]ot)[^:：\n]{0,10}?)\s?[:：]\s?(?P<text>.*)$"),
)
# Discord's copy of a bot's message: the name, the APP tag and " — <date>" on three lines of their own
# ("코난봇" / "앱" / " — 2026.12.21. 오후 10:02"), the text on the next lines.
_APP_TAG = re.compile(r"^\s*(?:APP|BOT|앱|봇|アプリ|ボット)\s*$")
_DASH_DATE = re.compile(r"^\s*[—–]\s+(?:today|yesterday|오늘|어제|今日|昨日|\d{1,4}[/.-])[^\n]*$", re.IGNORECASE)
# LINE's export with spaces, not tabs ("20:30 莉子 ゲームしよ"), read only in a file that says it is
# one ("[LINE] ..." on its first line): a time, a name and text is too common a line otherwise.
_LINE_SPACED = re.compile(r"^" + _TIME + r" (?P<name>[^\s\t]{1,20}) (?P<text>\S.*)$")
GM_NAME = re.compile(r"(?<![a-z])(?:gm|ai)(?![a-z])|(?-i:GM)(?![a-z])|\s(?-i:APP)$|bot(?![a-z])|narrator|진행자|사회자|司会|master|assistant|chatgpt|claude|gemini|(?<![a-z])model"
                     r"(?![a-z])|봇|마스터|어시스턴트|ボット|マスター|アシスタント|ＧＭ"
                     r"|(?<![a-z])(?:quiz)?host(?![a-z])|호스트|진행|ホスト|進行", re.IGNORECASE)
"""A speaker's name that says game master: GM-bot, LiarGM, GameBot, Meta AI, Mystery Master, 게임봇,
Narrator, a host (Quiz Host, 호스트, 進行くん, 진행봇); Discord's APP tag after a bot's name ("Quizzy APP")."""


class SpeakersError(ValueError):
    """A chat whose speakers are named, none of them as the game master: `gm` must say which."""

    def __init__(self, names: tuple[str, ...]) -> None:
        super().__init__(f"the chat's speakers are {', '.join(names)}, and no name says which is the game master; "
                         "name it with --gm NAME")
        self.names = names


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
    inferred: bool = False  # the player's messages told by their place, not by a label
    gm_told: str | None = None  # the game master named by what it says, not by its name (`_speaks_for`)


def split_chat(text: str, gm: str | None = None) -> Chat:
    """Split `text` at role labels or speakers' names. A chat with no label has no messages
    (the caller decides); SpeakersError when speakers are named and none as the game master."""
    lines = text.splitlines()
    named_shapes = (*_NAMED, _LINE_SPACED) if lines and lines[0].startswith("[LINE]") else _NAMED
    heads: list[tuple[int, str, str, bool]] = []  # (line index, speaker, text after, by role)
    tags = _app_headers(lines)
    for index, line in enumerate(lines):
        if index in tags:
            heads.append((index, f"{line.strip()} APP", "", False))
            continue
        if index - 1 in tags or index - 2 in tags:
            continue  # the APP tag and the date of a bot's header
        label = _LABEL.match(line)
        if label is not None:
            text_after = "" if label.group("discord") else line[label.end():]
            heads.append((index, label.group("label").lower(), text_after, True))
        elif (alone := _ALONE.match(line)) is not None:
            heads.append((index, alone.group("label").lower(), "", True))
        elif (named := next((m for pattern in named_shapes if (m := pattern.match(line))), None)) is not None:
            heads.append((index, named.group("name").strip(), named.groupdict().get("text") or "", False))
    bodies: list[str] = []
    for k, (index, _speaker, first, _) in enumerate(heads):
        end = heads[k + 1][0] if k + 1 < len(heads) else len(lines)
        body = "\n".join([first, *lines[index + (3 if index in tags else 1):end]]).strip()
        if body.startswith('"') and body.endswith('"') and len(body) > 1:
            body = body[1:-1].replace('""', '"').strip()  # LINE quotes a message of several lines, CSV-style
        bodies.append(body)
    said: dict[str, list[str]] = {}
    for (_, speaker, _, _), body in zip(heads, bodies, strict=True):
        said.setdefault(speaker, []).append(body)
    roles, told = _roles([(speaker, by_role) for _, speaker, _, by_role in heads], gm, said)
    messages = [Message(roles[speaker], body, index + 1) for (index, speaker, _, _), body in zip(heads, bodies, strict=True)]
    preamble = "\n".join(lines[:heads[0][0]] if heads else lines).strip()
    chat = Chat(tuple(messages), preamble, gm_told=told)
    if messages and all(m.role == "gm" for m in messages):
        return _placed(lines, [h[0] for h in heads])
    return chat


def _app_headers(lines: list[str]) -> set[int]:
    """The lines that name a bot in Discord's three-line header (name, APP tag, " — <date>")."""
    return {i for i in range(len(lines) - 2)
            if lines[i].strip() and len(lines[i].strip()) <= 40 and _APP_TAG.match(lines[i + 1])
            and _DASH_DATE.match(lines[i + 2])}


# A line a game master writes and a player does not: a character's answer ("A: 아니.", "Bさん「はい」",
# "C: \"No.\"") or the count of questions left.
_GM_LINE = re.compile(r"^\s*(?:[A-Z](?:\s?(?:씨|님|さん|くん))?\s*[:：「]|.*(?:남은 질문|残り|questions? left|remaining))",
                      re.IGNORECASE | re.MULTILINE)


def _speaks_for(said: dict[str, list[str]], names: list[str]) -> str | None:
    """The one of two speakers whose messages hold the characters' answers and the counts, when
    the other's hold none: the game master, told by what it says rather than by its name
    (추리왕, Sphinx, ナゾトキ係); None when that does not tell them apart."""
    if len(names) != 2:
        return None
    lines = {n: sum(len(_GM_LINE.findall(body)) for body in said.get(n, [])) for n in names}
    speaking = [n for n in names if lines[n]]
    return speaking[0] if len(speaking) == 1 and lines[speaking[0]] >= 2 else None


def _roles(speakers: list[tuple[str, bool]], gm: str | None,
           said: dict[str, list[str]]) -> tuple[dict[str, Role], str | None]:
    """Each speaker's role: by its label, by a name that says game master (the others are the
    player), by `gm`, as the one named speaker beside a player labelled as such, or by what the
    speakers say (`_speaks_for`, which is returned)."""
    roles: dict[str, Role] = {}
    names: list[str] = []
    for speaker, by_role in speakers:
        if by_role:
            roles[speaker] = ALONE[speaker]  # every label _LABEL or _ALONE matches
        elif speaker not in names:
            names.append(speaker)
    told = None
    if not names:
        return roles, None
    if gm is not None:
        chosen = {n for n in names if n.casefold() == gm.casefold()}
        if not chosen:
            raise ValueError(f"--gm {gm}: no speaker of the chat is named so (its speakers: {', '.join(names)})")
    else:
        chosen = {n for n in names if LABELS.get(n.casefold()) == "gm" or GM_NAME.search(n)}
        if len(names) == 1 and "player" in roles.values() and "gm" not in roles.values():
            chosen = set(names)  # "[18:02] Me: ..." beside "[18:02] Captain Clue: ...": the only other speaker
        if not chosen and not any(r == "gm" for r in roles.values()):
            told = _speaks_for(said, names)
            if told is None:
                raise SpeakersError(tuple(names))
            chosen = {told}
    return roles | {n: "gm" if n in chosen else LABELS.get(n.casefold(), "player") for n in names}, told


def _placed(lines: list[str], heads: list[int]) -> Chat:
    """A share that labels only the game master: the player's message is the paragraph just
    before each label, and whatever comes before the first one."""
    messages: list[Message] = []

    def paragraph_before(stop: int, start: int) -> int:
        """The first line of the last paragraph in lines[start:stop]."""
        j = stop
        while j > start and not lines[j - 1].strip():
            j -= 1
        while j > start and lines[j - 1].strip():
            j -= 1
        return j

    for k, head in enumerate(heads):
        start = heads[k - 1] + 1 if k else 0
        split = start if k == 0 else paragraph_before(head, start)
        if k:
            gm_text = "\n".join(lines[start:split]).strip()
            messages.append(Message("gm", gm_text, heads[k - 1] + 1))
        said = "\n".join(lines[split:head]).strip()
        if said:
            messages.append(Message("player", said, split + 1 + _blank_lead(lines, split, head)))
    messages.append(Message("gm", "\n".join(lines[heads[-1] + 1:]).strip(), heads[-1] + 1))
    return Chat(tuple(m for m in messages if m.text), "", inferred=True)


def _blank_lead(lines: list[str], start: int, stop: int) -> int:
    """The blank lines at the start of lines[start:stop]: a message's line is its first text."""
    n = 0
    while start + n < stop and not lines[start + n].strip():
        n += 1
    return n
