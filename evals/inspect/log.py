"""An Inspect log back into refgm's results: `refgm inspect LOG... --out RUN_DIR`.

Every sample the referee scored carries the results line `refgm eval` writes (and, in the
text modes, its chat); they are appended to `RUN_DIR/results.jsonl` (and `RUN_DIR/chats/`),
where `refgm report` reads them. A game already in the file (same key) is not added again,
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

from evals.inspect.liar import CHAT, RESULT
from evals.runner import RESULTS, chat_file, finished
from gm.recorder import truncate_torn_tail


@dataclass
class Imported:
    """What an import did: lines added, games already there, samples with no results line."""

    added: int = 0
    present: int = 0
    failed: list[str] = field(default_factory=list)


def scored(path: Path) -> tuple[list[tuple[dict[str, Any], str | None]], list[str]]:
    """The results lines (with their chats) of a log's samples, and the samples with none."""
    log = read_eval_log(str(path))
    found, failed = [], []
    for sample in log.samples or ():
        lines = [(s.metadata[RESULT], s.metadata.get(CHAT)) for s in (sample.scores or {}).values()
                 if s.metadata and RESULT in s.metadata]
        if lines:
            found.append(lines[0])
        else:
            why = sample.error.message.splitlines()[0] if sample.error else "no referee score"
            failed.append(f"{path.name}: sample {sample.id} (epoch {sample.epoch}): {why}")
    return found, failed


def import_logs(paths: Iterable[Path], run_dir: Path) -> Imported:
    """Append the scored games of the logs at `paths` to `run_dir`'s results."""
    run_dir.mkdir(parents=True, exist_ok=True)
    results = run_dir / RESULTS
    if results.exists():
        truncate_torn_tail(results)
    done = finished(run_dir)
    report = Imported()
    with open(results, "a", encoding="utf-8") as out:
        for path in paths:
            found, failed = scored(path)
            report.failed += failed
            for line, chat in found:
                if line["key"] in done:
                    report.present += 1
                    continue
                done.add(line["key"])
                if chat is not None:
                    (run_dir / "chats").mkdir(exist_ok=True)
                    (run_dir / "chats" / chat_file(line["key"])).write_text(chat, encoding="utf-8")
                out.write(json.dumps(line, ensure_ascii=False) + "\n")
                out.flush()
                report.added += 1
    return report
