"""The Tiled loader: plain board data from valid maps, every problem of broken ones."""

from __future__ import annotations

import base64
import gzip
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

import riotsim.core.tiled as tiled
from riotsim.core.problems import ContentError, Problem
from riotsim.core.tiled import Board, load_board

MAPS = Path(__file__).resolve().parents[1] / "fixtures" / "maps"
# Tiled's own example maps, copied into the repository (licences beside them)
EXAMPLES = Path(__file__).resolve().parents[1] / "fixtures" / "tiled-examples"


def problems_of(path: Path) -> list[Problem]:
    with pytest.raises(ContentError) as info:
        load_board(path)
    return info.value.problems


# -- a valid orthogonal map -------------------------------------------------------------------


@pytest.fixture(scope="module")
def ortho() -> Board:
    return load_board(MAPS / "ortho9.tmx")


def test_map_attributes_and_properties(ortho):
    assert ortho.path.endswith("tests/fixtures/maps/ortho9.tmx")
    assert (ortho.orientation, ortho.width, ortho.height) == ("orthogonal", 9, 9)
    assert (ortho.tile_width, ortho.tile_height, ortho.hex_side_length) == (32, 32, 0)
    assert ortho.stagger_axis is None and ortho.stagger_index is None
    assert ortho.game == "quodd"
    assert ortho.properties == {
        "game": "quodd",
        "title": "Fixture board",
        "rounds": 12,
        "scale": 1.5,
        "notes": "two\nlines",
    }


def test_terrain_comes_from_tile_properties(ortho):
    ground = ortho.layer("ground")
    assert ground.properties == {"base": True}
    assert ground.property_at((0, 0), "ground") == "floor"
    assert ground.at((4, 4)).properties == {"ground": "water", "deep": True}
    assert ground.property_at((0, 8), "ground") == "pit"
    # a flipped tile gets a new gid inside pytmx but keeps its tile's properties
    flipped = ground.at((8, 0))
    assert flipped.properties == {"ground": "floor"}
    assert flipped.ref.flipped_h and not flipped.ref.flipped_v
    assert ground.at((7, 0)).ref.flipped_h is False
    assert ortho.tile_property((4, 4), "ground") == "water"
    assert ortho.tile_property((4, 4), "missing", "none") == "none"


def test_tile_refs_locate_the_picture(ortho):
    ground = ortho.layer("ground")
    water = ground.at((4, 4)).ref
    assert Path(water.image) == MAPS / "squares.png"
    assert water.rect == (32, 0, 32, 32)
    assert (water.tileset, water.tile_id) == ("squares", 1)
    assert ground.at((0, 8)).ref.rect == (64, 0, 32, 32)


def test_base64_zlib_layer_and_empty_cells(ortho):
    overlay = ortho.layer("overlay")
    filled = list(overlay.cells())
    assert [cell for cell, _ in filled] == [(2, 3)]
    tile = filled[0][1]
    assert tile.kind == "teleporter" and tile.properties == {"colour": "red"}
    assert overlay.at((0, 0)) is None


def test_layers_in_drawing_order(ortho):
    assert [layer.name for layer in ortho.tile_layers] == ["ground", "overlay"]
    assert ortho.object_layers == ("features/elements", "labels")


def test_objects_kind_from_type_or_class(ortho):
    by_id = {obj.id: obj for obj in ortho.objects}
    assert by_id[1].kind == "wall"  # type="wall"
    assert by_id[2].kind == "spring"  # class="spring" (Tiled 1.9+)
    assert by_id[4].kind == "current"
    assert by_id[6].kind == "pit_marker"
    assert by_id[8].kind == ""
    assert [obj.id for obj in ortho.objects_of("wall")] == [1, 5]


def test_object_shapes_positions_and_cells(ortho):
    by_id = {obj.id: obj for obj in ortho.objects}
    wall = by_id[1]
    assert (wall.shape, wall.name, wall.centre, wall.cell) == (
        "rect",
        "north wall",
        (80, 4),
        (2, 0),
    )
    assert wall.properties == {"direction": "N"}
    assert wall.layer == "features/elements"
    spring = by_id[2]
    assert (spring.shape, spring.cell) == ("point", (4, 2))
    assert spring.properties == {"direction": "E", "strength": 2}
    current = by_id[4]
    assert current.shape == "polygon"
    assert current.points == ((160, 160), (224, 160), (224, 192), (160, 192))
    assert current.centre == pytest.approx((192, 176))
    assert current.cell == (6, 5)
    assert (by_id[6].shape, by_id[6].cell) == ("ellipse", (0, 8))
    assert (by_id[8].shape, by_id[8].layer) == ("text", "labels")


