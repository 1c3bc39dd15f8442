"""What keeps a game's secrets and one browser out of another's game, on SQLite and PostgreSQL.

The seal (seed, nonce, moves key, the liar game's secret) is read straight from the database so
the test knows exactly what must never be in a response before the end; so are the bots' hidden
Garnet moves (their `move` lines, seen by their own seat only)."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import sqlalchemy as sa
from fastapi.testclient import TestClient
from httpx2 import Response

from refgm.serve.app import CSRF_COOKIE, Csrf, Limits, page_template
from refgm.serve.store import Store, events, games
from tests.serve.api import QUESTION, Api, Json, crafted_cookies, garnet_body, play_on, sealed, served

INJECTION = "<script>alert(1)</script><img src=x onerror=alert(1)>"


def count(store: Store) -> tuple[int, int]:
    """How many games and events the database holds."""
    with store.engine.connect() as db:
        return (
            db.execute(sa.select(sa.func.count()).select_from(games)).scalar_one(),
            db.execute(sa.select(sa.func.count()).select_from(events)).scalar_one(),
        )


def hidden_moves(store: Store, token: str, seat: str) -> list[Json]:
    """The other seats' secret moves, as the events table holds them."""
    found = store.find(token)
    assert found is not None
    lines = [json.loads(line) for line in store.lines(found.id)]
    return [e["move"] for e in lines if e["t"] == "move" and e.get("see") == "seat" and e["seat"] != seat]


def forms(value: object) -> list[str]:
    """How a JSON value could appear in a response: spaced and compact."""
    return [json.dumps(value, ensure_ascii=False), json.dumps(value, ensure_ascii=False, separators=(",", ":"))]


def check_headers(answer: Response) -> None:
    csp = answer.headers["content-security-policy"]
    directives = {d.split()[0]: d.split()[1:] for d in csp.split(";") if d.strip()}
    assert directives["script-src"] == ["'self'"] and directives["default-src"] == ["'none'"], csp
    assert directives["frame-ancestors"] == ["'none'"] and "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
    assert answer.headers["referrer-policy"] == "no-referrer"
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["x-frame-options"] == "DENY"


class Recorder:
    """Every response of one browser, to look through afterwards."""

    def __init__(self, api: Api) -> None:
        self.api = api
        self.bodies: list[Response] = []

    def get(self, path: str) -> Response:
        answer = self.api.client.get(path)
        self.bodies.append(answer)
        return answer

    def post(self, path: str, body: Json) -> Response:
        answer = self.api.post(path, body)
        self.bodies.append(answer)
        return answer

    def everything(self, token: str) -> None:
        """Every page and every read of the game `token` opens."""
        for path in ("/", f"/g/{token}", f"/replay/{token}", "/audit", "/api/options", f"/api/g/{token}"):
            assert self.get(path).status_code == 200, path
        assert self.get(f"/api/g/{token}/log.jsonl").status_code == 200
        assert self.get(f"/api/g/{token}/replay").status_code == 409  # no replay before the end

    def leaks(self, secrets: list[str]) -> list[tuple[str, str]]:
        return [(str(a.request.url), s) for a in self.bodies for s in secrets if s in a.text]


def test_garnet_before_its_end_shows_no_seal_and_no_other_seats_choice(database_url: str) -> None:
    store = Store.open(database_url)
    with served(store) as api:
        seen = Recorder(api)
        token = api.new("garnet", "en", seat="8")  # seats 1 to 7 choose before the human each round
        seen.bodies.append(api.client.get(f"/api/g/{token}"))
        seal = sealed(store, token)
        for _ in range(3):
            seen.everything(token)
            view = seen.bodies[-3].json()
            assert view["view"]["choice"] is None and view["view"]["seat"] == "8"
            assert all(r["round"] < view["view"]["round"] for r in view["view"]["history"])
            hidden = hidden_moves(store, token, "8")
            assert len(hidden) >= 7
            export = [json.loads(line) for line in seen.bodies[-2].text.splitlines()]
            assert not [e for e in export if e.get("see") == "seat" and e.get("seat") != "8"]
            secrets = [str(seal["seed"]), seal["nonce"], seal["secret"]["moves"]]
            assert seen.leaks(secrets + [f for move in hidden for f in forms(move)]) == []
            # A move's own form ("choose") is only in the export, and there only the human's own.
            assert [a for a in seen.bodies if '"choose"' in a.text and not a.url.path.endswith(".jsonl")] == []
            refused = seen.post(f"/api/g/{token}/turn", {"choice": "Cartel", "announcement": "<b>Mafia</b>"})
            assert refused.status_code == 422
            assert seen.post(f"/api/g/{token}/turn", garnet_body(view)).status_code == 200
        assert seen.leaks([str(seal["seed"]), seal["nonce"], seal["secret"]["moves"]]) == []
        for answer in seen.bodies:
            check_headers(answer)
        end, _ = play_on(api, token, store)
        assert end["over"] and end["reveal"]["nonce"] == seal["nonce"] and end["reveal"]["seed"] == seal["seed"]
        assert end["reveal"]["moves_key"] == seal["secret"]["moves"]
        everything = api.export(token)
        assert all(json.dumps(move, ensure_ascii=False) in everything for move in hidden_moves(store, token, "8"))
    store.engine.dispose()


