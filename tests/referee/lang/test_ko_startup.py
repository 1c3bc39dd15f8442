"""Korean start-up: kiwi is built without the dictionaries a game does not need, and reads the same.

The memory is measured in a fresh process, where nothing else is loaded; time is left to
bench/parse.py, since a shared machine makes it noisy.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from referee.lang.ko.morph import analyze, normalize
from referee.liar import Roster

ROOT = Path(__file__).resolve().parents[3]
PEAK_MB = 350
_FIRST_PARSE = """
from referee.lang import Context, parse
parse("A씨, 케이크 먹었어요?", Context(lang="ko"))
status = dict(line.split(":", 1) for line in open("/proc/self/status"))
print(int(status["VmHWM"].split()[0]) // 1024)
"""


def test_korean_start_up_stays_under_its_memory_goal() -> None:
    # VmHWM, not getrusage: the kernel's ru_maxrss counts the pages this process had before exec.
    done = subprocess.run([sys.executable, "-c", _FIRST_PARSE], cwd=ROOT, capture_output=True, text=True,
                          check=True)
    assert int(done.stdout) < PEAK_MB, f"peak {done.stdout.strip()} MB at the first Korean parse"


def test_contracted_reported_speech_reads_as_with_kiwis_default_dictionary() -> None:
    """랬/댔 are 라/다 + 하였, as kiwi's default dictionary has them, not the quotative 라고/다고."""
    for text, quote in (("B가 거짓말쟁이랬어", "라"), ("B는 정직하댔어", "다")):
        (sentence,), _ = analyze(normalize(text), Roster())
        forms = [(m.form, m.tag) for m in sentence.morphs]
        assert forms[-4:] == [(quote, "EC"), ("하", "VV"), ("었", "EP"), ("어", "EF")], forms
