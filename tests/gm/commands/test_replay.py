"""`refgm replay` and `refgm verify` over the committed transcripts and tampered copies."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gm.commands.replay import replay
from gm.transcript import TranscriptError, read
from tests.gm.commands.test_play import refgm

TRANSCRIPTS = sorted((Path(__file__).parents[3] / "transcripts").glob("*.jsonl"))


def test_transcripts_are_committed_in_every_language() -> None:
    langs = {json.loads(p.read_text("utf-8").splitlines()[0])["config"]["lang"] for p in TRANSCRIPTS}
    assert langs == {"en", "ja", "ko"}


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.name)
def test_committed_transcripts_replay_exactly(tmp_path: Path, path: Path) -> None:
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


def test_malformed_recorded_lines_are_named(tmp_path: Path) -> None:
    path = _tampered(tmp_path, TRANSCRIPTS[0], "model_attempt", {"lines": [["A"]]})
    done = refgm(tmp_path, "replay", str(path))
    assert done.returncode == 2 and "lines are [speaker, text] pairs" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_changed_secret_does_not_open_the_commitment(tmp_path: Path) -> None:
    path = _tampered(tmp_path, TRANSCRIPTS[0], "game_ended", {"secret": {"culprit": "C", "liar": "C"}})
    with pytest.raises(TranscriptError, match="do not open the commitment"):
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
