"""The audit and the parsers do work linear in their input: a guard without timing.

The work is counted as the lines of the project's own code executed (loop iterations
included), at a size n and at 4n: linear work grows about 4 times, a scan of everything
before at every step about 16 times. Work inside C (slicing, joining) is not counted, so
bench/linear.py, which times it, remains the full picture; this catches the Python-level
re-scans that made `refgm audit` and the parsers quadratic.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Callable
from functools import partial
from types import FrameType
from typing import Any

import pytest

from referee.lang import LANGS, Context, extract, parse
from referee.lang.incident import Lang
from tests.evals.long_inputs import (
    ROOT,
    UTTERANCES,
    audit_file,
    audit_text,
    chat,
    late_contradiction,
    native_log,
    repeated,
)

OWN = tuple(str(ROOT / folder) for folder in ("referee", "evals", "gm"))
SIZE = 6_000  # bytes; a chat's fixed costs weigh more, so it is read at 4 times that
GROWTH = 4.6  # at most this many times the work for 4 times the input (linear: about 4)


def work(action: Callable[[], object]) -> int:
    """The lines of referee/, evals/ and gm/ executed by `action`."""
    count = 0

    def line(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        count += event == "line"
        return line

    def call(frame: FrameType, event: str, arg: Any) -> Any:
        return line if frame.f_code.co_filename.startswith(OWN) else None

    previous = sys.gettrace()
    sys.settrace(call)
    try:
        action()
    finally:
        sys.settrace(previous)
    return count


def assert_linear(make: Callable[[int], str], run: Callable[[str], object], size: int = SIZE) -> None:
    """The work on 4 times `size` bytes is at most GROWTH times the work on `size` bytes."""
    run(make(500))  # caches and lazy loading are not the input's work
    small, large = (work(partial(run, make(n))) for n in (size, 4 * size))
    assert large <= GROWTH * small, f"4x the input took {large / small:.1f}x the work"


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_auditing_a_chat_is_linear_in_its_length(lang: Lang) -> None:
    assert_linear(lambda n: chat(lang, n), audit_text, 4 * SIZE)


def test_a_contradiction_after_a_long_consistent_chat_is_found_in_linear_work() -> None:
    assert_linear(lambda n: late_contradiction("en", n), audit_text, 4 * SIZE)


def test_auditing_a_native_log_is_linear_in_its_length() -> None:
    assert_linear(native_log, audit_file)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("shape", ["line", "questions", "remarks"])
def test_parsing_is_linear_in_the_utterance(lang: Lang, shape: str) -> None:
    """One line without sentence punctuation, many short questions, many short remarks."""
    line, question, remark, _ = UTTERANCES[lang]
    ctx = Context(lang=lang)
    unit, sep = {"line": (line, " "), "questions": (question, ""), "remarks": (remark, "")}[shape]
    assert_linear(lambda n: repeated(unit, n, sep), lambda text: parse(text, ctx))


@pytest.mark.parametrize("lang", LANGS)
def test_reading_a_reply_is_linear_in_its_length(lang: Lang) -> None:
    ctx = Context(lang=lang)
    assert_linear(lambda n: repeated(UTTERANCES[lang][3], n), lambda text: extract(text, ctx))



def test_reading_a_reply_without_punctuation_is_linear_in_its_length() -> None:
    """Every predicate of one long Japanese sentence looks back over its clause."""
    ctx = Context(lang="ja")
    assert_linear(lambda n: "A: " + repeated("食べてないってば", n, " "), lambda text: extract(text, ctx))


def finishes_in_a_minute(setup: str, call: str) -> None:
    """Run `call` in a child process (after `setup` imports) and fail unless it ends within
    a minute of CPU: the inputs below take well under ten seconds here and many minutes where the
    work hid in C (a copy or a join of the rest at every word), which counting lines misses.
    The minute is the child's CPU time, not the clock's: on a loaded machine, or beside the other
    tests of a parallel run, the clock's minute ran out on work of a quarter of it. A child still
    running after ten minutes by the clock is stopped and fails too."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        done = subprocess.run([sys.executable, "-c", f"{setup}; {call}"], cwd=ROOT, env=env, timeout=600,
                              check=False)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{call} did not finish in ten minutes")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    assert done.returncode == 0
    assert cpu < 60, f"{call} took {cpu:.0f} s of CPU"


MB = 1024 * 1024


@pytest.mark.parametrize(("lang", "make"), [
    ("en", f"repeated('A, B,', {MB}, ' ') + ' A, did you eat it?'"),  # a long list of names, then a call
    ("en", f"repeated('A, B, C, please', {MB}, ' ')"),  # a second call looked for at every comma
    ("en", f"repeated('ok so well', {2 * MB}, ' ')"),  # fillers dropped one at a time
    ("ko", f"repeated('A씨, 케이크를 먹었나요? ', {2 * MB})"),  # many sentences given to kiwi at once
])
def test_a_long_utterance_is_parsed_at_once(lang: str, make: str) -> None:
    finishes_in_a_minute("from referee.lang import Context, parse; from tests.evals.long_inputs import repeated",
                         f"parse({make}, Context(lang={lang!r}))")


@pytest.mark.parametrize(("lang", "make"), [
    ("en", f"repeated('No! ', {2 * MB})"),  # each sentence added to a copy of those before
    ("ko", f"repeated('네.', {MB // 4})"),  # the whole text searched for a number at each sentence
])
def test_a_long_reply_is_read_at_once(lang: str, make: str) -> None:
    finishes_in_a_minute("from referee.lang import Context, extract; from tests.evals.long_inputs import repeated",
                         f"extract({make}, Context(lang={lang!r}))")


SPACES = 200_000


@pytest.mark.parametrize("call", [
    f"read_counts('残り' + ' ' * {SPACES} + 'x', 'ja')",
    f"read_counts('남은 질문' + ' ' * {SPACES} + 'x', 'ko')",
    f"read_counts('questions left' + ' ' * {SPACES} + 'x', 'en')",
    f"read_claims('A' + ' ' * {SPACES} + 'x', 'ko')",
    f"read_claims('A' + ' ' * {SPACES} + 'x', 'ja')",
    f"read_turn('', Remark(), ' ' * {SPACES} + 'x', Context(lang='ko'))",
    f"split_chat(' ' * {SPACES} + 'x')",
    # the marks before a character's name ("> ", "- ", "🙂 "), a run of them: two classes
    # sharing a mark took 4 s for 8,000 characters, and four times that for twice as many
    f"read_counts('- ' * {SPACES // 2} + 'x', 'en')",
    f"read_counts('•' * {SPACES} + 'x', 'ja')",
    f"split_chat('15:02 ' * {SPACES // 6} + 'x')",
])
def test_a_long_run_of_spaces_is_read_at_once(call: str) -> None:
    """A pattern with two space runs side by side ("(?:の)?\\s*" after "\\s*") tries every way
    of splitting a long run of spaces between them: 27 s for 100 spaces after "残り"."""
    finishes_in_a_minute("from evals.reading import read_claims, read_counts, read_turn; from evals.chat import "
                         "split_chat; from referee.lang import Context; from referee.liar.intent import Remark", call)
