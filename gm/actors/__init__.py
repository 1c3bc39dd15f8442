"""Actors that voice the referee's answers (see gm.actor for the interface)."""
