"""Hypothesis strategies for Garnet Thief: characters, one round's choices and announcements, rules."""

from __future__ import annotations

from hypothesis import strategies as st

from referee.garnet import CHARACTERS, Character, Rules

characters = st.sampled_from(CHARACTERS)
rules = st.builds(Rules, pot=st.integers(0, 40), penalty=st.integers(0, 5))


@st.composite
def rounds(draw: st.DrawFn, min_seats: int = 1, max_seats: int = 12) -> tuple[list[Character], list[Character]]:
    """Choices and announcements of one round of any size; the game itself has 8 seats."""
    choices = draw(st.lists(characters, min_size=min_seats, max_size=max_seats))
    announcements = draw(st.lists(characters, min_size=len(choices), max_size=len(choices)))
    return choices, announcements
