"""Test-wide settings.

Hypothesis's default 200 ms deadline makes every property test a timed test; on a shared,
loaded machine a slow example then fails a law that holds. The laws are checked without a
deadline; speed is measured by the benchmarks in bench/.

Every test gets its own $REFGM_HOME, so none reads or writes the games, history or
sampling key of the person running the suite.

pytest's temporary folders (tmp_path) are made in memory, under /dev/shm, where the machine has
it with room to spare and no other place was asked for (--basetemp, PYTEST_DEBUG_TEMPROOT): the
event logs the tests write are fsynced at every line, as in play, and on a disk those syncs and
the truncating rewrites of the crash tests took up to half of a test's time. A killed process
leaves the same files in memory as on a disk, so what the tests check is the same.
"""

import os
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("refgm", deadline=None)
settings.load_profile("refgm")

MEMORY = Path("/dev/shm")
MEMORY_FREE = 2 * 1024**3  # bytes free there (a container's default /dev/shm is 64 MiB: not used)


def pytest_configure(config: pytest.Config) -> None:
    if config.option.basetemp or "PYTEST_DEBUG_TEMPROOT" in os.environ or not MEMORY.is_dir():
        return
    if os.access(MEMORY, os.W_OK) and (stat := os.statvfs(MEMORY)).f_bavail * stat.f_frsize >= MEMORY_FREE:
        # Read when the first temporary folder is made; pytest-xdist's workers get theirs inside it.
        os.environ["PYTEST_DEBUG_TEMPROOT"] = str(MEMORY)


@pytest.fixture(autouse=True)
def _own_refgm_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path_factory.mktemp("refgm-home")
    monkeypatch.setenv("REFGM_HOME", str(folder))
    return folder
