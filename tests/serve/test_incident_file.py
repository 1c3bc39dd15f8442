"""`refgm serve --incident-file`: the liar games on the page are about your own incident, on
SQLite and PostgreSQL, and the exported log carries its definition."""

from __future__ import annotations

import json
from pathlib import Path

from refgm.serve.store import Store
from tests.serve.api import events, served

FILE = '[churros]\nverb = "eat"\nko = "추로스"\nja = "チュロス"\nen = "churros"\n'


def test_a_served_liar_game_is_about_the_files_incident(database_url: str, tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text(FILE, encoding="utf-8")
    store = Store.open(database_url)
    with served(store, "--incident-file", str(mine)) as api:
        token = api.new("liar", "ko", opponent="offline")
        opening = json.dumps(api.view(token)["feed"], ensure_ascii=False)
        assert "추로스" in opening
        view = api.played(token, {"text": "A씨, B씨가 추로스를 먹었어요?"})
        assert view["view"]["remaining"] == 6
        started = events(api.export(token))[0]
    store.engine.dispose()
    assert started["config"]["incident"] == {"key": "churros", "verb": "eat",
                                             "noun": {"ko": "추로스", "ja": "チュロス", "en": "churros"}}
