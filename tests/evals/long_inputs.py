"""Long inputs made by repetition, and the audit run on them as `refgm audit --json` runs it,
for the linear-time guard (test_linear) and bench/linear.py."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from evals.audit import audit_chat, audit_log
from evals.chat import split_chat
from gm.recorder import read
from referee.lang.incident import Lang
from refgm.commands.audit import audit_json

ROOT = Path(__file__).resolve().parents[2]
CHATS = ROOT / "tests" / "refgm" / "commands" / "data"
TRANSCRIPTS = ROOT / "transcripts"

# Per language: an utterance to repeat with spaces only (no sentence punctuation), a short
# question and a short remark to repeat many times, and a character's answer for the extractors.
UTTERANCES: dict[Lang, tuple[str, str, str, str]] = {
    "en": ("A did you eat the cake and is B the liar", "A, did you eat the cake? ",
           "Hmm, interesting. ", "A: No, I did not eat the cake.\n"),
    "ko": ("A씨 케이크를 먹었나요 그리고 B씨가 거짓말쟁이인가요", "A씨, 케이크를 먹었나요? ",
           "음, 흥미롭네요. ", "A씨: 아니요, 저는 케이크를 먹지 않았습니다.\n"),
    "ja": ("Aさんはケーキを食べましたかそしてBさんは嘘つきですか", "Aさん、ケーキを食べましたか？",
           "うーん、なるほど。", "A: いいえ、私はケーキを食べていません。\n"),
}


def repeated(unit: str, size: int, sep: str = "") -> str:
    """`unit` repeated (joined by `sep`) until the text is about `size` UTF-8 bytes."""
    count = max(1, size // len((unit + sep).encode()))
    return sep.join([unit] * count)


def chat(lang: Lang, size: int) -> str:
    """The consistent and the inconsistent example chat of `lang`, alternated to `size` bytes."""
    pair = "\n".join((CHATS / f"chat.{lang}.{kind}.txt").read_text(encoding="utf-8")
                     for kind in ("consistent", "inconsistent"))
    return repeated(pair, size, "\n")


def late_contradiction(lang: Lang, size: int) -> str:
    """The consistent example chat of `lang` repeated to `size` bytes, then the inconsistent one:
    every answer before the first contradiction is weighed in the search for a smallest conflict."""
    consistent, inconsistent = ((CHATS / f"chat.{lang}.{kind}.txt").read_text(encoding="utf-8")
                                for kind in ("consistent", "inconsistent"))
    return repeated(consistent, size, "\n") + "\n" + inconsistent


def native_log(size: int) -> str:
    """A recorded English game whose turns are repeated (renumbered) to about `size` bytes."""
    lines = (TRANSCRIPTS / "en-cake.jsonl").read_text(encoding="utf-8").splitlines()
    events = [json.loads(line) for line in lines]
    head = [e for e in events if e["t"] == "game_started" or e.get("turn") == 0]
    body = [e for e in events if e not in head and e["t"] != "game_ended"]
    tail = [e for e in events if e["t"] == "game_ended"]
    turns = max(e["turn"] for e in body)
    unit = sum(len(json.dumps(e, ensure_ascii=False).encode()) + 1 for e in body)
    out = [json.dumps(e, ensure_ascii=False) for e in head]
    for copy in range(max(1, size // unit)):
        out += [json.dumps({**e, "turn": e["turn"] + copy * turns}, ensure_ascii=False) for e in body]
    out += [json.dumps(e, ensure_ascii=False) for e in tail]
    return "\n".join(out) + "\n"


def audit_text(text: str) -> object:
    """What `refgm audit --json` computes for a pasted chat."""
    return audit_json(audit_chat(split_chat(text)))


def audit_file(text: str) -> object:
    """What `refgm audit --json` computes for a native log, read from a file as the CLI does."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.jsonl"
        path.write_text(text, encoding="utf-8")
        return audit_json(audit_log(read(path)))
