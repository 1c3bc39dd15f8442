"""`refgm audit`: pasted chats in three languages and native logs, exit codes and findings."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.bots import open_bot
from gm.match import BotPlayer, Match
from gm.session import GameConfig, Session
from referee.lang.incident import Lang, incident
from referee.lang.limits import MESSAGE_CHARS, UTTERANCE_CHARS
from referee.liar import World
from referee.monorail.protocol import GAME
from refgm.cli import main
from refgm.commands.audit import LEAKS_READ

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
    assert report["reveal"]["fits"] is None  # no world is left to judge it by: not a changed secret


def test_japanese_inconsistent_chat(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = audit(DATA / "chat.ja.inconsistent.txt", capsys)
    assert code == 1
    assert report["contradiction"]["line"] == 11
    assert report["count_errors"] == [{"line": 5, "shown": 6, "expected": 5}]
    # after a contradiction no world is left to judge a verdict by: none is called wrong
    assert report["wrong_verdicts"] == []
    assert report["reveal"] == {"culprit": "C", "liar": "A", "fits": None, "fits_answers": False}


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
    assert report["reveal"] == {"culprit": "B", "liar": "C", "fits": True, "fits_answers": True,
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


# --- malformed input: exit 2 with FILE:LINE: what, never a traceback ------------------------

TRANSCRIPTS = Path(__file__).resolve().parents[3] / "transcripts"
UNREADABLE = re.compile(r"refgm audit: [^\n]+:\d+: [^\n]+\n")


def events_of(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (TRANSCRIPTS / name).read_text(encoding="utf-8").splitlines()]


def write_log(path: Path, events: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    return path


def test_a_log_whose_config_is_not_an_object_exits_2(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "log.jsonl"
    path.write_text('{"v":1,"t":"game_started","config":"en"}\n', encoding="utf-8")
    assert main(["audit", str(path)]) == 2
    assert capsys.readouterr().err == f'refgm audit: {path}:1: "config" must be an object\n'


@pytest.mark.parametrize(
    ("t", "keys", "bad", "what"),
    [
        ("game_started", ("config", "lang"), "fr", '"config.lang" must be one of ko, ja, en'),
        ("game_started", ("config", "roster"), [1, 2], '"config.roster" must be a list of names'),
        ("game_started", ("config", "roster"), ["A"], '"config.roster": a roster has 2 to 6 names, not 1'),
        ("game_started", ("config", "budget"), "7", '"config.budget" must be a whole number of at least 1'),
        ("game_started", ("config", "incident"), {}, '"config.incident" must be one of'),
        ("game_started", ("commitment",), 5, '"commitment" must be a string'),
        ("player", ("text",), None, '"text" must be a string'),
        ("gm", ("text",), "\ud800", '"text" is not Unicode text: a lone surrogate U+D800'),
        ("intent", ("intent", "queries", 0, "speaker"), "Z", '"intent" must be an intent of a session'),
        ("intent", ("intent", "queries"), 3, '"intent" must be an intent of a session'),
        ("intent", ("intent", "queries", 0, "proposition", "predicate"), "ate", '"intent" must be'),
        ("game_ended", ("secret",), "B,C", '"secret" must be {"culprit": NAME, "liar": NAME}'),
        ("game_ended", ("secret", "liar"), ["C"], '"secret" must be'),
        ("game_ended", ("nonce",), 5, '"nonce" must be a string'),
    ],
)
def test_a_native_log_with_a_field_of_the_wrong_shape_exits_2_naming_its_line(
    t: str, keys: tuple[Any, ...], bad: Any, what: str, tmp_path: Path,
    capsys: pytest.CaptureFixture[str]
) -> None:
    events = events_of("en-cake.jsonl")
    number = next(i for i, event in enumerate(events) if event["t"] == t)
    target = events[number]
    for key in keys[:-1]:
        target = target[key]
    target[keys[-1]] = bad
    path = write_log(tmp_path / "log.jsonl", events)
    assert main(["audit", str(path)]) == 2
    assert capsys.readouterr().err.startswith(f"refgm audit: {path}:{number + 1}: {what}")


@pytest.mark.parametrize("line", ["[" * 5_000 + "]" * 5_000, '{"v": 1, "t": "gm", "n": ' + "9" * 5_000 + "}"])
def test_a_log_line_json_cannot_hold_exits_2(line: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "log.jsonl"
    path.write_text(json.dumps(events_of("en-cake.jsonl")[0]) + "\n" + line + "\n", encoding="utf-8")
    assert main(["audit", str(path)]) == 2
    assert capsys.readouterr().err.startswith(f"refgm audit: {path}:2: not JSON this program reads")


@pytest.mark.parametrize(("role", "limit"), [("Player", UTTERANCE_CHARS), ("GM", MESSAGE_CHARS)])
def test_a_chat_message_over_its_limit_exits_2_naming_its_line(
    role: str, limit: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "chat.txt"
    path.write_text(f"Player: A, did you eat it?\nGM: A: No.\n{role}: " + "あ" * (limit + 1) + "\n",
                    encoding="utf-8")
    assert main(["audit", str(path)]) == 2
    who = "player" if role == "Player" else "game master"
    assert capsys.readouterr().err == (f"refgm audit: {path}:3: a {who} message is longer than "
                                       f"{limit:,} characters ({limit + 1:,})\n")


def test_a_chat_that_is_not_utf8_is_reported_at_its_line(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "chat.txt"
    path.write_bytes(b"Player: A, did you eat it?\nGM: A: No\xff\n")
    assert main(["audit", str(path)]) == 2
    assert capsys.readouterr().err == f"refgm audit: {path}:2: not UTF-8 text (byte 0xff)\n"


def _leaves(obj: Any, keys: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    inner: list[tuple[Any, ...]] = []
    if isinstance(obj, dict):
        inner = [leaf for key, value in obj.items() for leaf in _leaves(value, (*keys, key))]
    elif isinstance(obj, list):
        inner = [leaf for i, value in enumerate(obj) for leaf in _leaves(value, (*keys, i))]
    return [keys, *inner] if keys else inner


_bad_value = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=8),
              st.sampled_from(["A", "Z", "", "\ud800", "question", "guess", "culprit"])),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=6,
)


def _check_exit(path: Path, capsys: pytest.CaptureFixture[str], *options: str) -> None:
    code = main(["audit", str(path), "--json", *options])
    captured = capsys.readouterr()
    assert code in (0, 1, 2)
    if code == 2:
        assert UNREADABLE.fullmatch(captured.err) or "no player messages" in captured.err, captured.err
    else:
        assert json.loads(captured.out)["consistent"] is (code == 0)


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_fuzz_native_logs_with_a_bad_value_in_any_field(data: st.DataObject, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    events = events_of(data.draw(st.sampled_from(["en-cake.jsonl", "ja-pudding.jsonl", "ko-donut.jsonl"])))
    for _ in range(data.draw(st.integers(1, 3))):
        event = data.draw(st.sampled_from(events))
        keys = data.draw(st.sampled_from([k for k in _leaves(event) if k[0] not in ("v", "t")]))
        target = event
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = data.draw(_bad_value)
    _check_exit(write_log(tmp_path / "log.jsonl", events), capsys)


_label = st.sampled_from(["Player: ", "GM: ", "User: ", "Assistant: ", "플레이어: ", "プレイヤー: ", "**GM:** ", ""])
_words = st.sampled_from(["A", "B", "C", "씨", "さん", "네", "いいえ", "ケーキ", "먹었어요", "ate", "liar", "?", "。",
                          "Questions left: 5", "남은 질문: 5회", "残り質問回数：5回", "Correct!", "\x00", "\u202e",
                          "9" * 30, "-1", "Aさん、食べましたか？", "A씨, 먹었어요?", "A, did you eat it?",
                          "B: No, I didn't eat it.", "B ate it and C is the liar", "yes"])
_chat = st.lists(st.tuples(_label, st.one_of(st.text(max_size=40), st.lists(_words, max_size=8).map(" ".join))),
                 min_size=1, max_size=10).map(lambda messages: "\n".join(label + text for label, text in messages))


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(chat=_chat, lang=st.sampled_from([[], ["--lang", "ko"], ["--lang", "ja"], ["--lang", "en"]]))
def test_fuzz_chats(chat: str, lang: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "chat.txt"
    path.write_bytes(chat.encode("utf-8", "surrogatepass"))
    _check_exit(path, capsys, *lang)


def test_a_japanese_message_over_sudachis_byte_limit_is_audited(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "chat.txt"
    path.write_text("プレイヤー: Aさん、ケーキを食べましたか？\nGM: A: いいえ、私は食べていません。"
                    + "あ" * 19_000 + "\n", encoding="utf-8")
    code, report = audit(path, capsys)
    assert code == 0 and report["lang"] == "ja" and report["answers"] == 1


@pytest.mark.parametrize("first", ["9" * 5_000, "[" * 5_000])
def test_a_chat_whose_first_line_json_cannot_hold_is_read_as_a_chat(first: str, tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "chat.txt"
    path.write_text(first + "\n" + (DATA / "chat.en.consistent.txt").read_text(encoding="utf-8"),
                    encoding="utf-8")
    code, report = audit(path, capsys)
    assert code == 0 and report["format"] == "chat"


@pytest.mark.parametrize("budget", ["0", "-1", "x"])
def test_a_budget_below_one_is_a_usage_error(budget: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        main(["audit", str(DATA / "chat.en.consistent.txt"), "--budget", budget])
    assert exit.value.code == 2 and "a budget is a whole number of at least 1" in capsys.readouterr().err


# Chats pasted from chat apps (Discord, ChatGPT, LINE, Claude, KakaoTalk, a plain "나:"
# log), casual player lines, character lines in the apps' shapes. Before, none had a label
# the audit read (exit 2), and pasted with plain labels every consistent one reported count
# errors: the guess "ok I got it, B ate the cake and B is also the liar" (or its ko/ja
# twin) read as a remark shifted every later count.
APP_CHATS = {
    "app.en.discord.consistent.txt": {},
    "app.ja.line.consistent.txt": {},
    "app.ko.kakao.consistent.txt": {},
    "app.en.chatgpt.inconsistent.txt": {"contradiction": 25, "count_errors": [(25, 2, 3)]},
    "app.ja.claude.inconsistent.txt": {"count_errors": [(8, 5, 4)], "wrong_verdicts": [11]},
    "app.ko.plain.inconsistent.txt": {"contradiction": 13, "count_errors": [(13, 4, 3)]},
}


@pytest.mark.parametrize("name", sorted(APP_CHATS))
def test_chats_pasted_from_chat_apps_keep_their_detections_and_raise_no_false_alarm(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = APP_CHATS[name]
    code, report = audit(DATA / name, capsys)
    assert code == (1 if expected else 0), report
    assert (report["contradiction"] or {}).get("line") == expected.get("contradiction")
    assert [(e["line"], e["shown"], e["expected"]) for e in report["count_errors"]] == \
        expected.get("count_errors", [])
    assert [v["line"] for v in report["wrong_verdicts"]] == expected.get("wrong_verdicts", [])
    assert report["leaks"] == [] and report["unread"] == [] and report["uncertain"] == []
    assert report["answers"] == (4 if "chatgpt" in name or "plain" in name else 3)


ANSWERED_REMARK = ("Player: A, did you eat the cake?\nGM: A: No, I didn't eat it.\n{count1}"
                   "Player: lol ok\nGM: A: I ate the cake.\n{count2}")


def test_a_finding_that_holds_in_some_readings_only_is_listed_as_uncertain(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """"lol ok" answered: if it was a question, A contradicts himself; if a remark, the reply
    holds no answer. Nothing in the chat tells which, so no error is reported (exit 0)."""
    chat = tmp_path / "chat.txt"
    chat.write_text(ANSWERED_REMARK.format(count1="", count2=""), encoding="utf-8")
    code, report = audit(chat, capsys)
    assert code == 0 and report["contradiction"] is None
    assert [(u["line"], u["text"]) for u in report["uncertain"]] == [(3, "lol ok")]
    assert "contradiction only in some readings" in report["uncertain"][0]["why"]
    assert main(["audit", str(chat)]) == 0
    assert "uncertain" in capsys.readouterr().out


def test_the_shown_counts_decide_what_a_line_cost(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same chat with its counts: "lol ok" cost one question, so it was one, and the
    contradiction holds in the only reading that fits."""
    chat = tmp_path / "chat.txt"
    chat.write_text(ANSWERED_REMARK.format(count1="Questions left: 6\n",
                                           count2="Questions left: 5\n"), encoding="utf-8")
    code, report = audit(chat, capsys)
    assert code == 1 and report["contradiction"]["line"] == 5
    assert report["count_errors"] == [] and report["uncertain"] == []


