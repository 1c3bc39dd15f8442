"""The commitment shown at the start opens with exactly the secret and nonce revealed."""

from __future__ import annotations

import hashlib
import random

import pytest

from referee.errors import CommitmentError
from referee.liar import World, commit, draw_nonce, verify
from referee.liar.commitment import canonical_json

NONCE = "0123456789abcdef0123456789abcdef"


def test_the_digest_is_sha256_of_the_sorted_compact_json() -> None:
    text = '{"culprit":"B","liar":"C","nonce":"0123456789abcdef0123456789abcdef"}'
    assert canonical_json(World("B", "C"), NONCE) == text
    assert commit(World("B", "C"), NONCE) == hashlib.sha256(text.encode()).hexdigest()


def test_names_outside_ascii_are_hashed_as_utf8() -> None:
    text = '{"culprit":"민수","liar":"ゆき","nonce":"' + NONCE + '"}'
    assert commit(World("민수", "ゆき"), NONCE) == hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_the_revealed_secret_and_nonce_verify() -> None:
    nonce = draw_nonce(random.Random(3))
    digest = commit(World("A", "B"), nonce)
    assert verify(digest, World("A", "B"), nonce)
    assert verify(digest.upper(), World("A", "B"), nonce)


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


def test_the_nonce_has_128_bits_from_the_seeded_rng() -> None:
    nonces = {draw_nonce(random.Random(seed)) for seed in range(100)}
    assert len(nonces) == 100
    assert all(len(n) == 32 and int(n, 16) < 2**128 for n in nonces)
    assert draw_nonce(random.Random(5)) == draw_nonce(random.Random(5))


@pytest.mark.parametrize("nonce", ["", "abc", NONCE.upper(), NONCE + "0", "g" * 32])
def test_a_malformed_nonce_is_a_commitment_error(nonce: str) -> None:
    with pytest.raises(CommitmentError):
        commit(World("A", "B"), nonce)


@pytest.mark.parametrize("digest", ["", "00", "z" * 64, "0" * 63])
def test_a_malformed_commitment_is_a_commitment_error(digest: str) -> None:
    with pytest.raises(CommitmentError):
        verify(digest, World("A", "B"), NONCE)
