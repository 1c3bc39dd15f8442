"""Loopback servers that speak the OpenAI Chat Completions and Anthropic Messages wire formats.

Each `FaultServer` answers POSTs on 127.0.0.1 from a script, one step per request, so a
test can inject exactly the fault it means: an answer (possibly empty, refused, cut off or
not JSON), an HTTP status with Retry-After, a dropped connection, a stall past the client's
timeout, a garbled body, any body at all (`Raw`: a reply shape the schema does not admit),
or a body trickled in chunks. The wire format is chosen by the request path, so one script
serves both providers. Once the script is exhausted, `then` (a function of the request)
answers every further request, e.g. a server that stalls forever or a simulated model.
Every request is counted in `received`. Servers are bounded: they stop after `lifetime_s`
or on exit.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal

OPENAI_PATH = "/v1/chat/completions"
ANTHROPIC_PATH = "/v1/messages"


@dataclass(frozen=True)
class Answer:
    """A well-formed reply carrying `text` (which may itself be empty or not JSON)."""

    text: str
    finish: Literal["stop", "length", "refusal"] = "stop"
    input_tokens: int = 21
    output_tokens: int = 8


@dataclass(frozen=True)
class Status:
    """An HTTP error status, optionally with a Retry-After header (seconds)."""

    code: int
    retry_after: str | None = None
    message: str = "scripted"


@dataclass(frozen=True)
class Drop:
    """Close the connection without answering."""


@dataclass(frozen=True)
class Stall:
    """Say nothing for `seconds` (past the client's timeout), then close."""

    seconds: float


@dataclass(frozen=True)
class Garbled:
    """A 200 whose body is not JSON at all."""


@dataclass(frozen=True)
class Raw:
    """A 200 whose body is exactly `body` (any bytes: a JSON shape of our choosing)."""

    body: bytes

    @classmethod
    def json(cls, payload: object) -> Raw:
        return cls(json.dumps(payload).encode())


@dataclass(frozen=True)
class Trickle:
    """A 200 carrying `step`'s body, written in `chunks` pieces `interval_s` apart."""

    step: Answer | Raw
    chunks: int
    interval_s: float


Step = Answer | Status | Drop | Stall | Garbled | Raw | Trickle


@dataclass(frozen=True)
class Received:
    """One request as the server saw it."""

    path: str
    body: dict[str, Any]
    at: float
    index: int = 0


def refusal() -> Answer:
    return Answer("", "refusal")


def too_long() -> Answer:
    return Answer('{"lines": [{"speaker": "A", "text": "' + "la " * 300, "length")


def openai_body(answer: Answer) -> dict[str, Any]:
    refused = answer.finish == "refusal"
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 0,
        "model": "scripted",
        "choices": [
            {
                "index": 0,
                "message": {
                    "role": "assistant",
                    "content": None if refused else answer.text,
                    "refusal": "I can't help with that." if refused else None,
                },
                "finish_reason": "stop" if refused else answer.finish,
            }
        ],
        "usage": {
            "prompt_tokens": answer.input_tokens,
            "completion_tokens": answer.output_tokens,
            "total_tokens": answer.input_tokens + answer.output_tokens,
        },
    }


def anthropic_body(answer: Answer) -> dict[str, Any]:
    stop = {"stop": "end_turn", "length": "max_tokens", "refusal": "refusal"}[answer.finish]
    return {
        "id": "msg_test",
        "type": "message",
        "role": "assistant",
        "model": "scripted",
        "content": [{"type": "text", "text": answer.text}] if answer.text else [],
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": {"input_tokens": answer.input_tokens, "output_tokens": answer.output_tokens},
    }


class FaultServer:
    """A scripted server on 127.0.0.1 (port chosen by the OS) for one test."""

    def __init__(
        self,
        script: Sequence[Step],
        lifetime_s: float = 30.0,
        then: Callable[[Received], Step] | None = None,
    ) -> None:
        self.script = list(script)
        self.then = then
        self.received: list[Received] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._httpd.daemon_threads = True
        self._lifetime = threading.Timer(lifetime_s, self.stop)

    @property
    def origin(self) -> str:
        host, port = self._httpd.server_address[:2]
        assert isinstance(host, str)
        return f"http://{host}:{port}"

    @property
    def openai_url(self) -> str:
        return f"{self.origin}/v1"

    def __enter__(self) -> FaultServer:
        # A short poll: `stop` (and so each test) waits at most this long for the loop to end.
        threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05},
                         daemon=True).start()
        self._lifetime.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def stop(self) -> None:
        self._stopping.set()
        self._lifetime.cancel()
        self._httpd.shutdown()
        self._httpd.server_close()

    def _next(self, path: str, body: dict[str, Any]) -> Step | None:
        with self._lock:
            received = Received(path, body, time.monotonic(), len(self.received))
            self.received.append(received)
            if self.script:
                return self.script.pop(0)
        return self.then(received) if self.then else None

    def body(self, path: str, step: Answer | Raw) -> bytes:
        """The bytes of a 200 reply in the wire format of `path`."""
        if isinstance(step, Raw):
            return step.body
        return json.dumps((openai_body if path == OPENAI_PATH else anthropic_body)(step)).encode()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                """Quiet: the test asserts on `received`, not on stderr."""

            def do_POST(self) -> None:
                try:
                    self._answer()
                except OSError:
                    self.close_connection = True  # the client gave up first: nothing to tell it

            def _answer(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length) or b"{}")
                step = server._next(self.path, body)
                if step is None:
                    self._send(400, {"error": {"message": "the test script is exhausted"}})
                elif isinstance(step, (Answer, Raw)):
                    self._send_raw(200, server.body(self.path, step))
                elif isinstance(step, Trickle):
                    self._trickle(server.body(self.path, step.step), step)
                elif isinstance(step, Status):
                    headers = (("Retry-After", step.retry_after),) if step.retry_after else ()
                    detail = {"type": "api_error", "message": step.message}
                    error = {"type": "error", "error": detail}
                    self._send(step.code, error, headers)
                elif isinstance(step, Garbled):
                    self._send_raw(200, b'{"id": "x", "choices": [{"mess')
                elif isinstance(step, Drop):
                    self.connection.shutdown(socket.SHUT_RDWR)
                    self.close_connection = True
                else:
                    server._stopping.wait(step.seconds)
                    self.close_connection = True

            def _send(
                self, code: int, payload: object, headers: tuple[tuple[str, str], ...] = ()
            ) -> None:
                self._send_raw(code, json.dumps(payload).encode(), headers)

            def _send_raw(
                self, code: int, raw: bytes, headers: tuple[tuple[str, str], ...] = ()
            ) -> None:
                self._head(code, len(raw), headers)
                self.wfile.write(raw)

            def _head(
                self, code: int, length: int, headers: tuple[tuple[str, str], ...] = ()
            ) -> None:
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(length))
                for name, value in headers:
                    self.send_header(name, value)
                self.end_headers()

            def _trickle(self, raw: bytes, step: Trickle) -> None:
                """Headers at once, then the body piece by piece: each read is quick, the whole slow."""
                self._head(200, len(raw))
                size = -(-len(raw) // step.chunks)
                for start in range(0, len(raw), size):
                    self.wfile.write(raw[start:start + size])
                    self.wfile.flush()
                    if server._stopping.wait(step.interval_s):
                        return

        return Handler
