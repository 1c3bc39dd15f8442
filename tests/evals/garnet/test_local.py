"""Garnet Thief rounds paid out by SmolLM2-135M through llama.cpp, in process: whatever the tiny
model answers, each round is scored by the referee, an answer apart from no answer, with its
tokens and latency. Needs the `local` extra (CI installs it; see tests/gm/backends/test_local.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evals.garnet.payout import OUTCOMES
from evals.runner import RESULTS
from gm.backends.local import SMOLLM2
from refgm.cli import main
from tests.gm.backends.test_local import smollm2

pytestmark = pytest.mark.local_model


def test_the_local_model_pays_out_rounds_scored_by_the_referee(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    smollm2()
    monkeypatch.setenv("REFGM_LOCAL_THREADS", "1")
    run = tmp_path / "run"
    argv = ["eval", "--game", "garnet", "--mode", "payout", "--model", f"local:{SMOLLM2}", "--items", "2"]
    assert main([*argv, "--lang", "en,ko", "--quiet", "--out", str(run)]) == 0
    lines = [json.loads(line) for line in (run / RESULTS).read_text(encoding="utf-8").splitlines()]
    assert sorted((row["lang"], row["index"]) for row in lines) == [("en", 0), ("en", 1), ("ko", 0), ("ko", 1)]
    for row in lines:
        assert row["outcome"] in OUTCOMES and row["outcome"] != "failed" and row["referee_exact"]
        assert (row["answer"] is None) == (row["outcome"] not in ("exact", "wrong"))
        assert row["tokens_in"] > 0 and row["latency"] > 0 and row["model_calls"] == 1
        if row["answer"] is not None:
            assert row["seats_right"] == sum(
                g == tg and p == tp
                for g, p, tg, tp in zip(
                    row["answer"]["gains"],
                    row["answer"]["penalties"],
                    row["truth"]["gains"],
                    row["truth"]["penalties"],
                    strict=True,
                )
            )
