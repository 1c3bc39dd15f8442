"""A server killed in the middle of a turn, or right after committing it: after the restart the
page goes on from what was committed, and no human turn is lost or doubled.

A request's events are committed together (refgm.serve.store): a kill before the commit leaves the
game as it was before the turn (nothing of it kept, the human may play it again); a kill after the
commit, before the answer, leaves the whole turn kept, and the restarted server's page shows it.
The kill is a BaseException raised at that point; a new Host on the same database is the
restarted server."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from refgm.serve import store as store_module
from refgm.serve.host import Host, NewGame
from refgm.serve.store import Store
from tests.serve.api import serve_args


class Killed(BaseException):
    """The server process dies here."""


def killed_while_writing(monkeypatch: pytest.MonkeyPatch, t: str) -> None:
    """Kill the server as the table writes its first `t` line of the turn (before any commit)."""
    real = store_module.DbWriter.write

    def write(self: store_module.DbWriter, event: str, **fields: Any) -> None:
        real(self, event, **fields)
        if event == t:
            monkeypatch.setattr(store_module.DbWriter, "write", real)
            raise Killed

    monkeypatch.setattr(store_module.DbWriter, "write", write)


def killed_after_commit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Kill the server once the turn is committed, before it answers."""
    real = store_module.DbLedger.flush

    def flush(self: store_module.DbLedger) -> None:
        real(self)
        monkeypatch.setattr(store_module.DbLedger, "flush", real)
        raise Killed

    monkeypatch.setattr(store_module.DbLedger, "flush", flush)


MOVES: dict[str, dict[str, str]] = {
    "monorail": {"text": "H@2,0"},
    "garnet": {"choice": "Police", "announcement": "I am the police"},
    "liar": {"text": "A, is B the culprit?"},
}
CASES = [  # game, where the kill falls: a line the turn writes, or "commit"
    ("monorail", "move"),
    ("monorail", "commit"),
    ("garnet", "move"),
    ("garnet", "revealed"),
    ("garnet", "commit"),
    ("liar", "verdict"),
    ("liar", "model_attempt"),
    ("liar", "commit"),
]


def human_turns(log: list[str]) -> int:
    return sum(
        1
        for line in log
        if '"t": "player"' in line or ('"t": "move"' in line and ('"seat": "1"' in line or '"seat": "first"' in line))
    )


@pytest.mark.parametrize(("game", "kill"), CASES, ids=[f"{game}-{kill}" for game, kill in CASES])
def test_a_killed_turn_is_kept_whole_or_not_at_all(
    database_url: str, monkeypatch: pytest.MonkeyPatch, game: str, kill: str
) -> None:
    async def play() -> None:
        args = serve_args()
        first = Host(Store.open(database_url), args)
        new = NewGame(game, "en", "offline" if game == "liar" else "bot:random", seat="1" if game == "garnet" else None)
        token = await first.create(new)
        before = (await first.view(token))["feed"]
        if kill == "commit":
            killed_after_commit(monkeypatch)
        else:
            killed_while_writing(monkeypatch, kill)
        with pytest.raises(Killed):
            await first.turn(token, MOVES[game])

        restarted = Host(Store.open(database_url), args)
        page = await restarted.view(token)
        log = restarted.export(token)[1].splitlines()
        if kill == "commit":
            assert human_turns(log) == 1, "the committed turn is kept once"
            assert page["feed"][: len(before)] == before and len(page["feed"]) > len(before)
            assert page["feed"][-1]["kind"] != "you", "its reply is shown"
        else:
            assert human_turns(log) == 0, "nothing of a turn the kill cut short is kept"
            assert page["feed"] == before
        assert page["over"] or page["prompt"]["kind"] != "none", "it is the human's turn"
        if not page["over"]:
            again = await restarted.turn(
                token, MOVES[game] if game != "monorail" or kill != "commit" else {"text": "impossible"}
            )
            assert human_turns(restarted.export(token)[1].splitlines()) == human_turns(log) + 1
            assert again["feed"] != page["feed"]
        await restarted.aclose()

    asyncio.run(play())
