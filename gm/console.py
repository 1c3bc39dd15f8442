"""The one rich console the commands print with."""

from __future__ import annotations

from rich.console import Console


class _Console(Console):
    """rich's Console, but a closed pipe is left to `refgm.cli.main` like any other write's
    (rich's own handler exits 1, which audit and replay use for a failed check)."""

    def on_broken_pipe(self) -> None:
        raise BrokenPipeError


def terminal() -> Console:
    """A console for the terminal (or whatever stdout is), printing Text as it is."""
    return _Console(highlight=False)
