"""The log's schema: every kind of line each game writes reads, and every field of it of a wrong type,
missing or extra is named by its line and field (gm.logschema)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from gm.logschema import MAX_NESTING, SCHEMAS, check, validate
from gm.recorder import LineError, read

Json = dict[str, Any]

ROOT = Path(__file__).resolve().parents[2]
HEX32, HEX64 = "0" * 32, "0" * 64
QUESTION = {"kind": "question", "open": False, "queries": [{"speaker": "A", "proposition": {"predicate": "culprit", "about": "A"}}]}
EXCHANGE = {"request": "{}", "tokens_in": 3, "tokens_out": 4, "latency": 0.5, "transport": [["ok", 0.5]]}
ROUND = {
    "round": 1,
    "order": [str(n) for n in range(1, 9)],
    "reveal": [str(n) for n in range(8, 0, -1)],
    "choices": ["Mafia", "Mafia", "Mafia", "Mafia", "Beggar", "Mafia", "Cartel", "Beggar"],
    "announcements": ["Mafia", "Mafia", "Mafia", "Mafia", "Beggar", "Mafia", "Mafia", "Beggar"],
    "counts": {"Mafia": 5, "Cartel": 1, "Police": 0, "Beggar": 2},
    "recipient_group": "Mafia",
    "group_share": 0,
    "beggar_share": 2,
    "house": 0,
    "gains": [0, 0, 0, 0, 2, 0, 0, 2],
    "penalties": [0, 0, 0, 0, 0, 0, 1, 0],
    "delta": [0, 0, 0, 0, 2, 0, -1, 2],
    "applied": [0, 0, 0, 0, 2, 0, -1, 2],
    "totals": [0, 0, 0, 0, 2, 0, -1, 2],
}


def seats(kinds: dict[str, str]) -> Json:
    return {seat: {"kind": kind, "name": kind, "bot": None if kind == "human" else "random"} for seat, kind in kinds.items()}


STARTED: dict[str, Json] = {
    "liar": {
        "t": "game_started",
        "id": "g",
        "game": "liar",
        "config": {"lang": "en", "incident": "cake", "roster": ["A", "B", "C"], "budget": 7, "actor": "offline"},
        "commitment": HEX64,
    },
    "monorail": {
        "t": "game_started",
        "id": "g",
        "game": "monorail",
        "config": {"lang": "en", "rules": {"strict_edges": True, "tiles": 16}, "seats": seats({"first": "human", "second": "agent"})},
        "commitment": HEX64,
        "seat": None,
    },
    "garnet": {
        "t": "game_started",
        "id": "g",
        "game": "garnet",
        "config": {
            "lang": "ko",
            "rules": {"pot": 4, "penalty": 1, "start": 0, "allow_negative": True},
            "seats": seats({str(n): "human" if n == 3 else "agent" for n in range(1, 9)}),
        },
        "commitment": HEX64,
        "seat": None,
    },
}
"""The first line of each game's log, as its table writes it."""

