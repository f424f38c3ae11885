"""A small picture of any Tiled board (a :class:`riotsim.core.tiled.Board`) for the setup
screen: the real tile images where they can be loaded, flat terrain colours otherwise, and
the map's objects (areas, spawn points, features) on top."""

from __future__ import annotations

import math
import zlib
from functools import lru_cache
from typing import Any

import pygame

from riotsim.ui import draw
from riotsim.ui import theme as T

_TERRAIN = {
    "open": (196, 186, 160),
    "floor": (196, 186, 160),
    "obstacle": (92, 96, 108),
    "barrier": (150, 110, 70),
    "water": (86, 150, 210),
    "pit": (30, 30, 36),
}


@lru_cache(maxsize=16)
def _image(path: str) -> pygame.Surface | None:
    try:
        img = pygame.image.load(path)
        return img.convert_alpha() if pygame.display.get_surface() is not None else img
    except (pygame.error, FileNotFoundError, OSError):
        return None


def _tile_picture(tile: Any) -> pygame.Surface | None:
    ref = getattr(tile, "ref", None)
    if ref is None or not getattr(ref, "image", None):
        return None
    img = _image(str(ref.image))
    if img is None:
        return None
    if ref.rect is None:
        return img
    rect = pygame.Rect(ref.rect)
    if not img.get_rect().contains(rect):
        return None
    pic = img.subsurface(rect)
    if ref.flipped_h or ref.flipped_v:
        pic = pygame.transform.flip(pic, ref.flipped_h, ref.flipped_v)
    return pic


def _terrain_colour(tile: Any) -> tuple[int, int, int] | None:
    props = getattr(tile, "properties", {}) or {}
    for key in ("terrain", "ground"):
        value = props.get(key)
        if value == "void":
            return None
        if value in _TERRAIN:
            return _TERRAIN[value]
    return (170, 170, 160)


def _cell_origin(board: Any, col: int, row: int) -> tuple[float, float]:
    """Top-left pixel of a cell as Tiled places it (staggered rows/columns on hex maps)."""
    tw, th = board.tile_width, board.tile_height
    if board.orientation != "hexagonal":
        return col * tw, row * th
    side = board.hex_side_length
    odd = board.stagger_index == "odd"
    if board.stagger_axis == "x":
        shifted = (col % 2 == 1) == odd
        return col * (tw + side) / 2, row * th + (th / 2 if shifted else 0)
    shifted = (row % 2 == 1) == odd
    return col * tw + (tw / 2 if shifted else 0), row * (th + side) / 2


def _pixel_size(board: Any) -> tuple[int, int]:
    tw, th = board.tile_width, board.tile_height
    if board.orientation != "hexagonal":
        return board.width * tw, board.height * th
    side = board.hex_side_length
    if board.stagger_axis == "x":
        return int(board.width * (tw + side) / 2 + (tw - side) / 2), int(board.height * th + th / 2)
    return int(board.width * tw + tw / 2), int(board.height * (th + side) / 2 + (th - side) / 2)


def _hex_points(x: float, y: float, tw: float, th: float, axis: str | None):
    cx, cy = x + tw / 2, y + th / 2
    start = 0 if axis == "x" else 30
    return [
        (
            cx + tw / 2 * math.cos(math.radians(start + a)),
            cy + th / 2 * math.sin(math.radians(start + a)),
        )
        for a in range(0, 360, 60)
    ]


def render_board(board: Any, size: tuple[int, int]) -> pygame.Surface:
    """The whole board scaled to fit ``size`` (aspect kept), on a transparent surface."""
    w, h = _pixel_size(board)
    w, h = max(1, min(w, 4096)), max(1, min(h, 4096))
    full = pygame.Surface((w, h), pygame.SRCALPHA)
    tw, th = board.tile_width, board.tile_height
    for layer in getattr(board, "tile_layers", ()):
        if not getattr(layer, "visible", True):
            continue
        for row, tiles in enumerate(layer.tiles):
            for col, tile in enumerate(tiles):
                if tile is None:
                    continue
                x, y = _cell_origin(board, col, row)
                pic = _tile_picture(tile)
                if pic is not None:
                    full.blit(pic, (x, y + th - pic.get_height()))
                    continue
                colour = _terrain_colour(tile)
                if colour is None:
                    continue
                if board.orientation == "hexagonal":
                    pts = _hex_points(x, y, tw, th, board.stagger_axis)
                    pygame.draw.polygon(full, colour, pts)
                    pygame.draw.polygon(full, T.mix(colour, (0, 0, 0), 0.3), pts, 1)
                else:
                    r = pygame.Rect(int(x), int(y), tw, th)
                    pygame.draw.rect(full, colour, r)
                    pygame.draw.rect(full, T.mix(colour, (0, 0, 0), 0.3), r, 1)
    for i, obj in enumerate(getattr(board, "objects", ())):
        if not getattr(obj, "visible", True):
            continue
        colour = T.seat_colour(i)
        if obj.shape in ("polygon", "polyline") and len(obj.points) >= 2:
            pts = [(float(px), float(py)) for px, py in obj.points]
            if obj.shape == "polygon" and len(pts) >= 3:
                _translucent_polygon(full, (*colour, 70), pts)
            pygame.draw.lines(full, colour, obj.shape == "polygon", pts, max(2, w // 300))
        else:
            cx, cy = obj.centre
            r = max(3.0, min(tw, th) * 0.22)
            # one colour and shape per kind, so a spring never looks like a wall
            key = zlib.crc32(str(getattr(obj, "kind", "") or "").encode())
            marker = T.mix(T.seat_colour(key), (255, 255, 255), 0.15)
            draw.seat_marker(full, T.seat_shape(key // 7), marker, (cx, cy), r)
    scale = min(size[0] / w, size[1] / h)
    out = (max(1, int(w * scale)), max(1, int(h * scale)))
    return pygame.transform.smoothscale(full, out)


def _translucent_polygon(
    target: pygame.Surface, colour: tuple[int, int, int, int], pts: list[tuple[float, float]]
) -> None:
    """Fill a polygon with a see-through colour: drawn on a layer the size of its box only
    (a layer the size of the board per polygon made a 200-area city take a second)."""
    box = pygame.Rect(
        math.floor(min(x for x, _ in pts)),
        math.floor(min(y for _, y in pts)),
        1,
        1,
    )
    box.width = math.ceil(max(x for x, _ in pts)) - box.x + 1
    box.height = math.ceil(max(y for _, y in pts)) - box.y + 1
    box = box.clip(target.get_rect())
    if box.width < 1 or box.height < 1:
        return
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(layer, colour, [(x - box.x, y - box.y) for x, y in pts])
    target.blit(layer, box.topleft)
