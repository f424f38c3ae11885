"""Riot Quest actions: interned construction and typed reads of their arguments.

Actions keep their text form (``run hero=dez to=(3,4)``); the rules read an argument through
the accessor of its type, which narrows the contract's ``Value`` (an action reaches the rules
only after ``apply`` found it among the legal ones, so a wrong type is a rules bug).
"""

from __future__ import annotations

from typing import Any

from riotsim.core.contract import Action

Cell = tuple[int, int]

_ACTIONS: dict[tuple[str, tuple[tuple[str, Any], ...]], Action] = {}


def act(kind: str, *args: tuple[str, Any]) -> Action:
    """The one Action object for ``kind`` and ``args`` (building Action objects is the hot
    path of random playouts)."""
    key = (kind, args)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = Action(kind, args)
    return found


def word_arg(a: Action, key: str) -> str:
    """A text argument (a hero, gear, deck, arena or ability id)."""
    v = a[key]
    if not isinstance(v, str):
        raise TypeError(f"{a}: {key} is not a word")
    return v


def int_arg(a: Action, key: str) -> int:
    """An integer argument (a seat, a dice count)."""
    v = a[key]
    if not isinstance(v, int):
        raise TypeError(f"{a}: {key} is not a number")
    return v


def cell_arg(a: Action, key: str) -> Cell:
    """A hex argument ``(col,row)``."""
    v = a[key]
    if not isinstance(v, tuple) or len(v) != 2:
        raise TypeError(f"{a}: {key} is not a hex")
    return v


# the actions without arguments
PASS = act("pass")
END = act("end_activation")
SKIP = act("skip")
DONE = act("done")
TAKE_TURN = act("take_turn")
