"""`refgm report RUN_DIR`: a markdown table, PNG figures and an HTML page from an eval's results."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from evals.runner import RESULTS


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "report",
        help="summarise an eval run: table, figures, HTML",
        description=f"Read RUN_DIR/{RESULTS} (written by refgm eval) and write "
        "RUN_DIR/report.md, RUN_DIR/report.html and the figures (*.png) beside them.",
    )
    p.add_argument("run_dir", type=Path, metavar="RUN_DIR")
    p.add_argument("--title", default=None, help="the report's title (default: the run's name)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    # matplotlib takes about a second to import: only this command pays for it.
    from evals.report import figures, html_page, markdown, paired, png, row_problem, summarise

    path = args.run_dir / RESULTS
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as err:
        print(f"refgm report: cannot read {path}: {getattr(err, 'strerror', None) or err}",
              file=sys.stderr)
        return 2
    rows = []
    for number, line in enumerate(lines, 1):
        try:
            row = json.loads(line)
        except (ValueError, RecursionError):  # not JSON, or JSON nested or numbered past Python
            if number < len(lines):  # only a torn last line (a run killed mid-write) is skipped
                print(f"refgm report: {path}:{number}: not a JSON line", file=sys.stderr)
                return 2
            continue
        problem = row_problem(row)
        if problem:
            print(f"refgm report: {path}:{number}: {problem}", file=sys.stderr)
            return 2
        rows.append(row)
    if not rows:
        print(f"refgm report: {path} holds no finished game yet", file=sys.stderr)
        return 2
    title = args.title or f"refgm eval: {args.run_dir.resolve().name}"
    summaries, pairs = summarise(rows), paired(rows)
    images = {name: png(fig) for name, fig in figures(summaries, pairs).items()}
    for name, data in images.items():
        (args.run_dir / name).write_bytes(data)
    (args.run_dir / "report.md").write_text(markdown(summaries, pairs, title), encoding="utf-8")
    (args.run_dir / "report.html").write_text(html_page(summaries, pairs, images, title),
                                              encoding="utf-8")
    print(f"{len(rows)} games: {args.run_dir / 'report.md'}, {args.run_dir / 'report.html'}, "
          f"{', '.join(images)}")
    return 0
