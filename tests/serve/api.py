"""The JSON API of `refgm serve` as a page uses it, through FastAPI's TestClient (no socket).

`Api` is one browser: it loads the page (which sets the CSRF cookie) and sends every POST with
the cookie's token in the header, as the page does. The players below choose inputs the terminal
reads, so a whole game of each kind can be played to its end in a few requests.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import sqlalchemy as sa
from fastapi.testclient import TestClient
from httpx2 import Response

from refgm.cli import build_parser
from refgm.serve.app import CSRF_COOKIE, Csrf, Limits, create_app
from refgm.serve.host import Host
from refgm.serve.store import Store, games, token_hash

Json = dict[str, Any]

QUESTION = {"en": "A, are you the liar?", "ko": "A씨, 당신이 거짓말쟁이입니까?", "ja": "Aさん、あなたは嘘つきですか？"}
"""A one-person question of each language whatever the drawn incident (it costs 1)."""


CRAFTED_COOKIES = {
    "a quote breakout": 'x"><meta http-equiv="refresh" content="0,url=/pwned">',
    "an attribute": 'x" onmouseover="window.__pwned=1" data-x="',
    "single quotes": "x' autofocus onfocus='window.__pwned=1",
    "a script": "</title><script>window.__pwned=1</script>",
    "a very long one": "A" * 3_900 + '"><b>',  # a browser keeps a cookie up to 4,096 bytes
    "non-ASCII": '토큰トークン\u202e"<é>',
    "an empty one": "",
    "a token's shape, unsigned": "n" * 43 + "." + "s" * 43,
}
"""`refgm_csrf` cookies another service on this host could plant (a browser keeps none with a `;`)."""


def crafted_cookies(store: Store, other: Store) -> dict[str, str]:
    """CRAFTED_COOKIES, and two more of a token's shape: one of `store`'s tokens with its signature
    changed, and a token `other` (another installation) signed."""
    signed = Csrf(store.key("csrf")).new()
    return {
        **CRAFTED_COOKIES,
        "a forged signature": signed[:-1] + ("A" if signed[-1] != "A" else "B"),
        "another installation's token": Csrf(other.key("csrf")).new(),
    }


def guess(lang: str, culprit: str, liar: str) -> str:
    """A full guess in the words the parser reads."""
    return {
        "en": f"The culprit is {culprit} and the liar is {liar}.",
        "ko": f"범인은 {culprit}, 거짓말쟁이는 {liar}입니다.",
        "ja": f"犯人は{culprit}、嘘つきは{liar}です",
    }[lang]


def serve_args(*extra: str) -> Any:
    return build_parser().parse_args(["serve", *extra])


class Api:
    """One browser on the app: the page's cookie and CSRF header, and the game calls."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        page = client.get("/")
        assert page.status_code == 200, page.text
        self.csrf = client.cookies[CSRF_COOKIE]

    def post(self, path: str, body: Json) -> Response:
        return self.client.post(path, json=body, headers={"X-Refgm-CSRF": self.csrf})

    def new(self, game: str, lang: str = "en", **more: str) -> str:
        answer = self.post("/api/games", {"game": game, "lang": lang, **more})
        assert answer.status_code == 201, answer.text
        token = answer.json()["token"]
        assert isinstance(token, str)
        return token

    def view(self, token: str) -> Json:
        answer = self.client.get(f"/api/g/{token}")
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    def turn(self, token: str, body: Json) -> Response:
        return self.post(f"/api/g/{token}/turn", body)

    def played(self, token: str, body: Json) -> Json:
        """A turn the referee must take: the view after it."""
        answer = self.turn(token, body)
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    def export(self, token: str) -> str:
        answer = self.client.get(f"/api/g/{token}/log.jsonl")
        assert answer.status_code == 200, answer.text
        return answer.text


@contextmanager
def served(
    store: Store, *extra: str, limits: Limits | None = None, models: tuple[str, ...] = (), raising: bool = True
) -> Iterator[Api]:
    """An app on `store` (the lifespan runs: its tables are closed at the end) and a browser on it;
    not `raising`: a bug is the 500 a browser gets, not an exception in the test."""
    app = create_app(Host(store, serve_args(*extra), models), limits)
    with TestClient(app, raise_server_exceptions=raising) as client:
        yield Api(client)


def sealed(store: Store, token: str) -> Json:
    """The seal of a game, read straight from the database (what must never reach a browser)."""
    with store.engine.connect() as db:
        text = db.execute(sa.select(games.c.sealed).where(games.c.token_hash == token_hash(token))).scalar_one()
    return dict(json.loads(text))


def events(text: str) -> list[Json]:
    return [json.loads(line) for line in text.splitlines()]


# --- inputs that play each game to its end -----------------------------------------------------

STEP = {"N": (0, 1, "V"), "S": (0, -1, "V"), "E": (1, 0, "H"), "W": (-1, 0, "H")}


def monorail_tries(view: Json) -> list[str]:
    """One straight tile beyond each open end, then "impossible": one of them is legal."""
    cells = [(x + dx, y + dy, shape) for x, y, side in view["view"]["open_ends"] for dx, dy, shape in [STEP[side]]]
    return [f"{shape}@{x},{y}" for x, y, shape in cells] + ["impossible"]


def monorail_move(api: Api, token: str, view: Json) -> Json:
    """Play the first of `monorail_tries` the referee takes; the view after it."""
    for text in monorail_tries(view):
        answer = api.turn(token, {"text": text})
        if answer.status_code == 200:
            return dict(answer.json())
        assert answer.status_code == 422, answer.text
    raise AssertionError(f"no move was taken in {view['view']}")


def garnet_body(view: Json) -> Json:
    """A designation when the human designates, else a bluff (Cartel announced as Mafia)."""
    prompt = view["prompt"]
    if prompt["kind"] == "designate":
        return {"designate": prompt["seats"][-1]}
    assert prompt["kind"] == "garnet", prompt
    return {"choice": "Cartel", "announcement": "Mafia"}


def play_on(api: Api, token: str, store: Store, turns: int | None = None) -> tuple[Json, int]:
    """Play the human's seat of any game for `turns` turns (None: to the end); the last view
    and how many turns the referee took."""
    view = api.view(token)
    taken = 0
    while not view["over"] and (turns is None or taken < turns):
        if view["game"] == "liar":
            secret = sealed(store, token)["secret"]
            if not any(e["kind"] == "you" for e in view["feed"]):  # one question first, then the guess
                view = api.played(token, {"text": QUESTION[view["lang"]]})
            else:
                view = api.played(token, {"text": guess(view["lang"], secret["culprit"], secret["liar"])})
        elif view["game"] == "monorail":
            view = monorail_move(api, token, view)
        else:
            view = api.played(token, garnet_body(view))
        taken += 1
        assert taken < 60, "the game does not end"
    return view, taken
