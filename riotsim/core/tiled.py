"""Load a Tiled map (``.tmx`` + external ``.tsx`` tilesets) into plain board data.

:func:`load_board` is the only way riotsim reads Tiled files. It works in three steps:

1. **Inspect** the map and every external tileset with defusedxml (no DTD, no entities, no
   external references), within size limits, and collect *every* problem: features pytmx cannot
   read (object templates, infinite maps, ``class``/``list`` properties, custom properties named
   like built-in attributes, images without a size, zstd layers...), features riotsim does not
   support (orientations other than orthogonal and hexagonal, layer offsets) and broken data
   (missing files, bad numbers, tiles from no tileset, no ``game`` map property). Any problem
   raises :class:`~riotsim.core.problems.ContentError` naming the file and the place.
2. **Load** the checked map with ``pytmx.TiledMap`` and its default image loader, which reads
   no image file and needs no pygame (pytmx's package ``__init__`` would import pygame if it can,
   so we import pytmx with pygame hidden: riotsim.core never imports pygame).
3. **Convert** to plain dataclasses (:class:`Board`): terrain from *tile properties* (never raw
   gids, which pytmx renumbers), typed objects with their kind read from ``type`` or ``class``,
   and a :class:`TileRef` per drawn tile so the UI can blit it.

Coordinates are map pixels with y growing downwards, as in Tiled. Cells are ``(col, row)``.
"""

from __future__ import annotations

import base64
import binascii
import logging
import math
import os
import sys
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any
from xml.etree.ElementTree import Element, ParseError

import defusedxml
import defusedxml.ElementTree as SafeET

from riotsim.core.content import display_path, os_problem, real_path, too_large
from riotsim.core.problems import ContentError, Problem
from riotsim.i18n import _, ngettext

# -- limits -----------------------------------------------------------------------------------

MAX_FILE_BYTES = 5 * 1024 * 1024
MAX_MAP_CELLS = 256  # per side
MAX_TILE_PIXELS = 1024
MAX_OBJECTS = 10_000
MAX_LAYERS = 256
MAX_TILESETS = 64
MAX_POINTS = 10_000  # per polygon or polyline
MAX_TOTAL_CELLS = 262_144  # cells of every tile layer together (four full 256 x 256 layers)
MAX_IMAGE_PIXELS = 16_384  # per side of a declared image size
MAX_TILESET_TILES = 65_536  # tiles cut from one tileset image
MAX_TOTAL_TILES = 262_144  # tiles of every tileset together

SUPPORTED_ORIENTATIONS = ("orthogonal", "hexagonal")
GAME_PROPERTY = "game"

# Attribute names Tiled itself uses. A custom property with one of these names is refused on
# every element: pytmx mixes custom properties with attributes, and "type"/"class" carry kinds.
BUILTIN_NAMES = frozenset(
    {
        "name",
        "type",
        "class",
        "id",
        "x",
        "y",
        "width",
        "height",
        "rotation",
        "gid",
        "visible",
        "template",
        "source",
        "properties",
    }
)
# Property types pytmx reads (enum properties are stored as string or int in the file).
PROPERTY_TYPES = ("string", "int", "float", "bool", "color", "file", "object")

Cell = tuple[int, int]
Point = tuple[float, float]
PropertyValue = str | int | float | bool


# -- plain board data -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TileRef:
    """Where to find a tile's picture: the image file and the source rectangle in it.

    ``rect`` is ``(x, y, width, height)`` in image pixels, or None when the tile is a whole image
    (image-collection tilesets). The flips are Tiled's flip flags for this placement.
    """

    image: str
    rect: tuple[int, int, int, int] | None
    tileset: str
    tile_id: int
    flipped_h: bool = False
    flipped_v: bool = False
    flipped_d: bool = False


@dataclass(frozen=True, slots=True)
class Tile:
    """A tile placed in a layer cell: its custom properties, its class and its picture."""

    properties: dict[str, PropertyValue]
    ref: TileRef | None
    kind: str = ""  # the tile's class (``type`` in older Tiled)

    def get(self, key: str, default: Any = None) -> Any:
        return self.properties.get(key, default)


@dataclass(frozen=True, slots=True)
class TileLayer:
    name: str
    properties: dict[str, PropertyValue]
    tiles: tuple[tuple[Tile | None, ...], ...]  # tiles[row][col]
    visible: bool = True
    opacity: float = 1.0

    def at(self, cell: Cell) -> Tile | None:
        col, row = cell
        return self.tiles[row][col]

    def property_at(self, cell: Cell, key: str, default: Any = None) -> Any:
        tile = self.at(cell)
        return default if tile is None else tile.properties.get(key, default)

    def cells(self) -> Iterator[tuple[Cell, Tile]]:
        """Every non-empty cell with its tile, row by row."""
        for row, line in enumerate(self.tiles):
            for col, tile in enumerate(line):
                if tile is not None:
                    yield (col, row), tile


@dataclass(frozen=True, slots=True)
class MapObject:
    """A Tiled object in map pixels.

    ``x, y`` are as Tiled stores them: the top-left corner of rectangles, ellipses and texts,
    the bottom-left corner of tile objects, the position of points and the origin of polygons.
    ``centre`` is the middle of the shape (rotation applied) and ``cell`` the map cell it falls
    in (None outside the map). ``points`` are the polygon/polyline vertices in map pixels,
    rotation applied (empty for other shapes).
    """

    id: int
    kind: str  # read from "type" or "class" (a tile object without one takes its tile's)
    name: str
    shape: str  # rect | ellipse | point | polygon | polyline | tile | text
    x: float
    y: float
    width: float
    height: float
    rotation: float
    points: tuple[Point, ...]
    centre: Point
    cell: Cell | None
    properties: dict[str, PropertyValue]
    layer: str
    tile: TileRef | None = None
    visible: bool = True

    def get(self, key: str, default: Any = None) -> Any:
        return self.properties.get(key, default)


@dataclass(frozen=True, slots=True)
class Tileset:
    name: str
    first_gid: int
    tile_width: int
    tile_height: int
    columns: int
    tile_count: int
    image: str | None  # absolute path of the tileset image; None for image collections
    image_width: int
    image_height: int
    spacing: int
    margin: int
    source: str | None  # the .tsx file (absolute path) for external tilesets
    properties: dict[str, PropertyValue] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ImageLayer:
    name: str
    image: str
    properties: dict[str, PropertyValue]
    visible: bool = True
    opacity: float = 1.0


