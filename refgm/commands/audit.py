"""`refgm audit FILE`: prove whether a game master contradicted itself, from its transcript.

Reads a native event log (JSONL) or a plain-text chat pasted from a chat app, and reports
the worlds still consistent with every answer, the first contradiction with a smallest set
of answers that cannot all be true, wrong remaining counts, guess verdicts the answers
contradict, leaks, whether the revealed secret fits, and every line it could not read.
Exit code: 0 consistent, 1 inconsistent, 2 unreadable input, with `refgm audit: FILE:LINE:
what` on stderr: a native log whose fields have the wrong type or name someone off the
roster, or a chat message over the limits of `referee.lang.limits`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from evals.audit import Audit, audit_chat, audit_log
from evals.chat import Chat, split_chat
from evals.scorers import Quoted
from gm import match
from gm.acts import ACTS
from gm.recorder import Event, Log, TranscriptError, read
from gm.table import game_of
from referee.lang.incident import INCIDENTS, LANGS, Incident, IncidentError, incident_from_json
from referee.lang.limits import MESSAGE_CHARS, UTTERANCE_CHARS, problem
from referee.liar.codec import intent_from_json, proposition_json
from referee.liar.game import Rules
from referee.liar.intent import Guess, Question
from referee.liar.proposition import names_in
from referee.liar.protocol import GAME as LIAR
from referee.liar.world import DEFAULT_NAMES, Roster, World
from refgm.commands import incidents
from refgm.commands.incidents import add_incident_options


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "audit",
        help="check a transcript (native log or pasted chat) for contradictions",
        description="Audit a game: a native JSONL log, or a chat pasted or exported from a chat app "
        "(lines labelled Player:/GM:, User:/Assistant:, 플레이어:/GM:, プレイヤー:/GM:, also **bold**; "
        "ChatGPT, Claude and Gemini shares; KakaoTalk, LINE, WhatsApp and Discord exports). "
        "Exit code 0 when consistent, 1 when not, 2 when the input cannot be read.",
    )
    p.add_argument("file", type=Path, metavar="FILE")
    p.add_argument("--json", action="store_true", help="one JSON object on stdout")
    p.add_argument("--lang", choices=LANGS, help="language of a chat (default: detected)")
    add_incident_options(p, what="a chat's incident (default: the one its opening names)")
    p.add_argument("--budget", type=_budget, default=7, help="a chat's question budget (default 7)")
    p.add_argument("--gm", metavar="NAME", help="in a chat export that names people (KakaoTalk, LINE, WhatsApp, "
                   "Discord), the game master's name, when no name says GM or bot")
    p.set_defaults(handler=run)


def _budget(value: str) -> int:
    """The --budget option's type: a whole number of questions, at least 1 (else exit 2)."""
    if not value.isdigit() or int(value) < 1:
        raise argparse.ArgumentTypeError(f"a budget is a whole number of at least 1, not {value!r}")
    return int(value)