LINES: list[tuple[str, str, Json]] = [
    ("liar", "player", {"t": "player", "turn": 1, "seat": "player", "text": "A, did you eat it?"}),
    (
        "liar",
        "interpretation",
        {"t": "interpretation", "turn": 1, "actor": "openai:m", "parsed": QUESTION, "read": True, "raw": "{}",
         "question": {**QUESTION, "open": True}, "problem": None, **EXCHANGE},
    ),
    ("liar", "intent question", {"t": "intent", "turn": 1, "lang": "en", "intent": QUESTION}),
    ("liar", "intent guess", {"t": "intent", "turn": 2, "lang": "ko", "intent": {"kind": "guess", "culprit": "A", "liar": None}}),
    ("liar", "intent confirm", {"t": "intent", "turn": 2, "lang": "en", "intent": {"kind": "confirm", "accept": True}}),
    (
        "liar",
        "intent unclear",
        {"t": "intent", "turn": 2, "lang": "ja", "intent": {"kind": "unclear", "problem": {"why": "unknown-person", "names": ["D"]}}},
    ),
    ("liar", "intent other", {"t": "intent", "turn": 2, "lang": "en", "intent": {"kind": "other", "rules": True}}),
    ("liar", "intent remark", {"t": "intent", "turn": 2, "lang": "en", "intent": {"kind": "remark"}}),
    ("liar", "intent count", {"t": "intent", "turn": 2, "lang": "en", "intent": {"kind": "count"}}),
    (
        "liar",
        "verdict answers",
        {"t": "verdict", "turn": 1, "kind": "answers", "cost": 1, "remaining": 6,
         "answers": [{"speaker": "A", "about": "B", "predicate": "culprit", "negated": False, "answer": True}]},
    ),
    (
        "liar",
        "verdict cost_to_confirm",
        {"t": "verdict", "turn": 1, "kind": "cost_to_confirm", "cost": 3, "remaining": 7,
         "asked": [{"speaker": "A", "about": "C", "predicate": "liar", "negated": True}]},
    ),
    (
        "liar",
        "verdict guess",
        {"t": "verdict", "turn": 2, "kind": "guess", "guess": {"culprit": "A", "liar": "C"}, "correct": True,
         "culprit_confirmed": True, "liar_confirmed": True, "cost": 0, "remaining": 6, "outcome": "won"},
    ),
    ("liar", "verdict refused", {"t": "verdict", "turn": 2, "kind": "refused", "cost": 9, "remaining": 6}),
    ("liar", "verdict not_charged", {"t": "verdict", "turn": 2, "kind": "not_charged", "what": "remark", "remaining": 6}),
    ("liar", "verdict rephrase", {"t": "verdict", "turn": 2, "kind": "rephrase", "problem": {"why": "empty"}, "remaining": 6}),
    ("liar", "verdict cancelled", {"t": "verdict", "turn": 2, "kind": "cancelled", "remaining": 6}),
    ("liar", "verdict final_answer_required", {"t": "verdict", "turn": 2, "kind": "final_answer_required", "remaining": 0}),
    ("liar", "verdict remaining", {"t": "verdict", "turn": 2, "kind": "remaining", "remaining": 6}),
    (
        "liar",
        "model_attempt voiced",
        {"t": "model_attempt", "turn": 1, "attempt": 1, "actor": "offline", "accepted": True, "reasons": [],
         "fallback": False, "raw": "A: B did.", "lines": [["A", "B did."]], **EXCHANGE},
    ),
    (
        "liar",
        "model_attempt narrated",
        {"t": "model_attempt", "turn": 0, "part": "opening", "attempt": 1, "actor": "openai:m", "accepted": False,
         "reasons": ["names the culprit"], "raw": None, "text": "", **EXCHANGE},
    ),
    ("liar", "gm", {"t": "gm", "turn": 1, "text": "A: B did.\n(1 question used, 6 left)"}),
    ("liar", "hint", {"t": "hint", "turn": 1, "seat": "player"}),
    ("liar", "resumed", {"t": "resumed", "turn": 1}),
    (
        "liar",
        "game_ended",
        {"t": "game_ended", "outcome": "won", "secret": {"culprit": "A", "liar": "C"}, "nonce": HEX32,
         "commitment": HEX64, "seed": 5},
    ),
    ("monorail", "move place", {"t": "move", "ply": 0, "seat": "first", "by": "human", "move": {"place": [[-1, 0, "H"], [-2, 0, "NE"]]}}),
    ("monorail", "move attempt", {"t": "move", "ply": 1, "seat": "second", "by": "agent", "move": {"attempt": [[1, 0, "H"]]}}),
    ("monorail", "move declare", {"t": "move", "ply": 1, "seat": "second", "by": "bot", "fallback": True, "move": {"declare": "impossible"}}),
    (
        "monorail",
        "refused",
        {"t": "refused", "ply": 0, "seat": "first", "see": "seat", "move": {"place": [[5, 5, "V"]]}, "reason": "not next to the rail"},
    ),
    (
        "monorail",
        "agent_attempt",
        {"t": "agent_attempt", "ply": 1, "seat": "second", "see": "seat", "attempt": 1, "agent": "openai:m", "raw": "{}",
         "move": {"place": [[2, 0, "SW"]]}, "accepted": True, "reason": None, **EXCHANGE},
    ),
    ("monorail", "resumed", {"t": "resumed", "ply": 2, "seat": None}),
    (
        "monorail",
        "game_ended",
        {"t": "game_ended", "seat": None, "result": {"winners": ["second"], "reason": "tiles_out"}, "seed": 5,
         "nonce": HEX32, "commitment": HEX64, "moves_key": HEX32},
    ),
    ("garnet", "move choose", {"t": "move", "ply": 0, "seat": "1", "by": "agent", "see": "seat", "move": {"choose": "Mafia", "announce": "Police"}}),
    ("garnet", "move designate", {"t": "move", "ply": 64, "seat": "3", "by": "human", "move": {"designate": "5"}}),
    ("garnet", "announced", {"t": "announced", "ply": 0, "seat": "1", "public": {"announce": "Police"}, "commitment": HEX64}),
    ("garnet", "revealed", {"t": "revealed", "ply": 7, "seat": None, "revealed": ROUND}),
    (
        "garnet",
        "model_attempt",
        {"t": "model_attempt", "ply": 7, "seat": None, "part": "reveal", "attempt": 1, "actor": "openai:m",
         "accepted": True, "reasons": [], "raw": "...", "text": "경찰이 이겼습니다", **EXCHANGE},
    ),
    (
        "garnet",
        "refused",
        {"t": "refused", "ply": 2, "seat": "3", "see": "seat", "move": {"choose": "Beggar", "announce": "Beggar"}, "reason": "not yet"},
    ),
    (
        "garnet",
        "agent_attempt",
        {"t": "agent_attempt", "ply": 1, "seat": "2", "see": "seat", "attempt": 2, "agent": "openai:m", "raw": None,
         "move": None, "accepted": False, "reason": "no reply", **EXCHANGE},
    ),
    ("garnet", "resumed", {"t": "resumed", "ply": 9, "seat": None}),
    (
        "garnet",
        "game_ended",
        {"t": "game_ended", "seat": None, "result": {"winners": ["5"], "reason": "most_garnets", "candidate": "3",
         "totals": [0, 1, -2, 0, 9, 0, 0, 1]}, "seed": 5, "nonce": HEX32, "commitment": HEX64, "moves_key": HEX32},
    ),
]
"""A line of every kind each game writes (and of every kind of intent, verdict, move and attempt)."""

