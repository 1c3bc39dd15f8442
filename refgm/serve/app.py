"""The web app of `refgm serve` (Starlette): one page, and the JSON it asks for.

What keeps one browser out of another's game, and the page safe from what it shows:
- a game is reached only by its token, 256 random bits in its URL (`/g/<token>`); the database
  keeps only its hash, and every response says `Referrer-Policy: no-referrer`, so the URL
  never leaves in a Referer header;
- every state-changing request is a JSON POST carrying the page's CSRF token in a header,
  which must equal the token in the page's SameSite=Strict cookie (a double submit); the token
  is a random nonce signed with HMAC-SHA256 under the installation's key (kept in the database,
  so any server behind a load balancer checks it), so a cookie planted by another service on
  this host (cookies are not port-scoped) is refused, never reflected; another site can neither
  read the cookie nor send the header without a preflight this app never grants;
- bodies have a size limit, texts a length limit, and each game and each client address a
  rate limit;
- a strict Content-Security-Policy (no inline script or style, nothing from elsewhere); the
  page's one value, its CSRF token, goes into its markup through Jinja2 with autoescape, and the
  page puts every text in with textContent, so a player's or a model's `<script>` is text;
- nothing the seal holds (secret, seed, nonce, moves key) nor another seat's hidden choice is
  ever in a response before `game_ended` reveals it: every page is folded from the log as the
  human's seat may see it (`feed.Page`), and a page's feed sent from an entry on is a part of it.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import json
import logging
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any

import jinja2
from starlette.applications import Starlette
from starlette.datastructures import Headers, MutableHeaders
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gm.recorder import LineError, TranscriptError
from referee.lang.incident import LANGS
from refgm.commands.audit import chat_report
from refgm.serve.host import Conflict, GameNotFound, GameOver, Host, NewGame, Overtaken, Refused

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
CSRF_COOKIE = "refgm_csrf"
CSRF_HEADER = "x-refgm-csrf"
CSRF_SIGNED = b"refgm csrf token:"
"""What a CSRF signature is of, before the nonce: the key signs nothing else alike."""
CSRF_SHAPE = re.compile(r"[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}")
"""A token: 256 random bits and their HMAC-SHA256, both unpadded URL-safe base64."""
REQUEST_ID = "X-Request-Id"
"""The header every response names its request by: a 500's id in the server's log."""
BODY_BYTES = 16_384
"""The largest body of a turn or a new game."""
PASTE_BYTES = 4_000_000
"""The largest log to import or chat to audit."""
SINCE = re.compile(r"[0-9]{1,9}")
"""A query's `since`: a count, in ASCII digits."""
STATIC = files("refgm.serve") / "static"
TOKEN_IN_PATH = re.compile(r"/(?=[A-Za-z0-9_-]{40,})[A-Za-z0-9_-]+")
log = logging.getLogger("refgm.serve")


@dataclass
class Bucket:
    """A token bucket: `rate` requests a second, `burst` at once."""

    rate: float
    burst: float
    tokens: float = -1.0
    at: float = field(default_factory=time.monotonic)

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = self.burst if self.tokens < 0 else min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass
class Limits:
    """Rate limits in this process (each server of several has its own): per game (turns and
    reads of a game that exists) and per client address (new games, imports and audits that
    passed the CSRF check)."""

    game_rate: float = 10.0
    game_burst: float = 30.0
    client_rate: float = 5.0
    client_burst: float = 300.0
    kept: int = 100_000
    buckets: OrderedDict[str, Bucket] = field(default_factory=OrderedDict)

    def allow(self, key: str, per_game: bool) -> bool:
        """Whether `key` (a game's id, a client's address) may make one more request now."""
        rate, burst = (self.game_rate, self.game_burst) if per_game else (self.client_rate, self.client_burst)
        bucket = self.buckets.pop(key, None) or Bucket(rate, burst)
        self.buckets[key] = bucket  # the most recently used last
        while len(self.buckets) > self.kept:  # the longest idle forgotten, never all at once
            self.buckets.popitem(last=False)
        return bucket.take()


