"""`refgm audit`: pasted chats in three languages and native logs, exit codes and findings."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from gm.cli import main
from gm.session import GameConfig, Session
from referee.lang.incident import Lang, incident
from referee.liar import World

DATA = Path(__file__).parent / "data"


def audit(path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, dict]:
    code = main(["audit", str(path), "--json", *extra])
    out = capsys.readouterr().out
    return code, json.loads(out) if out else {}


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_a_consistent_chat_exits_0_with_the_worlds_that_fit_and_a_fitting_reveal(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, report = audit(DATA / f"chat.{lang}.consistent.txt", capsys)
    assert code == 0 and report["consistent"] and report["lang"] == lang
    assert report["contradiction"] is None and report["count_errors"] == []
    assert report["reveal"]["fits"] is True
    assert {"culprit": report["reveal"]["culprit"], "liar": report["reveal"]["liar"]} in \
        report["worlds"]
    assert report["unread"] == []


def test_korean_inconsistent_chat(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = audit(DATA / "chat.ko.inconsistent.txt", capsys)
    assert code == 1 and not report["consistent"] and report["worlds"] == []
    contradiction = report["contradiction"]
    assert contradiction["line"] == 20
    assert {a["line"] for a in contradiction["answers"]} == {2, 11, 20}
    assert contradiction["answers"][-1]["text"].startswith("아니요")
    assert report["count_errors"] == [{"line": 8, "shown": 5, "expected": 4}]
    assert [v["line"] for v in report["wrong_verdicts"]] == [17]
    assert report["reveal"]["fits"] is False


def test_japanese_inconsistent_chat(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = audit(DATA / "chat.ja.inconsistent.txt", capsys)
    assert code == 1
    assert report["contradiction"]["line"] == 11
    assert report["count_errors"] == [{"line": 5, "shown": 6, "expected": 5}]
    # after a contradiction no world is left to judge a verdict by: none is called wrong
    assert report["wrong_verdicts"] == []
    assert report["reveal"] == {"culprit": "C", "liar": "A", "fits": False}


def test_english_inconsistent_chat(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = audit(DATA / "chat.en.inconsistent.txt", capsys)
    assert code == 1
    answers = report["contradiction"]["answers"]
    assert [(a["line"], a["speaker"]) for a in answers] == [(5, "B"), (12, "A"), (15, "B")]
    assert report["count_errors"] == [{"line": 15, "shown": 1, "expected": 2}]
    assert [(leak["line"], leak["role"], leak["name"]) for leak in report["leaks"]] == \
        [(8, "culprit", "A")]


def test_the_human_report_names_the_contradicting_lines(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(DATA / "chat.en.inconsistent.txt")]) == 1
    out = capsys.readouterr().out
    assert out.startswith("INCONSISTENT")
    assert "line 15: B:" in out and "wrong count at line 15: shown 1, should be 2" in out


def test_a_line_that_cannot_be_read_is_listed_not_guessed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chat = tmp_path / "chat.txt"
    chat.write_text("Player: A, did you eat the cake?\nGM: A: Let me tell you about my weekend.\n"
                    "Player: C is the liar and B did it.\nGM: Hmm, interesting theory!\n",
                    encoding="utf-8")
    code, report = audit(chat, capsys)
    assert code == 0 and report["answers"] == 0
    assert {u["line"] for u in report["unread"]} == {4}
    assert len(report["worlds"]) == 9


@pytest.mark.parametrize("content", ["no labels here\njust text\n", "\xff\xfe"])
def test_unreadable_input_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                  content: str) -> None:
    path = tmp_path / "x.txt"
    path.write_bytes(content.encode("latin-1"))
    assert main(["audit", str(path)]) == 2
    assert "refgm audit:" in capsys.readouterr().err
    assert main(["audit", str(tmp_path / "missing.txt")]) == 2


ENGLISH_GAME = ("A, did B eat the cake?", "C, is A the liar?", "B, are you the liar?",
                "The culprit is B and the liar is C.")


def native_log(tmp_path: Path, lang: Lang = "en", player: tuple[str, ...] = ENGLISH_GAME) -> Path:
    """A real game recorded by the play session (by default three questions, then the right
    guess), with the secret B ate it, C lies."""
    config = GameConfig(lang=lang, incident=incident("cake"))
    path = tmp_path / "game.jsonl"
    session, _ = Session.new(config, path, "g", seed=4, secret=World("B", "C"))

    async def play() -> None:
        for text in player:
            await session.step(text)

    asyncio.run(play())
    session.close()
    return path


def test_a_native_log_is_audited_from_what_was_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, report = audit(native_log(tmp_path), capsys)
    assert code == 0 and report["format"] == "native"
    assert report["answers"] == 3 and report["count_errors"] == []
    assert report["reveal"] == {"culprit": "B", "liar": "C", "fits": True,
                                "commitment_ok": True}


@pytest.mark.parametrize(
    ("lang", "player"),
    [
        ("en", ("A, who ate it?", "yes", "B ate it and C is the liar")),
        ("ko", ("A씨, 누가 먹었어요?", "네", "범인은 B, 거짓말쟁이는 C입니다")),
        ("ja", ("Aさん、誰が食べましたか？", "はい", "犯人はB、嘘つきはCです")),
    ],
)
def test_the_cost_confirmation_of_an_open_question_is_not_read_as_answers(
    lang: Lang, player: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The referee's "that asks about 3 things: whether A ate it, ..." asserts nothing."""
    code, report = audit(native_log(tmp_path, lang, player), capsys)
    assert code == 0, report
    assert report["answers"] == 3 and {"culprit": "B", "liar": "C"} in report["worlds"]


def test_a_native_log_whose_reveal_does_not_open_the_commitment_is_inconsistent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = native_log(tmp_path)
    events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for event in events:
        if event["t"] == "game_ended":
            event["secret"] = {"culprit": "A", "liar": "C"}
    path.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    code, report = audit(path, capsys)
    assert code == 1
    assert report["reveal"]["commitment_ok"] is False and report["reveal"]["fits"] is False
