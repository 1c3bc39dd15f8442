"""Commit to the secret at the start, reveal it at the end, let anyone check.

The digest is SHA-256 over the canonical JSON of the secret plus a 128-bit nonce
(`{"culprit": .., "liar": .., "nonce": ..}`, keys sorted, no spaces, UTF-8). The nonce
stops a player from hashing the nine possible worlds to find the secret.
"""

from __future__ import annotations

import hashlib
import json
import random
import re

from referee.errors import CommitmentError
from referee.liar.world import World

NONCE_BITS = 128
_NONCE = re.compile(r"[0-9a-f]{32}")
_DIGEST = re.compile(r"[0-9a-f]{64}")


def draw_nonce(rng: random.Random) -> str:
    """A 128-bit nonce as 32 lower-case hex digits, from the seeded `rng`."""
    return f"{rng.getrandbits(NONCE_BITS):032x}"


def canonical_json(world: World, nonce: str) -> str:
    """The exact text that is hashed: sorted keys, compact separators, no ASCII escaping."""
    payload = {"culprit": world.culprit, "liar": world.liar, "nonce": nonce}
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def commit(world: World, nonce: str) -> str:
    """The commitment shown to the player before the first question (64 hex digits)."""
    if not _NONCE.fullmatch(nonce):
        raise CommitmentError("a nonce is 32 lower-case hex digits (128 bits)")
    return hashlib.sha256(canonical_json(world, nonce).encode("utf-8")).hexdigest()


def verify(commitment: str, world: World, nonce: str) -> bool:
    """True when the revealed `world` and `nonce` are exactly what was committed."""
    if not _DIGEST.fullmatch(commitment.strip().lower()):
        raise CommitmentError("a commitment is 64 hex digits (SHA-256)")
    return commit(world, nonce) == commitment.strip().lower()
