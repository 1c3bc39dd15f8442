"""The layers point one way (referee <- gm <- evals <- the CLI): `lint-imports` keeps the
contracts in pyproject.toml, with the suite, so CI runs them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINT = Path(sys.executable).parent / "lint-imports"


def _lint(where: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(LINT), "pyproject.toml", "--no-cache"], cwd=where,
                          capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(where), "PATH": str(LINT.parent)})


def test_the_import_contracts_are_kept() -> None:
    done = _lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 kept, 0 broken" in done.stdout


def test_a_referee_module_importing_gm_breaks_them(tmp_path: Path) -> None:
    """The contract can fail: the same configuration over a tree where referee imports gm."""
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text("utf-8"), "utf-8")
    files = {"referee": "import gm\n", "gm": "", "gm/commands": "", "evals": "import gm\n", "prompts": ""}
    for package, body in files.items():
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text(body, "utf-8")
    for command in ("eval", "report", "audit"):  # the imports the contract lets through
        (tmp_path / "gm/commands" / f"{command}.py").write_text("import evals.runner\n", "utf-8")
    (tmp_path / "evals/runner.py").write_text("", "utf-8")
    done = _lint(tmp_path)
    assert done.returncode == 1 and "BROKEN" in done.stdout, done.stdout + done.stderr