def test_rotated_rectangle_centre(ortho):
    """Tiled rotates a rectangle about its top-left corner, clockwise in screen space."""
    wall = next(obj for obj in ortho.objects if obj.id == 5)
    assert wall.rotation == 90
    assert wall.centre == pytest.approx((284, 32))
    assert wall.cell == (8, 1)


def test_tile_object_anchor_kind_and_properties(ortho):
    """Tile objects sit on their bottom-left corner and inherit their tile's class/properties."""
    tele = next(obj for obj in ortho.objects if obj.name == "tele")
    assert tele.shape == "tile"
    assert (tele.x, tele.y) == (64, 128)
    assert tele.centre == (80, 112)
    assert tele.cell == (2, 3)
    assert tele.kind == "teleporter"
    assert tele.properties == {"colour": "red", "link": 5}
    assert tele.tile.rect == (96, 0, 32, 32)


def test_object_outside_the_map_has_no_cell(ortho):
    offmap = next(obj for obj in ortho.objects if obj.kind == "offmap")
    assert offmap.cell is None


def test_tilesets(ortho):
    (tileset,) = ortho.tilesets
    assert tileset.name == "squares"
    assert (tileset.first_gid, tileset.tile_count, tileset.columns) == (1, 4, 4)
    assert (tileset.tile_width, tileset.tile_height) == (32, 32)
    assert (tileset.image_width, tileset.image_height) == (128, 32)
    assert Path(tileset.image) == MAPS / "squares.png"
    assert Path(tileset.source) == MAPS / "squares.tsx"


# -- hexagonal maps ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, axis, index, expected",
    [
        ("hex_y.tmx", "y", "odd", {"spawn_gate": (3, 2), "beacon": (2, 1), "centre": (6, 4)}),
        ("hex_x.tmx", "x", "even", {"spawn_gate": (2, 3), "beacon": (1, 1)}),
    ],
)
def test_hex_map_object_cells(name, axis, index, expected):
    board = load_board(MAPS / name)
    assert board.orientation == "hexagonal"
    assert (board.stagger_axis, board.stagger_index, board.hex_side_length) == (axis, index, 16)
    assert {obj.kind: obj.cell for obj in board.objects} == expected
    grid = board.hex_grid()
    for obj in board.objects:
        # each fixture object sits exactly on its hex centre as Tiled draws it
        assert grid.cell_to_pixel(obj.cell) == pytest.approx(obj.centre)


def test_hex_map_terrain():
    board = load_board(MAPS / "hex_y.tmx")
    arena = board.layer("arena")
    assert arena.property_at((0, 0), "terrain") == "void"
    assert arena.property_at((2, 1), "terrain") == "obstacle"
    assert arena.property_at((4, 2), "terrain") == "barrier"
    assert arena.property_at((1, 1), "terrain") == "open"
    assert next(o for o in board.objects if o.kind == "spawn_gate").get("number") == 1


def test_orthogonal_board_has_no_hex_grid(ortho):
    with pytest.raises(ValueError):
        ortho.hex_grid()


# -- broken maps: one message each, naming the file and the place ------------------------------

BROKEN = [
    ("broken_template.tmx", "broken_template.tmx", "object 1", "object template 'gate.tx'"),
    ("broken_infinite.tmx", "broken_infinite.tmx", "map", "infinite maps are not supported"),
    (
        "broken_list_property.tmx",
        "broken_list_property.tmx",
        "object 1 'gate' property 'numbers'",
        "type 'list' are not supported",
    ),
    (
        "broken_class_property.tmx",
        "broken_class_property.tmx",
        "object 1 'hero' property 'stats'",
        "type 'class' are not supported",
    ),
    (
        "broken_reserved_name.tmx",
        "broken_reserved_name.tmx",
        "object 1 'gate' property 'name'",
        "named like a built-in attribute",
    ),
    ("broken_image_size.tmx", "nosize.tsx", "tileset 'nosize'", "has no width attribute"),
    (
        "broken_missing_tileset.tmx",
        "broken_missing_tileset.tmx",
        "tileset 'nowhere/missing.tsx'",
        "tileset file 'nowhere/missing.tsx' not found",
    ),
    (
        "broken_missing_image.tmx",
        "broken_missing_image.tmx",
        "tileset 'embedded'",
        "image file 'gone.png' not found",
    ),
    ("broken_malformed.tmx", "broken_malformed.tmx", "9:2", "malformed XML"),
    ("broken_orientation.tmx", "broken_orientation.tmx", "map", "'isometric' is not supported"),
    ("broken_no_game.tmx", "broken_no_game.tmx", "map", "missing the string map property 'game'"),
    ("broken_zstd.tmx", "broken_zstd.tmx", "layer 'ground'", "compression 'zstd'"),
    ("broken_xml_tiles.tmx", "broken_xml_tiles.tmx", "layer 'ground'", "XML <tile> elements"),
    ("broken_unknown_gid.tmx", "broken_unknown_gid.tmx", "layer 'ground' cell 1,1", "gid 9"),
    ("broken_entities.tmx", "broken_entities.tmx", "", "document type declarations"),
]


