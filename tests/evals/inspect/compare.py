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
from inspect_ai.model import Model, get_model
from pydantic import BaseModel

from evals.inspect import units
from evals.runner import RESULTS
from refgm.cli import main
from tests.evals.inspect.scripted import mocked, served
from tests.gm.backends.servers import FaultServer, Received

Row = dict[str, Any]
SCRIPTED = "openai:scripted"
MOCK = "inspect:mockllm/model"
"""A results line's model when Inspect's mock model played (`mock()`)."""
LOOPBACK = "inspect:openai-api/loopback/scripted"
"""A results line's model when Inspect's provider played against the server (`loopback()`)."""
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


def mock() -> Model:
    """Inspect's mock model answering as the scripted server does."""
    return get_model("mockllm/model", custom_outputs=mocked)


def loopback(server: FaultServer) -> Model:
    """Inspect's own OpenAI-compatible provider, pointed at `server`."""
    return get_model("openai-api/loopback/scripted", base_url=server.openai_url, api_key="unused")


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


def played_alike(argv: list[str], task: Task, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                 figures: units.Figures) -> tuple[EvalLog, list[Row]]:
    """`refgm eval ARGV` and `task` with `mock()`: the same lines (but the model's name and the
    clock), and the task's metrics are `figures` of refgm eval's lines. The log and its lines."""
    expected = refgm_eval(argv, tmp_path / "refgm", monkeypatch)
    log = inspect_run(task, mock(), tmp_path / "logs")
    lines = lines_of(log)
    assert len(lines) == len(expected) and {line["model"] for line in lines} == {MOCK}
    assert same_figures(lines) == same_figures(expected)
    assert metrics_of(log) == pytest.approx(without_none(figures(expected)))
    return log, lines


def played_alike_on_loopback(argv: list[str], task: Task, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                             schemas: tuple[type[BaseModel], ...]) -> list[Received]:
    """`refgm eval ARGV` and `task` with Inspect's provider against the scripted server: the
    same lines (but the model's name and the clock), and every request asks for one of
    `schemas` whole (its bounds too), as refgm's openai backend asks. What the server received."""
    expected = refgm_eval(argv, tmp_path / "refgm", monkeypatch)
    with FaultServer([], lifetime_s=120.0, then=served) as server:
        lines = lines_of(inspect_run(task, loopback(server), tmp_path / "logs"))
    assert {line["model"] for line in lines} == {LOOPBACK}
    assert same_figures(lines) == same_figures(expected)
    asked = {schema.__name__: {"type": "json_schema", "json_schema": {
        "name": schema.__name__, "schema": schema.model_json_schema(), "strict": True}} for schema in schemas}
    assert server.received
    assert all(r.body["response_format"] == asked[r.body["response_format"]["json_schema"]["name"]]
               for r in server.received)
    return server.received


def imported_as_refgm_eval(logs: list[str], ours: Path, run_dir: Path) -> list[str]:
    """Import `logs` (played by `mock()`) with `refgm inspect` into `run_dir` and check it holds
    what `refgm eval` wrote to `ours`: the same lines, the same report tables, and every game's
    event log where the line says, which `refgm replay` checks. The tables, for more checks."""
    assert main(["inspect", *logs, "--out", str(run_dir)]) == 0
    imported = rows_of(run_dir)
    assert same_figures(imported) == same_figures(rows_of(ours))
    tables = report_tables(run_dir, MOCK)
    assert tables == report_tables(ours, SCRIPTED)
    games = [row for row in imported if "log" in row and row["mode"] != "isolation"]
    for game in games:
        assert main(["replay", str(run_dir / game["log"])]) == 0
    return tables
