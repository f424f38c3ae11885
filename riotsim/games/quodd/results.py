"""Solo results kept per scenario: plays, wins, fewest rounds to win, best score.

Stored as JSON in the user data folder (``quodd_results.json``), written atomically.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from riotsim.core.contract import Outcome
from riotsim.paths import user_data_dir

FILE = "quodd_results.json"


def results_path() -> Path:
    return user_data_dir() / FILE


def load() -> dict[str, dict[str, Any]]:
    path = results_path()
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return raw if isinstance(raw, dict) else {}


def best(scenario: str) -> dict[str, Any] | None:
    return load().get(scenario)


def record(scenario: str, outcome: Outcome) -> dict[str, Any]:
    """Add a finished game to the scenario's record and save it; returns the record."""
    data = load()
    entry = data.get(scenario) or {"plays": 0, "wins": 0, "best_rounds": None, "best_score": 0}
    entry["plays"] += 1
    won = bool(outcome.winners)
    if won:
        entry["wins"] += 1
        if entry["best_rounds"] is None or outcome.rounds < entry["best_rounds"]:
            entry["best_rounds"] = outcome.rounds
    score = sum(outcome.scores)
    entry["best_score"] = max(entry.get("best_score") or 0, score)
    data[scenario] = entry
    _write(results_path(), data)
    return entry


def _write(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".quodd-", dir=path.parent)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1, sort_keys=True)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)
