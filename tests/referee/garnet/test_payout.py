"""The payout and the lie penalty (G1, G2): every example of the rules text, hand-computed rows, and the laws."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.garnet import (
    CHARACTERS,
    POT,
    Character,
    CharacterError,
    Counts,
    PayoutError,
    Rules,
    RulesError,
    payout,
    split,
)
from tests.referee.garnet.strategies import characters, rounds, rules

M, C, P, B = Character.MAFIA, Character.CARTEL, Character.POLICE, Character.BEGGAR


@pytest.mark.parametrize(
    "mafia, cartel, police, beggar, group, group_share, beggar_share, house",
    [
        # Rules 7: nobody in a crime organisation, 5 Police cannot split 4, 3 Beggars take 1 each, 1 is left.
        (0, 0, 5, 3, P, 0, 1, 1),
        # S4E6 round 1 (fan record): 5 Mafia cannot split 4, so both Beggars take 2.
        (5, 0, 1, 2, M, 0, 2, 0),
        # Hand-computed.
        (3, 2, 2, 1, M, 1, 1, 0),  # 3 Mafia take 1 each, the Beggar the 1 left
        (0, 3, 2, 3, C, 1, 0, 1),  # the 1 left does not split among 3 Beggars
        (2, 2, 4, 0, P, 1, 0, 0),  # a tie: the Police take 1 each
        (4, 4, 0, 0, P, 0, 0, 4),  # a tie and no Police, no Beggars: the house keeps all
        (1, 1, 0, 6, P, 0, 0, 4),  # a tie, no Police: 4 for 6 Beggars is 0 each
        (0, 0, 0, 8, P, 0, 0, 4),  # nobody but Beggars
        (0, 0, 6, 2, P, 0, 2, 0),
        (0, 0, 8, 0, P, 0, 0, 4),
        (0, 0, 1, 7, P, 4, 0, 0),
        (0, 0, 3, 5, P, 1, 0, 1),
        (1, 0, 0, 7, M, 4, 0, 0),  # a lone Mafia takes all
        (2, 0, 3, 3, M, 2, 0, 0),
        (2, 1, 1, 4, M, 2, 0, 0),
        (3, 0, 0, 5, M, 1, 0, 1),
        (1, 2, 5, 0, C, 2, 0, 0),
        (0, 8, 0, 0, C, 0, 0, 4),
        (0, 5, 0, 3, C, 0, 1, 1),
        (0, 0, 0, 0, P, 0, 0, 4),  # no seats at all (counts only; a round has at least one)
    ],
)
def test_the_split_by_counts(
    mafia: int, cartel: int, police: int, beggar: int, group: Character, group_share: int, beggar_share: int, house: int
) -> None:
    shares = split(Counts(mafia, cartel, police, beggar))
    assert (shares.recipient_group, shares.group_share, shares.beggar_share, shares.house) == (
        group,
        group_share,
        beggar_share,
        house,
    )


@pytest.mark.parametrize(
    "pot, penalty, counts, group_share, beggar_share, house",
    [
        (5, 1, Counts(2, 1, 0, 1), 2, 1, 0),
        (7, 1, Counts(0, 0, 2, 2), 3, 0, 1),
        (10, 1, Counts(0, 3, 1, 3), 3, 0, 1),
        (0, 1, Counts(1, 0, 0, 1), 0, 0, 0),
    ],
)
def test_another_pot_splits_the_same_way(
    pot: int, penalty: int, counts: Counts, group_share: int, beggar_share: int, house: int
) -> None:
    shares = split(counts, Rules(pot=pot, penalty=penalty))
    assert (shares.group_share, shares.beggar_share, shares.house) == (group_share, beggar_share, house)


def test_the_rules_example_seat_by_seat() -> None:
    # 0/0/5/3 with bluffs: a Police who said Beggar gained nothing and pays; a Beggar who said
    # Police gained 1 and pays nothing; the truthful seats never pay.
    choices = [P, P, P, P, P, B, B, B]
    said = [B, P, M, P, P, P, B, B]
    paid = payout(choices, said)
    assert paid.counts == Counts(0, 0, 5, 3)
    assert paid.gains == (0, 0, 0, 0, 0, 1, 1, 1)
    assert paid.penalties == (1, 0, 1, 0, 0, 0, 0, 0)
    assert paid.delta == (-1, 0, -1, 0, 0, 1, 1, 1)
    assert paid.as_json() == {
        "counts": {"Mafia": 0, "Cartel": 0, "Police": 5, "Beggar": 3},
        "recipient_group": "Police",
        "group_share": 0,
        "beggar_share": 1,
        "house": 1,
        "gains": [0, 0, 0, 0, 0, 1, 1, 1],
        "penalties": [1, 0, 1, 0, 0, 0, 0, 0],
        "delta": [-1, 0, -1, 0, 0, 1, 1, 1],
    }


def test_the_fan_record_of_s4e6_round_1_seat_by_seat() -> None:
    # 5 Mafia, 1 Police, 2 Beggars: a member of the recipient group who gets 4 // 5 = 0 and
    # lied pays too (G2); the Beggars take 2 each whatever they said.
    choices = [M, M, B, M, P, M, B, M]
    said = [M, C, P, M, M, M, B, M]
    paid = payout(choices, said)
    assert paid.counts == Counts(5, 0, 1, 2)
    assert paid.split.recipient_group is M and paid.split.group_share == 0 and paid.split.house == 0
    assert paid.gains == (0, 0, 2, 0, 0, 0, 2, 0)
    assert paid.penalties == (0, 1, 0, 0, 1, 0, 0, 0)
    assert paid.delta == (0, -1, 2, 0, -1, 0, 2, 0)


@pytest.mark.parametrize(
    "choices, said, gains, penalties",
    [
        # Everyone truthful: nobody pays, whatever they gained.
        ([M, M, M, C, C, P, B, B], None, (1, 1, 1, 0, 0, 0, 0, 0), (0,) * 8),
        # A lone Mafia who says Police takes all 4 and pays nothing; the liars who gained nothing pay.
        ([M, P, P, P, B, B, B, B], [P, M, P, C, B, B, B, M], (4, 0, 0, 0, 0, 0, 0, 0), (0, 1, 0, 1, 0, 0, 0, 1)),
        # A tie sends the pot to the Police; Mafia and Cartel liars pay, a Police liar gains and does not.
        ([M, C, P, P, P, P, B, B], [C, M, B, P, P, P, B, P], (0, 0, 1, 1, 1, 1, 0, 0), (1, 1, 0, 0, 0, 0, 0, 1)),
        # Everybody lies: the four Police gain 1 each and pay nothing, everyone else pays.
        ([P, P, P, P, M, C, B, B], [B, B, B, B, C, M, P, P], (1, 1, 1, 1, 0, 0, 0, 0), (0, 0, 0, 0, 1, 1, 1, 1)),
    ],
)
def test_hand_computed_rounds(
    choices: list[Character], said: list[Character] | None, gains: tuple[int, ...], penalties: tuple[int, ...]
) -> None:
    paid = payout(choices, said)
    assert (paid.gains, paid.penalties) == (gains, penalties)


def test_the_penalty_is_configurable() -> None:
    paid = payout([M, C, P], [C, C, P], Rules(penalty=3))
    assert paid.gains == (0, 0, 4) and paid.penalties == (3, 0, 0) and paid.delta == (-3, 0, 4)


@pytest.mark.parametrize(
    "choices, said, message",
    [
        ([], None, "a round has at least one seat"),
        ([M, C], [M], "2 seats chose but 1 announced"),
        ([M], [M, C], "1 seats chose but 2 announced"),
    ],
)
def test_a_round_that_cannot_be_paid_is_a_typed_value_error(
    choices: list[Character], said: list[Character] | None, message: str
) -> None:
    with pytest.raises(PayoutError, match=message) as raised:
        payout(choices, said)
    assert isinstance(raised.value, ValueError)


def test_bad_counts_and_rules_are_typed_value_errors() -> None:
    with pytest.raises(PayoutError):
        Counts(-1, 0, 0, 0)
    for bad in ({"pot": -1}, {"penalty": -1}, {"start": -1, "allow_negative": False}):
        with pytest.raises(RulesError):
            Rules(**bad)  # type: ignore[arg-type]
    assert Rules(start=-3).start == -3  # a debt at the start is allowed while debts are


# --- laws -------------------------------------------------------------------------------


@given(rounds(), rules)
def test_the_pot_is_never_exceeded(round_: tuple[list[Character], list[Character]], rules_: Rules) -> None:
    choices, said = round_
    paid = payout(choices, said, rules_)
    assert sum(paid.gains) + paid.split.house == rules_.pot
    assert min(paid.gains) >= 0 and paid.split.house >= 0
    assert min(paid.penalties) >= 0


@given(rounds(), rules)
def test_a_truthful_seat_never_pays(round_: tuple[list[Character], list[Character]], rules_: Rules) -> None:
    choices, said = round_
    paid = payout(choices, said, rules_)
    assert all(p == 0 for p, c, s in zip(paid.penalties, choices, said, strict=True) if c is s)
    assert payout(choices, None, rules_).penalties == (0,) * len(choices)


@given(rounds(), rules)
def test_a_liar_pays_exactly_when_it_gained_nothing(
    round_: tuple[list[Character], list[Character]], rules_: Rules
) -> None:
    choices, said = round_
    paid = payout(choices, said, rules_)
    for gain, penalty, chosen, told in zip(paid.gains, paid.penalties, choices, said, strict=True):
        if chosen is not told:
            assert penalty == (0 if gain > 0 else rules_.penalty)
    assert paid.delta == tuple(g - p for g, p in zip(paid.gains, paid.penalties, strict=True))


@given(rounds(), rules, st.randoms(use_true_random=False))
def test_payouts_depend_only_on_the_counts(
    round_: tuple[list[Character], list[Character]], rules_: Rules, rng: random.Random
) -> None:
    choices, said = round_
    shuffled = list(choices)
    rng.shuffle(shuffled)
    paid, other = payout(choices, said, rules_), payout(shuffled, None, rules_)
    assert paid.split == other.split == split(Counts.of(choices), rules_)
    assert paid.gains == tuple(paid.split.gain(chosen) for chosen in choices)


@given(rounds(), rules, st.randoms(use_true_random=False))
def test_permuting_seats_permutes_gains_and_penalties(
    round_: tuple[list[Character], list[Character]], rules_: Rules, rng: random.Random
) -> None:
    choices, said = round_
    order = list(range(len(choices)))
    rng.shuffle(order)
    paid = payout(choices, said, rules_)
    moved = payout([choices[i] for i in order], [said[i] for i in order], rules_)
    assert moved.gains == tuple(paid.gains[i] for i in order)
    assert moved.penalties == tuple(paid.penalties[i] for i in order)


@given(st.lists(characters, min_size=1, max_size=12), rules)
def test_the_recipients_take_all_that_divides_equally_and_the_beggars_all_of_the_rest(
    choices: list[Character], rules_: Rules
) -> None:
    counts = Counts.of(choices)
    shares = split(counts, rules_)
    size = counts[shares.recipient_group]
    mafia, cartel = counts[Character.MAFIA], counts[Character.CARTEL]
    assert shares.recipient_group is (Character.MAFIA if mafia > cartel else Character.CARTEL if cartel > mafia else P)
    if size:
        assert shares.group_share * size <= rules_.pot < (shares.group_share + 1) * size
    left = rules_.pot - shares.group_share * size
    if counts.beggar:
        assert shares.beggar_share * counts.beggar <= left < (shares.beggar_share + 1) * counts.beggar
    assert counts.seats == len(choices) and sum(counts[c] for c in CHARACTERS) == len(choices)


def test_the_pot_is_four() -> None:
    assert POT == 4 and Rules().pot == 4 and Rules().penalty == 1


def test_a_name_is_not_a_character() -> None:
    """A caller passing names (not Characters) would otherwise be paid as if nobody chose."""
    with pytest.raises(CharacterError):
        payout(["Mafia"] * 8)  # type: ignore[list-item]
