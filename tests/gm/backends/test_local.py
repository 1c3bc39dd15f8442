"""Real games voiced by SmolLM2-135M: in process, and through llama-cpp-python's OpenAI server.

The model is tiny and often garbles its lines; what these games check is that the harness
holds anyway: every line shown passed verification (the model's or, after two retries,
the template's), every model attempt is in the event log with its tokens, the game ends.

They need the `local` extra. Without it they are skipped on a developer's machine, but in
CI (CI=true), which installs the extra, a missing extra fails them.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from gm.actor import Performance
from gm.actors.model import ModelActor
from gm.backends import open_backend
from gm.backends.base import Backend, BackendError, MissingExtraError
from gm.backends.local import CONTEXT_VARIABLE, SMOLLM2, LocalBackend, find_gguf, llama_cpp_missing
from gm.session import GameConfig, Session, Turn, script_for
from gm.verify import verify
from referee.lang.incident import incident
from referee.liar.verdict import Answers
from referee.liar.world import Roster, World

pytestmark = pytest.mark.local_model

CONFIG = GameConfig(lang="en", incident=incident("cake"))
SECRET = World(culprit="B", liar="C")
PLAYER = (
    "A, did B eat the cake?",
    "C, are you the liar?",
    "The culprit is B and the liar is C.",
)
SERVER_START_S = 120.0


def smollm2() -> Path:
    """The bundled GGUF; skipped without the extra, except in CI where that is a failure."""
    try:
        missing = llama_cpp_missing()
        if missing:
            raise MissingExtraError(missing)
        return find_gguf(SMOLLM2)
    except BackendError as error:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI installs refgm[local], yet: {error}")
        pytest.skip(str(error))


async def play(backend: Backend, path: Path) -> list[Turn]:
    # The model voices; the parser alone reads (a second reading that differs would only
    # ask the player to confirm: tests/gm/actors/test_readers.py).
    actor = ModelActor(backend, key=b"3", temperature=0.2, reads=False)
    session, _ = Session.new(CONFIG, path, "local-game", seed=3, secret=SECRET, actor=actor)
    try:
        return [await session.step(line) for line in PLAYER]
    finally:
        session.close()
        await actor.aclose()


def check_game(turns: list[Turn], log: Path, actor: str) -> None:
    answered = [turn for turn in turns if isinstance(turn.verdict, Answers)]
    assert len(answered) == 2
    model_attempts = 0
    for turn in answered:
        assert isinstance(turn.verdict, Answers)
        last = turn.attempts[-1]
        assert last.check.accepted and last.performance is not None
        assert turn.lines == last.performance.lines
        tries = [attempt for attempt in turn.attempts if not attempt.fallback]
        assert 1 <= len(tries) <= 3
        assert last.fallback == (not tries[-1].check.accepted)
        model_attempts += len(tries)
        # What was shown passes the verifier on its own, independently of the session's word.
        shown = Performance(request="", raw="", lines=turn.lines)
        assert verify(script_for(turn.verdict, CONFIG, turn.number), shown, Roster()).accepted
    assert turns[-1].state.outcome == "won"
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    logged = [e for e in events if e["t"] == "model_attempt" and e["actor"] == actor]
    assert len(logged) == model_attempts
    assert all(e["tokens_in"] > 0 and e["latency"] > 0 and e["raw"] is not None for e in logged)


def test_a_game_with_the_in_process_local_model(tmp_path: Path) -> None:
    smollm2()
    backend = open_backend(f"local:{SMOLLM2}", threads=1)
    turns = asyncio.run(play(backend, tmp_path / "game.jsonl"))
    check_game(turns, tmp_path / "game.jsonl", f"local:{SMOLLM2}")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def llama_server(tmp_path: Path) -> Iterator[str]:
    """llama-cpp-python's OpenAI-compatible server on 127.0.0.1, one passive thread."""
    gguf = smollm2()
    port = _free_port()
    log = (tmp_path / "server.log").open("wb")
    command = [
        sys.executable, "-m", "llama_cpp.server", "--model", str(gguf), "--model_alias", SMOLLM2,
        "--host", "127.0.0.1", "--port", str(port), "--n_threads", "1", "--n_threads_batch", "1",
    ]
    env = {**os.environ, "OMP_WAIT_POLICY": "PASSIVE"}
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + SERVER_START_S
        while True:
            if server.poll() is not None:
                tail = (tmp_path / "server.log").read_text()[-2000:]
                pytest.fail(f"llama_cpp.server exited: {tail}")
            try:
                with urllib.request.urlopen(f"{url}/models", timeout=1):
                    break
            except (urllib.error.URLError, OSError):
                if time.monotonic() > deadline:
                    pytest.fail("llama_cpp.server did not start in time")
                time.sleep(0.2)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


def test_a_game_through_llama_cpp_pythons_openai_server(
    llama_server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    backend = open_backend(f"openai:{SMOLLM2}", base_url=llama_server)
    turns = asyncio.run(play(backend, tmp_path / "game.jsonl"))
    check_game(turns, tmp_path / "game.jsonl", f"openai:{SMOLLM2}")
    # That server knows no `json_schema` format: the backend switched to `json_object` + schema.
    assert backend.json_object_mode  # type: ignore[attr-defined]


def test_the_context_fits_the_model_unless_set(monkeypatch: pytest.MonkeyPatch) -> None:
    """SmolLM2 was trained on 8,192 tokens: room for the Korean rules prompt and a whole
    game; REFGM_LOCAL_CONTEXT sets another size."""
    smollm2()

    def context() -> int:
        backend = LocalBackend(SMOLLM2, threads=1)
        try:
            return backend._load().n_ctx()
        finally:
            asyncio.run(backend.aclose())

    monkeypatch.delenv(CONTEXT_VARIABLE, raising=False)
    assert context() == 8192
    monkeypatch.setenv(CONTEXT_VARIABLE, "1024")
    assert context() == 1024
