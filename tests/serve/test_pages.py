"""The incremental game feed (refgm.serve.pages): a page kept in memory and sent a turn at a time is
the page rebuilt from the whole log, on SQLite and PostgreSQL, with two servers on one database.

A reader here keeps its page as the browser's script does: it sends `since` (the feed's settled
entries it has) and puts the entries it gets after them. After every answer, on whichever server
played or showed it, its page is `feed.game_view` of the log the database holds then, and
before the end no answer holds the seal or another seat's hidden choice. Every seat's page of a
finished game, folded an event at a time, is its page rebuilt from each prefix of the log.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from unittest import mock

import pytest
from httpx2 import Response
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from gm.recorder import Log, read
from referee.garnet.character import CHARACTERS
from refgm.serve import host as host_module
from refgm.serve.feed import Page, game_view
from refgm.serve.store import Store, log_of
from tests.gm import test_match_narration as narrated
from tests.serve.api import (
    QUESTION,
    Api,
    Json,
    garnet_body,
    guess,
    monorail_move,
    monorail_tries,
    sealed,
    served,
)
from tests.serve.test_security import forms, hidden_moves

GAMES = ("liar", "monorail", "garnet")
LANGS = ("ko", "ja", "en")
OPPONENTS = {"liar": ("offline",), "monorail": ("bot:random", "bot:greedy"), "garnet": ("bot:random", "bot:expected")}
SENT_ONLY = ("title", "version", "since")
"""What an answer carries besides the page `game_view` makes."""
STEPS = 40


def merged(kept: Json, answer: Json) -> Json:
    """The page a reader has after `answer` (`kept`: the page it had, {} for none), put together
    as the page's script does."""
    since = answer["since"]
    assert since <= kept.get("settled", 0)
    return {**answer, "feed": kept.get("feed", [])[:since] + answer["feed"]}


def rebuilt(store: Store, token: str) -> tuple[Json, int]:
    """The page rebuilt from the log the database holds now, as the human's seat sees it, and the log's length."""
    row = store.find(token)
    assert row is not None
    lines, log = store.log(row.id)
    return game_view(log, row.seat), len(lines)


def secrets_of(store: Store, token: str, seat: str | None) -> list[str]:
    """What no answer may hold before the end: the seal, the liar game's roles, the other seats' hidden moves."""
    seal = sealed(store, token)
    found = [str(seal["seed"]), seal["nonce"]]
    secret = seal["secret"]
    if "culprit" in secret:
        found += [*forms(secret), f'"culprit": "{secret["culprit"]}"', f'"liar": "{secret["liar"]}"']
    else:
        found += [secret["moves"], '"choose"']
        found += [form for move in hidden_moves(store, token, str(seat)) for form in forms(move)]
    return found


def inputs(page: Json, lang: str) -> list[Json]:
    """Bodies a player might send now: moves the referee takes and ones it refuses or cannot read."""
    game, prompt = page["game"], page["prompt"]
    if game == "liar":
        asked = [{"text": QUESTION[lang]}, {"text": "/help"}, {"text": "hmm, let me think"}]
        guesses = [{"text": guess(lang, culprit, liar)} for culprit in "ABC" for liar in "ABC"]
        return (asked if page["view"]["remaining"] > 0 else []) + guesses
    if game == "monorail":
        return [{"text": text} for text in monorail_tries(page)] + [{"text": "H@90,90"}, {"text": "no move"}]
    if prompt["kind"] == "designate":
        return [{"designate": seat} for seat in prompt["seats"]] + [{"designate": "nobody at all"}]
    return [
        {"choice": chosen.value, "announcement": said.name_in(lang)} for chosen in CHARACTERS for said in CHARACTERS
    ] + [{"choice": "Banana", "announcement": "Mafia"}]


