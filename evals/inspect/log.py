"""An Inspect log back into refgm's results: `refgm inspect LOG... --out RUN_DIR`.

Every sample the referee scored carries the results lines `refgm eval` writes and the files
it writes beside them (the text modes' chats, the games' logs); the lines are appended to
`RUN_DIR/results.jsonl`, where `refgm report` reads them, and the files put where `refgm eval`
puts them (`chats/`, `games/`: the `log` a line names). A game already in the file (same key) is not added again,
so importing a log twice, or beside a `refgm eval` run, keeps one line per game. A sample
that failed (an error, no score) is listed, not imported.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from inspect_ai.log import read_eval_log

from evals.inspect.units import FILES, RESULTS
from evals.runner import RESULTS as RESULTS_FILE
from evals.runner import finished
from gm.recorder import truncate_torn_tail


@dataclass
class Imported:
    """What an import did: lines added, games already there, samples with no results line."""

    added: int = 0
    present: int = 0
    failed: list[str] = field(default_factory=list)


def scored(path: Path) -> tuple[list[tuple[list[dict[str, Any]], dict[str, str]]], list[str]]:
    """The results lines (with their files) of a log's samples, and the samples with none."""
    log = read_eval_log(str(path))
    found, failed = [], []
    for sample in log.samples or ():
        kept = [(s.metadata[RESULTS], s.metadata.get(FILES) or {}) for s in (sample.scores or {}).values()
                if s.metadata and RESULTS in s.metadata]
        if kept:
            found.append(kept[0])
        else:
            why = sample.error.message.splitlines()[0] if sample.error else "no referee score"
            failed.append(f"{path.name}: sample {sample.id} (epoch {sample.epoch}): {why}")
    return found, failed


def import_logs(paths: Iterable[Path], run_dir: Path) -> Imported:
    """Append the scored units of the logs at `paths` to `run_dir`'s results."""
    run_dir.mkdir(parents=True, exist_ok=True)
    results = run_dir / RESULTS_FILE
    if results.exists():
        truncate_torn_tail(results)
    done = finished(run_dir)
    report = Imported()
    with open(results, "a", encoding="utf-8") as out:
        for path in paths:
            found, failed = scored(path)
            report.failed += failed
            for lines, files in found:
                if all(line["key"] in done for line in lines):
                    report.present += len(lines)
                    continue
                for name, text in files.items():
                    target = (run_dir / name).resolve()
                    if not target.is_relative_to(run_dir.resolve()):
                        raise ValueError(f"{path}: a file outside the run folder: {name!r}")
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_text(text, encoding="utf-8")
                for line in lines:
                    if line["key"] in done:
                        report.present += 1
                        continue
                    done.add(line["key"])
                    out.write(json.dumps(line, ensure_ascii=False) + "\n")
                    out.flush()
                    report.added += 1
    return report
