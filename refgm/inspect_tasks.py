"""refgm's Inspect AI tasks, as `inspect eval` finds them: `inspect eval refgm/liar_gm`.

The `inspect_ai` entry point (pyproject.toml) loads this module. Inspect names a task after
the top package of the module that defines its function, so each task is defined here, in
`refgm`, from the builder in `evals.inspect` that makes it (the `inspect` extra).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from inspect_ai import Task, task

from evals.inspect import liar


def _registered(build: Callable[..., Task]) -> Any:
    """`build` as an Inspect task named after it in the `refgm` namespace, with its parameters."""

    def factory(**params: Any) -> Task:
        return build(**params)

    factory.__name__ = factory.__qualname__ = build.__name__
    factory.__doc__ = build.__doc__
    factory.__signature__ = inspect.signature(build)  # type: ignore[attr-defined]
    return task(factory)


liar_gm = _registered(liar.liar_gm)
