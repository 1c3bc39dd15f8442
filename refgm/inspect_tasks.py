"""refgm's Inspect AI tasks, as `inspect eval` finds them: `inspect eval refgm/liar_gm`,
`refgm/monorail_judge`, `refgm/monorail_opponent`, `refgm/garnet_payout`, `refgm/garnet_players`.

The `inspect_ai` entry point (pyproject.toml) loads this module. Inspect names a task after
the top package of the module that defines its function, so each task is defined here, in
`refgm`, from the builder in `evals.inspect` that makes it (the `inspect` extra).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from inspect_ai import Task, task
from inspect_ai.util import registry_info

from evals.inspect import garnet, liar, monorail


def _registered(build: Callable[..., Task]) -> Any:
    """`build` as an Inspect task named after it in the `refgm` namespace, with its parameters."""

    def factory(**params: Any) -> Task:
        return build(**params)

    factory.__name__ = factory.__qualname__ = build.__name__
    factory.__doc__ = build.__doc__
    factory.__signature__ = inspect.signature(build)  # type: ignore[attr-defined]
    registered = task(factory)
    name = f"refgm/{build.__name__}"
    if registry_info(registered).name != name:
        # Inspect namespaces a task only when it finds refgm installed, and the checkout's own
        # refgm.egg-info hides the install wherever the checkout is on sys.path (a script or
        # pytest run from its root): the task would be `liar_gm` there, so name it outright.
        registered = task(name=name)(factory)
    return registered


liar_gm = _registered(liar.liar_gm)
monorail_judge = _registered(monorail.monorail_judge)
monorail_opponent = _registered(monorail.monorail_opponent)
garnet_payout = _registered(garnet.garnet_payout)
garnet_players = _registered(garnet.garnet_players)
