"""Moving platforms and beam wiring on Quodd Tiled maps (spec 11.5, 11.6): reading platform
rectangles and their pivots, and the check-map problems of platforms and beam parts.

A platform is one or more ``platform`` rectangle objects (unrotated, whole squares) with
``motion`` (slide / rotate / none), ``direction`` (slide) or ``spin`` (rotate) and an optional
``link`` joining several rectangles into one platform; a rotating one holds one ``pivot``
object. The tile layer beneath gives the base ground (pit or water).
"""

from __future__ import annotations

from typing import Any

from riotsim.core.problems import Problem
from riotsim.games.quodd.board import (
    BEAM_KINDS,
    MOTIONS,
    SCENARIO_KINDS,
    SPINS,
    Board,
    Layout,
    Platform,
    Token,
)
from riotsim.games.quodd.directions import DIAGONAL, ORTHOGONAL, Cell, step
from riotsim.i18n import _

BASES = ("pit", "water")
WIRED = BEAM_KINDS | {"power_block"}


def _place(obj: Any) -> str:
    if obj.name:
        return _("object {id} ({name})").format(id=obj.id, name=obj.name)
    return _("object {id}").format(id=obj.id)


def _rect_cells(board: Any, obj: Any) -> tuple[list[Cell], str | None]:
    tw, th = board.tile_width, board.tile_height
    if obj.shape != "rect" or obj.rotation:
        return [], _("a platform is an unrotated rectangle")
    values = (obj.x / tw, obj.y / th, obj.width / tw, obj.height / th)
    if any(v != int(v) for v in values) or values[2] < 1 or values[3] < 1:
        return [], _("a platform rectangle must cover whole squares, aligned to the grid")
    x0, y0, w, h = (int(v) for v in values)
    cells = [(x, y) for y in range(y0, y0 + h) for x in range(x0, x0 + w)]
    if not all(board.in_bounds(c) for c in cells):
        return [], _("the platform reaches outside the board")
    return cells, None


def read_platforms(
    board: Any, ground: list[tuple[str, ...]], path: str
) -> tuple[list[Platform], list[Problem]]:
    """The platforms of a Tiled map, in map squares, and what is wrong with them."""
    problems: list[Problem] = []
    groups: dict[str, list[tuple[Any, list[Cell]]]] = {}
    objects = sorted(board.objects, key=lambda obj: obj.id)  # layers may group the kinds
    for obj in objects:
        if obj.kind != "platform":
            continue
        cells, wrong = _rect_cells(board, obj)
        if wrong:
            problems.append(Problem(path, _place(obj), wrong))
            continue
        key = str(obj.get("link")) if obj.get("link") is not None else f"#{obj.id}"
        groups.setdefault(key, []).append((obj, cells))
    pivots = [o for o in objects if o.kind == "pivot"]
    out: list[Platform] = []
    taken: set[Cell] = set()
    for parts in groups.values():
        platform = _one_platform(parts, pivots, ground, taken, path, problems, len(out) + 1)
        if platform is not None:
            out.append(platform)
            taken |= set(platform.cells)
    for pivot in pivots:
        if pivot.cell is None or not any(pivot.cell in p.cells for p in out):
            problems.append(Problem(path, _place(pivot), _("a pivot lies on no platform")))
    return out, problems


def _motion_problems(motion: Any, direction: Any, spin: Any) -> list[str]:
    """What is wrong with a platform's motion, direction and spin."""
    found = []
    if motion not in MOTIONS:
        found.append(
            _("motion must be slide, rotate or none, not {motion!r}").format(motion=motion)
        )
    if motion == "slide" and direction not in ORTHOGONAL:
        found.append(
            _("a sliding platform needs direction N/E/S/W, not {direction!r}").format(
                direction=direction
            )
        )
    if motion == "rotate" and spin not in SPINS:
        found.append(_("a rotating platform needs spin cw or ccw, not {spin!r}").format(spin=spin))
    return found