@pytest.mark.parametrize(("lang", "line", "verdict", "left"), [
    ("en", "hmm yeah B, and the liar is prob C i guess", "Incorrect. That cost 1 question; "
     "{n} questions left.", "Questions left: {n}"),
    ("ko", "음 B가 먹은 듯, 거짓말쟁이는 C 같음", "오답입니다. 질문권 1회를 차감했습니다. 남은 질문 {n}회.",
     "남은 질문: {n}회"),
    ("ja", "うーん犯人B、嘘つきはCっぽい", "不正解です。質問権を1回消費しました。残り{n}回。",
     "残り質問回数：{n}回"),
])
def test_a_line_judged_incorrect_was_a_guess_whatever_the_parser_reads(
    lang: str, line: str, verdict: str, left: str, tmp_path: Path,
    capsys: pytest.CaptureFixture[str]
) -> None:
    """A guess costs 1 when judged wrong, whether the parser reads the line as a guess, a
    remark or nothing it can read: the later counts are checked from there."""
    asked = {"en": ("A, did you eat the cake?", "A: No, I didn't eat it."),
             "ko": ("A씨, 케이크 먹었어요?", "A씨: 아니요, 저는 안 먹었어요."),
             "ja": ("Aさん、ケーキを食べましたか？", "「A: いいえ、私は食べていません。」")}[lang]
    chat = tmp_path / "chat.txt"
    chat.write_text(f"Player: {asked[0]}\nGM: {asked[1]}\n{left.format(n=6)}\n"
                    f"Player: {line}\nGM: {verdict.format(n=5)}\n"
                    f"Player: {asked[0]}\nGM: {asked[1]}\n{left.format(n=4)}\n",
                    encoding="utf-8")
    code, report = audit(chat, capsys, "--lang", lang)
    assert code == 0 and report["count_errors"] == [] and report["unread"] == [], report
    chat.write_text(chat.read_text(encoding="utf-8").replace(left.format(n=4), left.format(n=5)),
                    encoding="utf-8")
    code, report = audit(chat, capsys, "--lang", lang)
    assert code == 1 and [e["line"] for e in report["count_errors"]] == [7]


