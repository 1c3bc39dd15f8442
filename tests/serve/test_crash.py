"""A server killed in the middle of a turn: after the restart the page goes on from what was kept.

The kill is a BaseException raised right after one event is committed (what SIGKILL leaves: that
line kept, nothing after it), on each kind of line a turn writes; a new Host on the same database is
the restarted server. Its page must show the turn finished (the bots moved, the reply shown) and
let the human play on, and no human turn may be lost or doubled."""

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


def killed_after(monkeypatch: pytest.MonkeyPatch, t: str, seat: str | None, nth: int = 1) -> None:
    """Kill the server once the `nth` `t` line (of `seat`, when given) is committed."""
    real = store_module.DbWriter.write
    seen = 0

    def write(self: store_module.DbWriter, event: str, **fields: Any) -> None:
        nonlocal seen
        real(self, event, **fields)
        if event == t and (seat is None or fields.get("seat") == seat):
            seen += 1
            if seen == nth:
                monkeypatch.setattr(store_module.DbWriter, "write", real)
                raise Killed

    monkeypatch.setattr(store_module.DbWriter, "write", write)


CASES = [
    # game, the human's input, the line after which the server dies
    ("monorail", {"text": "H@2,0"}, ("move", "first")),
    ("garnet", {"choice": "Police", "announcement": "I am the police"}, ("move", "1")),
    ("garnet", {"choice": "Police", "announcement": "I am the police"}, ("announced", None)),
    ("liar", {"text": "A, did B eat the cake?"}, ("player", None)),
    ("liar", {"text": "A, did B eat the cake?"}, ("verdict", None)),
]


@pytest.mark.parametrize(("game", "body", "kill"), CASES, ids=[f"{c[0]}-{c[2][0]}" for c in CASES])
def test_a_turn_cut_short_by_a_kill_is_finished_by_the_restarted_server(
    database_url: str, monkeypatch: pytest.MonkeyPatch, game: str, body: dict[str, Any], kill: tuple[str, str | None]
) -> None:
    async def play() -> None:
        args = serve_args()
        first = Host(Store.open(database_url), args)
        new = NewGame(game, "en", "offline" if game == "liar" else "bot:random", seat="1" if game == "garnet" else None)
        token = await first.create(new)
        if game == "liar":  # the incident is drawn: ask about it by its own words
            body["text"] = "A, is B the culprit?"
        killed_after(monkeypatch, *kill)
        with pytest.raises(Killed):
            await first.turn(token, body)

        restarted = Host(Store.open(database_url), args)
        page = await restarted.view(token)
        if game == "liar":
            assert page["feed"][-1]["kind"] != "you", "the question's reply is shown"
            assert page["prompt"]["kind"] == "text"
        elif not page["over"]:
            assert page["prompt"]["kind"] != "none", "the bots moved: it is the human's turn again"
        log = restarted.export(token).splitlines()
        human = [
            line
            for line in log
            if '"t": "player"' in line
            or ('"t": "move"' in line and '"seat": "1"' in line)
            or ('"t": "move"' in line and '"seat": "first"' in line)
        ]
        assert len(human) == 1, "the human's turn is kept once"
        if not page["over"] and game != "liar":
            again = await restarted.turn(token, body if game == "garnet" else {"text": "impossible"})
            assert again["feed"] != page["feed"]
        await restarted.aclose()

    asyncio.run(play())