@pytest.mark.parametrize("name, file, place, text", BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_map_message(name, file, place, text):
    problems = problems_of(MAPS / name)
    matching = [p for p in problems if text in p.message]
    assert matching, [str(p) for p in problems]
    problem = matching[0]
    assert problem.path.endswith(f"tests/fixtures/maps/{file}")
    assert problem.place == place
    assert str(problem).startswith(f"{problem.path}:{place}: " if place else f"{problem.path}: ")


def test_reserved_names_follow_pytmx_per_element():
    """pytmx refuses custom properties that shadow any attribute of its own objects."""
    problems = problems_of(MAPS / "broken_reserved_map.tmx")
    assert [(p.place, "built-in" in p.message) for p in problems] == [
        ("map property 'version'", True),
        ("layer 'ground' property 'data'", True),
        ("object layer 'features' property 'count'", True),
    ]


def test_every_problem_is_reported_at_once():
    problems = problems_of(MAPS / "broken_many.tmx")
    places = [p.place for p in problems]
    assert places == [
        "map",  # staggered orientation
        "map",  # no game property
        "tileset 'missing.tsx'",
        "object 1",  # template
        "object 2 'b'",  # x="abc"
        "object 2 'b' property 'id'",
        "object 2 'b' property 'number'",
    ]
    assert "x='abc' must be a number" in problems[4].message
    assert "'four' is not a valid int" in problems[6].message


# -- generated edge cases ---------------------------------------------------------------------


def write_map(
    folder: Path,
    layer_data: str = '<data encoding="csv">1,1,1,1,1,1,1,1,1</data>',
    extra: str = "",
    *,
    size: tuple[int, int] = (3, 3),
    map_attrs: str = "",
    properties: str = '<property name="game" value="quodd"/>',
    layer_attrs: str = "",
    name: str = "gen.tmx",
) -> Path:
    shutil.copy(MAPS / "squares.tsx", folder / "squares.tsx")
    shutil.copy(MAPS / "squares.png", folder / "squares.png")
    w, h = size
    text = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="{w}" height="{h}" tilewidth="32"
     tileheight="32" infinite="0" {map_attrs}>
 <properties>{properties}</properties>
 <tileset firstgid="1" source="squares.tsx"/>
 <layer id="1" name="ground" width="{w}" height="{h}" {layer_attrs}>{layer_data}</layer>
 {extra}
</map>
"""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def base64_layer(gids: list[int], compression: str | None) -> str:
    raw = struct.pack(f"<{len(gids)}I", *gids)
    if compression == "zlib":
        raw = zlib.compress(raw)
    elif compression == "gzip":
        raw = gzip.compress(raw)
    attr = f' compression="{compression}"' if compression else ""
    return f'<data encoding="base64"{attr}>{base64.b64encode(raw).decode()}</data>'


@pytest.mark.parametrize("compression", [None, "zlib", "gzip"])
def test_base64_layers(tmp_path, compression):
    path = write_map(tmp_path, base64_layer([1, 2, 3, 1, 1, 1, 0, 0, 4], compression))
    layer = load_board(path).layer("ground")
    assert layer.property_at((1, 0), "ground") == "water"
    assert layer.at((0, 2)) is None
    assert layer.at((2, 2)).kind == "teleporter"


def test_compressed_layer_that_unpacks_too_big(tmp_path):
    """A small zlib blob that would inflate far beyond the layer is refused unread."""
    bomb = base64.b64encode(zlib.compress(b"\0" * 4_000_000)).decode()
    path = write_map(tmp_path, f'<data encoding="base64" compression="zlib">{bomb}</data>')
    (problem,) = problems_of(path)
    assert (problem.place, problem.message) == (
        "layer 'ground'",
        "layer data does not unpack to 9 tiles",
    )


def test_csv_with_wrong_count_or_junk(tmp_path):
    short = write_map(tmp_path, '<data encoding="csv">1,1,1</data>', name="short.tmx")
    assert problems_of(short)[0].message == "layer data has 3 tiles, expected 9"
    junk = write_map(tmp_path, '<data encoding="csv">1,1,x,1,1,1,1,1,1</data>', name="junk.tmx")
    assert problems_of(junk)[0].message == "layer data holds 'x', not a tile gid"


def test_layer_size_must_match_map(tmp_path):
    path = write_map(tmp_path, layer_attrs="", size=(3, 3), name="a.tmx")
    text = path.read_text().replace('name="ground" width="3"', 'name="ground" width="4"')
    path.write_text(text)
    (problem,) = problems_of(path)
    assert problem.message == "layer is 4x3 but the map is 3x3"


def test_map_size_is_bounded(tmp_path):
    path = write_map(tmp_path, size=(300, 2))
    problems = problems_of(path)
    assert ("map", "width=300 is out of range (1..256)") in [(p.place, p.message) for p in problems]


def test_file_size_is_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(tiled, "MAX_FILE_BYTES", 200)
    (problem,) = problems_of(write_map(tmp_path))
    assert problem.message.startswith("file is too large")


def test_external_entities_are_refused(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("do not read")
    path = tmp_path / "xxe.tmx"
    path.write_text(
        f'<?xml version="1.0"?>\n<!DOCTYPE map [<!ENTITY s SYSTEM "file://{secret}">]>\n'
        '<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8">'
        '<properties><property name="game" value="&s;"/></properties></map>\n'
    )
    (problem,) = problems_of(path)
    assert "document type declarations" in problem.message


def test_bad_property_values(tmp_path):
    path = write_map(
        tmp_path,
        properties='<property name="game" value="quodd"/>'
        '<property name="fast" type="bool" value="maybe"/>'
        '<property name="rounds" type="int"/>'
        '<property name="odd" type="vector" value="1"/>',
    )
    assert [(p.place, p.message) for p in problems_of(path)] == [
        ("map property 'fast'", "value 'maybe' is not a valid bool"),
        ("map property 'rounds'", "int property has no value attribute"),
        ("map property 'odd'", "unknown property type 'vector'"),
    ]


def test_game_property_must_be_a_nonempty_string(tmp_path):
    path = write_map(tmp_path, properties='<property name="game" type="int" value="3"/>')
    (problem,) = problems_of(path)
    assert problem.message == "map property 'game' must be a non-empty string"


def test_layer_offsets_are_refused(tmp_path):
    (problem,) = problems_of(write_map(tmp_path, layer_attrs='offsetx="12"'))
    assert problem.place == "layer 'ground'"
    assert "offsets are not supported" in problem.message
    # pytmx would also fail to read a fractional offset: both are reported
    messages = [p.message for p in problems_of(write_map(tmp_path, layer_attrs='offsety="2.5"'))]
    assert "attribute offsety='2.5' must be a whole number" in messages


def test_image_layer_needs_an_image(tmp_path):
    path = write_map(tmp_path, extra='<imagelayer id="3" name="backdrop"/>')
    (problem,) = problems_of(path)
    assert problem.place == "image layer 'backdrop'"
    assert "without an image" in problem.message


def test_image_layer_is_returned(tmp_path):
    path = write_map(
        tmp_path,
        extra='<imagelayer id="3" name="backdrop" opacity="0.5">'
        '<image source="squares.png" width="128" height="32"/></imagelayer>',
    )
    (layer,) = load_board(path).image_layers
    assert (layer.name, Path(layer.image).name, layer.opacity) == ("backdrop", "squares.png", 0.5)


def test_hexagonal_map_needs_stagger_settings(tmp_path):
    path = write_map(tmp_path, name="h.tmx")
    path.write_text(path.read_text().replace('"orthogonal"', '"hexagonal"'))
    messages = [p.message for p in problems_of(path)]
    assert "a hexagonal map needs staggeraxis 'x' or 'y'" in messages
    assert "a hexagonal map needs staggerindex 'odd' or 'even'" in messages
    assert "missing attribute hexsidelength" in messages


def test_not_a_map(tmp_path):
    path = tmp_path / "x.tmx"
    path.write_text("<tileset name='t'/>")
    (problem,) = problems_of(path)
    assert "root element is <tileset>" in problem.message


def test_missing_file_and_folder(tmp_path):
    assert problems_of(tmp_path / "none.tmx")[0].message == "file not found"
    assert problems_of(tmp_path)[0].message == "is a folder, not a .tmx map"


def test_loader_does_not_import_pygame():
    code = (
        "import sys\n"
        "from riotsim.core.tiled import load_board\n"
        f"board = load_board({str(MAPS / 'ortho9.tmx')!r})\n"
        "assert board.layer('ground').at((0, 0)).ref is not None\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
        "print('ok')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
    assert result.stderr == ""


# -- Tiled's own example maps -----------------------------------------------------------------


def test_tiled_examples_never_crash():
    """None of Tiled's examples is a riotsim map: each must be refused with messages."""
    maps = sorted(EXAMPLES.rglob("*.tmx"))
    assert maps
    for path in maps:
        problems = problems_of(path)
        assert all(isinstance(p, Problem) and p.path for p in problems)
    sandbox = problems_of(EXAMPLES / "sticker-knight" / "map" / "sandbox.tmx")
    assert any("object template 'templates/hero.tx'" in p.message for p in sandbox)
    staggered = problems_of(EXAMPLES / "isometric_staggered_grass_and_water.tmx")
    assert any("infinite maps" in p.message for p in staggered)
    walls = problems_of(EXAMPLES / "perspective_walls.tmx")
    assert any(p.path.endswith("perspective_walls.tsx") for p in walls)


def _with_game(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"<!DOCTYPE[^>]*>\n", "", text)
    head = re.search(r"<map[^>]*>\n", text)
    assert head is not None
    prop = '<property name="game" value="riot"/>'
    if text[head.end() :].lstrip().startswith("<properties>"):
        at = text.index("<properties>", head.end()) + len("<properties>")
        text = text[:at] + prop + text[at:]
    else:
        text = text[: head.end()] + f"<properties>{prop}</properties>\n" + text[head.end() :]
    path.write_text(text, encoding="utf-8")


def test_tiled_examples_load_once_they_name_a_game(tmp_path):
    copy = tmp_path / "examples"
    shutil.copytree(EXAMPLES, copy)
    loadable = {
        "desert.tmx": ("orthogonal", 40, 40),
        "forest/forest.tmx": ("orthogonal", 40, 16),
        "hexagonal-mini.tmx": ("hexagonal", 20, 20),
        "orthogonal-outside.tmx": ("orthogonal", 45, 31),
        "rpg/island.tmx": ("orthogonal", 58, 47),
        "sewers.tmx": ("orthogonal", 50, 50),
        "sewer_automap/sewers.tmx": ("orthogonal", 31, 31),
    }
    for name, shape in loadable.items():
        path = copy / name
        _with_game(path)
        board = load_board(path)
        assert (board.orientation, board.width, board.height) == shape
        for layer in board.tile_layers:
            assert all(tile.ref is not None for _, tile in layer.cells())
    outside = load_board(copy / "orthogonal-outside.tmx")
    assert {"NPC", "Sign", "Trigger"} <= {obj.kind for obj in outside.objects}
    # 120-degree hex rotations are a pytmx limit: refused with the cells named
    hex60 = copy / "test_hexagonal_tile_60x60x30.tmx"
    _with_game(hex60)
    (problem,) = problems_of(hex60)
    assert "120-degree hex rotation" in problem.message and "cells 2,0" in problem.message


def test_unknown_text_encoding_is_malformed_xml(tmp_path):
    path = tmp_path / "enc.tmx"
    path.write_text('<?xml version="1.0" encoding="klingon"?>\n<map/>\n')
    (problem,) = problems_of(path)
    assert problem.message.startswith("malformed XML") and "klingon" in problem.message


# -- fuzzing: damaged maps give problems, never exceptions -------------------------------------

TOKENS = ['"', "<", ">", "/", "0", "-1", "999999", "1.5", "abc", "", " ", "=", ",", "true"]
TOKENS += ["hexagonal", "class", "list", 'gid="5"', 'template="a.tx"', "4294967295", "nan"]
TOKENS += ["inf", "1e400", "268435457", 'type="int"', 'name="name"', "UTF-1"]


def _damage(text: str, edits: list[tuple[float, int, int]]) -> str:
    for where, token, cut in edits:
        pos = int(where * len(text))
        text = text[:pos] + TOKENS[token % len(TOKENS)] + text[pos + cut :]
    return text


def _fuzz_one(folder: Path, target: str, edits: list[tuple[float, int, int]]) -> None:
    for name in ("squares.tsx", "squares.png", "hexes.tsx", "hexes.png", "ortho9.tmx"):
        shutil.copy(MAPS / name, folder / name)
    shutil.copy(MAPS / "hex_y.tmx", folder / "hex.tmx")
    path = folder / target
    path.write_text(_damage(path.read_text(), edits))
    map_name = "hex.tmx" if target in ("hex.tmx", "hexes.tsx") else "ortho9.tmx"
    try:
        load_board(folder / map_name)
    except ContentError as exc:
        assert exc.problems and all(isinstance(p, Problem) for p in exc.problems)


def _fuzz_test(examples: int):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    edit = st.tuples(st.floats(0, 1, allow_nan=False), st.integers(0, 100), st.integers(0, 12))

    @settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(
        target=st.sampled_from(["ortho9.tmx", "squares.tsx", "hex.tmx", "hexes.tsx"]),
        edits=st.lists(edit, min_size=1, max_size=3),
    )
    def run(tmp_path_factory, target, edits):
        _fuzz_one(tmp_path_factory.mktemp("fuzz"), target, edits)

    return run


def test_damaged_maps_never_crash(tmp_path_factory):
    _fuzz_test(150)(tmp_path_factory)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("RIOTSIM_SLOW"), reason="long fuzz: set RIOTSIM_SLOW=1")