OPTIONAL = {
    ("liar", "game_started", "game"),  # logs from before there were other games
    ("liar", "player", "seat"),  # logs from before seats
    ("liar", "interpretation", "parsed"),  # logs from before the second reader
    ("liar", "interpretation", "read"),
    ("liar", "model_attempt", "transport"),  # logs from before transport was recorded
    ("liar", "game_ended", "seed"),  # logs from before the seed was revealed
    ("liar", "intent", "rules"),  # an intent of the kind other that is not about the rules
    ("liar", "verdict", "problem"),  # a rephrase from before typed problems (it has a reason)
    ("monorail", "move", "fallback"),  # written only when the seat's bot played for its agent
    ("monorail", "refused", "see"),  # who may see a line: everyone when absent
    ("monorail", "agent_attempt", "see"),
    ("monorail", "game_ended", "moves_key"),  # logs from before secret moves
    ("garnet", "move", "see"),
    ("garnet", "refused", "see"),
    ("garnet", "agent_attempt", "see"),
    ("garnet", "game_ended", "moves_key"),
}
"""The fields a line may lack (older logs, or lines that never need them): all others must be there."""


def written(tmp_path: Path, game: str, *lines: Json) -> Path:
    path = tmp_path / f"{game}.jsonl"
    path.write_text("".join(json.dumps({"v": 1, **line}, ensure_ascii=False) + "\n" for line in (STARTED[game], *lines)), "utf-8")
    return path


