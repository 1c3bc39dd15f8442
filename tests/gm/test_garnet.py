"""Garnet Thief at the table (gm.garnet): the texts in three languages, the table of past rounds,
the human's choice, the agent's brief and its reading of a spoken announcement, model seats on
a loopback server (asked again with the reason, then the bot), and the isolation of every
model seat's context from the other seats' choices of the round."""

from __future__ import annotations

import asyncio
import io
import itertools
import json
import re
from dataclasses import replace
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from gm.actors.model import request_json
from gm.agent import ModelAgent, Retry, brief_for
from gm.backends.base import RetryPolicy
from gm.backends.openai import OpenAIBackend
from gm.bots import open_bot
from gm.garnet import (
    BRIEF,
    LANGS,
    ChoiceReply,
    DesignationReply,
    Terminal,
    Texts,
    UnclearReplyError,
    read_choice,
    rounds_table,
)
from gm.match import AgentPlayer, BotPlayer, Human, Match, Player, replay
from gm.recorder import read
from gm.render import template
from referee.game import Json
from referee.garnet import CHARACTERS, SEATS, Character, Choose, Designate, Fault, IllegalMoveError
from referee.garnet.protocol import GAME
from referee.garnet.words import Why
from tests.gm.backends.servers import Answer, FaultServer, Received

FAST = RetryPolicy(attempts=2, timeout_s=5.0, base_delay_s=0.01)