def test_damaged_maps_never_crash_long(tmp_path_factory):
    _fuzz_test(5000)(tmp_path_factory)


def _collection_map(folder: Path, alignment: str) -> Path:
    shutil.copy(MAPS / "squares.png", folder / "squares.png")
    (folder / "pieces.tsx").write_text(
        f"""<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" name="pieces" tilewidth="64" tileheight="32" tilecount="2" columns="0"
         objectalignment="{alignment}">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" type="gate"><image source="squares.png" width="128" height="32"/></tile>
 <tile id="5" x="32" y="0" width="32" height="32">
  <properties><property name="ground" value="water"/></properties>
  <image source="squares.png" width="128" height="32"/>
 </tile>
</tileset>
"""
    )
    path = folder / "collection.tmx"
    path.write_text(
        """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="4" height="4" tilewidth="32"
     tileheight="32" infinite="0">
 <properties><property name="game" value="quodd"/></properties>
 <tileset firstgid="1" source="pieces.tsx"/>
 <layer id="1" name="ground" width="4" height="4">
  <data encoding="csv">6,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0</data>
 </layer>
 <objectgroup id="2" name="things">
  <object id="1" gid="1" x="64" y="64" width="64" height="32"/>
 </objectgroup>
</map>
"""
    )
    return path


