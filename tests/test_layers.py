"""The layers point one way (referee <- gm <- evals <- refgm, the CLI): `lint-imports` keeps
the contracts in pyproject.toml, with the suite, so CI runs them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT = Path(sys.executable).parent / "lint-imports"


def _lint(where: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(LINT), "pyproject.toml", "--no-cache"], cwd=where,
                          capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(where), "PATH": str(LINT.parent)})


def test_the_import_contracts_are_kept() -> None:
    done = _lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 kept, 0 broken" in done.stdout


@pytest.mark.parametrize(("importer", "imported"), [
    ("referee", "gm"), ("gm", "refgm"), ("gm", "evals"),
    # evals.inspect is optional: nothing else in evals (or below it) imports it or inspect_ai.
    ("evals", "evals.inspect"), ("gm", "inspect_ai"), ("evals", "inspect_ai"),
])
def test_an_import_up_the_layers_breaks_them(tmp_path: Path, importer: str, imported: str) -> None:
    """The contracts can fail: the same configuration over a tree where one layer imports one above."""
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text("utf-8"), "utf-8")
    bodies = {"referee": "", "gm": "", "evals": "import gm\n", "evals/inspect": "import inspect_ai\n",
              "prompts": "", "refgm": "import evals\nimport evals.inspect\n"}
    bodies[importer] += f"import {imported}\n"
    for package, body in bodies.items():
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text(body, "utf-8")
    done = _lint(tmp_path)
    assert done.returncode == 1 and "BROKEN" in done.stdout, done.stdout + done.stderr