def events(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def played(moves: list[tuple[str, str]]) -> Any:
    """The state after `moves` (chosen, announced, by English name), seats in turn."""
    state = GAME.start({})
    for chosen, said in moves:
        seat = GAME.to_move(state)
        assert seat is not None
        state = GAME.step(state, seat, Choose(Character(chosen), Character(said)))
    return state


ALL_BEGGARS = [("Beggar", "Beggar")] * 64
"""Everyone a truthful Beggar every round: nobody gains, all eight tie, seat 1 designates."""


# Round 1: five Mafia (one a bluffing Beggar announced as Mafia), one Police, two Beggars.
ROUND_1 = [("Mafia", "Mafia")] * 4 + [
    ("Beggar", "Mafia"),
    ("Police", "Police"),
    ("Mafia", "Mafia"),
    ("Beggar", "Cartel"),
]


def test_the_table_of_past_rounds_is_the_views_history_in_columns() -> None:
    view = GAME.view(played(ROUND_1), "1")
    assert rounds_table(view) == (
        "         1      2      3      4      5      6      7      8\n"
        " 1    M +0   M +0   M +0   M +0 B>M +2   P +0   M +0 B>C +2\n"
        " Σ       0      0      0      0      2      0      0      2"
    )
    assert rounds_table(GAME.view(GAME.start({}), "1")) == ""


def test_a_clamped_balance_shows_the_change_the_total_made_beside_the_penalty() -> None:
    state = GAME.start({"allow_negative": False})
    for chosen, said in ROUND_1[:7] + [("Mafia", "Police")]:  # seat 8 bluffs as a Mafia paid 0
        seat = GAME.to_move(state)
        assert seat is not None
        state = GAME.step(state, seat, Choose(Character(chosen), Character(said)))
    view = GAME.view(state, "8")
    (played,) = view["history"]
    assert played["penalties"][7] == 1 and played["delta"][7] == -1 and played["applied"][7] == 0
    assert rounds_table(view).splitlines()[1].endswith("M>P +0")
    shown = Texts("en").revealed(played, view, {})
    assert "seat 8 pays 1" in shown and ", seat 8 +0." in shown and ", seat 8 0." in shown


@pytest.mark.parametrize(
    ("typed", "choice"),
    [
        ("1", Character.MAFIA),
        ("2", Character.CARTEL),
        (" 3 ", Character.POLICE),
        ("４", Character.BEGGAR),  # full-width, as a Korean or Japanese input method types it
        ("Police", Character.POLICE),
        ("cartel", Character.CARTEL),
        ("거지", Character.BEGGAR),
        ("警察", Character.POLICE),
        ("マフィア", Character.MAFIA),
        ("5", None),
        ("0", None),
        ("I'm police", None),  # a choice is a number or a name, never read like an announcement
        ("", None),
    ],
)
def test_a_typed_choice_is_a_number_or_a_name(typed: str, choice: Character | None) -> None:
    assert read_choice(typed) == choice


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_renders_in_every_language(lang: str) -> None:
    texts = Texts(lang)
    after = played(ROUND_1)
    view = GAME.view(after, "6")
    names = {"6": texts.message("you"), "1": texts.message("bot", level="random")}
    shown = [
        texts.view(GAME.view(GAME.start({}), "1")),
        texts.view(view),
        texts.revealed(view["history"][0], view, names),
        texts.rules(view),
        texts.rules(view, "help"),
        texts.rules(view, "agent_system"),
    ]
    messages: dict[str, dict[str, Any]] = {
        "opening": {"you": "Y", "seats": ["A", "B"], "rounds": 8, "pot": 4, "commitment": "c" * 64},
        "seat": {"seat": "3", "name": None},
        "round_begins": {"round": 2, "rounds": 8, "order": ["A", "B"]},
        "your_choice": {},
        "not_a_choice": {},
        "your_announcement": {},
        "announced": {"who": "A", "character": "C"},
        "fallback": {"who": "A", "attempts": 3},
        "narration": {"text": "The masks came off."},
        "your_designation": {"tied": ["A", "B"]},
        "not_a_seat": {"tied": ["A", "B"]},
        "designated": {"who": "A", "candidate": "B"},
        "designated_nobody": {"who": "A", "candidate": "B"},
        "reveal": {"seed": 1, "nonce": "n", "text": "t", "commitment": "c"},
        "saved": {"game_id": "g"},
        "resumed": {"game_id": "g", "ply": 3},
        "torn": {"line": 4},
        "you": {},
        "bot": {"level": "random"},
        "agent": {"name": "openai:m"},
        "refused": {"fault": None, "detail": "d", "tied": []},  # each fault: the test below
        "unclear": {"why": "hedge"},  # each reason: the test below
    }
    written = re.findall(r'key == "([a-z_]+)"', (files("prompts") / "garnet" / lang / "messages.j2").read_text("utf-8"))
    assert sorted(written) == sorted(messages)  # every message is rendered here, and no other
    for key, values in messages.items():
        shown.append(texts.message(key, **values))
    assert all(text.strip() for text in shown)
    assert all("{{" not in text and "{%" not in text for text in shown)
    # The numbers and names are the referee's: the reveal names the bluffers and the shares.
    revealed = shown[2]
    for character in CHARACTERS:
        assert character.name_in(lang) in revealed
    assert texts.seat("6", names) in revealed and "+2" in revealed


@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_and_refusal_has_its_own_words(lang: str) -> None:
    texts = Texts(lang)
    reasons = {texts.unclear(why) for why in Why}
    assert len(reasons) == len(Why)
    view = GAME.view(GAME.start({}), "1")
    refusals = {texts.refusal(IllegalMoveError(fault, "DETAIL"), view) for fault in Fault}
    assert len(refusals) == len(Fault) and all("DETAIL" not in text for text in refusals)


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_text_says_this_games_numbers(lang: str) -> None:
    view = GAME.view(GAME.start({"pot": 5, "penalty": 2, "start": 3, "allow_negative": False}), "1")
    text = Texts(lang).rules(view)
    assert all(str(n) in text for n in (5, 2, 3))
    assert text != Texts(lang).rules(GAME.view(GAME.start({}), "1"))


def test_the_result_names_the_winners_and_the_candidate() -> None:
    state = played(ALL_BEGGARS)
    texts = Texts("en")
    view = GAME.view(state, "2")
    assert view["designator"] == "1"
    pending = texts.result(view, {})
    assert "seat 1 names the elimination candidate" in pending
    over = GAME.view(GAME.step(state, "1", Designate("5")), "2")
    assert "The elimination candidate: seat 5, with 0 garnets, named among seat 1" in texts.result(over, {})


# --- the brief -------------------------------------------------------------------------------------


def test_the_brief_is_registered_and_asks_a_designation_only_of_the_designator() -> None:
    assert brief_for("garnet") is BRIEF
    assert BRIEF.reply(GAME.view(GAME.start({}), "1")) is ChoiceReply
    state = played(ALL_BEGGARS)
    assert BRIEF.reply(GAME.view(state, "1")) is DesignationReply
    assert BRIEF.reply(GAME.view(state, "2")) is ChoiceReply  # not asked: it is not its turn


@pytest.mark.parametrize(
    ("lang", "said", "announced"),
    [
        ("en", "I'm police", Character.POLICE),
        ("en", "Mafia.", Character.MAFIA),
        ("ko", "저는 경찰입니다", Character.POLICE),
        ("ko", "카르텔", Character.CARTEL),
        ("ja", "私はマフィアです", Character.MAFIA),
        ("ja", "物乞いです", Character.BEGGAR),
    ],
)
def test_the_brief_reads_the_spoken_announcement(lang: str, said: str, announced: Character) -> None:
    move = BRIEF.move(ChoiceReply(choice="Beggar", announcement=said), lang)
    assert move == Choose(Character.BEGGAR, announced)


@pytest.mark.parametrize(
    ("lang", "said", "why", "shown"),
    [
        ("en", "maybe police", Why.HEDGE, "That is a hedge"),
        ("en", "seat 3 is mafia", Why.OTHER_SEAT, "another seat or player"),
        ("en", "mafia or police", Why.SEVERAL, "more than one character"),
        ("en", "", Why.EMPTY, "Nothing was said"),
        ("ko", "아마 경찰", Why.HEDGE, "얼버무리는 말"),
        ("ja", "警察じゃない", Why.NEGATION, "何でないかを言っています"),
    ],
)
def test_an_announcement_that_is_not_one_character_about_the_speaker_is_refused_with_why(
    lang: str, said: str, why: Why, shown: str
) -> None:
    with pytest.raises(UnclearReplyError) as refused:
        BRIEF.move(ChoiceReply(choice="Police", announcement=said), lang)
    assert refused.value.why is why and shown in str(refused.value)
    assert json.dumps(said, ensure_ascii=False) in str(refused.value)


def test_the_brief_reads_a_designation() -> None:
    assert BRIEF.move(DesignationReply(designate="5"), "en") == Designate("5")


@pytest.mark.parametrize("lang", LANGS)
def test_the_agents_chat_is_its_view_with_the_rules_and_a_retry_says_why(lang: str) -> None:
    view = GAME.view(played(ROUND_1 + ROUND_1[:3]), "4")
    system, user = BRIEF.messages(view, lang, None)
    assert system.role == "system" and Texts(lang).rules(view) in system.content
    assert Texts(lang).view(view) in user.content and json.dumps(view, ensure_ascii=False) in user.content
    _, retried = BRIEF.messages(view, lang, Retry(None, "REASON"))
    assert retried.content.startswith(user.content) and "REASON" in retried.content


# --- model seats on a loopback server ----------------------------------------------------------


def choose(character: str, said: str) -> Answer:
    return Answer(json.dumps({"choice": character, "announcement": said}, ensure_ascii=False))


def agent(server: FaultServer, lang: str = "en", key: bytes = b"k" * 32) -> ModelAgent:
    return ModelAgent(OpenAIBackend("scripted", FAST, base_url=server.openai_url), BRIEF, lang, key=key)


def bots(**others: Player) -> dict[str, Player]:
    seats: dict[str, Player] = {seat: BotPlayer(open_bot("garnet", "random")) for seat in SEATS}
    seats.update(others)
    return seats


@pytest.mark.parametrize(
    ("lang", "first", "second"),
    [
        ("en", "maybe police", "That is a hedge"),
        ("ko", "아마 경찰", "얼버무리는 말"),
        ("ja", "たぶん警察", "ぼかした言い方"),
    ],
)
def test_an_unclear_announcement_is_asked_again_with_the_reason_then_the_bot_plays(
    tmp_path: Path, lang: str, first: str, second: str
) -> None:
    script = [choose("Police", first), choose("Police", "seat 3 is mafia"), Answer("not json")]
    log = tmp_path / "g.jsonl"
    with FaultServer(script) as server:
        players = bots(**{"1": AgentPlayer(agent(server, lang), open_bot("garnet", "truthful"))})
        match = Match.start(GAME, players, log, "g", seed=3, lang=lang)
        turn = asyncio.run(match.turn())
        match.close()
        sent = [r.body["messages"][-1]["content"] for r in server.received]
    assert turn.fallback and turn.by == "bot" and len(turn.attempts) == 3
    recorded = events(log)
    attempts = [e for e in recorded if e["t"] == "agent_attempt"]
    assert [(a["attempt"], a["accepted"], a["move"]) for a in attempts] == [
        (1, False, None),
        (2, False, None),
        (3, False, None),
    ]
    assert second in attempts[0]["reason"] and json.dumps(first, ensure_ascii=False) in attempts[0]["reason"]
    assert Texts(lang).unclear(Why.OTHER_SEAT) in attempts[1]["reason"]
    assert "not the requested JSON" in attempts[2]["reason"]
    assert all(a["see"] == "seat" and a["seat"] == "1" and a["raw"] for a in attempts)
    assert (
        attempts[0]["reason"] in sent[1] and attempts[1]["reason"] in sent[2] and attempts[0]["reason"] not in sent[0]
    )
    (move,) = [e for e in recorded if e["t"] == "move"]
    assert move["fallback"] is True and move["by"] == "bot" and move["see"] == "seat"
    assert move["move"]["choose"] == move["move"]["announce"]  # the truthful bot played it
    assert replay(read(log), GAME).problems == ()


def test_an_announcement_read_again_is_played(tmp_path: Path) -> None:
    script = [choose("Mafia", "I think I'm police"), choose("Mafia", "저는 경찰입니다")]
    log = tmp_path / "g.jsonl"
    with FaultServer(script) as server:
        match = Match.start(GAME, bots(**{"1": AgentPlayer(agent(server), open_bot("garnet"))}), log, "g", seed=4)
        turn = asyncio.run(match.turn())
        match.close()
    assert turn.by == "agent" and turn.move == Choose(Character.MAFIA, Character.POLICE)
    recorded = events(log)
    assert [e["accepted"] for e in recorded if e["t"] == "agent_attempt"] == [False, True]
    assert [e["t"] for e in recorded[-2:]] == ["move", "announced"] and recorded[-1]["public"] == {"announce": "Police"}


def beggar_human(seat: str) -> Human:
    """A seat that is always a truthful Beggar: with everyone doing so, all eight tie at 0."""

    async def ask(view: Json, refusal: ValueError | None) -> Any:
        return Choose(Character.BEGGAR, Character.BEGGAR)

    return Human(ask, name=f"beggar:{seat}")


def test_a_model_designator_names_a_tied_last_place_and_is_refused_one_that_is_not(tmp_path: Path) -> None:
    def model(received: Received) -> Answer:
        user = received.body["messages"][-1]["content"]
        if "elimination candidate: one of seats" in user:
            return Answer(json.dumps({"designate": "9" if "was not played" not in user else "5"}))
        return choose("Beggar", "I'm a beggar")

    log = tmp_path / "g.jsonl"
    with FaultServer([], then=model) as server:
        players: dict[str, Player] = {seat: beggar_human(seat) for seat in SEATS}
        players["1"] = AgentPlayer(agent(server), open_bot("garnet"))
        match = Match.start(GAME, players, log, "g", seed=5)
        asyncio.run(match.run())
        match.close()
    assert match.state.candidate == "5"
    designations = [e for e in events(log) if e["t"] == "agent_attempt" and e["ply"] == 64]
    assert [(e["move"], e["accepted"]) for e in designations] == [
        ({"designate": "9"}, False),
        ({"designate": "5"}, True),
    ]
    assert "seat 9 is not among the last places" in designations[0]["reason"]
    assert replay(read(log), GAME).problems == ()


# --- isolation: a model seat's context is its view, whatever the others chose ---------------------

AGENT_SEATS = ("2", "5", "8")


def simulated(received: Received) -> Answer:
    """A model that reads only the view it is sent, choosing from its text; every seventh answer
    hedges, so some turns are asked again."""
    user = received.body["messages"][-1]["content"]
    view = json.loads(next(line for line in user.split("\n") if line.startswith('{"seat"')))
    if view["designator"] == view["seat"]:
        return Answer(json.dumps({"designate": view["last_places"][-1]}))
    if received.index % 7 == 3:
        return choose("Police", "maybe police")
    character = CHARACTERS[(received.index + len(view["announcements"])) % 4].value
    said = CHARACTERS[received.index % 4].value
    return choose(character, f"I'm {said}")


def test_no_other_seats_choice_this_round_ever_enters_a_model_seats_request(tmp_path: Path) -> None:
    """For every request a model seat was sent, the other seats' choices this round (secret
    until the reveal) are changed to every alternative: the seat's view and so the request
    rebuilt from it are byte-identical to the one recorded."""
    log = tmp_path / "g.jsonl"
    with FaultServer([], then=simulated) as server:
        agents = {seat: agent(server, key=seat.encode() * 32) for seat in AGENT_SEATS}
        players = bots(**{seat: AgentPlayer(a, open_bot("garnet")) for seat, a in agents.items()})
        match = Match.start(GAME, players, log, "g", seed=6)
        asyncio.run(match.run())
        match.close()
    recorded = events(log)
    attempts = [e for e in recorded if e["t"] == "agent_attempt"]
    assert len(attempts) > 3 * 8 and any(not a["accepted"] for a in attempts)  # retries were made
    states = _states(recorded)
    checked = 0
    for i, attempt in enumerate(attempts):
        seat, ply = attempt["seat"], attempt["ply"]
        state = states[ply]
        retry = None
        if attempt["attempt"] > 1:
            before = attempts[i - 1]
            retry = Retry(None if before["move"] is None else GAME.move_from_json(before["move"]), before["reason"])
        views = {json.dumps(GAME.view(alt, seat), ensure_ascii=False) for alt in _alternatives(state, seat)}
        assert len(views) == 1, f"ply {ply}: seat {seat}'s view depends on another seat's secret choice"
        view = json.loads(views.pop())
        rebuilt = request_json(agents[seat].name, agents[seat].request(view, ply, attempt["attempt"], retry))
        assert rebuilt == attempt["request"]
        checked += 1
    assert checked == len(attempts)


def _states(recorded: list[dict[str, Any]]) -> list[Any]:
    """The state before each ply, re-stepped from every recorded move (the referee's whole log)."""
    state = GAME.start(recorded[0]["config"]["rules"])
    states = [state]
    for event in recorded:
        if event["t"] == "move":
            state = GAME.step(state, event["seat"], GAME.move_from_json(event["move"]))
            states.append(state)
    return states


def _alternatives(state: Any, seat: str) -> list[Any]:
    """`state` with the other seats' choices this round replaced by every combination of
    characters (their announcements, public, kept), `seat`'s own choice as it was."""
    others = [i for i, chooser in enumerate(state.order[: len(state.turns)]) if chooser != seat]
    alternatives = []
    for combination in itertools.product(CHARACTERS, repeat=len(others)):
        turns = list(state.turns)
        for i, character in zip(others, combination, strict=True):
            turns[i] = Choose(character, turns[i].announcement)
        alternatives.append(replace(state, turns=tuple(turns)))
    return alternatives


# --- the human at the terminal -------------------------------------------------------------------


def reading(*typed: str) -> Any:
    """A front end's reader of `typed`, then the end of input."""
    source = iter(typed)

    async def next_line() -> str | None:
        return next(source, None)

    return next_line


def test_the_terminal_reads_the_choice_hidden_and_the_announcement_aloud(tmp_path: Path) -> None:
    out = io.StringIO()
    terminal = Terminal(
        Texts("en"), out, reading("maybe police", "I'm police"), reading("9", "Mafia"), "1", {}, echo=True
    )
    match = Match.start(GAME, bots(**{"1": Human(terminal.ask)}), tmp_path / "g.jsonl", "g", seed=7)
    turn = asyncio.run(match.turn())
    match.close()
    assert turn.move == Choose(Character.MAFIA, Character.POLICE)  # the choice from the secret reader alone
    shown = out.getvalue()
    assert shown.count("> ****") == 2 and "> 9" not in shown and "> Mafia" not in shown
    assert "> maybe police" in shown and Texts("en").unclear(Why.HEDGE) in shown
    assert "That is none of the four (what you typed is not shown)" in shown


def test_the_human_winner_designates_among_the_tied_last_places(tmp_path: Path) -> None:
    out = io.StringIO()
    # Seat 1 is always a truthful Beggar like everyone: all eight tie, and seat 1 designates.
    secrets = ["4"] * 8
    spoken = ["I'm a beggar"] * 8 + ["seat nine", "9", "5"]
    terminal = Terminal(Texts("en"), out, reading(*spoken), reading(*secrets), "1", {}, echo=True)
    players: dict[str, Player] = {seat: beggar_human(seat) for seat in SEATS}
    players["1"] = Human(terminal.ask)
    match = Match.start(GAME, players, tmp_path / "g.jsonl", "g", seed=8)
    asyncio.run(match.run(terminal.played))
    match.close()
    assert match.state.candidate == "5"
    shown = out.getvalue()
    assert "You are the winner who names the elimination candidate: seat 1, seat 2" in shown
    assert "Type the seat number of one of seat 1, seat 2" in shown  # 'seat nine' is no seat number
    assert "The candidate must be one of seat 1, seat 2, seat 3" in shown  # 9 is, but not a tied one
    assert "Seat 1 names seat 5 as the elimination candidate." in shown
    refused = [e for e in events(tmp_path / "g.jsonl") if e["t"] == "refused"]
    assert [(e["move"], e["see"]) for e in refused] == [({"designate": "9"}, "seat")]


@pytest.mark.parametrize("lang", LANGS)
def test_a_text_kept_for_its_values_is_the_one_the_template_makes_of_them(lang: str) -> None:
    """Texts of hashable values are kept (gm.garnet._rendered): each is still the template's own
    text of exactly those values, a value of another type (1, 1.0, True) included."""
    texts = Texts(lang)

    def fresh(which: str, /, **values: Any) -> str:
        return template("garnet", lang, which).render(**values).strip()

    for attempts in (1, 1.0, True, 2, 1, True):
        said = texts.message("fallback", who=texts.seat("3"), attempts=attempts)
        assert said == fresh(
            "messages", key="fallback", who=fresh("messages", key="seat", seat="3", name=None), attempts=attempts
        )
    for seat, name in (("3", None), ("3", "you"), ("4", None), ("3", None)):
        assert texts.seat(seat, {seat: name} if name else None) == fresh("messages", key="seat", seat=seat, name=name)
    tied = ["seat 1", "seat 2"]  # a list: not kept, made each time
    assert texts.message("your_designation", tied=tied) == fresh("messages", key="your_designation", tied=tied)