@pytest.mark.parametrize(
    "alignment, centre", [("unspecified", (96, 48)), ("center", (64, 64)), ("topleft", (96, 80))]
)
def test_tile_object_alignment_and_collection_tiles(tmp_path, alignment, centre):
    board = load_board(_collection_map(tmp_path, alignment))
    (gate,) = board.objects
    assert (gate.kind, gate.shape, gate.centre) == ("gate", "tile", centre)
    assert gate.tile.rect is None and Path(gate.tile.image).name == "squares.png"
    water = board.layer("ground").at((0, 0))
    assert water.properties == {"ground": "water"}
    assert water.ref.rect == (32, 0, 32, 32) and water.ref.tile_id == 5


def test_boards_hash_by_identity(ortho):
    assert hash(ortho) == hash(ortho) and ortho == ortho
    assert {ortho: 1}[ortho] == 1


def test_fractional_map_size_is_refused_once(tmp_path):
    path = write_map(tmp_path)
    path.write_text(
        path.read_text().replace(
            'width="3" height="3" tilewidth', 'width="3.0" height="3" tilewidth'
        )
    )
    problems = problems_of(path)
    assert [(p.place, p.message) for p in problems] == [
        ("map", "attribute width='3.0' must be a whole number")
    ]


def test_every_shipped_map_loads():
    """Content lint: each map under maps/ passes the loader (games check their own rules)."""
    from riotsim.paths import maps_dir

    for path in sorted(maps_dir().rglob("*.tmx")):
        board = load_board(path)
        assert board.game, path


