"""`POST /api/import` of crafted logs: every one is a 400 naming its line and field, nothing kept;
fuzzed with hypothesis, never a 5xx (gm.logschema.check is the one pass behind it, and `refgm replay`'s)."""

from __future__ import annotations

import copy
import json
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from refgm.cli import main
from refgm.serve.app import Limits
from refgm.serve.store import Store, games
from tests.gm.test_logschema import other_type
from tests.serve.api import Api, play_on, served
from tests.serve.conftest import Cluster

Json = dict[str, Any]
Events = list[Json]
Change = Callable[[Events], tuple[Events, int, str | None]]
"""A change to an export's events, and the line (1-based) and field the refusal must name."""

GAMES = {"liar": "en", "monorail": "ja", "garnet": "ko"}
UNLIMITED = Limits(client_burst=1e9, game_burst=1e9)


@pytest.fixture(scope="module")
def exports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A finished game of each kind, played offline on the page and exported."""
    store = Store.open(f"sqlite:///{tmp_path_factory.mktemp('exports') / 'refgm.db'}")
    texts = {}
    with served(store, limits=UNLIMITED) as api:
        for game, lang in GAMES.items():
            token = api.new(game, lang, **({"opponent": "bot:random"} if game == "monorail" else {}))
            play_on(api, token, store)
            texts[game] = api.export(token)
    store.engine.dispose()
    return texts


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def importer(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Api, Store]]:
    """A server on an empty database of each kind, with no rate limit (one client imports all the cases)."""
    if request.param == "sqlite":
        url, cluster, name = f"sqlite:///{tmp_path_factory.mktemp('import') / 'refgm.db'}", None, ""
    else:
        cluster, name = request.getfixturevalue("postgres_cluster"), f"t_{secrets.token_hex(8)}"
        assert isinstance(cluster, Cluster)
        cluster.create_database(name)
        url = cluster.url(name)
    store = Store.open(url)
    try:
        with served(store, limits=UNLIMITED, raising=False) as api:
            yield api, store
    finally:
        store.engine.dispose()
        if cluster is not None:
            cluster.drop_database(name)


def kept(store: Store) -> int:
    with store.engine.connect() as db:
        return int(db.execute(sa.select(sa.func.count()).select_from(games)).scalar_one())


def text_of(events: Events) -> str:
    return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events)


def events_of(text: str) -> Events:
    return [json.loads(line) for line in text.removesuffix("\n").split("\n")]


def imported(api: Api, text: str) -> Any:
    """POST /api/import with `text`, its body in ASCII JSON (a lone surrogate travels as its escape)."""
    headers = {"Content-Type": "application/json", "X-Refgm-CSRF": api.csrf}
    return api.client.post("/api/import", content=json.dumps({"jsonl": text}), headers=headers)


def refused(importer: tuple[Api, Store], text: str, line: int, field: str | None) -> Json:
    """Import `text`: a 400 naming `line` and `field`, and no game kept."""
    api, store = importer
    before = kept(store)
    answer = imported(api, text)
    assert answer.status_code == 400, answer.text
    body = answer.json()
    assert (body["line"], body["field"]) == (line, field), body
    assert body["error"].startswith(f"the log:{line}: " + (f"{field}: " if field else "")), body
    assert "Traceback" not in body["error"]
    assert kept(store) == before
    return dict(body)


def at(events: Events, t: str, nth: int = 0, **fields: object) -> int:
    """The index of the `nth` event of kind `t` with `fields`."""
    found = [i for i, e in enumerate(events) if e["t"] == t and all(e.get(k) == v for k, v in fields.items())]
    return found[nth]


def edit(index: int, **change: object) -> Callable[[Events], Events]:
    def edited(events: Events) -> Events:
        return [{**e, **change} if i == index else e for i, e in enumerate(events)]

    return edited


def inside(events: Events, index: int, path: str, value: object) -> Events:
    """`events` with the field at the dotted `path` of event `index` set to `value`."""
    changed = copy.deepcopy(events)
    *parents, last = path.split(".")
    holder: Any = changed[index]
    for step in parents:
        holder = holder[int(step) if isinstance(holder, list) else step]
    holder[int(last) if isinstance(holder, list) else last] = value
    return changed


def first_of_each_kind(events: Events) -> list[int]:
    """The index of the first line of each kind in `events`."""
    seen: dict[str, int] = {}
    for i, e in enumerate(events):
        seen.setdefault(e["t"], i)
    return list(seen.values())


# --- every field of every kind of line, of a wrong type --------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_field_of_every_line_of_a_wrong_type_is_refused_naming_it(
    importer: tuple[Api, Store], exports: dict[str, str], game: str
) -> None:
    events = events_of(exports[game])
    for index in first_of_each_kind(events):
        for key, value in events[index].items():
            changed = [{**e, key: other_type(value)} if i == index else e for i, e in enumerate(events)]
            refused(importer, text_of(changed), index + 1, key)


# --- values of the right type that the game never writes there ---------------------------------------


def other_name(name: str) -> str:
    """Another name on the roster."""
    return "A" if name != "A" else "B"


def liar_cases() -> list[tuple[str, Change]]:
    return [
        ("game", lambda es: (edit(0, game="chess")(es), 1, "game")),
        ("config.lang", lambda es: (inside(es, 0, "config.lang", "xx"), 1, "config.lang")),
        ("config.roster", lambda es: (inside(es, 0, "config.roster", ["A"]), 1, "config.roster")),
        ("opening text", lambda es: (edit(at(es, "gm"), text="Welcome!")(es), at(es, "gm") + 1, "text")),
        ("player turn", lambda es: (edit(at(es, "player"), turn=5)(es), at(es, "player") + 1, "turn")),
        ("player seat", lambda es: (edit(at(es, "player"), seat="A")(es), at(es, "player") + 1, "seat")),
        (
            "intent about",
            lambda es: (inside(es, at(es, "intent"), "intent.queries.0.proposition.about", "Z"), at(es, "intent") + 1,
                        "intent.queries.0.proposition.about"),
        ),
        (
            "intent asks of another",
            # the question changed to another person: the recorded verdict is no longer the referee's
            lambda es: (inside(es, at(es, "intent"), "intent.queries.0.speaker", "B"), at(es, "verdict") + 1,
                        "answers.0.speaker"),
        ),
        ("verdict remaining", lambda es: (edit(at(es, "verdict"), remaining=0)(es), at(es, "verdict") + 1, "remaining")),
        (
            "verdict answer",
            lambda es: (inside(es, at(es, "verdict"), "answers.0.answer", not es[at(es, "verdict")]["answers"][0]["answer"]),
                        at(es, "verdict") + 1, "answers.0.answer"),
        ),
        ("attempt number", lambda es: (edit(at(es, "model_attempt"), attempt=2)(es), at(es, "model_attempt") + 1, "attempt")),
        (
            "attempt accepted",
            lambda es: (edit(at(es, "model_attempt"), accepted=False, reasons=["no"])(es), at(es, "model_attempt") + 1, "accepted"),
        ),
        ("reply text", lambda es: (edit(at(es, "gm", 1), text="A: yes")(es), at(es, "gm", 1) + 1, "text")),
        ("outcome", lambda es: (edit(len(es) - 1, outcome="lost")(es), len(es), "outcome")),
        ("secret", lambda es: (inside(es, len(es) - 1, "secret.culprit", other_name(es[-1]["secret"]["culprit"])), len(es), "secret")),
        ("seed", lambda es: (edit(len(es) - 1, seed=es[-1]["seed"] + 1)(es), len(es), "seed")),
    ]


def monorail_cases() -> list[tuple[str, Change]]:
    return [
        ("rules", lambda es: (inside(es, 0, "config.rules.tiles", 0), 1, "config.rules.tiles")),
        ("seat of no one", lambda es: (inside(es, 0, "config.seats.third", es[0]["config"]["seats"]["first"]), 1, "config.seats.third")),
        ("ply", lambda es: (edit(at(es, "move", 1), ply=7)(es), at(es, "move", 1) + 1, "ply")),
        ("seat", lambda es: (edit(at(es, "move", 1), seat=es[at(es, "move", 0)]["seat"])(es), at(es, "move", 1) + 1, "seat")),
        ("by", lambda es: (edit(at(es, "move", 1), by="agent")(es), at(es, "move", 1) + 1, "by")),
        ("illegal move", lambda es: (edit(at(es, "move", 1), move={"place": [[40, 40, "H"]]})(es), at(es, "move", 1) + 1, "move")),
        ("shape", lambda es: (inside(es, at(es, "move", 1), "move.place.0.2", "X"), at(es, "move", 1) + 1, "move.place.0.2")),
        ("winner", lambda es: (inside(es, len(es) - 1, "result.winners", ["first", "second"]), len(es), "result.winners")),
        ("seed", lambda es: (edit(len(es) - 1, seed=es[-1]["seed"] + 1)(es), len(es), "seed")),
        ("a secret in a public line", lambda es: (edit(at(es, "move"), see="referee")(es), at(es, "move") + 1, "see")),
    ]


def other_character(events: Events) -> str:
    """A character the first announcement did not name."""
    return "Police" if events[at(events, "announced")]["public"]["announce"] != "Police" else "Beggar"


def garnet_cases() -> list[tuple[str, Change]]:
    return [
        ("rules", lambda es: (inside(es, 0, "config.rules", {"start": -1, "allow_negative": False}), 1, "config.rules")),
        ("ply", lambda es: (edit(at(es, "move", 3), ply=2)(es), at(es, "move", 3) + 1, "ply")),
        ("seat", lambda es: (edit(at(es, "move", 3), seat="1")(es), at(es, "move", 3) + 1, "seat")),
        ("announcement", lambda es: (inside(es, at(es, "announced"), "public.announce", other_character(es)), at(es, "announced") + 1,
                                     "public.announce")),
        ("commitment", lambda es: (edit(at(es, "announced"), commitment="0" * 64)(es), at(es, "announced") + 1, "commitment")),
        (
            "a revealed total",
            lambda es: (inside(es, at(es, "revealed"), "revealed.totals.0", es[at(es, "revealed")]["revealed"]["totals"][0] + 1),
                        at(es, "revealed") + 1, "revealed.totals.0"),
        ),
        ("moves key", lambda es: (edit(len(es) - 1, moves_key="0" * 32)(es), at(es, "announced") + 1, "commitment")),
        ("final totals", lambda es: (inside(es, len(es) - 1, "result.totals.0", 99), len(es), "result.totals.0")),
        ("a choice shown to all", lambda es: (edit(at(es, "move"), see="everyone")(es), at(es, "move") + 1, "see")),
    ]


CASES = {"liar": liar_cases(), "monorail": monorail_cases(), "garnet": garnet_cases()}


@pytest.mark.parametrize(
    ("game", "change"), [(g, c) for g, cases in CASES.items() for _, c in cases], ids=[f"{g}-{n}" for g, cs in CASES.items() for n, _ in cs]
)
def test_a_value_the_game_never_writes_there_is_refused_naming_its_line_and_field(
    importer: tuple[Api, Store], exports: dict[str, str], game: str, change: Change
) -> None:
    events, line, field = change(events_of(exports[game]))
    refused(importer, text_of(events), line, field)


# --- lines missing, extra, out of order; text that is no log ----------------------------------------


def test_a_monorail_export_with_one_move_removed_is_refused_where_the_replay_diverges(
    importer: tuple[Api, Store], exports: dict[str, str]
) -> None:
    events = events_of(exports["monorail"])
    moves = [i for i, e in enumerate(events) if e["t"] == "move"]
    assert len(moves) >= 3
    for removed in moves[:-1]:
        body = refused(importer, text_of(events[:removed] + events[removed + 1 :]), removed + 1, "ply")
        assert f"expected {events[removed]['ply']}" in body["error"]
    last = moves[-1]  # the game's result is then another one
    refused(importer, text_of(events[:last] + events[last + 1 :]), last + 1, "result" if last + 1 == len(events) - 1 else "ply")


@pytest.mark.parametrize(
    ("game", "change"),
    [
        ("liar", lambda es: (es[: at(es, "verdict")] + es[at(es, "verdict") + 1 :], at(es, "verdict") + 1, "t")),
        ("garnet", lambda es: (es[: at(es, "announced")] + es[at(es, "announced") + 1 :], at(es, "announced") + 1, "t")),
        ("garnet", lambda es: (es[: at(es, "revealed")] + es[at(es, "revealed") + 1 :], at(es, "revealed") + 1, "t")),
        ("liar", lambda es: (es[:-1], len(es), "t")),  # no game_ended: not a finished game
        ("monorail", lambda es: (es[:-1], len(es), "t")),
    ],
    ids=["liar-verdict", "garnet-announced", "garnet-revealed", "liar-game_ended", "monorail-game_ended"],
)
def test_a_missing_line_is_refused_naming_where_it_was_due(
    importer: tuple[Api, Store], exports: dict[str, str], game: str, change: Change
) -> None:
    events, line, field = change(events_of(exports[game]))
    refused(importer, text_of(events), line, field)


@pytest.mark.parametrize(
    ("game", "change"),
    [
        ("monorail", lambda es: (es[: at(es, "move", 1) + 1] + es[at(es, "move", 1) :], at(es, "move", 1) + 2, "ply")),
        ("garnet", lambda es: (es[: at(es, "announced") + 1] + es[at(es, "announced") :], at(es, "announced") + 2, "t")),
        ("liar", lambda es: ([*es, {"v": 1, "t": "hint", "turn": 9, "seat": "player"}], len(es) + 1, "t")),
        ("liar", lambda es: ([*es[:1], es[0], *es[1:]], 2, "t")),  # a second game_started
        ("monorail", lambda es: ([*es[:2], {"v": 1, "t": "announced", "ply": 0, "seat": "first", "public": {}}, *es[2:]], 3, "t")),
    ],
    ids=["monorail-move-twice", "garnet-announced-twice", "liar-after-the-end", "liar-started-twice", "monorail-other-games-line"],
)
def test_an_extra_line_is_refused_naming_it(
    importer: tuple[Api, Store], exports: dict[str, str], game: str, change: Change
) -> None:
    events, line, field = change(events_of(exports[game]))
    refused(importer, text_of(events), line, field)


@pytest.mark.parametrize(
    ("game", "first", "field"),
    [("monorail", ("move", 1), "ply"), ("liar", ("intent", 0), "t"), ("garnet", ("announced", 2), "t")],
)
def test_lines_out_of_order_are_refused_naming_the_first(
    importer: tuple[Api, Store], exports: dict[str, str], game: str, first: tuple[str, int], field: str
) -> None:
    events = events_of(exports[game])
    i = at(events, first[0], first[1])
    swapped = [*events[:i], events[i + 1], events[i], *events[i + 2 :]]
    refused(importer, text_of(swapped), i + 1, field)


@pytest.mark.parametrize("game", GAMES)
def test_text_that_is_no_log_is_refused_naming_its_line(importer: tuple[Api, Store], exports: dict[str, str], game: str) -> None:
    lines = exports[game].splitlines()
    refused(importer, "", 1, "t")  # an empty file
    refused(importer, "\n".join(lines)[:-7], len(lines), None)  # its final line cut short
    refused(importer, "\n".join([*lines[:3], "player: hello", *lines[3:]]), 4, None)  # a line of no JSON
    refused(importer, "\n".join([*lines[:2], lines[2][:-1] + ', "x": "\ud800"}', *lines[3:]]), 3, None)  # no UTF-8
    refused(importer, "\n".join([*lines[:2], "[1, 2]", *lines[2:]]), 3, None)
    refused(importer, "\n".join([*lines[:2], '{"v": 1}', *lines[2:]]), 3, "t")
    refused(importer, "\n".join([*lines[:2], lines[2].replace('"v": 1', '"v": true'), *lines[3:]]), 3, "v")


def test_a_body_of_no_utf8_is_refused_before_any_line_is_read(importer: tuple[Api, Store]) -> None:
    api, store = importer
    before = kept(store)
    headers = {"Content-Type": "application/json", "X-Refgm-CSRF": api.csrf}
    answer = api.client.post("/api/import", content=b'{"jsonl": "\xff\xfe"}', headers=headers)
    assert answer.status_code == 400 and kept(store) == before


def test_every_export_still_imports_and_replays_clean(importer: tuple[Api, Store], exports: dict[str, str]) -> None:
    api, store = importer
    for text in exports.values():
        before = kept(store)
        answer = imported(api, text)
        assert answer.status_code == 201, answer.text
        replayed = api.client.get(f"/api/g/{answer.json()['token']}/replay")
        assert replayed.status_code == 200 and replayed.json()["problems"] == []
        assert kept(store) == before + 1


def test_refgm_replay_names_the_same_line_and_field_and_exits_2(
    exports: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The terminal reads a log by the same schema: the server's message, with the file for the log."""
    events = events_of(exports["monorail"])
    crafted = inside(events, at(events, "move", 1), "move.place.0", [0, "1", "H"])
    path = tmp_path / "crafted.jsonl"
    path.write_text(text_of(crafted), "utf-8")
    assert main(["replay", str(path)]) == 2
    line = at(events, "move", 1) + 1
    assert capsys.readouterr().err == f"refgm replay: {path}:{line}: move.place.0.1: Input should be a valid integer (not '1')\n"
    path.write_bytes(text_of(events).encode() + b'{"v": 1, "t": "resumed", "ply": 1, "seat": "\xff"}\n')
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err.startswith(f"refgm replay: {path}:{len(events) + 1}: not UTF-8 text")


