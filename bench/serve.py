"""Load on `refgm serve`: many concurrent offline games over loopback HTTP against one server.

Run `python bench/serve.py [--games 200] [--database URL] [--restart]`. One server process
(`python -m refgm serve`, REFGM_HOME in a temporary folder, by default a temporary SQLite
file) and one asyncio client per game, each with its own connection and cookies, as a browser
has: it GETs `/` for the CSRF token (the page's `refgm-csrf` meta, else the cookie: they are
equal), creates a game, then plays it to its end (or --turn-cap turns): the liar game against
the offline actor with a fixed script of questions in the game's language, then guesses;
Monorail against bot:random or bot:greedy, the human's move picked from the page's view by
Monorail's own random or greedy bot and typed in the notation (`H@2,0 NW@3,0`, `impossible`,
`give up`); Garnet Thief against bot:random or bot:expected, a random character announced in
the game's language (`저는 경찰입니다`), a random tied seat when asked to designate. Games go
round the three kinds, languages and opponents. Nothing is paced: the server's rate limits
answer 429, counted as errors.

Prints the games, turns, elapsed time, turns per second, the turn latency (p50/p90/p99/max:
a POST of a turn, the bots' or actor's replies included), the errors by status, and the server's
peak RSS (VmHWM). The client runs on the same machine and takes its share of the CPU.

`--restart`: once half the expected turns are played, the server is SIGKILLed and started
again on the same port and database. A client whose turn failed for the lost connection looks
at the game's log before it tries again, and tries again only if its turn is not there. At the
end every game's log (GET /api/g/<token>/log.jsonl) is checked against what its client was
told: the human's turns (the liar game: `player` lines answered by a `verdict`; Monorail and
Garnet Thief: the human seat's `move` lines, and its `refused` ones against the 422s) must be
exactly the turns the client had a 2xx for or found committed, in order. Prints `lost: N,
doubled: N` and exits 1 if either is not zero. Figures, not asserts.

Measured 2026-12-01 on a shared 2-core machine, with no other test run of this project going,
the client and the server sharing the two cores; 200 games each run (67 liar, 67 Monorail, 66
Garnet Thief), from the repository root with
`PYTHONPATH=$PWD OMP_WAIT_POLICY=PASSIVE .venv/bin/python bench/serve.py ...`, after a turn's
events were made one commit (refgm.serve.store):

  run (options)                   turns  s     turns/s  latency ms p50/p90/p99/max  errors          peak RSS MiB
  SQLite                          1299   25.2  51.6     1650/2480/2592/2621        none            343
  SQLite --restart                1302   25.1  51.9     1423/1868/2220/2297        connection 157  343, 335
  PostgreSQL                      1300   32.5  40.0     2585/2968/3082/3150        none            350
  PostgreSQL --restart            1299   30.8  42.2     2001/3049/3354/3368        connection 157  351, 342

SQLite: the default temporary file; PostgreSQL: `--database postgresql://refgm@127.0.0.1:55432/bench`
(and `.../bench2` for the restart), PostgreSQL 15 from Debian's package started by hand in a
temporary folder. Every run: lost 0, doubled 0, stalled 0. The restarts killed the server after
682 and 666 of about 1332 expected turns; it was down 1.1 s; the 157 turns whose connection the
kill cut were looked for in the log (none had been committed: a turn is committed whole or not at
all) and played again. With one event committed at a time (the first version of the store) the
same runs gave 12.8 to 18.7 turns/s, p50 6.3 to 10.3 s. One turn costs the server about 10 ms of
CPU in-process (a Garnet round with seven `expected` bots, or a liar question, measured with
Host alone: the bots' decisions, the referee's re-run and the terminal's texts rebuilding the page
from the log, the texts the largest part under cProfile), so with 200 clients
at once the latency is mostly waiting in line for one process.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import difflib
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import cycle, islice
from pathlib import Path
from typing import Any

import httpx

# Run as a script, this file's folder comes first on sys.path: put the repository root there.
ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(ROOT)

from gm.bots.monorail import GreedyBot, RandomBot  # noqa: E402 (after the sys.path fix above)
from referee.garnet.character import CHARACTERS  # noqa: E402 (after the sys.path fix above)
from referee.monorail.game import Action, Attempt, Declare, Place  # noqa: E402 (after the sys.path fix above)
from referee.monorail.notation import move_str, parse_move, tile_str  # noqa: E402 (after the sys.path fix above)

Json = dict[str, Any]
LANGS = ("ko", "ja", "en")
KINDS = (
    ("liar", "offline"),
    ("monorail", "bot:random"),
    ("garnet", "bot:random"),
    ("liar", "offline"),
    ("monorail", "bot:greedy"),
    ("garnet", "bot:expected"),
)
"""The games the clients go round: each kind twice, once against each opponent."""
QUESTIONS = {
    "en": (
        "A, is B the culprit?",
        "B, is C the liar?",
        "C, are you honest?",
        "A, is C the culprit?",
        "B, are you the culprit?",
        "C, is A lying?",
        "A, are you the liar?",
    ),
    "ko": (
        "A씨, B가 범인인가요?",
        "B씨, C는 거짓말쟁이인가요?",
        "C씨, 당신은 정직해요?",
        "A씨, C가 범인인가요?",
        "B씨, 그쪽이 범인이죠?",
        "C씨, A는 거짓말쟁이인가요?",
        "A씨, 본인은 거짓말쟁이인가요?",
    ),
    "ja": (
        "Aさん、Bさんは犯人ですか？",
        "Bさん、Cさんは嘘つきですか？",
        "Cさん、きみは正直者？",
        "Aさん、Cさんは犯人ですか？",
        "Cさん、自分が犯人だと思いますか？",
        "Cさん、Aさんは嘘つきですか？",
        "Bさん、ご自身は嘘つきですか？",
    ),
}
"""The liar game's questions, one charged question each (read by referee.lang in every incident)."""
GUESS = {
    "en": "The culprit is {} and the liar is {}",
    "ko": "범인은 {}, 거짓말쟁이는 {}입니다",
    "ja": "犯人は{}さん、嘘つきは{}さんです",
}
ANNOUNCE = {"en": "I am {}", "ko": "저는 {}입니다", "ja": "私は{}です"}
IMPOSSIBLE = {"en": "impossible", "ko": "불가능", "ja": "無理"}
GIVE_UP = {"en": "give up", "ko": "포기", "ja": "諦め"}
EXPECTED_TURNS = {"liar": 8, "monorail": 4, "garnet": 8}
"""About how many turns a game of each kind takes (--restart kills the server at half their sum)."""
TRANSPORT = (httpx.TransportError,)
START_SECONDS = 60.0


