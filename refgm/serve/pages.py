"""The games' pages a server keeps in memory, each brought up to date from the database when read.

The database is the truth and this only a cache of it. A page kept (`feed.Page`) holds the
first lines of its game's log; reading it asks the database for the lines committed after
those (one indexed query, which most of the time finds none, or the turn this server just
committed) and folds them in. So a game another server played, or this one wrote, is never
shown as it was, a restart or a kill loses nothing (what is kept is rebuilt), and a game this
server holds no page of is rebuilt from its whole log once. The newest `kept` pages are kept
(0: none, every page rebuilt from its log, as before there was this cache).

A page is kept per game and seat: it holds only what that seat's page shows (the referee's
state it folds, other seats' moves included, is the one `feed.Page` shows through that seat's
view), so no page is ever answered to another seat.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

from refgm.serve.feed import Page
from refgm.serve.store import GameRow, Store, log_of, log_path, parsed


@dataclass
class Pages:
    """The newest `kept` pages read, by game id and seat, the least recently read forgotten first."""

    store: Store
    kept: int
    pages: OrderedDict[tuple[str, str | None], Page] = field(default_factory=OrderedDict)

    def page(self, row: GameRow, committed: list[str] | None = None) -> Page:
        """The page of `row`'s game as its seat sees it, with every line committed now; or, given
        `committed` (the game's first lines, as this server has just committed them: a turn's
        answer), with those, asking the database nothing."""
        key = (row.id, row.seat)
        page = self.pages.pop(key, None)  # a page whose update fails is not put back
        path = log_path(row.id)
        if committed is not None and (page is None or page.lines <= len(committed)):
            page = page or Page(log_of(path, committed), row.seat)
            page.add(parsed(path, committed[page.lines :], page.lines + 1))
        elif page is None:
            page = Page(self.store.log(row.id)[1], row.seat)
        else:
            page.add(self.store.events_after(row.id, page.lines))
        if self.kept > 0:
            self.pages[key] = page  # the most recently read last
            while len(self.pages) > self.kept:
                self.pages.popitem(last=False)
        return page