# --- fuzzed: never a 5xx -----------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=5,
)
WORDS = ["A", "B", "C", "player", "first", "second", "1", "5", "8", "Mafia", "Police", "H", "NE", "move", "gm", "none"]
"""Values of the right type that a log does write, somewhere: a name, a seat, a kind, a character, a shape."""


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON value (the value itself first)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += paths(inner, (*prefix, index))
    return found


def tweaked(value: Any, draw: st.DrawFn) -> Any:
    """A value of the same type, changed a little: a number off by one, a flag flipped, another word."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + draw(st.sampled_from([-1, 1, 10**6]))
    if isinstance(value, float):
        return value * 2 + 1
    if isinstance(value, str):
        return draw(st.sampled_from([*WORDS, value + "x", value.upper(), ""]))
    if isinstance(value, list) and value:
        return value[:-1]
    return draw(JSON)


@st.composite
def crafted(draw: st.DrawFn, texts: dict[str, str]) -> str:
    """An export of one game, changed one to three times: a value's type or value, a field added or
    removed, a line removed, doubled or moved, or the text cut short or given a line of no JSON."""
    events = events_of(texts[draw(st.sampled_from(sorted(texts)))])
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["replace", "tweak", "tweak", "drop field", "add field", "drop", "double", "move", "raw"]))
        i = draw(st.integers(0, len(events) - 1))
        if kind in ("replace", "tweak", "drop field", "add field"):
            path = draw(st.sampled_from(paths(events[i])[1:]))
            holder: Any = events[i]
            for step in path[:-1]:
                holder = holder[step]
            if kind == "replace":
                holder[path[-1]] = draw(JSON)
            elif kind == "tweak":
                holder[path[-1]] = tweaked(holder[path[-1]], draw)
            elif kind == "drop field":
                del holder[path[-1]]
            elif isinstance(holder[path[-1]], dict):
                holder[path[-1]][draw(st.text(max_size=6))] = draw(JSON)
        elif kind == "drop":
            del events[i]
        elif kind == "double":
            events.insert(i, copy.deepcopy(events[i]))
        elif kind == "move":
            events.insert(draw(st.integers(0, len(events) - 1)), events.pop(i))
        if not events:
            return ""
    text = text_of(events)
    if kind == "raw":
        cut = draw(st.integers(0, len(text)))
        text = draw(st.sampled_from([text[:cut], text[:cut] + "not json\n" + text[cut:], text.replace("0.", "NaN", 1)]))
    return text


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Api, Store]]:
    store = Store.open(f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'refgm.db'}")
    with served(store, limits=UNLIMITED, raising=False) as api:
        yield api, store
    store.engine.dispose()


@settings(max_examples=1200, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_a_crafted_import_is_never_a_server_failure(
    fuzzed: tuple[Api, Store], exports: dict[str, str], data: st.DataObject
) -> None:
    """Either a 201 whose replay the referee finds clean, or a 400 naming a line; never a 5xx."""
    api, store = fuzzed
    text = data.draw(crafted(exports))
    lines = text.removesuffix("\n").split("\n") if text else []
    before = kept(store)
    answer = imported(api, text)
    event(f"import: {answer.status_code}")
    assert answer.status_code in (201, 400), answer.text
    if answer.status_code == 400:
        body = answer.json()
        assert isinstance(body["line"], int) and 1 <= body["line"] <= len(lines) + 1, body
        assert body["error"].startswith(f"the log:{body['line']}: "), body
        assert body["field"] is None or isinstance(body["field"], str)
        assert kept(store) == before
        return
    token = answer.json()["token"]
    replayed = api.client.get(f"/api/g/{token}/replay")
    assert replayed.status_code == 200 and replayed.json()["problems"] == [], replayed.text
    assert api.client.get(f"/api/g/{token}").status_code == 200
    assert kept(store) == before + 1
