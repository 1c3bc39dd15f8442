"""Test-wide settings.

Hypothesis's default 200 ms deadline makes every property test a timed test; on a shared,
loaded machine a slow example then fails a law that holds. The laws are checked without a
deadline; speed is measured by the benchmarks in bench/.
"""

from hypothesis import settings

settings.register_profile("refgm", deadline=None)
settings.load_profile("refgm")
