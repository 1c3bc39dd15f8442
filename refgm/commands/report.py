"""`refgm report RUN_DIR`: a markdown table, PNG figures and an HTML page from an eval's results
(the liar game's, Monorail's and Garnet Thief's, each line read by its game's rules)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

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
    from evals import report
    from evals.garnet import report as garnet
    from evals.monorail import report as monorail

    path = args.run_dir / RESULTS
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as err:
        print(f"refgm report: cannot read {path}: {getattr(err, 'strerror', None) or err}", file=sys.stderr)
        return 2
    rows: dict[str, list[dict[str, Any]]] = {"liar": [], monorail.GAME: [], garnet.GAME: []}
    checks = {"liar": report.row_problem, monorail.GAME: monorail.row_problem, garnet.GAME: garnet.row_problem}
    for number, line in enumerate(lines, 1):
        try:
            row = json.loads(line)
        except (ValueError, RecursionError):  # not JSON, or JSON nested or numbered past Python
            if number < len(lines):  # only a torn last line (a run killed mid-write) is skipped
                print(f"refgm report: {path}:{number}: not a JSON line", file=sys.stderr)
                return 2
            continue
        game = row.get("game", "liar") if isinstance(row, dict) else "liar"  # a line without it: liar
        known = isinstance(game, str) and game in checks
        problem = checks[game](row) if known else f'"game" must be {", ".join(list(checks)[:-1])} or {list(checks)[-1]}'
        if problem:
            print(f"refgm report: {path}:{number}: {problem}", file=sys.stderr)
            return 2
        rows[game].append(row)
    if not any(rows.values()):
        print(f"refgm report: {path} holds no finished game yet", file=sys.stderr)
        return 2
    title = args.title or f"refgm eval: {args.run_dir.resolve().name}"
    text, parts, images = f"# {title}\n", [], {}
    if rows["liar"]:
        summaries, pairs = report.summarise(rows["liar"]), report.paired(rows["liar"])
        liar_images = {name: report.png(fig) for name, fig in report.figures(summaries, pairs).items()}
        text = report.markdown(summaries, pairs, title)
        parts += report.html_parts(summaries, pairs, liar_images)
        images.update(liar_images)
    for game, section in ((monorail.GAME, monorail), (garnet.GAME, garnet)):
        if rows[game]:
            game_images = {name: report.png(fig) for name, fig in section.figures(rows[game]).items()}
            text += "\n" + "\n".join(section.markdown(rows[game]))
            parts += section.html_parts(rows[game], game_images)
            images.update(game_images)
    for name, data in images.items():
        (args.run_dir / name).write_bytes(data)
    (args.run_dir / "report.md").write_text(text, encoding="utf-8")
    (args.run_dir / "report.html").write_text(report.html_document(title, parts), encoding="utf-8")
    counted = ", ".join(
        f"{len(found)} {what}"
        for what, found in (
            ("games", rows["liar"]),
            ("Monorail results", rows[monorail.GAME]),
            ("Garnet Thief results", rows[garnet.GAME]),
        )
        if found
    )
    print(f"{counted}: {args.run_dir / 'report.md'}, {args.run_dir / 'report.html'}, {', '.join(images)}")
    return 0