class BenchError(Exception):
    """The bench cannot run (the server does not start); the message says why."""


# --- the server -------------------------------------------------------------------------------------


@dataclass
class Server:
    """One `refgm serve` process; started again on the same port and database after a kill."""

    port: int
    database: str
    home: Path
    process: subprocess.Popen[bytes] | None = None
    peaks: list[int] = field(default_factory=list)  # VmHWM in KiB of each process, read before it ends
    starts: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> float:
        """Start the server and wait until it answers; the seconds that took."""
        self.starts += 1
        err = (self.home / f"server-{self.starts}.err").open("wb")
        env = {**os.environ, "REFGM_HOME": str(self.home), "PYTHONPATH": str(ROOT)}
        command = [
            sys.executable,
            "-m",
            "refgm",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--database",
            self.database,
        ]
        started = time.perf_counter()
        self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=err)
        while time.perf_counter() - started < START_SECONDS:
            if self.process.poll() is not None:
                raise BenchError(f"the server exited ({self.process.returncode}): {self.stderr() or 'no output'}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/api/options", timeout=1.0).status_code == 200:
                    return time.perf_counter() - started
            time.sleep(0.1)
        self.stop()
        raise BenchError(f"the server did not answer in {START_SECONDS:.0f} s: {self.stderr() or 'no output'}")

    def stderr(self) -> str:
        return (self.home / f"server-{self.starts}.err").read_text(errors="replace").strip()

    def _peak(self) -> None:
        if self.process is not None:
            with contextlib.suppress(OSError):
                status = Path(f"/proc/{self.process.pid}/status").read_text()
                found = re.search(r"^VmHWM:\s+(\d+) kB", status, re.M)
                if found:
                    self.peaks.append(int(found.group(1)))

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush; what the database has is what there is."""
        assert self.process is not None
        self._peak()
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self._peak()
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


# --- the clients --------------------------------------------------------------------------------------


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    statuses: Counter[str] = field(default_factory=Counter)
    turns: int = 0
    found_committed: int = 0
    retried: int = 0
    games_over: int = 0
    games_capped: int = 0
    games_failed: int = 0
    stalled: list[str] = field(default_factory=list)


@dataclass
class Restart:
    """When to kill the server (after `at` turns), and the event clients wait on while it is down."""

    server: Server
    at: int | None
    up: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    killed_at: int | None = None
    down_seconds: float = 0.0

    def played(self, figures: Figures) -> None:
        if self.at is not None and self.task is None and figures.turns >= self.at:
            self.task = asyncio.get_running_loop().create_task(self._restart(figures))

    async def _restart(self, figures: Figures) -> None:
        self.up.clear()
        self.killed_at = figures.turns
        started = time.perf_counter()
        self.server.kill()
        await asyncio.to_thread(self.server.start)
        self.down_seconds = time.perf_counter() - started
        self.up.set()


class Lost(Exception):
    """The server could not be reached for a turn, and no restart was due."""


@dataclass
class Client:
    """One browser playing one game."""

    number: int
    kind: str
    opponent: str
    lang: str
    base: str
    cap: int
    figures: Figures
    restart: Restart
    rng: random.Random
    token: str = ""
    seat: str = ""
    told: list[tuple[str, Any]] = field(default_factory=list)  # ("move"|"refused", the move as the log writes it)
    questions: Iterator[str] = field(default_factory=lambda: iter(()))
    guesses: Iterator[tuple[str, str]] = field(default_factory=lambda: iter(()))

    async def play(self) -> None:
        async with httpx.AsyncClient(base_url=self.base, timeout=120.0) as http:
            page = await http.get("/")
            meta = re.search(r'<meta name="refgm-csrf" content="([^"]+)"', page.text)
            csrf = meta.group(1) if meta else str(http.cookies.get("refgm_csrf", ""))
            headers = {"X-Refgm-CSRF": csrf}
            body = {"game": self.kind, "lang": self.lang, "opponent": self.opponent}
            created = await http.post("/api/games", json=body, headers=headers)
            if created.status_code != 201:
                self.figures.statuses[f"new game {created.status_code}"] += 1
                self.figures.games_failed += 1
                return
            self.token = created.json()["token"]
            view = (await http.get(f"/api/g/{self.token}")).json()
            self.seat = str(view.get("seat"))
            self.questions = cycle(QUESTIONS[self.lang])
            self.guesses = cycle([(c, liar) for c in "ABC" for liar in "ABC"][self.number % 9 :])
            for _ in range(self.cap):
                if view["over"]:
                    self.figures.games_over += 1
                    return
                if view["prompt"]["kind"] == "none":  # not the human's turn and nothing will move it
                    self.figures.stalled.append(f"game {self.number} ({self.kind}, {self.lang}, /g/{self.token})")
                    return
                turn, told = self.move(view)
                try:
                    view = await self.post(http, headers, turn, told)
                except Lost:
                    self.figures.games_failed += 1
                    return
            self.figures.games_capped += 1

    async def post(self, http: httpx.AsyncClient, headers: dict[str, str], turn: Json, told: Any) -> Json:
        """Play one turn; the view after it. Across a restart, looks before it tries again."""
        for attempt in range(30):
            started = time.perf_counter()
            try:
                answer = await http.post(f"/api/g/{self.token}/turn", json=turn, headers=headers)
            except TRANSPORT:
                self.figures.statuses["connection"] += 1
                if self.restart.at is None:
                    raise Lost() from None
                await self._back_up(attempt)
                if await self._committed(http):
                    self.figures.found_committed += 1
                    self.told.append(("move", told))
                    return await self._view(http)
                self.figures.retried += 1
                continue
            self.figures.latencies.append(time.perf_counter() - started)
            self.figures.turns += 1
            self.restart.played(self.figures)
            if answer.status_code == 200:
                self.told.append(("move", told))
                return dict(answer.json())
            self.figures.statuses[str(answer.status_code)] += 1
            if answer.status_code == 422:
                self.told.append(("refused", told))
                return dict(answer.json()["view"])
            raise Lost()
        raise Lost()

    async def _back_up(self, attempt: int) -> None:
        await self.restart.up.wait()
        await asyncio.sleep(min(2.0, 0.05 * 2**attempt) * self.rng.random())

    async def _view(self, http: httpx.AsyncClient) -> Json:
        for attempt in range(30):
            try:
                return dict((await http.get(f"/api/g/{self.token}")).raise_for_status().json())
            except TRANSPORT:
                await self._back_up(attempt)
        raise Lost()

    async def _committed(self, http: httpx.AsyncClient) -> bool:
        """Whether the log holds more of the human's turns than the client was told of."""
        for attempt in range(30):
            try:
                answer = await http.get(f"/api/g/{self.token}/log.jsonl")
                answer.raise_for_status()
            except TRANSPORT:
                await self._back_up(attempt)
                continue
            moves = [t for t in human_turns(answer.text, self.kind, self.seat).turns if t[0] == "move"]
            return len(moves) > sum(1 for t in self.told if t[0] == "move")
        raise Lost()

    def move(self, view: Json) -> tuple[Json, Any]:
        """The turn's body, and the move as the log will write it."""
        if self.kind == "liar":
            if view["view"]["remaining"] > 0:
                text = next(self.questions)
            else:
                text = GUESS[self.lang].format(*next(self.guesses))
            return {"text": text}, text
        if self.kind == "monorail":
            bot = GreedyBot() if self.number % 2 else RandomBot()
            action = bot.choose(view["view"], self.rng)
            return {"text": notation(action, self.lang)}, monorail_json(action)
        if view["prompt"]["kind"] == "designate":
            seat = self.rng.choice(view["prompt"]["seats"])
            return {"designate": seat}, {"designate": seat}
        chosen, said = self.rng.choice(CHARACTERS), self.rng.choice(CHARACTERS)
        announcement = ANNOUNCE[self.lang].format(said.name_in(self.lang))
        return {"choice": chosen.value, "announcement": announcement}, {"choose": chosen.value, "announce": said.value}