def test_impossible_hex_geometry(tmp_path):
    path = write_map(
        tmp_path, map_attrs='hexsidelength="40" staggeraxis="y" staggerindex="odd"', name="h.tmx"
    )
    path.write_text(path.read_text().replace('"orthogonal"', '"hexagonal"'))
    (problem,) = problems_of(path)
    assert problem.place == "map"
    assert problem.message.startswith("impossible hex geometry: hex side length 40")


# -- defusedxml first: pytmx never sees a map the inspection refused ---------------------------


@pytest.mark.parametrize("name, file, place, text", BROKEN, ids=[b[0] for b in BROKEN])
def test_pytmx_never_reads_a_refused_map(name, file, place, text, monkeypatch):
    """Issue 2, "Content and maps": the XML goes through defusedxml first and every pytmx limit
    is caught there, so pytmx (which parses with the standard library) never reads a bad map."""
    core = tiled._pytmx()
    tiled._pytmx_reserved()  # built once from blank pytmx objects; no map file involved
    calls = []

    def spy(*args, **kwargs):
        calls.append(args)
        raise AssertionError("pytmx was asked to read a map the inspection should refuse")

    monkeypatch.setattr(core, "TiledMap", spy)
    problems = problems_of(MAPS / name)
    assert any(text in p.message for p in problems)
    assert calls == []


