"""Zoom and pan of a board drawn inside a panel (the maths; only :func:`draw_badge` draws).

A board is ``content`` units wide and high (map pixels, city units). At zoom 1 it fits the
panel, centred; at zoom ``z`` it is ``z`` times larger and the panel shows part of it. The
zoom keeps the board's point at the panel's centre (``centre``, in content units) and clamps
it so the board never leaves the panel: a board larger than the panel always covers it, a
smaller one stays centred. Views map screen points through :meth:`BoardZoom.to_content` and
draw through :meth:`BoardZoom.to_screen`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from riotsim.i18n import _, format_number

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # left, top, width, height

MIN_ZOOM = 1.0
MAX_ZOOM = 4.0
STEP = 1.25  # one wheel notch or one +/- key
KEY_PAN = 0.15  # an arrow key pans this share of the panel
DRAG_SLOP = 4  # pixels a pressed pointer moves before it drags


class BoardZoom:
    """The zoom level and the board point at the panel's centre, with pointer drags."""

    def __init__(self, max_zoom: float = MAX_ZOOM):
        self.max_zoom = max_zoom
        self.level = 1.0
        self.centre: Point | None = None  # None: the board's own centre
        self.panel: Box = (0.0, 0.0, 1.0, 1.0)
        self.content: Point = (1.0, 1.0)
        self._press: tuple[Point, int] | None = None  # where a drag button went down
        self.dragged = False

    # -- layout ------------------------------------------------------------------------------
    def fit(self, panel: Sequence[float], content: Point) -> None:
        """The panel (left, top, width, height) and the board's size (kept zoom and centre,
        clamped again)."""
        left, top, w, h = (float(v) for v in panel)
        self.panel = (left, top, w, h)
        self.content = (max(1e-9, float(content[0])), max(1e-9, float(content[1])))
        self._clamp()

    @property
    def fit_scale(self) -> float:
        _, _, w, h = self.panel
        return min(w / self.content[0], h / self.content[1])

    @property
    def scale(self) -> float:
        """Screen pixels per content unit."""
        return self.fit_scale * self.level

    @property
    def zoomed(self) -> bool:
        return self.level > MIN_ZOOM + 1e-9

    def _centre(self) -> Point:
        return self.centre or (self.content[0] / 2, self.content[1] / 2)

    @property
    def origin(self) -> Point:
        """Where the board's (0, 0) lies on screen."""
        left, top, w, h = self.panel
        cx, cy = self._centre()
        s = self.scale
        return left + w / 2 - cx * s, top + h / 2 - cy * s

    def to_screen(self, p: Point) -> Point:
        ox, oy = self.origin
        s = self.scale
        return ox + p[0] * s, oy + p[1] * s

    def to_content(self, pos: Point) -> Point:
        ox, oy = self.origin
        s = self.scale
        return (pos[0] - ox) / s, (pos[1] - oy) / s

    def board_box(self) -> Box:
        """The whole board on screen (larger than the panel once zoomed in)."""
        ox, oy = self.origin
        return ox, oy, self.content[0] * self.scale, self.content[1] * self.scale

    def inside(self, pos: Point) -> bool:
        left, top, w, h = self.panel
        return left <= pos[0] < left + w and top <= pos[1] < top + h

    # -- changes -----------------------------------------------------------------------------
    def _clamp(self) -> None:
        self.level = min(self.max_zoom, max(MIN_ZOOM, self.level))
        if not self.zoomed:
            self.centre = None
            return
        _, _, w, h = self.panel
        s = self.scale
        cx, cy = self._centre()
        out = []
        for c, size, view in ((cx, self.content[0], w), (cy, self.content[1], h)):
            half = view / 2 / s
            out.append(size / 2 if size * s <= view else min(size - half, max(half, c)))
        self.centre = (out[0], out[1])

    def zoom_at(self, factor: float, pos: Point | None = None) -> bool:
        """Zoom by ``factor`` keeping the board point under ``pos`` (default: the panel's
        centre) where it is. False when the zoom was already at its limit."""
        before = self.level
        left, top, w, h = self.panel
        pos = pos if pos is not None else (left + w / 2, top + h / 2)
        p = self.to_content(pos)
        self.level = min(self.max_zoom, max(MIN_ZOOM, self.level * factor))
        s = self.scale
        # the point p stays at pos: centre = p + (panel centre - pos) / s
        self.centre = (p[0] + (left + w / 2 - pos[0]) / s, p[1] + (top + h / 2 - pos[1]) / s)
        self._clamp()
        return abs(self.level - before) > 1e-9

    def reset(self) -> None:
        self.level, self.centre = 1.0, None

    def pan(self, dx: float, dy: float) -> None:
        """Move the board by (dx, dy) screen pixels (clamped)."""
        if not self.zoomed:
            return
        cx, cy = self._centre()
        self.centre = (cx - dx / self.scale, cy - dy / self.scale)
        self._clamp()

    def pan_key(self, direction: Point) -> bool:
        """An arrow key: show more of the board that way (False when not zoomed in)."""
        if not self.zoomed:
            return False
        _, _, w, h = self.panel
        self.pan(-direction[0] * w * KEY_PAN, -direction[1] * h * KEY_PAN)
        return True

    def show(self, pos: Point, margin: float) -> None:
        """Pan just enough that the screen point ``pos`` lies ``margin`` inside the panel."""
        left, top, w, h = self.panel
        dx = dy = 0.0
        if pos[0] < left + margin:
            dx = left + margin - pos[0]
        elif pos[0] > left + w - margin:
            dx = left + w - margin - pos[0]
        if pos[1] < top + margin:
            dy = top + margin - pos[1]
        elif pos[1] > top + h - margin:
            dy = top + h - margin - pos[1]
        if dx or dy:
            self.pan(dx, dy)

    # -- input -------------------------------------------------------------------------------
    def key(self, key: str) -> bool:
        """+ / - zoom about the panel's centre, 0 fits the board. True if the key was ours."""
        if key in ("+", "=", "[+]", "plus", "keypad +"):
            self.zoom_at(STEP)
        elif key in ("-", "[-]", "minus", "keypad -"):
            self.zoom_at(1 / STEP)
        elif key in ("0", "[0]", "keypad 0"):
            self.reset()
        else:
            return False
        return True

    def wheel(self, pos: Point, dy: float) -> bool:
        """A wheel turn over the panel zooms about the pointer (False: not over the panel)."""
        if not self.inside(pos) or not dy:
            return False
        self.zoom_at(STEP if dy > 0 else 1 / STEP, pos)
        return True

    def press(self, pos: Point, button: int) -> bool:
        """A right or middle button down over the panel may start a drag (True: middle, which
        does nothing else; a right press is still a click if it is released unmoved)."""
        if button not in (2, 3) or not self.inside(pos):
            return False
        self._press = (pos, button)
        self.dragged = False
        return button == 2

    def motion(self, pos: Point) -> bool:
        """The pointer moved: pans while a drag button is held (True: the board panned)."""
        if self._press is None:
            return False
        (x0, y0), button = self._press
        dx, dy = pos[0] - x0, pos[1] - y0
        if not self.dragged and abs(dx) + abs(dy) < DRAG_SLOP:
            return False
        self.dragged = True
        self.pan(dx, dy)
        self._press = (pos, button)
        return True

    def release(self) -> bool:
        """The drag button came up. True when it had dragged (so it was no click)."""
        dragged = self._press is not None and self.dragged
        self._press = None
        self.dragged = False
        return dragged

    @property
    def holding(self) -> int | None:
        """The drag button held down now (None: none)."""
        return self._press[1] if self._press is not None else None


def badge_text(zoom: BoardZoom) -> str:
    """What the corner badge of a zoomed-in board says ('' at zoom 1)."""
    return (
        _("Zoom x{level}  -  0 fits the board").format(level=format_number(zoom.level, 1))
        if zoom.zoomed
        else ""
    )


def draw_badge(surface: Any, theme: Any, zoom: BoardZoom) -> None:
    """The zoom level in the board panel's bottom-right corner, once zoomed in."""
    text = badge_text(zoom)
    if not text:
        return
    from riotsim.ui import draw
    from riotsim.ui import theme as T

    font = theme.fonts.get(12, "Medium")
    img = font.render(text, True, T.TEXT)
    box = img.get_rect().inflate(theme.px(12), theme.px(6))
    left, top, w, h = zoom.panel
    box.bottomright = (round(left + w) - theme.px(6), round(top + h) - theme.px(6))
    draw.rounded_rect(surface, box, (14, 17, 24, 215), theme.px(5), T.LINE, 1)
    surface.blit(img, img.get_rect(center=box.center))
