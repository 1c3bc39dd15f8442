"""refgm's Inspect tasks as `inspect eval refgm/<task>` finds them: through the `inspect_ai` entry
point (refgm.inspect_tasks), by name, with `-T` parameters, from Inspect's own command line."""

from __future__ import annotations

from tests.evals.inspect import require_inspect

require_inspect()

import os  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402
from inspect_ai import eval as inspect_eval  # noqa: E402
from inspect_ai.log import list_eval_logs, read_eval_log  # noqa: E402
from inspect_ai.model import get_model  # noqa: E402

from tests.evals.inspect.scripted import mocked, served  # noqa: E402
from tests.gm.backends.servers import FaultServer  # noqa: E402

TASKS: dict[str, dict[str, Any]] = {
    "liar_gm": {"lang": "en", "player": "optimal", "games": 1},
    "monorail_judge": {"lang": "en", "items": 2},
    "monorail_opponent": {"lang": "en", "bot": "random", "games": 1},
    "garnet_payout": {"lang": "en", "items": 2},
    "garnet_players": {"lang": "en", "population": "random", "games": 1},
}
"""Every task refgm registers, with parameters small enough for a test."""
ROOT = Path(__file__).resolve().parents[2]
"""The checkout, where its refgm.egg-info hides the installed refgm from Inspect (refgm.inspect_tasks)."""


@pytest.mark.parametrize("name", TASKS)
def test_each_task_is_found_by_its_name_in_the_refgm_namespace(name: str, tmp_path: Path) -> None:
    (log,) = inspect_eval(f"refgm/{name}", task_args=TASKS[name], log_dir=str(tmp_path),
                          model=get_model("mockllm/model", custom_outputs=mocked), display="none")
    assert log.status == "success", log.error
    assert log.eval.task_registry_name == f"refgm/{name}"
    assert log.samples and all(sample.scores and "referee" in sample.scores for sample in log.samples)


def test_inspect_eval_on_the_command_line_runs_a_task_from_the_checkouts_root(tmp_path: Path) -> None:
    with FaultServer([], lifetime_s=120.0, then=served) as server:
        env = {**os.environ, "LOOPBACK_API_KEY": "unused", "LOOPBACK_BASE_URL": server.openai_url}
        done = subprocess.run(
            [Path(sys.executable).with_name("inspect"), "eval", "refgm/monorail_judge",
             "--model", "openai-api/loopback/scripted", "-T", "lang=en", "-T", "items=4",
             "--log-dir", str(tmp_path), "--display", "none"],
            env=env, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert len(server.received) == 4
    (info,) = list_eval_logs(str(tmp_path))
    log = read_eval_log(info)
    assert log.status == "success" and len(log.samples or ()) == 4
    assert log.results and log.results.scores[0].metrics["items"].value == 4