# --- real refgm games pasted from chat apps: never a false alarm ----------------------------

# Casual play in each language: questions, an open question and its yes (a cost to
# confirm), remarks, a count request, a wrong guess, then questions up to the final-answer
# prompt and the right answer. The secret is B ate it, C lies.
CASUAL = {
    "en": ("B, did you eat the cake?", "A did u eat the cake", "hmm so its B or C", "A, who ate it?", "yes",
           "how many questions left?", "ok I got it, A ate the cake and A is also the liar",
           "C, is B the liar?", "B, is C the liar?", "A, is C the liar?", "B, did C eat it?",
           "A, did B eat it?", "B ate it and C is the liar"),
    "ko": ("B씨, 케이크 먹었어요?", "A씨 케이크 먹었어요?", "음 B 아니면 C네", "A씨, 누가 먹었어요?", "네", "질문 몇 번 남았어요?",
           "범인은 A, 거짓말쟁이도 A", "C씨, B씨가 거짓말쟁이예요?", "B씨, C씨가 거짓말쟁이예요?",
           "A씨, C씨가 거짓말쟁이예요?", "B씨, C씨가 케이크 먹었어요?", "A씨, B씨가 먹었어요?",
           "범인은 B, 거짓말쟁이는 C"),
    "ja": ("Bさん、ケーキを食べましたか？", "Aさんってケーキ食べた？", "うーん、BかCかな", "Aさん、誰が食べましたか？", "はい",
           "残りの質問は何回？", "犯人はAさん、嘘つきもAさんです", "Cさん、Bさんは嘘つきですか？",
           "Bさん、Cさんは嘘つきですか？", "Aさん、Cさんは嘘つきですか？",
           "Bさん、Cさんはケーキを食べましたか？", "Aさん、Bさんは食べましたか？",
           "犯人はBさん、嘘つきはCさんです"),
}


