"""The store on SQLite and a real PostgreSQL: migrations, events kept exactly, export and import, stale servers."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import Connection

from refgm.cli import main
from refgm.serve.store import DbLedger, StaleGameError, Store, committer, games, open_engine, token_hash
from tests.serve.api import events, play_on, served


def test_migrations_make_the_schema_on_an_empty_database_and_again_are_a_no_op(database_url: str) -> None:
    engine = open_engine(database_url)
    tables = set(sa.inspect(engine).get_table_names())
    assert {"games", "events", "alembic_version"} <= tables
    with engine.connect() as db:
        version = db.execute(sa.text("SELECT version_num FROM alembic_version")).scalars().all()
    engine.dispose()
    again = open_engine(database_url)
    with again.connect() as db:
        assert db.execute(sa.text("SELECT version_num FROM alembic_version")).scalars().all() == version
    assert set(sa.inspect(again).get_table_names()) == tables
    again.dispose()
    assert len(version) == 1


ODD = ("가넷 \u200b", "食べた\U0001f370", 'quote " back \\ slash', "  spaces  ", "\t\r tab", "<b>&amp;</b>", "")
"""Texts a store could mangle: Korean, Japanese, an emoji, escapes, edge spaces, markup, nothing."""


def test_a_games_events_come_back_in_order_byte_for_byte(database_url: str) -> None:
    store = Store.open(database_url)
    with served(store) as api:
        token = api.new("liar", "ko")
        play_on(api, token, store, turns=1)
    row = store.find(token)
    assert row is not None
    ledger = DbLedger(store.engine, row.id)
    ledger.load()
    writer = ledger.append()
    for n, text in enumerate(ODD):
        writer.write("note", turn=9, n=n, text=text, big=2**62 + n, ratio=0.1 + n)
    ledger.flush()
    expected = list(ledger.lines)
    assert [json.loads(line).get("text") for line in expected[-len(ODD) :]] == list(ODD)
    fresh = Store.open(database_url)  # another engine, as another server would read it
    assert fresh.lines(row.id) == expected
    assert [line.encode() for line in fresh.lines(row.id)] == [line.encode() for line in expected]
    with fresh.engine.connect() as db:
        seqs = db.execute(sa.text("SELECT seq FROM events WHERE game_id = :id ORDER BY seq"), {"id": row.id})
        assert list(seqs.scalars()) == list(range(1, len(expected) + 1))
    with served(fresh) as api:
        assert api.export(token).encode() == "".join(line + "\n" for line in expected).encode()
    fresh.engine.dispose()
    store.engine.dispose()


@pytest.mark.parametrize("game", ["liar", "monorail", "garnet"])
def test_the_export_of_a_finished_game_is_a_log_replay_and_audit_accept_and_it_imports(
    database_url: str, tmp_path: Path, game: str
) -> None:
    store = Store.open(database_url)
    with served(store) as api:
        token = api.new(game, "ja", **({"opponent": "bot:random"} if game == "monorail" else {}))
        play_on(api, token, store)
        text = api.export(token)
        row = store.find(token)
        assert row is not None and row.ended
        assert text == "".join(line + "\n" for line in store.lines(row.id))
        assert events(text)[-1]["t"] == "game_ended"
        path = tmp_path / f"{game}.jsonl"
        path.write_text(text, encoding="utf-8")
        assert main(["replay", str(path)]) == 0
        assert main(["audit", str(path)]) == 0

        imported = api.post("/api/import", {"jsonl": text})
        assert imported.status_code == 201, imported.text
        assert imported.json()["url"] == f"/replay/{imported.json()['token']}"
        replayed = api.client.get(f"/api/g/{imported.json()['token']}/replay")
        assert replayed.status_code == 200, replayed.text
        assert replayed.json()["problems"] == [] and replayed.json()["over"] is True
        assert replayed.json()["steps"]
        # The import is kept line for line, and it cannot be played on.
        kept = store.find(imported.json()["token"])
        assert kept is not None and kept.imported
        assert store.lines(kept.id) == store.lines(row.id)
        refused = api.turn(imported.json()["token"], {"text": "H@2,0"})
        assert refused.status_code == 409
    store.engine.dispose()


def test_an_import_of_garbage_is_refused_with_the_line_named(database_url: str) -> None:
    store = Store.open(database_url)
    with served(store) as api:
        token = api.new("liar", "en")
        good = api.export(token).splitlines()[0]
        for text, line in (("not json at all\n", 1), (good + '\n{"v": 1, "t": \n', 2)):
            answer = api.post("/api/import", {"jsonl": text})
            assert answer.status_code == 400, answer.text
            message = answer.json()["error"]
            assert f":{line}:" in message or f"line {line}" in message, message
            assert "<import>" not in message and "Traceback" not in message
        with store.engine.connect() as db:
            assert db.execute(sa.select(sa.func.count()).select_from(games)).scalar_one() == 1
        assert api.post("/api/import", {"jsonl": 3}).status_code == 400
    store.engine.dispose()


def test_of_two_servers_on_one_game_the_stale_one_is_refused_and_keeps_nothing(database_url: str) -> None:
    store = Store.open(database_url)
    with served(store) as api:
        token = api.new("liar", "en")
    row = store.find(token)
    assert row is not None
    a, b = DbLedger(store.engine, row.id), DbLedger(store.engine, row.id)
    a.load()
    b.load()  # B has the game as it was before A's write
    before = store.lines(row.id)
    a.append().write("player", turn=1, seat="player", text="A wrote this")
    assert store.lines(row.id) == before, "nothing is committed before the flush"
    a.flush()
    b.append().write("player", turn=1, seat="player", text="B wrote this")
    b.append().write("intent", turn=1, lang="en", intent={})
    with pytest.raises(StaleGameError):
        b.flush()
    kept = store.lines(row.id)
    assert kept[: len(before)] == before and len(kept) == len(before) + 1
    assert json.loads(kept[-1])["text"] == "A wrote this"
    assert not any("B wrote this" in line for line in kept), "none of B's lines is kept, not even its first"
    b.discard()
    assert b.lines == before  # B's own copy drops what it could not commit
    # B reloaded is no longer stale.
    b.load()
    b.append().write("player", turn=2, seat="player", text="B after reloading")
    b.flush()
    assert json.loads(store.lines(row.id)[-1])["text"] == "B after reloading"
    with store.engine.connect() as db:
        hashed = db.execute(sa.select(games.c.token_hash).where(games.c.id == row.id)).scalar_one()
    assert hashed == token_hash(token) and token not in hashed  # the database keeps no token
    store.engine.dispose()


class Killed(BaseException):
    """The server process dies here."""


def test_writes_that_wait_are_committed_together_each_whole_and_a_refused_one_alone(database_url: str) -> None:
    """While one transaction commits, the flushes of other games wait, then go in one transaction
    together; a flush refused there (a stale server's) is refused alone, the others kept; a
    failure of the whole (a kill) keeps none of them."""
    store = Store.open(database_url)
    with served(store) as api:
        tokens = [api.new("liar", "en") for _ in range(4)]
    ids = [row.id for row in map(store.find, tokens) if row is not None]
    commits: list[int] = []
    sa.event.listen(store.engine, "commit", lambda _connection: commits.append(1))
    shared = committer(store.engine)

    def ledger(game_id: str, text: str) -> DbLedger:
        kept = DbLedger(store.engine, game_id)
        kept.load()
        kept.append().write("player", turn=1, seat="player", text=text)
        return kept

    def while_one_commits(*flushes: Callable[[], None]) -> list[BaseException | None]:
        """Run `flushes` in threads while another transaction is held open; what each raised."""
        holding, release = threading.Event(), threading.Event()

        def held(_db: Connection) -> None:
            holding.set()
            release.wait(30)

        first = threading.Thread(target=shared.commit, args=(held,))
        first.start()
        assert holding.wait(30)
        raised: list[BaseException | None] = [None] * len(flushes)

        def run(n: int) -> None:
            try:
                flushes[n]()
            except BaseException as err:
                raised[n] = err

        threads = [threading.Thread(target=run, args=(n,)) for n in range(len(flushes))]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 30
        while len(shared._waiting) < len(flushes) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(shared._waiting) == len(flushes), "every flush waits for the held transaction"
        release.set()
        for thread in [first, *threads]:
            thread.join(30)
        return raised

    before = {game_id: store.lines(game_id) for game_id in ids}
    together = [ledger(game_id, "together") for game_id in ids[:3]]
    commits.clear()
    assert while_one_commits(*(kept.flush for kept in together)) == [None, None, None]
    assert len(commits) == 2, "the held transaction, then the three waiting flushes in one"
    for kept in together:
        assert store.lines(kept.game_id) == kept.lines == [*before[kept.game_id], kept.lines[-1]]
        assert kept.kept == len(kept.lines)

    stale = ledger(ids[3], "stale")  # loaded before another server's line 2
    ledger(ids[3], "elsewhere").flush()
    fresh = [ledger(game_id, "after a refusal") for game_id in ids[:2]]
    raised = while_one_commits(fresh[0].flush, stale.flush, fresh[1].flush)
    assert raised[0] is None and raised[2] is None and isinstance(raised[1], StaleGameError)
    assert [json.loads(store.lines(kept.game_id)[-1])["text"] for kept in fresh] == ["after a refusal"] * 2
    assert not any("stale" in line for line in store.lines(ids[3])) and stale.kept == len(before[ids[3]])

    def killed(db: Connection) -> None:
        db.execute(games.update().where(games.c.id == ids[0]).values(updated=0.0))
        raise Killed

    lost = ledger(ids[1], "lost")
    kept_before = {game_id: store.lines(game_id) for game_id in ids}
    raised = while_one_commits(lost.flush, lambda: shared.commit(killed))
    assert all(isinstance(err, Killed) for err in raised), raised
    assert {game_id: store.lines(game_id) for game_id in ids} == kept_before, "nothing of the batch is kept"
    with store.engine.connect() as db:
        assert db.execute(sa.select(games.c.updated).where(games.c.id == ids[0])).scalar_one() != 0.0
    store.engine.dispose()
