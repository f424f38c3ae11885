"""Checks of untrusted data against the RIOT state being read: spaces of the board, units on
it, seats. Frame kinds declare their fields with these (:mod:`riotsim.core.frames` checks,
``check(value, where, context)``, the context a :class:`FrameContext`); positions.py reads the
rest of a position with the same functions, so a message names the same things everywhere.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from riotsim.core.contract import PositionError
from riotsim.core.fields import Reader, check_int
from riotsim.core.frames import Check
from riotsim.games.riot import city as bd
from riotsim.i18n import _

if TYPE_CHECKING:
    from riotsim.games.riot.state import Unit

MANY = 10_000  # list lengths (cards, ids)
ATTACKABLE = (bd.STREET, bd.BUILDING)  # the spaces an attack may target


def show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


@dataclass(frozen=True, slots=True)
class FrameContext:
    """What a frame's data is read against: the state read so far (units, seats, the active
    seat), its board, the deciding seat, and the frame itself (for a message about its seat
    or its kind rather than its data)."""

    state: Any
    board: bd.CityBoard
    seat: int = -1  # a decision's; the fight under way has none
    frame: Reader | None = None


def ints(value: Any, where: str, low: int | None = 0) -> list[int]:
    if not isinstance(value, list):
        raise PositionError(
            _("{where}: {value} is not a list").format(where=where, value=show(value))
        )
    if len(value) > MANY:
        raise PositionError(
            _("{where}: {n} entries; at most {most}").format(where=where, n=len(value), most=MANY)
        )
    return [check_int(v, f"{where}[{i}]", low) for i, v in enumerate(value)]


def unit_list(value: Any, where: str, units: dict[int, Unit], seat: int | None) -> list[int]:
    """Ids of units on the board (of ``seat`` when given), each once."""
    ids = ints(value, where)
    for i, uid in enumerate(ids):
        u = units.get(uid)
        if u is None:
            raise PositionError(
                _("{where}: no unit {id} on the board").format(where=f"{where}[{i}]", id=uid)
            )
        if seat is not None and u.seat != seat:
            raise PositionError(
                _("{where}: unit {id} is not seat {seat}'s").format(
                    where=f"{where}[{i}]", id=uid, seat=seat
                )
            )
    if len(set(ids)) != len(ids):
        raise PositionError(_("{where}: {ids} names a unit twice").format(where=where, ids=ids))
    return ids


def space_of(value: Any, where: str, board: bd.CityBoard, kinds: Collection[str]) -> str:
    """A space of the board of one of ``kinds``."""
    if not isinstance(value, str):
        raise PositionError(
            _("{where}: {value} is not a text").format(where=where, value=show(value))
        )
    if value not in board.spaces:
        raise PositionError(
            _("{where}: {value} is not a space of the board").format(where=where, value=show(value))
        )
    if board.kind_of[value] not in kinds:
        raise PositionError(
            _("{where}: {value} is a {kind}, not a {kinds}").format(
                where=where, value=value, kind=board.kind_of[value], kinds=" or ".join(kinds)
            )
        )
    return value


def seats_among(value: Any, where: str, seats: Collection[int], distinct: bool = True) -> list[int]:
    values = ints(value, where)
    for i, s in enumerate(values):
        if s not in seats:
            raise PositionError(
                _("{where}: {seat} is not a seat here").format(where=f"{where}[{i}]", seat=s)
            )
    if distinct and len(set(values)) != len(values):
        raise PositionError(
            _("{where}: {seats} names a seat twice").format(where=where, seats=values)
        )
    return values


# -- the same, as declared field checks of a frame (the context a FrameContext) -------------


def space(*kinds: str) -> Check:
    """A space of the board of one of ``kinds``."""
    return lambda value, where, ctx: space_of(value, where, ctx.board, kinds)


def own_units(value: Any, where: str, ctx: FrameContext) -> list[int]:
    """Units of the deciding seat."""
    return unit_list(value, where, ctx.state.units, ctx.seat)


def active_units(value: Any, where: str, ctx: FrameContext) -> list[int]:
    """Units of the seat whose turn it is."""
    return unit_list(value, where, ctx.state.units, ctx.state.active)


def a_seat(value: Any, where: str, ctx: FrameContext) -> int:
    return check_int(value, where, low=0, high=ctx.state.seats - 1)


def distinct_seats(value: Any, where: str, ctx: FrameContext) -> list[int]:
    return seats_among(value, where, range(ctx.state.seats))


def a_unit(value: Any, where: str, ctx: FrameContext) -> int:
    """A unit on the board (its id)."""
    uid = check_int(value, where, low=0)
    if uid not in ctx.state.units:
        raise PositionError(_("{where}: no unit {id} on the board").format(where=where, id=uid))
    return uid
