"""Garnet Thief's bots: whole games the referee accepts, determinism, moves from the view alone,
the truthful styles never paying, and the expected bot's model against hand computations and
against brute force."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import replace
from fractions import Fraction
from functools import cache
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm.bots import UnknownBotError, default_level, levels, open_bot
from gm.bots.garnet import Model, outlooks
from gm.match import BotPlayer, Match, play_bots, replay
from gm.recorder import read
from referee.game import Json
from referee.garnet import CHARACTERS, SEATS, Character, Choose, Designate, GarnetState, Rules, new_game, payout
from referee.garnet.protocol import GAME
from tests.referee.garnet.strategies import game_rules, played

M, C, P, B = Character.MAFIA, Character.CARTEL, Character.POLICE, Character.BEGGAR
STYLES = ("random", "crowd", "truthful", "contrarian", "expected")
tables = st.lists(st.sampled_from(STYLES), min_size=len(SEATS), max_size=len(SEATS))


def game(styles: list[str], seed: int, rules: Json | None = None) -> tuple[GarnetState, int]:
    return play_bots(
        GAME, {seat: open_bot("garnet", style) for seat, style in zip(SEATS, styles, strict=True)}, seed, rules
    )


def test_the_styles_and_the_default() -> None:
    assert levels("garnet") == STYLES
    assert default_level("garnet") == "expected" and open_bot("garnet").level == "expected"
    with pytest.raises(UnknownBotError, match="random, crowd, truthful, contrarian, expected"):
        open_bot("garnet", "psychic")


@settings(max_examples=40, deadline=None)
@given(tables, st.integers(0, 2**32), game_rules)
def test_every_style_plays_whole_games_the_referee_accepts(styles: list[str], seed: int, rules: Rules) -> None:
    # play_bots steps every move through the referee, which raises on one it refuses
    state, plies = game(styles, seed, GAME.rules_json(new_game(rules)))
    assert state.over and GAME.result(state) is not None and state.rules == rules
    assert state.candidate in state.last_places
    assert plies == 64 + (len(state.last_places) > 1)


@settings(max_examples=10, deadline=None)
@given(tables, st.integers(0, 2**32))
def test_the_same_seed_plays_the_same_game_whatever_the_global_rng(styles: list[str], seed: int) -> None:
    random.seed(1)
    first = game(styles, seed)
    random.seed(2)
    assert game(styles, seed) == first


@settings(max_examples=30, deadline=None)
@given(tables, st.integers(0, 2**32))
def test_the_truthful_styles_never_bluff_and_never_pay(styles: list[str], seed: int) -> None:
    state, _ = game(styles, seed)
    for played_round in state.rounds:
        paid = played_round.payout
        for i, style in enumerate(styles):
            if style in ("truthful", "contrarian"):
                assert paid.choices[i] is paid.announcements[i] and paid.penalties[i] == 0


def hidden_swapped(state: GarnetState, rng: random.Random) -> GarnetState:
    """The same game with every choice made so far this round changed, its announcements kept."""
    return replace(state, turns=tuple(Choose(rng.choice(CHARACTERS), t.announcement) for t in state.turns))


@settings(max_examples=40, deadline=None)
@given(played(max_turns=63), st.integers(0, 2**32), st.sampled_from(STYLES))
def test_a_move_depends_on_the_view_alone(state: GarnetState, seed: int, style: str) -> None:
    """Another seat's current choice is in no view; a bot given a copy of its view, or the view
    of a game where the others chose otherwise (announcing the same), plays the same move."""
    seat = state.seat
    assert seat is not None
    bot = open_bot("garnet", style)
    view = GAME.view(state, seat)
    move = bot.choose(view, random.Random(seed))
    assert bot.choose(json.loads(json.dumps(view)), random.Random(seed)) == move
    other = hidden_swapped(state, random.Random(seed))
    assert bot.choose(GAME.view(other, seat), random.Random(seed)) == move
    GAME.step(state, seat, move)  # the referee accepts it


# --- the expected bot against hand computations --------------------------------------------------


def hand_view(seat: str, order: list[str], said: list[Character], history: list[Json] | None = None) -> Json:
    """A view as GAME.view writes one, for a table of any size (the bot reads only the view):
    `seat` to choose, the seats in `order`, the first ones having announced `said`."""
    return {
        "seat": seat,
        "seats": sorted(order),
        "rules": {"pot": 4, "penalty": 1, "start": 0, "allow_negative": True},
        "order": order,
        "announcements": [{"seat": s, "announcement": c.value} for s, c in zip(order, said, strict=False)],
        "choice": None,
        "history": history or [],
        "designator": None,
        "last_places": [],
    }


def revealed(order: list[str], choices: list[Character], said: list[Character]) -> Json:
    """One past round as the view's history shows it (lists in seat order)."""
    paid = payout(choices, said)
    return {
        "order": order,
        "choices": [c.value for c in choices],
        "announcements": [c.value for c in said],
        **paid.as_json(),
    }


