"""The same units played by `refgm eval` and as Inspect samples, and what must agree between them.

`refgm eval --model openai:scripted` plays against a loopback OpenAI-compatible server that
answers as tests/evals/inspect/scripted.py does; an Inspect task plays with Inspect's mock model
answering the same way, or with Inspect's own OpenAI-compatible provider against the same kind
of server. Their results lines agree in every field but the model's name and the clock, and so
do the tables `refgm report` makes of them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog
from inspect_ai.model import Model

from evals.inspect import units
from evals.runner import RESULTS
from refgm.cli import main
from tests.evals.inspect.scripted import served
from tests.gm.backends.servers import FaultServer

Row = dict[str, Any]
SCRIPTED = "openai:scripted"
UNCOMPARED = ("model", "key", "seconds", "latency", "log")
"""Fields that differ between the two runs by design: the model's name (and so the key and the
game log's file name) and the clock."""


def refgm_eval(argv: list[str], run_dir: Path, monkeypatch: pytest.MonkeyPatch) -> list[Row]:
    """`refgm eval --model openai:scripted ARGV --out RUN_DIR` against the scripted server."""
    with FaultServer([], lifetime_s=120.0, then=served) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.openai_url)
        assert main(["eval", "--model", SCRIPTED, "--quiet", *argv, "--out", str(run_dir)]) == 0
    return rows_of(run_dir)


def rows_of(run_dir: Path) -> list[Row]:
    return [json.loads(line) for line in (run_dir / RESULTS).read_text(encoding="utf-8").splitlines()]


def inspect_run(task: Task, model: Model, log_dir: Path) -> EvalLog:
    (log,) = inspect_eval(task, model=model, log_dir=str(log_dir), display="none")
    assert log.status == "success", log.error
    return log


def lines_of(log: EvalLog) -> list[Row]:
    """Every results line the referee's scores of the log's samples carry."""
    assert log.samples
    return [line for sample in log.samples for line in sample.scores["referee"].metadata[units.RESULTS]]  # type: ignore[index]


def same_figures(lines: list[Row]) -> dict[str, Row]:
    """The lines by unit (the key without its model), without the fields that may differ."""
    return {line["key"].replace(line["model"], "", 1): {k: v for k, v in line.items() if k not in UNCOMPARED}
            for line in lines}


def metrics_of(log: EvalLog) -> dict[str, float]:
    assert log.results is not None
    return {name: m.value for name, m in log.results.scores[0].metrics.items()}


def without_none(figures: dict[str, float | None]) -> dict[str, float]:
    """The figures as Inspect keeps them: a rate of nothing is left out."""
    return {name: value for name, value in figures.items() if value is not None}


def report_tables(run_dir: Path, model: str) -> list[str]:
    """The tables of `refgm report RUN_DIR`'s report.md, `model` written MODEL and the clock's
    columns (latency) blanked."""
    assert main(["report", str(run_dir)]) == 0
    out: list[str] = []
    clock: set[int] | None = None  # the latency columns of the table being read (None: no table)
    for line in (run_dir / "report.md").read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            clock = None
            continue
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if clock is None:  # a table's header
            clock = {i for i, cell in enumerate(cells) if "latency" in cell}
        out.append("|".join("" if i in clock else cell.replace(model, "MODEL") for i, cell in enumerate(cells)))
    return out
