"""Hypothesis strategies for Garnet Thief: characters, one round's choices and announcements, rules, games in play."""

from __future__ import annotations

from hypothesis import strategies as st

from referee.garnet import CHARACTERS, ROUNDS, SEATS, Character, Choose, GarnetState, Rules, new_game, step

characters = st.sampled_from(CHARACTERS)
rules = st.builds(Rules, pot=st.integers(0, 40), penalty=st.integers(0, 5))


@st.composite
def rounds(draw: st.DrawFn, min_seats: int = 1, max_seats: int = 12) -> tuple[list[Character], list[Character]]:
    """Choices and announcements of one round of any size; the game itself has 8 seats."""
    choices = draw(st.lists(characters, min_size=min_seats, max_size=max_seats))
    announcements = draw(st.lists(characters, min_size=len(choices), max_size=len(choices)))
    return choices, announcements


chooses = st.builds(Choose, characters, characters)
game_rules = st.builds(
    Rules, pot=st.integers(0, 8), penalty=st.integers(0, 3), start=st.integers(0, 6), allow_negative=st.booleans()
)


@st.composite
def played(draw: st.DrawFn, min_turns: int = 0, max_turns: int = ROUNDS * len(SEATS)) -> GarnetState:
    """A game after some turns of random choices and announcements, each by the seat to move."""
    state = new_game(draw(game_rules))
    for _ in range(draw(st.integers(min_turns, max_turns))):
        assert state.seat is not None
        state = step(state, state.seat, draw(chooses))
    return state
