"""Checks of pending frames and queued steps read from a position (input from strangers).

The frame and step kinds declare their data fields with these checks (``decisions.py`` and the
kinds in ``frames.py`` and ``steps.py``); ``positions.py`` reads them through the registries.
A check is ``check(value, where, ctx) -> value`` and raises a PositionError naming ``where``;
``ctx`` is the :class:`FrameContext` of the frame or step being read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from riotsim.core.contract import PositionError
from riotsim.core.fields import Reader, check_int, check_pair
from riotsim.core.frames import Check
from riotsim.games.riotquest.arena import _REGISTERED, arena_ids
from riotsim.games.riotquest.state import RQState
from riotsim.i18n import _

PLACES = ("arena", "bench", "cooler")
TRIGGER_STEPS = ("hit", "dmg", "ko", "after")
TRIGGERS: tuple[str, ...]
TRIGGERS = ("brutal", "siphon", "scavenger", "beatback", "press", "thorns", "grudge")
TRIGGERS += ("vengeful", "riposte")
CHEST_KINDS = ("heal", "refund", "recover", "release")

_KNOWN: set[str] = set()  # shipped arena ids seen on disk


@dataclass(slots=True)
class FrameContext:
    """What a frame or a step is read against: the state read so far (board, crews, set-up,
    the queue before the pending stack), the deciding seat, the position's entry for the frame
    (its ``kind`` and ``seat``) and the whole position (for a missing arena)."""

    s: RQState
    seat: int
    entry: Reader
    root: Reader


def known_arena(name: str) -> bool:
    """A registered arena or one shipped under maps/riotquest/ (never a path to elsewhere)."""
    if name in _REGISTERED or name in _KNOWN:
        return True
    if name in arena_ids():
        _KNOWN.add(name)
        return True
    return False


def seat(value: Any, where: str, ctx: FrameContext) -> int:
    """A seat of the game."""
    return check_int(value, where, 0, ctx.s.seats - 1)


def _texts(value: Any, where: str, most: int = 10_000) -> list[str]:
    if not isinstance(value, list) or len(value) > most:
        why = _("{where}: {value!r:.60} is not a list (of at most {most})")
        raise PositionError(why.format(where=where, value=value, most=most))
    for i, v in enumerate(value):
        if not isinstance(v, str) or len(v) > 200:
            why = _("{where}[{i}]: {value!r:.60} is not a text")
            raise PositionError(why.format(where=where, i=i, value=v))
    return list(value)


def heroes(*places: str) -> Check:
    """Heroes of the deciding seat's crew, each in one of ``places``."""

    def check(value: Any, where: str, ctx: FrameContext) -> list[str]:
        crew = ctx.s.heroes[ctx.seat]
        out = _texts(value, where)
        for i, hid in enumerate(out):
            h = crew.get(hid)
            if h is None or h.place not in places:
                why = _("{where}[{i}]: {hero!r} is no hero of seat {seat} ({places})")
                places_text = _(" or ").join(places)
                raise PositionError(
                    why.format(where=where, i=i, hero=hid[:60], seat=ctx.seat, places=places_text)
                )
        return out

    return check


def spent_die(value: Any, where: str, ctx: FrameContext) -> str | None:
    """The raider whose spent die a chest's refund leaves alone (or null)."""
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 200:
        raise PositionError(
            _("{where}: {value!r:.60} is not a text").format(where=where, value=value)
        )
    crew = ctx.s.heroes[ctx.seat]
    if value not in crew or not crew[value].dice:
        why = _("{where}: {hero!r} is no hero of seat {seat} with a spent die")
        raise PositionError(why.format(where=where, hero=value[:60], seat=ctx.seat))
    return value


def discarded(value: Any, where: str, ctx: FrameContext) -> list[str]:
    """Riot Gear in the deciding seat's discard pile."""
    discard = ctx.s.players[ctx.seat].discard
    out = _texts(value, where)
    for i, g in enumerate(out):
        if g not in discard:
            why = _("{where}[{i}]: {gear!r} is not discarded")
            raise PositionError(why.format(where=where, i=i, gear=g[:60]))
    return out


def arenas(value: Any, where: str, ctx: FrameContext) -> list[str]:
    """Arena ids to choose from."""
    out = _texts(value, where)
    for i, a in enumerate(out):
        if not known_arena(a):
            why = _("{where}[{i}]: {arena!r} names no arena")
            raise PositionError(why.format(where=where, i=i, arena=a[:60]))
    return out


def free_hexes(value: Any, where: str, ctx: FrameContext) -> list[list[int]]:
    """Hexes of the arena no model or barrier holds."""
    s = ctx.s
    if not isinstance(value, list) or len(value) > 500:
        why = _("{where}: {value!r:.60} is not a list (of at most {most})")
        raise PositionError(why.format(where=where, value=value, most=500))
    out = []
    for i, raw in enumerate(value):
        cell = check_pair(raw, f"{where}[{i}]")
        if s.arena is None:
            raise PositionError(
                _("{where}: a game without an arena has no hexes").format(where=where)
            )
        if cell not in s.arena.terrain:
            why = _("{where}: {cell} is not a hex of arena {arena!r}")
            raise PositionError(why.format(where=where, cell=list(cell), arena=s.arena.id))
        if cell in s.arena.blocked or cell in s.occ:
            why = _("{where}[{i}]: {cell} is not a free hex")
            raise PositionError(why.format(where=where, i=i, cell=list(cell)))
        out.append(list(raw))
    return out


def not_empty(d: Reader, kind: str) -> None:
    """A choice among ``options`` needs something to choose."""
    if not d.data.get("options"):
        why = _("a {kind} decision needs something to choose").format(kind=kind)
        raise d.fail("options", why)