def notation(action: Action, lang: str) -> str:
    """What a player types for `action` (a challenged seat's attempt is typed as a placement)."""
    if isinstance(action, Place):
        return move_str(action.move)
    if isinstance(action, Attempt):
        return " ".join(tile_str(t) for t in action.tiles) if action.tiles else GIVE_UP[lang]
    assert isinstance(action, Declare)
    return IMPOSSIBLE[lang]


def monorail_json(action: Action) -> Json:
    """The move as the log writes it (read back from its notation, as the server reads it)."""
    if isinstance(action, Place):
        return {"place": parse_move(move_str(action.move)).as_json()}
    if isinstance(action, Attempt):
        return {"attempt": [t.as_json() for t in action.tiles]}
    return {"declare": "impossible"}


# --- the check ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Turns:
    turns: list[tuple[str, Any]]
    unanswered: int  # liar: player lines the kill left without their verdict (never answered, so no turn)


def human_turns(jsonl: str, kind: str, seat: str) -> Turns:
    """The human's turns in a game's log, in order."""
    events = [json.loads(line) for line in jsonl.splitlines() if line.strip()]
    if kind == "liar":
        turns: list[tuple[str, Any]] = []
        pending: str | None = None
        unanswered = 0
        for event in events:
            if event["t"] == "player":
                unanswered += pending is not None
                pending = event["text"]
            elif event["t"] == "verdict" and pending is not None:
                turns.append(("move", pending))
                pending = None
        return Turns(turns, unanswered + (pending is not None))
    seated = [(e["t"], e["move"]) for e in events if e["t"] in ("move", "refused") and e.get("seat") == seat]
    return Turns(seated, 0)


