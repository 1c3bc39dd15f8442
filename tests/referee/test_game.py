"""The registry of games: found by name or alias in any case, an unknown name a clear ValueError."""

from __future__ import annotations

import pytest

from referee.game import UnknownGameError, find_game, game_names


@pytest.mark.parametrize("name", game_names())
def test_every_registered_game_is_found_by_its_name(name: str) -> None:
    assert find_game(name).name == name


@pytest.mark.parametrize(
    "asked, name",
    [
        ("liar", "liar"),
        (" LIAR ", "liar"),
        ("Find the Liar", "liar"),
        ("거짓말쟁이", "liar"),
        ("嘘つき", "liar"),
        ("monorail", "monorail"),
        ("Monorail", "monorail"),
        ("모노레일", "monorail"),
        ("モノレール", "monorail"),
        ("garnet", "garnet"),
        ("Garnet Thief", "garnet"),
        ("가넷도둑", "garnet"),
        ("가넷 도둑", "garnet"),
        ("ガーネット泥棒", "garnet"),
    ],
)
def test_a_game_is_found_by_name_or_alias_in_any_case(asked: str, name: str) -> None:
    assert find_game(asked).name == name


def test_no_alias_names_two_games() -> None:
    games = [find_game(name) for name in game_names()]
    called = [n for game in games for n in (game.name, *game.aliases)]
    assert len(called) == len(set(called))


@pytest.mark.parametrize("name", ["chess", "", "liars", "mono rail"])
def test_an_unknown_game_is_a_value_error_naming_the_games(name: str) -> None:
    with pytest.raises(UnknownGameError) as raised:
        find_game(name)
    assert isinstance(raised.value, ValueError)
    assert (raised.value.name, raised.value.known) == (name, game_names())
    assert str(raised.value) == f"no game called {name!r}; the games are liar, monorail, garnet"
