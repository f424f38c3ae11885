"""Quodd boards from Tiled maps (``maps/quodd/<id>.tmx``) and their checks.

Convention (docs/DEVELOPING.md): an orthogonal map, 9x9 (or 9x2 / 2x9 for start zones), map
property ``game = quodd``; a tile layer whose tiles carry ``ground`` = floor | water | pit;
elements as objects placed on a square with their kind in ``type``/``class`` and properties
such as ``direction``, ``link``, ``colour``, ``number``, ``hidden``, ``state``, ``open``.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from riotsim.core.problems import ContentError, Problem
from riotsim.games.quodd import mapchecks as moving
from riotsim.games.quodd import mapobjective
from riotsim.games.quodd.board import GROUNDS, KINDS, TOKEN_PROPERTIES, Layout, Token
from riotsim.games.quodd.directions import ALL, Cell
from riotsim.i18n import _, ngettext
from riotsim.paths import maps_dir

BOARD_SIZES = ((9, 9), (9, 2), (2, 9))


def map_path(board_id: str) -> Path:
    return maps_dir() / "quodd" / f"{board_id}.tmx"


def board_ids() -> list[str]:
    folder = maps_dir() / "quodd"
    return sorted(p.stem for p in folder.glob("*.tmx")) if folder.is_dir() else []


def board_catalogue() -> dict[str, tuple[str, ...]]:
    """The physical boards of the box: ``b1`` .. / ``sz1`` .. -> the ids of their sides
    (``b1a``, ``b1b``). Other maps (the boards of scenarios such as ``platform_crossing``,
    designers' own) are not boards of the box."""
    boards: dict[str, list[str]] = {}
    for board_id in board_ids():
        if re.fullmatch(r"(b|sz)\d+[ab]", board_id):
            boards.setdefault(board_id[:-1], []).append(board_id)
    return {base: tuple(sides) for base, sides in boards.items()}


def _ground(board: Any, path: str, problems: list[Problem]) -> list[tuple[str, ...]]:
    """Each square's ground from its tile; a bad value is one problem line, not one a cell."""
    ground: list[tuple[str, ...]] = []
    bad: dict[str, list[str]] = {}  # one line per bad value, not per cell
    for y in range(board.height):
        row = []
        for x in range(board.width):
            value = board.tile_property((x, y), "ground")
            if value not in GROUNDS:
                bad.setdefault(repr(value), []).append(f"({x},{y})")
                value = "floor"
            row.append(str(value))
        ground.append(tuple(row))
    for value, cells in bad.items():
        count = ngettext("{n} cell", "{n} cells", len(cells)).format(n=len(cells))
        shown = ", ".join(cells[:5]) + (", ..." if len(cells) > 5 else "")
        message = _("tile property ground must be floor, water or pit, got {value}").format(
            value=value
        )
        problems.append(
            Problem(path, _("{count} {cells}").format(count=count, cells=shown), message)
        )
    return ground


def _tokens(
    board: Any, path: str, problems: list[Problem], unused: list[Problem]
) -> list[tuple[Cell, Token]]:
    """The board's elements from its objects (platforms and pivots are read elsewhere);
    properties an element does not use go to ``unused``."""
    tokens: list[tuple[Cell, Token]] = []
    for obj in in_id_order(board.objects):
        place = _("object {id}").format(id=obj.id)
        if obj.name:
            place = _("object {id} ({name})").format(id=obj.id, name=obj.name)
        if obj.kind in ("platform", "pivot"):
            continue  # read by moving.read_platforms
        if not obj.kind:
            problems.append(Problem(path, place, _("has no kind (set its type or class)")))
            continue
        if obj.kind not in KINDS:
            problems.append(
                Problem(path, place, _("unknown element kind {kind!r}").format(kind=obj.kind))
            )
            continue
        if obj.cell is None:
            problems.append(Problem(path, place, _("element lies outside the board")))
            continue
        for key in sorted(set(obj.properties) - set(TOKEN_PROPERTIES)):
            if key == "links":
                what = _("kind {kind!r} cannot have links").format(kind=obj.kind)
            else:
                what = _("kind {kind!r} does not use property {key!r}").format(
                    kind=obj.kind, key=key
                )
            unused.append(Problem(path, place, what))
        props = {k: obj.get(k) for k in TOKEN_PROPERTIES if obj.get(k) is not None}
        direction = props.get("direction")
        if obj.kind == "current" and direction not in ALL:
            problems.append(
                Problem(
                    path,
                    place,
                    _("a current needs a direction, got {direction!r}").format(direction=direction),
                )
            )
            continue
        if obj.kind in ("rally", "start") and not isinstance(props.get("number"), int):
            problems.append(
                Problem(
                    path, place, _("a {kind} needs an int property number").format(kind=obj.kind)
                )
            )
            continue
        if obj.kind == "connection" and not props.get("link"):
            problems.append(Problem(path, place, _("a water connection needs a link letter")))
            continue
        if obj.kind == "secret" and props.get("hidden") not in KINDS:
            problems.append(Problem(path, place, _("a secret token needs a hidden element kind")))
            continue
        tokens.append((obj.cell, Token.make(obj.kind, **props)))
    return tokens


def _layout_problems(board: Any, path: str) -> tuple[Layout | None, list[Problem]]:
    problems: list[Problem] = []
    if board.orientation != "orthogonal":
        problems.append(Problem(path, "", _("Quodd boards are orthogonal maps")))
    if (board.width, board.height) not in BOARD_SIZES:
        problems.append(
            Problem(
                path,
                "",
                _("a Quodd board is 9x9 or a 2x9 start zone, not {width}x{height}").format(
                    width=board.width, height=board.height
                ),
            )
        )
    ground = _ground(board, path, problems)
    unused: list[Problem] = []  # reported beside every other problem, never blocking checks
    tokens = _tokens(board, path, problems, unused)
    platforms, platform_problems = moving.read_platforms(board, ground, path)
    problems += platform_problems
    if problems:
        return None, problems + unused
    start_zone = (board.width, board.height) != (9, 9)
    layout = Layout(
        Path(path).stem,
        board.width,
        board.height,
        tuple(ground),
        tuple(tokens),
        start_zone,
        tuple(platforms),
    )
    return layout, _layout_checks(board, layout, path) + unused


def _layout_checks(board: Any, layout: Layout, path: str) -> list[Problem]:
    """The rules-level checks of a board that loaded: elements, platforms and beams, then its
    objective properties and, when all is well, how reachable its objectives are."""
    names = {(o.cell, o.kind): _place(o) for o in board.objects if o.cell is not None}
    found = check_layout(layout, path) + moving.check_moving_board(layout, path, names)
    if not layout.start_zone:
        found += mapobjective.check(board.properties, layout, path)
    if not found and not layout.start_zone:
        found = objective_reach(layout, path)
    return found


def objective_reach(layout: Layout, path: str) -> list[Problem]:
    """Warnings for objectives some skills cannot reach, the board tried on its own above the
    first start zone (as "Try a board" plays it)."""
    from riotsim.games.quodd.board import Board
    from riotsim.games.quodd.reachcheck import unreachable_objectives

    try:
        zone = load_layout("sz1a")
    except (ContentError, OSError):
        return []
    board = Board.compose([(layout, 0, 0, 0), (zone, 0, layout.height, 0)])
    return unreachable_objectives(board, board.find("start"), path)


def in_id_order(objects: Any) -> list[Any]:
    """A map's objects by id (the order they were made in), whatever layers hold them: the
    shipped maps file each kind in a layer of its own, coloured for Tiled."""
    return sorted(objects, key=lambda obj: obj.id)


def _place(obj: Any) -> str:
    if obj.name:
        return _("object {id} ({name})").format(id=obj.id, name=obj.name)
    return _("object {id}").format(id=obj.id)


def check_layout(layout: Layout, path: str) -> list[Problem]:
    """Rules-level checks: respawn points are safe, linked elements have partners."""
    problems: list[Problem] = []
    cells = {(x, y) for y in range(layout.height) for x in range(layout.width)}
    by_kind: dict[str, list[tuple[Cell, Token]]] = {}
    for cell, token in layout.tokens:
        by_kind.setdefault(token.kind, []).append((cell, token))
    for cell, _token in by_kind.get("respawn", []):
        x, y = cell
        near = [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
        if not any(c in cells and layout.ground[c[1]][c[0]] != "pit" for c in near):
            problems.append(
                Problem(
                    path,
                    _("cell {cell}").format(cell=cell),
                    _("respawn point has no safe neighbour"),
                )
            )
        if layout.ground[y][x] == "pit":
            problems.append(
                Problem(path, _("cell {cell}").format(cell=cell), _("respawn point sits in a pit"))
            )
    links: dict[str, int] = {}
    for _cell, token in by_kind.get("connection", []):
        links[str(token.get("link"))] = links.get(str(token.get("link")), 0) + 1
    for link, count in links.items():
        if count < 2:
            problems.append(
                Problem(
                    path, _("link {link}").format(link=link), _("water connection has no partner")
                )
            )
    if not layout.start_zone and not by_kind.get("respawn"):
        problems.append(Problem(path, "", _("a 9x9 board needs at least one respawn point")))
    if layout.start_zone and not by_kind.get("start"):
        problems.append(Problem(path, "", _("a start zone needs start squares")))
    seen: dict[Cell, int] = {}
    for cell, _token in layout.tokens:
        seen[cell] = seen.get(cell, 0) + 1
    for cell, token in layout.tokens:
        if token.kind in ("respawn", "start") and seen[cell] > 1:
            problems.append(
                Problem(
                    path, _("cell {cell}").format(cell=cell), _("respawn/start shares its square")
                )
            )
    return problems


def check_board(board: Any, path: str) -> list[Problem]:
    _layout, problems = _layout_problems(board, path)
    return problems


def map_properties(board_id: str) -> dict[str, Any]:
    """The map properties of a board (a shipped id, a ``.tmx`` path or a Map Lab board)."""
    from riotsim.core.tiled import load_board

    if board_id in _LAB_LAYOUTS:
        return dict(_LAB_LAYOUTS[board_id][1])
    return dict(load_board(_board_path(board_id)).properties)


def _board_path(board_id: str) -> Path:
    from riotsim.core.mapfiles import located

    return Path(located(board_id)) if board_id.endswith(".tmx") else map_path(board_id)


# Boards read by the Map Lab, by the id it gave them (``lab-<file name>[-<snapshot>]``): a
# game or balance batch started from the lab plays the board as it was when started, while
# ``load_layout``'s cache would keep a file's first reading for the whole process.
_LAB_LAYOUTS: dict[str, tuple[Layout, dict[str, Any]]] = {}


def register_layout(board_id: str, layout: Layout, properties: dict[str, Any]) -> None:
    """Make ``load_layout(board_id)`` and ``map_properties(board_id)`` give this board's
    reading in this process (the Map Lab's boards)."""
    _LAB_LAYOUTS[board_id] = (layout, dict(properties))


def load_layout(board_id: str) -> Layout:
    """A shipped board by id, any Quodd map by its ``.tmx`` path (designers' own), or a
    board the Map Lab registered."""
    registered = _LAB_LAYOUTS.get(board_id)
    return registered[0] if registered is not None else _load_layout(board_id)


@cache
def _load_layout(board_id: str) -> Layout:
    from riotsim.core.tiled import load_board

    path = _board_path(board_id)
    board = load_board(path)
    layout, problems = _layout_problems(board, str(path))
    errors = [p for p in problems if not p.is_warning]  # warnings are advice only
    if errors or layout is None:
        raise ContentError(errors)
    return layout
