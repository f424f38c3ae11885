"""Load RIOT city maps: Tiled polygons -> area graph (core.areagraph) -> :class:`CityBoard`.

Objects of kind ``street``, ``building``, ``entry``, ``hq``/``barracks`` and ``hospital`` are
spaces; ``area`` objects only outline the areas for drawing. Properties: ``area`` (which
area/district a space belongs to), ``credits`` (riot buildings), ``colour`` (riot-pm
buildings: yellow, orange, green), ``district`` on area objects (riot-pm: politics or media)
and ``links`` (comma-separated names of extra neighbours, for bridges and tunnels).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from riotsim.core.areagraph import AreaGraph, AreaGraphError
from riotsim.core.checks import object_kind_problems, object_place
from riotsim.core.problems import ContentError, Problem
from riotsim.core.tiled import Board, MapObject, load_board
from riotsim.games.riot import city as bd
from riotsim.i18n import _
from riotsim.paths import maps_dir

SPACE_KINDS = {"street", "building", "entry", "hq", "barracks", "hospital"}
PM_COLOURS = ("yellow", "orange", "green")
PM_DISTRICTS = ("politics", "media")


def map_path(game: str, map_id: str) -> Path:
    path = Path(map_id)
    if path.suffix == ".tmx":
        from riotsim.core.mapfiles import located

        return Path(located(map_id))
    return maps_dir() / game / f"{map_id}.tmx"


@cache
def city_board(game: str, map_id: str) -> bd.CityBoard:
    """The board of a shipped or given map; raises ContentError naming the file on problems."""
    path = map_path(game, map_id)
    return board_from_tiled(load_board(path), game, str(path))


# the object kinds of a city map and the properties each uses
_SPACE_PROPERTIES = frozenset({"area", "credits", "colour", "links"})
MAP_KINDS = {kind: _SPACE_PROPERTIES for kind in SPACE_KINDS} | {
    "area": frozenset({"area", "district"})
}


def board_problems(game: str, board: Board, path: str) -> list[Problem]:
    out = object_kind_problems(board, path, MAP_KINDS) + _lonely_outlines(board, path)
    try:
        city = board_from_tiled(board, game, path)
    except ContentError as exc:
        out += exc.problems
        return out
    if game == "riot":
        out += _first_round_problems(city, path)
    return out or _areas_without_entry(board, path)


def _first_round_problems(city: bd.CityBoard, path: str) -> list[Problem]:
    """RIOT's *First Round* needs free buildings in enough areas: an error when even a
    2-player game cannot place, a warning for the player counts that cannot."""
    from riotsim.core.problems import warning
    from riotsim.games.riot.rules import first_round_problem

    if problem := first_round_problem(city, 2):
        return [Problem(path, "", problem.split(": ", 1)[1])]
    return [
        warning(path, "", problem.split(": ", 1)[1])
        for seats in (3, 4)
        if (problem := first_round_problem(city, seats))
    ]


def _areas_without_entry(board: Board, path: str) -> list[Problem]:
    """Warnings for areas no entry space leads into (rioters can only walk in)."""
    from riotsim.core.problems import warning

    entries = {str(o.get("area", "")) for o in board.objects if o.kind == "entry"}
    return [
        warning(path, object_place(obj), _("area {area} has no entry").format(area=repr(area)))
        for obj in board.objects
        if obj.kind == "area" and (area := str(obj.get("area", "") or obj.name)) not in entries
    ]


def _bounds(points: Any) -> tuple[float, float, float, float]:
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def _lonely_outlines(board: Board, path: str) -> list[Problem]:
    """Area outlines whose box meets no space's box: drawn where nothing is."""
    spaces = [_bounds(o.points) for o in board.objects if o.kind in SPACE_KINDS and o.points]
    out = []
    for obj in board.objects:
        if obj.kind != "area" or not obj.points:
            continue
        x0, y0, x1, y1 = _bounds(obj.points)
        if not any(a <= x1 and x0 <= c and b <= y1 and y0 <= d for a, b, c, d in spaces):
            out.append(Problem(path, object_place(obj), _("the area outline touches no space")))
    return out


