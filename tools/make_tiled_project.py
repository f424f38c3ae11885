"""Write maps/riotsim.tiled-project: custom types for every object kind the loaders read.

The enums come from the loaders' own tables, so a new kind or value there shows up here on the
next run (tests/test_tiled_project.py checks the project against the shipped maps).
Run: python tools/make_tiled_project.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from riotsim.games.quodd import board as qb
from riotsim.games.quodd.directions import ALL
from riotsim.games.riot.city_maps import PM_COLOURS, PM_DISTRICTS, SPACE_KINDS
from riotsim.games.riotquest.arena import TERRAINS

OUT = Path(__file__).resolve().parent.parent / "maps" / "riotsim.tiled-project"
OBJECT_TYPES = OUT.with_name("objecttypes.xml")

ENUMS: dict[str, tuple[str, ...]] = {
    "terrain": TERRAINS,
    "ground": qb.GROUNDS,
    "direction": ALL,
    "bomb_type": qb.BOMB_TYPES,
    "sheep_colour": qb.SHEEP_COLOURS,
    "spin": qb.SPINS,
    "motion": qb.MOTIONS,
    "barrier_state": ("up", "down"),
    "element_kind": tuple(sorted(qb.KINDS - {"secret"})),
    "building_colour": PM_COLOURS,
    "district": PM_DISTRICTS,
}

# Members by name: (Tiled type, enum name or "", default value).
MEMBERS: dict[str, tuple[str, str, Any]] = {
    "number": ("int", "", 1),
    "direction": ("string", "direction", "N"),
    "link": ("string", "", ""),
    "colour": ("string", "", ""),
    "hidden": ("string", "element_kind", "spring"),
    "state": ("string", "barrier_state", "up"),
    "open": ("int", "", 0),
    "bomb": ("string", "bomb_type", "standard"),
    "on": ("int", "", 0),
    "spin": ("string", "spin", "cw"),
    "motion": ("string", "motion", "none"),
    "area": ("string", "", ""),
    "credits": ("int", "", 1),
    "links": ("string", "", ""),
    "district": ("string", "district", "politics"),
}

# Which members each Quodd kind reads (board.read_token / maps.py); others take none.
QUODD_MEMBERS: dict[str, tuple[str, ...]] = {
    "bomb": ("bomb", "direction", "number"),
    "sheep": ("colour", "direction", "number"),
    "start": ("number",),
    "cannon": ("direction",),
    "current": ("direction",),
    "mover": ("direction",),
    "emitter": ("direction", "on", "link"),
    "reflector": ("direction", "on"),
    "rotator": ("spin",),
    "platform": ("motion", "direction", "spin", "link"),  # quodd/mapchecks.py
    "connection": ("link",),
    "power_block": ("link",),
    "crystal": ("colour",),
    "switch": ("colour",),
    "trap_door": ("colour", "open"),
    "impassable": ("colour", "state"),
    "secret": ("hidden",),
}

CITY_MEMBERS: dict[str, tuple[str, ...]] = {
    "area": ("area", "district"),
    "street": ("area", "links"),
    "entry": ("area", "links"),
    "building": ("area", "credits", "colour", "links"),
    "hq": ("links",),
    "barracks": ("links",),
    "hospital": ("links",),
}

COLOURS = {
    "spawn_gate": "#ffe0402c",
    "beacon": "#ff2c9fe0",
    "centre": "#ffe0e0e0",
    "wall": "#ff5a4a3a",
    "broken_wall": "#ff8a7a6a",
    "start": "#ff40c040",
    "respawn": "#ff60a0ff",
    "rally": "#ffffd000",
    "drop_zone": "#ffc080ff",
    "street": "#ff909090",
    "building": "#ffd08040",
    "entry": "#ff40a0a0",
    "area": "#80ffffff",
    "hq": "#ff3050d0",
    "barracks": "#ff3050d0",
    "hospital": "#ffe03030",
}


# A colour is a free name on Quodd switches and doors; these kinds take one from a list.
COLOUR_ENUMS = {"sheep": ("sheep_colour", "grey"), "building": ("building_colour", "yellow")}


def _member(kind: str, name: str) -> dict[str, Any]:
    tiled_type, enum, value = MEMBERS[name]
    if name == "colour" and kind in COLOUR_ENUMS:
        enum, value = COLOUR_ENUMS[kind]
    out: dict[str, Any] = {"name": name, "type": tiled_type, "value": value}
    if enum:
        out["propertyType"] = enum
    return out


def _colour(kind: str, index: int) -> str:
    if kind in COLOURS:
        return COLOURS[kind]
    hue = (index * 47) % 360  # spread the many Quodd elements round the wheel
    r, g, b = _hsv(hue)
    return f"#ff{r:02x}{g:02x}{b:02x}"


def _hsv(hue: int) -> tuple[int, int, int]:
    c, x = 200, int(200 * (1 - abs((hue / 60) % 2 - 1)))
    r, g, b = [(c, x, 0), (x, c, 0), (0, c, x), (0, x, c), (x, 0, c), (c, 0, x)][hue // 60]
    return r + 40, g + 40, b + 40


def _classes() -> dict[str, list[str]]:
    kinds: dict[str, list[str]] = {k: ["number"] for k in ("spawn_gate", "beacon")}
    kinds["centre"] = []
    for kind in sorted(qb.KINDS | {"platform", "pivot"}):
        kinds[kind] = list(QUODD_MEMBERS.get(kind, ()))
    for kind in sorted(SPACE_KINDS | {"area"}):
        kinds[kind] = list(CITY_MEMBERS[kind])
    return kinds


def project() -> dict[str, Any]:
    types: list[dict[str, Any]] = []
    for name, values in ENUMS.items():
        types.append(
            {
                "name": name,
                "type": "enum",
                "storageType": "string",
                "values": list(values),
                "valuesAsFlags": False,
            }
        )
    for index, (kind, members) in enumerate(_classes().items()):
        types.append(
            {
                "name": kind,
                "type": "class",
                "color": _colour(kind, index),
                "drawFill": True,
                "useAs": ["object", "tile"],
                "members": [_member(kind, m) for m in members],
            }
        )
    for i, t in enumerate(types, start=1):
        t["id"] = i
    return {
        "automappingRulesFile": "",
        "commands": _commands(),
        "compatibilityVersion": 1080,
        "extensionsPath": "extensions",
        "folders": ["riotquest", "quodd", "riot", "riot-pm", "templates"],
        # Tiled 1.8 colours objects from an object types file; 1.9+ from the classes above
        "objectTypesFile": OBJECT_TYPES.name,
        "propertyTypes": types,
    }


def kind_colours() -> dict[str, str]:
    """Each object kind's colour as ``#rrggbb`` (the map generators colour their layers so)."""
    return {kind: "#" + _colour(kind, i)[3:] for i, kind in enumerate(_classes())}


