"""``python -m riotsim`` is the ``riotsim`` command."""

import sys

from riotsim.cli import main

sys.exit(main())
