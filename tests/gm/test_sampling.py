"""Sampling keys: private to the installation, stable per game, unrelated to the seed."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from gm.sampling import KEY_FILE, game_key, installation_key, sampling_seed


def test_the_installation_key_is_made_once_private_and_kept(tmp_path: Path) -> None:
    key = installation_key(tmp_path)
    assert len(key) == 32
    assert stat.S_IMODE((tmp_path / KEY_FILE).stat().st_mode) == 0o600
    assert installation_key(tmp_path) == key


def test_a_game_key_is_the_same_for_a_seed_here_and_unrelated_elsewhere(tmp_path: Path) -> None:
    here, there = tmp_path / "here", tmp_path / "there"
    assert game_key(4242, here) == game_key(4242, here)
    assert game_key(4242, here) != game_key(4243, here)
    assert game_key(4242, here) != game_key(4242, there)


def test_seeds_differ_by_call_and_stay_in_31_bits() -> None:
    seeds = {sampling_seed(b"k", "line", turn, attempt) for turn in range(50) for attempt in range(3)}
    assert len(seeds) == 150
    assert all(0 <= seed < 2**31 for seed in seeds)


def test_a_damaged_key_file_is_named_not_silently_replaced(tmp_path: Path) -> None:
    (tmp_path / KEY_FILE).write_bytes(b"short")
    with pytest.raises(ValueError, match="not a sampling key"):
        installation_key(tmp_path)
