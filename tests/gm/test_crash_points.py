"""Issue 10, point 6: a game cut by a crash at any point resumes, finishes and replays.

A recorded game per language (with a retried and a fallen-back turn and a /hint) is cut
after every event and inside every later line at every byte. Every cut after an event,
and in each line one cut inside a multibyte character, is resumed, played to its end and
replayed; every other mid-line cut is shown to read as exactly the log of the cut after
the event before it (the torn tail dropped), so it resumes, finishes and replays alike.
`python -m tests.gm.logs` runs all of them to the end and prints the table. A crash while
resuming (after any line resume appends but its last) resumes again.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from pathlib import Path

import pytest

from gm.recorder import read, sidecar_path
from gm.session import Session
from referee.lang.incident import LANGS, Lang
from tests.gm.logs import (
    Cut,
    Outcome,
    cuts,
    line_ends,
    record,
    survive,
    torn_inside_a_character,
    unended,
)


@pytest.mark.parametrize("lang", LANGS)
def test_every_crash_point_resumes_finishes_and_replays(tmp_path: Path, lang: Lang) -> None:
    log = record(tmp_path, lang)
    full, sealed = log.read_bytes(), unended(log)
    cut_log = tmp_path / "cut.jsonl"
    ends = line_ends(full)
    torn = {torn_inside_a_character(full, *line) for line in itertools.pairwise(ends)}
    whole: tuple = ()
    counted = {"after event": 0, "mid-line": 0}
    for cut in cuts(full):
        counted[cut.kind] += 1
        if cut.kind == "after event" or cut.size in torn:
            assert survive(cut_log, full, cut, sealed) == Outcome(True, True, True), cut
        if cut.kind == "after event":
            cut_log.write_bytes(full[:cut.size])
            whole = read(cut_log).events
        else:
            cut_log.write_bytes(full[:cut.size])
            dropped = read(cut_log, drop_torn_tail=True)
            assert dropped.torn_tail and dropped.events == whole, cut
    assert counted["after event"] == len(ends) - 1
    assert counted["mid-line"] == len(full) - ends[0] - counted["after event"]
    assert any(full[size] & 0xC0 == 0x80 for size in torn) == (lang != "en")


def test_a_cut_inside_a_korean_character_is_a_torn_tail(tmp_path: Path) -> None:
    log = record(tmp_path, "ko")
    full = log.read_bytes()
    inside = full.index("케".encode()) + 1
    cut = Cut("mid-line", inside)
    assert survive(tmp_path / "cut.jsonl", full, cut, unended(log)) == Outcome(True, True, True)


@pytest.mark.parametrize("lang", LANGS)
def test_a_crash_while_resuming_resumes_again(tmp_path: Path, lang: Lang) -> None:
    """Resume writes too (`resumed`, then what was left unshown): cut after each of those."""
    log = record(tmp_path, lang)
    full, sealed = log.read_bytes(), unended(log)
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    cut_after: set[str] = set()
    for cut in cuts(full):
        if cut.kind != "after event":
            continue
        first.write_bytes(full[:cut.size])
        sidecar_path(first).write_bytes(sealed)
        session, _ = asyncio.run(Session.resume(first))
        session.close()
        resumed = first.read_bytes()
        for end in line_ends(resumed):
            if cut.size < end < len(resumed):
                cut_after.add(json.loads(resumed[:end].splitlines()[-1])["t"])
                assert survive(second, resumed, Cut("after event", end), sealed) == Outcome(
                    True, True, True), (cut, end)
    # each kind of line resume writes before the last was cut after: `resumed`, the fallback
    # owed to a reply never shown, the opening or a reply (before the game's `game_ended`)
    assert cut_after == {"resumed", "model_attempt", "gm"}
