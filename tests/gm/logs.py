"""Recorded games in every language, every point a crash can cut them, and kinds of tampering.

Shared by the crash-point and tampering tests, and printed as tables by
`python -m tests.gm.logs [crashes|tampering]` (the figures quoted for issue 10).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from gm.actor import Performance, PerformedLine, Script, ScriptLine
from gm.actors.offline import OfflineActor, phrasings
from gm.recorder import TranscriptError, read, read_sidecar, sidecar_path, write_sidecar
from gm.session import GameConfig, Session, cast
from referee.lang.incident import LANGS, Lang, incident
from referee.liar.proposition import literal
from referee.liar.world import World
from refgm.commands.replay import first_difference, replay
from tests.refgm.commands.test_play import GAMES

SECRET = World(culprit="A", liar="C")
"""The secret GAMES are written for: each ends in the right guess."""

BAD = {1: 1, 4: 3}
"""Rejected replies per turn: turn 1 is accepted on the retry, turn 4 falls back."""

HINT_AFTER = 2


class Flaky:
    """The offline actor's lines, after `BAD[turn]` replies the verifier rejects."""

    name = "flaky"

    def __init__(self) -> None:
        self.calls: dict[int, int] = {}
        self.voice = OfflineActor(7)

    async def perform(self, script: Script, feedback: tuple[str, ...] = ()) -> Performance:
        calls = self.calls[script.turn] = self.calls.get(script.turn, 0) + 1
        if calls <= BAD.get(script.turn, 0):
            lines = tuple(PerformedLine(line.speaker, "...") for line in script.lines)
            return Performance("req", "...", lines)
        return await self.voice.perform(script)


def record(folder: Path, lang: Lang) -> Path:
    """Play GAMES[lang] to the end; a /hint is looked at after turn 2."""
    path = folder / f"{lang}.jsonl"
    session, _ = Session.new(GameConfig(lang=lang, incident=incident("cake")), path, lang,
                             seed=11, secret=SECRET, actor=Flaky())  # type: ignore[arg-type]
    for number, text in enumerate(GAMES[lang], 1):
        asyncio.run(session.step(text))
        if number == HINT_AFTER:
            session.hint()
    session.close()
    assert session.state.outcome == "won"
    return path


# --- crash points ---------------------------------------------------------------------------


def line_ends(full: bytes) -> list[int]:
    """The offset just after each newline of a log."""
    return [i + 1 for i, byte in enumerate(full) if byte == ord("\n")]


@dataclass(frozen=True)
class Cut:
    """A log as a crash may leave it: its first `size` bytes."""

    kind: str  # "after event" or "mid-line"
    size: int


def cuts(full: bytes) -> Iterator[Cut]:
    """After every event but the last (a finished game), and inside every later line at
    every byte, the newline included: the first line is written whole or not at all."""
    for start, end in itertools.pairwise(line_ends(full)):
        yield Cut("after event", start)
        for size in range(start + 1, end):
            yield Cut("mid-line", size)


@dataclass(frozen=True)
class Outcome:
    """What became of one cut: resumed, played to its won end, replayed with no difference."""

    resumed: bool
    finished: bool
    replayed: bool


def survive(path: Path, full: bytes, cut: Cut, sealed: bytes) -> Outcome:
    """Cut the log, resume it, play what the player had not yet been answered, replay it."""
    path.write_bytes(full[:cut.size])
    sidecar_path(path).write_bytes(sealed)
    lines = GAMES[json.loads(full.split(b"\n")[0])["config"]["lang"]]
    try:
        session, _ = asyncio.run(Session.resume(path, actor=Flaky()))  # type: ignore[arg-type]
    except TranscriptError:
        return Outcome(False, False, False)
    answered = sum(1 for e in read(path).events if e.t == "verdict")
    for text in lines[answered:]:
        asyncio.run(session.step(text))
    session.close()
    finished = session.state.outcome == "won"
    try:
        clean = first_difference(replay(read(path))) is None
    except TranscriptError:
        clean = False
    return Outcome(True, finished, clean)