def _one_platform(
    parts: list[tuple[Any, list[Cell]]],
    pivots: list[Any],
    ground: list[tuple[str, ...]],
    taken: set[Cell],
    path: str,
    problems: list[Problem],
    number: int,
) -> Platform | None:
    obj = parts[0][0]
    place = _place(obj)
    cells = sorted({c for _, cs in parts for c in cs}, key=lambda c: (c[1], c[0]))
    motion = obj.get("motion")
    direction, spin = obj.get("direction"), obj.get("spin")
    start = len(problems)
    problems += [Problem(path, place, why) for why in _motion_problems(motion, direction, spin)]
    for other, _cells in parts[1:]:
        if (other.get("motion"), other.get("direction"), other.get("spin")) != (
            motion,
            direction,
            spin,
        ):
            problems.append(
                Problem(path, _place(other), _("linked platform rectangles must move alike"))
            )
    if any(c in taken for c in cells) or sum(len(cs) for _, cs in parts) != len(cells):
        problems.append(Problem(path, place, _("platforms overlap")))
    bad = [c for c in cells if ground[c[1]][c[0]] not in BASES]
    if bad:
        problems.append(
            Problem(
                path,
                place,
                _("square {bad} under the platform is not pit or water").format(bad=bad[0]),
            )
        )
    inside = [p for p in pivots if p.cell in cells]
    if motion == "rotate" and len(inside) != 1:
        problems.append(
            Problem(
                path,
                place,
                _("a rotating platform holds exactly one pivot, not {n}").format(n=len(inside)),
            )
        )
    if motion != "rotate" and inside:
        problems.append(Problem(path, _place(inside[0]), _("only a rotating platform has a pivot")))
    if len(problems) > start:
        return None
    beneath = tuple((c, ground[c[1]][c[0]], ()) for c in cells)
    return Platform(
        f"p{number}",
        tuple(cells),
        str(motion),
        direction if motion == "slide" else None,
        spin if motion == "rotate" else None,
        inside[0].cell if motion == "rotate" else None,
        beneath,
    )


# -- check-map ---------------------------------------------------------------------------------


def check_moving_board(
    layout: Layout, path: str, names: dict[tuple[Cell, str], str]
) -> list[Problem]:
    """Spec 11.6: beam parts' properties and wiring, their squares, platforms' squares and
    lanes, and what the beams light when the game starts. ``names`` gives the object of each
    token (by square and kind) for the messages."""
    problems: list[Problem] = []
    on_platform = {c for p in layout.platforms for c in p.cells}

    def say(cell: Cell, kind: str, message: str) -> None:
        problems.append(
            Problem(
                path,
                names.get((cell, kind), _("{kind} at {cell}").format(kind=kind, cell=cell)),
                message,
            )
        )

    for cell, token in layout.tokens:
        if token.kind in WIRED:
            for message in _part_problems(token, layout, cell, on_platform):
                say(cell, token.kind, message)
    _check_wiring(layout, say)
    _check_squares(layout, on_platform, say)
    for platform in layout.platforms:
        for message in _platform_problems(platform, layout):
            problems.append(
                Problem(
                    path,
                    _("platform {id} at {cells}").format(id=platform.id, cells=platform.cells[0]),
                    message,
                )
            )
    if not problems:  # the beams of a well-formed map only
        _check_start_beams(layout, say)
    return problems


def _part_problems(token: Token, layout: Layout, cell: Cell, on_platform: set[Cell]) -> list[str]:
    kind, out = token.kind, []
    direction = token.get("direction")
    if kind in ("emitter", "mover") and direction not in ORTHOGONAL:
        out.append(
            _("a {kind} needs direction N/E/S/W, not {direction!r}").format(
                kind=kind, direction=direction
            )
        )
    if kind == "reflector" and direction not in DIAGONAL:
        out.append(
            _("a reflector's front faces NE/SE/SW/NW, not {direction!r}").format(
                direction=direction
            )
        )
    linked = kind == "emitter" and token.get("link") is not None
    if kind in ("emitter", "reflector") and not linked and token.get("on") not in (0, 1):
        out.append(
            _("needs on = 0 or 1 (the side it shows), not {on!r}").format(on=token.get("on"))
        )
    if kind == "emitter" and token.get("link") is not None and token.get("colour") is not None:
        out.append("an emitter follows a power block link or a switch colour, not both")
    if kind == "rotator" and token.get("spin") not in SPINS:
        out.append(_("a rotator needs spin cw or ccw, not {spin!r}").format(spin=token.get("spin")))
    if kind == "power_block" and token.get("link") is None:
        out.append("a power block needs the link of its emitters")
    if kind == "mover" and cell not in on_platform:
        out.append("a mover must lie on a platform (it moves nothing otherwise)")
    if kind == "rotator" and cell not in on_platform and layout.start_zone:
        out.append("a rotator must lie on a platform or on a 9x9 board")
    return out


