"""`refgm models`: the model backends, and whether each can be used on this machine and why not.

Also the `--model`, `--base-url`, `--cache`, `--turn-deadline` and `--reader` options other
commands share, and the actor they open (`refgm play --model local:smollm2`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from urllib.parse import urlsplit

from gm.actor import Actor
from gm.actors.model import TURN_DEADLINE_S, ModelActor
from gm.backends import EXAMPLES, PROVIDERS, ModelSpec, ResponseCache, availability, open_backend
from gm.reader import ReaderChecks, settle_reader
from referee.lang.incident import Lang
from referee.liar.world import Roster

READERS = ("auto", "both", "parser")
"""Who reads the player's questions with a model: the parser and the model when the model
reads the check questions well (gm.reader), the parser and the model, or the parser alone."""


def url_problem(value: str) -> str | None:
    """Why `value` cannot be a server's base URL (None when it can): http(s), with a host."""
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        return f"not a URL: {value!r}"
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return f"not an http:// or https:// URL: {value!r}"
    return None


def base_url(value: str) -> str:
    """The --base-url option's type: a bad URL is a usage error (exit 2)."""
    problem = url_problem(value)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return value


def add_model_options(parser: argparse.ArgumentParser) -> None:
    """The options that choose who voices the characters."""
    parser.add_argument(
        "--model", default="offline", metavar="PROVIDER:MODEL",
        help="who voices the characters (Monorail: who plays the opponent; Garnet Thief: who "
        "plays the other seats): offline (default: templates, or bots), openai:<model>, "
        "anthropic:<model>, local:<gguf path> or local:smollm2; see `refgm models`",
    )
    parser.add_argument("--base-url", metavar="URL", type=base_url,
                        help="an OpenAI-compatible server for openai:<model> "
                        "(Ollama, llama.cpp, vLLM, LM Studio; default: $OPENAI_BASE_URL)")
    parser.add_argument("--cache", action="store_true",
                        help="answer repeated model requests from $REFGM_HOME/cache")
    parser.add_argument("--turn-deadline", type=_seconds, default=TURN_DEADLINE_S,
                        metavar="SECONDS",
                        help="how long one turn's model calls may take in all before the "
                        f"referee's own text is shown (default {TURN_DEADLINE_S:g})")
    parser.add_argument("--reader", choices=READERS, default="auto",
                        help="who reads the player's questions with a model: auto (default: "
                        "both, when the model reads a few check questions right; checked "
                        "once per model and language, kept in $REFGM_HOME/cache/readers.json), "
                        "both (the model reads each question too, and a reading that differs "
                        "from the parser's is confirmed before it is charged) or parser (no "
                        "reading request; what the parser cannot read is asked again). "
                        "Offline play has the parser alone")


def _seconds(value: str) -> float:
    """A positive number of seconds, for --turn-deadline."""
    try:
        seconds = float(value)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds < float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {value!r}")
    return seconds


def open_actor(args: argparse.Namespace, key: bytes | None = None) -> ModelActor | None:
    """The model actor the options ask for, or None for offline.

    `key` is its sampling key (gm.sampling; default fresh): never the game's seed itself.

    Raises a BackendError (a ValueError) whose message can be shown as it is.
    """
    spec = ModelSpec.parse(args.model)
    if spec.provider == "offline":
        return None
    cache = ResponseCache() if args.cache else None
    backend = open_backend(spec, base_url=args.base_url, cache=cache)
    return ModelActor(backend, key=key, deadline_s=args.turn_deadline,
                      reads=args.reader != "parser")


async def settled_reader(args: argparse.Namespace, actor: ModelActor | None, lang: Lang,
                         roster: Roster) -> str | None:
    """With --reader auto, check the actor's model as a reader (gm.reader); the line saying
    the second reader is off, or None."""
    if actor is None or args.reader != "auto":
        return None
    check = await settle_reader(actor, roster, lang, ReaderChecks())
    return check.notice() if check else None


class ServedReaders:
    """`--reader auto` on a server (refgm serve): the same check, kept in the same
    `$REFGM_HOME/cache/readers.json`, made by the first game of a model and language (one
    started meanwhile waits for it, so none checks twice), then known for the server's life,
    so a later game's start reads no file and renders no request. A check the backend did
    not answer in full is not known: the next game checks again. The line saying the second
    reader is off goes to the server's stderr once."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.auto = args.reader == "auto"
        self.known: dict[tuple[str, Lang, tuple[str, ...]], bool] = {}
        self.locks: dict[tuple[str, Lang, tuple[str, ...]], asyncio.Lock] = {}

    async def settle(self, actor: Actor | None, lang: Lang, roster: Roster) -> None:
        """Have `actor` read in its game only if its model reads the check questions well.

        The model calls are awaited (over HTTP, or llama.cpp in a thread: gm.backends.local),
        so the event loop serves other games meanwhile; only the game starting waits."""
        if not (self.auto and isinstance(actor, ModelActor) and actor.reads):
            return
        key = (actor.name, lang, roster.names)
        async with self.locks.setdefault(key, asyncio.Lock()):
            if key not in self.known:
                check = await settle_reader(actor, roster, lang, ReaderChecks())
                notice = check.notice() if check else None
                if notice:
                    print(f"refgm serve: {notice}", file=sys.stderr, flush=True)
                if check and check.complete:
                    self.known[key] = check.reads_well
                return
        actor.reads = self.known[key]


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "models",
        help="list the model backends and whether each is usable here",
        description="List the providers `--model` accepts and whether each is usable here: "
        "its package installed, its key set (OPENAI_API_KEY, ANTHROPIC_API_KEY), and for an "
        "OpenAI-compatible server its base URL reachable. No model is called.",
    )
    p.add_argument("--base-url", metavar="URL", type=base_url,
                   help="an OpenAI-compatible server to check (default: $OPENAI_BASE_URL)")
    p.add_argument("--json", action="store_true", help="one JSON object per provider")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from_env = os.environ.get("OPENAI_BASE_URL")
    problem = None if args.base_url or not from_env else url_problem(from_env)
    if problem:
        print(f"refgm models: OPENAI_BASE_URL is {problem}", file=sys.stderr)
        return 2
    rows = availability(args.base_url)
    if args.json:
        for row in rows:
            print(json.dumps({"provider": row.provider, "usable": row.usable, "why": row.why,
                              "example": EXAMPLES[row.provider]}))
        return 0
    table = [("provider", "usable", "example", "details")] + [
        (row.provider, "yes" if row.usable else "no", EXAMPLES[row.provider], row.why)
        for row in rows
    ]
    widths = [max(len(cells[i]) for cells in table) for i in range(3)]
    for cells in table:
        print("  ".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=False)) + "  " + cells[3])
    print()
    for provider, about in PROVIDERS.items():
        print(f"{provider}: {about}")
    return 0