def unended(log: Path) -> bytes:
    """The sidecar of `log` as it was before its game ended (what any cut must come with)."""
    draft = log.with_name("unended.jsonl")
    write_sidecar(draft, replace(read_sidecar(log), ended=False))
    return sidecar_path(draft).read_bytes()


def torn_inside_a_character(full: bytes, start: int, end: int) -> int:
    """A cut of the line `full[start:end]` inside a multibyte character, if it has one
    (else in its middle): where a strict decoder of the whole file failed."""
    inside = [i for i in range(start + 1, end) if full[i] & 0xC0 == 0x80]
    return inside[len(inside) // 2] if inside else (start + end) // 2


def crash_table(folder: Path, lang: Lang) -> dict[str, list[int]]:
    """Per kind of cut, at every byte: [cuts, resumed, finished, replayed clean]."""
    log = record(folder, lang)
    full, sealed = log.read_bytes(), unended(log)
    table: dict[str, list[int]] = {"after event": [0, 0, 0, 0], "mid-line": [0, 0, 0, 0]}
    for cut in cuts(full):
        outcome = survive(folder / "cut.jsonl", full, cut, sealed)
        row = table[cut.kind]
        for i, ok in enumerate((True, outcome.resumed, outcome.finished, outcome.replayed)):
            row[i] += ok
    return table


# --- tampering ------------------------------------------------------------------------------

Lines = list[str]
Tamper = Callable[[Lines], tuple[Lines, int]]
"""A change to a log's lines, and the line (1-based) replay must name for it."""


def _find(lines: Lines, t: str, turn: int | None = None, **fields: object) -> int:
    """The index of the first event of type `t` (in `turn`) with `fields`."""
    for i, line in enumerate(lines):
        event = json.loads(line)
        if event["t"] == t and (turn is None or event.get("turn") == turn) and all(
                event.get(k) == v for k, v in fields.items()):
            return i
    raise LookupError(t)


def _last(lines: Lines, t: str) -> int:
    return max(i for i, line in enumerate(lines) if json.loads(line)["t"] == t)


def _delete(index: int, lines: Lines) -> tuple[Lines, int]:
    return lines[:index] + lines[index + 1:], index + 1


def _edit(lines: Lines, index: int, /, **change: object) -> tuple[Lines, int]:
    event = {**json.loads(lines[index]), **change}
    return [*lines[:index], json.dumps(event, ensure_ascii=False), *lines[index + 1:]], index + 1


def _swap(lines: Lines, first: int) -> tuple[Lines, int]:
    swapped = list(lines)
    swapped[first], swapped[first + 1] = lines[first + 1], lines[first]
    return swapped, first + 1


def _flip_answer(lines: Lines) -> tuple[Lines, int]:
    """Turn 2's shown line says the opposite answer, in the offline actor's own words."""
    config = GameConfig.from_json(json.loads(lines[0])["config"])
    (said,) = json.loads(lines[_find(lines, "verdict", 2)])["answers"]
    speaker = said["speaker"]
    opposite = ScriptLine(speaker, literal(said["predicate"], said["about"], said["negated"]),
                          not said["answer"], cast(config.rules.roster)[speaker])
    script = Script(lang=config.lang, incident=config.incident, lines=(opposite,), turn=2)
    index = _find(lines, "gm", 2)
    _, notes = json.loads(lines[index])["text"].split("\n", 1)
    return _edit(lines, index, text=f"{speaker}: {phrasings(script, opposite)[0]}\n{notes}")


def _escape_shown(lines: Lines) -> tuple[Lines, int]:
    """The accepted attempt's lines end in a carriage return and an erase-line code."""
    index = _find(lines, "model_attempt", 2)
    shown = json.loads(lines[index])["lines"]
    return _edit(lines, index, lines=[[s, f"{t}\r\x1b[K"] for s, t in shown])


TAMPERINGS: dict[str, Tamper] = {
    "deleted gm (turn 2)": lambda ls: _delete(_find(ls, "gm", 2), ls),
    "deleted last gm (the reveal)": lambda ls: _delete(_last(ls, "gm"), ls),
    "deleted model_attempt (rejected)": lambda ls: _delete(_find(ls, "model_attempt", 1), ls),
    "deleted model_attempt (shown)": lambda ls: _delete(_find(ls, "model_attempt", 2), ls),
    "swapped player/intent": lambda ls: _swap(ls, _find(ls, "player", 3)),
    "flipped answer in gm": _flip_answer,
    "deleted game_ended": lambda ls: _delete(len(ls) - 1, ls),
    "changed secret": lambda ls: _edit(ls, len(ls) - 1, secret={"culprit": "B", "liar": "C"}),
    "non-hex nonce": lambda ls: _edit(ls, len(ls) - 1, nonce="zz" * 16),
    "changed seed": lambda ls: _edit(ls, len(ls) - 1, seed=json.loads(ls[-1])["seed"] + 1),
    "escape codes in a shown line": _escape_shown,
    "unknown config language": lambda ls: _edit(ls, 0, config={
        **json.loads(ls[0])["config"], "lang": "xx"}),
    "deleted verdict": lambda ls: _delete(_find(ls, "verdict", 1), ls),
    "renumbered turn": lambda ls: _edit(ls, _find(ls, "player", 3), turn=4),
    "fallback flag dropped": lambda ls: _edit(ls, _find(ls, "model_attempt", 4, attempt=4),
                                              fallback=False),
    "truth restored in a verdict": lambda ls: _edit(ls, _find(ls, "verdict", 1), answers=[
        {**a, "truth": not a["answer"]} for a in json.loads(ls[_find(ls, "verdict", 1)])[
            "answers"]]),
    "event after game_ended": lambda ls: (
        [*ls, json.dumps({"v": 1, "t": "hint", "turn": 8})], len(ls) + 1),
}


def caught_at(path: Path) -> int | None:
    """The line replay names first for `path`, None if it finds nothing."""
    try:
        first = first_difference(replay(read(path, drop_torn_tail=True)))
    except TranscriptError as err:
        where = str(err).removeprefix(f"{path}:").split(":", 1)[0]
        return int(where) if where.isdigit() else 0
    return first.line if first else None


def tamper(folder: Path, original: Path, kind: str) -> tuple[Path, int]:
    """A copy of `original` (with its sidecar) changed by `kind`; and where it must be caught."""
    lines, expected = TAMPERINGS[kind](original.read_text("utf-8").splitlines())
    path = folder / f"tampered-{original.name}"
    path.write_text("".join(line + "\n" for line in lines), "utf-8")
    sidecar_path(path).write_bytes(sidecar_path(original).read_bytes())
    return path, expected


def main(tables: list[str]) -> int:
    """Print the crash-point table (every cut, at every byte: some minutes) and the
    tampering table; `tables` may name just one, "crashes" or "tampering"."""
    with tempfile.TemporaryDirectory() as tmp:
        if not tables or "crashes" in tables:
            print("crash points       cuts  resumed  finished  replayed clean")
            for lang in LANGS:
                (folder := Path(tmp) / f"crashes-{lang}").mkdir()
                for kind, (n, resumed, finished, clean) in crash_table(folder, lang).items():
                    print(f"  {lang} {kind:<12} {n:>6} {resumed:>8} {finished:>9} {clean:>9}")
        if not tables or "tampering" in tables:
            folder = Path(tmp)
            games = {lang: record(folder, lang) for lang in LANGS}
            print("tampering: caught at the line it was made (caught at / made at)")
            print(f"  {'kind':<34}" + "".join(f"{lang:>14}" for lang in LANGS))
            for kind in TAMPERINGS:
                cells = []
                for lang in LANGS:
                    path, expected = tamper(folder, games[lang], kind)
                    got = caught_at(path)
                    cells.append(f"{'yes' if got == expected else 'NO'} {got}/{expected}")
                print(f"  {kind:<34}" + "".join(f"{cell:>14}" for cell in cells))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
