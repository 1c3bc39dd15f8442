"""The commitment of any game: SHA-256 of the secret's canonical JSON with a 128-bit nonce."""

from __future__ import annotations

import hashlib
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.commitment import canonical_json, commit, draw_nonce, verify
from referee.errors import CommitmentError

NONCE = "0123456789abcdef0123456789abcdef"
nonces = st.integers(0, 2**128 - 1).map(lambda n: f"{n:032x}")


def test_the_digest_is_sha256_of_the_sorted_compact_json() -> None:
    text = '{"culprit":"B","liar":"C","nonce":"0123456789abcdef0123456789abcdef"}'
    assert canonical_json({"liar": "C", "culprit": "B"}, NONCE) == text
    assert commit({"culprit": "B", "liar": "C"}, NONCE) == hashlib.sha256(text.encode()).hexdigest()


def test_names_outside_ascii_are_hashed_as_utf8() -> None:
    text = '{"culprit":"민수","liar":"ゆき","nonce":"' + NONCE + '"}'
    assert commit({"culprit": "민수", "liar": "ゆき"}, NONCE) == hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_a_nested_secret_is_hashed_with_its_keys_sorted() -> None:
    secret = {"tiles": [[1, 2, "H"]], "seat": {"b": 1, "a": None}}
    text = '{"nonce":"' + NONCE + '","seat":{"a":null,"b":1},"tiles":[[1,2,"H"]]}'
    assert canonical_json(secret, NONCE) == text


@given(st.dictionaries(st.text(max_size=4).filter(lambda k: k != "nonce"), st.text(max_size=4), max_size=4), nonces)
def test_the_revealed_secret_and_nonce_verify(secret: dict[str, str], nonce: str) -> None:
    digest = commit(secret, nonce)
    assert verify(digest, secret, nonce) and verify(f" {digest.upper()} ", secret, nonce)
    assert not verify(digest, {**secret, "extra": "x"}, nonce)


@given(nonces, nonces)
def test_another_nonce_does_not_open_it(nonce: str, other: str) -> None:
    assert verify(commit({"culprit": "A"}, nonce), {"culprit": "A"}, other) == (nonce == other)


def test_the_nonce_has_128_bits_from_the_seeded_rng() -> None:
    drawn = {draw_nonce(random.Random(seed)) for seed in range(100)}
    assert len(drawn) == 100
    assert all(len(n) == 32 and int(n, 16) < 2**128 for n in drawn)
    assert draw_nonce(random.Random(5)) == draw_nonce(random.Random(5))


@pytest.mark.parametrize("nonce", ["", "abc", NONCE.upper(), NONCE + "0", "g" * 32])
def test_a_malformed_nonce_is_a_commitment_error(nonce: str) -> None:
    with pytest.raises(CommitmentError):
        commit({"culprit": "A", "liar": "B"}, nonce)


@pytest.mark.parametrize("digest", ["", "00", "z" * 64, "0" * 63])
def test_a_malformed_commitment_is_a_commitment_error(digest: str) -> None:
    with pytest.raises(CommitmentError):
        verify(digest, {"culprit": "A", "liar": "B"}, NONCE)


@pytest.mark.parametrize("secret", [{"nonce": "x"}, {"when": object()}, {"n": float("nan")}])
def test_a_secret_that_cannot_be_hashed_plainly_is_a_commitment_error(secret: dict[str, object]) -> None:
    with pytest.raises(CommitmentError):
        commit(secret, NONCE)