def test_the_last_of_three_after_two_mafia_announcements() -> None:
    """Seats 1 and 2 said Mafia; no reveal yet, so each is believed Mafia 2/3, each other
    character 1/9 (TRUST_PRIOR). Seat 3, last, worked by hand over the nine pairs of choices:
    Mafia:  both Mafia 4/9 gives 1 (3 split 4); one Mafia and one other, 3 x 4/27, gives 2;
            of the pairs with no Mafia (1/81 each way), Police/Beggar pairs (4/81) give 4 and
            a Cartel in the pair (5/81) gives 0:  4/9 + 24/27 + 16/81 = 124/81.
    Cartel: one Mafia one Cartel (4/27) gives 2; CC (1/81) 1; CP, CB (4/81) 2; PP, PB, BB
            (4/81) 4:  24/81 + 1/81 + 8/81 + 16/81 = 49/81.
    Police: paid when Mafia and Cartel tie: M+C (4/27) gives 4; PP (1/81) 1 (three split 4);
            PB (2/81) 2; BB (1/81) 4:  48/81 + 1/81 + 4/81 + 4/81 = 57/81.
    Beggar: M+C (4/27): a tie, no Police, all 4 to the one Beggar; BB (1/81): 3 Beggars take
            1 each; nothing else:  48/81 + 1/81 = 49/81.
    Mafia gains nothing only with a Cartel and no Mafia beside it: 5/81."""
    view = hand_view("3", ["1", "2", "3"], [M, M])
    looks = outlooks(view)
    expected = [Fraction(124, 81), Fraction(49, 81), Fraction(57, 81), Fraction(49, 81)]
    for said in CHARACTERS:  # nobody chooses after the last seat: its announcement changes nothing
        assert looks[said].gains == pytest.approx([float(f) for f in expected])
        assert looks[said].nothing[0] == pytest.approx(5 / 81)
    for seed in range(20):  # told truthfully: a bluff would only add the risk of the penalty
        assert open_bot("garnet", "expected").choose(view, random.Random(seed)) == Choose(M, M)


def test_the_first_of_two_with_nothing_heard() -> None:
    """Nothing revealed: the seat after chooses uniformly. Mafia: the other Mafia 2, Cartel 0
    (a tie, no Police), Police 4, Beggar 4, so 10/4; Cartel the same; Police: 0, 0, 2 (two
    Police), 4, so 6/4; Beggar: 0, 0, 0 (one Police takes 4), 2 (two Beggars), so 2/4. Mafia
    and Cartel tie: the rng draws between them, told truthfully."""
    view = hand_view("1", ["1", "2"], [])
    assert outlooks(view)[M].gains == pytest.approx([2.5, 2.5, 1.5, 0.5])
    moves = {open_bot("garnet", "expected").choose(view, random.Random(seed)) for seed in range(40)}
    assert moves == {Choose(M, M), Choose(C, C)}