def refused(tmp_path: Path, game: str, *lines: Json) -> LineError:
    with pytest.raises(LineError) as caught:
        validate(read(written(tmp_path, game, *lines)))
    return caught.value


def other_type(value: object) -> object:
    """A JSON value of another type than `value` (a bool is not a number, nor a number a string)."""
    if isinstance(value, bool):
        return "yes"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return 7
    if isinstance(value, list):
        return {"a": 1}
    if isinstance(value, dict):
        return [1]
    return 7  # null


FIELDS = [(game, name, key) for game, name, line in LINES for key in line]


def test_every_kind_of_line_of_every_game_is_covered() -> None:
    covered = {(game, name.split()[0]) for game, name, _ in LINES} | {(game, "game_started") for game in STARTED}
    assert covered == {(game, t) for game, schema in SCHEMAS.items() for t in [*schema.lines, "game_started"]}


@pytest.mark.parametrize(("game", "name", "line"), LINES, ids=[f"{g}-{n}" for g, n, _ in LINES])
def test_every_kind_of_line_reads(tmp_path: Path, game: str, name: str, line: Json) -> None:
    validate(read(written(tmp_path, game, line)))


@pytest.mark.parametrize(("game", "name", "key"), FIELDS, ids=[f"{g}-{n}-{k}" for g, n, k in FIELDS])
def test_a_field_of_a_wrong_type_is_named(tmp_path: Path, game: str, name: str, key: str) -> None:
    line = next(line for g, n, line in LINES if (g, n) == (game, name))
    error = refused(tmp_path, game, {**line, key: other_type(line[key])})
    assert (error.line, error.field) == (2, key), str(error)
    assert str(error).startswith(f"{tmp_path / game}.jsonl:2: {key}: ")


@pytest.mark.parametrize(("game", "name", "key"), FIELDS, ids=[f"{g}-{n}-{k}" for g, n, k in FIELDS])
def test_a_missing_field_is_named_unless_older_logs_lack_it(tmp_path: Path, game: str, name: str, key: str) -> None:
    line = next(line for g, n, line in LINES if (g, n) == (game, name))
    without = {k: v for k, v in line.items() if k != key}
    if key == "t":
        error = refused(tmp_path, game, without)
        assert (error.line, error.field) == (2, "t")
    elif (game, line["t"], key) in OPTIONAL:
        validate(read(written(tmp_path, game, without)))
    else:
        error = refused(tmp_path, game, without)
        assert (error.line, error.field) == (2, key), str(error)
        if key == "seat" and line.get("see") == "seat":  # read before the schema (gm.recorder)
            assert error.text == 'an event seen by one seat names it in "seat"'
        else:
            assert error.text == "missing" or key == "kind", str(error)


@pytest.mark.parametrize("game", STARTED)
def test_a_field_of_the_first_line_of_a_wrong_type_or_missing_is_named(tmp_path: Path, game: str) -> None:
    for key, value in STARTED[game].items():
        if key in ("t", "game"):
            continue
        for changed in ({**STARTED[game], key: other_type(value)}, {k: v for k, v in STARTED[game].items() if k != key}):
            if key not in changed and (game, "game_started", key) in OPTIONAL:
                continue
            path = tmp_path / f"{game}.jsonl"
            path.write_text(json.dumps({"v": 1, **changed}) + "\n", "utf-8")
            with pytest.raises(LineError) as caught:
                validate(read(path))
            assert (caught.value.line, caught.value.field) == (1, key), str(caught.value)


@pytest.mark.parametrize(("game", "name", "line"), LINES, ids=[f"{g}-{n}" for g, n, _ in LINES])
def test_a_field_no_game_writes_is_refused(tmp_path: Path, game: str, name: str, line: Json) -> None:
    error = refused(tmp_path, game, {**line, "culprit_is": "B"})
    assert (error.line, error.field, error.text) == (2, "culprit_is", f"not a field of a {line['t']} line")


