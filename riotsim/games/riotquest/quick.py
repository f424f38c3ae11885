"""Riot Quest runs and equips valued without a copy for each (``Ruleset.quick_values``).

A hero choosing where to run has dozens of hexes to go to, and a one-ply bot would copy the
state, play the run and evaluate the result for every one of them. Most runs do nothing but
move the hero (``rules.quiet_runs``), so the states they lead to differ only in the hex it
stands on: one quiet run is played for real on one copy, then the hero is stood on each other
quiet run's hex in that copy and the copy evaluated. Each is the state playing that run gives,
so each value is the one playing it gives, bit for bit.

Equipping is offered for every hero and card in hand at every step of a turn. Each equip is
played for real on one shared copy, evaluated, and undone: an equip that raises nothing but
its Equipped event changed only what ``rules._equip`` changes (the player's Loot and hand,
and the hero, which the rules replace by a copy of their own), and the cached legal actions.
An equip that does more (a Bounty won) spends the copy; the equips after it are played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from riotsim.core.contract import Action
from riotsim.games.riotquest import rules
from riotsim.games.riotquest.bots import evaluate, evaluate_at
from riotsim.games.riotquest.state import RQState


def quick_values(s: RQState, seat: int, actions: Sequence[Action]) -> dict[int, float]:
    """``evaluate(child, seat)`` by position in ``actions``: of the quiet runs of the first
    run's hero (when two or more are quiet) and of the equips (when two or more)."""
    if s.phase != "go" or s.pending:
        return {}
    if s.legal_cache is None:
        rules.legal_actions(s)  # cached on ``s``: copies share it, and apply checks against it
    values = _equip_values(s, seat, actions)
    values.update(_run_values(s, seat, actions))
    return values


def _equip_values(s: RQState, seat: int, actions: Sequence[Action]) -> dict[int, float]:
    equips = [(i, a) for i, a in enumerate(actions) if a.kind == "equip"]
    if len(equips) < 2:
        return {}
    work = s.copy()
    mover = s.priority
    pl = work.players[mover]
    crew = work.heroes[mover]
    loot, hand, legal = pl.loot, list(pl.hand), work.legal_cache
    values: dict[int, float] = {}
    for i, a in equips:
        hid = a.word("hero")
        hero = crew[hid]
        events = rules.apply(work, a)
        if len(events) != 1 or events[0].kind != "equipped":
            break  # it did more than equip: this copy is spent, the rest are played
        values[i] = float(evaluate(work, seat))
        pl.loot = loot
        pl.hand[:] = hand
        crew[hid] = hero
        work.legal_cache = legal
    return values


def _run_values(s: RQState, seat: int, actions: Sequence[Action]) -> dict[int, float]:
    runs = [(i, a) for i, a in enumerate(actions) if a.kind == "run"]
    if len(runs) < 2:
        return {}
    mover = s.priority
    hid = runs[0][1].word("hero")
    h = s.heroes[mover].get(hid)
    if h is None or h.place != "arena":
        return {}
    mine = [(i, a.cell("to")) for i, a in runs if a.args[0][1] == hid]
    flags = rules.quiet_runs(s, h, [cell for _, cell in mine])
    quiet = [m for m, ok in zip(mine, flags, strict=True) if ok]
    if len(quiet) < 2:
        return {}
    played = s.copy()
    events = rules.apply(played, actions[quiet[0][0]])
    if any(e.kind != "moved" or e.reveals for e in events):
        return {}  # the run did more than move the hero: value every run by playing it
    return _stood_on(played, mover, hid, quiet, seat)


def _stood_on(
    played: RQState, mover: int, hid: str, quiet: list[tuple[int, Any]], seat: int
) -> dict[int, float]:
    """The hero of ``played`` (its own copy, after the run) stood on each quiet hex in turn."""
    h = played.heroes[mover][hid]
    cells = [cell for _, cell in quiet]
    found = evaluate_at(played, seat, h, cells)
    if found is not None:
        return {i: value for (i, _), value in zip(quiet, found, strict=True)}
    occ = played.occ
    who = occ.pop(h.at())
    values: dict[int, float] = {}
    for i, cell in quiet:
        h.pos = cell
        occ[cell] = who
        values[i] = float(evaluate(played, seat))
        del occ[cell]
    return values
