"""Garnet Thief's bots and agent brief, or their stand-ins until they are on main."""

from __future__ import annotations

import pytest

import gm.agent
import gm.bots

STANDINS = "tests.evals.garnet.standins"


@pytest.fixture(autouse=True)
def _garnet_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    if "garnet" not in gm.bots._BOTS:
        monkeypatch.setitem(gm.bots._BOTS, "garnet", STANDINS)
    if "garnet" not in gm.agent._BRIEFS:
        monkeypatch.setitem(gm.agent._BRIEFS, "garnet", STANDINS)
