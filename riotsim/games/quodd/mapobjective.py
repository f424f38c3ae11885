"""A Quodd board's own objective, set in its map properties for "Try a board".

``objective`` = rally | crystals | treasure | sheep, ``target`` = how many (1-20) and
``rounds`` = the round limit (1-40). Each is optional: without ``objective`` the board's
contents choose it (its rally markers, else treasure, else crystals or sheep with drop zones);
without ``target`` every such piece on the board counts; ``rounds`` defaults to 12.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riotsim.core.problems import Problem
from riotsim.games.quodd.board import Layout
from riotsim.i18n import _

TYPES = ("rally", "crystals", "treasure", "sheep")
PROPERTIES = ("objective", "target", "rounds")
DEFAULT_ROUNDS = 12
# what each objective counts on the board, and whether it needs a drop zone
PIECES = {"rally": "rally", "crystals": "crystal", "treasure": "treasure", "sheep": "sheep"}
_LIMITS = {"target": (1, 20), "rounds": (1, 40)}


def read(properties: Mapping[str, Any]) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The objective properties a map sets, and (property, message) for each bad one."""
    found: dict[str, Any] = {}
    bad: list[tuple[str, str]] = []
    kind = properties.get("objective")
    if kind is not None:
        if str(kind) in TYPES:
            found["objective"] = str(kind)
        else:
            bad.append(
                (
                    "objective",
                    _("{kind!r} is not one of {types}").format(kind=kind, types=", ".join(TYPES)),
                )
            )
    for key, (low, high) in _LIMITS.items():
        raw = properties.get(key)
        if raw is None:
            continue
        try:
            value = int(str(raw).strip())
        except ValueError:
            bad.append((key, _("{value!r} is not a whole number").format(value=raw)))
            continue
        if not low <= value <= high:
            bad.append(
                (key, _("{value} is outside {low}..{high}").format(value=value, low=low, high=high))
            )
        else:
            found[key] = value
    return found, bad


def counts(layout: Layout) -> dict[str, int]:
    kinds = [t.kind for _, t in layout.tokens]
    return {kind: kinds.count(kind) for kind in set(kinds)}


def check(properties: Mapping[str, Any], layout: Layout, path: str) -> list[Problem]:
    """check-map problems of the objective properties of a 9x9 board."""
    found, bad = read(properties)
    problems = [
        Problem(path, _("map property {key!r}").format(key=key), message) for key, message in bad
    ]
    kind = found.get("objective")
    if kind is None:
        return problems
    have = counts(layout)
    piece = PIECES[kind]
    target = found.get("target", have.get(piece, 0))
    place = "map property 'objective'"
    if kind == "rally" and not have.get("rally"):
        if target > 1:
            problems.append(
                Problem(
                    path,
                    place,
                    _("a race to {target} rally markers needs them on the board").format(
                        target=target
                    ),
                )
            )
        return problems  # a bare race: a marker is placed on the far edge
    if have.get(piece, 0) < target:
        problems.append(
            Problem(
                path,
                place,
                _("{kind} to {target} needs {target} {piece}, the board has {n}").format(
                    kind=kind, target=target, piece=piece, n=have.get(piece, 0)
                ),
            )
        )
    if kind in ("crystals", "sheep") and not have.get("drop_zone"):
        problems.append(
            Problem(path, place, _("a {kind} objective needs a drop zone").format(kind=kind))
        )
    return problems