def object_types() -> str:
    """The same kinds as a Tiled 1.8 object types file (name, colour, typed properties)."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<objecttypes>"]
    colours = kind_colours()
    for kind, members in _classes().items():
        lines.append(f' <objecttype name="{kind}" color="{colours[kind]}">')
        for name in members:
            member = _member(kind, name)
            kind_of = "int" if member["type"] == "int" else "string"
            lines.append(
                f'  <property name="{name}" type="{kind_of}" default="{member["value"]}"/>'
            )
        lines.append(" </objecttype>")
    lines.append("</objecttypes>")
    return "\n".join(lines) + "\n"


def _command(name: str, arguments: str, shortcut: str) -> dict[str, Any]:
    return {
        "arguments": arguments,
        "command": "riotsim",
        "enabled": True,
        "name": name,
        "saveBeforeExecute": True,
        "shortcut": shortcut,
        "showOutput": True,
        "workingDirectory": "%mappath",
    }


def _commands() -> list[dict[str, Any]]:
    # Tiled has no placeholder for a map property (the map's "game"), so one report per game.
    out = [
        _command("Play in riotsim", "lab %mapfile", "F5"),
        _command("Check with riotsim", "check-map %mapfile", "F6"),
    ]
    for game in ("riotquest", "quodd", "riot", "riot-pm"):
        report = f"simulate {game} --map %mapfile --games 100 --report balance-report"
        out.append(_command(f"Balance report ({game})", report, ""))
    return out


def main() -> None:
    OUT.write_text(json.dumps(project(), indent=4) + "\n", encoding="utf-8")
    OBJECT_TYPES.write_text(object_types(), encoding="utf-8")
    print(f"wrote {OUT} and {OBJECT_TYPES}")


if __name__ == "__main__":
    main()
