"""Load on `refgm serve`: many concurrent offline games over loopback HTTP, each server design beside the other.

Run `python bench/serve.py [--games 200] [--setup N:DATABASE ...] [--think S] [--restart]
[--duration S] [--designs D,...] [--baseline TREE]`. For
each setup (N `python -m refgm serve` processes on one database; default one on a new SQLite
file) it runs each design in turn, each on its own servers and database, and prints them side by
side in one table:

- `rebuild` (`--cached-pages 0`): every page rebuilt from the game's whole log and sent whole,
  the design before refgm.serve.pages (less its end-of-game re-derivation of the bots' moves,
  which the replay page keeps);
- `incremental`: pages kept, brought up to date from the lines committed since, the clients
  sending `since` and putting the entries they are sent after the ones they have, as the page's
  script does;
- `baseline` (with `--baseline TREE`): `incremental` run from another source tree, e.g. the
  commit before a change (`git archive COMMIT | tar -x -C TREE`), to set the change beside the
  code before it in one run on this noisy machine (ratios, not absolute timings).

`--duration S` keeps the games going: each player starts another game of its kind as soon as one
ends (no pause before it), until S seconds have passed, and the latency and turns-per-second
figures are of the turns answered while every player was playing (from twice --think, when all
have begun, to S), so 200 players are 200 games in play all along. Without it each player plays
one game, and the figures are of the whole run, its ramp down as the games end included (which
keeps turns per second far under what 200 games in play offer). Each player connects from a
loopback address of its own (127.0.0.2 on), as players do from their machines: the server's
rate limit on new games is per address.

With several servers, the clients are dealt round them, each staying on its own, as behind a
balancer with sticky sessions (a page kept stale by one server while another plays is the
suite's case: tests/serve/test_two_servers.py). One asyncio client per
game, each with its own connection and cookies, as a browser has: it GETs `/` for the CSRF token
(the page's `refgm-csrf` meta, else the cookie: they are equal), creates a game, then plays it to
its end (or --turn-cap turns): the liar game against the offline actor with a fixed script of
questions in the game's language, then guesses; Monorail against bot:random or bot:greedy, the
human's move picked from the page's view by Monorail's own random or greedy bot and typed in the
notation (`H@2,0 NW@3,0`, `impossible`, `give up`); Garnet Thief against bot:random or
bot:expected, a random character announced in the game's language (`저는 경찰입니다`), a random
tied seat when asked to designate. Games go round the three kinds, languages and opponents. A
client pauses before each turn (`--think`, a mean of 0.9 s: see THINK); the server's rate limits
answer 429, counted as errors. Before the clients, each server plays a game of each kind,
opponent and language, not counted (the first Korean or Japanese question loads its analyzer).

Prints per run: the games, turns, elapsed time, turns per second, the turn latency (p50, p90,
p99, max, and p50/p99 per game: a POST of a turn, the bots' or actor's replies included), the
errors by status, whether the page each client put together equals the whole page the server
sends at the end, the servers' and the bench's CPU seconds, and each server's peak RSS (VmHWM).
The clients run on the same machine and take their share of the CPU: each speaks HTTP/1.1 on one
kept-alive connection of its own through `Http`, a minimal client on asyncio streams (httpx
took more CPU a turn than the server it measured).

`--restart`: once half the expected turns are played, the servers are SIGKILLed and started
again on the same ports and database. A client whose turn failed for the lost connection looks
at the game's log before it tries again, and tries again only if its turn is not there. At the
end every game's log (GET /api/g/<token>/log.jsonl) is checked against what its client was
told: the human's turns (the liar game: `player` lines answered by a `verdict`; Monorail and
Garnet Thief: the human seat's `move` lines, and its `refused` ones against the 422s) must be
exactly the turns the client had a 2xx for or found committed, in order. Prints `lost / doubled`
and exits 1 if either is not zero, or if a client's page differs. Figures, not asserts.

Measured 2026-12-08 00:41-00:44, 32cb33c (a game's row kept once found, the SQL statements built
once, Starlette's routes without FastAPI's layers) beside the commit before it (`git worktree add
TREE 79266a1`) in one run, PostgreSQL 15 started by hand (fsync on), load 0.00 at the start (3.05
at the end, from the run itself): `PYTHONPATH=$PWD OMP_WAIT_POLICY=PASSIVE .venv/bin/python
bench/serve.py --setup 1:sqlite --setup '2:postgresql+psycopg://refgm@127.0.0.1:55462/bench_{design}'
--designs baseline,incremental --baseline TREE --duration 30`:

                                                       SQLite x1 baseline   SQLite x1 incremental  postgresql x2 baseline  postgresql x2 incremental
  games begun: over / at the cap / failed / stalled  940: 940 / 0 / 0 / 0  1145: 1145 / 0 / 0 / 0    622: 622 / 0 / 0 / 0     1044: 1044 / 0 / 0 / 0
  turns answered                                                     5388                    6488                    3726                       5949
  elapsed s                                                          40.7                    39.3                    41.9                       41.1
  turns per second                                                  132.3                   165.0                    89.0                      144.8
  all playing: s, turns                                        28.2, 4470              28.2, 5621              28.2, 2785                 28.2, 5040
  all playing: turns per second                                     158.5                   199.3                    98.8                      178.7
  turn latency ms p50                                                 170                      53                     463                         82
  turn latency ms p90                                                 381                     129                     900                        328
  turn latency ms p99                                                 763                     286                    1356                        642
  turn latency ms max                                                 819                     392                    1628                       1035
    liar p50 / p99                                              172 / 761                53 / 292              479 / 1340                   84 / 639
    monorail p50 / p99                                          168 / 768                53 / 287              452 / 1425                   77 / 650
    garnet p50 / p99                                            168 / 759                54 / 283              458 / 1320                   88 / 642
  errors by status                                                   none                    none                    none                       none
  pages put together / differing                                  940 / 0                1145 / 0                 622 / 0                   1044 / 0
  CPU s: servers (whole run) / bench                           39.9 / 6.2              31.3 / 5.9              44.1 / 4.1                 44.5 / 5.9
  servers' CPU ms per turn answered, while played                    6.48                    4.28                    9.47                       6.15
  server peak RSS MiB                                                 467                     456                468, 462                   456, 454
  lost / doubled                                                    0 / 0                   0 / 0                   0 / 0                      0 / 0

SQLite is just short of the goal on each of its counts (199.3 turns/s, p50 53 ms, p99 286 ms: 200,
50 and 250 are asked), PostgreSQL with two servers further from it (each server's turn costs more: psycopg, and PostgreSQL itself on the same two cores).

Measured 2026-12-07 19:54-19:58, the bench's clients on `Http` beside the same bench on httpx
(the commit before, `git archive a3b084d | tar -x -C /tmp/h22old`; the servers' code the same)
in one run, back to back, PostgreSQL 15 started by hand (fsync on), load 0.3 at the start (the
machine otherwise quiet, but slower than in the runs below: a server took 11 to 16 ms of CPU a
turn, where those measured 4 to 6): `PYTHONPATH=TREE OMP_WAIT_POLICY=PASSIVE .venv/bin/python
TREE/bench/serve.py --setup 1:sqlite --setup '2:postgresql+psycopg://refgm@127.0.0.1:55442/bench_{design}'
--designs incremental --duration 30`, TREE the old tree, then this one:

                                         SQLite x1, httpx  SQLite x1, Http  postgresql x2, httpx  postgresql x2, Http
  all playing: turns per second                      40.4             77.6                  46.5                 68.5
  turn latency ms p50                                1237              432                  1062                  579
  turn latency ms p90                                1662              739                  1772                 1658
  turn latency ms p99                                1804              945                  2737                 2478
  CPU s: servers (whole run) / bench          27.1 / 24.0       45.0 / 5.4           41.7 / 24.8           62.0 / 5.4
  bench CPU ms a turn (whole run)                    15.5              1.6                  13.1                  1.9
  servers' CPU ms per turn answered                 12.10            11.47                 14.22                16.48
  lost / doubled, pages differing                 0/0, 0           0/0, 0                0/0, 0               0/0, 0

The load generator no longer takes as much CPU as the server: the servers got the core it
freed (SQLite 77.6 turns/s against 40.4, p50 432 against 1237 ms). The goal is still missed, by
the servers' own CPU: at 11.5 ms a turn one process serves at most some 87 turns/s on a whole
core, under half of 200; 200 turns/s needs a turn under about 4 ms on this machine (under 5 ms
with the whole core, less for the queue to stay short enough for a p99 of 250 ms).

Measured 2026-12-07 after the turn's own costs were cut (4fafdee, f627ac8: the commit in a
thread and committed with the other games' waiting, the answer made of the lines committed, one
find a request, no ping of SQLite connections, templates compiled once, Garnet texts kept, the
greedy Monorail bot's shortcut, gc.freeze, httptools and uvloop), beside ed9d90e (the code before
them, `git archive ed9d90e | tar -x -C /tmp/before`, with stub modules httptools.py and uvloop.py
raising ImportError in that tree, as its environment had neither) in one run each, PostgreSQL 15
started by hand (fsync on), load 1.9 to 4 (another project's model server held about a core):
`PYTHONPATH=$PWD OMP_WAIT_POLICY=PASSIVE nice -n 10 .venv/bin/python bench/serve.py --setup 1:sqlite
--setup '2:postgresql+psycopg://refgm@127.0.0.1:55432/bench_{design}' --designs baseline,incremental
--baseline /tmp/before --duration 30` (200 games in play all along):

                                                       SQLite x1 baseline  SQLite x1 incremental  postgresql x2 baseline  postgresql x2 incremental
  games begun: over / at the cap / failed / stalled  505: 505 / 0 / 0 / 0   642: 642 / 0 / 0 / 0    470: 470 / 0 / 0 / 0       558: 558 / 0 / 0 / 0
  turns answered                                                     2961                   3763                    2831                       3203
  elapsed s                                                          38.3                   41.6                    41.0                       40.0
  turns per second                                                   77.2                   90.4                    69.1                       80.0
  all playing: s, turns                                        28.2, 2348             28.2, 2998              28.2, 1974                 28.2, 2626
  all playing: turns per second                                      83.3                  106.3                    70.0                       93.1
  turn latency ms p50                                                 514                    347                     840                        407
  turn latency ms p90                                                1267                    648                    1192                        835
  turn latency ms p99                                                2624                    977                    1585                       1426
  turn latency ms max                                                2802                   1107                    1847                       1445
    liar p50 / p99                                             516 / 2553              345 / 977              848 / 1585                 400 / 1432
    monorail p50 / p99                                         529 / 2727              347 / 945              839 / 1614                 423 / 1426
    garnet p50 / p99                                           488 / 2624             347 / 1007              830 / 1567                 403 / 1321
  errors by status                                                   none                   none                    none                       none
  pages put together / differing                                  505 / 0                642 / 0                 470 / 0                    558 / 0
  CPU s: servers (whole run) / bench                          18.4 / 15.8            18.5 / 19.5             29.5 / 15.6                24.5 / 16.9
  servers' CPU ms per turn answered, while played                    5.06                   4.12                    7.92                       5.63
  server peak RSS MiB                                                 462                    462                461, 460                   462, 462
  lost / doubled                                                    0 / 0                  0 / 0                   0 / 0                      0 / 0

and the same without --duration (one game each, as measured before; its turns/s is capped near
80 by the ramp down as games end):

                                                       SQLite x1 baseline  SQLite x1 incremental  postgresql x2 baseline  postgresql x2 incremental
  games begun: over / at the cap / failed / stalled  200: 200 / 0 / 0 / 0   200: 200 / 0 / 0 / 0    200: 200 / 0 / 0 / 0       200: 200 / 0 / 0 / 0
  turns answered                                                     1291                   1306                    1301                       1297
  elapsed s                                                          16.2                   16.3                    15.7                       15.1
  turns per second                                                   79.7                   80.3                    82.8                       85.7
  turn latency ms p50                                                 166                     31                      28                         21
  turn latency ms p90                                                 310                    104                     108                         69
  turn latency ms p99                                                 343                    174                     211                        123
  turn latency ms max                                                 384                    385                     353                        208
    liar p50 / p99                                              158 / 346               26 / 165                23 / 209                   20 / 129
    monorail p50 / p99                                          194 / 337               47 / 267                62 / 214                   21 / 140
    garnet p50 / p99                                            166 / 338               30 / 149                27 / 218                   21 / 111
  errors by status                                                   none                   none                    none                       none
  pages put together / differing                                  200 / 0                200 / 0                 200 / 0                    200 / 0
  CPU s: servers (whole run) / bench                            8.8 / 5.7              8.4 / 6.3              16.3 / 6.3                 13.3 / 6.0
  servers' CPU ms per turn answered, while played                    4.66                   4.50                    7.29                       6.19
  server peak RSS MiB                                                 459                    458                447, 453                   451, 457
  lost / doubled                                                    0 / 0                  0 / 0                   0 / 0                      0 / 0

The goal (p50 under 50 ms, p99 under 250 ms, 200 turns/s at 200 games in play) is still missed:
a turn costs a server about 4 ms of CPU (SQLite; 5.6 ms for each of two on PostgreSQL, whose
servers share the cores), so 200 turns/s needs most of a core, and the servers got about half of
one; the bench's own clients used as much CPU as the server (httpx, the client-side Monorail bots).

Measured 2026-12-07 (after refgm.serve.pages) in one run, from the repository root:
`PYTHONPATH=$PWD OMP_WAIT_POLICY=PASSIVE nice -n 10 .venv/bin/python bench/serve.py --setup 1:sqlite
--setup '2:postgresql+psycopg://refgm@127.0.0.1:55432/bench_{design}'` (200 games, think 0.9 s;
PostgreSQL 15 from Debian's package started by hand, databases bench_rebuild and
bench_incremental made beforehand). The machine was not quiet: other engineers' test runs and
solvers held the load average at 3.6 to 5 on its 2 cores all through, so the servers had a
quarter to a third of a core each; every figure below is starved of CPU, the two designs alike:

                                              SQLite x1 rebuild  SQLite x1 incremental  postgresql x2 rebuild  postgresql x2 incremental
  games over / at the cap / failed / stalled    200 / 0 / 0 / 0        200 / 0 / 0 / 0        200 / 0 / 0 / 0            200 / 0 / 0 / 0
  turns answered                                           1294                   1297                   1297                       1298
  elapsed s                                                81.2                   73.0                  101.8                       69.5
  turns per second                                         15.9                   17.8                   12.7                       18.7
  turn latency ms p50                                      6363                   4724                   8273                       4419
  turn latency ms p90                                      7206                   5415                  10178                       5866
  turn latency ms p99                                      7387                   5598                  11416                       6612
  turn latency ms max                                      7567                   5710                  11697                       6723
    liar p50 / p99                                  6531 / 7385            4703 / 5641           8203 / 11279                4389 / 6576
    monorail p50 / p99                              5755 / 7245            4784 / 5598           8436 / 11464                4512 / 6633
    garnet p50 / p99                                6588 / 7434            4697 / 5594           8246 / 11352                4400 / 6604
  errors by status                                         none                   none                   none                       none
  pages put together / differing                        200 / 0                200 / 0                200 / 0                    200 / 0
  CPU s: servers (whole run) / bench                34.2 / 13.6            25.8 / 15.0            55.5 / 15.5                41.7 / 14.6
  server peak RSS MiB                                       439                    463               435, 441                   453, 447
  lost / doubled                                          0 / 0                  0 / 0                  0 / 0                      0 / 0

The goal (p50 under 50 ms, p99 under 250 ms, 200 turns/s at 200 games) is missed by far, in both
designs: the throughput is what the CPU the servers got allows. The incremental feed took a
quarter less server CPU for the same turns (25.8 against 34.2 s on SQLite, 41.7 against 55.5 s
on PostgreSQL, the warm-up games and the start included) and cut p50 by a quarter to a half.
In-process CPU per taken turn (Host alone, one SQLite file, random inputs, the machine as loaded):
rebuild liar 6.9 ms median, Monorail 5.4, Garnet Thief 26.6, mean 19.5; incremental 5.0, 5.6, 11.7,
mean 13.7. What is left is the turn's own work: the bots' decisions (seven `expected` bots a
Garnet round, the greedy Monorail bot's search), the parser and actor, the commit, and the
terminal's texts of the turn's own events; 200 turns/s on one process would need 5 ms a turn.

The same day, `--restart --designs incremental` with the same setups (load average 5.3 to 5.7):
the servers were SIGKILLed after 666 of about 1332 turns and were down 9.8 s (SQLite) and 16.8 s
(PostgreSQL, two servers started one after the other on the loaded machine); 153 and 152 turns
whose connection the kill cut were looked for in the log (0 and 1 found committed) and played
again; lost 0, doubled 0, no liar line left unanswered; the pages of 173 and 168 clients were
compared at the end (the rest met a connection the kill had left dead and skipped it), none
differing; p50 6.4 s and 9.4 s at 8.5 and 8.7 turns/s, the downtime included.

Before the page cache, measured 2026-12-01 (one server, no pause between turns) on a shared
2-core machine, with no other test run of this project going, the client and the server sharing
the two cores; 200 games each run (67 liar, 67 Monorail, 66
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
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import count, cycle, islice, product
from pathlib import Path
from typing import Any

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
THINK = 0.9
"""A player's mean pause before a turn, in seconds. Each of N players plays at most one turn per
pause and answer, so 200 players pausing 0.9 s offer at most some 220 turns/s: the goal (200 turns/s
with 200 games, p50 under 50 ms) is a turn per second per game."""
START_SECONDS = 60.0


class BenchError(Exception):
    """The bench cannot run (the server does not start); the message says why."""


class TransportError(Exception):
    """The connection failed (refused, reset, closed, timed out) before a whole answer came."""


@dataclass(frozen=True)
class Answer:
    """An HTTP answer: its status and body."""

    status_code: int
    content: bytes

    @property
    def text(self) -> str:
        return self.content.decode()

    def json(self) -> Any:
        return json.loads(self.content)

    def raise_for_status(self) -> Answer:
        if not 200 <= self.status_code < 300:
            raise BenchError(f"HTTP {self.status_code}: {self.text[:200]}")
        return self


class Http:
    """A browser's one kept-alive HTTP/1.1 connection to a server, with its cookies: a minimal
    client on asyncio streams. httpx took some 5 ms of CPU a turn, more than the server it
    measured, on the same two cores; this reads the status, the headers it needs and a body
    of Content-Length or chunks. A connection the server closed is opened again before the
    next request; one that fails during a request is TransportError, as a browser's would be."""

    def __init__(self, base: str, local: str | None = None, timeout: float = 120.0) -> None:
        host, _, port = base.removeprefix("http://").partition(":")
        self.host, self.port, self.local, self.timeout = host, int(port or 80), local, timeout
        self.cookies: dict[str, str] = {}
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def __aenter__(self) -> Http:
        return self

    async def __aexit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None

    async def get(self, path: str) -> Answer:
        return await self.request("GET", path)

    async def post(self, path: str, json: Json, headers: dict[str, str]) -> Answer:
        return await self.request("POST", path, json, headers)

    async def request(
        self, method: str, path: str, body: Json | None = None, headers: dict[str, str] | None = None
    ) -> Answer:
        try:
            return await asyncio.wait_for(self._request(method, path, body, headers or {}), self.timeout)
        except (TimeoutError, OSError, EOFError, asyncio.IncompleteReadError, ValueError) as err:
            self.close()
            raise TransportError(f"{type(err).__name__}: {err}") from None

    async def _request(self, method: str, path: str, body: Json | None, headers: dict[str, str]) -> Answer:
        if self.streams is not None and (self.streams[0].at_eof() or self.streams[1].is_closing()):
            self.close()  # the server closed it while it was idle (its keep-alive timeout)
        if self.streams is None:
            local = (self.local, 0) if self.local else None
            self.streams = await asyncio.open_connection(self.host, self.port, local_addr=local)
        reader, writer = self.streams
        data = b"" if body is None else json.dumps(body).encode()
        head = [
            f"{method} {path} HTTP/1.1",
            f"Host: {self.host}:{self.port}",
            *(f"{k}: {v}" for k, v in headers.items()),
        ]
        if self.cookies:
            head.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if body is not None:
            head += ["Content-Type: application/json", f"Content-Length: {len(data)}"]
        writer.write("\r\n".join(head).encode() + b"\r\n\r\n" + data)
        status = int((await reader.readuntil(b"\r\n")).split(b" ", 2)[1])
        length, chunked, close = None, False, False
        while (line := await reader.readuntil(b"\r\n")) != b"\r\n":
            name, _, value = line.decode("latin-1").partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "content-length":
                length = int(value)
            elif name == "transfer-encoding":
                chunked = "chunked" in value.lower()
            elif name == "connection":
                close = value.lower() == "close"
            elif name == "set-cookie":
                cookie, _, _ = value.partition(";")
                key, _, kept = cookie.partition("=")
                self.cookies[key.strip()] = kept.strip()
        if chunked:
            content = b""
            while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
                content += (await reader.readexactly(size + 2))[:-2]
            while await reader.readuntil(b"\r\n") != b"\r\n":  # trailers
                pass
        else:
            content = await reader.readexactly(length or 0)
        if close:
            self.close()
        return Answer(status, content)


