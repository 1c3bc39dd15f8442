"""`refgm serve`: the games on a web page, kept in a database (SQLite, or PostgreSQL).

`store` keeps each game's log and seal in the database (a `gm.table.Ledger`), `host` plays
the games on it, `app` is the Starlette app the browser talks to, `templates/` is the page and
`static/` its script and style.
"""
