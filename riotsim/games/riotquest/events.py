"""Riot Quest events: the fast constructor the rules build them with."""

from __future__ import annotations

from typing import Any

from riotsim.core.contract import Event

# Events are frozen dataclasses, whose generated __init__ sets every field through
# object.__setattr__; the rules make about two per ply, so they fill the slots directly
# (the same object the constructor would build, at two thirds of the cost).
_new = object.__new__
_slots = Event.__dict__  # the slots' member descriptors (the class attributes mypy sees as fields)
_set_kind = _slots["kind"].__set__
_set_data = _slots["data"].__set__
_set_seat = _slots["seat"].__set__
_set_reveals = _slots["reveals"].__set__
_set_private = _slots["private_to"].__set__


def _event(
    kind: str,
    data: dict[str, Any],
    seat: int | None = None,
    reveals: bool = False,
    private_to: int | None = None,
) -> Event:
    e = _new(Event)
    _set_kind(e, kind)
    _set_data(e, data)
    _set_seat(e, seat)
    _set_reveals(e, reveals)
    _set_private(e, private_to)
    return e


def ev_roll(events: list[Event], die: str, faces: list[str], purpose: str, seat: int | None):
    events.append(
        _event("dice_rolled", {"die": die, "faces": faces, "purpose": purpose}, seat, True)
    )