# --- the server -------------------------------------------------------------------------------------


@dataclass
class Server:
    """One `refgm serve` process; started again on the same port and database after a kill."""

    port: int
    database: str
    home: Path
    options: tuple[str, ...] = ()  # more options of `refgm serve` (the design's)
    root: Path = ROOT  # the source tree it runs (--baseline: another checkout)
    process: subprocess.Popen[bytes] | None = None
    peaks: list[int] = field(default_factory=list)  # VmHWM in KiB of each process, read before it ends
    cpu: float = 0.0  # CPU seconds of its processes, read before each ends
    starts: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> float:
        """Start the server and wait until it answers; the seconds that took."""
        self.starts += 1
        err = self.err_path.open("wb")
        env = {**os.environ, "REFGM_HOME": str(self.home), "PYTHONPATH": str(self.root)}
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
            *self.options,
        ]
        started = time.perf_counter()
        self.process = subprocess.Popen(command, cwd=self.root, env=env, stdout=subprocess.DEVNULL, stderr=err)
        while time.perf_counter() - started < START_SECONDS:
            if self.process.poll() is not None:
                raise BenchError(f"the server exited ({self.process.returncode}): {self.stderr() or 'no output'}")
            with contextlib.suppress(OSError), urllib.request.urlopen(self.url + "/api/options", timeout=1.0) as up:
                if up.status == 200:
                    return time.perf_counter() - started
            time.sleep(0.1)
        self.stop()
        raise BenchError(f"the server did not answer in {START_SECONDS:.0f} s: {self.stderr() or 'no output'}")

    @property
    def err_path(self) -> Path:
        return self.home / f"server-{self.port}-{self.starts}.err"

    def stderr(self) -> str:
        return self.err_path.read_text(errors="replace").strip()

    def _peak(self) -> None:
        if self.process is not None:
            with contextlib.suppress(OSError):
                status = Path(f"/proc/{self.process.pid}/status").read_text()
                found = re.search(r"^VmHWM:\s+(\d+) kB", status, re.M)
                if found:
                    self.peaks.append(int(found.group(1)))
                self.cpu += self.cpu_now()

    def cpu_now(self) -> float:
        """The CPU seconds the running process has used (0 if none, or gone)."""
        with contextlib.suppress(OSError):
            if self.process is not None:
                ticks = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
                return (int(ticks[11]) + int(ticks[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime
        return 0.0

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
    answered: list[tuple[float, float, str]] = field(default_factory=list)  # (when, latency, kind) of each turn
    by_kind: dict[str, list[float]] = field(default_factory=dict)
    statuses: Counter[str] = field(default_factory=Counter)
    pages_checked: int = 0
    pages_differing: list[str] = field(default_factory=list)
    turns: int = 0
    found_committed: int = 0
    retried: int = 0
    games_over: int = 0
    games_capped: int = 0
    games_failed: int = 0
    stalled: list[str] = field(default_factory=list)


@dataclass
class Restart:
    """When to kill the servers (after `at` turns), and the event clients wait on while they are down."""

    servers: list[Server]
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
        for server in self.servers:
            server.kill()
        for server in self.servers:
            await asyncio.to_thread(server.start)
        self.down_seconds = time.perf_counter() - started
        self.up.set()


class Lost(Exception):
    """The server could not be reached for a turn, 30 times, or gave it neither a 2xx nor a 422."""


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
    think: float  # the mean pause before each turn, in seconds
    incremental: bool  # sends `since` and puts the entries it is sent after the ones it has, as the page does
    first: bool = True  # the player's first game: a pause before it (a next game starts at once)
    token: str = ""
    page: Json = field(default_factory=dict)  # the game's page as this client has it
    seat: str = ""
    told: list[tuple[str, Any]] = field(default_factory=list)  # ("move"|"refused", the move as the log writes it)
    questions: Iterator[str] = field(default_factory=lambda: iter(()))
    guesses: Iterator[tuple[str, str]] = field(default_factory=lambda: iter(()))

    async def pause(self) -> None:
        """A player's pause before acting: uniform from 0 to twice `think`, so that 200 players
        neither start nor move in step."""
        if self.think > 0:
            await asyncio.sleep(self.rng.uniform(0, 2 * self.think))

    async def play(self) -> None:
        if self.first:
            await self.pause()
        # Each player from an address of its own (the server's rate limit for new games is per address).
        async with Http(self.base, address(self.number)) as http:
            page = await http.get("/")
            meta = re.search(r'<meta name="refgm-csrf" content="([^"]+)"', page.text)
            csrf = meta.group(1) if meta else http.cookies.get("refgm_csrf", "")
            headers = {"X-Refgm-CSRF": csrf}
            body = {"game": self.kind, "lang": self.lang, "opponent": self.opponent}
            created = await http.post("/api/games", json=body, headers=headers)
            if created.status_code != 201:
                self.figures.statuses[f"new game {created.status_code}"] += 1
                self.figures.games_failed += 1
                return
            self.token = created.json()["token"]
            view = self.took((await http.get(f"/api/g/{self.token}")).json())
            self.seat = str(view.get("seat"))
            self.questions = cycle(QUESTIONS[self.lang])
            self.guesses = cycle([(c, liar) for c in "ABC" for liar in "ABC"][self.number % 9 :])
            for _ in range(self.cap):
                if view["over"]:
                    self.figures.games_over += 1
                    await self.check_page(http)
                    return
                if view["prompt"]["kind"] == "none":  # not the human's turn and nothing will move it
                    self.figures.stalled.append(f"game {self.number} ({self.kind}, {self.lang}, /g/{self.token})")
                    return
                turn, told = self.move(view)
                if self.incremental:
                    turn["since"] = view["settled"]
                await self.pause()
                try:
                    view = await self.post(http, headers, turn, told)
                except Lost:
                    self.figures.games_failed += 1
                    return
            self.figures.games_capped += 1
            await self.check_page(http)

    def took(self, page: Json) -> Json:
        """The page after an answer: its feed put after the entries the client has before `since`."""
        since = int(page.get("since") or 0)
        self.page = {**page, "feed": self.page.get("feed", [])[:since] + page["feed"]}
        return self.page

    async def check_page(self, http: Http) -> None:
        """The page as the client put it together is the whole page the server sends now."""
        with contextlib.suppress(TransportError):
            whole = (await http.get(f"/api/g/{self.token}")).json()
            self.figures.pages_checked += 1
            if {k: v for k, v in whole.items() if k != "since"} != {k: v for k, v in self.page.items() if k != "since"}:
                self.figures.pages_differing.append(f"game {self.number} ({self.kind}, {self.lang}, /g/{self.token})")

    async def post(self, http: Http, headers: dict[str, str], turn: Json, told: Any) -> Json:
        """Play one turn; the view after it. Across a restart, looks before it tries again."""
        for attempt in range(30):
            started = time.perf_counter()
            try:
                answer = await http.post(f"/api/g/{self.token}/turn", json=turn, headers=headers)
            except TransportError as err:  # killed, or a kept-alive connection the server closed as it was sent
                self.figures.statuses[f"connection ({type(err).__name__})"] += 1
                await self._back_up(attempt)
                if await self._committed(http):
                    self.figures.found_committed += 1
                    self.told.append(("move", told))
                    return self.took(await self._view(http))
                self.figures.retried += 1
                continue
            took = time.perf_counter() - started
            self.figures.latencies.append(took)
            self.figures.answered.append((started + took, took, self.kind))
            self.figures.by_kind.setdefault(self.kind, []).append(took)
            self.figures.turns += 1
            self.restart.played(self.figures)
            if answer.status_code == 200:
                self.told.append(("move", told))
                return self.took(answer.json())
            self.figures.statuses[str(answer.status_code)] += 1
            if answer.status_code == 422:
                self.told.append(("refused", told))
                return self.took(answer.json()["view"])
            raise Lost()
        raise Lost()

    async def _back_up(self, attempt: int) -> None:
        await self.restart.up.wait()
        await asyncio.sleep(min(2.0, 0.05 * 2**attempt) * self.rng.random())

    async def _view(self, http: Http) -> Json:
        for attempt in range(30):
            try:
                return dict((await http.get(f"/api/g/{self.token}")).raise_for_status().json())
            except TransportError:
                await self._back_up(attempt)
        raise Lost()

    async def _committed(self, http: Http) -> bool:
        """Whether the log holds more of the human's turns than the client was told of."""
        for attempt in range(30):
            try:
                answer = await http.get(f"/api/g/{self.token}/log.jsonl")
                answer.raise_for_status()
            except TransportError:
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


def address(player: int) -> str:
    """The loopback address player `player` connects from (127.0.0.2 on; every 127/8 address is this machine)."""
    n = player % 250_000 + 2
    return f"127.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}"


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
    async with Http(base) as http:
        for client in clients:
            if client.token:
                answer = await http.get(f"/api/g/{client.token}/log.jsonl")
                answer.raise_for_status()
                checked.add(client, answer.text)
    return checked


# --- the run --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    """`servers` processes of `refgm serve` on one database (`database`: sqlite, or a URL)."""

    servers: int
    database: str

    @property
    def name(self) -> str:
        kind = "SQLite" if self.database == "sqlite" else self.database.split(":")[0].split("+")[0]
        return f"{kind} x{self.servers}"

    def url(self, design: str, home: Path) -> str:
        """The database of `design`'s run: a new SQLite file in `home`, or the URL with its `{design}`."""
        return (
            f"sqlite:///{home / 'refgm.db'}" if self.database == "sqlite" else self.database.replace("{design}", design)
        )

    def __str__(self) -> str:
        return f"{self.name} on {self.database.split('@')[-1]}"


def setup(value: str) -> Setup:
    """An --setup value, N:DATABASE."""
    count, _, database = value.partition(":")
    if not count.isdigit() or int(count) < 1 or not database:
        raise argparse.ArgumentTypeError(f"a setup is N:DATABASE, N at least 1 (not {value!r})")
    return Setup(int(count), database)


@dataclass(frozen=True)
class Design:
    """How a design's servers run: their options, and whether the clients send `since`."""

    options: tuple[str, ...]
    incremental: bool


DESIGNS = {
    "rebuild": Design(("--cached-pages", "0"), incremental=False),
    "incremental": Design((), incremental=True),
    "baseline": Design((), incremental=True),
}
"""The server's options in each design: every page rebuilt from its whole log (as before the page
cache), or pages kept and sent a turn's new entries at a time (clients send `since`); `baseline`
is `incremental` run from the source tree --baseline names (another checkout, to measure a change
beside the code before it in one run)."""


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else float("nan")


@dataclass
class Run:
    """One design's run on one setup (`name` says both): what its clients measured and what the check found."""

    name: str
    figures: Figures
    checked: Check
    elapsed: float
    client_cpu: float  # the bench's own CPU seconds while its clients played
    served_cpu: float  # the servers' CPU seconds while the clients played (nan across a restart)
    servers: list[Server]
    restart: Restart
    expected: int
    games: int  # games begun
    window: tuple[float, float] | None  # --duration: from when every player is playing to the end (perf_counter)


async def drive(args: argparse.Namespace, name: str, design: str, servers: list[Server]) -> Run:
    """Warm the servers up, then play `args.games` games at once on them; what was measured, as `name`."""
    figures = Figures()
    plan = list(islice(cycle(KINDS), args.games))
    expected = sum(EXPECTED_TURNS[kind] for kind, _ in plan)
    restart = Restart(servers, expected // 2 if args.restart else None)
    restart.up.set()
    clients: list[Client] = []  # every game played, in the order begun

    async def player(n: int, kind: str, opponent: str) -> None:
        """Player `n`'s games: one, or (--duration) one after another until the time is up."""
        for game in count():
            client = Client(
                n,
                kind,
                opponent,
                LANGS[n % len(LANGS)],
                servers[n % len(servers)].url,
                args.turn_cap,
                figures,
                restart,
                random.Random(args.seed * 100_003 + n + 1_000_003 * game),
                args.think,
                DESIGNS[design].incremental,
                first=game == 0,
            )
            clients.append(client)
            await client.play()
            if time.perf_counter() - started >= args.duration:
                return

    await warm(args, design, servers)
    started, cpu, served = time.perf_counter(), time.process_time(), sum(s.cpu_now() for s in servers)
    await asyncio.gather(*(player(n, kind, opponent) for n, (kind, opponent) in enumerate(plan)))
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    served = sum(s.cpu_now() for s in servers) - served if restart.at is None else float("nan")
    if restart.task is not None:
        await restart.task
    checked = await check(clients, servers[0].url)
    for server in servers:
        server.stop()
    window = (started + 2 * args.think, started + args.duration) if args.duration else None
    return Run(name, figures, checked, elapsed, cpu, served, servers, restart, expected, len(clients), window)


async def warm(args: argparse.Namespace, design: str, servers: list[Server]) -> None:
    """A game of each kind against each opponent in each language on each server, played and
    not counted: the first Korean or Japanese question loads its analyzer (about a second)."""
    unseen = Restart(servers, None)
    unseen.up.set()
    warmers = [
        Client(
            -1,
            kind,
            opponent,
            lang,
            server.url,
            args.turn_cap,
            Figures(),
            unseen,
            random.Random(n),
            0.0,
            DESIGNS[design].incremental,
        )
        for server in servers
        for n, ((kind, opponent), lang) in enumerate(product(KINDS, LANGS))
    ]
    await asyncio.gather(*(warmer.play() for warmer in warmers))


def ms(values: list[float], p: float) -> str:
    return f"{percentile(values, p) * 1000:.0f}"


def rows(run: Run) -> dict[str, str]:
    """One design's column of the table, row by row."""
    f, lat, by_kind = run.figures, run.figures.latencies, run.figures.by_kind
    column = {
        "games begun: over / at the cap / failed / stalled": (
            f"{run.games}: {f.games_over} / {f.games_capped} / {f.games_failed} / {len(f.stalled)}"
        ),
        "turns answered": str(f.turns),
        "elapsed s": f"{run.elapsed:.1f}",
        "turns per second": f"{f.turns / run.elapsed:.1f}",
    }
    if run.window is not None:  # the figures below are of the turns answered while every player played
        low, high = run.window
        steady = [(took, kind) for when, took, kind in f.answered if low <= when <= high]
        lat, by_kind = [took for took, _ in steady], {}
        for took, kind in steady:
            by_kind.setdefault(kind, []).append(took)
        column["all playing: s, turns"] = f"{high - low:.1f}, {len(steady)}"
        column["all playing: turns per second"] = f"{len(steady) / (high - low):.1f}"
    column |= {
        "turn latency ms p50": ms(lat, 50),
        "turn latency ms p90": ms(lat, 90),
        "turn latency ms p99": ms(lat, 99),
        "turn latency ms max": f"{max(lat, default=float('nan')) * 1000:.0f}",
    }
    for kind in ("liar", "monorail", "garnet"):
        column[f"  {kind} p50 / p99"] = f"{ms(by_kind.get(kind, []), 50)} / {ms(by_kind.get(kind, []), 99)}"
    column["errors by status"] = ", ".join(f"{status} {n}" for status, n in sorted(f.statuses.items())) or "none"
    column["pages put together / differing"] = f"{f.pages_checked} / {len(f.pages_differing)}"
    column["CPU s: servers (whole run) / bench"] = f"{sum(s.cpu for s in run.servers):.1f} / {run.client_cpu:.1f}"
    column["servers' CPU ms per turn answered, while played"] = f"{run.served_cpu / max(f.turns, 1) * 1000:.2f}"
    column["server peak RSS MiB"] = ", ".join(f"{kib / 1024:.0f}" for s in run.servers for kib in s.peaks) or "?"
    if run.restart.at is not None:
        column["killed after turns (of about)"] = f"{run.restart.killed_at} ({run.expected})"
        column["down s; found committed, retried"] = f"{run.restart.down_seconds:.1f}; {f.found_committed}, {f.retried}"
        column["liar lines the kill left unanswered"] = str(run.checked.unanswered)
    column["lost / doubled"] = f"{run.checked.lost} / {run.checked.doubled}"
    return column


def report(runs: list[Run]) -> None:
    """The designs side by side, then what went wrong in any of them."""
    columns = [rows(run) for run in runs]
    width = max(len(key) for key in columns[0])
    cells = [max(len(run.name), *map(len, column.values())) for run, column in zip(runs, columns, strict=True)]
    print(f"{'':{width}}  " + "  ".join(f"{run.name:>{w}}" for run, w in zip(runs, cells, strict=True)))
    for key in columns[0]:
        print(f"{key:{width}}  " + "  ".join(f"{c.get(key, ''):>{w}}" for c, w in zip(columns, cells, strict=True)))
    for run in runs:
        f = run.figures
        for problem in [*f.stalled, *f.pages_differing, *run.checked.problems][:20]:
            print(f"  {run.name}: {problem}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    parser.add_argument(
        "--setup",
        action="append",
        type=setup,
        metavar="N:DATABASE",
        help="N server processes on DATABASE: sqlite (a new file in a temporary folder for each design) or a "
        "URL, in which {design} is replaced by the design's name, e.g. "
        "2:postgresql://refgm@127.0.0.1:55432/bench_{design}; its games are left there. Given again, "
        "each setup runs in turn (default 1:sqlite)",
    )
    parser.add_argument(
        "--designs",
        default="rebuild,incremental",
        help=f"the designs to run, one after the other, comma-separated, of {', '.join(DESIGNS)} "
        "(default rebuild,incremental)",
    )
    parser.add_argument(
        "--think",
        type=float,
        default=THINK,
        metavar="SECONDS",
        help=f"a client's mean pause before each turn, drawn uniformly from 0 to twice it (default {THINK}; 0: none)",
    )
    parser.add_argument(
        "--restart",
        action="store_true",
        help="SIGKILL the servers halfway and start them again; check that no turn is lost or doubled",
    )
    parser.add_argument(
        "--turn-cap", type=int, default=40, help="the most turns a client plays of one game (default 40)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seeds the clients' choices (default 1)")
    parser.add_argument(
        "--duration",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="each player starts another game as soon as one ends, until SECONDS have passed; the latency and "
        "turns-per-second figures are then of the turns answered while every player was playing (from twice "
        "--think, when all have begun, to SECONDS). Default 0: one game each, figures of the whole run",
    )
    parser.add_argument(
        "--baseline",
        type=Path,
        metavar="TREE",
        help="the source tree design `baseline` runs its servers from (e.g. `git archive COMMIT | tar -x -C "
        "TREE`), to set a change beside the code before it",
    )
    args = parser.parse_args()
    designs = args.designs.split(",")
    if args.games < 1 or args.turn_cap < 1 or args.think < 0:
        parser.error("--games and --turn-cap are at least 1, --think at least 0")
    if not set(designs) <= set(DESIGNS):
        parser.error(f"--designs are of {', '.join(DESIGNS)}")
    if ("baseline" in designs) != (args.baseline is not None):
        parser.error("--baseline TREE goes with the design baseline, and it with --baseline")
    if args.duration < 0 or (args.duration and args.duration <= 2 * args.think):
        parser.error("--duration is 0 or more than twice --think")
    if args.duration and args.restart:
        parser.error("--restart plays one game each: not with --duration")
    setups: list[Setup] = args.setup or [Setup(1, "sqlite")]
    load = os.getloadavg()
    print(f"{time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cores, load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"{args.games} games, think {args.think} s, {'; '.join(map(str, setups))}")
    runs: list[Run] = []
    with tempfile.TemporaryDirectory(prefix="refgm-bench-") as tmp:
        for number, (on, design) in enumerate(product(setups, designs)):
            home = Path(tmp) / f"{number}-{design}"
            home.mkdir()
            database = on.url(design, home)
            root = args.baseline if design == "baseline" else ROOT
            servers = [Server(free_port(), database, home, DESIGNS[design].options, root) for _ in range(on.servers)]
            try:
                for server in servers:
                    server.start()
                runs.append(asyncio.run(drive(args, f"{on.name} {design}", design, servers)))
            except BenchError as err:
                print(f"bench/serve.py: {err}", file=sys.stderr)
                return 2
            finally:
                for server in servers:
                    server.stop()
    report(runs)
    return 1 if any(run.checked.lost or run.checked.doubled or run.figures.pages_differing for run in runs) else 0


if __name__ == "__main__":
    sys.exit(main())