@dataclass
class Check:
    lost: int = 0
    doubled: int = 0
    refused_unlogged: int = 0
    unanswered: int = 0
    problems: list[str] = field(default_factory=list)

    def add(self, client: Client, jsonl: str) -> None:
        found = human_turns(jsonl, client.kind, client.seat)
        self.unanswered += found.unanswered
        told = [json.dumps(t, sort_keys=True, ensure_ascii=False) for t in client.told]
        logged = [json.dumps(t, sort_keys=True, ensure_ascii=False) for t in found.turns]
        for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=told, b=logged, autojunk=False).get_opcodes():
            if op == "equal":
                continue
            missing = [t for t in client.told[i1:i2] if t[0] == "move"]
            self.refused_unlogged += (i2 - i1) - len(missing)  # a 422 the reader gave is not logged
            self.lost += len(missing)
            self.doubled += j2 - j1
            if missing or j2 > j1:
                self.problems.append(
                    f"game {client.number} ({client.kind}, {client.lang}, /g/{client.token}): "
                    f"told {told[i1:i2]}, logged {logged[j1:j2]}"
                )


async def check(clients: list[Client], base: str) -> Check:
    checked = Check()
    async with httpx.AsyncClient(base_url=base, timeout=120.0) as http:
        for client in clients:
            if client.token:
                answer = await http.get(f"/api/g/{client.token}/log.jsonl")
                answer.raise_for_status()
                checked.add(client, answer.text)
    return checked


# --- the run --------------------------------------------------------------------------------------------


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else float("nan")


