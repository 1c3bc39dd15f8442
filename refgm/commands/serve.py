"""`refgm serve`: the games on a web page, kept in a database (see refgm.serve)."""

from __future__ import annotations

import argparse
import gc
import socket
import sys

from gm.backends import BackendError, ModelSpec
from gm.recorder import home
from refgm.commands import incidents
from refgm.commands.incidents import add_incident_options
from refgm.commands.models import add_model_options

DEFAULT_PORT = 8000
KEPT_PAGES = 256
"""How many games' pages a server keeps in memory by default (refgm.serve.pages): a finished
Garnet Thief game's is about 150 KiB, so at most some 40 MiB."""


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "serve",
        help="play, replay and audit games on a web page (http://127.0.0.1:8000)",
        description="Serve a web page on which to play the liar game, Monorail and Garnet Thief "
        "(in ko, ja or en, against the offline actor, the bots or a model), replay finished games "
        "and audit a pasted chat. Games live in a database: SQLite at $REFGM_HOME/refgm.db by "
        "default, or PostgreSQL (--database), which several servers may share. Offline, no key is needed.",
    )
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    p.add_argument(
        "--port", type=_port, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT}; 0: any free one)"
    )
    p.add_argument(
        "--database",
        metavar="URL",
        help="where the games live: sqlite:///PATH or postgresql://USER@HOST/DB "
        "(default sqlite:///$REFGM_HOME/refgm.db)",
    )
    p.add_argument(
        "--offer",
        action="append",
        default=[],
        metavar="PROVIDER:MODEL",
        help="one more model the home page offers as actor or opponent (repeatable; --model is offered too)",
    )
    p.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a host name the page may be reached by, besides 127.0.0.1, localhost and --host "
        "(repeatable; '*' for any): a request naming another is refused, so no other web site can "
        "reach this server by rebinding its name to this machine",
    )
    p.add_argument(
        "--forwarded-allow-ips",
        metavar="IPS",
        help="the addresses of load balancers or proxies whose X-Forwarded-Proto/-For are trusted "
        "(comma-separated; default: none but 127.0.0.1), so that a page served over their HTTPS works",
    )
    p.add_argument(
        "--cached-pages",
        type=_count,
        default=KEPT_PAGES,
        metavar="N",
        help=f"how many games' pages the server keeps in memory, each brought up to date from the database "
        f"when shown (default {KEPT_PAGES}; 0: every page rebuilt from its whole log, as before the cache)",
    )
    p.add_argument(
        "--log-level",
        default="warning",
        choices=("critical", "error", "warning", "info", "debug"),
        help="how much the server logs (default warning)",
    )
    add_incident_options(p, what="the liar games' incident")
    add_model_options(p)
    p.set_defaults(handler=run)


def _port(value: str) -> int:
    if not value.isdigit() or not 0 <= int(value) < 65536:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, not {value!r}")
    return int(value)


def _count(value: str) -> int:
    if not value.isdigit() or not value.isascii():
        raise argparse.ArgumentTypeError(f"a count is a whole number, 0 or more, not {value!r}")
    return int(value)


def database_url(value: str | None) -> str:
    """The --database URL, by default the SQLite file under $REFGM_HOME."""
    return value or f"sqlite:///{home() / 'refgm.db'}"


def run(args: argparse.Namespace) -> int:
    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from refgm.serve.app import create_app
    from refgm.serve.host import Host
    from refgm.serve.store import Store

    models = tuple(dict.fromkeys(m for m in (args.model, *args.offer) if m != "offline"))
    try:
        for model in models:
            ModelSpec.parse(model)
        incidents.chosen(args)  # an unknown --incident is refused before the server starts
        store = Store.open(database_url(args.database))
    except (BackendError, ValueError) as err:
        print(f"refgm serve: {err}", file=sys.stderr)
        return 2
    except ImportError as err:  # a database whose driver is not installed
        extra = " (pip install 'psycopg[binary]', or refgm's postgres extra)" if "psycopg" in str(err) else ""
        print(f"refgm serve: cannot open the database {args.database}: {err}{extra}", file=sys.stderr)
        return 2
    except (SQLAlchemyError, OSError) as err:
        print(
            f"refgm serve: cannot open the database {args.database or 'at ' + str(home() / 'refgm.db')}: "
            f"{str(err).splitlines()[0]}",
            file=sys.stderr,
        )
        return 2
    try:
        listening = listen(args.host, args.port)
    except OSError as err:
        print(f"refgm serve: cannot listen on {args.host}:{args.port}: {err.strerror or err}", file=sys.stderr)
        return 2
    host, port = listening.getsockname()[:2]
    app = create_app(Host(store, args, models), hosts=allowed_hosts(args.host, args.allowed_host))
    where = store.engine.url.render_as_string()  # a password is shown as ***
    print(f"refgm serve: http://{_url_host(host)}:{port}/  (games in {where}; Ctrl-C stops)", flush=True)
    config = uvicorn.Config(
        app, log_level=args.log_level, access_log=False, forwarded_allow_ips=args.forwarded_allow_ips
    )
    # What start-up made lives as long as the process: the garbage collector's full passes,
    # which stop every request, no longer walk it (some 200,000 objects: 50-150 ms a pass).
    gc.collect()
    gc.freeze()
    uvicorn.Server(config).run(sockets=[listening])
    return 0


def allowed_hosts(host: str, allowed: list[str]) -> list[str]:
    """The names a request may give in its Host header: this machine's loopback names, the
    address listened on (unless it is every address) and the ones allowed by name."""
    names = ["127.0.0.1", "localhost", "::1"]
    if host not in ("0.0.0.0", "::", ""):
        names.append(host)
    return list(dict.fromkeys([*names, *allowed]))


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on `host`:`port`, bound before the server starts so a taken port is
    a clear error, not a log line after the URL was printed."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    return sock


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host