def _check_wiring(layout: Layout, say: Any) -> None:
    emitters = {c: t for c, t in layout.tokens if t.kind == "emitter" and t.get("link") is not None}
    blocks = {
        c: t for c, t in layout.tokens if t.kind == "power_block" and t.get("link") is not None
    }
    block_links = {t.get("link") for t in blocks.values()}
    emitter_links = {t.get("link") for t in emitters.values()}
    for cell, token in emitters.items():
        if token.get("link") not in block_links:
            say(
                cell,
                "emitter",
                _("no power block has link {link!r}").format(link=token.get("link")),
            )
    for cell, token in blocks.items():
        if token.get("link") not in emitter_links:
            say(
                cell,
                "power_block",
                _("no emitter has link {link!r}").format(link=token.get("link")),
            )


def _check_squares(layout: Layout, on_platform: set[Cell], say: Any) -> None:
    by_cell: dict[Cell, list[str]] = {}
    for cell, token in layout.tokens:
        by_cell.setdefault(cell, []).append(token.kind)
    for cell, kinds in by_cell.items():
        parts = [k for k in kinds if k in WIRED]
        if not parts:
            continue
        if len(parts) > 1:
            say(cell, parts[1], _("at most one beam part or power block a square"))
        if layout.ground[cell[1]][cell[0]] == "pit" and cell not in on_platform:
            say(cell, parts[0], _("a beam part or power block cannot sit in a pit"))
        if "respawn" in kinds or "start" in kinds:
            say(
                cell,
                parts[0],
                _("a beam part or power block cannot share a respawn or start square"),
            )
    for cell in on_platform:
        for kind in ("respawn", "start"):
            if kind in by_cell.get(cell, []):
                say(
                    cell,
                    kind,
                    _("a {kind} square cannot lie on a platform (it must stay put)").format(
                        kind=kind
                    ),
                )


def _platform_problems(platform: Platform, layout: Layout) -> list[str]:
    if platform.motion != "slide" or platform.direction is None:
        return []
    own = set(platform.cells)
    for direction in (platform.direction, _back(platform.direction)):
        for cell in platform.cells:
            nxt = step(cell, direction)
            if nxt in own or not (0 <= nxt[0] < layout.width and 0 <= nxt[1] < layout.height):
                continue
            if layout.ground[nxt[1]][nxt[0]] in BASES:
                return []
    return [
        _("a sliding platform needs pit or water next to it along its arrow (it can never move)")
    ]


def _back(direction: str) -> str:
    return {"N": "S", "S": "N", "E": "W", "W": "E"}[direction]


def _check_start_beams(layout: Layout, say: Any) -> None:
    from riotsim.games.quodd import beams

    try:
        board = Board.compose([(layout, 0, 0, 0)])
    except ValueError:
        return
    beams.trace_quietly(board)
    for cell in sorted(board.lit, key=lambda c: (c[1], c[0])):
        for token in board.at(cell):
            doomed = token.kind not in SCENARIO_KINDS and token.kind not in ("wall", "broken_wall")
            if doomed or token.kind in ("respawn", "start", "crystal"):
                say(cell, token.kind, _("lies in a beam when the game starts"))
    lit_from = {c for c, _ in board.hits} | set(board.lit)
    for cell in board.find("emitter"):
        emitter = board.first(cell, "emitter")
        assert emitter is not None
        ahead = step(cell, emitter.get("direction", "S"))
        if emitter.get("on", 0) and ahead not in lit_from:
            say(cell, "emitter", _("the emitter's beam lights no square"))
