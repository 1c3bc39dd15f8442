"""`refgm parse`: read player utterances with the deterministic parser.

Human mode prints each reading; `--jsonl` is the stable machine interface of DESIGN.md
("Machine interfaces"): one JSON object per input line on stdin, one per output line.

A malformed input line (not UTF-8, over JSONL_LINE_BYTES, not JSON, not an object, `text`
missing, not a string or refused by `referee.lang.limits`, an unknown `lang` or `incident`),
and any line whose reading fails for whatever reason, gets the output line
`{"kind": "unclear", "cost": 0, "propositions": [], "guess": null, "error": "<what is wrong>"}`
so output lines stay aligned with input lines; unknown extra keys are ignored. The exit
code is 0 when every line was well formed and 1 when at least one was not. Human mode
reports such a line on stderr, reads on, and exits 1 as well.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Mapping
from typing import Any, BinaryIO, TextIO

from gm.render import Renderer
from referee.lang import LANGS, Context, Parsed, parse
from referee.lang.incident import DEFAULT_INCIDENT, INCIDENTS, Incident
from referee.lang.limits import problem
from referee.lang.wire import parsed_json
from referee.liar.intent import Confirm, CountQuery, Question, Unclear
from refgm.commands import incidents
from refgm.commands.incidents import add_incident_options
from refgm.jsonl import MALFORMED, MalformedLine, answer_lines, load_object, read_lines, shown


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    command = subparsers.add_parser(
        "parse",
        help="read player utterances into intents (questions, guesses, remarks ...)",
        description="Read player utterances with the deterministic parser. "
        "With --jsonl, read {\"text\", \"lang\"?, \"incident\"?} lines on stdin and write one "
        "JSON reading per line (see docs/parse.md).",
    )
    command.add_argument("text", nargs="*", help="utterances to read (default: lines on stdin)")
    command.add_argument("--jsonl", action="store_true", help="machine interface: JSON lines in and out")
    command.add_argument("--lang", choices=LANGS, help="language (default: detected from the script)")
    add_incident_options(command, DEFAULT_INCIDENT, "what was eaten or drunk")
    command.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    default = incidents.named(args, DEFAULT_INCIDENT)
    if args.jsonl:
        return run_jsonl(sys.stdin.buffer, sys.stdout, args.lang, default, incidents.known(args))
    ctx = Context(incident=default, lang=args.lang)
    texts: Iterable[tuple[str, str | MalformedLine]] = (
        [(f"argument {n}", text) for n, text in enumerate(args.text, 1)] if args.text
        else ((f"line {n}", line) for n, line in enumerate(read_lines(sys.stdin.buffer), 1)))
    status = 0
    for where, text in texts:
        why = text if isinstance(text, MalformedLine) else problem(text)
        if why is not None:
            print(f"refgm parse: {where}: {why}; not read", file=sys.stderr)
            status = MALFORMED
        elif isinstance(text, str) and text.strip():
            print(describe(parse(text, ctx), ctx))
    return status


def run_jsonl(stdin: BinaryIO, stdout: TextIO, lang: str | None = None,
              default_incident: Incident = INCIDENTS[DEFAULT_INCIDENT],
              known: Mapping[str, Incident] = INCIDENTS) -> int:
    """One output line per input line; `lang`/`default_incident` apply when a line has none,
    and a line's `incident` is a key of `known`."""
    return answer_lines(
        stdin, stdout, lambda line: parsed_json(_read_line(line, lang, default_incident, known)), _unclear, "read"
    )


def _unclear(error: str) -> dict[str, Any]:
    return {"kind": "unclear", "cost": 0, "propositions": [], "guess": None, "error": error}


def _read_line(line: str, lang: str | None, default_incident: Incident,
               known: Mapping[str, Incident]) -> Parsed:
    request = load_object(line, "{\"text\": \"...\"}")
    text = request.get("text")
    if not isinstance(text, str):
        raise MalformedLine("\"text\" must be a string")
    why = problem(text)
    if why is not None:
        raise MalformedLine(f"\"text\" is {why}")
    line_lang = request.get("lang", lang)
    if line_lang is not None and line_lang not in LANGS:
        raise MalformedLine(f"\"lang\" must be one of {', '.join(LANGS)}, not {shown(line_lang)}")
    key = request.get("incident", default_incident.key)
    if not isinstance(key, str) or key not in known:
        raise MalformedLine(f"\"incident\" must be one of {', '.join(known)}, not {shown(key)}")
    return parse(text, Context(incident=known[key], lang=line_lang))


def describe(parsed: Parsed, ctx: Context) -> str:
    """A reading for people: the kind, the cost and each (speaker, proposition) pair; for
    Unclear, why, in the language it was read in."""
    intent = parsed.intent
    wire = parsed_json(parsed)
    head = f"[{parsed.lang}] {wire['kind']}"
    if isinstance(intent, Question):
        head += f", cost {intent.cost}" + (" (open: the cost is confirmed first)" if intent.open else "")
        pairs = [f"  {q.speaker} is asked: {q.proposition}" for q in intent.unique()]
        return "\n".join([head, *pairs])
    if wire["guess"]:
        parts = [f"{role} {name}" for role, name in wire["guess"].items() if name]
        return f"{head}: {', '.join(parts)}"
    if isinstance(intent, Unclear):
        return f"{head}: {Renderer(parsed.lang, ctx.incident, ctx.roster).problem(intent.problem)}"
    if isinstance(intent, Confirm):
        return f"{head} (confirmation: {'yes' if intent.accept else 'no'})"
    if isinstance(intent, CountQuery):
        return f"{head} (how many questions are left)"
    return head