def test_entity_expansion_is_refused_before_any_parsing(tmp_path, monkeypatch):
    """A "billion laughs" map: refused by defusedxml without expanding a single entity."""
    import xml.etree.ElementTree as StdET

    def no_stdlib_parse(*args, **kwargs):
        raise AssertionError("the standard library parser was used")

    monkeypatch.setattr(StdET, "parse", no_stdlib_parse)
    monkeypatch.setattr(StdET, "fromstring", no_stdlib_parse)
    laughs = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10))
    path = tmp_path / "laughs.tmx"
    path.write_text(
        f'<?xml version="1.0"?><!DOCTYPE map [<!ENTITY l0 "lol">{laughs}]>'
        '<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8">'
        '<properties><property name="game" value="&l9;"/></properties></map>'
    )
    (problem,) = problems_of(path)
    assert problem.path.endswith("laughs.tmx") and "document type" in problem.message


# -- hostile files: loops, absurd sizes, problems in tilesets ---------------------------------


def test_symlink_loops_give_a_message(tmp_path):
    """A map, a tileset or an image that is a symbolic link loop is a problem, not a crash."""
    (tmp_path / "a.tmx").symlink_to(tmp_path / "b.tmx")
    (tmp_path / "b.tmx").symlink_to(tmp_path / "a.tmx")
    [problem] = problems_of(tmp_path / "a.tmx")
    assert problem.path.endswith("a.tmx") and "symbolic link loop" in problem.message

    path = write_map(tmp_path)
    text = path.read_text().replace("squares.tsx", "loop.tsx")
    path.write_text(text)
    (tmp_path / "loop.tsx").symlink_to(tmp_path / "loop.tsx")
    messages = [str(p) for p in problems_of(path)]
    assert any("loop.tsx" in m and "symbolic link loop" in m and "gen.tmx" in m for m in messages)

    path = write_map(tmp_path)
    (tmp_path / "squares.tsx").write_text(
        (MAPS / "squares.tsx").read_text().replace("squares.png", "pic.png")
    )
    (tmp_path / "pic.png").symlink_to(tmp_path / "pic.png")
    messages = [str(p) for p in problems_of(path)]
    assert any("'pic.png': symbolic link loop" in m for m in messages), messages


def _huge_tileset(folder: Path, side: int, tile: int = 1) -> Path:
    (folder / "huge.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(292))  # 300 bytes
    (folder / "huge.tsx").write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<tileset name="huge" tilewidth="{tile}" '
        f'tileheight="{tile}">\n <image source="huge.png" width="{side}" height="{side}"/>\n'
        "</tileset>\n"
    )
    path = write_map(tmp_path := folder)
    path.write_text(path.read_text().replace("squares.tsx", "huge.tsx"))
    return tmp_path / "gen.tmx"


