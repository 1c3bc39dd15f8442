"""The deterministic referee: every hidden fact, rule and count of a refgm game.

Pure by design: no I/O, no network, no model SDKs, no global state. Randomness comes
only from a `random.Random` instance the caller passes in, so any game replays exactly.
"""
