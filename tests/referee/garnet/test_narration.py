"""A model's narration of a reveal, checked against the referee's: every identity and number must match.

The tables are two closed rounds told in en, ko and ja: true narrations pass, and a swapped
identity, a wrong count, share, penalty or total, or a number the checker cannot place is
rejected with its reason. The properties build narrations from a random round by templates
(the forms the narrator's prompt asks for): the true one passes, and changing any one identity
or number in it is rejected.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.garnet import CHARACTERS, ROUNDS, SEATS, Character, Round, payout
from referee.garnet.narration import Claim, Fact, Reason, RevealError, Why, check_reveal, read_sentence, sentences
from referee.garnet.protocol import GAME
from tests.referee.garnet.strategies import characters

M, K, P, B = Character.MAFIA, Character.CARTEL, Character.POLICE, Character.BEGGAR


def reveal(number: int, choices: list[Character], said: list[Character], before: tuple[int, ...]) -> dict[str, Any]:
    paid = payout(choices, said)
    totals = tuple(total + delta for total, delta in zip(before, paid.delta, strict=True))
    return Round(number, paid, paid.delta, totals).record


# Round 3: three Mafia take 1 each and the one Beggar the last; seat 2 lied and gained, seat 5
# lied, gained nothing and pays 1. Totals: 3 1 2 3 -1 1 2 1.
THIRD = reveal(3, [M, M, M, K, K, P, P, B], [M, P, M, K, M, P, P, B], (2, 0, 1, 3, 0, 1, 2, 0))
# Round 5: Mafia and Cartel tie 1-1, so the three Police take 1 each; 1 left is too little for
# three Beggars and goes to the house; seat 8 lied and pays 1. Totals: 1 1 1 0 0 0 0 -1.
FIFTH = reveal(5, [P, P, P, B, B, K, M, B], [P, P, P, B, B, K, M, P], (0,) * 8)
# Round 2: everyone a Beggar: Mafia and Cartel tie 0-0, so the Police (nobody) are the recipient
# group, 4 is too little for eight Beggars, and the house keeps all 4.
SECOND = reveal(2, [B] * 8, [B] * 8, (0,) * 8)
# Round 4 with debts forbidden (G6): seat 5 held 0, lied and gained nothing, so its penalty of 1
# takes nothing (its total stays 0); the record says what each total changed by ("applied").
PAID = payout([M, M, M, K, K, P, P, B], [M, P, M, K, M, P, P, B])
CLAMPED = Round(4, PAID, (1, 1, 1, 0, 0, 0, 0, 1), (1, 1, 1, 0, 0, 0, 0, 1)).record

OK = None
TABLE: list[tuple[str, dict[str, Any], str, Why | None]] = [
    # English, round 3: true
    ("en", THIRD, "Round 3 is revealed. Seat 8 was the Beggar.", OK),
    ("en", THIRD, "Seat 2 announced Police but chose Mafia, and seat 5 claimed to be Mafia.", OK),
    ("en", THIRD, "There were three Mafia, two Cartel, two Police and one Beggar.", OK),
    ("en", THIRD, "Seats 1, 2 and 3 were the three Mafia, and they got 1 garnet each.", OK),
    ("en", THIRD, "The Mafia were the recipients. The Beggar got 1 garnet.", OK),
    ("en", THIRD, "Seat 5 lied and paid a penalty of 1 garnet; it now has -1 garnets.", OK),
    ("en", THIRD, "Seat 2 lied, but paid nothing. The house kept nothing.", OK),
    ("en", THIRD, "Seats 6 and 7 were Police and told the truth.", OK),
    ("en", THIRD, "Seat 4's total is 3. Seat 1 now holds 3 garnets.", OK),
    ("en", THIRD, "The lamps flicker. A chair creaks as the cards turn.", OK),
    ("en", THIRD, "Nobody got anything.", Why.UNREAD),  # no name and no number, but a claim
    ("en", THIRD, "The gangsters took everything.", Why.UNREAD),
    ("en", THIRD, "In the hush, the room waits.", OK),
    # English, round 3: wrong
    ("en", THIRD, "Seat 4 was the Police.", Why.FALSE),  # a swapped identity
    ("en", THIRD, "Seat 2 announced Mafia.", Why.FALSE),
    ("en", THIRD, "There were two Mafia.", Why.FALSE),  # a wrong count
    ("en", THIRD, "The Mafia got 2 garnets each.", Why.FALSE),  # a wrong share
    ("en", THIRD, "Seat 5 paid a penalty of 2.", Why.FALSE),  # a wrong penalty
    ("en", THIRD, "Seat 2 paid the penalty.", Why.FALSE),
    ("en", THIRD, "Seat 5 now has 1 garnet.", Why.FALSE),  # a wrong total
    ("en", THIRD, "The pot went to the Mafia.", Why.FALSE),  # the Beggar took 1 of it
    ("en", THIRD, "The recipient group was the Cartel.", Why.FALSE),
    ("en", THIRD, "Seat 6 lied.", Why.FALSE),
    ("en", THIRD, "Round 4 is revealed.", Why.FALSE),
    ("en", THIRD, "Seat 9 was the Police.", Why.FALSE),
    ("en", THIRD, "Seat 1 was Mafia with 7 others watching.", Why.UNREAD),  # an unread number
    ("en", THIRD, "Seat 5 paid 1.5 garnets.", Why.UNREAD_NUMBER),
    ("en", THIRD, "In round 3 Mafia split the pot.", Why.UNREAD_NUMBER),  # round 3, or three Mafia?
    ("en", THIRD, "Seat 4 was not the Police.", Why.UNREAD),  # a negation is never read past
    ("en", THIRD, "Seat 4 was probably Cartel.", Why.UNREAD),
    ("en", THIRD, "No one lied.", Why.UNREAD),  # 'no one' is nobody, not seat 1
    ("en", THIRD, "Seat 8 was the only Beggar.", Why.UNREAD),
    ("en", THIRD, "Seat 6 was Police, seat 7 Police.", Why.UNREAD),  # the verb left out: seat 7 what?
    ("en", THIRD, "The Mafia got 1.", Why.AMBIGUOUS),  # each, or the three together?
    ("en", THIRD, "Seats 1 and 2 got 1 garnet.", Why.AMBIGUOUS),
    ("en", THIRD, "Seat 3 chose Mafia, seat 4 chose Cartel and it lied.", Why.UNPLACED),  # which seat?
    ("en", THIRD, "Seat 2 claimed Police and Mafia.", Why.UNPLACED),
    ("en", THIRD, "The Cartel took the pot.", Why.FALSE),
    ("en", FIFTH, "The Mafia and the Cartel tied, so the recipient group was the Police.", Why.UNREAD),
    ("en", THIRD, "Seat 1 got 1 garnet each round.", Why.UNREAD_NUMBER),  # every round, or this one?
    ("en", THIRD, "Seat 1 was one of the Mafia.", Why.FALSE),  # read as 'the one Mafia'
    ("en", THIRD, "Seats 5 and 6 paid a penalty.", Why.FALSE),
    ("en", THIRD, "Seat 5 paid 1 garnet to the Mafia.", Why.UNREAD_NUMBER),
    ("en", THIRD, "Seat 1 was Mafia or Cartel.", Why.UNREAD),
    ("en", THIRD, "If seat 3 was Mafia, seat 4 was Police.", Why.UNREAD),
    ("en", THIRD, "Player 8 was the Beggar, and No. 4 was the Cartel.", OK),
    ("en", THIRD, "Seats 2 and 6 announced Police, and were two Police.", Why.FALSE),  # they, not a count
    ("en", THIRD, "Seat 1 got 1 garnet; the total was 3.", Why.UNREAD_NUMBER),  # whose total?
    ("en", THIRD, "Seat 2's card said Police.", Why.UNREAD),  # its card, or its word?
    ("en", THIRD, "Seat one was the Mafia.", OK),
    ("en", SECOND, "The recipient group was the Police, and the house kept 4 garnets.", OK),
    ("en", SECOND, "The Police got nothing.", Why.NOBODY),
    ("en", SECOND, "There were eight Beggars, and they got nothing.", OK),
    ("en", CLAMPED, "Seat 5 paid a penalty of 1 garnet, and seat 5 now has 0 garnets.", OK),
    ("en", CLAMPED, "Seat 5 lost 1 garnet.", Why.FALSE),  # the penalty took nothing: a debt is not allowed
    ("en", CLAMPED, "Seat 5 lost 0 garnets.", OK),
    ("en", THIRD, "The polcie took everything.", Why.UNREAD),  # a misspelt name is still a name
    # English, round 5: true and wrong
    ("en", FIFTH, "The recipient group was the Police: the three Police got 1 garnet each.", OK),
    ("en", FIFTH, "The Beggars got nothing, and the house kept 1 garnet.", OK),
    ("en", FIFTH, "Seat 8 bluffed and was fined 1 garnet.", OK),
    ("en", FIFTH, "The house kept 2 garnets.", Why.FALSE),
    ("en", FIFTH, "The Beggars got 1 garnet each.", Why.FALSE),
    ("en", FIFTH, "Seat 7 was the Cartel.", Why.FALSE),
    # Korean, round 3: true
    ("ko", THIRD, "3라운드의 정체가 밝혀졌다. 8번은 거지였다.", OK),
    ("ko", THIRD, "2번은 경찰이라고 했지만 사실은 마피아였다.", OK),
    ("ko", THIRD, "마피아 3명, 카르텔 2명, 경찰 2명, 거지 1명이었다.", OK),
    ("ko", THIRD, "1번, 2번과 3번은 마피아였고, 마피아는 각각 가넷 1개씩 받았다.", OK),
    ("ko", THIRD, "5번은 마피아라고 선언했지만 카르텔이었고, 벌금 1개를 냈다.", OK),
    ("ko", THIRD, "5번의 합계는 -1개가 되었다. 4번은 3개를 가지고 있다.", OK),
    ("ko", THIRD, "6번과 7번은 경찰이었고 진실을 말했다.", OK),
    ("ko", THIRD, "분배 대상은 마피아였다. 판돈은 조용히 흩어졌다.", Why.UNREAD),
    ("ko", THIRD, "방 안에 정적이 흘렀다.", OK),
    # Korean, round 3: wrong
    ("ko", THIRD, "4번은 경찰이었다.", Why.FALSE),
    ("ko", THIRD, "마피아 2명이었다.", Why.FALSE),
    ("ko", THIRD, "마피아는 각각 가넷 2개씩 받았다.", Why.FALSE),
    ("ko", THIRD, "5번은 벌금 2개를 냈다.", Why.FALSE),
    ("ko", THIRD, "5번의 합계는 1개가 되었다.", Why.FALSE),
    ("ko", THIRD, "3번은 마피아가 아니었다.", Why.UNREAD),
    ("ko", THIRD, "한 번 거짓말을 했다.", Why.UNREAD),  # 한 번 is 'once', not seat 1
    ("ko", THIRD, "5번은 가넷 1.5개를 냈다.", Why.UNREAD_NUMBER),
    ("ko", THIRD, "마피아 3명 카르텔이었다.", Why.UNREAD_NUMBER),  # three Mafia, or three Cartel?
    ("ko", THIRD, "3번은 마피아, 4번은 카르텔이었다.", Why.UNPLACED),
    ("ko", THIRD, "3번도 마피아였다.", Why.UNREAD),  # also: who else?
    ("ko", THIRD, "2번과 6번은 경찰이라고 했고, 경찰 2명이었다.", Why.FALSE),  # they were, not a count
    ("ko", THIRD, "3번만 마피아였다.", Why.UNREAD),  # only: false
    ("ko", THIRD, "마피아는 1번이었다.", Why.UNPLACED),
    ("ko", THIRD, "하우스에서 1개를 받았다.", Why.UNREAD),  # from the house, not the house's
    ("ko", THIRD, "3번은 경찰이었다고 했다.", Why.UNPLACED),
    ("ko", FIFTH, "하우스에 1개가 돌아갔다. 8번은 거짓말을 했다.", OK),
    ("ko", FIFTH, "하우스에 0개가 돌아갔다.", Why.FALSE),
    # Japanese, round 3: true
    ("ja", THIRD, "第3ラウンドの正体が明かされた。8番は物乞いだった。", OK),
    ("ja", THIRD, "2番は警察と名乗ったが、実はマフィアだった。", OK),
    ("ja", THIRD, "マフィア3人、カルテル2人、警察2人、物乞い1人だった。", OK),
    ("ja", THIRD, "1番、2番と3番はマフィアで、マフィアはそれぞれガーネットを1個ずつ得た。", OK),
    ("ja", THIRD, "5番はマフィアだと言ったが、カルテルだった。5番は罰金1個を払った。", OK),
    ("ja", THIRD, "5番の合計はマイナス1個になった。", OK),
    ("ja", THIRD, "6番と7番は警察で、本当のことを言った。", OK),
    ("ja", THIRD, "部屋は静まり返った。", OK),
    # Japanese, round 3: wrong
    ("ja", THIRD, "4番は警察だった。", Why.FALSE),
    ("ja", THIRD, "マフィアは2人だった。", Why.FALSE),
    ("ja", THIRD, "マフィアはそれぞれガーネットを2個ずつ得た。", Why.FALSE),
    ("ja", THIRD, "5番は罰金2個を払った。", Why.FALSE),
    ("ja", THIRD, "5番の合計は1個になった。", Why.FALSE),
    ("ja", THIRD, "3番はマフィアではなかった。", Why.UNREAD),
    ("ja", THIRD, "一番緊張したのは5番だった。", Why.UNREAD),  # 一番 is 'most', not seat 1
    ("ja", THIRD, "5番は3人を見つめた。", Why.UNREAD),
    ("ja", THIRD, "3番もマフィアだった。", Why.UNREAD),
    ("ja", THIRD, "2番目はマフィアだった。", Why.UNREAD),  # the second revealed, not seat 2
    ("ja", THIRD, "3番はマフィアかもしれない。", Why.UNREAD),
    ("ja", THIRD, "マフィアは1番と2番だった。", Why.UNPLACED),
    ("ja", THIRD, "3番は警察と5番に言った。", Why.UNREAD),
    ("ja", FIFTH, "ハウスに1個戻った。分配先は警察だった。", OK),
    ("ja", FIFTH, "分配先はマフィアだった。", Why.FALSE),
]


@pytest.mark.parametrize(("lang", "revealed", "text", "expected"), TABLE)
def test_table(lang: str, revealed: dict[str, Any], text: str, expected: Why | None) -> None:
    reasons = check_reveal(text, lang, revealed)
    if expected is None:
        assert reasons == ()
    else:
        assert reasons and reasons[0].why is expected, [str(r) for r in reasons]


def test_a_reason_says_what_the_sentence_claims_and_what_the_referee_revealed() -> None:
    (reason,) = check_reveal("Seat 4 was the Police.", "en", THIRD)
    assert str(reason) == "'Seat 4 was the Police.': it says seat 4 chose Police, but seat 4 chose Cartel"


@pytest.mark.parametrize(
    ("text", "why"),
    [("", Why.EMPTY), ("   ", Why.EMPTY), ("Seat 1 was\x1b[2K Mafia.", Why.UNSHOWABLE), ("x" * 1201, Why.UNSHOWABLE)],
)
def test_an_empty_or_unshowable_narration_is_rejected(text: str, why: Why) -> None:
    assert [reason.why for reason in check_reveal(text, "en", THIRD)] == [why]


def test_sentences_keep_decimals_and_numbered_seats_whole() -> None:
    assert sentences("No. 3 paid 1.5 garnets. Then silence!") == ["No. 3 paid 1.5 garnets.", "Then silence!"]


def test_the_reveal_is_the_protocols() -> None:
    before = GAME.start({})
    state = before
    for seat in SEATS:
        state = GAME.step(state, seat, GAME.move_from_json({"choose": "Police", "announce": "Police"}))
    revealed = GAME.revealed_json(before, state)
    assert revealed is not None
    assert check_reveal("Round 1 is revealed. There were eight Police, and they got nothing.", "en", revealed) == ()


# --- the properties: narrations built by templates from a random round ----------------------------


def _ko_copula(name: str, vowel: str, consonant: str) -> str:
    """A Korean ending after `name`: its form after a final consonant or after a vowel."""
    last = ord(name[-1]) - 0xAC00
    return consonant if 0 <= last < 11172 and last % 28 else vowel


def _ko(character: Character, vowel: str, consonant: str) -> str:
    name = character.name_in("ko")
    return name + _ko_copula(name, vowel, consonant)


TEMPLATES: dict[str, dict[Fact, list[Any]]] = {
    "en": {
        Fact.CHOSE: [lambda s, c: f"Seat {s} was the {c.value}.", lambda s, c: f"Seat {s} chose {c.value}."],
        Fact.ANNOUNCED: [
            lambda s, c: f"Seat {s} announced {c.value}.",
            lambda s, c: f"Seat {s} claimed to be the {c.value}.",
        ],
        Fact.LIED: [lambda s: f"Seat {s} lied."],
        Fact.HONEST: [lambda s: f"Seat {s} told the truth."],
        Fact.COUNT: [lambda c, n: f"There were {n} {c.value}."],
        Fact.SHARE: [lambda c, n: f"The {c.value} got {n} garnets each.", lambda c, n: f"Each {c.value} got {n}."],
        Fact.RECIPIENTS: [lambda c: f"The recipient group was the {c.value}."],
        Fact.GAIN: [lambda s, n: f"Seat {s} got {n} garnets."],
        Fact.PENALTY: [
            lambda s, n: f"Seat {s} paid a penalty of {n}.",
            lambda s, n: f"Seat {s} was fined {n} garnets.",
        ],
        Fact.TOTAL: [lambda s, n: f"Seat {s} now has {n} garnets.", lambda s, n: f"Seat {s}'s total is {n}."],
        Fact.HOUSE: [lambda n: f"The house kept {n} garnets."],
        Fact.ROUND: [lambda n: f"Round {n} is revealed."],
    },
    "ko": {
        Fact.CHOSE: [
            lambda s, c: f"{s}번은 {_ko(c, '였다', '이었다')}.",
            lambda s, c: f"{s}번은 {_ko(c, '를', '을')} 선택했다.",
        ],
        Fact.ANNOUNCED: [
            lambda s, c: f"{s}번은 {_ko(c, '라고', '이라고')} 했다.",
            lambda s, c: f"{s}번은 {_ko(c, '라고', '이라고')} 선언했다.",
        ],
        Fact.LIED: [lambda s: f"{s}번은 거짓말을 했다."],
        Fact.HONEST: [lambda s: f"{s}번은 진실을 말했다."],
        Fact.COUNT: [lambda c, n: f"{c.name_in('ko')} {n}명이었다."],
        Fact.SHARE: [lambda c, n: f"{_ko(c, '는', '은')} 각각 가넷 {n}개씩 받았다."],
        Fact.RECIPIENTS: [lambda c: f"분배 대상은 {_ko(c, '였다', '이었다')}."],
        Fact.GAIN: [lambda s, n: f"{s}번은 가넷 {n}개를 받았다."],
        Fact.PENALTY: [lambda s, n: f"{s}번은 벌금 {n}개를 냈다."],
        Fact.TOTAL: [lambda s, n: f"{s}번의 합계는 {n}개가 되었다.", lambda s, n: f"{s}번은 {n}개를 가지고 있다."],
        Fact.HOUSE: [lambda n: f"하우스에 {n}개가 돌아갔다."],
        Fact.ROUND: [lambda n: f"{n}라운드의 정체가 밝혀졌다."],
    },
    "ja": {
        Fact.CHOSE: [
            lambda s, c: f"{s}番は{c.name_in('ja')}だった。",
            lambda s, c: f"{s}番は{c.name_in('ja')}を選んだ。",
        ],
        Fact.ANNOUNCED: [
            lambda s, c: f"{s}番は{c.name_in('ja')}と名乗った。",
            lambda s, c: f"{s}番は{c.name_in('ja')}だと言った。",
        ],
        Fact.LIED: [lambda s: f"{s}番は嘘をついた。"],
        Fact.HONEST: [lambda s: f"{s}番は本当のことを言った。"],
        Fact.COUNT: [lambda c, n: f"{c.name_in('ja')}は{n}人だった。"],
        Fact.SHARE: [lambda c, n: f"{c.name_in('ja')}はそれぞれガーネットを{n}個ずつ得た。"],
        Fact.RECIPIENTS: [lambda c: f"分配先は{c.name_in('ja')}だった。"],
        Fact.GAIN: [lambda s, n: f"{s}番はガーネットを{n}個得た。"],
        Fact.PENALTY: [lambda s, n: f"{s}番は罰金{n}個を払った。"],
        Fact.TOTAL: [lambda s, n: f"{s}番の合計は{n}個になった。", lambda s, n: f"{s}番は{n}個を持っている。"],
        Fact.HOUSE: [lambda n: f"ハウスに{n}個戻った。"],
        Fact.ROUND: [lambda n: f"第{n}ラウンドの正体が明かされた。"],
    },
}
SCENES = {
    "en": ["The lamps flicker over the table.", "A chair creaks as the cards turn."],
    "ko": ["방 안에 정적이 흘렀다.", "누군가 조용히 웃었다."],
    "ja": ["部屋は静まり返った。", "誰かが小さく笑った。"],
}


def true_claims(revealed: dict[str, Any]) -> list[Claim]:
    """Every fact of the reveal, one claim each (shares only of characters someone chose)."""
    counts = {c: revealed["counts"][c.value] for c in CHARACTERS}
    gain = {
        c: next((g for s, g in zip(revealed["choices"], revealed["gains"], strict=True) if s == c.value), 0)
        for c in CHARACTERS
    }
    claims = [Claim(Fact.ROUND, number=revealed["round"]), Claim(Fact.HOUSE, number=revealed["house"])]
    claims.append(Claim(Fact.RECIPIENTS, characters=(Character.parse(revealed["recipient_group"]),)))
    for c in CHARACTERS:
        claims.append(Claim(Fact.COUNT, characters=(c,), number=counts[c]))
        if counts[c]:
            claims.append(Claim(Fact.SHARE, characters=(c,), number=gain[c], each=True))
    for i, seat in enumerate(SEATS):
        chose, said = Character.parse(revealed["choices"][i]), Character.parse(revealed["announcements"][i])
        claims += [Claim(Fact.CHOSE, (seat,), (chose,)), Claim(Fact.ANNOUNCED, (seat,), (said,))]
        claims.append(Claim(Fact.LIED if chose is not said else Fact.HONEST, (seat,)))
        claims += [
            Claim(fact, (seat,), number=revealed[key][i])
            for fact, key in ((Fact.GAIN, "gains"), (Fact.PENALTY, "penalties"), (Fact.TOTAL, "totals"))
        ]
    return claims


def told(claim: Claim, lang: str, form: int) -> str:
    """`claim` in `lang` by one of its templates."""
    forms = TEMPLATES[lang][claim.fact]
    template = forms[form % len(forms)]
    args: list[Any] = [*claim.seats, *claim.characters]
    if claim.number is not None:
        args.append(claim.number)
    return template(*args)  # type: ignore[no-any-return]


def changed(claim: Claim, shift: int, other: Character) -> Claim:
    """`claim` with one identity or number changed, so that it no longer holds."""
    if claim.fact in (Fact.LIED, Fact.HONEST):
        return Claim(Fact.HONEST if claim.fact is Fact.LIED else Fact.LIED, claim.seats)
    if claim.characters and claim.number is None:
        (character,) = claim.characters
        wrong = other if other is not character else CHARACTERS[(CHARACTERS.index(character) + 1) % 4]
        return Claim(claim.fact, claim.seats, (wrong,))
    assert claim.number is not None
    return Claim(claim.fact, claim.seats, claim.characters, claim.number + shift, claim.each)


@st.composite
def revealed_rounds(draw: st.DrawFn) -> dict[str, Any]:
    choices = draw(st.lists(characters, min_size=8, max_size=8))
    said = draw(st.lists(characters, min_size=8, max_size=8))
    before = tuple(draw(st.lists(st.integers(-3, 12), min_size=8, max_size=8)))
    return reveal(draw(st.integers(1, ROUNDS)), choices, said, before)


langs = st.sampled_from(["en", "ko", "ja"])


@settings(max_examples=150, deadline=None)
@given(revealed_rounds(), langs, st.data())
def test_a_narration_told_from_the_reveal_by_the_templates_is_accepted(
    revealed: dict[str, Any], lang: str, data: st.DataObject
) -> None:
    claims = data.draw(st.lists(st.sampled_from(true_claims(revealed)), min_size=1, max_size=8))
    told_ = [told(claim, lang, data.draw(st.integers(0, 1))) for claim in claims]
    told_.insert(data.draw(st.integers(0, len(told_))), data.draw(st.sampled_from(SCENES[lang])))
    text = " ".join(told_) if lang == "en" else ("" if lang == "ja" else " ").join(told_)
    assert check_reveal(text, lang, revealed) == (), text


@settings(max_examples=300, deadline=None)
@given(revealed_rounds(), langs, st.data())
def test_changing_any_one_identity_or_number_is_rejected(
    revealed: dict[str, Any], lang: str, data: st.DataObject
) -> None:
    claims = data.draw(st.lists(st.sampled_from(true_claims(revealed)), min_size=1, max_size=5))
    at = data.draw(st.integers(0, len(claims) - 1))
    shift = data.draw(st.integers(-3, 3).filter(bool))
    claims[at] = changed(claims[at], shift, data.draw(characters))
    text = " ".join(told(claim, lang, data.draw(st.integers(0, 1))) for claim in claims)
    reasons = check_reveal(text, lang, revealed)
    assert reasons, text
    assert all(isinstance(reason, Reason) for reason in reasons)


@settings(max_examples=200, deadline=None)
@given(revealed_rounds(), langs, st.data())
def test_a_claim_is_read_as_told(revealed: dict[str, Any], lang: str, data: st.DataObject) -> None:
    """What the checker reads from a template is the claim the template told (counts that a
    claim implies are read too), so an acceptance is never of something else."""
    claim = data.draw(st.sampled_from(true_claims(revealed)))
    (sentence,) = sentences(told(claim, lang, data.draw(st.integers(0, 1))))
    read = read_sentence(sentence, lang)
    assert isinstance(read, list) and claim in read, (sentence, read)


@pytest.mark.parametrize("change", [{"choices": ["Mafia"] * 7}, {"counts": {}}, {"house": "a lot"}, {"round": None}])
def test_a_reveal_the_protocol_never_records_is_an_error(change: dict[str, Any]) -> None:
    with pytest.raises(RevealError):
        check_reveal("Seat 1 was the Mafia.", "en", {**THIRD, **change})