def test_absurd_tileset_image_is_refused_before_anything_is_allocated(tmp_path):
    """A 300-byte image declared 1e9 x 1e9 pixels in 1x1 tiles: refused with the reason, in a
    process whose memory stays small (measured, and capped so a regression cannot swap)."""
    path = _huge_tileset(tmp_path, 1_000_000_000)
    code = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))\n"
        "from riotsim.core.problems import ContentError\n"
        "from riotsim.core.tiled import load_board\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "try:\n"
        f"    load_board({str(path)!r})\n"
        "except ContentError as exc:\n"
        "    print('\\n'.join(map(str, exc.problems)))\n"
        "after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "print('grew-kb', after - before)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, PYTHONPATH=str(Path(tiled.__file__).parents[2])),
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert any(
        "huge.tsx:tileset 'huge'" in line
        and "width=1000000000, too large" in line
        and "gen.tmx" in line
        for line in lines
    ), lines
    assert int(lines[-1].split()[1]) < 100_000  # under 100 MB more than the imports


def test_tileset_grid_and_tile_counts_are_bounded(tmp_path):
    """A legal image size cut into too many tiles is refused too (pytmx cuts every one)."""
    path = _huge_tileset(tmp_path, tiled.MAX_IMAGE_PIXELS)
    messages = [p.message for p in problems_of(path)]
    assert any(f"cuts into {tiled.MAX_IMAGE_PIXELS**2} tiles" in m for m in messages), messages
    path.with_name("huge.tsx").write_text(
        path.with_name("huge.tsx")
        .read_text()
        .replace('tilewidth="1"', 'tilecount="99999999" tilewidth="1"')
    )
    messages = [p.message for p in problems_of(path)]
    assert any("tilecount=99999999 is out of range" in m for m in messages), messages


def test_total_layer_cells_are_bounded_before_decoding(tmp_path, monkeypatch):
    """256 large zlib layers (a small file) are refused from their declared sizes alone."""
    side = 256
    layer = base64_layer([1] * side * side, "zlib")
    extra = "".join(
        f'<layer id="{i + 2}" name="l{i}" width="{side}" height="{side}">{layer}</layer>'
        for i in range(255)
    )
    path = write_map(tmp_path, layer, extra, size=(side, side))
    decoded = []
    monkeypatch.setattr(tiled._Inspector, "layer_gids", lambda *a: decoded.append(a))
    problems = problems_of(path)
    assert [str(p) for p in problems] == [
        f"{problems[0].path}:map: the 256 tile layers hold {256 * side * side} cells in all "
        f"(limit {tiled.MAX_TOTAL_CELLS}); use fewer or smaller layers"
    ]
    assert not decoded


def test_a_problem_in_a_tileset_names_the_map_that_uses_it(tmp_path):
    path = write_map(tmp_path)
    tsx = tmp_path / "squares.tsx"
    tsx.write_text(tsx.read_text().replace('tilewidth="32"', 'tilewidth="wide"', 1))
    [problem] = [p for p in problems_of(path) if "tilewidth" in p.message]
    assert problem.path.endswith("squares.tsx")
    assert problem.place == "tileset 'squares'"
    assert problem.message.endswith(f"(in a tileset of the map {path})")
    tsx.write_text("<tileset")
    [problem] = problems_of(path)
    assert problem.path.endswith("squares.tsx") and "malformed XML" in problem.message
    assert "gen.tmx" in problem.message and problem.place


def test_map_problems_speak_italian_and_a_missing_tileset_is_still_named(speak_italian):
    """Issue 17, L1: a map's problems are told in the language spoken, at the same place; a
    missing external tileset is still told as such (the check compares the problem with the
    translated "file not found", not with the English)."""
    speak_italian(
        {
            "file not found": "file non trovato",
            "tileset file {source!r} not found (looked for {tsx})": (
                "file di tileset {source!r} non trovato (cercato {tsx})"
            ),
            "orientation {orientation!r} is not supported; riotsim reads orthogonal and "
            "hexagonal maps": "l'orientamento {orientation!r} non è supportato",
        }
    )
    (missing,) = problems_of(MAPS / "broken_missing_tileset.tmx")
    assert missing.place == "tileset 'nowhere/missing.tsx'"
    assert missing.message.startswith("file di tileset 'nowhere/missing.tsx' non trovato")
    (orientation,) = problems_of(MAPS / "broken_orientation.tmx")
    assert (orientation.place, orientation.message) == (
        "map",
        "l'orientamento 'isometric' non è supportato",
    )