def board_from_tiled(board: Board, game: str, path: str) -> bd.CityBoard:
    problems: list[Problem] = []
    spaces: list[bd.Space] = []
    polygons: dict[str, Any] = {}
    outlines: dict[str, Any] = {}
    district_type: dict[str, str] = {}
    links: list[tuple[str, str]] = []
    # by id (the order they were made in): the shipped maps file each kind in its own layer
    for obj in sorted(board.objects, key=lambda obj: obj.id):
        place = object_place(obj)
        if obj.kind == "area":
            area = str(obj.get("area", "") or obj.name)
            if obj.points:
                outlines[area] = tuple(obj.points)
            if game == "riot-pm":
                dtype = str(obj.get("district", ""))
                if dtype not in PM_DISTRICTS:
                    why = _("district must be one of {values}").format(values=PM_DISTRICTS)
                    problems.append(Problem(path, place, why))
                district_type[area] = dtype
            continue
        space = _space_of(obj, game, path, problems)
        if space is None:
            continue
        spaces.append(space)
        polygons[obj.name] = obj.points
        for other in str(obj.get("links", "") or "").split(","):
            if other.strip():
                links.append((obj.name, other.strip()))
    # every stage runs, so a map's problems are all reported at once
    try:
        graph = AreaGraph.from_polygons(polygons, links)
    except AreaGraphError as exc:
        raise ContentError([*problems, Problem(path, "", str(exc))]) from None
    if game == "riot-pm":
        spaces = [
            bd.Space(
                s.id, s.kind, s.area, s.credits, s.colour, district_type.get(s.area, ""), s.points
            )
            for s in spaces
        ]
        missing = sorted({s.area for s in spaces if s.area and s.area not in district_type})
        for area in missing:
            problems.append(
                Problem(
                    path,
                    _("area {area}").format(area=area),
                    _("needs an area object with 'district'"),
                )
            )
    try:
        city = bd.CityBoard.build(
            str(board.properties.get("title", path)),
            spaces,
            graph.edges(),
            outlines,
            (board.width * board.tile_width, board.height * board.tile_height),
            has_hospital=game == "riot",
        )
    except bd.BoardError as exc:
        problems.append(Problem(path, "", str(exc).split(": ", 1)[-1]))
    if problems:
        raise ContentError(problems)
    return city


def _space_of(obj: MapObject, game: str, path: str, problems: list[Problem]) -> bd.Space | None:
    """The board space a map object draws (None: not a space, or a problem, added to the list)."""
    if obj.kind not in SPACE_KINDS:
        return None
    hq_kind = "barracks" if game == "riot-pm" else "hq"
    place = object_place(obj)
    if obj.kind in ("hq", "barracks") and obj.kind != hq_kind:
        why = _("a {game} map uses {kind}, not {other}").format(
            game=game, kind=repr(hq_kind), other=repr(obj.kind)
        )
        problems.append(Problem(path, place, why))
        return None
    if obj.kind == "hospital" and game == "riot-pm":
        problems.append(Problem(path, place, _("riot-pm maps have no hospital")))
        return None
    if not obj.name:
        problems.append(Problem(path, place, _("every space needs a name")))
        return None
    if len(obj.points) < 3:
        problems.append(Problem(path, place, _("a space must be drawn as a polygon")))
        return None
    kind = bd.HQ if obj.kind == "barracks" else obj.kind
    credits = obj.get("credits", 0)
    colour = str(obj.get("colour", ""))
    if kind == bd.BUILDING and game == "riot" and credits not in (1, 2):
        why = _("credits must be 1 or 2 (got {value})").format(value=repr(credits))
        problems.append(Problem(path, place, why))
    if kind == bd.BUILDING and game == "riot-pm" and colour not in PM_COLOURS:
        why = _("colour must be one of {values}").format(values=PM_COLOURS)
        problems.append(Problem(path, place, why))
    return bd.Space(
        obj.name,
        kind,
        str(obj.get("area", "")),
        int(credits) if isinstance(credits, int) else 0,
        colour,
        points=tuple(obj.points),
    )
