"""Test set-up: headless SDL and a throw-away user folder, before anything imports pygame."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["RIOTSIM_HOME"] = tempfile.mkdtemp(prefix="riotsim-test-home-")
os.environ["RIOTSIM_LANG"] = "en"  # tests read English; Italian is tested by asking for it
