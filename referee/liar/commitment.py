"""The liar's commitment: referee.commitment over the secret World's JSON.

The hashed text is `{"culprit": .., "liar": .., "nonce": ..}` (keys sorted, no spaces,
UTF-8); the nonce stops a player from hashing the nine possible worlds to find the secret.
"""

from __future__ import annotations

from referee import commitment
from referee.liar.world import World


def commit(world: World, nonce: str) -> str:
    """The commitment shown to the player before the first question (64 hex digits)."""
    return commitment.commit(world.as_dict(), nonce)


def verify(digest: str, world: World, nonce: str) -> bool:
    """True when the revealed `world` and `nonce` are exactly what was committed."""
    return commitment.verify(digest, world.as_dict(), nonce)