def test_a_bluff_that_cannot_cost_is_made() -> None:
    """One revealed round in which seat 2 chose what seat 1 had announced: the seats follow the
    crowd entirely (chance of the hit under the background 1/2, hit rate 1: w = (1 - 1/2) /
    (1 - 1/2) = 1). Now seat 2 opens and seat 1 will choose whatever seat 2 announces. Choosing
    Mafia and telling it, seat 1 joins: 2 Mafia split 4, gain 2. Announcing Police or Beggar
    sends seat 1 there and leaves Mafia alone with 4, and a liar who gains pays nothing (G2):
    the bluff is worth 4 against 2. So for Cartel; and a Police who says Beggar is the only
    Police, with no organisation: 4 too."""
    view = hand_view("2", ["2", "1"], [], [revealed(["1", "2"], [M, M], [M, M])])
    model = Model.of(view)
    assert model.weight == 1.0 and model.next(P) == (0.0, 0.0, 1.0, 0.0)
    looks = outlooks(view)
    assert looks[M].gains[0] == pytest.approx(2.0) and looks[P].gains[0] == pytest.approx(4.0)
    assert looks[P].nothing[0] == 0.0 and looks[C].gains[0] == 0.0
    moves = {open_bot("garnet", "expected").choose(view, random.Random(seed)) for seed in range(40)}
    assert moves == {Choose(M, P), Choose(M, B), Choose(C, P), Choose(C, B), Choose(P, B)}


def truthful_rounds(count: int) -> GarnetState:
    """A game after `count` rounds in which every seat told the truth (choices drawn)."""
    rng = random.Random(count)
    state = GAME.start({})
    for _ in range(count * len(SEATS)):
        assert state.seat is not None
        character = rng.choice(CHARACTERS)
        state = GAME.step(state, state.seat, Choose(character, character))
    return state


@pytest.mark.parametrize(
    ("said", "best"),
    [
        # if all told the truth: Police 2 (2 split 4), Mafia 1 and Cartel 1 (4 split 4), Beggar 0
        ([M, M, M, C, C, C, P], P),
        # a lone Police and three Mafia: one Mafia more makes 4 of them (1 each); the tie
        # needs 3 Cartel; Beggar gets nothing from 4 Mafia; Cartel 0
        ([M, M, M, P, B, B, B], M),
        # 5 Mafia cannot split 4: the Beggars take it all (1 Beggar said: with me 2, 2 each)
        ([M, M, M, M, M, P, B], B),
        # Mafia and Cartel level at 3: a Cartel more makes 4 (1 each), the Police get 4 (alone)
        ([M, M, M, C, C, C, B], P),
    ],
)
def test_the_last_seat_after_seven_rounds_of_truth_takes_the_best(said: list[Character], best: Character) -> None:
    state = truthful_rounds(7)
    for character in said:  # round 8: seats 8, 1, ..., 6 announce (and chose) this
        assert state.seat is not None
        state = GAME.step(state, state.seat, Choose(character, character))
    assert state.seat == "7"
    for seed in range(5):
        assert open_bot("garnet", "expected").choose(GAME.view(state, "7"), random.Random(seed)) == Choose(best, best)


# --- the expected bot's enumeration against brute force ------------------------------------------


def brute_force(view: Json, announcement: Character) -> tuple[list[float], list[float]]:
    """Every assignment of characters to the other seats, weighted by the model's beliefs,
    each round paid by the referee's payout of all its seats."""
    model = Model.of(view)
    rules = Rules(**view["rules"])
    beliefs = list(model.before)
    if model.still:
        beliefs += [model.rest] * (model.still - 1) + [model.next(announcement)]
    assert len(beliefs) == len(view["seats"]) - 1
    gains, nothing = [0.0] * 4, [0.0] * 4
    for others in product(range(4), repeat=len(beliefs)):
        p = 1.0
        for belief, chosen in zip(beliefs, others, strict=True):
            p *= belief[chosen]
        for i in range(len(CHARACTERS)):
            gain = _paid(rules, i, tuple(sorted(others)))
            gains[i] += p * gain
            nothing[i] += p * (gain == 0)
    return gains, nothing


