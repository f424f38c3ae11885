"""Which rule sets the menu may offer, found without holding up the first frame.

Knowing whether a rule set is playable means importing its package (a third of a second for
all four). :class:`GameCatalog` does that on a worker thread, so the menu draws at once and
lists the games a moment later; anything that needs the answer now calls :meth:`wait`.
The answer is always :func:`riotsim.core.registry.playable` - nothing is guessed.
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Any

from riotsim.core import registry

if TYPE_CHECKING:
    from riotsim.core.contract import Ruleset

log = logging.getLogger("riotsim.ui")

GameEntry = tuple[str, "Ruleset[Any]"]  # (rule set id, rule set)


# One lookup at a time: two threads importing the same game packages at once could trip
# Python's import deadlock detection, and a game would then be missing from the list.
_lookup = threading.Lock()


def playable_rulesets() -> list[GameEntry]:
    """(id, Ruleset) for every rule set the menu may offer (imports the game packages)."""
    with _lookup:
        out: list[GameEntry] = []
        # registry.playable() asked one id at a time, so that one game package failing in any
        # way (not only ImportError) leaves the others on the menu
        for ruleset_id in registry.ids():
            try:
                ruleset = registry.get(ruleset_id)
            except Exception:  # noqa: BLE001 - a broken game package must not break the menu
                log.exception("rule set %s failed to load", ruleset_id)
                continue
            if getattr(ruleset, "playable", True):
                out.append((ruleset_id, ruleset))
        return out


class GameCatalog:
    """The playable rule sets, looked up on a daemon thread.

    The menu calls :meth:`start` once its first frame is drawn, so the imports do not compete
    with that frame for the interpreter; :meth:`wait` starts the lookup itself if needed.
    """

    def __init__(self) -> None:
        self._games: list[GameEntry] | None = None
        self._done = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def start(self) -> None:
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._find, daemon=True, name="game-catalog")
                self._thread.start()

    def _find(self) -> None:
        try:
            self._games = playable_rulesets()
        except Exception:  # noqa: BLE001 - e.g. the registry itself failing: offer nothing
            log.exception("looking for playable rule sets failed")
            self._games = []
        finally:
            self._done.set()

    @property
    def ready(self) -> bool:
        return self._done.is_set()

    def peek(self) -> list[GameEntry] | None:
        """The games if already known, else None (never blocks)."""
        return self._games if self._done.is_set() else None

    def wait(self, timeout: float | None = 30.0) -> list[GameEntry]:
        """The games, waiting for the lookup to finish (empty if it never does)."""
        self.start()
        self._done.wait(timeout)
        return list(self._games or [])
