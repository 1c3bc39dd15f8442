"""Throughput of `refgm parse --jsonl` per language over the labelled corpora.

Run `python bench/parse.py [ROUNDS]`. Goals: at least 2,000 utterances per second after
start-up, in every language (issue 3), and a start-up under 1 s and 350 MB (issue 11).
Start-up is `refgm parse --lang <lang> <first corpus utterance>` in a fresh process, STARTS
times (imports, dictionaries, the first parse): its median wall and CPU times and its largest
peak resident memory, as the kernel counts them for that child. Then every corpus utterance of a
language, with its incident and language, goes through the JSONL interface in process (JSON
in, parse, JSON out) ROUNDS times. A language whose parser cannot be imported yet is
reported, not fatal. Figures, not asserts.
"""

from __future__ import annotations

import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path: put the repository root there.
ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(ROOT)

from referee.lang import LANGS, Context, parse  # noqa: E402
from refgm.commands.parse import run_jsonl  # noqa: E402

CORPUS = ROOT / "tests" / "referee" / "lang" / "corpus"
GOAL = 2000.0
STARTS = 3
STARTUP_GOAL = (1.0, 350.0)  # seconds, MB


def requests(lang: str) -> str:
    """The corpus utterances of `lang` as `refgm parse --jsonl` input lines."""
    lines = []
    for line in (CORPUS / f"parse.{lang}.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            lines.append(json.dumps({"text": row["text"], "lang": lang, "incident": row.get("incident", "cake")},
                                    ensure_ascii=False))
    return "\n".join(lines) + "\n"


def first_text(lang: str) -> str:
    return str(json.loads(requests(lang).splitlines()[0])["text"])


def startup(lang: str) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak resident MB of one `refgm parse --lang <lang> <text>` in a fresh process.

    The kernel counts in a child's peak the pages it had before exec, a copy of this process's:
    run it while this process is small, before any parser is loaded here (see `main`)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryFile() as errors:
        started = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-m", "refgm.cli", "parse", "--lang", lang, first_text(lang)],
                                 cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=errors)
        _, status, usage = os.wait4(child.pid, 0)  # this child's own rusage
        elapsed = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            errors.seek(0)
            why = errors.read().decode("utf-8", "replace").strip().splitlines()[-1:]
            raise RuntimeError(f"refgm parse --lang {lang} exited {child.returncode}: {' '.join(why)}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024  # Linux counts ru_maxrss in KB


def startups(lang: str) -> str:
    """The median wall and CPU times and the largest peak memory of STARTS fresh start-ups, against
    the goal (on wall time: on a busy machine it waits for a core, so the CPU time is printed too)."""
    try:
        runs = [startup(lang) for _ in range(STARTS)]
    except RuntimeError as err:
        return f"start-up failed ({err})"
    seconds, cpu = statistics.median(run[0] for run in runs), statistics.median(run[1] for run in runs)
    peak = max(run[2] for run in runs)
    over = [f"{STARTUP_GOAL[0]:.0f} s"] if seconds >= STARTUP_GOAL[0] else []
    over += [f"{STARTUP_GOAL[1]:.0f} MB"] if peak >= STARTUP_GOAL[1] else []
    verdict = f"OVER the goal of {' and '.join(over)}" if over else "ok"
    return (f"start-up {seconds:.2f} s ({cpu:.2f} s CPU), peak {peak:.0f} MB (medians and largest of {STARTS} "
            f"fresh processes) {verdict}")


def measure(lang: str, rounds: int) -> str:
    """Utterances per second through the JSONL interface, in this process, after start-up."""
    try:
        parse(first_text(lang), Context(lang=lang))  # type: ignore[arg-type]
    except (ImportError, AttributeError) as err:
        return f"parser not available ({err})"
    batch = requests(lang)
    count = batch.count("\n")
    data = batch.encode("utf-8")  # the command reads bytes, as from stdin
    started = time.perf_counter()
    for _ in range(rounds):
        run_jsonl(io.BytesIO(data), io.StringIO())
    elapsed = time.perf_counter() - started
    rate = count * rounds / elapsed
    verdict = "ok" if rate >= GOAL else f"BELOW the goal of {GOAL:,.0f}/s"
    return (f"{rate:,.0f} utterances/s ({count} utterances x {rounds} rounds, "
            f"{elapsed / (count * rounds) * 1e6:.0f} us each) {verdict}")


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    langs = [lang for lang in LANGS if (CORPUS / f"parse.{lang}.jsonl").exists()]
    for lang in sorted(set(LANGS) - set(langs)):
        print(f"{lang}: no corpus at {(CORPUS / f'parse.{lang}.jsonl').relative_to(ROOT)}")
    started = {lang: startups(lang) for lang in langs}  # first: see `startup`
    for lang in langs:
        print(f"{lang}: {started[lang]}; {measure(lang, rounds)}", flush=True)


if __name__ == "__main__":
    main()
