"""llama.cpp in tests: passive OpenMP waiting, set before any test imports llama_cpp.

With a busy core, spinning OpenMP threads make llama.cpp far slower than one passive thread.
"""

import os

os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