class Reader:
    """One browser's page of one game, kept a delta at a time, checked after every answer."""

    def __init__(self, store: Store, token: str) -> None:
        self.store = store
        self.token = token
        self.page: Json = {}
        self.steps = 0
        self.statuses: set[int] = set()

    def took(self, answer: Response, statuses: tuple[int, ...] = (200,)) -> None:
        """`answer` (200, or 422 with the page beside the refusal) put into the page, and the page checked."""
        assert answer.status_code in statuses, answer.text
        data = answer.json()
        sent = data if answer.status_code == 200 else data["view"]
        self.statuses.add(answer.status_code)
        self.page = merged(self.page, sent)
        self.check(answer.text)

    def check(self, text: str) -> None:
        expected, lines = rebuilt(self.store, self.token)
        assert {k: v for k, v in self.page.items() if k not in SENT_ONLY} == expected
        assert self.page["version"] == lines
        if not expected["over"]:
            leaked = [s for s in secrets_of(self.store, self.token, expected["seat"]) if s in text]
            assert leaked == [], leaked
        self.steps += 1

    @property
    def since(self) -> int:
        return int(self.page.get("settled", 0))


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=8, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_a_page_sent_a_turn_at_a_time_is_the_page_rebuilt_from_the_log(
    database_url: str, game: str, data: st.DataObject
) -> None:
    """Each turn and each look goes to one of two servers on one database (each keeps its own
    pages); after every answer the reader's page is the rebuilt one. A reader that sends no
    `since`, or more than it was given, gets the whole feed."""
    lang = data.draw(st.sampled_from(LANGS), label="lang")
    more: dict[str, str] = {"opponent": data.draw(st.sampled_from(OPPONENTS[game]), label="opponent")}
    if game == "garnet":
        more["seat"] = data.draw(st.sampled_from("12345678"), label="seat")
    if game == "monorail":
        more["first"] = data.draw(st.sampled_from(("human", "opponent")), label="first")
    # The game's seed, drawn here so that an example replays; of 18 digits or more, so that no text holds it by chance.
    seed = data.draw(st.integers(10**17, 2**63 - 1), label="seed")
    drawn = SimpleNamespace(SystemRandom=lambda: SimpleNamespace(getrandbits=lambda _: seed), Random=random.Random)
    store = Store.open(database_url)
    with served(store) as a, served(store) as b:
        servers = (a, b)
        with mock.patch.object(host_module, "random", drawn):
            token = a.new(game, lang, **more)
        reader = Reader(store, token)
        reader.took(b.client.get(f"/api/g/{token}"))
        while not reader.page["over"] and reader.steps < STEPS:
            api: Api = data.draw(st.sampled_from(servers), label="server")
            look = data.draw(st.sampled_from(("turn", "turn", "turn", "look", "whole", "too many")), label="what")
            if look == "turn":
                body = data.draw(st.sampled_from(inputs(reader.page, lang)), label="body")
                sent = {**body, "version": reader.page["version"], "since": reader.since}
                reader.took(api.turn(token, sent), (200, 422))
            elif look == "look":
                reader.took(api.client.get(f"/api/g/{token}", params={"since": reader.since}))
            else:  # no `since`, or one past what the page has settled: the whole feed
                since = {"whole": {}, "too many": {"since": reader.page["settled"] + 1}}[look]
                answer = api.client.get(f"/api/g/{token}", params=since)
                assert answer.json()["since"] == 0
                reader.page = {}
                reader.took(answer)
        event("over" if reader.page["over"] else f"{STEPS} steps, not over")
        for status in reader.statuses:
            event(f"answered {status}")
        event(f"steps: {reader.steps // 10 * 10} to {reader.steps // 10 * 10 + 9}")
    store.engine.dispose()