def nested(line: Json, path: str, value: object) -> Json:
    """`line` with the field at the dotted `path` set to `value`."""
    changed = copy.deepcopy(line)
    *parents, last = path.split(".")
    holder: Any = changed
    for step in parents:
        holder = holder[int(step) if isinstance(holder, list) else step]
    holder[int(last) if isinstance(holder, list) else last] = value
    return changed


WRONG_INSIDE = [
    # (game, line, the dotted path, the value there, the field named)
    ("liar", "intent question", "intent.queries.0.proposition.about", "D", "intent.queries.0.proposition.about"),
    ("liar", "intent question", "intent.queries.0.proposition.predicate", "ate", "intent.queries.0.proposition.predicate"),
    ("liar", "intent question", "intent.queries.0.proposition", {"not": {"says": "A", "inner": {"predicate": "liar", "about": 3}}},
     "intent.queries.0.proposition.not.inner.about"),
    ("liar", "intent question", "intent.queries.0.speaker", "Z", "intent.queries.0.speaker"),
    ("liar", "intent question", "intent.kind", "questions", "intent.kind"),
    ("liar", "intent unclear", "intent.problem.why", "no-idea", "intent.problem.why"),
    ("liar", "verdict answers", "answers.0.answer", "yes", "answers.0.answer"),
    ("liar", "verdict answers", "answers.0.speaker", "D", "answers.0.speaker"),
    ("liar", "verdict guess", "guess.liar", "E", "guess.liar"),
    ("liar", "verdict guess", "outcome", "drawn", "outcome"),
    ("liar", "model_attempt voiced", "lines.0", ["A"], "lines.0.1"),
    ("liar", "model_attempt voiced", "transport.0.1", "fast", "transport.0.1"),
    ("liar", "model_attempt narrated", "part", "middle", "part"),
    ("liar", "game_ended", "secret.culprit", "D", "secret.culprit"),
    ("liar", "game_ended", "nonce", "zz" * 16, "nonce"),
    ("monorail", "move place", "move.place.0.2", "Q", "move.place.0.2"),
    ("monorail", "move place", "move.place.1.0", 1.5, "move.place.1.0"),
    ("monorail", "move place", "move", {"put": []}, "move"),
    ("monorail", "move declare", "move.declare", "possible", "move.declare"),
    ("monorail", "move place", "seat", "third", "seat"),
    ("monorail", "move place", "by", "god", "by"),
    ("monorail", "game_ended", "result.winners.0", "first ", "result.winners.0"),
    ("garnet", "move choose", "move.choose", "Thief", "move.choose"),
    ("garnet", "move choose", "seat", "9", "seat"),
    ("garnet", "move designate", "move.designate", 5, "move.designate"),
    ("garnet", "announced", "public.announce", "mafia", "public.announce"),
    ("garnet", "revealed", "revealed.counts.Cartel", -1, "revealed.counts.Cartel"),
    ("garnet", "revealed", "revealed.order.3", 4, "revealed.order.3"),
    ("garnet", "game_ended", "result.candidate", "11", "result.candidate"),
    ("garnet", "agent_attempt", "see", "all", "see"),
]


@pytest.mark.parametrize(("game", "name", "path", "value", "field"), WRONG_INSIDE, ids=[f"{w[0]}-{w[2]}" for w in WRONG_INSIDE])
def test_a_wrong_value_inside_a_line_is_named_by_its_path(
    tmp_path: Path, game: str, name: str, path: str, value: object, field: str
) -> None:
    line = next(line for g, n, line in LINES if (g, n) == (game, name))
    error = refused(tmp_path, game, nested(line, path, value))
    assert (error.line, error.field) == (2, field), str(error)


