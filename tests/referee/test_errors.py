"""Every referee error is a ValueError, so callers can treat illegal actions as bad input."""

from __future__ import annotations

import inspect

import pytest

from referee import errors

ERRORS = [
    cls
    for _, cls in inspect.getmembers(errors, inspect.isclass)
    if cls.__module__ == errors.__name__
]


def test_the_error_module_defines_the_documented_errors() -> None:
    names = {cls.__name__ for cls in ERRORS}
    assert {"RefereeError", "UnknownNameError", "GameOverError", "IllegalIntentError"} <= names


@pytest.mark.parametrize("error", ERRORS, ids=lambda cls: cls.__name__)
def test_every_error_is_a_referee_error_and_a_value_error(error: type) -> None:
    assert issubclass(error, errors.RefereeError)
    assert issubclass(error, ValueError)