def test_a_cold_page_is_read_from_the_database_once_and_then_a_turn_at_a_time(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The whole log is read once, for the first look; each turn after reads only its own lines."""
    store = Store.open(database_url)
    with served(store) as api:
        token = api.new("liar", "en")
        wholes: list[str] = []
        whole = Store.log

        def counted(self: Store, game_id: str) -> tuple[list[str], Log]:
            wholes.append(game_id)
            return whole(self, game_id)

        monkeypatch.setattr(Store, "log", counted)
        reader = Reader(store, token)
        reader.took(api.client.get(f"/api/g/{token}"))
        assert len(wholes) == 2  # the server's first look, and the reader's check
        for _ in range(3):
            body = {"text": QUESTION["en"], "version": reader.page["version"], "since": reader.since}
            reader.took(api.turn(token, body))
        assert len(reader.page["feed"]) > 3
        assert len(wholes) == 2 + 3  # the reader's checks alone
    store.engine.dispose()


@pytest.mark.parametrize("game", GAMES)
def test_a_turns_answer_is_made_from_the_lines_it_committed_asking_the_database_nothing_more(
    database_url: str, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server has just committed the turn's lines: its page of the game is brought up to them,
    and a server that holds no page of it (started since) makes it of them, without reading the
    log again. The answer is still the page rebuilt from the database."""
    store = Store.open(database_url)
    reads: list[str] = []

    def counted(name: str) -> Callable[..., Any]:
        real = getattr(Store, name)

        def read(self: Store, *args: Any) -> Any:
            reads.append(name)
            return real(self, *args)

        return read

    for name in ("log", "events_after"):
        monkeypatch.setattr(Store, name, counted(name))
    with served(store) as api:
        token = api.new(game, "en")
        reader = Reader(store, token)
        reader.took(api.client.get(f"/api/g/{token}"))
        for server in (api, api, None):
            with served(store) if server is None else contextlib.nullcontext(server) as playing:  # None: a new server
                if reader.page["over"]:
                    break
                tries = {
                    "liar": lambda: [{"text": QUESTION["en"]}],
                    "garnet": lambda: [garnet_body(reader.page)],
                    "monorail": lambda: [{"text": text} for text in monorail_tries(reader.page)],
                }[game]()
                for body in tries:  # the refused ones (a page beside the refusal, read as any look) first
                    reads.clear()
                    answer = playing.turn(token, {**body, "version": reader.page["version"], "since": reader.since})
                    read = list(reads)
                    reader.took(answer, (200, 422))  # checked against the log: read here
                    if answer.status_code == 200:
                        break
                assert answer.status_code == 200 and read == [], "nothing of the log read for the answer"
    store.engine.dispose()


@pytest.mark.parametrize("game", GAMES)
def test_a_page_one_server_keeps_shows_the_turns_another_server_played_since(database_url: str, game: str) -> None:
    """Server `a` keeps the game's page; `b`, on the same database, plays each turn. Every look at
    `a` after it, with its `since` or none, is the page rebuilt from the database, never the kept one."""
    store = Store.open(database_url)
    with served(store) as a, served(store) as b:
        token = a.new(game, "en")
        reader = Reader(store, token)
        reader.took(a.client.get(f"/api/g/{token}"))
        for _ in range(3):
            if reader.page["over"]:
                break
            before = reader.page["version"]
            body = {"text": QUESTION["en"]} if game == "liar" else None
            view = b.view(token)
            if game == "monorail":
                monorail_move(b, token, view)
            else:
                b.played(token, body or garnet_body(view))
            assert a.view(token)["version"] > before  # the whole page, from `a`
            reader.took(a.client.get(f"/api/g/{token}", params={"since": reader.since}))
    store.engine.dispose()


@pytest.mark.parametrize("since", ["", "x", "-1", "1.5", "１", "1e3", "9" * 10, "0x1"])
def test_a_look_with_a_since_that_is_no_count_is_a_400_naming_it(database_url: str, since: str) -> None:
    store = Store.open(database_url)
    with served(store) as api:
        token = api.new("monorail", "en")
        answer = api.client.get(f"/api/g/{token}", params={"since": since})
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"].startswith("since:")
    store.engine.dispose()


def finished_log(store: Store, api: Api, game: str, lang: str, seat: str) -> tuple[str, Log]:
    """A game of `game` played to its end by the first input the referee takes at each turn."""
    more = {"seat": seat} if game == "garnet" else {"first": seat} if game == "monorail" else {}
    token = api.new(game, lang, **more)
    page = api.view(token)
    for _ in range(STEPS):
        if page["over"]:
            break
        bodies = inputs(page, lang)
        if game == "liar":  # one question, then the right guess
            secret = sealed(store, token)["secret"]
            asked = any(e["kind"] == "you" for e in page["feed"])
            bodies = [{"text": guess(lang, secret["culprit"], secret["liar"]) if asked else QUESTION[lang]}]
        for body in bodies:
            answer = api.turn(token, body)
            if answer.status_code == 200:
                page = answer.json()
                break
    assert page["over"]
    row = store.find(token)
    assert row is not None
    return token, log_of(Path("the log"), store.lines(row.id))


def folded(log: Log, shown_as: str | None) -> list[Json]:
    """The page of `log` as `shown_as` sees it, folded an event at a time: after each event it is
    the page rebuilt from the log up to that event, and its settled entries stay as they were;
    the pages, one per prefix."""
    page = Page(Log(log.path, log.events[:1]), shown_as)
    pages = [page.page()]
    for upto in range(2, len(log.events) + 1):
        settled = page.page()["feed"][: page.settled]
        page.add(log.events[upto - 1 : upto])
        assert page.page() == game_view(Log(log.path, log.events[:upto]), shown_as), (shown_as, upto)
        assert page.page()["feed"][: len(settled)] == settled, (shown_as, upto)
        pages.append(page.page())
    return pages


@pytest.mark.parametrize(
    ("game", "lang", "seat"), [("liar", "ko", ""), ("monorail", "ja", "human"), ("garnet", "en", "3")]
)
def test_every_seats_page_folded_an_event_at_a_time_is_its_page_rebuilt_from_each_prefix(
    tmp_path: Path, game: str, lang: str, seat: str
) -> None:
    """For every seat of the game (and None: an imported log's reader, once it is over), after each
    event: the page folded so far is the page of the log up to that event, its settled entries
    stay as they were, and before the last turn it holds neither the seal nor another seat's hidden move."""
    store = Store.open(f"sqlite:///{tmp_path / 'refgm.db'}")
    with served(store) as api:
        token, log = finished_log(store, api, game, lang, seat)
    row = store.find(token)
    assert row is not None
    # The last turn, from the human's last input to the end, is committed whole: no page shows less of it.
    last_turn = max(e.line for e in log.events if e.t == "player" or (e.t == "move" and e.data["seat"] == row.seat))
    seats = list(log.events[0].data["config"].get("seats") or {"player": {}})
    for shown_as in [*seats, None]:
        secrets = secrets_of(store, token, shown_as) if shown_as is not None else []
        for upto, page in enumerate(folded(log, shown_as)[: last_turn - 1], 1):
            text = json.dumps(page, ensure_ascii=False)
            assert [s for s in secrets if s in text] == [], (shown_as, upto)
    store.engine.dispose()


def test_a_narrated_reveal_folded_after_its_move_is_shown_as_the_rebuilt_page_shows_it(tmp_path: Path) -> None:
    """A narrator's telling of a Garnet Thief reveal comes after the move that closed the round
    (a terminal's match, imported): the page folded up to the move, then the telling, shows it as
    the page of the whole log does, for every seat."""
    path = tmp_path / "g.jsonl"
    narrated.play(path, [narrated.text(narrated.TRUE)], plies=narrated.ROUND)
    log = read(path)
    assert any(e.t == "model_attempt" and e.data.get("accepted") for e in log.events)
    for shown_as in [*log.events[0].data["config"]["seats"], None]:
        told = [e for e in folded(log, shown_as)[-1]["feed"] if e["kind"] == "narrator"]
        assert [e["text"] for e in told] == [narrated.TRUE], shown_as
