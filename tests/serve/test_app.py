"""Playing through the JSON API, on SQLite and PostgreSQL: every game in every language to its end,
a server restarted midway losing and doubling no turn, refused inputs charging nothing."""

from __future__ import annotations

import hashlib

import pytest

from referee.commitment import verify
from refgm.serve.store import Store
from tests.serve.api import QUESTION, Json, events, play_on, sealed, served

GAMES = ("liar", "monorail", "garnet")
LANGS = ("ko", "ja", "en")
OPPONENT = {"liar": "offline", "monorail": "bot:random", "garnet": "bot:expected"}


def human_moves(log: list[Json], seat: str) -> int:
    """The human's moves in a log: its questions and guesses, or its seat's moves."""
    if log[0]["game"] == "liar":
        return sum(1 for e in log if e["t"] == "player")
    return sum(1 for e in log if e["t"] == "move" and e.get("seat") == seat)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_played_to_its_end_across_a_restart(database_url: str, game: str, lang: str) -> None:
    """Half a game, the server gone (a new Host and app on the database), the rest of it: the page
    after the restart is the page before it, the next turn works, every human turn is in the log
    once, and the end reveals what opens the commitment shown at the start."""
    store = Store.open(database_url)
    with served(store) as api:
        token = api.new(game, lang, opponent=OPPONENT[game])
        before, first = play_on(api, token, store, turns=1 if game == "liar" else 2)
        assert not before["over"] and before["lang"] == lang and before["reveal"] is None
        secret = sealed(store, token)
    store.engine.dispose()

    restarted = Store.open(database_url)
    with served(restarted) as api:
        assert api.view(token) == before
        view, rest = play_on(api, token, restarted)
        log = events(api.export(token))
        again = api.turn(token, {"text": "A, are you the liar?"})
        assert again.status_code == 409
    restarted.engine.dispose()

    assert view["over"] and view["prompt"]["kind"] == "none"
    assert view["feed"][: len(before["feed"])] == before["feed"]
    assert human_moves(log, str(view["seat"])) == first + rest
    started, ended = log[0], log[-1]
    assert ended["t"] == "game_ended"
    reveal = view["reveal"]
    assert reveal["nonce"] == secret["nonce"] and reveal["commitment"] == started["commitment"]
    if game == "liar":
        assert reveal["secret"] == secret["secret"]
        assert verify(started["commitment"], reveal["secret"], reveal["nonce"])
        assert view["view"]["remaining"] == 7 - 1  # the question; the right guess costs nothing
    else:
        assert reveal["seed"] == secret["seed"]
        assert hashlib.sha256(reveal["text"].encode()).hexdigest() == started["commitment"]
        assert view["result"] is not None
    assert any(e["kind"] == "referee" and reveal["nonce"] in e["text"] for e in view["feed"]) or game == "liar"


def shown(view: Json) -> Json:
    """What a page shows the human (its feed, board or table, prompt)."""
    return {key: view[key] for key in ("feed", "view", "prompt", "over", "reveal")}


@pytest.mark.parametrize(
    ("game", "body", "refused_line"),
    [
        ("monorail", {"text": "H@9,9"}, True),  # the referee refuses it: the terminal logs it
        ("monorail", {"text": "no move at all"}, False),  # not read as a move
        ("garnet", {"choice": "Banana", "announcement": "Mafia"}, False),
        ("garnet", {"choice": "Cartel", "announcement": "zzzz qqqq"}, False),
    ],
)
def test_a_refused_input_is_a_422_that_changes_nothing_shown(
    database_url: str, game: str, body: Json, refused_line: bool
) -> None:
    store = Store.open(database_url)
    with served(store) as api:
        token = api.new(game, "ko", **({"seat": "1"} if game == "garnet" else {}))
        row = store.find(token)
        assert row is not None
        lines, view = store.lines(row.id), api.view(token)
        answer = api.turn(token, body)
        assert answer.status_code == 422, answer.text
        assert answer.json()["error"] and any("\uac00" <= ch <= "\ud7a3" for ch in answer.json()["error"])  # Korean
        after = store.lines(row.id)
        assert after[: len(lines)] == lines
        added = [e["t"] for e in events("\n".join(after[len(lines) :]))]
        assert added == (["refused"] if refused_line else [])
        assert shown(answer.json()["view"]) == shown(view) == shown(api.view(token))
        # The game goes on: the next input is taken.
        next_view, taken = play_on(api, token, store, turns=1)
        assert taken == 1 and next_view["feed"] != view["feed"]
    store.engine.dispose()


def test_a_malformed_turn_is_a_400_and_writes_nothing(database_url: str) -> None:
    store = Store.open(database_url)
    with served(store) as api:
        token = api.new("liar", "en")
        row = store.find(token)
        assert row is not None
        lines = store.lines(row.id)
        for body in ({}, {"text": ""}, {"text": "   "}, {"text": 7}, {"choice": "Mafia"}):
            answer = api.turn(token, body)
            assert answer.status_code == 400, (body, answer.text)
        no_counts: tuple[object, ...] = (-1, 1.5, True, "x", [], {"n": 1})  # of the feed's entries the page has
        for since in no_counts:
            answer = api.turn(token, {"text": QUESTION["en"], "since": since})
            assert answer.status_code == 400 and answer.json()["error"].startswith("since:"), (since, answer.text)
        assert store.lines(row.id) == lines
        assert api.turn(token, {"text": QUESTION["en"], "since": None}).json()["since"] == 0  # null: the whole feed
    store.engine.dispose()


def test_new_games_are_checked(database_url: str) -> None:
    store = Store.open(database_url)
    with served(store) as api:
        options = api.client.get("/api/options").json()
        assert [g["name"] for g in options["games"]] == list(GAMES) and options["langs"] == ["ko", "ja", "en"]
        for body in (
            {"game": "chess", "lang": "en"},
            {"game": "liar", "lang": "fr"},
            {"game": "liar", "lang": "en", "opponent": "openai:gpt-x"},  # not offered by this server
            {"game": "garnet", "lang": "en", "seat": "9"},
            {"game": "monorail", "lang": "en", "first": "nobody"},
        ):
            answer = api.post("/api/games", body)
            assert answer.status_code == 400, (body, answer.text)
        with store.engine.connect() as db:
            from refgm.serve.store import games

            assert db.execute(games.select()).first() is None
        monorail = api.view(api.new("monorail", "en", first="opponent"))
        assert monorail["seat"] == "second" and monorail["view"]["placed"]  # the bot placed first
        garnet = api.view(api.new("garnet", "ja", seat="4"))
        assert garnet["seat"] == "4" and [a["seat"] for a in garnet["view"]["announcements"]] == ["1", "2", "3"]
    store.engine.dispose()


def test_the_view_says_whose_words_are_whose(database_url: str) -> None:
    """The referee's text and the characters' lines are apart: the offline actor's answer is a
    character line naming its speaker, the count after it the referee's."""
    store = Store.open(database_url)
    with served(store) as api:
        token = api.new("liar", "en")
        view = api.played(token, {"text": "A, are you the liar?"})
    kinds = [(e["kind"], e["who"]) for e in view["feed"] if e["at"] == 1]
    assert kinds == [("you", None), ("character", "A"), ("referee", None)]
    assert "6 left" in view["feed"][-1]["text"]
    store.engine.dispose()
