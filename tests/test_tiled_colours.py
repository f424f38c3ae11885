"""Issue 15: "Riot Quest arena tiles show their terrain in Tiled; Quodd elements and RIOT spaces
are not all identical grey shapes there". Each kind has its colour in the Tiled project (classes
for Tiled 1.9+, an object types file for Tiled 1.8) and the shipped RIOT and Quodd maps file each
kind in an object layer of that colour, which every Tiled and ``tmxrasterizer`` show."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
RASTERIZER = shutil.which("tmxrasterizer")


def _project_tool():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_tiled_project
    finally:
        sys.path.pop(0)
    return make_tiled_project


def test_the_object_types_file_is_what_the_generator_writes_and_the_project_names_it():
    tool = _project_tool()
    assert (MAPS / "objecttypes.xml").read_text() == tool.object_types()
    project = json.loads((MAPS / "riotsim.tiled-project").read_text())
    assert project["objectTypesFile"] == "objecttypes.xml"
    types = ET.parse(MAPS / "objecttypes.xml").getroot()
    colours = {t.get("name"): t.get("color") for t in types}
    classes = {t["name"]: t["color"] for t in project["propertyTypes"] if t["type"] == "class"}
    assert set(colours) == set(classes)
    assert all(colours[k] == "#" + classes[k][3:] for k in classes)
    assert len({colours[k] for k in ("street", "building", "entry", "hq", "hospital")}) == 5


def _layers(path: Path) -> list[ET.Element]:
    return list(ET.parse(path).getroot().iter("objectgroup"))


@pytest.mark.parametrize(
    "path",
    [
        *sorted((MAPS / "quodd").glob("*.tmx")),
        MAPS / "riot" / "city.tmx",
        MAPS / "riot-pm" / "city.tmx",
        MAPS / "templates" / "riot_city.tmx",
        MAPS / "templates" / "riot-pm_city.tmx",
    ],
    ids=lambda p: f"{p.parent.name}/{p.name}",
)
def test_each_kind_of_a_shipped_map_is_in_a_layer_of_its_colour(path):
    colours = _project_tool().kind_colours()
    for layer in _layers(path):
        kinds = {o.get("type") for o in layer.iter("object")}
        assert len(kinds) == 1, (layer.get("name"), kinds)
        assert layer.get("color") == colours[kinds.pop()]


@pytest.mark.skipif(RASTERIZER is None, reason="tmxrasterizer is not installed (apt: tiled)")
@pytest.mark.parametrize("game, name", [("riot", "city.tmx"), ("quodd", "b5a.tmx")])
def test_tmxrasterizer_draws_the_kinds_in_different_colours(tmp_path, game, name):
    import pygame

    out = tmp_path / "map.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run(
        [str(RASTERIZER), "--size", "400", str(MAPS / game / name), str(out)],
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )
    picture = pygame.image.load(str(out))
    seen = {
        tuple(picture.get_at((x, y)))[:3]
        for x in range(0, picture.get_width(), 2)
        for y in range(0, picture.get_height(), 2)
    }
    colours = _project_tool().kind_colours()
    kinds = {o.get("type") for o in ET.parse(MAPS / game / name).getroot().iter("object")}
    for kind in kinds:
        rgb = tuple(int(colours[kind][i : i + 2], 16) for i in (1, 3, 5))
        near = [c for c in seen if sum(abs(a - b) for a, b in zip(c, rgb, strict=True)) < 24]
        assert near, f"{kind} ({colours[kind]}) is not drawn in its colour"


def test_riot_quest_arena_tiles_have_pictures_of_their_terrain():
    for tsx in sorted((MAPS / "riotquest").glob("*.tsx")):
        root = ET.parse(tsx).getroot()
        image = root.find("image")
        assert image is not None and (tsx.parent / image.get("source", "")).is_file()
        terrains = {p.get("value") for p in root.iter("property") if p.get("name") == "terrain"}
        assert {"open", "obstacle", "barrier", "void"} <= terrains
