"""`refgm replay` and `refgm verify` over the committed transcripts and tampered copies."""

from __future__ import annotations

import argparse
import asyncio
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from gm.bots import open_bot
from gm.match import BotPlayer, Match
from gm.recorder import TranscriptError, read, sidecar_path
from gm.session import GameConfig, Session
from referee.garnet.protocol import GAME as GARNET
from referee.lang.incident import LANGS, incident
from refgm.cli import main
from refgm.commands.replay import first_difference, replay, run
from tests.gm.logs import TAMPERINGS, caught_at, record, tamper, unended
from tests.gm.test_match_secret import players
from tests.refgm.commands.test_play import GAMES, refgm

TRANSCRIPTS = sorted((Path(__file__).parents[3] / "transcripts").glob("*.jsonl"))


def test_transcripts_are_committed_in_every_language() -> None:
    langs = {json.loads(p.read_text("utf-8").splitlines()[0])["config"]["lang"] for p in TRANSCRIPTS}
    assert langs == {"en", "ja", "ko"}


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.name)
def test_committed_transcripts_replay_exactly(tmp_path: Path, path: Path) -> None:
    """Logs written before verdicts dropped each answer's truth replay unchanged."""
    assert '"truth"' in path.read_text("utf-8").split('"game_ended"')[0]
    checked = replay(read(path))
    assert checked and all(not r.problems for r in checked)
    done = refgm(tmp_path, "replay", str(path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(checked)} turns replayed, 0 mismatched." in done.stdout


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.name)
def test_the_revealed_secret_opens_the_commitment(tmp_path: Path, path: Path) -> None:
    ended = json.loads(path.read_text("utf-8").splitlines()[-1])
    secret = f"{ended['secret']['culprit']},{ended['secret']['liar']}"
    assert refgm(tmp_path, "verify", ended["commitment"], secret, ended["nonce"]).returncode == 0
    wrong = "A,A" if secret != "A,A" else "B,B"
    done = refgm(tmp_path, "verify", ended["commitment"], wrong, ended["nonce"])
    assert done.returncode == 1 and "MISMATCH" in done.stdout
    bad = refgm(tmp_path, "verify", "beef", secret, ended["nonce"])
    assert bad.returncode == 2 and "64 hex digits" in bad.stderr


def _tampered(tmp_path: Path, source: Path, t: str, change: dict) -> Path:
    lines = source.read_text("utf-8").splitlines()
    for i, line in enumerate(lines):
        event = json.loads(line)
        if event["t"] == t:
            lines[i] = json.dumps({**event, **change}, ensure_ascii=False)
            break
    path = tmp_path / source.name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("t, change, problem", [
    ("verdict", {"remaining": 0}, "verdict differs"),
    ("model_attempt", {"accepted": False}, "was rejected, now accepted"),
    ("model_attempt", {"lines": [["A", "C ate the cake."]]}, "was accepted, now rejected"),
])
def test_a_mismatch_fails_the_replay(tmp_path: Path, t: str, change: dict, problem: str) -> None:
    path = _tampered(tmp_path, TRANSCRIPTS[0], t, change)
    done = refgm(tmp_path, "replay", str(path))
    assert done.returncode == 1 and problem in done.stdout


