"""Anti-aliased drawing helpers: rounded panels, seat markers, wrapped text.

pygame's filled shapes have hard edges, so rounded rectangles are drawn four times larger and
smoothly scaled down (cached by size and colour); polygons get an anti-aliased outline over the
fill; circles use ``pygame.draw.aacircle``.

Text is the costliest thing most frames draw, and most frames draw the same words as the one
before: rendered lines, measured widths, fitted and wrapped strings are cached by font, text
and colour (bounded caches, emptied when full). :func:`render_text` hands out a cached
surface - copy it before changing it.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from riotsim.ui import theme as T

Colour = tuple[int, ...]
_SS = 4  # supersampling factor for rounded rectangles


@lru_cache(maxsize=256)
def _corner(r: int, fill: Colour, border: Colour | None, border_w: int) -> pygame.Surface:
    """A supersampled disc of radius ``r`` (with its border ring): the four corners' source."""
    big = pygame.Surface((2 * r * _SS, 2 * r * _SS), pygame.SRCALPHA)
    centre = (r * _SS, r * _SS)
    if border is not None and border_w > 0:
        pygame.draw.circle(big, border, centre, r * _SS)
        pygame.draw.circle(big, fill, centre, max(0, (r - border_w) * _SS))
    else:
        pygame.draw.circle(big, fill, centre, r * _SS)
    return pygame.transform.smoothscale(big, (2 * r, 2 * r))


def _rounded(
    w: int, h: int, radius: int, fill: Colour, border: Colour | None, border_w: int
) -> pygame.Surface:
    # big panels get a short cache of their own, so resizing never piles up screen-sized images
    if w * h > 250_000:
        return _rounded_big(w, h, radius, fill, border, border_w)
    return _rounded_small(w, h, radius, fill, border, border_w)


