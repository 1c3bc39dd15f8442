"""Laws of the intents: a guess is right exactly where every part it names is."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from referee.liar.intent import Guess
from referee.liar.world import World

names = st.sampled_from(("A", "B", "C"))
guesses = st.one_of(st.builds(Guess, names, st.none() | names), st.builds(Guess, st.none(), names))
worlds = st.builds(World, names, names)


@given(guesses, worlds)
def test_a_guess_fits_a_world_exactly_when_every_named_part_is_its(guess: Guess, world: World) -> None:
    named = [(guess.culprit, world.culprit), (guess.liar, world.liar)]
    assert guess.fits(world) == all(said == real for said, real in named if said is not None)
    assert Guess(world.culprit, world.liar).fits(world)
