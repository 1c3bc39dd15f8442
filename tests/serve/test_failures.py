"""What the server does when something goes wrong: the database fails mid-turn, a request comes
twice or for a page the game has moved on from, two new games draw one id, a crafted log is
imported, a bug answers 500, a request names another host, a client floods the rate limits."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from refgm.cli import main
from refgm.serve import feed as feed_module
from refgm.serve import host as host_module
from refgm.serve import store as store_module
from refgm.serve.app import Limits, create_app, host_name
from refgm.serve.host import Host, NewGame
from refgm.serve.store import Store, games
from tests.serve.api import QUESTION, events, guess, play_on, sealed, serve_args, served

POLICE = {"choice": "Police", "announcement": "I am the police"}


def test_a_database_failing_mid_turn_keeps_nothing_of_it_and_the_game_goes_on(
    database_url: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    store = Store.open(database_url)
    with served(store, raising=False) as api:  # the browser sees the 500
        token = api.new("garnet", "en", opponent="bot:random", seat="1")
        before = api.view(token)
        real = store_module.DbLedger.flush

        def failing(self: store_module.DbLedger) -> None:
            monkeypatch.setattr(store_module.DbLedger, "flush", real)
            raise sa.exc.OperationalError("INSERT", {}, Exception("the connection was lost"))

        monkeypatch.setattr(store_module.DbLedger, "flush", failing)
        answer = api.turn(token, POLICE)
        assert answer.status_code == 500 and "kept nothing" in answer.json()["error"]
        assert api.view(token)["feed"] == before["feed"], "nothing of the failed turn is shown"
        after = api.played(token, POLICE)  # the table the failure left ahead is gone: played again
        assert after["view"]["round"] == 2 and after["problems"] == []
        assert sum(1 for e in events(api.export(token)) if e["t"] == "move" and e["seat"] == "1") == 1
    row = store.find(token)
    assert row is not None
    path = tmp_path / "log.jsonl"  # the whole log, other seats' hidden moves too, as the referee re-runs it
    path.write_text("".join(line + "\n" for line in store.lines(row.id)), encoding="utf-8")
    assert main(["replay", str(path)]) == 0


def test_a_turn_sent_twice_or_for_an_old_page_is_played_once(database_url: str) -> None:
    store = Store.open(database_url)
    with served(store) as api:
        token = api.new("liar", "en")
        page = api.view(token)
        question = {"text": "A, are you the liar?", "version": page["version"]}
        first = api.played(token, question)
        again = api.turn(token, question)  # a second tab, or a retried request
        assert again.status_code == 409 and again.json()["view"]["feed"] == first["feed"]
        assert first["view"]["remaining"] == 6 == api.view(token)["view"]["remaining"]
        assert api.turn(token, {**question, "version": first["version"]}).status_code == 200


def test_a_move_sent_while_the_other_seats_are_to_play_is_no_move(database_url: str) -> None:
    """A page that posts while bots are to move (a server killed before they did) has not seen their
    moves: they play now, and the move is refused for the page to look again, never saved for later."""
    store = Store.open(database_url)
    with served(store) as api:
        token = api.new("monorail", "en", opponent="bot:random", first="opponent")
        row = store.find(token)
        assert row is not None
        with store.engine.begin() as db:  # what a kill before the bot's first move leaves
            db.execute(sa.delete(store_module.events).where(store_module.events.c.seq > 1))
    with served(store) as api:  # a restarted server
        answer = api.turn(token, {"text": "H@2,0"})
        assert answer.status_code == 409
        view = answer.json()["view"]
        assert view["prompt"]["kind"] == "monorail", "the bot has moved: the human is to move"
        log = events(api.export(token))
        assert not any(e["t"] == "move" and e["seat"] == "second" for e in log), "the human (second) made no move"


def test_two_games_drawing_one_id_both_start(database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    ids = iter(
        [
            "20261201-000000-aaaa",
            "20261201-000000-aaaa",
            "20261201-000000-bbbb",
            "20261201-000000-aaaa",
            "20261201-000000-cccc",
        ]
    )
    monkeypatch.setattr(host_module, "new_game_id", lambda: next(ids))
    store = Store.open(database_url)
    with served(store) as api:
        first, second = api.new("liar"), api.new("garnet", opponent="bot:random")
        assert api.view(first)["id"] == "20261201-000000-aaaa"
        assert api.view(second)["id"] == "20261201-000000-bbbb"
        play_on(api, first, store)  # only a finished game's log imports
        log = api.export(first)
        imported = api.post("/api/import", {"jsonl": log})
        assert imported.status_code == 201  # its first id clashed too


def crafted(first: dict[str, Any], *more: dict[str, Any]) -> str:
    return "\n".join(json.dumps({"v": 1, **line}) for line in (first, *more)) + "\n"


ENDED = {"t": "game_ended", "outcome": "won", "seed": 1, "nonce": "n", "commitment": "c"}
CRAFTED = [
    crafted({"t": "game_started", "config": "a string"}, ENDED),
    crafted({"t": "game_started", "game": "chess", "config": {}}, ENDED),
    crafted({"t": "game_started", "game": "garnet", "config": {"lang": "en", "seats": [1, 2]}}, ENDED),
    crafted({"t": "game_started", "game": "monorail", "config": {"lang": "en", "rules": "x"}}, ENDED),
    crafted({"t": "game_started", "config": {"lang": "xx"}}, ENDED),
    crafted({"t": "game_started", "config": {"lang": "en", "budget": "abc"}}, ENDED),
    '{"v": 1, "t": "game_started", "config": {"lang": "en"}, "x": "\ud800"}\n',  # a lone surrogate: no UTF-8
]


@pytest.mark.parametrize("text", CRAFTED, ids=range(len(CRAFTED)))
def test_a_log_that_cannot_be_shown_is_refused_at_import(database_url: str, text: str) -> None:
    store = Store.open(database_url)
    with served(store, raising=False) as api:
        body = json.dumps({"jsonl": text})  # ASCII, so a lone surrogate travels as its escape
        headers = {"Content-Type": "application/json", "X-Refgm-CSRF": api.csrf}
        answer = api.client.post("/api/import", content=body, headers=headers)
        assert answer.status_code == 400, answer.text
        assert "Traceback" not in answer.text
    with store.engine.connect() as db:
        assert db.execute(sa.select(sa.func.count()).select_from(games)).scalar_one() == 0


def test_a_500_has_the_security_headers_and_its_log_no_token(
    database_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    store = Store.open(database_url)
    with served(store, raising=False) as api:
        token = api.new("liar")
        monkeypatch.setattr(feed_module.Page, "page", lambda page: 1 / 0)
        with caplog.at_level(logging.ERROR, logger="refgm.serve"):
            answer = api.client.get(f"/api/g/{token}")
        assert answer.status_code == 500
        for header in ("content-security-policy", "referrer-policy", "x-content-type-options", "x-frame-options"):
            assert header in answer.headers
        assert answer.headers["cache-control"] == "no-store"
        assert caplog.records and token not in caplog.text and "/api/g/<token>" in caplog.text


def test_a_500_logs_its_traceback_under_a_request_id_and_answers_that_id_alone(
    database_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The id in the answer finds the traceback in the log; nothing of the failure is in the answer."""
    detail = "the internal detail /srv/refgm/secret.txt"

    def failing(page: Any) -> Any:
        raise RuntimeError(detail)

    store = Store.open(database_url)
    with served(store, raising=False) as api:
        token = api.new("liar")
        fine = [api.client.get("/api/options").headers["x-request-id"] for _ in range(2)]
        monkeypatch.setattr(feed_module.Page, "page", failing)
        with caplog.at_level(logging.ERROR, logger="refgm.serve"):
            answer = api.client.get(f"/api/g/{token}")
    store.engine.dispose()
    assert answer.status_code == 500
    request_id = answer.headers["x-request-id"]
    assert re.fullmatch(r"[0-9a-f]{12}", request_id) and len({*fine, request_id}) == 3  # one per request
    body = answer.json()
    assert set(body) == {"error", "request_id"} and body["request_id"] == request_id and request_id in body["error"]
    for internal in (detail, "RuntimeError", "Traceback", "Page", "feed.py", token):
        assert internal not in answer.text, internal
    [record] = [r for r in caplog.records if r.name == "refgm.serve"]
    assert record.levelno == logging.ERROR and request_id in record.getMessage()
    assert record.exc_info is not None and record.exc_info[0] is RuntimeError and str(record.exc_info[1]) == detail
    assert "Traceback" in caplog.text and "in failing" in caplog.text and detail in caplog.text


