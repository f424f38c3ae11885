"""Drawing a Riot Quest arena from its Tiled tiles, and mapping screen points to hexes.

The arena (``riotsim.games.riotquest.arena.Arena``) gives the hex grid, terrain and features;
the Tiled board (``riotsim.core.tiled.load_board``) gives each cell's tile image and source
rectangle. Arenas that come from positions (tests, bug reports) have no tiles: their hexes are
painted in flat terrain colours instead. The whole map is rendered once at its native pixel
size and scaled to the space the view gives it.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pygame

from riotsim.paths import maps_dir
from riotsim.ui.views.zoom import BoardZoom

Cell = tuple[int, int]
Point = tuple[float, float]

TERRAIN_COLOURS = {
    "open": (104, 116, 132),
    "obstacle": (150, 122, 70),
    "barrier": (60, 62, 80),
    "void": (18, 20, 30),
}
GATE_COLOUR = (64, 156, 255)
BEACON_COLOUR = (242, 190, 64)
CENTRE_COLOUR = (232, 72, 60)


class TileSource:
    """One cell's tile: the tileset image file and the source rectangle inside it."""

    __slots__ = ("image", "rect")

    def __init__(self, image: Path, rect: tuple[int, int, int, int]):
        self.image = Path(image)
        self.rect = tuple(int(v) for v in rect)


def tiles_from_board(board: Any) -> dict[Cell, TileSource]:
    """Every drawable cell of a loaded Tiled board (first tile layer that has one wins)."""
    out: dict[Cell, TileSource] = {}
    layers = _get(board, "layers") or _get(board, "tile_layers") or []
    for layer in layers:
        refs = _get(layer, "tiles") or _get(layer, "refs")
        if refs is None:
            continue
        for row, line in enumerate(refs):
            for col, ref in enumerate(line):
                if ref is None or (col, row) in out:
                    continue
                ref = _get(ref, "ref") or ref  # a Tile carries its picture as .ref
                image = _get(ref, "image") or _get(ref, "image_path") or _get(ref, "path")
                rect = _get(ref, "rect") or _get(ref, "source_rect")
                if image is None or rect is None:
                    continue
                out[(col, row)] = TileSource(Path(image), tuple(rect))
    return out


def _get(obj: Any, key: str) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(key)
    return getattr(obj, key, None)


_IMAGES: dict[Path, pygame.Surface | None] = {}


def _image(path: Path) -> pygame.Surface | None:
    if path not in _IMAGES:
        try:
            img = pygame.image.load(str(path))
            # no display mode yet (headless tests): keep the image as loaded
            with contextlib.suppress(pygame.error):
                img = img.convert_alpha()
            _IMAGES[path] = img
        except (pygame.error, FileNotFoundError, OSError):
            _IMAGES[path] = None
    return _IMAGES[path]


