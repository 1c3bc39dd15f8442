"""Loopback servers that speak the OpenAI Chat Completions and Anthropic Messages wire formats.

Each `FaultServer` answers POSTs on 127.0.0.1 from a script, one step per request, so a
test can inject exactly the fault it means: an answer (possibly empty, refused, cut off or
not JSON), an HTTP status with Retry-After, a dropped connection, a stall past the client's
timeout, or a garbled body. The wire format is chosen by the request path, so one script
serves both providers. Servers are bounded: they stop after `lifetime_s` or on exit.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Sequence
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


Step = Answer | Status | Drop | Stall | Garbled


@dataclass(frozen=True)
class Received:
    """One request as the server saw it."""

    path: str
    body: dict[str, Any]
    at: float


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

    def __init__(self, script: Sequence[Step], lifetime_s: float = 30.0) -> None:
        self.script = list(script)
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
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()
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
            self.received.append(Received(path, body, time.monotonic()))
            return self.script.pop(0) if self.script else None

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                """Quiet: the test asserts on `received`, not on stderr."""

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length) or b"{}")
                step = server._next(self.path, body)
                if step is None:
                    self._send(400, {"error": {"message": "the test script is exhausted"}})
                elif isinstance(step, Answer):
                    render = openai_body if self.path == OPENAI_PATH else anthropic_body
                    self._send(200, render(step))
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
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(raw)))
                for name, value in headers:
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(raw)

        return Handler