def error(status: int, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


@dataclass(frozen=True)
class Csrf:
    """The CSRF tokens of one installation: a nonce and its signature under `key`, so a value this
    installation did not draw (planted, forged, or another installation's) is refused."""

    key: bytes

    def new(self) -> str:
        nonce = secrets.token_urlsafe(32)
        return f"{nonce}.{self._signature(nonce)}"

    def valid(self, token: str) -> bool:
        if not CSRF_SHAPE.fullmatch(token):  # checked first: only ASCII reaches compare_digest
            return False
        nonce, signature = token.split(".")
        return hmac.compare_digest(signature, self._signature(nonce))

    def _signature(self, nonce: str) -> str:
        digest = hmac.new(self.key, CSRF_SIGNED + nonce.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def page_template() -> jinja2.Template:
    """The page's HTML: every value put into it escaped (autoescape), none missing (StrictUndefined)."""
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("refgm.serve", "templates"), autoescape=True, undefined=jinja2.StrictUndefined
    )
    return environment.get_template("index.html")


def create_app(host: Host, limits: Limits | None = None, hosts: Sequence[str] | None = None) -> ASGIApp:
    """The app serving `host`'s games (`secured`: for `hosts` alone, with the security headers)."""
    limits = limits or Limits()
    csrf = Csrf(host.store.key("csrf"))
    template = page_template()

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        yield
        await host.aclose()  # the models' clients

    async def page(request: Request) -> Response:
        """The page with the cookie's CSRF token if this installation signed it, else with a new
        one (and its cookie): a missing, malformed or forged cookie is replaced, never shown."""
        token = request.cookies.get(CSRF_COOKIE, "")
        if not csrf.valid(token):
            token = csrf.new()
        response = HTMLResponse(template.render(csrf=token))
        response.set_cookie(CSRF_COOKIE, token, httponly=True, samesite="strict", path="/")
        return response

    async def failed(request: Request, err: Exception) -> Response:
        """A bug, not a refusal: its traceback in the server's log under the request's id (the path
        without its token), and in the answer that id alone, nothing of the failure, so a report of
        it finds the traceback; nothing of the request is kept."""
        request_id = request.state.request_id
        path = TOKEN_IN_PATH.sub("/<token>", request.url.path)
        log.exception("request %s: %s %s failed", request_id, request.method, path)
        return error(
            500,
            f"the server failed on this request (id {request_id}) and kept nothing of it: reload the page",
            request_id=request_id,
        )

    async def refused(_request: Request, err: Exception) -> Response:
        """No such route, or not by this method: said as every error is."""
        assert isinstance(err, HTTPException)
        return JSONResponse({"error": err.detail}, status_code=err.status_code, headers=err.headers)

    async def posted(request: Request, limit: int) -> Any:
        """The JSON body of a state-changing request, or an error response saying why not."""
        if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
            return error(415, "a JSON body is needed")
        cookie, header = request.cookies.get(CSRF_COOKIE, ""), request.headers.get(CSRF_HEADER, "")
        if not cookie:
            return error(403, "reload the page: the CSRF cookie is missing")
        if not csrf.valid(cookie):
            return error(403, "reload the page: the CSRF cookie is not a token this server signed")
        if not hmac.compare_digest(cookie.encode(), header.encode()):
            return error(403, "reload the page: the CSRF header is missing or not the cookie's token")
        origin = request.headers.get("origin")
        if origin is not None and origin != f"{request.url.scheme}://{request.headers.get('host')}":
            return error(403, "a request from another site")
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                return error(413, f"the body is over {limit} bytes")
        try:
            data = json.loads(body)
        except (ValueError, RecursionError):
            return error(400, "the body is not JSON")
        if not isinstance(data, dict):
            return error(400, "the body is a JSON object")
        return data

    async def asked(request: Request, limit: int, what: str) -> Any:
        """`posted`, then the client's rate limit (new games, imports, audits): the body, or an error response."""
        data = await posted(request, limit)
        if isinstance(data, Response):
            return data
        if not limits.allow("client:" + (request.client.host if request.client else "?"), per_game=False):
            return error(429, f"too many {what}; wait a moment")
        return data

    async def options(_request: Request) -> Response:
        return JSONResponse(host.options())

    async def new_game(request: Request) -> Response:
        data = await asked(request, BODY_BYTES, "new games")
        if isinstance(data, Response):
            return data
        try:
            new = NewGame(
                game=str(data.get("game", "")),
                lang=str(data.get("lang", "en")),
                opponent=str(data.get("opponent") or host.default_opponent(str(data.get("game", "")))),
                first=str(data.get("first") or "human"),
                seat=None if data.get("seat") in (None, "") else str(data["seat"]),
            )
            token = await host.create(new)
        except ValueError as err:
            return error(400, str(err))
        return JSONResponse({"token": token, "url": f"/g/{token}"}, status_code=201)

    async def show(request: Request) -> Response:
        token = request.path_params["token"]
        try:
            since = since_of(request.query_params.get("since"))
        except ValueError as err:
            return error(400, str(err))
        try:
            row = host.find(token)
            if not limits.allow("game:" + row.id, per_game=True):
                return error(429, "too fast; wait a moment")
            return JSONResponse(await host.view(token, since, row))
        except GameNotFound as err:
            return error(404, str(err))

    async def turn(request: Request) -> Response:
        token = request.path_params["token"]
        try:
            row = host.find(token)
            if not limits.allow("game:" + row.id, per_game=True):
                return error(429, "too fast; wait a moment")
        except GameNotFound as err:
            return error(404, str(err))
        data = await posted(request, BODY_BYTES)
        if isinstance(data, Response):
            return data
        try:
            since = since_of(data.get("since"))
            return JSONResponse(await host.turn(token, data, since, row))
        except GameNotFound as err:
            return error(404, str(err))
        except Refused as err:
            return error(422, str(err), view=host.shown(token, since))
        except Overtaken as err:
            return error(409, str(err), view=host.shown(token, since))
        except (GameOver, Conflict) as err:
            return error(409, str(err))
        except ValueError as err:  # a malformed body: a field missing or too long
            return error(400, str(err))

    async def export(request: Request) -> Response:
        try:
            game_id, text = host.export(request.path_params["token"])
        except GameNotFound as err:
            return error(404, str(err))
        return PlainTextResponse(
            text,
            media_type="application/x-ndjson; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="{game_id}.jsonl"'},
        )

    async def replay(request: Request) -> Response:
        try:
            return JSONResponse(host.replay(request.path_params["token"]))
        except GameNotFound as err:
            return error(404, str(err))
        except TranscriptError as err:
            return error(409, str(err))

    async def import_log(request: Request) -> Response:
        data = await asked(request, PASTE_BYTES, "imports")
        if isinstance(data, Response):
            return data
        text = data.get("jsonl")
        if not isinstance(text, str):
            return error(400, "jsonl: the log's text is needed")
        try:
            token = host.import_log(text)
        except LineError as err:  # the line and field of the log at fault, before anything was kept
            return error(400, str(err), line=err.line, field=err.field)
        return JSONResponse({"token": token, "url": f"/replay/{token}"}, status_code=201)

    async def audit(request: Request) -> Response:
        data = await asked(request, PASTE_BYTES, "audits")
        if isinstance(data, Response):
            return data
        text, lang = data.get("text"), data.get("lang") or None
        if not isinstance(text, str) or not text.strip():
            return error(400, "text: the chat to audit is needed")
        if lang is not None and lang not in LANGS:
            return error(400, f"lang is one of {', '.join(LANGS)}")
        gm = data.get("gm") or None
        if gm is not None and not isinstance(gm, str):
            return error(400, "gm: the game master's name in the chat, as text")
        try:
            report = chat_report(text, Path("the chat"), lang, gm=gm)
        except TranscriptError as err:
            return error(400, str(err))
        return JSONResponse({"report": report, "lines": marked_lines(text, report)})

    routes: list[BaseRoute] = [
        Route(path, page, methods=["GET"]) for path in ("/", "/g/{token}", "/replay/{token}", "/audit")
    ]
    if STATIC.is_dir():
        routes.append(Mount("/static", StaticFiles(directory=str(STATIC)), name="static"))
    routes += [
        Route("/api/options", options, methods=["GET"]),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/g/{token}", show, methods=["GET"]),
        Route("/api/g/{token}/turn", turn, methods=["POST"]),
        Route("/api/g/{token}/log.jsonl", export, methods=["GET"]),
        Route("/api/g/{token}/replay", replay, methods=["GET"]),
        Route("/api/import", import_log, methods=["POST"]),
        Route("/api/audit", audit, methods=["POST"]),
    ]
    # Starlette's own layers only (FastAPI's took a tenth of a turn: its dependency solving and
    # encoders, which these routes never used); every answer is JSON, a 404 or 405 too.
    app = Starlette(routes=routes, exception_handlers={Exception: failed, HTTPException: refused}, lifespan=lifespan)
    return secured(app, hosts)


def since_of(value: object) -> int | None:
    """A page request's `since` (a query's text, a body's number): how many of the feed's settled
    entries the page has, so only the entries after them are sent (None: the whole feed)."""
    if value is None:
        return None
    if isinstance(value, str) and SINCE.fullmatch(value):
        return int(value)
    if type(value) is int and value >= 0:  # `true` is no count
        return value
    raise ValueError("since: the number of the feed's settled entries the page has (0 or more)")


def host_name(header: str) -> str:
    """The host of a Host header, without its port: `[::1]:8000` is `::1`, `localhost:8000` is `localhost`."""
    if header.startswith("["):
        return header[1 : header.find("]")] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def secured(app: ASGIApp, hosts: Sequence[str] | None = None) -> ASGIApp:
    """`app` answering only requests for one of `hosts` (None or "*": any), so a page served under
    another name (DNS rebinding) gets no answer, and with the security headers and the request's
    id (drawn here, `request.state.request_id`) on every response, a 500 of the error middleware's
    included."""
    allowed = None if hosts is None or "*" in hosts else {name.lower() for name in hosts}

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        static = str(scope.get("path", "")).startswith("/static/")
        request_id = secrets.token_hex(6)
        scope.setdefault("state", {})["request_id"] = request_id

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["Content-Security-Policy"] = CSP
                headers["Referrer-Policy"] = "no-referrer"
                headers["X-Content-Type-Options"] = "nosniff"
                headers["X-Frame-Options"] = "DENY"
                headers["Cross-Origin-Opener-Policy"] = "same-origin"
                headers[REQUEST_ID] = request_id
                if not static:
                    headers["Cache-Control"] = "no-store"
            await send(message)

        if allowed is not None and host_name(Headers(scope=scope).get("host", "")).lower() not in allowed:
            await error(400, "a request for a host this server does not serve")(scope, receive, sending)
            return
        await app(scope, receive, sending)

    return wrapped


MARKS = (
    ("count_errors", "count"),
    ("wrong_verdicts", "verdict"),
    ("leaks", "leak"),
    ("unread", "unread"),
    ("uncertain", "uncertain"),
)


def marked_lines(text: str, report: dict[str, Any]) -> list[dict[str, Any]]:
    """The chat's lines, each with what the audit found on it, for the page to highlight."""
    marks: dict[int, list[dict[str, str]]] = {}

    def mark(line: Any, kind: str, note: str) -> None:
        if isinstance(line, int):
            marks.setdefault(line, []).append({"kind": kind, "note": note})

    contradiction = report.get("contradiction")
    if contradiction:
        for answer in contradiction["answers"]:
            mark(answer["line"], "contradiction", f"cannot be true with the other marked answers: {answer['text']}")
    for key, kind in MARKS:
        for found in report.get(key) or []:
            note = {
                "count": f"shown {found.get('shown')}, the count is {found.get('expected')}",
                "verdict": f"the answers say this guess is {'incorrect' if found.get('shown') == 'correct' else 'correct'}",
                "leak": f"gives away the {found.get('role')}: {found.get('name')}",
                "unread": "no answer could be read here",
                "uncertain": str(found.get("why") or "read with doubt"),
            }[kind]
            mark(found.get("line"), kind, note)
    return [{"n": n, "text": line, "marks": marks.get(n, [])} for n, line in enumerate(text.split("\n"), 1)]