@dataclass(frozen=True, slots=True, eq=False)
class Board:
    """A loaded Tiled map as plain data. No pytmx object leaks out of this module.

    Boards compare and hash by identity, so they can key caches. Treat every dict in a
    board (properties of the map, tiles and objects) as read-only: tiles are shared.
    """

    path: str
    orientation: str  # orthogonal | hexagonal
    width: int  # in cells
    height: int
    tile_width: int  # in pixels
    tile_height: int
    hex_side_length: int  # 0 on orthogonal maps
    stagger_axis: str | None  # "x" | "y" on hexagonal maps
    stagger_index: str | None  # "odd" | "even" on hexagonal maps
    properties: dict[str, PropertyValue]
    tile_layers: tuple[TileLayer, ...]  # in drawing order (bottom first)
    objects: tuple[MapObject, ...]  # in file order
    object_layers: tuple[str, ...]
    tilesets: tuple[Tileset, ...]
    image_layers: tuple[ImageLayer, ...] = ()
    tiled_version: str = ""  # the map's tiledversion attribute ("" when absent)

    @property
    def game(self) -> str:
        return str(self.properties.get(GAME_PROPERTY, ""))

    def layer(self, name: str) -> TileLayer:
        for layer in self.tile_layers:
            if layer.name == name:
                return layer
        raise KeyError(_("{path}: no tile layer named {name!r}").format(path=self.path, name=name))

    def objects_of(self, kind: str) -> list[MapObject]:
        return [obj for obj in self.objects if obj.kind == kind]

    def tile_property(self, cell: Cell, key: str, default: Any = None) -> Any:
        """The property ``key`` of the topmost tile at ``cell`` that has it, else ``default``."""
        for layer in reversed(self.tile_layers):
            tile = layer.tiles[cell[1]][cell[0]]
            if tile is not None and key in tile.properties:
                return tile.properties[key]
        return default

    def in_bounds(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def hex_grid(self) -> Any:
        """A :class:`riotsim.core.hexgrid.HexGrid` for this hexagonal map."""
        if self.orientation != "hexagonal":
            raise ValueError(_("{path}: not a hexagonal map").format(path=self.path))
        return _hex_grid(
            self.width,
            self.height,
            self.stagger_axis or "y",
            self.stagger_index or "odd",
            self.tile_width,
            self.tile_height,
            self.hex_side_length,
        )


@lru_cache(maxsize=4)
def _hex_grid(
    width: int, height: int, axis: str, index: str, tile_w: int, tile_h: int, side: int
) -> Any:
    """One HexGrid per geometry, shared (grids are never changed once built): the loader and
    the game's checks would otherwise build a 256 x 256 grid several times per map."""
    from riotsim.core.hexgrid import HexGrid

    return HexGrid(width, height, axis, index, tile_w, tile_h, side)


# -- pytmx without pygame ---------------------------------------------------------------------


@cache
def _pytmx() -> ModuleType:
    """pytmx's parser module. Its package ``__init__`` imports pygame when it can, so pygame is
    hidden during the import (a ``None`` entry in sys.modules makes ``import pygame`` fail)."""
    hide = "pygame" not in sys.modules
    # pytmx's pygame helper logs an error when pygame is missing: keep that quiet
    quiet = logging.getLogger("pytmx.util_pygame")
    was_disabled = quiet.disabled
    quiet.disabled = True
    if hide:
        sys.modules["pygame"] = None  # type: ignore[assignment]
    try:
        import pytmx.pytmx as core
    finally:
        quiet.disabled = was_disabled
        if hide and sys.modules.get("pygame", 0) is None:
            del sys.modules["pygame"]
    return core  # type: ignore[no-any-return]


@cache
def _pytmx_reserved() -> dict[str, frozenset[str]]:
    """Names pytmx refuses as custom properties, per element: every attribute a fresh pytmx
    object already has (pytmx checks ``hasattr`` before storing custom properties)."""
    core = _pytmx()
    parent = core.TiledMap()

    def names(obj: Any) -> frozenset[str]:
        return frozenset(dir(obj)) | frozenset(vars(obj))

    return {
        "map": names(parent),
        "layer": names(
            core.TiledTileLayer(
                parent,
                SafeET.fromstring(
                    '<layer width="1" height="1"><data encoding="csv">0</data></layer>'
                ),
            )
        ),
        "objectgroup": names(
            core.TiledObjectGroup(parent, SafeET.fromstring("<objectgroup/>"), None)
        ),
        "object": names(core.TiledObject(parent, SafeET.fromstring('<object id="1"/>'), None)),
        "tileset": names(
            core.TiledTileset(
                parent,
                SafeET.fromstring('<tileset firstgid="1" name="t" tilewidth="1" tileheight="1"/>'),
            )
        ),
        "group": names(core.TiledGroupLayer(parent, SafeET.fromstring("<group/>"))),
        "imagelayer": names(
            core.TiledImageLayer(
                parent, SafeET.fromstring('<imagelayer><image source="x.png"/></imagelayer>')
            )
        ),
    }


# -- step 1: inspection -----------------------------------------------------------------------

_GID_FLAGS = 0xF0000000  # flip (h, v, d) and hex-rotation bits
_HEX_ROTATE_120 = 0x10000000

# Where a tile object's (x, y) sits on its picture, as fractions of its width and height.
# "unspecified" is bottom-left on orthogonal and hexagonal maps.
_ALIGNMENTS: dict[str, tuple[float, float]] = {
    "unspecified": (0.0, 1.0),
    "topleft": (0.0, 0.0),
    "top": (0.5, 0.0),
    "topright": (1.0, 0.0),
    "left": (0.0, 0.5),
    "center": (0.5, 0.5),
    "right": (1.0, 0.5),
    "bottomleft": (0.0, 1.0),
    "bottom": (0.5, 1.0),
    "bottomright": (1.0, 1.0),
}


@dataclass(slots=True)
class _TilesetInfo:
    index: int
    name: str
    first_gid: int
    span: int  # gids first_gid .. first_gid + span - 1 belong to this tileset
    node: Element
    source: Path | None  # the .tsx file
    base: Path  # folder image paths are relative to
    tile_ids: set[int]
    collection: bool
    tile_props: dict[int, dict[str, PropertyValue]] = field(default_factory=dict)
    tile_kinds: dict[int, str] = field(default_factory=dict)
    # image-collection tiles that use only part of their image (Tiled 1.9+)
    sub_rects: dict[int, tuple[int, int, int, int]] = field(default_factory=dict)
    alignment: str = "unspecified"  # where tile objects are anchored (objectalignment)
    properties: dict[str, PropertyValue] = field(default_factory=dict)


def _parse_xml(path: Path, shown: str) -> tuple[Element | None, list[Problem]]:
    """Read and parse one XML file defensively; problems instead of exceptions."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return None, [Problem(shown, "", _("file not found"))]
    except OSError as exc:
        return None, [Problem(shown, "", os_problem(exc))]
    if not path.is_file():
        return None, [Problem(shown, "", _("is not a file"))]
    if size > MAX_FILE_BYTES:
        return None, [Problem(shown, "", too_large(size, MAX_FILE_BYTES))]
    try:
        data = path.read_bytes()
    except OSError as exc:
        return None, [Problem(shown, "", os_problem(exc))]
    try:
        root = SafeET.fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except ParseError as exc:
        line, column = getattr(exc, "position", (0, 0))
        message = str(exc).split(":", 1)[0] if ":" in str(exc) else str(exc)
        return None, [
            Problem(
                shown, f"{line}:{column + 1}", _("malformed XML: {message}").format(message=message)
            )
        ]
    except defusedxml.DTDForbidden:
        return None, [
            Problem(
                shown,
                "",
                _(
                    "XML document type declarations (<!DOCTYPE ...>) are not allowed; old "
                    "Tiled versions wrote one: delete that line or re-save the file in "
                    "Tiled 1.10+"
                ),
            )
        ]
    except defusedxml.EntitiesForbidden:
        return None, [Problem(shown, "", _("XML entity declarations are not allowed"))]
    except defusedxml.ExternalReferenceForbidden:
        return None, [Problem(shown, "", _("external XML references are not allowed"))]
    except defusedxml.DefusedXmlException as exc:
        return None, [Problem(shown, "", _("unsafe XML refused: {exc}").format(exc=exc))]
    except LookupError as exc:  # an XML declaration naming an unknown text encoding
        return None, [Problem(shown, "1", _("malformed XML: {exc}").format(exc=exc))]
    except (ValueError, UnicodeError) as exc:
        return None, [Problem(shown, "", _("malformed XML: {exc}").format(exc=exc))]
    return root, []


def _int(text: str | None) -> int | None:
    if text is None:
        return None
    try:
        return int(text.strip())
    except ValueError:
        return None


def _float(text: str | None) -> float | None:
    if text is None:
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


class _Inspector:
    """Step 1: walks the XML of a map and its tilesets and records every problem."""

    def __init__(self, path: Path, shown: str, root: Element):
        self.path = path
        self.shown = shown
        self.root = root
        self.problems: list[Problem] = []
        self.tilesets: list[_TilesetInfo] = []
        self.tileset_failed = False  # then unknown gids are a consequence, not news
        self.object_count = 0
        self.layer_count = 0
        self.total_tiles = 0
        self.too_many_cells = False
        self.width = 0
        self.height = 0

    # -- helpers

    def problem(self, place: str, message: str, shown: str | None = None) -> None:
        if shown and shown != self.shown:  # a tileset's file: say which map uses it
            message = _("{problem} (in a tileset of the map {map})").format(
                problem=message, map=self.shown
            )
        self.problems.append(Problem(shown or self.shown, place, message))

    def attrs(self, node: Element, place: str, shown: str | None = None) -> None:
        """Every attribute pytmx casts must cast: pytmx would raise on a bad number."""
        types = _pytmx().types
        for key, value in node.items():
            cast = types.get(key, str)
            if cast is str:
                continue
            try:
                if cast is int:
                    int(value)
                elif cast is float:
                    if _float(value) is None:
                        raise ValueError
                else:
                    cast(value)
            except (TypeError, ValueError):
                kind = {int: _("a whole number"), float: _("a number")}.get(
                    cast, _("true or false")
                )
                self.problem(
                    place,
                    _("attribute {key}={value!r} must be {kind}").format(
                        key=key, value=value, kind=kind
                    ),
                    shown,
                )

    def properties(
        self, node: Element, place: str, reserved_kind: str | None, shown: str | None = None
    ) -> dict[str, PropertyValue]:
        """Check and read the custom properties of ``node``."""
        out: dict[str, PropertyValue] = {}
        reserved = set(BUILTIN_NAMES)
        if reserved_kind is not None:
            reserved |= _pytmx_reserved()[reserved_kind]
            reserved |= set(node.keys())
        for group in node.findall("properties"):
            for prop in group:
                if prop.tag != "property":
                    continue
                name = prop.get("name", "")
                where = f"{place} property {name!r}" if name else place
                if not name:
                    self.problem(place, _("a custom property has no name"), shown)
                    continue
                if name in out:
                    self.problem(where, _("property defined twice"), shown)
                if name in reserved:
                    self.problem(
                        where,
                        _(
                            "custom property named like a built-in attribute (pytmx cannot "
                            "store it next to the attribute of the same name); rename it"
                        )
                        + (_(" (e.g. 'title')") if name == "name" else ""),
                        shown,
                    )
                    continue
                value = self.property_value(prop, where, shown)
                if value is not None:
                    out[name] = value
        return out

    def property_value(self, prop: Element, where: str, shown: str | None) -> PropertyValue | None:
        kind = prop.get("type", "string")
        if kind in ("class", "list") or prop.find("properties") is not None:
            self.problem(
                where,
                _(
                    "properties of type {kind!r} are not supported (pytmx cannot read "
                    "them); use plain string, int, float or bool properties"
                ).format(kind=kind),
                shown,
            )
            return None
        if kind not in PROPERTY_TYPES:
            self.problem(where, _("unknown property type {kind!r}").format(kind=kind), shown)
            return None
        raw = prop.get("value")
        if kind == "string":
            return raw if raw is not None else (prop.text or "")
        if kind in ("color", "file"):
            return raw or ""
        if raw is None:
            self.problem(
                where, _("{kind} property has no value attribute").format(kind=kind), shown
            )
            return None
        value: int | float | bool | None
        if kind in ("int", "object"):
            value = _int(raw)
        elif kind == "float":
            value = _float(raw)
        else:
            value = {"true": True, "false": False}.get(raw.strip().lower())
        if value is None:
            self.problem(
                where, _("value {raw!r} is not a valid {kind}").format(raw=raw, kind=kind), shown
            )
        return value

    def number(
        self,
        node: Element,
        key: str,
        place: str,
        *,
        required: bool = True,
        low: int | None = None,
        high: int | None = None,
        default: int = 0,
        shown: str | None = None,
    ) -> int:
        raw = node.get(key)
        if raw is None:
            if required:
                self.problem(place, _("missing attribute {key}").format(key=key), shown)
            return default
        value = _int(raw)
        if value is None:
            # the same words as attrs() uses, so a double report collapses into one
            self.problem(
                place,
                _("attribute {key}={raw!r} must be a whole number").format(key=key, raw=raw),
                shown,
            )
            return default
        if (low is not None and value < low) or (high is not None and value > high):
            bounds = f"{low}..{high}" if high is not None else _("at least {low}").format(low=low)
            self.problem(
                place,
                _("{key}={value} is out of range ({bounds})").format(
                    key=key, value=value, bounds=bounds
                ),
                shown,
            )
            return default
        return value

    # -- the map

    def inspect(self) -> None:
        root = self.root
        if root.tag != "map":
            self.problem(
                "",
                _("not a Tiled map: the root element is <{tag}>, not <map>").format(tag=root.tag),
            )
            return
        self.attrs(root, "map")
        orientation = root.get("orientation", "orthogonal")
        if orientation not in SUPPORTED_ORIENTATIONS:
            self.problem(
                "map",
                _(
                    "orientation {orientation!r} is not supported; riotsim reads "
                    "orthogonal and hexagonal maps"
                ).format(orientation=orientation),
            )
        if root.get("infinite", "0") != "0":
            self.problem(
                "map",
                _(
                    "infinite maps are not supported (pytmx cannot read them); untick "
                    "'Infinite' in Map > Map Properties"
                ),
            )
        self.width = self.number(root, "width", "map", low=1, high=MAX_MAP_CELLS)
        self.height = self.number(root, "height", "map", low=1, high=MAX_MAP_CELLS)
        self.number(root, "tilewidth", "map", low=1, high=MAX_TILE_PIXELS)
        self.number(root, "tileheight", "map", low=1, high=MAX_TILE_PIXELS)
        if orientation == "hexagonal":
            if root.get("staggeraxis") not in ("x", "y"):
                self.problem("map", _("a hexagonal map needs staggeraxis 'x' or 'y'"))
            if root.get("staggerindex") not in ("odd", "even"):
                self.problem("map", _("a hexagonal map needs staggerindex 'odd' or 'even'"))
            self.number(root, "hexsidelength", "map", low=0, high=MAX_TILE_PIXELS)
            if not self.problems:
                self.hex_geometry()
        props = self.properties(root, "map", "map")
        game = props.get(GAME_PROPERTY)
        if game is None:
            self.problem(
                "map",
                _(
                    "missing the string map property {property!r} naming the game "
                    "(riotquest, riot, riot-pm or quodd)"
                ).format(property=GAME_PROPERTY),
            )
        elif not isinstance(game, str) or not game.strip():
            self.problem(
                "map",
                _("map property {property!r} must be a non-empty string").format(
                    property=GAME_PROPERTY
                ),
            )

        tileset_nodes = root.findall("tileset")
        if len(tileset_nodes) > MAX_TILESETS:
            self.problem(
                "map",
                _("too many tilesets ({count}; limit {limit})").format(
                    count=len(tileset_nodes), limit=MAX_TILESETS
                ),
            )
            tileset_nodes = tileset_nodes[:MAX_TILESETS]
        for index, node in enumerate(tileset_nodes):
            self.tileset(index, node)
        if self.total_tiles > MAX_TOTAL_TILES:
            self.problem(
                "map",
                _("the tilesets cut into {total_tiles} tiles in all (limit {limit})").format(
                    total_tiles=self.total_tiles, limit=MAX_TOTAL_TILES
                ),
            )
        self.check_gid_ranges()
        self.check_total_cells()
        self.layers(root, "")
        if self.object_count > MAX_OBJECTS:
            self.problem(
                "map",
                _("too many objects ({object_count}; limit {limit})").format(
                    object_count=self.object_count, limit=MAX_OBJECTS
                ),
            )

    def check_total_cells(self) -> None:
        """Refuse maps whose tile layers hold too many cells in all, before decoding any."""
        sizes = [
            (_int(node.get("width")) or 0) * (_int(node.get("height")) or 0)
            for node in self.root.iter("layer")
        ]
        total = sum(max(0, size) for size in sizes)
        if total > MAX_TOTAL_CELLS:
            self.too_many_cells = True
            self.problem(
                "map",
                _(
                    "the {count} tile layers hold {total} cells in all (limit "
                    "{limit}); use fewer or smaller layers"
                ).format(count=len(sizes), total=total, limit=MAX_TOTAL_CELLS),
            )

    def hex_geometry(self) -> None:
        """The hex grid must accept the tile size and side length (a 1x1 grid is enough)."""
        from riotsim.core.hexgrid import HexGrid, HexGridError

        root = self.root
        try:
            HexGrid(
                1,
                1,
                root.get("staggeraxis", "y"),
                root.get("staggerindex", "odd"),
                int(root.get("tilewidth", "0")),
                int(root.get("tileheight", "0")),
                int(root.get("hexsidelength", "0")),
            )
        except HexGridError as exc:
            self.problem("map", _("impossible hex geometry: {exc}").format(exc=exc))

    # -- tilesets

    def tileset(self, index: int, ref: Element) -> None:
        label = ref.get("name") or ref.get("source") or f"#{index + 1}"
        place = f"tileset {label!r}"
        self.attrs(ref, place)
        first_gid = self.number(ref, "firstgid", place, low=1)
        source = ref.get("source")
        node: Element | None = ref
        tsx: Path | None = None
        shown = self.shown
        if source is not None:
            if not source.lower().endswith(".tsx"):
                self.tileset_failed = True
                self.problem(
                    place,
                    _(
                        "external tileset {source!r} is not a .tsx file (save tilesets as .tsx)"
                    ).format(source=source),
                )
                return
            tsx = real_path(self.path.parent / source)
            shown = display_path(tsx)
            node, problems = _parse_xml(tsx, shown)
            if problems:
                self.tileset_failed = True
                if problems[0].message == _("file not found"):
                    self.problem(
                        place,
                        _("tileset file {source!r} not found (looked for {tsx})").format(
                            source=source, tsx=tsx
                        ),
                    )
                else:
                    for found in problems:
                        self.problem(found.place, found.message, found.path)
                return
            assert node is not None
            if node.tag != "tileset":
                self.tileset_failed = True
                self.problem(
                    "",
                    _("not a Tiled tileset: the root element is <{tag}>").format(tag=node.tag),
                    shown,
                )
                return
            label = node.get("name") or label
            place = f"tileset {label!r}"
            self.attrs(node, place, shown)
        assert node is not None  # the map's own <tileset>, or the external one parsed above
        base = tsx.parent if tsx is not None else self.path.parent
        self.number(node, "tilewidth", place, low=1, high=MAX_TILE_PIXELS, shown=shown)
        self.number(node, "tileheight", place, low=1, high=MAX_TILE_PIXELS, shown=shown)
        tile_count = self.number(
            node, "tilecount", place, required=False, low=0, high=MAX_TILESET_TILES, shown=shown
        )
        self.number(node, "columns", place, required=False, low=0, shown=shown)
        self.number(node, "spacing", place, required=False, low=0, shown=shown)
        self.number(node, "margin", place, required=False, low=0, shown=shown)
        props = self.properties(node, place, "tileset", shown)
        image = node.find("image")
        if image is not None and self.image(image, place, base, shown):
            # pytmx cuts every tile of the grid, whatever tilecount says: bound the grid
            grid = self.grid_count(node, image)
            if grid > MAX_TILESET_TILES:
                self.problem(
                    place,
                    _(
                        "the image cuts into {grid} tiles (limit {limit} per "
                        "tileset); use larger tiles or a smaller image"
                    ).format(grid=grid, limit=MAX_TILESET_TILES),
                    shown,
                )
                grid = 0
            self.total_tiles += grid
            tile_count = tile_count or grid  # old files have no tilecount
        info = _TilesetInfo(
            index=index,
            name=node.get("name", label),
            first_gid=first_gid,
            span=tile_count,
            node=node,
            source=tsx,
            base=base,
            tile_ids=set(),
            collection=image is None,
            alignment=node.get("objectalignment", "unspecified"),
            properties=props,
        )
        if info.alignment not in _ALIGNMENTS:
            self.problem(
                place,
                _("unknown object alignment {alignment!r}").format(alignment=info.alignment),
                shown,
            )
        for tile in node.findall("tile"):
            self.tile(info, tile, place, shown, tile_count)
        if info.tile_ids:
            info.span = max(info.span, max(info.tile_ids) + 1)
        self.tilesets.append(info)

    @staticmethod
    def grid_count(node: Element, image: Element) -> int:
        """Tiles in a tileset image, counted the way Tiled and pytmx cut it."""
        tw, th = _int(node.get("tilewidth")) or 0, _int(node.get("tileheight")) or 0
        iw, ih = _int(image.get("width")) or 0, _int(image.get("height")) or 0
        spacing, margin = _int(node.get("spacing")) or 0, _int(node.get("margin")) or 0
        if tw < 1 or th < 1:
            return 0
        columns = max(0, (iw - 2 * margin + spacing) // (tw + spacing))
        rows = max(0, (ih - 2 * margin + spacing) // (th + spacing))
        return columns * rows

    def image(self, image: Element, place: str, base: Path, shown: str) -> bool:
        """Check an image reference; True when its declared size is usable."""
        source = image.get("source")
        if not source:
            self.problem(place, _("image has no source file"), shown)
            return False
        sized = True
        for key in ("width", "height"):
            raw = image.get(key)
            if raw is None:
                self.problem(
                    place,
                    _(
                        "image {source!r} has no {key} attribute (pytmx needs the image size; "
                        "re-save the tileset in Tiled 1.10+)"
                    ).format(source=source, key=key),
                    shown,
                )
                sized = False
            elif _int(raw) is None or int(raw) < 1:
                self.problem(
                    place,
                    _("image {source!r} {key}={raw!r} is not a positive integer").format(
                        source=source, key=key, raw=raw
                    ),
                    shown,
                )
                sized = False
            elif int(raw) > MAX_IMAGE_PIXELS:
                self.problem(
                    place,
                    _(
                        "image {source!r} declares {key}={raw}, too large (limit "
                        "{limit} pixels a side)"
                    ).format(source=source, key=key, raw=raw, limit=MAX_IMAGE_PIXELS),
                    shown,
                )
                sized = False
        self.image_file(base / source, source, place, shown)
        return sized

    def image_file(self, path: Path, source: str, place: str, shown: str | None = None) -> None:
        try:
            found = path.is_file()
        except OSError:
            found = False
        if found:
            return
        why = _(" not found")
        try:
            os.stat(path)
        except FileNotFoundError:
            pass
        except OSError as exc:
            why = f": {os_problem(exc)}"
        self.problem(
            place,
            _("image file {source!r}{why} (looked for {path})").format(
                source=source, why=why, path=path
            ),
            shown,
        )

    def tile(
        self, info: _TilesetInfo, tile: Element, place: str, shown: str, tile_count: int
    ) -> None:
        tile_id = _int(tile.get("id"))
        if tile_id is None or tile_id < 0:
            self.problem(place, _("tile with bad id {id!r}").format(id=tile.get("id")), shown)
            return
        where = f"{place} tile {tile_id}"
        self.attrs(tile, where, shown)
        if not info.collection and tile_count and tile_id >= tile_count:
            self.problem(
                where,
                _("tile id is outside the tileset ({tile_count} tiles)").format(
                    tile_count=tile_count
                ),
                shown,
            )
        info.tile_ids.add(tile_id)
        info.tile_props[tile_id] = self.properties(tile, where, None, shown)
        info.tile_kinds[tile_id] = tile.get("class") or tile.get("type") or ""
        image = tile.find("image")
        if image is not None:
            self.image(image, where, info.base, shown)
            if tile.get("width") is not None and tile.get("height") is not None:
                sub = [_int(tile.get(key, "0")) for key in ("x", "y", "width", "height")]
                if any(v is None or v < 0 for v in sub):
                    self.problem(
                        where, _("tile sub-rectangle must be whole, non-negative numbers"), shown
                    )
                else:
                    info.sub_rects[tile_id] = tuple(sub)  # type: ignore[assignment]
        elif info.collection:
            self.problem(where, _("a tile of an image-collection tileset has no image"), shown)
        animation = tile.find("animation")
        if animation is not None:
            for frame in animation.findall("frame"):
                for key in ("tileid", "duration"):
                    if _int(frame.get(key)) is None:
                        self.problem(
                            where,
                            _("animation frame needs a whole-number {key}").format(key=key),
                            shown,
                        )
        for group in tile.findall("objectgroup"):
            self.attrs(group, f"{where} collision shapes", shown)
            self.properties(group, f"{where} collision shapes", "objectgroup", shown)
            for obj in group.findall("object"):
                obj_place = f"{where} collision object {obj.get('id', '?')}"
                self.shape(obj, obj_place, shown)
                self.properties(obj, obj_place, "object", shown)

    def check_gid_ranges(self) -> None:
        ordered = sorted(self.tilesets, key=lambda t: t.first_gid)
        for before, after in zip(ordered, ordered[1:], strict=False):
            if before.first_gid + before.span > after.first_gid:
                self.problem(
                    f"tileset {after.name!r}",
                    _(
                        "firstgid {first_gid} overlaps tileset {name!r} (gids {first}..{last})"
                    ).format(
                        first_gid=after.first_gid,
                        name=before.name,
                        first=before.first_gid,
                        last=before.first_gid + before.span - 1,
                    ),
                )

    def tileset_of(self, gid: int) -> _TilesetInfo | None:
        """The tileset a (flag-free) gid belongs to, or None."""
        best: _TilesetInfo | None = None
        for info in self.tilesets:
            if info.first_gid <= gid and (best is None or info.first_gid > best.first_gid):
                best = info
        if best is None:
            return None
        local = gid - best.first_gid
        if best.collection:
            return best if local in best.tile_ids else None
        return best if local < best.span else None

    # -- layers

    def layers(self, parent: Element, prefix: str) -> None:
        for node in parent:
            if node.tag not in ("layer", "objectgroup", "imagelayer", "group"):
                continue
            self.layer_count += 1
            if self.layer_count > MAX_LAYERS:
                if self.layer_count == MAX_LAYERS + 1:
                    self.problem(
                        "map", _("too many layers (limit {limit})").format(limit=MAX_LAYERS)
                    )
                continue
            name = prefix + node.get("name", "")
            kind = {"layer": "layer", "objectgroup": "object layer", "imagelayer": "image layer"}
            place = f"{kind.get(node.tag, 'group')} {name!r}"
            self.attrs(node, place)
            for key in ("offsetx", "offsety"):
                offset = _float(node.get(key, "0"))
                if offset:
                    self.problem(
                        place,
                        _(
                            "layer offsets are not supported (the rules would not see the shift); "
                            "set the offset to 0 and move the content instead"
                        ),
                    )
                    break
            self.properties(node, place, node.tag)
            if node.tag == "layer":
                self.tile_layer(node, place)
            elif node.tag == "objectgroup":
                for obj in node.findall("object"):
                    self.map_object(obj, place)
            elif node.tag == "imagelayer":
                image = node.find("image")
                if image is None or not image.get("source"):
                    self.problem(place, _("image layer without an image (pytmx cannot read it)"))
                else:
                    source = image.get("source", "")
                    self.image_file(self.path.parent / source, source, place)
            else:
                self.layers(node, name + "/")

    def tile_layer(self, node: Element, place: str) -> None:
        if self.too_many_cells:
            return
        width = self.number(node, "width", place, low=1, high=MAX_MAP_CELLS)
        height = self.number(node, "height", place, low=1, high=MAX_MAP_CELLS)
        if (width, height) != (self.width, self.height) and self.width and self.height:
            self.problem(
                place,
                _("layer is {width}x{height} but the map is {width2}x{height2}").format(
                    width=width, height=height, width2=self.width, height2=self.height
                ),
            )
            return
        data = node.find("data")
        if data is None:
            self.problem(place, _("layer has no <data>"))
            return
        if data.find("chunk") is not None:
            self.problem(place, _("layer data in chunks (infinite map) is not supported"))
            return
        gids = self.layer_gids(data, place, width * height)
        if gids is None:
            return
        if len(gids) != width * height:
            self.problem(
                place,
                _("layer data has {count} tiles, expected {total}").format(
                    count=len(gids), total=width * height
                ),
            )
            return
        unknown: dict[int, Cell] = {}
        known: set[int] = {0}
        rotated: list[Cell] = []
        for i, raw in enumerate(gids):
            if raw & _HEX_ROTATE_120:
                rotated.append((i % width, i // width))
            gid = raw & ~_GID_FLAGS
            if self.tileset_failed or gid in known or gid in unknown:
                continue
            if self.tileset_of(gid) is None:
                unknown[gid] = (i % width, i // width)
            else:
                known.add(gid)
        if rotated:
            cells = " ".join(f"{c},{r}" for c, r in rotated[:5]) + (
                " ..." if len(rotated) > 5 else ""
            )
            self.problem(
                place,
                ngettext(
                    "{count} tile uses Tiled's 120-degree hex rotation, which pytmx cannot "
                    "read (cells {cells}); use unrotated or flipped tiles instead",
                    "{count} tiles use Tiled's 120-degree hex rotation, which pytmx cannot "
                    "read (cells {cells}); use unrotated or flipped tiles instead",
                    len(rotated),
                ).format(count=len(rotated), cells=cells),
            )
        for gid, cell in list(unknown.items())[:10]:
            self.problem(
                f"{place} cell {cell[0]},{cell[1]}",
                _("tile gid {gid} belongs to no tileset").format(gid=gid),
            )

    def layer_gids(self, data: Element, place: str, count: int) -> list[int] | None:
        encoding = data.get("encoding")
        compression = data.get("compression")
        text = (data.text or "").strip()
        if encoding is None:
            self.problem(
                place,
                _(
                    "layer data stored as XML <tile> elements is not supported (pytmx "
                    "cannot read it); use CSV or Base64 layer format"
                ),
            )
            return None
        if encoding == "csv":
            if compression:
                self.problem(
                    place,
                    _("CSV layer data cannot be compressed ({compression!r})").format(
                        compression=compression
                    ),
                )
                return None
            gids: list[int] = []
            for item in text.split(","):
                value = _int(item)
                if value is None or value < 0 or value > 0xFFFFFFFF:
                    self.problem(
                        place,
                        _("layer data holds {item!r}, not a tile gid").format(item=item.strip()),
                    )
                    return None
                gids.append(value)
            return gids
        if encoding != "base64":
            self.problem(place, _("unknown layer encoding {encoding!r}").format(encoding=encoding))
            return None
        try:
            raw = base64.b64decode(text)
        except (binascii.Error, ValueError):
            self.problem(place, _("layer data is not valid Base64"))
            return None
        expected = count * 4
        if compression in ("zlib", "gzip"):
            wbits = zlib.MAX_WBITS | (16 if compression == "gzip" else 0)
            inflater = zlib.decompressobj(wbits)
            try:
                raw_out = inflater.decompress(raw, expected + 1)
            except zlib.error:
                self.problem(
                    place,
                    _("layer data is not valid {compression} data").format(compression=compression),
                )
                return None
            if len(raw_out) > expected or not inflater.eof or inflater.unused_data:
                self.problem(
                    place, _("layer data does not unpack to {count} tiles").format(count=count)
                )
                return None
            raw = raw_out
        elif compression:
            self.problem(
                place,
                _(
                    "layer compression {compression!r} is not supported (pytmx reads only "
                    "zlib and gzip); pick another compression in Map > Map Properties"
                ).format(compression=compression),
            )
            return None
        if len(raw) != expected:
            self.problem(
                place,
                _("layer data holds {total} tiles, expected {count}").format(
                    total=len(raw) // 4, count=count
                ),
            )
            return None
        return [int.from_bytes(raw[i : i + 4], "little") for i in range(0, expected, 4)]

    # -- objects

    def shape(self, obj: Element, place: str, shown: str | None = None) -> None:
        """Attribute and point checks shared by map objects and tile collision shapes."""
        self.attrs(obj, place, shown)
        for tag in ("polygon", "polyline"):
            poly = obj.find(tag)
            if poly is None:
                continue
            points = (poly.get("points") or "").split()
            if not points:
                self.problem(place, _("{tag} has no points").format(tag=tag), shown)
            if len(points) > MAX_POINTS:
                self.problem(
                    place,
                    _("{tag} has too many points (limit {limit})").format(
                        tag=tag, limit=MAX_POINTS
                    ),
                    shown,
                )
                continue
            for point in points:
                parts = point.split(",")
                if len(parts) != 2 or any(_float(p) is None for p in parts):
                    self.problem(
                        place,
                        _("{tag} point {point!r} is not 'x,y'").format(tag=tag, point=point),
                        shown,
                    )
                    break

    def map_object(self, obj: Element, layer_place: str) -> None:
        self.object_count += 1
        if self.object_count > MAX_OBJECTS:
            return
        label = obj.get("name")
        place = " ".join(
            part for part in ("object", obj.get("id", ""), repr(label) if label else "") if part
        )
        if obj.get("template") is not None:
            self.problem(
                place,
                _(
                    "uses the object template {template!r}; pytmx does not read templates, so "
                    "detach it in Tiled (right-click > Detach Template)"
                ).format(template=obj.get("template")),
            )
        self.shape(obj, place)
        if obj.get("id") is None:
            self.problem(place, _("object has no id; re-save the map in a current Tiled"))
        self.properties(obj, place, "object")
        raw_gid = _int(obj.get("gid"))
        if raw_gid:
            if raw_gid & _HEX_ROTATE_120:
                self.problem(
                    place,
                    _("tile object uses the 120-degree hex rotation, which pytmx cannot read"),
                )
            gid = raw_gid & ~_GID_FLAGS
            if self.tileset_of(gid) is None and not self.tileset_failed:
                self.problem(
                    place, _("tile object gid {gid} belongs to no tileset").format(gid=gid)
                )


# -- step 3: conversion -----------------------------------------------------------------------


def _rotate(point: Point, origin: Point, degrees: float) -> Point:
    if not degrees:
        return point
    rad = math.radians(degrees)
    c, s = math.cos(rad), math.sin(rad)
    dx, dy = point[0] - origin[0], point[1] - origin[1]
    return origin[0] + c * dx - s * dy, origin[1] + s * dx + c * dy


def _polygon_centre(points: tuple[Point, ...], closed: bool) -> Point:
    n = len(points)
    if closed and n >= 3:
        area = cx = cy = 0.0
        for i in range(n):
            x0, y0 = points[i]
            x1, y1 = points[(i + 1) % n]
            cross = x0 * y1 - x1 * y0
            area += cross
            cx += (x0 + x1) * cross
            cy += (y0 + y1) * cross
        if abs(area) > 1e-9:
            return cx / (3 * area), cy / (3 * area)
    return sum(p[0] for p in points) / n, sum(p[1] for p in points) / n


class _Builder:
    """Step 3: turns the checked XML plus pytmx's gid mapping into a Board."""

    def __init__(self, inspector: _Inspector, tmx: Any, path: Path):
        self.ins = inspector
        self.tmx = tmx
        self.path = path
        self.root = inspector.root
        # pytmx gid -> (tiled gid, flip flags)
        self.reverse: dict[int, tuple[int, Any]] = {}
        for (tiled_gid, flags), entry in tmx.imagemap.items():
            if tiled_gid:  # the (0, 0) entry maps "no tile" to 0, not to a (gid, flags) pair
                self.reverse[entry[0]] = (tiled_gid, flags)
        self.tile_cache: dict[int, Tile] = {}
        self.hexagonal = self.root.get("orientation", "orthogonal") == "hexagonal"
        self._hex_cell: Callable[[float, float], Cell | None] | None = None

    def pixel_to_cell(self, x: float, y: float) -> Cell | None:
        if not self.hexagonal:
            return self._ortho_cell(x, y)
        if self._hex_cell is None:  # built on the first object: large grids take a while
            root = self.root
            self._hex_cell = _hex_grid(
                self.ins.width,
                self.ins.height,
                root.get("staggeraxis", "y"),
                root.get("staggerindex", "odd"),
                int(root.get("tilewidth", "2")),
                int(root.get("tileheight", "2")),
                int(root.get("hexsidelength", "0")),
            ).pixel_to_cell
        return self._hex_cell(x, y)

    def _ortho_cell(self, x: float, y: float) -> Cell | None:
        col = math.floor(x / int(self.root.get("tilewidth", "1")))
        row = math.floor(y / int(self.root.get("tileheight", "1")))
        if 0 <= col < self.ins.width and 0 <= row < self.ins.height:
            return col, row
        return None

    def tile_ref(self, pytmx_gid: int, tiled_gid: int, flags: Any) -> TileRef | None:
        info = self.ins.tileset_of(tiled_gid)
        if info is None:
            return None
        images = self.tmx.images
        loaded = images[pytmx_gid] if 0 <= pytmx_gid < len(images) else None
        if not loaded:
            return None
        filename, rect, _flags = loaded
        rect_tuple = tuple(int(v) for v in rect) if rect else None
        if info.collection:
            rect_tuple = info.sub_rects.get(tiled_gid - info.first_gid)
        return TileRef(
            image=os.path.normpath(os.path.abspath(filename)),
            rect=rect_tuple,  # type: ignore[arg-type]
            tileset=info.name,
            tile_id=tiled_gid - info.first_gid,
            flipped_h=bool(flags[0]) if flags else False,
            flipped_v=bool(flags[1]) if flags else False,
            flipped_d=bool(flags[2]) if flags else False,
        )

    def tile(self, pytmx_gid: int) -> Tile | None:
        if not pytmx_gid:
            return None
        cached = self.tile_cache.get(pytmx_gid)
        if cached is not None:
            return cached
        tiled_gid, flags = self.reverse[pytmx_gid]
        info = self.ins.tileset_of(tiled_gid)
        if info is None:  # the inspector refuses unknown gids, so this is a loader bug
            raise ValueError(
                _("tile gid {tiled_gid} belongs to no tileset").format(tiled_gid=tiled_gid)
            )
        local = tiled_gid - info.first_gid
        tile = Tile(
            properties=dict(info.tile_props.get(local, {})),
            ref=self.tile_ref(pytmx_gid, tiled_gid, flags),
            kind=info.tile_kinds.get(local, ""),
        )
        self.tile_cache[pytmx_gid] = tile
        return tile

    def build(self) -> Board:
        root = self.root
        tmx = self.tmx
        layer_nodes = [n for n in root.iter("layer")]
        pytmx_layers = [layer for layer in tmx.layers if isinstance(layer, _pytmx().TiledTileLayer)]
        by_node = {id(node): layer for node, layer in zip(layer_nodes, pytmx_layers, strict=True)}

        tile_layers: list[TileLayer] = []
        image_layers: list[ImageLayer] = []
        objects: list[MapObject] = []
        object_layers: list[str] = []

        def walk(parent: Element, prefix: str, visible: bool) -> None:
            for node in parent:
                if node.tag not in ("layer", "objectgroup", "imagelayer", "group"):
                    continue
                name = prefix + node.get("name", "")
                shown_visible = visible and node.get("visible", "1") != "0"
                opacity = _float(node.get("opacity", "1")) or 0.0
                props = self.ins.properties(node, "", node.tag)
                if node.tag == "layer":
                    data = by_node[id(node)].data
                    tiles = tuple(tuple(self.tile(gid) for gid in row) for row in data)
                    tile_layers.append(TileLayer(name, props, tiles, shown_visible, opacity))
                elif node.tag == "objectgroup":
                    object_layers.append(name)
                    for obj in node.findall("object"):
                        objects.append(self.map_object(obj, name, shown_visible))
                elif node.tag == "imagelayer":
                    image = node.find("image")
                    source = image.get("source", "") if image is not None else ""
                    path = os.path.normpath(os.path.abspath(self.path.parent / source))
                    image_layers.append(ImageLayer(name, path, props, shown_visible, opacity))
                else:
                    walk(node, name + "/", shown_visible)

        walk(root, "", True)
        orientation = root.get("orientation", "orthogonal")
        hexagonal = orientation == "hexagonal"
        return Board(
            path=self.ins.shown,
            orientation=orientation,
            width=self.ins.width,
            height=self.ins.height,
            tile_width=int(root.get("tilewidth", "0")),
            tile_height=int(root.get("tileheight", "0")),
            hex_side_length=int(root.get("hexsidelength", "0")) if hexagonal else 0,
            stagger_axis=root.get("staggeraxis") if hexagonal else None,
            stagger_index=root.get("staggerindex") if hexagonal else None,
            properties=self.ins.properties(root, "", "map"),
            tile_layers=tuple(tile_layers),
            objects=tuple(objects),
            object_layers=tuple(object_layers),
            tilesets=tuple(self.tileset(info) for info in self.ins.tilesets),
            image_layers=tuple(image_layers),
            tiled_version=root.get("tiledversion", ""),
        )

    def tileset(self, info: _TilesetInfo) -> Tileset:
        node = info.node
        image = node.find("image")
        path = None
        if image is not None:
            path = os.path.normpath(os.path.abspath(info.base / image.get("source", "")))
        return Tileset(
            name=info.name,
            first_gid=info.first_gid,
            tile_width=int(node.get("tilewidth", "0")),
            tile_height=int(node.get("tileheight", "0")),
            columns=int(node.get("columns", "0")),
            tile_count=int(node.get("tilecount", str(len(info.tile_ids)))),
            image=path,
            image_width=int(image.get("width", "0")) if image is not None else 0,
            image_height=int(image.get("height", "0")) if image is not None else 0,
            spacing=int(node.get("spacing", "0")),
            margin=int(node.get("margin", "0")),
            source=str(info.source) if info.source else None,
            properties=dict(info.properties),
        )

    def map_object(self, obj: Element, layer: str, layer_visible: bool) -> MapObject:
        x = _float(obj.get("x", "0")) or 0.0
        y = _float(obj.get("y", "0")) or 0.0
        width = _float(obj.get("width", "0")) or 0.0
        height = _float(obj.get("height", "0")) or 0.0
        rotation = _float(obj.get("rotation", "0")) or 0.0
        kind = obj.get("type") or obj.get("class") or ""
        properties: dict[str, PropertyValue] = {}
        tile_ref: TileRef | None = None
        points: tuple[Point, ...] = ()
        raw_gid = _int(obj.get("gid")) or 0
        if raw_gid:
            shape = "tile"
            core = _pytmx()
            tiled_gid, flags = core.decode_gid(raw_gid)
            info = self.ins.tileset_of(tiled_gid)
            if info is not None:
                local = tiled_gid - info.first_gid
                properties.update(info.tile_props.get(local, {}))
                kind = kind or info.tile_kinds.get(local, "")
            entry = self.tmx.imagemap.get((tiled_gid, flags))
            if entry is not None:
                tile_ref = self.tile_ref(entry[0], tiled_gid, flags)
            # Tiled anchors tile objects at their bottom-left corner unless the tileset says
            # otherwise; rotation turns the picture about that anchor
            ax, ay = _ALIGNMENTS.get(info.alignment if info else "", (0.0, 1.0))
            middle = (x + (0.5 - ax) * width, y + (0.5 - ay) * height)
            centre = _rotate(middle, (x, y), rotation)
        elif obj.find("point") is not None:
            shape = "point"
            centre = (x, y)
        elif obj.find("polygon") is not None or obj.find("polyline") is not None:
            closed = obj.find("polygon") is not None
            shape = "polygon" if closed else "polyline"
            poly = obj.find(shape)
            assert poly is not None
            raw_points = [p.split(",") for p in (poly.get("points") or "").split()]
            points = tuple(
                _rotate((x + float(px), y + float(py)), (x, y), rotation) for px, py in raw_points
            )
            centre = _polygon_centre(points, closed) if points else (x, y)
        else:
            shape = "ellipse" if obj.find("ellipse") is not None else "rect"
            if obj.find("text") is not None:
                shape = "text"
            centre = _rotate((x + width / 2, y + height / 2), (x, y), rotation)
        properties.update(self.ins.properties(obj, "", "object"))
        return MapObject(
            id=_int(obj.get("id")) or 0,
            kind=kind,
            name=obj.get("name", ""),
            shape=shape,
            x=x,
            y=y,
            width=width,
            height=height,
            rotation=rotation,
            points=points,
            centre=centre,
            cell=self.pixel_to_cell(*centre),
            properties=properties,
            layer=layer,
            tile=tile_ref,
            visible=layer_visible and obj.get("visible", "1") != "0",
        )


# -- the entry point --------------------------------------------------------------------------


def load_board(path: str | Path) -> Board:
    """Load a Tiled map as a :class:`Board`.

    Raises :class:`ContentError` with every problem found in the map and its tilesets, each
    naming the file and the place (map, tileset, layer, object, property).
    """
    path = Path(path)
    shown = display_path(path)
    if path.is_dir():
        raise ContentError([Problem(shown, "", _("is a folder, not a .tmx map"))])
    root, problems = _parse_xml(path, shown)
    if root is None:
        raise ContentError(problems)
    real = real_path(path)
    inspector = _Inspector(real, shown, root)
    inspector.inspect()
    if inspector.problems:
        raise ContentError(list(dict.fromkeys(inspector.problems)))
    core = _pytmx()
    try:
        tmx = core.TiledMap(str(real))
    except Exception as exc:  # pytmx raises bare Exception; the inspector should prevent it
        raise ContentError(
            [Problem(shown, "", _("pytmx could not read the map: {exc}").format(exc=exc))]
        ) from None
    try:
        return _Builder(inspector, tmx, real).build()
    except Exception as exc:  # a gap in the inspector: still a message, never a traceback
        raise ContentError(
            [
                Problem(
                    shown,
                    "",
                    _("could not convert the map: {name}: {exc}").format(
                        name=type(exc).__name__, exc=exc
                    ),
                )
            ]
        ) from None
