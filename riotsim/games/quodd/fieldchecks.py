"""Value checks for the fields of Quodd frames and decisions read from an untrusted position.

Each is a :data:`riotsim.core.frames.Check`, ``check(value, where, state) -> value``: it returns
the value as the rules hold it or raises a :class:`PositionError` naming ``where``; the state
read so far is the context (its board for squares, its heroes for seats).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riotsim.core import frames
from riotsim.core.contract import PositionError
from riotsim.core.fields import check_int, check_pair
from riotsim.games.quodd import catalog
from riotsim.games.quodd.board import KINDS
from riotsim.games.quodd.directions import ORTHOGONAL
from riotsim.games.quodd.state import State
from riotsim.i18n import _

LIST_MOST = 2_000  # cards, choices, frames: far more than any game holds
SPINS = ("cw", "ccw")

Check = Callable[[Any, str, State], Any]


def seat(value: Any, where: str, state: State) -> int:
    return check_int(value, where, low=0, high=len(state.heroes) - 1)


def cell(value: Any, where: str, state: State) -> list[int]:
    square = check_pair(value, where)
    if square not in state.board.ground:
        raise PositionError(
            _("{where}: {square} is not a square of the board").format(
                where=where, square=list(square)
            )
        )
    return [square[0], square[1]]


def cells(value: Any, where: str, state: State) -> list[list[int]]:
    if not isinstance(value, list) or len(value) > LIST_MOST:
        raise PositionError(
            _("{where}: {value!r:.60} is not a list of squares").format(where=where, value=value)
        )
    return [cell(v, f"{where}[{i}]", state) for i, v in enumerate(value)]


def cell_or_none(value: Any, where: str, state: State) -> list[int] | None:
    return None if value is None else cell(value, where, state)


def numbers(high: int) -> Check:
    """A list of piece numbers (sheep, bombs), each 0..``high``."""

    def check(value: Any, where: str, state: State) -> list[int]:
        if not isinstance(value, list) or len(value) > LIST_MOST:
            raise PositionError(
                _("{where}: {value!r:.60} is not a list of piece numbers").format(
                    where=where, value=value
                )
            )
        return [check_int(v, f"{where}[{i}]", low=0, high=high) for i, v in enumerate(value)]

    return check


def seats(value: Any, where: str, state: State) -> list[int]:
    if not isinstance(value, list) or len(value) > LIST_MOST:
        raise PositionError(
            _("{where}: {value!r:.60} is not a list of seats").format(where=where, value=value)
        )
    return [seat(v, f"{where}[{i}]", state) for i, v in enumerate(value)]


def flag(value: Any, where: str, state: State) -> bool | int:
    if value not in (0, 1) or not isinstance(value, (bool, int)):
        raise PositionError(
            _("{where}: {value!r:.60} is not true or false").format(where=where, value=value)
        )
    return value


def count(high: int) -> Check:
    """A whole number in ``0..high``."""
    return frames.count(0, high)


one_of = frames.one_of


def texts_of(*choices: Any) -> Check:
    one = one_of(*choices)

    def check(value: Any, where: str, state: State) -> list[Any]:
        if not isinstance(value, list) or len(value) > LIST_MOST:
            raise PositionError(
                _("{where}: {value!r:.60} is not a list").format(where=where, value=value)
            )
        return [one(v, f"{where}[{i}]", state) for i, v in enumerate(value)]

    return check


def text(value: Any, where: str, state: State) -> str:
    if not isinstance(value, str) or len(value) > 60:
        raise PositionError(
            _("{where}: {value!r:.60} is not a short text").format(where=where, value=value)
        )
    return value


CARD = one_of(*catalog.cards())
DIR = one_of(*ORTHOGONAL)
KIND = one_of(*sorted(KINDS))
SKIP = texts_of(*sorted(KINDS))


# -- moving platforms and beams (issue 12 part C) ----------------------------------------------


def platform_ids(value: Any, where: str, state: State) -> list[str]:
    """A queue of platforms: ids of platforms on the board."""
    known = {p.id for p in state.board.platforms}
    return texts_of(*sorted(known))(value, where, state)


def beam_hits(value: Any, where: str, state: State) -> list[list[Any]]:
    """Beam hits as saved: ``[x, y, "front" | "back"]`` on board squares."""
    if not isinstance(value, list) or len(value) > LIST_MOST:
        raise PositionError(
            _("{where}: {value!r:.60} is not a list of hits").format(where=where, value=value)
        )
    out = []
    for i, hit in enumerate(value):
        if not isinstance(hit, list) or len(hit) != 3 or hit[2] not in ("front", "back"):
            raise PositionError(
                _("{where}[{i}]: {hit!r:.60} is not [x, y, front|back]").format(
                    where=where, i=i, hit=hit
                )
            )
        out.append([*cell(hit[:2], f"{where}[{i}]", state), hit[2]])
    return out
