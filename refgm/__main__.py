"""`python -m refgm`: the console script."""

import sys

from refgm.cli import main

sys.exit(main())
