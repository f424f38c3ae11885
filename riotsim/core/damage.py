"""Damaged positions, for checking that a rule set treats a position as input from strangers.

A save's start position can be edited by anyone. :func:`damaged` makes seeded variants of a
real position - a field removed, a value of the wrong type, a number out of range, an id that
names nothing, a list cut short or doubled - and :func:`check_damaged` asserts the contract
for each: :meth:`Ruleset.load_position` either refuses it with a :class:`PositionError`, or the
game it gives plays on (random plies, every seat's view, the outcome) raising nothing but
:class:`IllegalAction`. ``tests/test_position_damage.py`` runs it over every game.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from riotsim.core.contract import IllegalAction, PositionError, Ruleset
from riotsim.core.rng import Rng

Path = tuple[str | int, ...]

# Replacement values: wrong types, out-of-range and absurd numbers, names of nothing.
ODD_VALUES: tuple[Any, ...] = (
    None,
    True,
    -1,
    0,
    7,
    10**9,
    -(10**9),
    2.5,
    float("inf"),
    "",
    "nobody",
    "x" * 200,
    [],
    [-1, -1],
    [99, 99],
    {},
    {"x": 1},
)


@dataclass(frozen=True, slots=True)
class Damage:
    """One edit of a position: what was done where, and the damaged position."""

    what: str
    path: Path
    position: dict[str, Any]

    @property
    def label(self) -> str:
        return f"{self.what} at {_path_text(self.path)}"


def _path_text(path: Path) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text or "(the position)"


def _places(value: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every value inside ``value`` with its path, the containers included."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _places(item, (*path, index))


def _parent(root: Any, path: Path) -> Any:
    for part in path[:-1]:
        root = root[part]
    return root


def damaged(position: dict[str, Any], rng: Rng, count: int) -> Iterator[Damage]:
    """``count`` seeded damaged copies of ``position``, each with one edit."""
    places = [p for p, _ in _places(position) if p]
    if not places:
        return
    for _ in range(count):
        path = places[rng.below(len(places))]
        out = copy.deepcopy(position)
        parent = _parent(out, path)
        key = path[-1]
        current = parent[key]
        roll = rng.below(10)
        if roll == 0 and isinstance(parent, dict):
            del parent[key]
            what = "removed"
        elif roll == 1 and isinstance(current, list) and current:
            parent[key] = current[: rng.below(len(current))]
            what = "cut short"
        elif roll == 2 and isinstance(current, list) and current:
            parent[key] = current + current
            what = "doubled"
        elif roll == 3 and isinstance(current, int) and not isinstance(current, bool):
            parent[key] = current + (1 if rng.below(2) else -1) * (1 + rng.below(3))
            what = "nudged"
        elif roll == 4 and isinstance(current, str):
            parent[key] = current[::-1] + "?"
            what = "misspelt"
        else:
            parent[key] = copy.deepcopy(ODD_VALUES[rng.below(len(ODD_VALUES))])
            what = f"replaced by {json.dumps(parent[key], default=str)[:30]}"
        yield Damage(what, path, out)


class DamageViolation(AssertionError):
    """A damaged position made the rules raise something other than IllegalAction."""


def check_damaged(
    ruleset: Ruleset[Any], damage: Damage, seats: int, rng: Rng, plies: int = 12
) -> str:
    """Load ``damage``'s position and, if accepted, play ``plies`` random plies checking
    every seat's view and the outcome at each. Returns ``"refused"`` or ``"played"``; raises
    :class:`DamageViolation` naming the damage when the rules raise anything but
    :class:`IllegalAction` (or the loader anything but :class:`PositionError`)."""
    try:
        state = ruleset.load_position(json.loads(json.dumps(damage.position, default=str)))
    except PositionError as err:
        if not str(err).strip():
            raise DamageViolation(f"{damage.label}: refused without a message") from err
        return "refused"
    except Exception as err:  # noqa: BLE001 - the point of the check
        raise DamageViolation(
            f"{damage.label}: load_position raised {type(err).__name__}: {err}"
        ) from err
    ply = 0
    try:
        while ply < plies:
            ply += 1
            for seat in range(seats):
                ruleset.view(state, seat)
            ruleset.outcome(state)
            ruleset.state_hash(state)
            if ruleset.to_move(state) is None:
                break
            legal = ruleset.legal_actions(state)
            if not legal:
                raise DamageViolation(f"{damage.label}: a seat to move has no legal action")
            try:
                ruleset.apply(state, legal[rng.below(len(legal))])
            except IllegalAction:
                continue  # a legal action refused: allowed (the position is odd), not a crash
    except DamageViolation:
        raise
    except Exception as err:  # noqa: BLE001
        raise DamageViolation(
            f"{damage.label}: at ply {ply} the rules raised {type(err).__name__}: {err}"
        ) from err
    return "played"