def run(args: argparse.Namespace) -> int:
    try:
        data = args.file.read_bytes()
    except OSError as err:
        return _unreadable(f"cannot read {args.file}: {err.strerror}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        return _unreadable(f"{args.file}:{line}: not UTF-8 text (byte 0x{data[err.start]:02x})")
    try:
        if _is_native(text):
            log = read(args.file)
            if game_of(log) != LIAR.name:
                return _audit_match(log, args.json)
            check_native(log)
            report = audit_json(audit_log(log))
        else:
            report = chat_report(text, args.file, args.lang, incidents.chosen(args), args.budget, args.gm)
    except TranscriptError as err:  # its message names the file and line
        return _unreadable(str(err))
    print(json.dumps(report, ensure_ascii=False, indent=2) if args.json else _text(report))
    return 0 if report["consistent"] else 1


def chat_report(text: str, where: Path, lang: str | None = None, about: Incident | None = None,
                budget: int = 7, gm: str | None = None) -> dict[str, Any]:
    """The `--json` report of a pasted chat; TranscriptError naming `where` when it is none."""
    try:
        chat = split_chat(text, gm)
    except ValueError as err:  # speakers named, none as the game master; or --gm names none of them
        raise TranscriptError(f"{where}: {err}") from None
    if not any(m.role == "player" for m in chat.messages):
        raise TranscriptError(f"{where}: no player messages found; lines must start "
                              "with a role label such as Player: or GM:")
    check_chat(chat, where)
    report = audit_json(audit_chat(chat, Rules(budget=budget), lang, about))  # type: ignore[arg-type]
    if chat.inferred:
        report["not_checked"].append("who said what: the chat labels only the game master's messages, "
                                     "so the player's were told by their place (the paragraph before each)")
    if chat.gm_told is not None:
        report["not_checked"].append(f"who the game master is: no name says so, and {chat.gm_told} was taken for it "
                                     "because its messages alone hold the characters' answers and the counts "
                                     "(name it with --gm NAME)")
    return report


def _audit_match(log: Log, as_json: bool) -> int:
    """A log of a game played by seats (gm.match) is audited by re-stepping every move
    through its referee, the check `refgm replay` and resume make: there is no game
    master's text to read, only moves, results and the commitment to check."""
    game = match.game_in(log)
    done = match.rerun(log, game)
    result = game.result(done.state)
    ended = done.ended.data if done.ended else None
    report = {
        "format": "native",
        "game": game.name,
        "consistent": not done.problems,
        "moves": done.ply,
        "result": None if result is None else result.as_json(),
        "commitment_ok": None if ended is None else match.opens(
            log.events[0].data.get("commitment"), ended.get("seed"), ended.get("nonce")),
        "problems": [{"line": p.line, "ply": p.turn, "text": p.text} for p in done.problems],
    }
    if as_json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        over = "not over" if result is None else f"won by {', '.join(result.winners) or 'nobody'} ({result.reason})"
        print(f"{'CONSISTENT' if not done.problems else 'INCONSISTENT'}: {done.ply} moves of {game.name} "
              f"re-stepped through the referee; the game: {over}")
        if report["commitment_ok"] is not None:
            print("commitment: " + ("opens" if report["commitment_ok"] else "does NOT open"))
        for p in done.problems:
            print(f"line {p.line} (ply {p.turn}): {p.text}")
    return 0 if not done.problems else 1


LIMITS = {"player": UTTERANCE_CHARS, "gm": MESSAGE_CHARS}
"""The longest message of each role a chat may hold (see referee.lang.limits)."""


def check_chat(chat: Chat, path: Path) -> None:
    """A chat message over its role's limit is refused, by the line it starts on."""
    for message in chat.messages:
        why = problem(message.text, LIMITS[message.role])
        if why:
            who = "player" if message.role == "player" else "game master"
            raise TranscriptError(f"{path}:{message.line}: a {who} message is {why}")


def check_native(log: Log) -> None:
    """Every field `audit_log` reads has the shape a session writes, or a TranscriptError
    names the first line where it does not: the config, the texts, each intent (whose names
    must be on the roster) and the reveal."""
    started = log.events[0]

    def need(event: Event, ok: bool, what: str) -> None:
        if not ok:
            raise TranscriptError(f"{log.path}:{event.line}: {what}")

    config = started.data.get("config", {})
    need(started, isinstance(config, dict), '"config" must be an object')
    need(started, config.get("lang", "en") in LANGS, f'"config.lang" must be one of {", ".join(LANGS)}')
    try:
        incident_from_json(config.get("incident", "cake"))
    except IncidentError as err:
        raise TranscriptError(f'{log.path}:{started.line}: "config.incident" must be one of '
                              f'{", ".join(INCIDENTS)} or {{"key", "verb", "noun"}} ({err})') from None
    budget = config.get("budget", 7)
    need(started, type(budget) is int and budget >= 1, '"config.budget" must be a whole number of at least 1')
    names = config.get("roster", list(DEFAULT_NAMES))
    need(started, isinstance(names, list) and all(isinstance(name, str) for name in names),
         '"config.roster" must be a list of names')
    try:
        roster = Roster(tuple(names))
    except ValueError as err:
        raise TranscriptError(f'{log.path}:{started.line}: "config.roster": {err}') from None
    need(started, isinstance(started.data.get("commitment", ""), str), '"commitment" must be a string')
    for event in log.events:
        if event.t in LIMITS:
            text = event.data.get("text")
            need(event, isinstance(text, str), '"text" must be a string')
            why = problem(str(text), LIMITS[event.t])  # a string: checked just above
            need(event, why is None, f'"text" is {why}')
        elif event.t == "intent":
            mentioned = _intent_names(event.data.get("intent"))
            need(event, mentioned is not None and all(name in roster for name in mentioned),
                 '"intent" must be an intent of a session, naming only people on the roster')
        elif event.t == "game_ended":
            secret = event.data.get("secret")
            need(event, isinstance(secret, dict) and set(secret) == {"culprit", "liar"}
                 and all(secret[role] in roster for role in secret),
                 '"secret" must be {"culprit": NAME, "liar": NAME}, names on the roster')
            need(event, isinstance(event.data.get("nonce"), str), '"nonce" must be a string')


def _intent_names(obj: Any) -> list[Any] | None:
    """The names a recorded intent mentions, or None when it is not an intent at all."""
    try:
        intent = intent_from_json(obj)
    except (KeyError, TypeError, ValueError, AttributeError, RecursionError):
        return None
    if isinstance(intent, Question):
        return [name for q in intent.queries for name in names_in(q.proposition) | {q.speaker}]
    if isinstance(intent, Guess):
        return [name for name in (intent.culprit, intent.liar) if name is not None]
    return []


def _is_native(text: str) -> bool:
    first = next((line for line in text.splitlines() if line.strip()), "")
    try:
        event = json.loads(first)
    except (ValueError, RecursionError):  # not JSON, or JSON past Python's nesting or digit limits
        return False
    return isinstance(event, dict) and event.get("t") == "game_started"


def _unreadable(message: str) -> int:
    print(f"refgm audit: {message}", file=sys.stderr)
    return 2


def _world(world: World) -> dict[str, str]:
    return world.as_dict()


def audit_json(audit: Audit) -> dict[str, Any]:
    """The `refgm audit --json` object (its shape is documented in docs/audit.md)."""
    s, turns = audit.score, audit.turns

    def line(turn: int) -> int:
        return turns[turn].line

    def quoted(q: Quoted) -> dict[str, Any]:
        return {"line": line(q.turn), "text": q.statement.source,
                **proposition_json(q.statement.speaker, q.statement.proposition),
                "asserted": q.statement.asserted}

    reveal = None
    if s.revealed is not None:
        reveal = {**_world(s.revealed), "fits": s.reveal_fits, "fits_answers": s.reveal_fits_answers}
        if audit.commitment_ok is not None:
            reveal["commitment_ok"] = audit.commitment_ok
    consistent = s.consistent and audit.commitment_ok is not False
    guesses = [{"line": line(i), "culprit": t.intent.culprit, "liar": t.intent.liar,
                "verdict": None if t.verdict is None else "correct" if t.verdict else "incorrect"}
               for i, t in enumerate(turns) if isinstance(t.intent, Guess)]
    found = audit.found
    return {
        "format": audit.format,
        "lang": audit.lang,
        "consistent": consistent,
        "not_checked": not_checked(audit, guesses),
        "incident": None if found is None else {
            "noun": found.incident.noun[audit.lang], "verb": found.incident.verb, "how": found.how},
        "guesses": guesses,
        "turns": len(turns),
        "answers": s.answers,
        "worlds": [_world(w) for w in s.worlds],
        "contradiction": None if s.contradiction is None else {
            "line": line(s.contradiction.turn),
            "answers": [quoted(q) for q in s.contradiction.answers],
        },
        "count_errors": [{"line": line(e.turn), "shown": e.shown, "expected": e.expected}
                         for e in s.count_errors],
        "wrong_verdicts": [{"line": line(v.turn),
                            "guess": {"culprit": v.guess.culprit, "liar": v.guess.liar},
                            "shown": "correct" if v.shown else "incorrect"}
                           for v in s.wrong_verdicts],
        "leaks": [{"line": line(leak.turn), "role": leak.claim.role, "name": leak.claim.name,
                   "text": leak.claim.source} for leak in s.leaks],
        "reveal": reveal,
        "unread": [{"line": line(turn), "text": text} for turn, text in s.unread],
        "uncertain": [{"line": u.line, "text": u.text, "why": u.why} for u in audit.uncertain],
    }


def not_checked(audit: Audit, guesses: list[dict[str, Any]]) -> list[str]:
    """What the audit could not establish, so that "consistent" is never said of a game it
    could not fully read: a reveal not found, a verdict not read, lines unread or uncertain."""
    s, out = audit.score, []
    if s.revealed is None and not _won(guesses):
        out.append("no reveal found: whether the secret changed at the end")
    elif s.revealed is None and audit.closing_names:
        out.append("no reveal found in the game master's closing words, which name "
                   f"{', '.join(sorted(audit.closing_names))}: whether they keep the pair the verdicts confirmed")
    out += [f"the verdict on the guess at line {g['line']}: none was read" for g in guesses if g["verdict"] is None]
    judged = [t.line for t in audit.turns if not isinstance(t.intent, Guess) and t.verdict is not None]
    out += [f"the guess at line {n}: its names could not be read, so neither its verdict nor whether a role "
            "named after it is a leak is checked" for n in judged]
    out += [f"what the line at line {audit.turns[i].line} cost: it was answered but not read as a question, "
            "so the count shown after it is taken as it stands" for i in s.recounted]
    if s.unread:
        out.append(f"{len(s.unread)} line{'s' if len(s.unread) > 1 else ''} that could not be read")
    if audit.uncertain:
        out.append(f"{len(audit.uncertain)} line{'s' if len(audit.uncertain) > 1 else ''} read in more than "
                   "one way, on which a finding depends")
    if audit.found is not None and audit.found.how == "assumed":
        out.append(f"the incident: the chat names none, so {audit.found.incident.noun[audit.lang]} was assumed")
    return out


def _won(guesses: list[dict[str, Any]]) -> bool:
    """Whether right verdicts named both roles: the answer is then known without a reveal."""
    right = [g for g in guesses if g["verdict"] == "correct"]
    return any(g["culprit"] for g in right) and any(g["liar"] for g in right)


def _text(report: dict[str, Any]) -> str:
    """The same findings for a person."""
    worlds = ", ".join(f"culprit {w['culprit']} / liar {w['liar']}" for w in report["worlds"])
    if not report["consistent"]:
        head = "INCONSISTENT"
    elif report["not_checked"]:
        head = "NO ERROR FOUND in what could be read (not fully checked)"
    else:
        head = "CONSISTENT"
    out = [f"{head}: {report['turns']} exchanges, {report['answers']} answers read ({report['lang']})",
           f"worlds still consistent: {worlds or 'none'}"]
    if report.get("incident"):
        i = report["incident"]
        out.append(f"incident: who {ACTS[i['verb']]['en'].past} the {i['noun']} ({i['how']})")
    if report["contradiction"]:
        out.append(f"first contradiction at line {report['contradiction']['line']}; "
                   "these answers cannot all be true:")
        out += [f"  line {a['line']}: {a['speaker']}: {a['text']}"
                for a in report["contradiction"]["answers"]]
    out += [f"wrong count at line {e['line']}: shown {e['shown']}, should be {e['expected']}"
            for e in report["count_errors"]]
    out += [f"wrong verdict at line {v['line']}: {v['shown']} for culprit {v['guess']['culprit']}"
            f" / liar {v['guess']['liar']}, which the answers contradict"
            for v in report["wrong_verdicts"]]
    out += [f"leak at line {leak['line']}: {leak['text']}" for leak in report["leaks"]]
    if report["reveal"]:
        r = report["reveal"]
        verdict = {True: "fits the answers",
                   False: "fits the answers but NOT the verdicts shown: a verdict or the reveal is wrong, "
                   "and the answers read do not tell which" if r["fits_answers"]
                   else "fits NONE of the consistent worlds",
                   None: "not judged: no world is left after the contradiction" if report["contradiction"]
                   else "fits them in some readings of the player's lines only"}[r["fits"]]
        out.append(f"revealed: culprit {r['culprit']} / liar {r['liar']}: {verdict}")
        if "commitment_ok" in r:
            out.append("commitment: " + ("opens" if r["commitment_ok"] else "does NOT open"))
    if report["uncertain"]:
        out.append("uncertain (a finding holds in some readings only, so it is not reported):")
        out += [f"  line {u['line']}: {u['text']}: {u['why']}" for u in report["uncertain"]]
    if report["unread"]:
        out.append("could not read (not guessed at):")
        out += [f"  line {u['line']}: {u['text']}" for u in report["unread"]]
    if report["not_checked"]:
        out.append("not checked:")
        out += [f"  {what}" for what in report["not_checked"]]
    out.append(LEAKS_READ)
    return "\n".join(out)


LEAKS_READ = ("leaks are found where the game master names a role, says who did it, or calls two people honest; "
              "a hint in other words (\"B has been honest all along\") is not read")
"""What every text report says of the leaks it looked for: a chat with none found may still hold one."""
