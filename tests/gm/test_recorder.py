"""The event log of any game: clear errors naming the line, torn tails, the sidecar, who sees what."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from gm.recorder import (
    LineError,
    Sealed,
    TranscriptError,
    TranscriptWriter,
    differing_field,
    mark_ended,
    read,
    read_sidecar,
    sidecar_path,
    truncate_torn_tail,
    turns,
    visible_to,
    write_sidecar,
)
from referee.game import Audience

SECRET = {"culprit": "B", "liar": "C"}


def _log(tmp_path: Path, *events: dict) -> Path:
    path = tmp_path / "game.jsonl"
    writer = TranscriptWriter.create(path, "game_started", id="g", config={}, commitment="0" * 64)
    for event in events:
        writer.write(**event)
    writer.close()
    return path


def test_events_are_versioned_lines_grouped_by_turn(tmp_path: Path) -> None:
    path = _log(
        tmp_path,
        {"t": "player", "turn": 1, "text": "hi"},
        {"t": "intent", "turn": 1, "intent": {"kind": "other"}},
        {"t": "verdict", "turn": 1, "kind": "not_charged"},
        {"t": "gm", "turn": 1, "text": "ok"},
    )
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


@pytest.mark.parametrize(
    "line, field, message",
    [
        ('{"v": 2, "t": "player", "turn": 1}', "v", "unsupported event version 2"),
        ('{"v": true, "t": "player", "turn": 1}', "v", "unsupported event version True"),
        ('{"v": 1.0, "t": "player", "turn": 1}', "v", "unsupported event version 1.0"),
        ('["v", 1]', None, 'an event is an object with a "t" field'),
        ('{"v": 1, "t": 7}', "t", 'an event is an object with a "t" field'),
        ('{"v": 1, "t": "player"}', "turn", "a player event needs a turn number"),
        # who may see an event is read with it (`read`, before any turn is built)
        ('{"v": 1, "t": "gm", "turn": 0, "see": "nobody"}', "see", "see is one of everyone, seat, referee, not 'nobody'"),
        ('{"v": 1, "t": "gm", "turn": 0, "see": "seat"}', "seat", 'an event seen by one seat names it in "seat"'),
        ('{"v": 1, "t": "gm", "turn": 0, "see": "seat", "seat": 2}', "seat", 'an event seen by one seat names it in "seat"'),
    ],
)
def test_malformed_events_are_named_by_line_and_field(tmp_path: Path, line: str, field: str | None, message: str) -> None:
    path = _log(tmp_path)
    with path.open("a", encoding="utf-8") as fh:
        fh.write(line + "\n")
    with pytest.raises(LineError) as caught:
        turns(read(path))
    assert (caught.value.line, caught.value.field, caught.value.text) == (2, field, message)
    assert str(caught.value) == f"{path}:2: {field + ': ' if field else ''}{message}"


def test_a_log_starts_with_game_started(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text('{"v": 1, "t": "player", "turn": 1}\n', encoding="utf-8")
    with pytest.raises(LineError, match=r"x\.jsonl:1: t: a transcript starts with a game_started"):
        read(path)
    path.write_text("", encoding="utf-8")
    with pytest.raises(LineError, match=r"x\.jsonl:1: t: a transcript starts with a game_started"):
        read(path)


@pytest.mark.parametrize(
    "recorded, expected, field",
    [
        ({"a": 1, "b": [1, 2]}, {"a": 1, "b": [1, 2]}, None),
        ({"a": 1, "b": [1, 3]}, {"a": 1, "b": [1, 2]}, "b.1"),
        ({"a": True}, {"a": 1}, "a"),  # as JSON: true is no 1
        ({"a": 1.0}, {"a": 1}, "a"),
        ({"a": 1}, {"a": 1, "b": 2}, "b"),  # missing
        ({"a": 1, "c": 2}, {"a": 1}, "c"),  # extra
        ({"a": {"x": [0, {"y": 1}]}}, {"a": {"x": [0, {"y": 2}]}}, "a.x.1.y"),
        ({"a": [1]}, {"a": [1, 2]}, "a"),  # a list of another length differs as a whole
        (3, 4, ""),
    ],
)
def test_the_differing_field_is_named_by_its_path(recorded: object, expected: object, field: str | None) -> None:
    assert differing_field(recorded, expected) == field


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
    sealed = Sealed(seed=5, secret=SECRET, nonce="ab" * 16)
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
    assert [json.loads(line)["t"] for line in path.read_text("utf-8").splitlines()] == ["game_started"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.jsonl"]


def test_the_sidecar_is_marked_when_the_game_ends(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    sealed = Sealed(seed=5, secret=SECRET, nonce="ab" * 16)
    write_sidecar(log, sealed)
    mark_ended(log, sealed)
    assert read_sidecar(log) == Sealed(5, SECRET, "ab" * 16, ended=True)
    assert stat.S_IMODE(sidecar_path(log).stat().st_mode) == 0o600


def test_the_sidecar_is_the_line_it_always_was(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    write_sidecar(log, Sealed(seed=5, secret=SECRET, nonce="ab" * 16))
    assert sidecar_path(log).read_text("utf-8") == (
        '{"v": 1, "seed": 5, "secret": {"culprit": "B", "liar": "C"}, "nonce": "' + "ab" * 16 + '", "ended": false}\n'
    )


@pytest.mark.parametrize("secret", ['"B,C"', "[1, 2]", "null"])
def test_a_secret_that_is_not_an_object_is_malformed(tmp_path: Path, secret: str) -> None:
    log = tmp_path / "g.jsonl"
    sidecar_path(log).write_text(f'{{"v": 1, "seed": 5, "secret": {secret}, "nonce": "n"}}', "utf-8")
    with pytest.raises(TranscriptError, match="malformed sealed secret"):
        read_sidecar(log)


def test_each_seat_sees_what_is_for_everyone_and_for_it_alone(tmp_path: Path) -> None:
    path = _log(
        tmp_path,
        {"t": "gm", "turn": 0, "text": "all"},
        {"t": "gm", "turn": 0, "text": "first", "see": Audience.SEAT, "seat": "first"},
        {"t": "gm", "turn": 0, "text": "second", "see": Audience.SEAT, "seat": "second"},
        {"t": "gm", "turn": 0, "text": "hidden", "see": Audience.REFEREE},
        {"t": "gm", "turn": 0, "text": "all again", "see": Audience.EVERYONE},
    )
    log = read(path)
    seen = {seat: [e.data.get("text") for e in visible_to(log, seat)] for seat in ("first", "second", "referee")}
    assert seen == {
        "first": [None, "all", "first", "all again"],
        "second": [None, "all", "second", "all again"],
        "referee": [None, "all", "all again"],
    }
    assert [e.see for e in log.events] == [
        Audience.EVERYONE,
        Audience.EVERYONE,
        Audience.SEAT,
        Audience.SEAT,
        Audience.REFEREE,
        Audience.EVERYONE,
    ]


def test_an_event_for_everyone_is_written_as_before(tmp_path: Path) -> None:
    path = _log(
        tmp_path,
        {"t": "gm", "turn": 0, "text": "x", "see": Audience.EVERYONE},
        {"t": "gm", "turn": 0, "text": "y", "see": Audience.REFEREE},
    )
    lines = path.read_text("utf-8").splitlines()
    assert lines[1:] == [
        '{"v": 1, "t": "gm", "turn": 0, "text": "x"}',
        '{"v": 1, "t": "gm", "turn": 0, "text": "y", "see": "referee"}',
    ]