@cache
def _paid(rules: Rules, mine: int, others: tuple[int, ...]) -> int:
    """What the first seat gains choosing CHARACTERS[mine] beside `others` (memoised: the sum
    above visits each assignment, the payout depends on the counts)."""
    return payout([CHARACTERS[mine], *(CHARACTERS[i] for i in others)], None, rules).gains[0]


@settings(max_examples=12, deadline=None)
@given(played(max_turns=63))
def test_the_enumeration_is_the_brute_force_sum(state: GarnetState) -> None:
    seat = state.seat
    assert seat is not None
    view = GAME.view(state, seat)
    looks = outlooks(view)
    for said in (M, P):
        gains, nothing = brute_force(view, said)
        assert looks[said].gains == pytest.approx(gains) and looks[said].nothing == pytest.approx(nothing)


def test_the_designations() -> None:
    """Each style's designation among tied last places (the view alone decides)."""
    history = [revealed(["1", "2", "3"], [P, P, P], [M, P, C])]
    view = hand_view("1", ["1", "2", "3"], [], history) | {"designator": "1", "last_places": ["1", "2", "3"]}
    picks = {style: open_bot("garnet", style).choose(view, random.Random(0)) for style in STYLES}
    assert picks["truthful"] == picks["expected"] == Designate("1")  # seats 1 and 3 lied once: the lower
    assert picks["crowd"] == Designate("1") and picks["contrarian"] == Designate("3")
    assert {open_bot("garnet", "random").choose(view, random.Random(s)) for s in range(30)} == {
        Designate(s) for s in ("1", "2", "3")
    }


# --- in a recorded match -----------------------------------------------------------------------


def recorded(path: Path, styles: list[str], seed: int) -> Match:
    match = Match.start(
        GAME,
        {seat: BotPlayer(open_bot("garnet", style)) for seat, style in zip(SEATS, styles, strict=True)},
        path,
        "g",
        seed=seed,
    )
    try:
        asyncio.run(match.run())
    finally:
        match.close()
    return match


def test_a_match_of_bots_is_recorded_and_replays_clean(tmp_path: Path) -> None:
    """Each choice is recorded for its seat alone; at the end the revealed seed re-derives
    every bot move, and the match is the game play_bots plays with the same seed."""
    log = tmp_path / "g.jsonl"
    styles = ["expected", "crowd", "contrarian", "random", "truthful", "expected", "crowd", "random"]
    match = recorded(log, styles, seed=21)
    events = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    assert [events[0]["config"]["seats"][seat]["bot"] for seat in SEATS] == styles
    chosen = [e for e in events if e["t"] == "move" and "choose" in e["move"]]
    assert len(chosen) == 64 and all(e["see"] == "seat" and e["by"] == "bot" for e in chosen)
    assert replay(read(log), GAME).problems == ()
    state, plies = game(styles, 21)
    assert state == match.state and plies == match.ply


def test_a_designation_swapped_for_another_legal_one_is_caught_by_the_revealed_seed(tmp_path: Path) -> None:
    # Eight contrarians end level (each opener alone in an organisation takes 4): seat 1
    # designates among all eight. Another seat is as legal; the result, which names the
    # candidate, then differs too, but the bot's own move is caught by the revealed seed.
    log = tmp_path / "g.jsonl"
    match = recorded(log, ["contrarian"] * len(SEATS), seed=5)
    assert len(match.state.last_places) == len(SEATS) and match.state.candidate == "8"
    lines = log.read_text("utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if '"designate"' in line)
    lines[at] = lines[at].replace('"designate": "8"', '"designate": "7"')
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    problems = replay(read(log), GAME).problems
    swapped = [p for p in problems if p.line == at + 1]
    assert len(swapped) == 1 and "with the revealed seed" in swapped[0].text
    assert [p.line for p in problems if p.line != at + 1] == [at + 2]  # game_ended names candidate 8
