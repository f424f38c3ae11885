"""Write the Quodd Heroes boards as Tiled maps (deterministic: same output on every run).

    python3 tools/make_quodd_maps.py        # writes maps/quodd/*.tmx, quodd_ground.tsx/.png

Nine double-sided 9x9 boards (``b1a`` .. ``b9b``) and four double-sided 9x2 start zones
(``sz1a`` .. ``sz4b``), as in the box (our own designs), drawn here as text (legend in
riotsim/games/quodd/ascii.py). Ground is a tile layer whose tiles carry the ``ground``
property; every element is a typed rectangle object on its square with properties
(direction, link, colour, number, hidden, state, open), so a designer can move elements
around in Tiled and the rules follow.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from riotsim.games.quodd.ascii import layout_from_text  # noqa: E402

TILE = 32
OUT = ROOT / "maps" / "quodd"
GROUND_TILES = ("floor", "water", "pit")
GROUND_COLOURS = {"floor": (196, 214, 160), "water": (96, 160, 214), "pit": (40, 34, 46)}

# id -> (title, rows, extra properties by (x, y))
BOARDS: dict[str, tuple[str, list[str], dict[tuple[int, int], dict]]] = {
    "b1a": (
        "Meadow",
        [
            ".........",
            "..R......",
            ".........",
            "...W.W...",
            ".........",
            ".W.....W.",
            ".........",
            "......R..",
            ".........",
        ],
        {},
    ),
    "b1b": (
        "Meadow Stream",
        [
            "....~....",
            ".R..~....",
            "....v....",
            "..~~v~~..",
            "..~@>>~..",
            "..~~~~~..",
            ".........",
            ".W..R..W.",
            ".........",
        ],
        {},
    ),
    "b2a": (
        "Pit Walk",
        [
            ".........",
            ".R.###...",
            "...###...",
            ".........",
            ".##...##.",
            ".##.s.##.",
            ".........",
            "...W.W.R.",
            ".........",
        ],
        {},
    ),
    "b2b": (
        "Spring Steps",
        [
            ".........",
            ".s.#.s...",
            "...#.....",
            "####.####",
            ".R.......",
            "...s.#...",
            ".....#.R.",
            ".W.......",
            ".........",
        ],
        {},
    ),
    "b3a": (
        "Current Loop",
        [
            "..~~~~~..",
            ".R~>>>v..",
            "..~^~~v..",
            "..~^<<<..",
            "..~~~~~..",
            ".........",
            ".@.....@.",
            "...R.....",
            ".........",
        ],
        {},
    ),
    "b3b": (
        "Whirl Lake",
        [
            ".........",
            ".~~~~~~~.",
            ".~@~~~@~.",
            ".~~~R~~~.",
            ".~@~~~@~.",
            ".~~~~~~~.",
            ".........",
            "..R...W..",
            ".........",
        ],
        {},
    ),
    "b4a": (
        "Teleport Yard",
        [
            ".........",
            ".T.....T.",
            ".........",
            "...WWW...",
            ".R.W.W.R.",
            "...W.W...",
            ".........",
            ".T.....T.",
            ".........",
        ],
        {},
    ),
    "b4b": (
        "Great Teleporter",
        [
            ".........",
            "....X....",
            ".........",
            ".W.....W.",
            ".W..R..W.",
            ".W.....W.",
            ".........",
            "...#.#...",
            ".........",
        ],
        {},
    ),
    "b5a": (
        "Tunnel Keep",
        [
            "U.......U",
            ".........",
            "..WWWWW..",
            "..W...W..",
            "..W.R.W..",
            "..W...W..",
            "..WW.WW..",
            ".........",
            "U...R...U",
        ],
        {},
    ),
    "b5b": (
        "Burrows",
        [
            ".........",
            ".U.###.U.",
            "...###...",
            ".........",
            ".R.....R.",
            ".........",
            "...###...",
            ".U.###.U.",
            ".........",
        ],
        {},
    ),
    "b6a": (
        "Switchworks",
        [
            ".........",
            ".k.......",
            "....xxx..",
            ".R..xxx..",
            "....xxx..",
            ".........",
            ".......k.",
            "...R.....",
            ".........",
        ],
        {},
    ),
    "b6b": (
        "Coloured Locks",
        [
            ".........",
            ".k.....k.",
            ".........",
            "xxxxxxxxx",
            ".........",
            ".R.....R.",
            ".........",
            "...q.r...",
            ".........",
        ],
        {
            (1, 1): {"colour": "red"},
            (7, 1): {"colour": "blue"},
            **{(x, 3): {"colour": "red" if x < 5 else "blue"} for x in range(9)},
        },
    ),
    "b7a": (
        "Water Ways",
        [
            "C.......C",
            ".~~...~~.",
            ".~~...~~.",
            "....R....",
            ".........",
            ".W.WWW.W.",
            ".........",
            ".R.....R.",
            ".........",
        ],
        {},
    ),
    "b7b": (
        "Secret Garden",
        [
            ".........",
            ".?.....?.",
            ".........",
            "...W.W...",
            ".R..?..R.",
            "...W.W...",
            ".........",
            ".?.....?.",
            ".........",
        ],
        {
            (1, 1): {"hidden": "spring"},
            (7, 1): {"hidden": "explore"},
            (4, 4): {"hidden": "q_token"},
            (1, 7): {"hidden": "pit"},
            (7, 7): {"hidden": "teleporter"},
        },
    ),
    "b8a": (
        "Turntable",
        [
            ".........",
            ".O.....s.",
            "..W...W..",
            ".........",
            "..R.o.R..",
            ".........",
            "..W...W..",
            ".s.....O.",
            ".........",
        ],
        {},
    ),
    "b8b": (
        "Gauntlet",
        [
            ".........",
            ".#.#.#.#.",
            ".........",
            ".W.W.W.W.",
            ".R.......",
            ".W.W.W.W.",
            ".........",
            ".#.#.#.#.",
            ".......R.",
        ],
        {},
    ),
    "b9a": (
        "Chasm Bridge",
        [
            ".........",
            ".R.....R.",
            "..W.S.W..",
            "##w###w##",
            "##w###w##",
            "..W.S.W..",
            ".........",
            "...R.....",
            ".........",
        ],
        {},
    ),
    "b9b": (
        "Stone Gates",
        [
            ".........",
            ".k..R..k.",
            ".........",
            "III.B.III",
            ".........",
            "..B...B..",
            ".R..S..R.",
            "..B...B..",
            ".........",
        ],
        {
            (1, 1): {"colour": "red"},
            (7, 1): {"colour": "blue"},
            **{(x, 3): {"colour": "red" if x < 4 else "blue"} for x in (0, 1, 2, 6, 7, 8)},
        },
    ),
    # issue 12 boards of their own (not box sides): the moving board's scenarios
    "bomb_alley": (
        "Bomb Alley",
        [
            ".R......W",
            "WWW.W.WWW",
            "K.......W",
            "WW.WWW.WW",
            "W.......K",
            "WW.W.W.WW",
            "*........",
            "...W.W...",
            "....R....",
        ],
        {(8, 4): {"direction": "W"}},
    ),
    # moving-board boards (issue 12): platforms are drawn in PLATFORMS below
    "platform_crossing": (
        "Platform Crossing",
        [
            ".........",
            ".R.....R.",
            "#########",
            "#########",
            "#########",
            "#########",
            "#########",
            "....R....",
            ".........",
        ],
        {},
    ),
    "beam_puzzle": (
        "Beam Works",
        [
            "..E......",
            ".........",
            ".R...Z..E",
            ".........",
            ".........",
            "##G..####",
            "..#..W...",
            ".J....R..",
            "........E",
        ],
        {
            (2, 0): {"direction": "S"},
            (5, 2): {"direction": "SE"},
            (8, 2): {"direction": "W"},
            (2, 5): {"spin": "cw"},
            (1, 7): {"link": "A"},
            (8, 8): {"direction": "N", "on": 0, "link": "A"},
        },
    ),
    # the moving board (issue 12): a double-sided sheep board. Sheep are placed without a
    # facing, so the first player gives them one at the start (Managing the Flock rule 1).
    # Side a: a meadow with a stream and a pen (drop zone) in the south.
    "sheep1a": (
        "Sheep Meadow",
        [
            "R.......R",
            "..b......",
            ".....~~~.",
            ".g...~@~.",
            ".....~v~.",
            "......v.l",
            "...W.W...",
            "...WDW...",
            "R.......R",
        ],
        {cell: {"direction": None} for cell in ((2, 1), (1, 3), (8, 5))},
    ),
    # Side b: a pit field - black sheep push the others in; a spring and a teleporter.
    "sheep1b": (
        "Pit Pasture",
        [
            "R...l...R",
            ".........",
            ".##...##.",
            ".#..b..#.",
            "....s....",
            ".#..T..#.",
            ".##.g.##.",
            "...WDW...",
            "R.......R",
        ],
        {cell: {"direction": None} for cell in ((4, 0), (4, 3), (4, 6))},
    ),
    # the fuzz sandbox (issue 12, X9): every moving-board mechanism on one board - bombs, a
    # cannon, grey/white/black sheep (one facing chosen at the start), fixed platforms turned
    # by a rotator and pushed by a mover, a sliding and a rotating platform, emitters (the
    # north-western one linked to the power block), a reflector, crystals and a drop zone
    "moving_sandbox": (
        "Moving Board Sandbox",
        [
            "R.......R",
            ".g.....l.",
            "E........",
            "..E.c.Z.E",
            "J..*....K",
            ".#G###M#.",
            ".#######.",
            ".b.cW.D..",
            "R.......R",
        ],
        {
            (7, 1): {"direction": None},
            (0, 2): {"direction": "E", "on": 0, "link": "A"},
            (6, 3): {"direction": "SE"},
            (8, 3): {"direction": "W"},
            (8, 4): {"direction": "W"},
            (6, 5): {"direction": "W"},
        },
    ),
    # start zones: 9 wide, 2 deep; starts are numbered in reading order
    "sz1a": ("Start Zone I", ["PP.PP.PP.", "........."], {}),
    "sz1b": ("Start Zone I (reverse)", [".P.P.P.P.", "..P...P.."], {}),
    "sz2a": ("Start Zone II", ["P.P.P.P.P", ".P......."], {}),
    "sz2b": ("Start Zone II (reverse)", ["~PP.W.PP~", "..P...P.."], {}),
    "sz3a": ("Start Zone III", ["P.PP.PP.P", "........."], {}),
    "sz3b": ("Start Zone III (reverse)", ["~P.P~P.P~", "..P...P.."], {}),
    "sz4a": ("Start Zone IV", ["PWP.P.PWP", "...P....."], {}),
    "sz4b": ("Start Zone IV (reverse)", [".P.U.U.P.", "P.P...P.P"], {}),
}


# Moving platforms by board: rectangles (x, y, w, h) in squares with their properties
# (motion, direction | spin); a rotating one's pivot. The squares beneath are ``base``.
PLATFORMS: dict[str, list[dict]] = {
    "platform_crossing": [
        {"rect": (2, 2, 1, 4), "motion": "slide", "direction": "S"},
        {"rect": (6, 3, 1, 3), "motion": "rotate", "spin": "cw", "pivot": (6, 4)},
        {"rect": (4, 4, 1, 1), "motion": "slide", "direction": "E"},
    ],
    "beam_puzzle": [
        {"rect": (2, 5, 2, 1), "motion": "none"},
    ],
    "moving_sandbox": [
        {"rect": (2, 5, 2, 1), "motion": "none"},  # turned by its rotator
        {"rect": (6, 5, 1, 1), "motion": "none"},  # pushed by its mover
        {"rect": (4, 6, 1, 1), "motion": "slide", "direction": "W"},
        {"rect": (6, 6, 2, 1), "motion": "rotate", "spin": "ccw", "pivot": (6, 6)},
    ],
}


def platform_cells(board_id: str) -> dict[tuple[int, int], str]:
    """Every platform square of a board -> its base ground (pit unless ``base`` says)."""
    out = {}
    for platform in PLATFORMS.get(board_id, []):
        x0, y0, w, h = platform["rect"]
        for y in range(y0, y0 + h):
            for x in range(x0, x0 + w):
                out[(x, y)] = platform.get("base", "pit")
    return out


def platform_objects(board_id: str, first_id: int) -> list[str]:
    objects = []
    next_id = first_id
    for n, platform in enumerate(PLATFORMS.get(board_id, []), start=1):
        x, y, w, h = platform["rect"]
        props = {k: platform[k] for k in ("motion", "direction", "spin", "link") if k in platform}
        body = "\n".join(_prop(k, v) for k, v in props.items())
        objects.append(
            f'  <object id="{next_id}" name="platform {n}" type="platform" x="{x * TILE}" '
            f'y="{y * TILE}" width="{w * TILE}" height="{h * TILE}">\n   <properties>\n'
            f"{body}\n   </properties>\n  </object>"
        )
        next_id += 1
        if "pivot" in platform:
            px, py = platform["pivot"]
            objects.append(
                f'  <object id="{next_id}" name="pivot {n}" type="pivot" '
                f'x="{px * TILE + TILE // 2}" y="{py * TILE + TILE // 2}">'
                "\n   <point/>\n  </object>"
            )
            next_id += 1
    return objects


def _prop(name: str, value: object) -> str:
    if isinstance(value, bool):
        return f'    <property name="{name}" type="bool" value="{str(value).lower()}"/>'
    if isinstance(value, int):
        return f'    <property name="{name}" type="int" value="{value}"/>'
    return f'    <property name="{name}" value={quoteattr(str(value))}/>'


def tileset_xml() -> str:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<tileset version="1.10" tiledversion="1.10.2" name="quodd_ground" '
        f'tilewidth="{TILE}" tileheight="{TILE}" tilecount="3" columns="3">',
        f' <image source="quodd_ground.png" width="{3 * TILE}" height="{TILE}"/>',
    ]
    for i, ground in enumerate(GROUND_TILES):
        lines += [
            f' <tile id="{i}">',
            "  <properties>",
            f'   <property name="ground" value="{ground}"/>',
            "  </properties>",
            " </tile>",
        ]
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


def map_xml(board_id: str) -> str:
    title, rows, extra = BOARDS[board_id]
    layout = layout_from_text(board_id, rows, extra, start_zone=board_id.startswith("sz"))
    w, h = layout.width, layout.height
    bases = platform_cells(board_id)
    gids = [
        [GROUND_TILES.index(bases.get((x, y), layout.ground[y][x])) + 1 for x in range(w)]
        for y in range(h)
    ]
    csv = ",\n".join(",".join(str(g) for g in row) for row in gids)
    objects = []
    for i, ((x, y), token) in enumerate(layout.tokens, start=1):
        props = "\n".join(_prop(k, v) for k, v in token.props)
        body = f"\n   <properties>\n{props}\n   </properties>\n  " if props else ""
        objects.append(
            f'  <object id="{i}" name="{token.kind} {x},{y}" type="{token.kind}" '
            f'x="{x * TILE}" y="{y * TILE}" width="{TILE}" height="{TILE}">{body}</object>'
        )
    objects += platform_objects(board_id, len(objects) + 1)
    n = len(objects)
    layers = _kind_layers(objects)
    return "\n".join(
        [
            '<?xml version="1.0" encoding="UTF-8"?>',
            '<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
            f'renderorder="right-down" width="{w}" height="{h}" tilewidth="{TILE}" '
            f'tileheight="{TILE}" infinite="0" nextlayerid="{layers[1]}" '
            f'nextobjectid="{n + 1}">',
            " <properties>",
            '  <property name="game" value="quodd"/>',
            f'  <property name="title" value={quoteattr(title)}/>',
            " </properties>",
            ' <tileset firstgid="1" source="quodd_ground.tsx"/>',
            f' <layer id="1" name="ground" width="{w}" height="{h}">',
            '  <data encoding="csv">',
            csv,
            "</data>",
            " </layer>",
            *layers[0],
            "</map>",
            "",
        ]
    )


def _kind_layers(objects: list[str]) -> tuple[list[str], int]:
    """One object layer per element kind, coloured as its class in the Tiled project (layer
    colours show in every Tiled and in tmxrasterizer); the game reads objects by id. Returns
    the lines and the next free layer id."""
    import importlib.util
    import re

    spec = importlib.util.spec_from_file_location(
        "make_tiled_project", Path(__file__).with_name("make_tiled_project.py")
    )
    assert spec is not None and spec.loader is not None
    project = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(project)
    colours = project.kind_colours()
    by_kind: dict[str, list[str]] = {}
    for obj in objects:
        kind = re.search(r' type="([^"]+)"', obj)
        by_kind.setdefault(kind.group(1) if kind else "", []).append(obj)
    lines: list[str] = []
    layer_id = 2
    for kind, group in by_kind.items():
        lines.append(f' <objectgroup id="{layer_id}" name="{kind}" color="{colours[kind]}">')
        lines += [*group, " </objectgroup>"]
        layer_id += 1
    if not by_kind:  # an empty board still has its elements layer for the designer
        lines += [' <objectgroup id="2" name="elements">', " </objectgroup>"]
        layer_id = 3
    return lines, layer_id


def write_png(path: Path) -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    surface = pygame.Surface((3 * TILE, TILE))
    for i, ground in enumerate(GROUND_TILES):
        rect = pygame.Rect(i * TILE, 0, TILE, TILE)
        surface.fill(GROUND_COLOURS[ground], rect)
        pygame.draw.rect(surface, (0, 0, 0), rect, 1)
    pygame.image.save(surface, str(path))


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "quodd_ground.tsx").write_text(tileset_xml(), encoding="utf-8")
    write_png(OUT / "quodd_ground.png")
    for board_id in BOARDS:
        (OUT / f"{board_id}.tmx").write_text(map_xml(board_id), encoding="utf-8")
    print(f"wrote {len(BOARDS)} Quodd boards to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
