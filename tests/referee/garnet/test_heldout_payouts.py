"""The held-out payouts (tests/referee/garnet/heldout/payouts.jsonl, worked out by hand from G1
and G2 before the referee ran on them): every line is the referee's answer, field for field.

First pass, at the commit that added this test: 40 of 40 exact.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.garnet.character import Character
from referee.garnet.payout import payout

HELDOUT = Path(__file__).parent / "heldout" / "payouts.jsonl"
ROWS: list[dict[str, Any]] = [json.loads(line) for line in HELDOUT.read_text("utf-8").splitlines() if line.strip()]


def test_the_set_is_whole() -> None:
    assert len(ROWS) == 40


@pytest.mark.parametrize("row", ROWS, ids=[row["note"][:60] for row in ROWS])
def test_a_held_out_round_is_paid_as_worked_out_by_hand(row: dict[str, Any]) -> None:
    said = row.get("announcements")
    paid = payout(
        [Character.parse(c) for c in row["choices"]],
        None if said is None else [Character.parse(c) for c in said],
    )
    assert paid.as_json() == row["expected"]
