"""`--incident KEY` and `--incident-file FILE`, shared by play, serve, eval, parse and audit.

A game master may invent its own incident; an incident file (TOML, see docs/liar.md, "Your own incident") adds
incidents beside the five built in. The file is read and checked when the options are
parsed, so a bad one is one clear line and exit 2 before anything starts.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path

from gm.session import drawn_incident
from referee.lang.incident import INCIDENTS, VERBS, Incident, IncidentError, incident, load_incidents


def add_incident_options(parser: argparse.ArgumentParser, default: str | None = None,
                         what: str = "what happened") -> None:
    """The two options; `default` is the key used when neither is given (None: drawn)."""
    shown = f"default {default}" if default else "default: drawn from the seed"
    parser.add_argument("--incident", metavar="KEY",
                        help=f"{what}: {', '.join(INCIDENTS)} or a key of --incident-file ({shown})")
    parser.add_argument("--incident-file", type=incident_file, metavar="FILE",
                        help="a TOML file of your own incidents, one table each: [brownie] with verb = "
                        f"{' / '.join(repr(v) for v in VERBS)}, ko = \"브라우니\", ja = \"ブラウニー\", en = \"brownie\"")


def incident_file(value: str) -> dict[str, Incident]:
    """The --incident-file option's type: the incidents the file defines (else exit 2)."""
    path = Path(value)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise argparse.ArgumentTypeError(f"cannot read {path}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise argparse.ArgumentTypeError(f"{path}: not UTF-8 text") from None
    try:
        return load_incidents(text, str(path))
    except IncidentError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def known(args: argparse.Namespace) -> Mapping[str, Incident]:
    """The built-in incidents and the file's."""
    return {**INCIDENTS, **_file(args)}


def chosen(args: argparse.Namespace) -> Incident | None:
    """The incident the options name: --incident among the known ones, else the file's only
    one, else None. IncidentError for an unknown key (refgm.cli says it, exit 2)."""
    if getattr(args, "incident", None):
        return incident(args.incident, known(args))
    if len(_file(args)) == 1:
        return next(iter(_file(args).values()))
    return None


def named(args: argparse.Namespace, default: str) -> Incident:
    """The incident the options name, else the built-in `default`."""
    return chosen(args) or incident(default)


def drawn(args: argparse.Namespace, seed: int) -> Incident:
    """The incident of a game: the one the options name, else drawn from the seed among the
    file's (several) or the built-in ones."""
    return chosen(args) or drawn_incident(seed, _file(args) or INCIDENTS)


def _file(args: argparse.Namespace) -> dict[str, Incident]:
    """The incidents --incident-file defined (none when it was not given)."""
    return getattr(args, "incident_file", None) or {}
