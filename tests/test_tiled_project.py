"""maps/riotsim.tiled-project: the custom types a designer gets in Tiled match the shipped maps.

Issue 15 ("Tiled, as designers have it"): a class per object kind with typed members, enums for
the values the loaders accept, and commands that run real riotsim subcommands.
"""

from __future__ import annotations

import json
import shlex
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from riotsim.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
PROJECT = ROOT / "maps" / "riotsim.tiled-project"
MAP_FILES = sorted((ROOT / "maps").rglob("*.tmx"))
TILESETS = sorted((ROOT / "maps").rglob("*.tsx"))
# Tile properties the loaders read, and the enum each one's value must be in.
TILE_ENUMS = {"terrain": "terrain", "ground": "ground"}


def _project() -> dict[str, Any]:
    return json.loads(PROJECT.read_text(encoding="utf-8"))


def _types(kind: str) -> dict[str, dict[str, Any]]:
    return {t["name"]: t for t in _project()["propertyTypes"] if t["type"] == kind}


def _used_objects() -> list[tuple[str, str, ET.Element]]:
    """(file, kind, property element) for every property of every object; kind alone as ''."""
    out = []
    for path in MAP_FILES:
        for obj in ET.parse(path).getroot().iter("object"):
            kind = obj.get("class") or obj.get("type") or ""
            out.append((path.name, kind, ET.Element("none")))
            for prop in obj.iter("property"):
                out.append((path.name, kind, prop))
    return out


def test_the_project_is_what_the_generator_writes() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_tiled_project
    finally:
        sys.path.pop(0)
    assert _project() == json.loads(json.dumps(make_tiled_project.project()))


def test_every_object_kind_of_the_shipped_maps_has_a_class() -> None:
    classes = _types("class")
    kinds = {(f, k) for f, k, _ in _used_objects()}
    assert kinds, "no shipped map objects found"
    missing = sorted((f, k) for f, k in kinds if k not in classes)
    assert not missing
    for kind in {k for _, k in kinds}:
        assert "object" in classes[kind]["useAs"]
        assert classes[kind]["color"].startswith("#")


def test_every_property_the_shipped_maps_use_is_a_member_of_the_right_type() -> None:
    classes = _types("class")
    enums = _types("enum")
    for name, kind, prop in _used_objects():
        if prop.tag != "property":
            continue
        members = {m["name"]: m for m in classes[kind]["members"]}
        pname = prop.get("name")
        assert pname in members, f"{name}: {kind} has no member {pname!r}"
        member = members[pname]
        assert member["type"] == prop.get("type", "string"), f"{name}: {kind}.{pname}"
        enum = member.get("propertyType")
        if enum:
            assert prop.get("value") in enums[enum]["values"], f"{name}: {kind}.{pname}"


def test_members_have_a_default_of_their_type_and_enums_exist() -> None:
    enums = _types("enum")
    py_type = {"int": int, "string": str}
    for cls in _types("class").values():
        for member in cls["members"]:
            assert isinstance(member["value"], py_type[member["type"]]), (cls["name"], member)
            enum = member.get("propertyType")
            if enum:
                assert member["value"] in enums[enum]["values"], (cls["name"], member)


def test_every_tile_terrain_and_ground_of_the_shipped_tilesets_is_in_its_enum() -> None:
    enums = _types("enum")
    seen = set()
    for path in TILESETS + MAP_FILES:
        for tile in ET.parse(path).getroot().iter("tile"):
            for prop in tile.iter("property"):
                enum = TILE_ENUMS.get(prop.get("name", ""))
                if enum:
                    seen.add(enum)
                    assert prop.get("value") in enums[enum]["values"], (path.name, prop.attrib)
    assert seen == set(TILE_ENUMS)


def test_the_folders_hold_the_maps_and_tilesets() -> None:
    folders = [PROJECT.parent / f for f in _project()["folders"]]
    for path in MAP_FILES + TILESETS:
        assert any(folder in path.parents for folder in folders), path


@pytest.mark.parametrize("name", ["Play in riotsim", "Check with riotsim", "Balance report"])
def test_the_commands_are_real_riotsim_subcommands(name: str) -> None:
    commands = [c for c in _project()["commands"] if c["name"].startswith(name)]
    assert commands
    parser = build_parser()
    for command in commands:
        assert command["command"] == "riotsim"
        assert "%mapfile" in command["arguments"]
        # Tiled puts the map's path in double quotes in place of %mapfile
        argv = shlex.split(command["arguments"].replace("%mapfile", '"/tmp/some map.tmx"'))
        args = parser.parse_args(argv)  # exits (SystemExit) on a bad subcommand or flag
        assert args.func.__name__ == f"cmd_{argv[0].replace('-', '_')}"


def test_the_balance_reports_cover_every_game_with_the_report_flags() -> None:
    parser = build_parser()
    games = set()
    for command in _project()["commands"]:
        if command["name"].startswith("Balance report"):
            args = parser.parse_args(shlex.split(command["arguments"]))
            assert args.games == 100 and args.report and args.map == "%mapfile"
            games.add(args.game)
    assert games == {"riotquest", "quodd", "riot", "riot-pm"}
