"""Garnet Thief's agent brief, or its stand-in until it is on main."""

from __future__ import annotations

import pytest

import gm.agent

STANDINS = "tests.evals.garnet.standins"


@pytest.fixture(autouse=True)
def _garnet_brief(monkeypatch: pytest.MonkeyPatch) -> None:
    if "garnet" not in gm.agent._BRIEFS:
        monkeypatch.setitem(gm.agent._BRIEFS, "garnet", STANDINS)
