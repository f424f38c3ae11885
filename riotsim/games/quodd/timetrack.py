"""The time tracker of a timed scenario (spec K1, K2).

*End of Round* step 3 ("Adjust Time Tracker"): a timed scenario's tracker (``State.timer``)
starts at the scenario's ``time.start`` and drops ``time.drop`` every End-of-Round; scenario
events give time back (a rally marker reached, a crystal delivered). At 0 the game ends at
once, as it does at the scenario's round limit (``rounds``, which keeps working as before).
``tracker`` is what the view draws: the time left and, in rally scenarios, each hero's
character token at its rally progress (*Character Token*: "used with the Time Tracker for
tracking progress in Rally Scenarios").
"""

from __future__ import annotations

from typing import Any

from riotsim.core.contract import Event
from riotsim.games.quodd import catalog
from riotsim.games.quodd.events import TimeMoved
from riotsim.games.quodd.state import Hero, State

Events = list[Event]


def spec_of(state: State) -> catalog.TimeSpec | None:
    """The time rules of the state's scenario (None: not a timed scenario)."""
    spec = catalog.scenarios().get(state.scenario)
    return spec.time if spec is not None else None


def setup(state: State, spec: catalog.ScenarioSpec) -> None:
    """A timed scenario puts its tracker at its start value."""
    if spec.time is not None:
        state.timer = spec.time.start


def timed(state: State) -> bool:
    return state.timer >= 0


def move(state: State, by: int, why: str, events: Events) -> None:
    """Move the tracker ``by`` (never below 0)."""
    if not timed(state) or by == 0:
        return
    before = state.timer
    state.timer = max(0, state.timer + by)
    events.append(TimeMoved.of(timer=state.timer, by=state.timer - before, why=why))


def end_of_round(state: State, events: Events) -> bool:
    """End-of-Round step 3: the tracker drops; at 0 the game ends (True: it ended)."""
    if not timed(state):
        return False
    spec = spec_of(state)
    move(state, -(spec.drop if spec is not None else 1), "round", events)
    if state.timer > 0:
        return False
    from riotsim.games.quodd import scenario

    scenario.time_up(state, events)
    return True


def on_rally(state: State, hero: Hero, events: Events) -> None:
    """A rally marker reached gives the scenario's time back."""
    spec = spec_of(state)
    if spec is not None and spec.rally:
        move(state, spec.rally, "rally", events)


def on_delivery(state: State, hero: Hero, crystals: int, events: Events) -> None:
    """Each delivered crystal gives the scenario's time back."""
    spec = spec_of(state)
    if spec is not None and spec.delivery and crystals:
        move(state, spec.delivery * crystals, "delivery", events)


def tracker(state: State) -> dict[str, Any]:
    """The tracker as the view draws it: ``time`` left (-1: untimed), ``start``, the
    round and its limit, and in rally scenarios one character token per hero at its rally
    progress (``tokens``: hero index, name, colour, progress, target)."""
    spec = spec_of(state)
    out: dict[str, Any] = {
        "time": state.timer,
        "start": spec.start if spec is not None else max(state.timer, 0),
        "round": state.round,
        "limit": state.round_limit,
        "tokens": [],
    }
    if state.objective.get("type") in ("rally", "escape"):
        heroes = catalog.heroes()
        out["tokens"] = [
            {
                "hero": h.seat,
                "name": h.name,
                "colour": heroes[h.hero].colour,
                "progress": h.rally,
                "target": int(state.objective.get("target", 1)),
            }
            for h in state.heroes
        ]
    return out
