"""Sampling seeds that tell a model provider nothing about the game.

A model call carries a sampling seed, and whoever runs the model sees it. Were it derived
from the game's seed, a provider could search the seed space (instantly, for a chosen
`--seed 4242`) and rebuild the secret and the nonce with the referee's own code. So every
sampling seed is an HMAC-SHA256 of what the call is (part, turn, attempt ...) under a key
the provider cannot know:

- a game's key is an HMAC of its seed under this installation's private key, a random
  file `$REFGM_HOME/sampling.key` (mode 0600) made on first use: the same game played again
  on this machine sends the same sampling seeds (so `--cache` answers it), and nothing
  sent says anything about the seed without that file;
- an actor made without a key draws a fresh one.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

from gm.recorder import home

KEY_FILE = "sampling.key"
KEY_BYTES = 32


class SamplingKeyError(ValueError):
    """The installation's sampling key file exists but is not one."""


def new_key() -> bytes:
    """A fresh sampling key: 32 bytes from the OS, unrelated to any game seed."""
    return secrets.token_bytes(KEY_BYTES)


def installation_key(folder: Path | None = None) -> bytes:
    """This installation's private key (`$REFGM_HOME/sampling.key`), created on first use."""
    path = (folder or home()) / KEY_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        key = path.read_bytes()
        if len(key) == KEY_BYTES:
            return key
        raise SamplingKeyError(f"{path}: not a sampling key ({len(key)} bytes); delete it to make a new one") from None
    key = new_key()
    with os.fdopen(fd, "wb") as fh:
        fh.write(key)
        fh.flush()
        os.fsync(fh.fileno())
    return key


def game_key(seed: int, folder: Path | None = None) -> bytes:
    """The sampling key of the game played from `seed` on this installation."""
    return hmac.new(installation_key(folder), f"game:{seed}".encode(), hashlib.sha256).digest()


def sampling_seed(key: bytes, *parts: object) -> int:
    """The 31-bit sampling seed for the call named by `parts` (e.g. "line", turn, attempt)."""
    message = "\x1f".join(str(part) for part in parts).encode("utf-8")
    digest = hmac.new(key, message, hashlib.sha256).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF
