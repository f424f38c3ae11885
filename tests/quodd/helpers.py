"""Shared helpers for Quodd rules tests: readable positions and scripted play."""

from __future__ import annotations

from typing import Any

from riotsim.core.contract import Action
from riotsim.games.quodd import RULESET
from riotsim.games.quodd.state import State


def position(rows: list[str], heroes: list[dict[str, Any]], **extra: Any) -> State:
    """A state on a text board (see riotsim.games.quodd.ascii) with heroes ready to move."""
    raw: dict[str, Any] = {"rows": rows, "heroes": heroes, "phase": "movement"}
    raw.update(extra)
    return RULESET.from_position(raw)


def do(state: State, *texts: str) -> list:
    """Apply actions given in text form; returns all events."""
    events = []
    for text in texts:
        events += RULESET.apply(state, Action.parse(text))
    return events


def legal(state: State) -> set[str]:
    return {str(a) for a in RULESET.legal_actions(state)}


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]
