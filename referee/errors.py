"""Typed errors of the referee. All subclass ValueError: an illegal action is bad input."""

from __future__ import annotations


class RefereeError(ValueError):
    """Base class of every error the referee raises."""


class UnknownNameError(RefereeError):
    """A name that is not on the roster; `name` is the name."""

    def __init__(self, name: str, known: tuple[str, ...]) -> None:
        super().__init__(f"{name!r} is not one of {', '.join(known)}")
        self.name = name


class GameOverError(RefereeError):
    """An action on a game that has already ended."""


class IllegalIntentError(RefereeError):
    """An intent the rules do not allow in the current state."""


class NothingToConfirmError(IllegalIntentError):
    """A yes or no when no open question waits for one."""


class CommitmentError(RefereeError):
    """A malformed commitment, secret or nonce."""


class MalformedIntentError(RefereeError):
    """JSON that does not record an intent (a move read back from a log or a client)."""