def _discord(role: str, text: str, lang: Lang) -> str:
    name = "player" if role == "player" else "GM"
    body = "\n".join(f"> **{line[0]}:** {line[3:]}" if line[1:3] == ": " else line
                     for line in text.splitlines())
    return f"{name} — Today at 20:01\n{body}"


def _chatgpt(role: str, text: str, lang: Lang) -> str:
    body = "\n".join(f"**{line[0]}**：「{line[3:]}」" if line[1:3] == ": " else line
                     for line in text.splitlines())
    return ("You said:\n" if role == "player" else "ChatGPT said:\n") + body


def _kakao(role: str, text: str, lang: Lang) -> str:
    name = {"ko": "플레이어", "ja": "プレイヤー", "en": "Player"}[lang] if role == "player" else "GM"
    body = "\n".join(f"🙂 {line[0]} - {line[3:]}" if line[1:3] == ": " else line
                     for line in text.splitlines())
    return f"[{name}] [오후 8:01] {body}"


@pytest.mark.parametrize("shape", [_discord, _chatgpt, _kakao])
@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_a_real_game_pasted_from_a_chat_app_is_consistent_and_read_whole(
    lang: Lang, shape: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every reply of the play session, its cost confirmation, notes, counts, final-answer
    prompt and ending included, is read: no error, nothing unread, nothing uncertain."""
    session, _ = Session.new(GameConfig(lang=lang, incident=incident("cake")),
                             tmp_path / "game.jsonl", "g", seed=4, secret=World("B", "C"))

    async def play() -> list[str]:
        out = []
        for text in CASUAL[lang]:
            if session.state.over:
                break
            turn = await session.step(text)
            out += [shape("player", text, lang), shape("gm", turn.reply, lang)]
        return out

    chat = tmp_path / "chat.txt"
    chat.write_text("\n".join(asyncio.run(play())) + "\n", encoding="utf-8")
    session.close()
    code, report = audit(chat, capsys, "--lang", lang)
    assert code == 0, report
    assert report["unread"] == [] and report["uncertain"] == [], report
    assert report["count_errors"] == [] and report["answers"] >= 6
    assert {"culprit": "B", "liar": "C"} in report["worlds"]
    # its faulty twin: the first count shown (6 left after the first question) says 5,
    # the later ones stay right
    text = chat.read_text(encoding="utf-8")
    chat.write_text(text.replace("6", "5", 1), encoding="utf-8")
    code, report = audit(chat, capsys, "--lang", lang)
    assert code == 1 and [(e["shown"], e["expected"]) for e in report["count_errors"]] == [(5, 6)]


def test_past_the_combinations_it_tries_no_finding_is_certain(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ten answered remarks make 1,024 combinations of readings, over the 512 tried."""
    chat = tmp_path / "chat.txt"
    chat.write_text("Player: A, did you eat the cake?\nGM: A: No, I didn't eat it.\n"
                    + "Player: lol ok\nGM: A: I ate the cake.\n" * 10, encoding="utf-8")
    code, report = audit(chat, capsys)
    assert code == 0 and report["contradiction"] is None and len(report["uncertain"]) == 10
    assert all("too many to try" in u["why"] for u in report["uncertain"])


def test_an_open_question_a_model_answers_at_once_is_charged_what_was_answered(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A model game master answers "A, who ate it?" without stating its cost first and
    charges 1; "ok" is then answered too. Before, both counts were called wrong."""
    chat = tmp_path / "chat.txt"
    chat.write_text("Player: A, who ate the cake, go on\nGM: A: I did not eat it.\n"
                    "Questions left: 6\nPlayer: ok\nGM: A: B ate the cake.\nQuestions left: 5\n",
                    encoding="utf-8")
    code, report = audit(chat, capsys)
    assert code == 0 and report["count_errors"] == [] and report["answers"] == 2, report


def monorail_log(path: Path) -> Path:
    """A finished Monorail game between bots, as `refgm play --game monorail` records one."""
    seats = {seat: BotPlayer(open_bot("monorail", "greedy")) for seat in ("first", "second")}
    played = Match.start(GAME, seats, path, "m", seed=4)
    asyncio.run(played.run())
    played.close()
    return path


def test_a_monorail_log_is_audited_by_its_referee_not_read_as_a_liar_chat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, report = audit(monorail_log(tmp_path / "m.jsonl"), capsys)
    assert code == 0 and report["game"] == "monorail" and report["consistent"]
    assert report["moves"] >= 2 and report["commitment_ok"] is True and report["problems"] == []
    assert report["result"]["winners"] and "worlds" not in report


def test_a_tampered_monorail_move_makes_the_audit_inconsistent(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = monorail_log(tmp_path / "m.jsonl")
    lines = log.read_text("utf-8").splitlines()
    lines[1] = lines[1].replace('"place": [[', '"place": [[40, 40, "H"], [')
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["audit", str(log)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("INCONSISTENT") and "line 2 (ply 0): the referee refuses this move now" in out


@pytest.mark.parametrize(("closing", "flagged"), [
    ("Correct! Well played, you named both.", False),  # nothing said of anyone: nothing to check
    ("Correct! Funny thing: the stapler turned up in A's drawer, so it was never stolen.", True),  # names A, unread
])
def test_after_a_win_closing_words_that_name_someone_and_read_as_no_reveal_are_not_checked(
        closing: str, flagged: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A game won names the pair by its verdicts, but the game master may still change it in
    its closing words: when those name someone and no reveal was read, "consistent" is not said."""
    chat = tmp_path / "chat.txt"
    chat.write_text("\n".join([
        "GM: Someone took the stapler. One of A, B and C did it; one of them is the liar.",
        "Player: A, did you take the stapler?", "GM: A: No.\nQuestions left: 6",
        "Player: B, did you take the stapler?", "GM: B: Yes, I took it.\nQuestions left: 5",
        "Player: C, is A honest?", "GM: C: No.\nQuestions left: 4",
        "Player: B took it and C is the liar", f"GM: {closing}"]) + "\n", encoding="utf-8")
    code, report = audit(chat, capsys)
    assert code == 0 and report["reveal"] is None
    assert any("closing words" in n for n in report["not_checked"]) is flagged, report["not_checked"]


@pytest.mark.parametrize("name", ["chat.en.consistent.txt", "chat.ko.consistent.txt"])
def test_the_text_report_says_which_leaks_it_looked_for(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A chat with no leak found may hold a hint said in other words: the report says so, every time."""
    assert main(["audit", str(DATA / name)]) == 0
    assert capsys.readouterr().out.rstrip().splitlines()[-1] == LEAKS_READ
