"""The liar's commitment opens with exactly the secret and nonce revealed, digest as it always was."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.liar import World, commit, verify
from tests.referee.liar.strategies import NAMES

NONCE = "0123456789abcdef0123456789abcdef"


@given(st.sampled_from(NAMES), st.sampled_from(NAMES), st.integers(0, 2**128 - 1).map(lambda n: f"{n:032x}"))
def test_the_digest_is_the_one_committed_logs_carry(culprit: str, liar: str, nonce: str) -> None:
    """The text hashed since the first log: culprit, liar, nonce, in that order, compact."""
    text = f'{{"culprit":"{culprit}","liar":"{liar}","nonce":"{nonce}"}}'
    assert commit(World(culprit, liar), nonce) == hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_a_recorded_commitment_still_opens() -> None:
    digest = hashlib.sha256(b'{"culprit":"B","liar":"C","nonce":"' + NONCE.encode() + b'"}').hexdigest()
    assert verify(digest, World("B", "C"), NONCE)


@pytest.mark.parametrize(
    "world, nonce",
    [
        pytest.param(World("C", "B"), NONCE, id="another culprit"),
        pytest.param(World("A", "A"), NONCE, id="another liar"),
        pytest.param(World("B", "A"), NONCE, id="roles swapped"),
        pytest.param(World("A", "B"), "f" + NONCE[1:], id="another nonce"),
    ],
)
def test_a_changed_secret_or_nonce_is_rejected(world: World, nonce: str) -> None:
    assert not verify(commit(World("A", "B"), NONCE), world, nonce)