def test_a_request_for_another_host_name_is_refused(database_url: str) -> None:
    """DNS rebinding: a page of another site whose name now points at this machine."""
    app = create_app(Host(Store.open(database_url), serve_args()), hosts=["127.0.0.1", "localhost"])
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        assert client.get("/").status_code == 200
        assert client.get("/", headers={"host": "attacker.example:8000"}).status_code == 400
        assert client.get("/api/options", headers={"host": "localhost:8000"}).status_code == 200


def test_the_rate_limits_forget_the_longest_idle_not_everyone(database_url: str) -> None:
    limits = Limits(game_rate=0.001, game_burst=2, kept=3)
    store = Store.open(database_url)
    with served(store, limits=limits) as api:
        token = api.new("liar")
        for _ in range(2):
            api.view(token)
        assert api.client.get(f"/api/g/{token}").status_code == 429
        for junk in ("a" * 43, "b" * 43, "c" * 43):  # unknown games make no bucket
            assert api.client.get(f"/api/g/{junk}").status_code == 404
        assert api.client.get(f"/api/g/{token}").status_code == 429
        assert len(limits.buckets) <= 3


def test_a_json_media_type_in_capitals_is_json(database_url: str) -> None:
    with served(Store.open(database_url)) as api:
        answer = api.client.post(
            "/api/games",
            content=json.dumps({"game": "liar", "lang": "en"}),
            headers={"Content-Type": "APPLICATION/JSON; charset=UTF-8", "X-Refgm-CSRF": api.csrf},
        )
        assert answer.status_code == 201, answer.text


