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


def upkeep(state: State) -> list:
    """End the current round from this position (spec 11.4): run the End-of-Round Board
    Upkeep and settle, stopping at a pending decision; returns the events."""
    from riotsim.games.quodd import engine

    events: list = []
    engine.end_round(state, events)
    engine.settle(state, events)
    return events


def answer(state: State, **option: Any) -> list:
    """Answer the pending decision with the offered option that holds ``option``'s values
    (e.g. ``answer(s, facing="N")``); returns the events."""
    from riotsim.games.quodd.actions import option_action

    decision = state.pending[-1]
    matches = [o for o in decision.data["options"] if all(o.get(k) == v for k, v in option.items())]
    if len(matches) != 1:
        raise AssertionError(f"{len(matches)} options of {decision.kind} match {option}")
    return RULESET.apply(state, option_action(matches[0]))


def check_scenarios(tmp_path: Any, monkeypatch: Any, scenarios_yaml: str) -> list[str]:
    """check-data's problems for a Quodd data folder of the shipped heroes and cards with
    ``scenarios_yaml`` as its scenario file (written under ``tmp_path``)."""
    from riotsim.games.quodd import checks
    from riotsim.paths import data_dir

    folder = tmp_path / "quodd"
    folder.mkdir()
    for name in ("heroes.yaml", "cards.yaml"):
        (folder / name).write_text((data_dir() / "quodd" / name).read_text())
    (folder / "scenarios.yaml").write_text(scenarios_yaml)
    monkeypatch.setattr(checks, "data_dir", lambda: tmp_path)
    return [str(p) for p in checks.check_content()]