class ArenaPainter:
    """The arena's picture and the transform between map pixels and screen pixels."""

    def __init__(self, arena: Any, tiles: Mapping[Cell, TileSource] | None = None):
        self.arena = arena
        self.grid = arena.grid
        self.tiles = dict(tiles or {})
        self.size = self.grid.map_pixel_size()
        self._base: pygame.Surface | None = None
        self._scaled: pygame.Surface | None = None
        self.scale = 1.0
        self.origin = (0.0, 0.0)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.zoom = BoardZoom()
        self._scaled_key: Any = None

    # -- layout ------------------------------------------------------------------------------
    def fit(self, rect: pygame.Rect) -> None:
        """Fit the map to ``rect`` (centred, aspect kept), then apply the zoom and pan: the
        painter's ``rect`` is the part of the map on show, inside ``rect``."""
        self.panel = pygame.Rect(rect)
        self.zoom.fit(tuple(rect), self.size)
        scale = self.zoom.scale
        if scale != self.scale:
            self._scaled = None
        self.scale = scale
        self.origin = self.zoom.origin
        left, top, w, h = self.zoom.board_box()
        board = pygame.Rect(round(left), round(top), round(w), round(h))
        self.rect = board.clip(rect) if self.zoom.zoomed else board

    def to_screen(self, cell: Cell) -> Point:
        x, y = self.grid.cell_to_pixel(cell)
        return self.origin[0] + x * self.scale, self.origin[1] + y * self.scale

    def polygon(self, cell: Cell, shrink: float = 0.0) -> list[Point]:
        """The hex outline on screen; ``shrink`` pulls the corners towards the centre."""
        cx, cy = self.grid.cell_to_pixel(cell)
        pts = []
        for x, y in self.grid.hex_polygon(cell):
            x, y = cx + (x - cx) * (1 - shrink), cy + (y - cy) * (1 - shrink)
            pts.append((self.origin[0] + x * self.scale, self.origin[1] + y * self.scale))
        return pts

    def at(self, pos: tuple[float, float]) -> Cell | None:
        """The arena cell under a screen point (None off the map or on void)."""
        if self.scale <= 0:
            return None
        if self.zoom.zoomed and not self.panel.collidepoint(pos):
            return None  # under the side panel or the bar, not the map
        x = (pos[0] - self.origin[0]) / self.scale
        y = (pos[1] - self.origin[1]) / self.scale
        cell = self.grid.pixel_to_cell(x, y)
        if cell is None or cell not in self.arena.terrain:
            return None
        return cell

    @property
    def hex_size(self) -> float:
        """Across-flats width of one hex on screen (for sizing tokens)."""
        return min(self.grid.tile_width, self.grid.tile_height) * self.scale

    # -- drawing -----------------------------------------------------------------------------
    def base(self) -> pygame.Surface:
        if self._base is None:
            self._base = self._render_base()
        return self._base

    def _render_base(self) -> pygame.Surface:
        surf = pygame.Surface(self.size, pygame.SRCALPHA)
        grid = self.grid
        terrain = self.arena.terrain
        for row in range(grid.height):
            for col in range(grid.width):
                cell = (col, row)
                src = self.tiles.get(cell)
                img = _image(src.image) if src is not None else None
                if src is not None and img is not None:
                    x, y = grid.cell_origin(cell)
                    rect = pygame.Rect(src.rect)
                    # Tiled anchors tile images at the bottom-left of the cell.
                    surf.blit(img, (x, y + grid.tile_height - rect.h), rect)
                    continue
                kind = terrain.get(cell, "void")
                pts = grid.hex_polygon(cell)
                pygame.draw.polygon(surf, TERRAIN_COLOURS[kind], pts)
                pygame.draw.polygon(surf, (40, 44, 56), pts, 1)
                if kind == "obstacle":  # hazard marking, as the rulebook's arena prints them
                    cx, cy = grid.cell_to_pixel(cell)
                    inner = [(cx + (px - cx) * 0.7, cy + (py - cy) * 0.7) for px, py in pts]
                    pygame.draw.polygon(surf, (236, 190, 40), inner, 3)
        if not self.tiles:
            self._paint_features(surf)
        return surf

    def _paint_features(self, surf: pygame.Surface) -> None:
        """Without tile art, mark gates, beacons and the centre on the flat hexes."""
        r = min(self.grid.tile_width, self.grid.tile_height) * 0.33
        for colour, cells in (
            (GATE_COLOUR, self.arena.gates.values()),
            (BEACON_COLOUR, self.arena.beacons.values()),
            (CENTRE_COLOUR, [self.arena.centre]),
        ):
            for cell in cells:
                pygame.draw.circle(surf, colour, self.grid.cell_to_pixel(cell), r, 4)

    def draw(self, surface: pygame.Surface) -> None:
        """The part of the map on show, scaled once per zoom and pan."""
        key = (tuple(self.rect), self.scale, self.origin)
        if self._scaled is None or self._scaled_key != key:
            self._scaled_key = key
            self._scaled = self._render_view()
        surface.blit(self._scaled, self.rect.topleft)

    def _render_view(self) -> pygame.Surface:
        base = self.base()
        if self.rect.size == base.get_size():
            view = base.copy()
        else:  # the map pixels under self.rect, scaled to it
            s = self.scale
            left = max(0.0, (self.rect.left - self.origin[0]) / s)
            top = max(0.0, (self.rect.top - self.origin[1]) / s)
            src = pygame.Rect(
                int(left), int(top), math.ceil(self.rect.w / s) + 1, math.ceil(self.rect.h / s) + 1
            ).clip(base.get_rect())
            part = base.subsurface(src)
            # scale the whole source pixels, then cut at the fraction where the view starts
            w, h = max(1, round(src.w * s)), max(1, round(src.h * s))
            big = pygame.transform.smoothscale(part, (w, h))
            dx, dy = round((left - src.left) * s), round((top - src.top) * s)
            view = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            view.blit(big, (-dx, -dy))
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            view = view.convert_alpha()  # the display's format blits fastest
        return view


_TILES: dict[str, dict] = {}


def arena_tiles(arena_id: str) -> dict:
    """Tile pictures of a shipped arena (empty for arenas that come from positions)."""
    if arena_id not in _TILES:
        path = maps_dir() / "riotquest" / f"{arena_id}.tmx"
        tiles: dict = {}
        if path.is_file():
            try:
                from riotsim.core.tiled import load_board

                tiles = tiles_from_board(load_board(path))
            except Exception:  # noqa: BLE001 - fall back to flat terrain colours
                tiles = {}
        _TILES[arena_id] = tiles
    return _TILES[arena_id]