def slowed(monkeypatch: pytest.MonkeyPatch, fail_first: bool = False) -> None:
    """Every turn waits a moment before it is played (a model taking its time), so that a second
    request arrives while the first holds the game; with `fail_first`, the first turn is played
    and then fails (a cancelled request), its table left ahead of the database."""
    real = Host._turn
    calls = 0

    async def slow(self: Host, live: Any, row: Any, body: Any) -> None:
        nonlocal calls
        calls += 1
        await asyncio.sleep(0.05)
        await real(self, live, row, body)
        if fail_first and calls == 1:
            raise RuntimeError("the request was cancelled")

    monkeypatch.setattr(Host, "_turn", slow)


def test_one_turn_sent_twice_at_once_is_played_once(database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    async def play() -> None:
        host = Host(Store.open(database_url), serve_args())
        token = await host.create(NewGame("liar", "en", "offline"))
        page = await host.view(token)
        slowed(monkeypatch)
        question = {"text": "A, are you the liar?", "version": page["version"]}
        answers = await asyncio.gather(host.turn(token, question), host.turn(token, question), return_exceptions=True)
        assert sorted(type(a).__name__ for a in answers) == ["Overtaken", "dict"]
        log = events(host.export(token)[1])
        assert sum(1 for e in log if e["t"] == "player") == 1
        assert (await host.view(token))["view"]["remaining"] == 6, "charged once"
        await host.aclose()

    asyncio.run(play())


def test_a_request_waiting_on_a_table_that_failed_plays_on_the_game_as_kept(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def play() -> None:
        host = Host(Store.open(database_url), serve_args())
        token = await host.create(NewGame("liar", "en", "offline"))
        slowed(monkeypatch, fail_first=True)
        question = {"text": "A, are you the liar?"}
        first, second = await asyncio.gather(
            host.turn(token, question), host.turn(token, question), return_exceptions=True
        )
        assert isinstance(first, RuntimeError) and isinstance(second, dict)
        log = events(host.export(token)[1])
        assert [e["turn"] for e in log if e["t"] == "player"] == [1], "the failed turn kept nothing"
        assert second["view"]["remaining"] == 6
        await host.aclose()

    asyncio.run(play())


@pytest.mark.parametrize(
    ("header", "name"),
    [
        ("[::1]:8000", "::1"),
        ("[::1]", "::1"),
        ("localhost:8000", "localhost"),
        ("127.0.0.1", "127.0.0.1"),
        ("::1", "::1"),
    ],
)
def test_the_host_of_a_host_header(header: str, name: str) -> None:
    assert host_name(header) == name


def test_an_ipv6_loopback_host_is_served(database_url: str) -> None:
    app = create_app(Host(Store.open(database_url), serve_args()), hosts=["127.0.0.1", "localhost", "::1"])
    with TestClient(app) as client:
        assert client.get("/api/options", headers={"host": "[::1]:8000"}).status_code == 200
        refused = client.get("/api/options", headers={"host": "evil.example"})
        assert refused.status_code == 400 and "content-security-policy" in refused.headers


def test_a_turn_is_judged_on_the_game_as_committed_not_on_a_stale_table(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Server A holds a table; server B plays a turn; A's next request, even one refused without a
    line written (so no commit would show A its table is stale), is judged on the game as B left it."""

    async def play() -> None:
        a, b = Host(Store.open(database_url), serve_args()), Host(Store.open(database_url), serve_args())
        token = await a.create(NewGame("garnet", "en", "bot:random", seat="1"))
        await a.turn(token, POLICE)
        await b.turn(token, POLICE)
        current: list[bool] = []
        real = Host._turn

        async def judged(self: Host, live: Any, row: Any, body: Any) -> None:
            current.append(live.ledger.kept == self.store.count(row.id))
            await real(self, live, row, body)

        monkeypatch.setattr(Host, "_turn", judged)
        with pytest.raises(ValueError):
            await a.turn(token, {"choice": "Police"})  # no announcement: refused before anything is written
        assert current == [True]
        page = await a.turn(token, POLICE)
        assert page["view"]["round"] == 4 and page["problems"] == []
        await a.aclose()
        await b.aclose()

    asyncio.run(play())


def test_a_game_another_server_ended_is_over_on_a_server_that_kept_its_row(database_url: str) -> None:
    """A server keeps the rows it found (a row found once is not asked for again) and may keep one
    from before another server ended its game: a turn for it is 'this game is over' (409), never
    played, on the server that holds its table and on one that only found it."""

    async def play() -> None:
        a, b, c = (Host(Store.open(database_url), serve_args()) for _ in range(3))
        token = await a.create(NewGame("liar", "en", "offline"))
        await a.turn(token, {"text": QUESTION["en"]})  # a holds the table and the row
        c.find(token)  # c holds the row alone
        secret = sealed(b.store, token)["secret"]
        page = await b.turn(token, {"text": guess("en", secret["culprit"], secret["liar"])})
        assert page["over"]
        for host in (a, c):
            assert not host.find(token).ended  # kept from before the end
            with pytest.raises(host_module.GameOver):
                await host.turn(token, {"text": QUESTION["en"]})
            assert host.find(token).ended
        lines = a.store.lines(a.find(token).id)
        assert [json.loads(line)["t"] for line in lines].count("player") == 2
        for host in (a, b, c):
            await host.aclose()

    asyncio.run(play())
