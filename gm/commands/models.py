"""`refgm models`: the model backends, and whether each can be used on this machine and why not."""

from __future__ import annotations

import argparse
import json

from gm.backends import EXAMPLES, PROVIDERS, availability


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "models",
        help="list the model backends and whether each is usable here",
        description="List the providers `--model` accepts and whether each is usable here: "
        "its package installed, its key set (OPENAI_API_KEY, ANTHROPIC_API_KEY), and for an "
        "OpenAI-compatible server its base URL reachable. No model is called.",
    )
    p.add_argument("--base-url", metavar="URL",
                   help="an OpenAI-compatible server to check (default: $OPENAI_BASE_URL)")
    p.add_argument("--json", action="store_true", help="one JSON object per provider")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    rows = availability(args.base_url)
    if args.json:
        for row in rows:
            print(json.dumps({"provider": row.provider, "usable": row.usable, "why": row.why,
                              "example": EXAMPLES[row.provider]}))
        return 0
    table = [("provider", "usable", "example", "details")] + [
        (row.provider, "yes" if row.usable else "no", EXAMPLES[row.provider], row.why)
        for row in rows
    ]
    widths = [max(len(cells[i]) for cells in table) for i in range(3)]
    for cells in table:
        print("  ".join(cell.ljust(width) for cell, width in zip(cells, widths)) + "  " + cells[3])
    print()
    for provider, about in PROVIDERS.items():
        print(f"{provider}: {about}")
    return 0