@pytest.mark.parametrize(
    ("game", "path", "value", "field"),
    [
        ("liar", "config.lang", "fr", "config.lang"),
        ("liar", "config.roster", ["A", "A"], "config.roster"),
        ("liar", "config.budget", 0, "config.budget"),
        ("liar", "config.incident", "pizza", "config.incident"),
        ("liar", "config.incident", {"key": "Bad Key", "verb": "eat", "noun": {"ko": "a", "ja": "a", "en": "a"}}, "config.incident"),
        ("liar", "commitment", "ab" * 31, "commitment"),
        ("monorail", "config.rules.tiles", 0, "config.rules.tiles"),
        ("monorail", "config.seats.third", {"kind": "bot", "name": "b", "bot": None}, "config.seats.third"),
        ("garnet", "config.rules", {"start": -3, "allow_negative": False}, "config.rules"),
        ("garnet", "config.seats", seats({"1": "human"}), "config.seats"),
        ("garnet", "seat", "1", "seat"),
        ("garnet", "game", "Garnet", "game"),
    ],
)
def test_a_wrong_value_in_the_first_line_is_named(tmp_path: Path, game: str, path: str, value: object, field: str) -> None:
    started = nested(STARTED[game], path, value)
    (tmp_path / "g.jsonl").write_text(json.dumps({"v": 1, **started}) + "\n", "utf-8")
    with pytest.raises(LineError) as caught:
        validate(read(tmp_path / "g.jsonl"))
    assert (caught.value.line, caught.value.field) == (1, field), str(caught.value)


def test_a_proposition_nested_past_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    proposition: Json = {"predicate": "culprit", "about": "A"}
    for _ in range(MAX_NESTING):
        proposition = {"not": proposition}
    deep = nested(next(line for _, n, line in LINES if n == "intent question"), "intent.queries.0.proposition", proposition)
    validate(read(written(tmp_path, "liar", deep)))
    error = refused(tmp_path, "liar", nested(deep, "intent.queries.0.proposition", {"not": proposition}))
    assert (error.field, error.text.split(" (")[0]) == ("intent.queries.0.proposition", f"a proposition nested more than {MAX_NESTING} deep")


def test_a_line_of_another_game_is_named_by_its_kind(tmp_path: Path) -> None:
    error = refused(tmp_path, "monorail", {"t": "announced", "ply": 0, "seat": "first", "public": {}, "commitment": None})
    assert (error.line, error.field) == (2, "t") and "not a line of a monorail log" in error.text
    error = refused(tmp_path, "liar", STARTED["liar"])
    assert (error.line, error.field) == (2, "t") and "not its first line" in error.text


TRANSCRIPTS = sorted((ROOT / "transcripts").glob("*.jsonl")) + sorted((ROOT / "evals/results").glob("*/games/*.jsonl"))


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.name)
def test_every_committed_log_reads(path: Path) -> None:
    """Logs written by older versions (no seats, truths in verdicts, no transport) read as they are."""
    validate(read(path))


@pytest.mark.parametrize("path", sorted((ROOT / "transcripts").glob("*.jsonl")), ids=lambda p: p.name)
def test_a_committed_transcript_checks_clean_and_a_move_of_it_removed_is_named(tmp_path: Path, path: Path) -> None:
    check(read(path))
    lines = path.read_text("utf-8").splitlines()
    second = [i for i, line in enumerate(lines) if json.loads(line)["t"] == "player"][1]
    cut = tmp_path / path.name
    cut.write_text("".join(line + "\n" for i, line in enumerate(lines) if i != second), "utf-8")
    with pytest.raises(LineError) as caught:
        check(read(cut))
    assert (caught.value.line, caught.value.field) == (second + 1, "t"), str(caught.value)


def test_a_log_without_its_end_is_not_a_finished_game(tmp_path: Path) -> None:
    path = sorted((ROOT / "transcripts").glob("*.jsonl"))[0]
    lines = path.read_text("utf-8").splitlines()[:-1]
    (tmp_path / "cut.jsonl").write_text("".join(line + "\n" for line in lines), "utf-8")
    validate(read(tmp_path / "cut.jsonl"))  # what a crash leaves: it may be resumed
    with pytest.raises(LineError) as caught:
        check(read(tmp_path / "cut.jsonl"))
    assert (caught.value.line, caught.value.field) == (len(lines) + 1, "t")
