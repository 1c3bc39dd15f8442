"""The test databases are real servers, each test's own, and behave as `refgm serve` needs them to."""

import pytest
import sqlalchemy as sa
from sqlalchemy.pool import NullPool


def engine(url: str) -> sa.Engine:
    # NullPool: every connect() is a new connection, so a read proves what another connection committed.
    return sa.create_engine(url, poolclass=NullPool)


@pytest.mark.parametrize("run", [1, 2])
def test_a_row_one_connection_commits_is_read_by_another(database_url: str, run: int) -> None:
    # Run twice on each kind: CREATE TABLE without IF NOT EXISTS fails the second time if the database is shared.
    database = engine(database_url)
    try:
        assert sa.inspect(database).get_table_names() == []
        with database.begin() as writer:
            writer.execute(sa.text("CREATE TABLE turns (id INTEGER PRIMARY KEY, text VARCHAR(200) NOT NULL)"))
            writer.execute(sa.text("INSERT INTO turns (id, text) VALUES (1, :text)"), {"text": f"run {run}, 심판"})
        with database.connect() as reader:
            assert reader.execute(sa.text("SELECT text FROM turns")).scalars().all() == [f"run {run}, 심판"]
    finally:
        database.dispose()


def test_postgres_is_recent_and_durable(postgres_url: str) -> None:
    database = engine(postgres_url)
    try:
        with database.connect() as connection:
            assert int(connection.execute(sa.text("SHOW server_version_num")).scalar_one()) >= 130000
            assert connection.execute(sa.text("SHOW fsync")).scalar_one() == "on"
            assert connection.execute(sa.text("SELECT current_database()")).scalar_one() == "refgm_test"
            assert connection.execute(sa.text("SELECT inet_server_addr()::text")).scalar_one() == "127.0.0.1/32"
    finally:
        database.dispose()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_sqlite_takes_write_ahead_logging(database_url: str) -> None:
    database = engine(database_url)
    try:
        with database.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA journal_mode=WAL").scalar_one() == "wal"
        with database.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar_one() == "wal"
    finally:
        database.dispose()
