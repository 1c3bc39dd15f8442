"""`--incident-file`: a game master's own incident, played, parsed, evaluated, served and
audited like a built-in one, and a bad file refused with one clear line (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evals.runner import RESULTS
from gm.recorder import read
from gm.render import josa
from refgm.cli import build_parser, main
from refgm.commands import incidents

FILE = """\
[hotteok]
verb = "eat"
ko = "호떡"
ja = "ホットク"
en = "hotteok"

[cocoa]
verb = "drink"
ko = "코코아"
ja = "ココア"
en = "cocoa"
"""
OBJECTS = """\
[vase]
verb = "break"
ko = "꽃병"
ja = "花瓶"
en = "vase"

[earphones]
verb = "take"
ko = "이어폰"
ja = "イヤホン"
en = "earphones"

[remote]
verb = "hide"
ko = "리모컨"
ja = "リモコン"
en = "remote"
"""
# The same game about an object broken, taken or hidden: {p} Korean past stem, {m} Japanese
# polite stem, {t} its plain stem, {v}/{v2} English base and past.
OBJECT_GAMES = {
    "en": ["A, did you {v} the {n}?", "C, did A and B {v} the {n}?", "C {v2} the {n} and A is the liar",
           "B {v2} it and A is the liar"],
    "ko": ["A씨, {n} {p}어요?", "C씨, A씨랑 B씨가 {n} {p}어요?", "C가 {n} {p}고 A가 거짓말쟁이야",
           "B가 {p}고 A가 거짓말쟁이야"],
    "ja": ["Aさん、{n}を{m}ましたか？", "Cさん、AさんとBさんは{n}を{m}ましたか？", "Cさんが{n}を{t}て、嘘つきはAさん",
           "Bさんが{t}て、嘘つきはAさん"],
}
FORMS = {
    "vase": {"ko": {"n": "꽃병", "p": "깨뜨렸"}, "ja": {"n": "花瓶", "m": "割り", "t": "割っ"},
             "en": {"n": "vase", "v": "break", "v2": "broke"}},
    "earphones": {"ko": {"n": "이어폰", "p": "가져갔"}, "ja": {"n": "イヤホン", "m": "持っていき", "t": "持っていっ"},
                  "en": {"n": "earphones", "v": "take", "v2": "took"}},
    "remote": {"ko": {"n": "리모컨", "p": "숨겼"}, "ja": {"n": "リモコン", "m": "隠し", "t": "隠し"},
               "en": {"n": "remote", "v": "hide", "v2": "hid"}},
}
OPENING = {"en": "someone {v2} the {n}.", "ko": "누군가 {n}{j} {p}습니다.", "ja": "誰かが{n}を{m}ました。"}

# A game per language about the file's drink, against the secret culprit B, liar A: a
# question, a compound question, a wrong guess and the right one.
GAMES = {
    "en": ["A, did you drink the cocoa?", "C, did A and B drink the cocoa?",
           "C drank the cocoa and A is the liar", "B drank the cocoa and A is the liar"],
    "ko": ["A씨, 코코아 마셨어요?", "C씨, A씨랑 B씨가 코코아 마셨어요?",
           "C가 코코아를 마셨고 A가 거짓말쟁이야", "B가 코코아를 마셨고 A가 거짓말쟁이야"],
    "ja": ["Aさん、ココアを飲みましたか？", "Cさん、AさんとBさんはココアを飲みましたか？",
           "Cさんがココアを飲んで、嘘つきはAさん", "Bさんがココアを飲んで、嘘つきはAさん"],
}
WIN = {"en": "You win!", "ja": "あなたの勝ちです!", "ko": "승리했습니다!"}


@pytest.fixture
def incident_file(tmp_path: Path) -> Path:
    path = tmp_path / "mine.toml"
    path.write_text(FILE, encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_a_game_about_the_files_incident_is_played_to_the_end(
        lang: str, incident_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = tmp_path / "lines.txt"
    lines.write_text("\n".join(GAMES[lang]) + "\n", encoding="utf-8")
    log = tmp_path / "game.jsonl"
    code = main(["play", "--lang", lang, "--incident-file", str(incident_file), "--incident", "cocoa",
                 "--secret", "B,A", "--seed", "1", "--input", str(lines), "--transcript", str(log)])
    out = capsys.readouterr().out
    assert code == 0 and WIN[lang] in out
    costs = [e.data["intent"].get("queries") for e in read(log).events if e.t == "intent"]
    assert [len(q) for q in costs if q is not None] == [1, 2]
    assert read(log).events[0].data["config"]["incident"]["noun"][lang] == {"en": "cocoa", "ko": "코코아",
                                                                           "ja": "ココア"}[lang]
    assert main(["replay", str(log)]) == 0  # the log replays without the file
    assert main(["audit", str(log)]) == 0


@pytest.mark.parametrize("key", ["vase", "earphones", "remote"])
@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_a_game_about_an_object_broken_taken_or_hidden_is_played_to_the_end(
        lang: str, key: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "objects.toml"
    path.write_text(OBJECTS, encoding="utf-8")
    forms = FORMS[key][lang]
    lines = tmp_path / "lines.txt"
    lines.write_text("\n".join(t.format(**forms) for t in OBJECT_GAMES[lang]) + "\n", encoding="utf-8")
    log = tmp_path / "game.jsonl"
    code = main(["play", "--lang", lang, "--incident-file", str(path), "--incident", key,
                 "--secret", "B,A", "--seed", "1", "--input", str(lines), "--transcript", str(log)])
    out = capsys.readouterr().out
    assert code == 0 and WIN[lang] in out, out
    particle = josa(forms["n"], "을", "를")[len(forms["n"]):] if lang == "ko" else ""
    assert OPENING[lang].format(j=particle, **forms) in out  # the act, and no "last" vase
    costs = [e.data["intent"].get("queries") for e in read(log).events if e.t == "intent"]
    assert [len(q) for q in costs if q is not None] == [1, 2]
    assert main(["audit", str(log)]) == 0


def test_a_file_of_one_incident_is_the_game_a_file_of_several_draws_among_them(incident_file: Path,
                                                                             tmp_path: Path) -> None:
    parser = build_parser()
    args = parser.parse_args(["play", "--incident-file", str(incident_file)])
    assert {incidents.drawn(args, seed).key for seed in range(40)} == {"hotteok", "cocoa"}
    one = tmp_path / "one.toml"
    one.write_text(FILE.split("\n\n")[0], encoding="utf-8")
    args = parser.parse_args(["play", "--incident-file", str(one)])
    assert {incidents.drawn(args, seed).key for seed in range(10)} == {"hotteok"}


@pytest.mark.parametrize("command", [["play"], ["parse", "x"], ["eval"], ["serve"], ["audit", "chat.txt"]])
def test_a_bad_incident_file_is_one_line_and_exit_2(command: list[str], tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[pie]\nverb = "bake"\nko = "파이"\nja = "パイ"\nen = "pie"\n', encoding="utf-8")
    with pytest.raises(SystemExit) as exited:
        main([*command, "--incident-file", str(bad)])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert f"argument --incident-file: {bad}: [pie]: 'verb' must be one of eat, drink, break, take, hide, not 'bake'" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("command", [["play", "--input", "/dev/null"], ["parse", "x"], ["eval", "--quiet"]])
def test_an_unknown_incident_key_is_one_line_and_exit_2(command: list[str],
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*command, "--incident", "pie"]) == 2
    assert "unknown incident 'pie'; known: cake, pudding, cookie, donut, juice" in capsys.readouterr().err


def test_parse_reads_a_line_about_the_files_incident(incident_file: Path, capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys
    lines = '{"text": "B, did C eat the hotteok?", "incident": "hotteok"}\n{"text": "x", "incident": "pie"}\n'
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(lines.encode())))
    main(["parse", "--jsonl", "--incident-file", str(incident_file)])
    first, second = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert first["propositions"] == [{"speaker": "B", "about": "C", "predicate": "culprit", "negated": False}]
    assert "must be one of cake, pudding, cookie, donut, juice, hotteok, cocoa" in second["error"]


def test_an_eval_plays_the_files_incident(incident_file: Path, tmp_path: Path) -> None:
    run = tmp_path / "run"
    assert main(["eval", "--lang", "ko", "--player", "optimal", "--games", "1", "--quiet",
                 "--incident-file", str(incident_file), "--incident", "hotteok", "--out", str(run)]) == 0
    rows = [json.loads(line) for line in (run / RESULTS).read_text(encoding="utf-8").splitlines()]
    assert rows and {row["incident"] for row in rows} == {"hotteok"}
    assert all(row["contradiction"] is None or row["contradiction"] is False for row in rows)
