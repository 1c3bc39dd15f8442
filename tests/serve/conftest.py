"""The servers `refgm serve` is tested against: a real PostgreSQL, SQLite, Chromium and the server itself.

PostgreSQL is the distribution's own build, started for the test run in a temporary folder on a free
port of 127.0.0.1 with fsync on, as the server would run in production, so a test that kills a process
sees what a real crash would leave. PostgreSQL refuses to run as root, and CI runs as root: there the
cluster belongs to `nobody`. A missing PostgreSQL or Chromium fails the tests that need it, never skips
them, so that a machine without them cannot report a pass it did not earn.
"""

from __future__ import annotations

import os
import pwd
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, LiteralString

import pytest

import refgm

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

POSTGRES_USER = "refgm"
POSTGRES_DATABASE = "refgm_test"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)
# How long a `refgm serve` subprocess may take to answer its first request.
SERVE_START_SECONDS = 30.0


def free_port() -> int:
    """A TCP port of 127.0.0.1 nobody listens on now (the kernel's pick; another process could take it later)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def postgres_bindir() -> Path:
    """The newest installed PostgreSQL's server programs, or a failure that says what to install."""
    candidates = sorted(
        (path.parent.parent for path in Path("/usr/lib/postgresql").glob("*/bin/initdb")),
        key=lambda folder: [int(part) for part in re.findall(r"\d+", folder.name)],
    )
    if candidates:
        return candidates[-1] / "bin"
    # Other distributions put the server next to pg_config, or on PATH.
    pg_config = shutil.which("pg_config")
    if pg_config:
        bindir = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, check=False).stdout.strip()
        if bindir and (Path(bindir) / "initdb").is_file():
            return Path(bindir)
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    pytest.fail(
        "the PostgreSQL tests need a PostgreSQL server (initdb, pg_ctl, postgres) and none is installed: "
        "install Debian's `postgresql` package (apt-get install postgresql); .ci/run does it when run as root",
        pytrace=False,
    )


@dataclass(frozen=True)
class Account:
    """Who runs the PostgreSQL programs: the current user, or `nobody` when that is root."""

    uid: int | None
    gid: int | None

    @staticmethod
    def for_postgres() -> Account:
        if os.geteuid() != 0:
            return Account(None, None)
        nobody = pwd.getpwnam("nobody")
        return Account(nobody.pw_uid, nobody.pw_gid)

    def run(self, *command: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(part) for part in command],
            cwd=cwd,
            user=self.uid,
            group=self.gid,
            extra_groups=[] if self.uid is not None else None,
            capture_output=True,
            text=True,
            check=False,
        )

    def own(self, path: Path) -> None:
        if self.uid is not None and self.gid is not None:
            os.chown(path, self.uid, self.gid)


@dataclass(frozen=True)
class Cluster:
    """A running PostgreSQL cluster in its own folder."""

    bindir: Path
    folder: Path
    account: Account
    port: int

    @property
    def data(self) -> Path:
        return self.folder / "data"

    @property
    def log(self) -> Path:
        return self.folder / "server.log"

    def url(self, database: str, driver: str = "postgresql+psycopg") -> str:
        return f"{driver}://{POSTGRES_USER}@127.0.0.1:{self.port}/{database}"

    def pg_ctl(self, *arguments: str) -> subprocess.CompletedProcess[str]:
        return self.account.run(self.bindir / "pg_ctl", "-D", self.data, *arguments, cwd=self.folder)

    def trouble(self, what: str, result: subprocess.CompletedProcess[str]) -> str:
        log = self.log.read_text(errors="replace")[-4000:] if self.log.exists() else ""
        return f"{what} failed ({result.returncode}):\n{result.stdout}{result.stderr}\n--- {self.log}:\n{log}"

    def create_database(self, name: str) -> None:
        self._outside_a_transaction("CREATE DATABASE {}", name)

    def drop_database(self, name: str) -> None:
        # FORCE: a connection a failed test left open must not keep the database alive.
        self._outside_a_transaction("DROP DATABASE {} WITH (FORCE)", name)

    def _outside_a_transaction(self, statement: LiteralString, name: str) -> None:
        """CREATE and DROP DATABASE cannot run in a transaction: an autocommit connection as the superuser."""
        import psycopg
        from psycopg import sql

        with psycopg.connect(self.url("postgres", driver="postgresql"), autocommit=True) as connection:
            connection.execute(sql.SQL(statement).format(sql.Identifier(name)))