async def drive(args: argparse.Namespace, server: Server) -> int:
    figures = Figures()
    plan = list(islice(cycle(KINDS), args.games))
    expected = sum(EXPECTED_TURNS[kind] for kind, _ in plan)
    restart = Restart(server, expected // 2 if args.restart else None)
    restart.up.set()
    clients = [
        Client(
            n,
            kind,
            opponent,
            LANGS[n % len(LANGS)],
            server.url,
            args.turn_cap,
            figures,
            restart,
            random.Random(args.seed * 100_003 + n),
        )
        for n, (kind, opponent) in enumerate(plan)
    ]
    started = time.perf_counter()
    await asyncio.gather(*(client.play() for client in clients))
    elapsed = time.perf_counter() - started
    if restart.task is not None:
        await restart.task
    checked = await check(clients, server.url)
    server.stop()

    kinds = Counter(f"{c.kind} v {c.opponent}" for c in clients)
    lat = [s * 1000 for s in figures.latencies]
    print(f"database: {server.database.split('@')[-1] if '@' in server.database else server.database}")
    print(f"games: {args.games} ({', '.join(f'{k} {n}' for k, n in sorted(kinds.items()))}; ko/ja/en in turn)")
    print(
        f"  over {figures.games_over}, at the turn cap {figures.games_capped}, failed {figures.games_failed}, "
        f"stalled (not the human's turn, nothing to play) {len(figures.stalled)}"
    )
    per_kind = Counter[str]()
    for c in clients:
        per_kind[c.kind] += sum(1 for t in c.told if t[0] == "move")
    print(
        "turns: "
        + f"{figures.turns} answered"
        + "".join(
            f", {kind} {n / max(1, sum(1 for c in clients if c.kind == kind)):.1f}/game"
            for kind, n in sorted(per_kind.items())
        )
    )
    print(f"elapsed: {elapsed:.1f} s")
    print(f"turns per second: {figures.turns / elapsed:.1f}")
    print(
        f"turn latency (ms): p50 {percentile(lat, 50):.0f}, p90 {percentile(lat, 90):.0f}, "
        f"p99 {percentile(lat, 99):.0f}, max {max(lat, default=float('nan')):.0f}"
    )
    errors = ", ".join(f"{status}: {n}" for status, n in sorted(figures.statuses.items())) or "none"
    print(f"errors by status: {errors}")
    print("server peak RSS (VmHWM): " + (", ".join(f"{kib / 1024:.0f} MiB" for kib in server.peaks) or "unknown"))
    if args.restart:
        print(
            f"restart: killed after {restart.killed_at} of about {expected} expected turns, "
            f"down {restart.down_seconds:.1f} s; {figures.found_committed} turns found committed, "
            f"{figures.retried} retried"
        )
        print(f"liar lines left unanswered by the kill (no turn): {checked.unanswered}")
    print(
        f"lost: {checked.lost}, doubled: {checked.doubled}"
        + (f" (422s the reader answered, not logged: {checked.refused_unlogged})" if checked.refused_unlogged else "")
    )
    for problem in [*figures.stalled, *checked.problems][:20]:
        print("  " + problem)
    return 1 if checked.lost or checked.doubled else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    parser.add_argument(
        "--database",
        metavar="URL",
        help="the server's database, e.g. postgresql://refgm@127.0.0.1:55432/bench "
        "(default: a SQLite file in a temporary folder); its games are left there",
    )
    parser.add_argument("--port", type=int, default=0, help="the server's port (default: a free one)")
    parser.add_argument(
        "--restart",
        action="store_true",
        help="SIGKILL the server halfway and start it again; check that no turn is lost or doubled",
    )
    parser.add_argument(
        "--turn-cap", type=int, default=40, help="the most turns a client plays of one game (default 40)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seeds the clients' choices (default 1)")
    args = parser.parse_args()
    if args.games < 1 or args.turn_cap < 1:
        parser.error("--games and --turn-cap are at least 1")
    with tempfile.TemporaryDirectory(prefix="refgm-bench-") as tmp:
        home = Path(tmp)
        server = Server(args.port or free_port(), args.database or f"sqlite:///{home / 'refgm.db'}", home)
        try:
            took = server.start()
            print(f"server up in {took:.1f} s on {server.url}")
            return asyncio.run(drive(args, server))
        except BenchError as err:
            print(f"bench/serve.py: {err}", file=sys.stderr)
            return 2
        finally:
            server.stop()


if __name__ == "__main__":
    sys.exit(main())