def test_the_liar_game_before_its_end_shows_no_secret_nor_nonce(database_url: str) -> None:
    store = Store.open(database_url)
    with served(store) as api:
        seen = Recorder(api)
        token = api.new("liar", "ja")
        seal = sealed(store, token)
        culprit, liar = seal["secret"]["culprit"], seal["secret"]["liar"]
        secrets = [
            str(seal["seed"]),
            seal["nonce"],
            *forms(seal["secret"]),
            *forms({"liar": liar, "culprit": culprit}),
            f'"culprit": "{culprit}"',
            f'"culprit":"{culprit}"',
            f'"liar": "{liar}"',
            f'"liar":"{liar}"',
        ]
        for text in (QUESTION["ja"], INJECTION, "Bさん、あなたは嘘つきですか？"):
            seen.everything(token)
            assert seen.post(f"/api/g/{token}/turn", {"text": text}).status_code == 200
        seen.everything(token)
        assert seen.post(f"/api/g/{token}/turn", {"text": ""}).status_code == 400
        assert seen.leaks(secrets) == []
        for answer in seen.bodies:
            check_headers(answer)
        end = api.played(token, {"text": f"犯人は{culprit}、嘘つきは{liar}です"})
        assert end["over"] and end["reveal"]["secret"] == seal["secret"] and end["reveal"]["nonce"] == seal["nonce"]
        assert api.client.get(f"/api/g/{token}/replay").status_code == 200
    store.engine.dispose()


def test_a_game_opens_only_with_its_own_token(database_url: str) -> None:
    store = Store.open(database_url)
    with served(store) as api:
        liar, garnet = api.new("liar", "en"), api.new("garnet", "en", seat="1")
        ids = {t: store.find(t).id for t in (liar, garnet)}  # type: ignore[union-attr]
        assert api.view(liar)["id"] == ids[liar] and api.view(garnet)["id"] == ids[garnet]
        before = {t: store.lines(i) for t, i in ids.items()}
        wrong = [liar[:-1] + ("A" if liar[-1] != "A" else "B"), liar.upper(), liar[:20], "x", garnet + liar, "%2e%2e"]
        for token in wrong:
            for path in (f"/api/g/{token}", f"/api/g/{token}/log.jsonl", f"/api/g/{token}/replay"):
                answer = api.client.get(path)
                assert answer.status_code == 404, (path, answer.status_code)
                check_headers(answer)
            answer = api.turn(token, {"text": "A, are you the liar?"})
            assert answer.status_code == 404 and ids[liar] not in answer.text
        for path in ("/api/g/", "/api/g//turn", "/api/g//log.jsonl"):
            assert api.client.get(path).status_code == 404
            assert api.post(path, {"text": "A, are you the liar?"}).status_code in (404, 405)
        # A turn meant for one game never lands in the other.
        assert api.turn(liar, {"choice": "Mafia", "announcement": "Mafia"}).status_code == 400
        assert api.turn(garnet, {"text": "A, are you the liar?"}).status_code == 400
        assert {t: store.lines(i) for t, i in ids.items()} == before
        api.played(liar, {"text": "A, are you the liar?"})
        assert store.lines(ids[garnet]) == before[garnet] and len(store.lines(ids[liar])) > len(before[liar])
    store.engine.dispose()


