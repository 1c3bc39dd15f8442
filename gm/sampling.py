"""Sampling seeds that tell a model provider nothing about the game.

A model call carries a sampling seed, and whoever runs the model sees it. Were it derived
from the game's seed, a provider could search the seed space (instantly, for a chosen
`--seed 4242`) and rebuild the secret and the nonce with the referee's own code. So every
sampling seed is an HMAC-SHA256 of what the call is (part, turn, attempt ...) under a key
drawn from the operating system's randomness for each game or eval, never from its seed:
seeds stay reproducible within a game and carry no information about its secret.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_key() -> bytes:
    """A fresh sampling key: 32 bytes from the OS, unrelated to any game seed."""
    return secrets.token_bytes(32)


def sampling_seed(key: bytes, *parts: object) -> int:
    """The 31-bit sampling seed for the call named by `parts` (e.g. "line", turn, attempt)."""
    message = "\x1f".join(str(part) for part in parts).encode("utf-8")
    digest = hmac.new(key, message, hashlib.sha256).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF
