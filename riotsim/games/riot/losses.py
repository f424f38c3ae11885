"""Losses of a combat winner, shared by both RIOT rule sets.

Both rule sets spend the winner's damage on its units from the weakest up (then the cheapest,
then the oldest): a unit whose strength the remaining damage covers is removed; in `riot` the
first unit it does not cover is wounded and the damage stops there, in `riot-pm` (which has no
wounded state) leftover damage is simply lost.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

U = TypeVar("U")


def take_losses(
    units: Sequence[U],
    damage: int,
    strength: Callable[[U], int],
    cost: Callable[[U], int],
    ident: Callable[[U], int],
) -> tuple[list[U], U | None]:
    """(removed units, the unit the rest of the damage falls on or None)."""
    removed: list[U] = []
    for u in sorted(units, key=lambda u: (strength(u), cost(u), ident(u))):
        if damage <= 0:
            break
        s = strength(u)
        if damage >= s:
            damage -= s
            removed.append(u)
        else:
            return removed, u
    return removed, None