def test_state_changing_requests_need_the_csrf_header_a_json_body_and_this_site(database_url: str) -> None:
    store = Store.open(database_url)
    with served(store) as api:
        token = api.new("liar", "en")
        written = count(store)
        client = api.client
        body = json.dumps({"text": "A, are you the liar?"})
        good = {"content-type": "application/json", "x-refgm-csrf": api.csrf}
        bad: list[tuple[dict[str, str], int]] = [
            ({"content-type": "application/json"}, 403),  # no header
            ({**good, "x-refgm-csrf": api.csrf[:-1] + "x"}, 403),  # a wrong one
            ({**good, "x-refgm-csrf": ""}, 403),
            ({**good, "content-type": "text/plain"}, 415),  # a simple request another site could send
            ({**good, "content-type": "application/x-www-form-urlencoded"}, 415),
            ({**good, "content-type": "multipart/form-data; boundary=x"}, 415),
            ({"x-refgm-csrf": api.csrf}, 415),
            ({**good, "origin": "https://evil.example"}, 403),
            ({**good, "origin": "null"}, 403),
        ]
        for path in (f"/api/g/{token}/turn", "/api/games", "/api/import", "/api/audit"):
            for headers, status in bad:
                answer = client.post(path, content=body, headers=headers)
                assert answer.status_code == status, (path, headers, answer.text)
                check_headers(answer)
            # The header without the cookie (another browser that learnt the token)
            fresh = TestClient(client.app)
            answer = fresh.post(path, content=body, headers=good)
            assert answer.status_code == 403, (path, answer.text)
        assert count(store) == written
        # The page's own requests pass, with the Origin a browser sends.
        same = client.post(f"/api/g/{token}/turn", content=body, headers={**good, "origin": "http://testserver"})
        assert same.status_code == 200, same.text
        cookie = next(c for c in api.client.get("/").headers.get_list("set-cookie") if c.startswith(CSRF_COOKIE))
        assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower()
    store.engine.dispose()


