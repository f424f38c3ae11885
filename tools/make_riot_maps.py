"""Write the two RIOT city maps as Tiled files (deterministic: same output on every run).

    python3 tools/make_riot_maps.py          # writes maps/riot/city.tmx, maps/riot-pm/city.tmx

Both maps are object layers of typed polygons (docs/DEVELOPING.md, "RIOT boards"): a ring of
six streets around the Police HQ (the barracks in riot-pm), each street with its area's
buildings and protester entry point on the outside. Adjacency comes from shared borders, so a
designer can drag the polygons around in Tiled and the game follows.
"""

from __future__ import annotations

import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
W, H = 1280, 960

Rect = tuple[int, int, int, int]  # x0, y0, x1, y1

# The six streets form a ring around the HQ (x 480..800, y 380..580).
STREETS: dict[str, Rect] = {
    "nw": (280, 220, 480, 480),
    "n": (480, 220, 800, 380),
    "ne": (800, 220, 1000, 480),
    "sw": (280, 480, 480, 740),
    "s": (480, 580, 800, 740),
    "se": (800, 480, 1000, 740),
}
AREA_OUTLINES: dict[str, Rect] = {
    "nw": (40, 40, 480, 480),
    "n": (480, 40, 800, 380),
    "ne": (800, 40, 1240, 480),
    "sw": (40, 480, 480, 920),
    "s": (480, 580, 800, 920),
    "se": (800, 480, 1240, 920),
}
# Buildings and entry points of the north-west, north and (mirrored) other areas.
_NW_BUILDINGS: list[Rect] = [(290, 120, 380, 220), (390, 120, 470, 220), (180, 330, 280, 470)]
_NW_ENTRY: Rect = (200, 230, 280, 320)
_N_BUILDINGS_2: list[Rect] = [(490, 120, 590, 220), (600, 120, 700, 220)]
_N_BUILDINGS_3: list[Rect] = [(490, 120, 560, 220), (570, 120, 640, 220), (650, 120, 710, 220)]
_N_ENTRY: Rect = (720, 140, 790, 220)

HQ_POLYGON = [
    (480, 380),
    (800, 380),
    (800, 580),
    (690, 580),
    (690, 500),
    (590, 500),
    (590, 580),
    (480, 580),
]
HOSPITAL: Rect = (590, 500, 690, 560)


def _mirror_x(r: Rect) -> Rect:
    return (W - r[2], r[1], W - r[0], r[3])


def _mirror_y(r: Rect) -> Rect:
    return (r[0], H - r[3], r[2], H - r[1])


def _area_parts(area: str, buildings: list[Rect], entry: Rect) -> tuple[list[Rect], Rect]:
    if area in ("ne", "se"):
        buildings, entry = [_mirror_x(b) for b in buildings], _mirror_x(entry)
    if area in ("sw", "s", "se"):
        buildings, entry = [_mirror_y(b) for b in buildings], _mirror_y(entry)
    return buildings, entry


