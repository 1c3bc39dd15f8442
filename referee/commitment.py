"""Commit to a game's secret at the start, reveal it at the end, let anyone check.

The digest is SHA-256 over the canonical JSON of the secret (the game's own JSON object)
with a 128-bit nonce beside its fields: `{...secret, "nonce": ..}`, keys sorted, no spaces,
UTF-8. The nonce stops a player from hashing every possible secret to find the one hidden.
"""

from __future__ import annotations

import hashlib
import json
import random
import re

from referee.errors import CommitmentError
from referee.game import Json

NONCE_BITS = 128
_NONCE = re.compile(r"[0-9a-f]{32}")
_DIGEST = re.compile(r"[0-9a-f]{64}")


def draw_nonce(rng: random.Random) -> str:
    """A 128-bit nonce as 32 lower-case hex digits, from the seeded `rng`."""
    return f"{rng.getrandbits(NONCE_BITS):032x}"


def canonical_json(secret: Json, nonce: str) -> str:
    """The exact text that is hashed: sorted keys, compact separators, no ASCII escaping."""
    if "nonce" in secret:
        raise CommitmentError('a secret has no field "nonce": the nonce goes beside it')
    try:
        return json.dumps(
            {**secret, "nonce": nonce}, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        )
    except (TypeError, ValueError) as err:
        raise CommitmentError(f"a secret is plain JSON ({err})") from None


def commit(secret: Json, nonce: str) -> str:
    """The commitment shown before the first move (64 hex digits)."""
    if not _NONCE.fullmatch(nonce):
        raise CommitmentError("a nonce is 32 lower-case hex digits (128 bits)")
    return hashlib.sha256(canonical_json(secret, nonce).encode("utf-8")).hexdigest()


def verify(commitment: str, secret: Json, nonce: str) -> bool:
    """True when the revealed `secret` and `nonce` are exactly what was committed."""
    if not _DIGEST.fullmatch(commitment.strip().lower()):
        raise CommitmentError("a commitment is 64 hex digits (SHA-256)")
    return commit(secret, nonce) == commitment.strip().lower()
