"""Several `refgm serve` processes on one database, as behind a load balancer: each turn is kept
once, whichever server plays it, two servers playing one game at once never both keep a turn, and
neither shows a page it keeps of a game the other has played on since."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from refgm.cli import main
from refgm.serve.feed import game_view
from refgm.serve.store import Store
from tests.serve.conftest import LiveServer

CHOICES = ("Mafia", "Cartel", "Police", "Beggar")
POLICE = {"choice": "Police", "announcement": "I am the police"}
SAID = {"Mafia": "I am the mafia", "Cartel": "I am the cartel", "Police": "I am the police", "Beggar": "I am a beggar"}


def client(server: LiveServer) -> httpx.Client:
    """A browser of `server`'s page: its CSRF cookie, and the token the page carries."""
    browser = httpx.Client(base_url=server.url, timeout=60, trust_env=False)
    page = browser.get("/")
    token = re.search(r'name="refgm-csrf" content="([^"]+)"', page.text)
    assert token is not None and token.group(1) == browser.cookies["refgm_csrf"]
    browser.headers["X-Refgm-CSRF"] = token.group(1)
    return browser


def human_moves(log: str, seat: str) -> list[dict[str, object]]:
    lines = [json.loads(line) for line in log.splitlines()]
    return [line for line in lines if line["t"] == "move" and line["seat"] == seat]


@pytest.fixture
def two_servers(database_url: str, tmp_path: Path) -> Iterator[list[LiveServer]]:
    servers = [LiveServer(database_url, tmp_path / name) for name in ("a", "b")]
    for server in servers:
        server.home.mkdir()
        server.start()
    yield servers
    for server in servers:
        server.kill()


def test_turns_alternating_between_two_servers_are_each_kept_once(
    two_servers: list[LiveServer], tmp_path: Path
) -> None:
    a, b = (client(server) for server in two_servers)
    made = a.post("/api/games", json={"game": "garnet", "lang": "en", "opponent": "bot:random", "seat": "4"})
    assert made.status_code == 201
    game = made.json()["token"]
    played = 0
    for round_ in range(8):
        browser = (a, b)[round_ % 2]
        choice = CHOICES[round_ % 4]
        answer = browser.post(f"/api/g/{game}/turn", json={"choice": choice, "announcement": SAID[choice]})
        assert answer.status_code == 200, answer.text
        played += 1
    view = b.get(f"/api/g/{game}").json()
    if view["prompt"]["kind"] == "designate":
        assert a.post(f"/api/g/{game}/turn", json={"designate": view["prompt"]["seats"][0]}).status_code == 200
        played += 1
    assert a.get(f"/api/g/{game}").json()["over"] is True
    log = b.get(f"/api/g/{game}/log.jsonl").text
    assert len(human_moves(log, "4")) == played
    resumed = [line for line in log.splitlines() if '"t": "resumed"' in line]
    assert resumed, "the second server's first turn resumes the game from the database"
    path = tmp_path / "game.jsonl"
    path.write_text(log, encoding="utf-8")
    assert main(["replay", str(path)]) == 0


def test_two_servers_playing_one_game_at_once_keep_one_turn_each_time(two_servers: list[LiveServer]) -> None:
    a, b = (client(server) for server in two_servers)
    game = a.post("/api/games", json={"game": "garnet", "lang": "en", "opponent": "bot:random", "seat": "1"}).json()[
        "token"
    ]
    kept = 0
    with ThreadPoolExecutor(2) as pool:
        for round_ in range(6):
            answers = list(pool.map(lambda c: c.post(f"/api/g/{game}/turn", json=POLICE), (a, b)))
            codes = sorted(answer.status_code for answer in answers)
            assert set(codes) <= {200, 409, 422}, [answer.text for answer in answers]
            kept += codes.count(200)
            assert 200 in codes or 409 in codes, f"round {round_}: {codes}"
    log = a.get(f"/api/g/{game}/log.jsonl").text
    # Every 200 is one move of the human's seat in the log, and nothing else is.
    assert len(human_moves(log, "1")) == kept


def test_one_turn_sent_to_two_servers_at_once_is_played_once(two_servers: list[LiveServer]) -> None:
    """The page's version: the server that finds the game moved on by the other plays nothing,
    even when it learns so only from its failed commit and reloads the game."""
    a, b = (client(server) for server in two_servers)
    game = a.post("/api/games", json={"game": "liar", "lang": "en"}).json()["token"]
    for round_ in range(4):
        version = a.get(f"/api/g/{game}").json()["version"]
        question = {"text": f"{'ABC'[round_ % 3]}, are you the liar?", "version": version}
        with ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(lambda c, q=question: c.post(f"/api/g/{game}/turn", json=q), (a, b)))
        assert sorted(answer.status_code for answer in answers) == [200, 409], [answer.text for answer in answers]
    log = [json.loads(line) for line in b.get(f"/api/g/{game}/log.jsonl").text.splitlines()]
    assert sum(1 for line in log if line["t"] == "player") == 4


def test_each_server_shows_the_turn_the_other_just_played(two_servers: list[LiveServer], database_url: str) -> None:
    """Both servers keep the game's page; after each turn one plays, the other's page (whole, and
    its feed after the entries a reader has) is the page rebuilt from the database."""
    a, b = (client(server) for server in two_servers)
    game = a.post("/api/games", json={"game": "garnet", "lang": "en", "opponent": "bot:random", "seat": "2"}).json()
    token = game["token"]
    store = Store.open(database_url)
    row = store.find(token)
    assert row is not None
    for round_ in range(6):
        playing, other = ((a, b), (b, a))[round_ % 2]
        kept = other.get(f"/api/g/{token}").json()  # the page the other server keeps now
        view = playing.get(f"/api/g/{token}").json()
        body = {"designate": view["prompt"]["seats"][0]} if view["prompt"]["kind"] == "designate" else POLICE
        assert playing.post(f"/api/g/{token}/turn", json=body).status_code == 200
        lines, log = store.log(row.id)
        rebuilt = game_view(log, row.seat)
        whole = other.get(f"/api/g/{token}").json()
        assert {k: v for k, v in whole.items() if k not in ("title", "version", "since")} == rebuilt
        assert whole["version"] == len(lines) > kept["version"]
        since = kept["settled"]
        after = other.get(f"/api/g/{token}", params={"since": since}).json()
        assert after["since"] == since and kept["feed"][:since] + after["feed"] == rebuilt["feed"]
        if whole["over"]:
            break
    store.engine.dispose()
