"""refgm's evals inside Inspect AI (evals/inspect): skipped without the `inspect` extra, except
in CI, which installs it (the test extra does), where a missing extra fails."""

from __future__ import annotations

import os
from importlib.util import find_spec

import pytest


def require_inspect() -> None:
    """Skip the calling test module when inspect_ai is not installed; fail in CI."""
    if find_spec("inspect_ai") is not None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail("CI installs refgm[test], which holds the inspect extra, yet inspect_ai is missing",
                    pytrace=False)
    pytest.skip("needs the inspect extra: pip install '.[inspect]'", allow_module_level=True)