def test_malformed_recorded_lines_are_named_with_their_field(tmp_path: Path) -> None:
    path = _tampered(tmp_path, TRANSCRIPTS[0], "model_attempt", {"lines": [["A"]]})
    line = 1 + next(i for i, text in enumerate(path.read_text("utf-8").splitlines()) if '"model_attempt"' in text)
    done = refgm(tmp_path, "replay", str(path))
    assert done.returncode == 2 and f"{path}:{line}: lines.0.1: missing" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_a_changed_secret_does_not_open_the_commitment(tmp_path: Path) -> None:
    path = _tampered(tmp_path, TRANSCRIPTS[0], "game_ended", {"secret": {"culprit": "C", "liar": "C"}})
    ended = len(path.read_text("utf-8").splitlines())
    with pytest.raises(TranscriptError, match=f"jsonl:{ended}: .*do not open the commitment"):
        replay(read(path))
    done = refgm(tmp_path, "replay", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_an_unfinished_game_replays_from_its_sidecar(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    refgm(tmp_path, "play", "--incident", "cake", "--transcript", str(log),
          stdin="A, did B eat the cake?\n")
    assert refgm(tmp_path, "replay", str(log)).returncode == 0
    log.with_name("g.secret.json").unlink()
    done = refgm(tmp_path, "replay", str(log))
    assert done.returncode == 2 and "cannot read the sealed secret" in done.stderr


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A game per language, finished, with its sidecar (see tests.gm.logs.record)."""
    folder = tmp_path_factory.mktemp("games")
    return {lang: record(folder, lang) for lang in LANGS}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", TAMPERINGS)
def test_every_kind_of_tampering_is_caught_at_its_line(
    tmp_path: Path, recorded: dict[str, Path], kind: str, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert first_difference(replay(read(recorded[lang]))) is None
    path, line = tamper(tmp_path, recorded[lang], kind)
    assert caught_at(path) == line
    code = run(argparse.Namespace(transcript=str(path), seat=None))
    out, err = capsys.readouterr()
    assert code in (1, 2) and f"{path}:{line}: " in out + err


@pytest.mark.parametrize("lang", LANGS)
def test_an_unfinished_game_replays_clean_at_every_event(
    tmp_path: Path, recorded: dict[str, Path], lang: str
) -> None:
    """What a crash leaves (a last turn with any of its events but no gm) is no mismatch."""
    lines = recorded[lang].read_text("utf-8").splitlines(keepends=True)
    sealed = unended(recorded[lang])
    for kept in range(1, len(lines)):
        path = tmp_path / f"{kept}.jsonl"
        path.write_text("".join(lines[:kept]), "utf-8")
        sidecar_path(path).write_bytes(sealed)
        assert first_difference(replay(read(path))) is None, lines[kept - 1]


def test_player_text_that_looks_like_markup_is_shown_as_typed(tmp_path: Path) -> None:
    """rich reads plain strings as markup: '[/]' raised MarkupError and '[bold]' restyled."""
    log = tmp_path / "g.jsonl"
    played = refgm(tmp_path, "play", "--seed", "7", "--incident", "cake", "--transcript", str(log),
                   stdin="[/] hmm [bold]A[/bold], did B eat the cake?\n")
    assert played.returncode == 0, played.stderr
    done = refgm(tmp_path, "replay", str(log))
    assert done.returncode == 0, done.stderr
    assert "[/] hmm" in done.stdout and "Traceback" not in done.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_a_request_to_rephrase_replays_with_its_typed_problem_or_an_older_english_reason(
    tmp_path: Path, lang: str
) -> None:
    """A log records why a message was not charged as its kind; logs written before the kinds
    carry an English "reason" and still replay; a changed kind is caught."""
    path = tmp_path / "game.jsonl"
    session, _ = Session.new(GameConfig(lang=lang, incident=incident("cake")), path, lang, seed=5)  # type: ignore[arg-type]
    for text in ("Dさん、食べましたか？" if lang == "ja" else "D, did you eat it?" if lang == "en" else "D씨, 먹었어요?",
                 GAMES[lang][0]):
        asyncio.run(session.step(text))
    session.close()
    lines = path.read_text("utf-8").splitlines()
    recorded = [json.loads(line) for line in lines]
    problems = [h["problem"] for e in recorded for h in (e, e.get("intent") or {}) if "problem" in h]
    assert problems == [{"why": "unknown-person", "names": ["D"]}] * 2  # the intent and the verdict
    assert not any(r.problems for r in replay(read(path)))

    def rewritten(change: Callable[[dict], None]) -> Path:
        events = [json.loads(line) for line in lines]
        for event in events:
            for holder in (event, event.get("intent") or {}):
                if "problem" in holder:
                    change(holder)
        out = tmp_path / f"{len(list(tmp_path.iterdir()))}.jsonl"
        out.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events), "utf-8")
        sidecar_path(out).write_bytes(sidecar_path(path).read_bytes())
        return out

    def older(holder: dict) -> None:
        holder["reason"] = "unknown person: D (the suspects are A, B, C)"
        del holder["problem"]

    def changed(holder: dict) -> None:
        holder["problem"] = {"why": "no-addressee"}

    assert not any(r.problems for r in replay(read(rewritten(older))))
    assert any(r.problems for r in replay(read(rewritten(changed))))


def test_a_log_says_which_game_and_one_without_is_a_liar_game(tmp_path: Path) -> None:
    """New logs record `"game": "liar"`; the committed ones, written before, have none and
    replay as liar games; another game's log is refused with a clear error, not misread."""
    path = tmp_path / "game.jsonl"
    session, _ = Session.new(GameConfig(lang="en", incident=incident("cake")), path, "en", seed=5)
    asyncio.run(session.step(GAMES["en"][0]))
    session.close()
    started = json.loads(path.read_text("utf-8").splitlines()[0])
    assert started["game"] == "liar"
    assert all("game" not in json.loads(p.read_text("utf-8").splitlines()[0]) for p in TRANSCRIPTS)
    started["game"] = "monorail"
    other = tmp_path / "other.jsonl"
    other.write_text("\n".join([json.dumps(started), *path.read_text("utf-8").splitlines()[1:]]) + "\n", "utf-8")
    sidecar_path(other).write_bytes(sidecar_path(path).read_bytes())
    done = refgm(tmp_path, "replay", str(other))
    assert done.returncode == 2 and f"{other}:1: config.rules: missing" in done.stderr, done.stderr
    started["game"] = "chess"
    other.write_text("\n".join([json.dumps(started), *path.read_text("utf-8").splitlines()[1:]]) + "\n", "utf-8")
    done = refgm(tmp_path, "replay", str(other))
    assert done.returncode == 2 and f"{other}:1: game: no game called 'chess'" in done.stderr, done.stderr


def test_a_garnet_game_in_progress_replays_without_the_open_rounds_choices(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """From a second terminal, `refgm replay` must not tell a player the choices not yet revealed."""
    log = tmp_path / "g.jsonl"
    game = Match.start(GARNET, players(2), log, "g", seed=2)
    for _ in range(11):  # round 1 revealed, three choices of round 2 open
        asyncio.run(game.turn())
    game.close()
    assert main(["replay", str(log)]) == 0
    out = capsys.readouterr().out
    assert out.count("(secret until its reveal") == 3 and out.count('"choose"') == 8


def test_a_bots_seat_of_a_game_in_progress_is_not_replayed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Else the person at the table reads a bot's open choice with replay --seat."""
    log = tmp_path / "g.jsonl"
    seats = {**players(3), **{seat: BotPlayer(open_bot("garnet", "truthful")) for seat in "2345678"}}
    game = Match.start(GARNET, seats, log, "g", seed=3)
    for _ in range(11):
        asyncio.run(game.turn())
    game.close()
    assert main(["replay", str(log), "--seat", "2"]) == 2
    assert "seat 2 is not played by a person" in capsys.readouterr().err
    assert main(["replay", str(log), "--seat", "1"]) == 0