class Tags(HTMLParser):
    """Every element of a page as parsed: its tag and attributes, and the CSRF meta's token apart."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.tokens: list[str | None] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "meta" and ("name", "refgm-csrf") in attrs:
            self.tokens.append(dict(attrs).get("content"))
            attrs = [(name, "TOKEN" if name == "content" else value) for name, value in attrs]
        self.tags.append((tag, attrs))


def test_the_page_template_escapes_what_it_is_given() -> None:
    """The class of bug, not one payload: any value the page is rendered with is text."""
    html = page_template().render(csrf='x"><script>alert(1)</script>')
    assert "<script>alert" not in html and '"><' not in html.split("refgm-csrf", 1)[1].split("\n", 1)[0]
    assert Tags(html).tokens == ['x"><script>alert(1)</script>']  # the whole value, as one attribute's text


def test_a_crafted_csrf_cookie_is_never_in_the_page_and_is_replaced_by_a_signed_token(
    database_url: str, tmp_path: Path
) -> None:
    store = Store.open(database_url)
    other = Store.open(f"sqlite:///{tmp_path / 'another-installation.db'}")
    csrf = Csrf(store.key("csrf"))
    with served(store) as api:
        clean = Tags(api.client.get("/").text)
        assert len(clean.tokens) == 1 and csrf.valid(str(clean.tokens[0]))
        for name, value in crafted_cookies(store, other).items():
            for path in ("/", f"/g/{'x' * 43}", "/replay/x", "/audit"):
                browser = TestClient(api.client.app)
                answer = browser.get(path, headers={b"cookie": f"{CSRF_COOKIE}={value}".encode()})
                assert answer.status_code == 200, (name, path)
                page = Tags(answer.text)
                assert page.tags == clean.tags, (name, path)  # no element or attribute more or less
                token = str(page.tokens[0])
                assert csrf.valid(token) and token != value and token != clean.tokens[0], (name, path)
                assert answer.cookies[CSRF_COOKIE] == token, (name, path)
                assert value == "" or value not in answer.text, (name, path)
            # A POST with the crafted cookie is refused even when its header matches; with the new token it passes.
            refused = browser.post(
                "/api/games",
                json={"game": "liar", "lang": "en"},
                headers={b"cookie": f"{CSRF_COOKIE}={value}".encode(), b"x-refgm-csrf": value.encode()},
            )
            assert refused.status_code == 403, (name, refused.text)
            assert ("is missing" if value == "" else "not a token this server signed") in refused.json()["error"]
            taken = browser.post(
                "/api/games",
                json={"game": "liar", "lang": "en"},
                headers={"cookie": f"{CSRF_COOKIE}={token}", "x-refgm-csrf": token},
            )
            assert taken.status_code == 201, (name, taken.text)
    store.engine.dispose()
    other.engine.dispose()


def test_a_signed_token_is_kept_across_pages_restarts_and_servers_and_each_refusal_says_why(
    database_url: str,
) -> None:
    store = Store.open(database_url)
    with served(store) as api:
        token = api.csrf
        assert api.client.cookies[CSRF_COOKIE] == token and Tags(api.client.get("/audit").text).tokens == [token]
        game = api.new("liar", "en")
    restarted = Store.open(database_url)  # a restart, or another server on the same database
    with served(restarted) as again:
        body = {"text": "A, are you the liar?"}
        kept = TestClient(again.client.app, cookies={CSRF_COOKIE: token})  # the first browser, back
        assert Tags(kept.get(f"/g/{game}").text).tokens == [token]
        assert kept.post(f"/api/g/{game}/turn", json=body, headers={"x-refgm-csrf": token}).status_code == 200
        other = Csrf(restarted.key("csrf")).new()
        for cookie, header, why in (
            (None, token, "the CSRF cookie is missing"),
            (token[:-1] + "x", token[:-1] + "x", "the CSRF cookie is not a token this server signed"),
            (token, other, "the CSRF header is missing or not the cookie's token"),
            (token, None, "the CSRF header is missing or not the cookie's token"),
        ):
            fresh = TestClient(again.client.app)
            if cookie is not None:
                fresh.cookies.set(CSRF_COOKIE, cookie)
            answer = fresh.post(f"/api/g/{game}/turn", json=body, headers={"x-refgm-csrf": header} if header else {})
            assert answer.status_code == 403 and why in answer.json()["error"], (cookie, header, answer.text)
    assert restarted.key("csrf") == store.key("csrf")
    store.engine.dispose()
    restarted.engine.dispose()


def test_bodies_texts_and_request_rates_are_limited(database_url: str) -> None:
    store = Store.open(database_url)
    with served(store, limits=Limits(game_rate=0.001, game_burst=3)) as api:
        token, other = api.new("liar", "en"), api.new("garnet", "en", seat="1")
        written = count(store)
        big = api.post(f"/api/g/{token}/turn", {"text": "a" * 20_000})
        assert big.status_code == 413, big.text
        long = api.post(f"/api/g/{token}/turn", {"text": "a" * 2_001})
        assert long.status_code == 400 and "2000" in long.json()["error"]
        assert api.post(f"/api/g/{other}/turn", {"choice": "Mafia", "announcement": "a" * 201}).status_code == 400
        assert count(store) == written
        limited = [api.client.get(f"/api/g/{token}").status_code for _ in range(3)]
        assert limited == [200, 429, 429]  # the two turns above took two of the three
        assert api.turn(token, {"text": "A, are you the liar?"}).status_code == 429
        assert count(store) == written
        assert api.client.get(f"/api/g/{other}").status_code == 200  # another game has its own bucket
        answer = api.client.get(f"/api/g/{token}")
        assert answer.status_code == 429
        check_headers(answer)
    store.engine.dispose()


def test_injected_markup_is_data_in_json_and_never_in_the_page(database_url: str) -> None:
    store = Store.open(database_url)
    with served(store) as api:
        home = api.client.get("/")
        liar = api.new("liar", "en")
        view = api.played(liar, {"text": INJECTION})
        assert [e["text"] for e in view["feed"] if e["kind"] == "you"] == [INJECTION]
        garnet = api.new("garnet", "en", seat="1")
        refused = api.turn(garnet, {"choice": "Cartel", "announcement": f"Mafia {INJECTION}"})
        assert refused.status_code == 422 and refused.headers["content-type"] == "application/json"
        audit = api.post("/api/audit", {"text": f"Player: {INJECTION}\nA: I did not eat it."})
        assert audit.status_code == 200 and audit.json()["lines"][0]["text"] == f"Player: {INJECTION}"
        for answer in (api.client.get(f"/api/g/{liar}"), refused, audit):
            assert answer.headers["content-type"].startswith("application/json")
            check_headers(answer)
        for token in (liar, garnet):
            for path in (f"/g/{token}", f"/replay/{token}"):
                page = api.client.get(path)
                assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
                assert page.text == home.text  # the page is static: nothing of a game is in it
                assert "alert(1)" not in page.text and "onerror" not in page.text
                check_headers(page)
        export = api.client.get(f"/api/g/{liar}/log.jsonl")
        assert export.headers["content-type"].startswith("application/x-ndjson")
        assert export.headers["content-disposition"].startswith("attachment")
    store.engine.dispose()


def test_an_audited_export_that_names_people_needs_the_game_masters_name_and_says_so(database_url: str) -> None:
    """A 400 that names the speakers, never a 500; with `gm` the chat is audited."""
    chat = ("[3/2/26, 20:01] Tom: play?\n[3/2/26, 20:01] Quiz Pal: Someone ate the last cake.\n"
            "[3/2/26, 20:02] Tom: A, did you eat the cake?\n[3/2/26, 20:02] Quiz Pal: A: No. (Questions left: 6)")
    store = Store.open(database_url)
    with served(store) as api:
        refused = api.post("/api/audit", {"text": chat})
        assert refused.status_code == 400 and "Tom, Quiz Pal" in refused.json()["error"]
        wrong = api.post("/api/audit", {"text": chat, "gm": 3})
        assert wrong.status_code == 400 and "gm" in wrong.json()["error"]
        audited = api.post("/api/audit", {"text": chat, "gm": "Quiz Pal"})
        assert audited.status_code == 200 and audited.json()["report"]["answers"] == 1
    store.engine.dispose()
