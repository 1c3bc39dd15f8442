"""Test-wide settings.

Hypothesis's default 200 ms deadline makes every property test a timed test; on a shared,
loaded machine a slow example then fails a law that holds. The laws are checked without a
deadline; speed is measured by the benchmarks in bench/.

Every test gets its own $REFGM_HOME, so none reads or writes the games, history or
sampling key of the person running the suite.
"""

from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("refgm", deadline=None)
settings.load_profile("refgm")


@pytest.fixture(autouse=True)
def _own_refgm_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path_factory.mktemp("refgm-home")
    monkeypatch.setenv("REFGM_HOME", str(folder))
    return folder