def _make_rounded(
    w: int, h: int, radius: int, fill: Colour, border: Colour | None, border_w: int
) -> pygame.Surface:
    """Straight parts filled directly, only the corners supersampled (cheap at any size)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(0, min(radius, w // 2, h // 2))
    bw = border_w if border is not None else 0
    surf.fill(fill, pygame.Rect(r, 0, w - 2 * r, h))
    surf.fill(fill, pygame.Rect(0, r, w, h - 2 * r))
    if border is not None and bw:
        surf.fill(border, pygame.Rect(r, 0, w - 2 * r, bw))
        surf.fill(border, pygame.Rect(r, h - bw, w - 2 * r, bw))
        surf.fill(border, pygame.Rect(0, r, bw, h - 2 * r))
        surf.fill(border, pygame.Rect(w - bw, r, bw, h - 2 * r))
        if r == 0:
            surf.fill(border, pygame.Rect(0, 0, w, bw))
            surf.fill(border, pygame.Rect(0, h - bw, w, bw))
    if r > 0:
        corner = _corner(r, fill, border if bw else None, bw)
        add = pygame.BLEND_RGBA_ADD  # the corner squares are empty: copy, do not blend
        surf.blit(corner, (0, 0), pygame.Rect(0, 0, r, r), add)
        surf.blit(corner, (w - r, 0), pygame.Rect(r, 0, r, r), add)
        surf.blit(corner, (0, h - r), pygame.Rect(0, r, r, r), add)
        surf.blit(corner, (w - r, h - r), pygame.Rect(r, r, r, r), add)
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()  # the display's pixel format blits fastest
    return surf


_rounded_small = lru_cache(maxsize=512)(_make_rounded)
_rounded_big = lru_cache(maxsize=16)(_make_rounded)


def rounded_rect(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: Colour,
    radius: int = 8,
    border: Colour | None = None,
    border_w: int = 0,
) -> None:
    """A smooth-edged rounded rectangle (fill may carry alpha).

    In the high-contrast theme an opaque box without a border gets a white one, and every
    border is at least 2 pixels."""
    if rect.w <= 0 or rect.h <= 0:
        return
    if T.STRONG_OUTLINES:
        if border is None and all(a >= 200 for a in tuple(fill)[3:]):
            border = T.LINE
        if border is not None:
            border_w = max(2, border_w)
    surface.blit(_rounded(rect.w, rect.h, radius, tuple(fill), border, border_w), rect.topleft)


def shade(surface: pygame.Surface, alpha: int = 150, colour: tuple[int, int, int] = (0, 0, 0)):
    """Darken the whole surface (under a modal dialog or overlay)."""
    surface.blit(veil(surface.get_size(), (*colour[:3], alpha)), (0, 0))


@lru_cache(maxsize=8)
def veil(size: tuple[int, int], rgba: tuple[int, int, int, int]) -> pygame.Surface:
    """A translucent sheet of one colour (cached: a screen-sized one costs milliseconds)."""
    sheet = pygame.Surface(size, pygame.SRCALPHA)
    sheet.fill(rgba)
    return sheet


def shape_points(shape: str, centre: tuple[float, float], r: float) -> list[tuple[float, float]]:
    cx, cy = centre
    if shape == "square":
        s = r * 0.86
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "triangle":
        return [
            (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)) + r * 0.12)
            for a in (-90, 30, 150)
        ]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "hexagon":
        return [
            (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
            for a in range(0, 360, 60)
        ]
    if shape == "star":
        pts = []
        for i in range(10):
            rr = r if i % 2 == 0 else r * 0.45
            a = math.radians(-90 + i * 36)
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        return pts
    # circle: a many-sided polygon (used for hit tests); drawing uses aacircle
    return [
        (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
        for a in range(0, 360, 15)
    ]


def aa_polygon(surface: pygame.Surface, colour: Colour, points, width: int = 0) -> None:
    if width == 0:
        pygame.draw.polygon(surface, colour, points)
    pygame.draw.aalines(surface, colour, True, points)
    if width > 1:
        pygame.draw.lines(surface, colour, True, points, width)


def aa_circle(surface: pygame.Surface, colour: Colour, centre, r: float, width: int = 0) -> None:
    centre = (round(centre[0]), round(centre[1]))
    pygame.draw.aacircle(surface, colour, centre, max(1, round(r)), width)


def seat_marker(
    surface: pygame.Surface,
    shape: str,
    colour: Colour,
    centre: tuple[float, float],
    r: float,
    outline: Colour | None | str = "deep",
) -> None:
    """A seat's shape in its colour, with a thin dark outline so it reads on any background
    (``"deep"``: the theme's darkest background)."""
    if isinstance(outline, str):
        outline = T.BG_DEEP
    if shape == "circle":
        if outline is not None:
            aa_circle(surface, outline, centre, r + 1.5)
        aa_circle(surface, colour, centre, r)
        return
    if outline is not None:
        aa_polygon(surface, outline, shape_points(shape, centre, r + 2))
    aa_polygon(surface, colour, shape_points(shape, centre, r))


_CACHE_LIMIT = 4096
_rendered: dict[tuple, pygame.Surface] = {}
_sizes: dict[tuple, tuple[int, int]] = {}
_fitted: dict[tuple, str] = {}
_wrapped: dict[tuple, tuple[str, ...]] = {}


def _remember(cache: dict, key: tuple, value):
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()  # cheaper than LRU bookkeeping; a frame refills what it needs
    cache[key] = value
    return value


def clear_text_caches() -> None:
    """Forget cached text (fonts were reloaded, e.g. after ``pygame.quit()``)."""
    for cache in (_rendered, _sizes, _fitted, _wrapped):
        cache.clear()


def render_text(font: pygame.font.Font, s: str, colour: Colour) -> pygame.Surface:
    """``font.render(s, True, colour)``, cached. Do not draw on the result: it is shared."""
    key = (font, s, tuple(colour))
    img = _rendered.get(key)
    if img is None:
        img = _remember(_rendered, key, font.render(s, True, colour))
    return img


def text_size(font: pygame.font.Font, s: str) -> tuple[int, int]:
    """``font.size(s)``, cached."""
    key = (font, s)
    size = _sizes.get(key)
    if size is None:
        size = _remember(_sizes, key, font.size(s))
    return size


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Split text into lines that fit ``width`` pixels (hard line breaks kept)."""
    key = (font, text, width)
    lines = _wrapped.get(key)
    if lines is None:
        lines = _remember(_wrapped, key, tuple(_wrap(text, font, width)))
    return list(lines)


def _wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = word if not line else line + " " + word
            if font.size(trial)[0] <= width or not line:
                line = trial
                # a single word wider than the line: cut it
                while font.size(line)[0] > width and len(line) > 1:
                    cut = len(line) - 1
                    while cut > 1 and font.size(line[:cut])[0] > width:
                        cut -= 1
                    lines.append(line[:cut])
                    line = line[cut:]
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit(text: str, font: pygame.font.Font, width: int) -> str:
    """``text`` shortened with an ellipsis so it fits ``width`` pixels."""
    if text_size(font, text)[0] <= width:
        return text
    key = (font, text, width)
    done = _fitted.get(key)
    if done is not None:
        return done
    cut = text
    while cut and font.size(cut + "...")[0] > width:
        cut = cut[:-1]
    return _remember(_fitted, key, cut + "...")


def text(
    surface: pygame.Surface,
    s: str,
    font: pygame.font.Font,
    colour: Colour,
    pos: tuple[float, float],  # (pygame takes fractional positions)
    anchor: str = "topleft",
    max_width: int | None = None,
) -> pygame.Rect:
    """Blit one line of text placed by ``anchor`` (a pygame.Rect attribute name)."""
    if max_width is not None:
        s = fit(s, font, max_width)
    img = render_text(font, s, colour)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def line_step(font: pygame.font.Font, line_gap: float = 1.25) -> int:
    return round(font.get_linesize() * line_gap / 1.15)


def block_height(s: str, font: pygame.font.Font, width: int, line_gap: float = 1.25) -> int:
    """Height :func:`text_block` needs for ``s`` at ``width``."""
    lines = wrap(s, font, width)
    return (len(lines) - 1) * line_step(font, line_gap) + font.get_height()


def text_block(
    surface: pygame.Surface,
    s: str,
    font: pygame.font.Font,
    colour: Colour,
    rect: pygame.Rect,
    align: str = "left",
    line_gap: float = 1.25,
) -> int:
    """Wrapped text inside ``rect``; returns the height used. Lines past the bottom are cut."""
    y = rect.top
    step = line_step(font, line_gap)
    for line in wrap(s, font, rect.w):
        if y + font.get_height() > rect.bottom:
            break
        img = render_text(font, line, colour)
        if align == "center":
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
        else:
            surface.blit(img, (rect.left, y))
        y += step
    return y - rect.top


def arrow(surface: pygame.Surface, colour: Colour, centre, r: float, angle_deg: float) -> None:
    """A filled arrow pointing at ``angle_deg`` (0 = up/north, clockwise)."""
    a = math.radians(angle_deg - 90)
    cx, cy = centre

    def p(dx: float, dy: float) -> tuple[float, float]:
        return (cx + dx * math.cos(a) - dy * math.sin(a), cy + dx * math.sin(a) + dy * math.cos(a))

    pts = [
        p(r, 0),
        p(0, -r * 0.7),
        p(0, -r * 0.28),
        p(-r, -r * 0.28),
        p(-r, r * 0.28),
        p(0, r * 0.28),
        p(0, r * 0.7),
    ]
    aa_polygon(surface, colour, pts)


# -- second signals: what tells overlays apart besides their colour (issue 17, A2) ----------

SIGNS: tuple[str, ...] = ("dot", "plus", "star", "cross", "check", "info", "ring", "chevron")


def sign(surface: pygame.Surface, kind: str, centre, r: float, colour: Colour) -> None:
    """A small glyph of ``kind`` (one of :data:`SIGNS`) on a dark halo, so it reads on any
    fill: overlays that differ by colour differ by this too."""
    cx, cy = centre
    w = max(2, round(r / 3))
    dark = (10, 12, 16)
    if kind == "star":
        aa_polygon(surface, dark, shape_points("star", centre, r + 2))
        aa_polygon(surface, colour, shape_points("star", centre, r))
        return
    if kind == "dot":
        aa_circle(surface, dark, centre, r * 0.55 + 2)
        aa_circle(surface, colour, centre, r * 0.55)
        return
    if kind == "ring":
        pygame.draw.circle(surface, dark, (cx, cy), r + 1, w + 2)
        pygame.draw.circle(surface, colour, (cx, cy), r, w)
        return
    for ink, width in ((dark, w + 2), (colour, w)):
        for line in _sign_lines(kind, cx, cy, r):
            pygame.draw.lines(surface, ink, False, line, width)
    if kind == "info":
        aa_circle(surface, colour, (cx, cy - r * 0.75), max(1.5, w * 0.7))


def _sign_lines(kind: str, cx: float, cy: float, r: float) -> list[list[tuple[float, float]]]:
    if kind == "plus":
        return [[(cx - r, cy), (cx + r, cy)], [(cx, cy - r), (cx, cy + r)]]
    if kind == "cross":
        k = r * 0.8
        return [[(cx - k, cy - k), (cx + k, cy + k)], [(cx - k, cy + k), (cx + k, cy - k)]]
    if kind == "check":
        return [[(cx - r, cy), (cx - r * 0.3, cy + r * 0.7), (cx + r, cy - r * 0.7)]]
    if kind == "chevron":
        return [[(cx - r * 0.7, cy - r), (cx + r * 0.5, cy), (cx - r * 0.7, cy + r)]]
    return [[(cx, cy - r * 0.3), (cx, cy + r)]]  # info: a stem under the dot


def dashed_lines(
    surface: pygame.Surface, colour, points, width: int = 2, dash: float = 8.0, closed=True
) -> None:
    """An outline in dashes (a second signal: dashed against solid)."""
    pts = [(float(x), float(y)) for x, y in points]
    if closed and pts:
        pts.append(pts[0])
    on = True
    left = dash
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        length = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while pos < length:
            step = min(left, length - pos)
            if on:
                a, b = pos / length, (pos + step) / length
                start = (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a)
                end = (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)
                pygame.draw.line(surface, colour, start, end, width)
            pos += step
            left -= step
            if left <= 0:
                on, left = not on, dash


def team_ring(surface: pygame.Surface, team: int, colour, centre, r: float, width: int) -> None:
    """A team's ring around a seat marker, drawn in the team's own style as well as its colour:
    solid, double, or dotted (teams differ by shape; issue 17 A2)."""
    style = team % 3
    if style == 0:
        aa_circle(surface, colour, centre, r, width)
    elif style == 1:
        thin = max(1, width // 2 + 1)
        aa_circle(surface, colour, centre, r, thin)
        aa_circle(surface, colour, centre, r + thin + 2, thin)
    else:
        for k in range(10):
            a = k * math.pi / 5
            dot = (centre[0] + math.cos(a) * r, centre[1] + math.sin(a) * r)
            aa_circle(surface, colour, dot, max(1.5, width * 0.8))