def start_cluster(bindir: Path, folder: Path, account: Account) -> Cluster:
    """initdb and start a cluster in `folder`, listening on 127.0.0.1 and a unix socket in `folder`."""
    initdb = account.run(
        bindir / "initdb",
        "-D",
        folder / "data",
        "-U",
        POSTGRES_USER,
        "--auth=trust",  # local and host 127.0.0.1/::1 connections, nothing else listens
        "--encoding=UTF8",
        "--no-locale",
        "--no-sync",  # initdb's own flush of the new files; the server below keeps fsync on
        cwd=folder,
    )
    if initdb.returncode != 0:
        pytest.fail(f"initdb failed ({initdb.returncode}):\n{initdb.stdout}{initdb.stderr}", pytrace=False)
    attempts = 3
    while True:
        cluster = Cluster(bindir, folder, account, free_port())
        with (cluster.data / "postgresql.conf").open("a") as conf:
            conf.write(
                f"\n# tests/serve/conftest.py\nlisten_addresses = '127.0.0.1'\nport = {cluster.port}\n"
                f"unix_socket_directories = '{folder}'\nfsync = on\nmax_connections = 200\n"
            )
        started = cluster.pg_ctl("start", "-w", "-t", "60", "-l", str(cluster.log))
        if started.returncode == 0:
            return cluster
        attempts -= 1
        # Another process may have taken the free port between the probe and the bind: try another one.
        if attempts == 0 or "could not bind" not in cluster.log.read_text(errors="replace"):
            pytest.fail(cluster.trouble("pg_ctl start", started), pytrace=False)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    """A PostgreSQL server for the whole run, stopped and deleted at its end."""
    bindir = postgres_bindir()
    account = Account.for_postgres()
    # Not under pytest's basetemp: that is private to root, and the cluster's owner must reach its folder.
    folder = Path(tempfile.mkdtemp(prefix="refgm-pg-"))
    try:
        account.own(folder)
        cluster = start_cluster(bindir, folder, account)
        try:
            cluster.create_database(POSTGRES_DATABASE)
            yield cluster
        finally:
            stopped = cluster.pg_ctl("stop", "-w", "-m", "fast")
            if stopped.returncode != 0:
                cluster.pg_ctl("stop", "-w", "-m", "immediate")
                pytest.fail(cluster.trouble("pg_ctl stop", stopped), pytrace=False)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_url(postgres_cluster: Cluster) -> str:
    """SQLAlchemy URL of the run's `refgm_test` database on the test PostgreSQL server."""
    return postgres_cluster.url(POSTGRES_DATABASE)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database of each kind, this test's own: a SQLite file, or a new database on the PostgreSQL server."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'refgm.db'}"
        return
    cluster: Cluster = request.getfixturevalue("postgres_cluster")
    name = f"t_{secrets.token_hex(8)}"
    cluster.create_database(name)
    try:
        yield cluster.url(name)
    finally:
        cluster.drop_database(name)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """The distribution's Chromium (Playwright's own browser download is not used)."""
    if not CHROMIUM.is_file():
        pytest.fail(
            f"the browser tests need {CHROMIUM}: install Debian's `chromium` package (apt-get install chromium); "
            ".ci/run does it when run as root",
            pytrace=False,
        )
    return str(CHROMIUM)


@pytest.fixture(scope="module")
def browser(chromium_path: str) -> Iterator[Browser]:
    """One headless Chromium per test module; each test gets its own context through `page`.

    Per module, not per run: while Playwright's sync API runs, the main thread has a running asyncio
    loop, so `asyncio.run` fails in any test after it; a module of browser tests keeps that to itself.
    """
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path, headless=True, args=list(CHROMIUM_ARGS))
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A page in a fresh browser context: no cookie or storage of another test."""
    context = browser.new_context()
    try:
        yield context.new_page()
    finally:
        context.close()


class LiveServer:
    """`refgm serve` in a subprocess on a port of 127.0.0.1, the way a person starts it."""

    def __init__(self, database_url: str, home: Path) -> None:
        self.database_url = database_url
        self.home = home
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.stderr_path = home / "serve.stderr"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the server and wait until it answers GET /api/options; a failure shows its stderr."""
        # The subprocess runs the same refgm the tests import (the checkout, not an installed copy).
        source = str(Path(refgm.__file__).resolve().parent.parent)
        pythonpath = os.pathsep.join(filter(None, [source, os.environ.get("PYTHONPATH")]))
        env = {**os.environ, "REFGM_HOME": str(self.home), "OMP_WAIT_POLICY": "PASSIVE", "PYTHONPATH": pythonpath}
        command = [sys.executable, "-m", "refgm.cli", "serve", "--host", "127.0.0.1", "--port", str(self.port)]
        with self.stderr_path.open("ab") as stderr:
            self.process = subprocess.Popen(
                [*command, "--database", self.database_url],
                env=env,
                cwd=self.home,
                stdin=subprocess.DEVNULL,
                stdout=stderr,
                stderr=stderr,
            )
        self._wait_until_ready()

    def _wait_until_ready(self) -> None:
        assert self.process is not None
        no_proxy = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        deadline = time.monotonic() + SERVE_START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"refgm serve exited with {self.process.returncode}:\n{self.stderr()}", pytrace=False)
            try:
                with no_proxy.open(f"{self.url}/api/options", timeout=5) as answer:
                    if answer.status == 200:
                        return
            except (OSError, urllib.error.URLError):
                pass
            time.sleep(0.1)
        self.kill()
        pytest.fail(
            f"refgm serve did not answer GET /api/options within {SERVE_START_SECONDS:.0f} s:\n{self.stderr()}",
            pytrace=False,
        )

    def stderr(self) -> str:
        """Everything the server printed so far (stdout and stderr), across restarts."""
        return self.stderr_path.read_text(errors="replace") if self.stderr_path.exists() else ""

    def stop(self, timeout: float = 15.0) -> int:
        """SIGTERM, as an operator stops it; SIGKILL if it has not exited within `timeout`. Its exit code."""
        return self._end(signal.SIGTERM, timeout)

    def kill(self) -> int:
        """SIGKILL: the crash a committed turn must survive. Its exit code."""
        return self._end(signal.SIGKILL, 15.0)

    def _end(self, how: signal.Signals, timeout: float) -> int:
        if self.process is None:
            raise RuntimeError("refgm serve was not started")
        if self.process.poll() is None:
            self.process.send_signal(how)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode

    def restart(self) -> None:
        """Stop it if it runs, and start it again on the same port and database."""
        if self.process is not None:
            self.stop()
        self.start()


@pytest.fixture
def live_server(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """`refgm serve --database <database_url>` running on a free port; killed at teardown whatever happened."""
    server = LiveServer(database_url, tmp_path_factory.mktemp("serve-home"))
    try:
        server.start()
        yield server
    finally:
        if server.process is not None:
            server.kill()
            # Shown by pytest with a failing test ("Captured stderr teardown").
            print(f"--- refgm serve output:\n{server.stderr()}", file=sys.stderr)