def _rect_points(r: Rect) -> list[tuple[int, int]]:
    x0, y0, x1, y1 = r
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def kind_colours() -> dict[str, str]:
    """The object kinds' colours of the Tiled project (tools/make_tiled_project.py)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "make_tiled_project", Path(__file__).with_name("make_tiled_project.py")
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return dict(module.kind_colours())


# Each kind of space in a layer of its own, coloured as its class, so the kinds read apart in
# every Tiled (layer colours show even where no project is loaded, e.g. tmxrasterizer). The
# game reads objects by id, whatever layer holds them.
LAYER_NAMES = {
    "hq": "hq",
    "barracks": "barracks",
    "hospital": "hospital",
    "street": "streets",
    "building": "buildings",
    "entry": "entries",
}


class _Writer:
    def __init__(self) -> None:
        self.next_id = 1
        self.lines: list[str] = []
        self.by_kind: dict[str, list[str]] = {}

    def polygon(self, name: str, kind: str, points: list[tuple[int, int]], **props: object) -> None:
        x0, y0 = points[0]
        rel = " ".join(f"{x - x0},{y - y0}" for x, y in points)
        start = len(self.lines)
        self.lines.append(
            f'  <object id="{self.next_id}" name={quoteattr(name)} type="{kind}" x="{x0}" y="{y0}">'
        )
        if props:
            self.lines.append("   <properties>")
            for key, value in props.items():
                kind_attr = ' type="int"' if isinstance(value, int) else ""
                attrs = f"name={quoteattr(key)}{kind_attr} value={quoteattr(str(value))}"
                self.lines.append(f"    <property {attrs}/>")
            self.lines.append("   </properties>")
        self.lines.append(f'   <polygon points="{rel}"/>')
        self.lines.append("  </object>")
        self.by_kind.setdefault(kind, []).extend(self.lines[start:])
        self.next_id += 1


def _tmx(game: str, title: str, areas: _Writer, spaces: _Writer) -> str:
    colours = kind_colours()
    layers = [("areas", "area", areas.lines)]
    layers += [(LAYER_NAMES[kind], kind, lines) for kind, lines in spaces.by_kind.items()]
    body: list[str] = []
    for layer_id, (name, kind, lines) in enumerate(layers, start=1):
        body.append(f' <objectgroup id="{layer_id}" name="{name}" color="{colours[kind]}">')
        body += [*lines, " </objectgroup>"]
    return "\n".join(
        [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
            f'renderorder="right-down" width="{W // 32}" height="{H // 32}" tilewidth="32" '
            f'tileheight="32" infinite="0" nextlayerid="{len(layers) + 1}" '
            f'nextobjectid="{spaces.next_id}">',
            " <properties>",
            f'  <property name="game" value="{game}"/>',
            f'  <property name="title" value={quoteattr(title)}/>',
            " </properties>",
            *body,
            "</map>",
            "",
        ]
    )


# credits of each area's buildings in `riot` (in the order of the building rectangles)
RIOT_CREDITS = {
    "nw": [2, 1, 1],
    "n": [2, 2],
    "ne": [2, 1, 2],
    "sw": [2, 2, 1],
    "s": [1, 2],
    "se": [2, 1, 2],
}
# riot-pm: each district's type and its three building colours
PM_DISTRICTS = {
    "nw": "politics",
    "n": "media",
    "ne": "politics",
    "sw": "media",
    "s": "politics",
    "se": "media",
}
PM_COLOURS = ["yellow", "orange", "green"]


def riot_map() -> str:
    areas, spaces = _Writer(), _Writer()
    for area, rect in AREA_OUTLINES.items():
        areas.polygon(f"area_{area}", "area", _rect_points(rect), area=area)
    spaces.next_id = areas.next_id
    spaces.polygon("hq", "hq", HQ_POLYGON)
    spaces.polygon("hospital", "hospital", _rect_points(HOSPITAL))
    for area, street in STREETS.items():
        spaces.polygon(f"{area}_street", "street", _rect_points(street), area=area)
        base = _N_BUILDINGS_2 if area in ("n", "s") else _NW_BUILDINGS
        builds, entry = _area_parts(area, base, _N_ENTRY if area in ("n", "s") else _NW_ENTRY)
        for i, (b, credits) in enumerate(zip(builds, RIOT_CREDITS[area], strict=True), 1):
            spaces.polygon(f"{area}_b{i}", "building", _rect_points(b), area=area, credits=credits)
        spaces.polygon(f"{area}_entry", "entry", _rect_points(entry), area=area)
    return _tmx("riot", "The City", areas, spaces)


def pm_map() -> str:
    areas, spaces = _Writer(), _Writer()
    for area, rect in AREA_OUTLINES.items():
        areas.polygon(
            f"district_{area}", "area", _rect_points(rect), area=area, district=PM_DISTRICTS[area]
        )
    spaces.next_id = areas.next_id
    barracks = [(480, 380), (800, 380), (800, 580), (480, 580)]
    spaces.polygon("barracks", "barracks", barracks)
    for area, street in STREETS.items():
        spaces.polygon(f"{area}_street", "street", _rect_points(street), area=area)
        base = _N_BUILDINGS_3 if area in ("n", "s") else _NW_BUILDINGS
        builds, entry = _area_parts(area, base, _N_ENTRY if area in ("n", "s") else _NW_ENTRY)
        for i, (b, colour) in enumerate(zip(builds, PM_COLOURS, strict=True), 1):
            spaces.polygon(f"{area}_b{i}", "building", _rect_points(b), area=area, colour=colour)
        spaces.polygon(f"{area}_entry", "entry", _rect_points(entry), area=area)
    return _tmx("riot-pm", "The City (Politics & Media)", areas, spaces)


def main(argv: list[str] | None = None) -> int:
    out = ROOT / "maps"
    for sub, text in (("riot", riot_map()), ("riot-pm", pm_map())):
        path = out / sub / "city.tmx"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
