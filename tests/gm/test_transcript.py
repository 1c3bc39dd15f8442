"""The event log: lossless intents, clear errors naming the line, torn tails, the sidecar."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gm.transcript import (
    Sealed,
    TranscriptError,
    TranscriptWriter,
    intent_from_json,
    intent_json,
    mark_ended,
    read,
    read_sidecar,
    sidecar_path,
    truncate_torn_tail,
    turns,
    write_sidecar,
)
from referee.liar.intent import (
    Confirm,
    CountQuery,
    Guess,
    Other,
    Query,
    Question,
    Remark,
    Unclear,
)
from referee.liar.problem import Problem, Why
from referee.liar.proposition import PREDICATES, Says, literal
from referee.liar.world import World

names = st.sampled_from(("A", "B", "C"))
literals = st.builds(literal, st.sampled_from(PREDICATES), names, st.booleans())
propositions = st.one_of(literals, st.builds(Says, names, literals))
questions = st.builds(
    Question, st.lists(st.builds(Query, names, propositions), min_size=1, max_size=4).map(tuple),
    st.booleans())
guesses = st.one_of(st.builds(Guess, names, st.none() | names), st.builds(Guess, st.none(), names))
intents = st.one_of(questions, guesses, st.builds(Confirm, st.booleans()),
                    st.builds(lambda p: Unclear(problem=p), st.builds(
                        Problem, st.sampled_from(Why), st.lists(names, max_size=2).map(tuple), st.text(max_size=8))),
                    st.sampled_from((Remark(), Other(), Other(about_rules=True), CountQuery())))


@given(intents)
def test_intents_survive_the_log_exactly(intent: object) -> None:
    assert intent_from_json(json.loads(json.dumps(intent_json(intent)))) == intent  # type: ignore[arg-type]


def _log(tmp_path: Path, *events: dict) -> Path:
    path = tmp_path / "game.jsonl"
    writer = TranscriptWriter.create(path, "game_started", id="g", config={},
                                     commitment="0" * 64)
    for event in events:
        writer.write(**event)
    writer.close()
    return path


def test_events_are_versioned_lines_grouped_by_turn(tmp_path: Path) -> None:
    path = _log(tmp_path, {"t": "player", "turn": 1, "text": "hi"},
                {"t": "intent", "turn": 1, "intent": {"kind": "other"}},
                {"t": "verdict", "turn": 1, "kind": "not_charged"},
                {"t": "gm", "turn": 1, "text": "ok"})
    lines = path.read_text(encoding="utf-8").splitlines()
    assert all(json.loads(line)["v"] == 1 for line in lines)
    (turn,) = turns(read(path))
    assert turn.player is not None and turn.gm is not None
    assert (turn.number, turn.player.data["text"], turn.gm.data["text"]) == (1, "hi", "ok")


def test_a_writer_never_overwrites_a_log(tmp_path: Path) -> None:
    path = _log(tmp_path)
    with pytest.raises(FileExistsError):
        TranscriptWriter.create(path, "game_started")


def test_a_corrupt_line_is_named(tmp_path: Path) -> None:
    path = _log(tmp_path, {"t": "player", "turn": 1, "text": "hi"})
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join([lines[0], "{not json", lines[1]]) + "\n", encoding="utf-8")
    with pytest.raises(TranscriptError, match=r"game\.jsonl:2: not valid JSON"):
        read(path)


@pytest.mark.parametrize("line, message", [
    ('{"v": 2, "t": "player", "turn": 1}', "unsupported event version"),
    ('["v", 1]', 'an event is an object with a "t" field'),
    ('{"v": 1, "t": "player"}', "a player event needs a turn number"),
])
def test_malformed_events_are_named(tmp_path: Path, line: str, message: str) -> None:
    path = _log(tmp_path)
    with path.open("a", encoding="utf-8") as fh:
        fh.write(line + "\n")
    with pytest.raises(TranscriptError, match=f"game.jsonl:2: {message}"):
        turns(read(path))


def test_a_log_starts_with_game_started(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text('{"v": 1, "t": "player", "turn": 1}\n', encoding="utf-8")
    with pytest.raises(TranscriptError, match=r"x\.jsonl:1: a transcript starts with a game_started"):
        read(path)


def test_a_missing_or_binary_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(TranscriptError, match="cannot read"):
        read(tmp_path / "absent.jsonl")
    (tmp_path / "bin.jsonl").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(TranscriptError, match="not UTF-8"):
        read(tmp_path / "bin.jsonl")


def test_a_torn_last_line_is_an_error_unless_dropped(tmp_path: Path) -> None:
    path = _log(tmp_path, {"t": "player", "turn": 1, "text": "hi"})
    with path.open("a", encoding="utf-8") as fh:
        fh.write('{"v": 1, "t": "intent", "tu')
    with pytest.raises(TranscriptError, match=r"game\.jsonl:3: .*interrupted mid-write"):
        read(path)
    log = read(path, drop_torn_tail=True)
    assert log.torn_tail and [e.t for e in log.events] == ["game_started", "player"]
    assert truncate_torn_tail(path)
    assert read(path).events == log.events


def test_the_sidecar_is_private_and_round_trips(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    sealed = Sealed(seed=5, secret=World("B", "C"), nonce="ab" * 16)
    write_sidecar(log, sealed)
    assert stat.S_IMODE(sidecar_path(log).stat().st_mode) == 0o600
    assert read_sidecar(log) == sealed
    sidecar_path(log).write_text("{}", encoding="utf-8")
    with pytest.raises(TranscriptError, match="malformed sealed secret"):
        read_sidecar(log)


def test_only_a_torn_last_line_may_be_cut_inside_a_character(tmp_path: Path) -> None:
    path = _log(tmp_path, {"t": "player", "turn": 1, "text": "케이크"})
    whole = path.read_bytes()
    cut = whole.index("이".encode()) + 1
    path.write_bytes(whole[:cut])
    log = read(path, drop_torn_tail=True)
    assert log.torn_tail and [e.t for e in log.events] == ["game_started"]
    with pytest.raises(TranscriptError, match=r"game\.jsonl:2: not UTF-8 text \(the line is incomplete"):
        read(path)
    path.write_bytes(whole[:cut] + b"\n" + whole[cut:])
    with pytest.raises(TranscriptError, match=r"game\.jsonl:2: not UTF-8 text \("):
        read(path, drop_torn_tail=True)


def test_a_log_is_created_with_its_first_line_or_not_at_all(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    TranscriptWriter.create(path, "game_started", id="g").close()
    assert [json.loads(line)["t"] for line in path.read_text("utf-8").splitlines()] == [
        "game_started"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.jsonl"]


def test_the_sidecar_is_marked_when_the_game_ends(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    sealed = Sealed(seed=5, secret=World("B", "C"), nonce="ab" * 16)
    write_sidecar(log, sealed)
    mark_ended(log, sealed)
    assert read_sidecar(log) == Sealed(5, World("B", "C"), "ab" * 16, ended=True)
    assert stat.S_IMODE(sidecar_path(log).stat().st_mode) == 0o600
