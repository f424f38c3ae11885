"""Where unit tokens sit inside a RIOT space: never on each other, never on the space's icons.

A space is a polygon (screen pixels) with some rectangles to keep clear (a credit coin, a
yield label, the hospital inside the HQ...). :func:`place_tokens` finds a centred block of
token slots that stays inside the polygon and off those rectangles; when the groups do not fit
it shrinks the tokens a little and, failing that, tells the caller to merge groups into one
stack per seat (drawn with a count badge). Pure geometry: easy to test without drawing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

Point = tuple[float, float]

# a token's footprint: its shape (a square's corners reach 1.22 r), the dark outline and the
# count badge on its upper right (1.3 r)
FOOTPRINT = 1.3
GAP = 2.0  # pixels between footprints


def footprint(r: float) -> float:
    return FOOTPRINT * r + 3


def inside(poly: Sequence[Point], p: Point) -> bool:
    x, y = p
    hit = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            cross = (x2 - x1) * (y - y1) / ((y2 - y1) or 1e-9) + x1
            if x < cross:
                hit = not hit
    return hit


def clear_of(rect: pygame.Rect, p: Point, radius: float) -> bool:
    nx = min(max(p[0], rect.left), rect.right)
    ny = min(max(p[1], rect.top), rect.bottom)
    return (p[0] - nx) ** 2 + (p[1] - ny) ** 2 >= radius * radius


def fits(poly: Sequence[Point], keep_clear: Sequence[pygame.Rect], p: Point, radius: float) -> bool:
    """Whether a footprint of ``radius`` at ``p`` lies inside ``poly`` and off every rect."""
    if not all(clear_of(rect, p, radius) for rect in keep_clear):
        return False
    if not inside(poly, p):
        return False
    for k in range(8):
        a = k * math.pi / 4
        if not inside(poly, (p[0] + radius * math.cos(a), p[1] + radius * math.sin(a))):
            return False
    return True


def _block(n: int, cols: int, step: float, origin: Point) -> list[Point]:
    rows = math.ceil(n / cols)
    out = []
    for i in range(n):
        row, col = divmod(i, cols)
        in_row = min(cols, n - row * cols)  # a short last row is centred too
        x = origin[0] + (col - (in_row - 1) / 2) * step
        y = origin[1] + (row - (rows - 1) / 2) * step
        out.append((x, y))
    return out


def slots(
    poly: Sequence[Point], keep_clear: Sequence[pygame.Rect], n: int, r: float
) -> list[Point] | None:
    """``n`` token centres for tokens of radius ``r``, or None when they cannot all fit.

    Tries compact blocks (as square as the space allows) centred on the space and then on
    points nearby; as a last resort any ``n`` free grid points closest to the centre.
    """
    if n <= 0:
        return []
    if len(poly) < 3:
        return None
    radius = footprint(r)
    step = 2 * radius + GAP
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    cx = sum(xs) / len(xs)
    cy = sum(ys) / len(ys)
    wide = box.w >= box.h
    ideal = math.ceil(math.sqrt(n)) if wide else math.floor(math.sqrt(n))
    # candidates sit on one fine grid around the centre (a step is 8 cells), so a point
    # shared by many candidate blocks is tested once
    q = step / 8
    tested: dict[tuple[int, int], bool] = {}

    def free_at(i: int, j: int) -> bool:
        ok = tested.get((i, j))
        if ok is None:
            ok = tested[(i, j)] = fits(poly, keep_clear, (cx + i * q, cy + j * q), radius)
        return ok

    for cols in sorted(range(1, n + 1), key=lambda c: (abs(c - ideal), c)):
        rows = math.ceil(n / cols)
        half_w = (cols - 1) * step / 2 + radius
        half_h = (rows - 1) * step / 2 + radius
        if 2 * half_w > box.w or 2 * half_h > box.h:
            continue
        cells = []  # the block's points, in grid cells from its centre
        for k in range(n):
            row, col = divmod(k, cols)
            in_row = min(cols, n - row * cols)
            cells.append((round((2 * col - in_row + 1) * 4), round((2 * row - rows + 1) * 4)))
        i_lo = math.ceil((box.left + half_w - cx) / q)
        i_hi = math.floor((box.right - half_w - cx) / q)
        j_lo = math.ceil((box.top + half_h - cy) / q)
        j_hi = math.floor((box.bottom - half_h - cy) / q)
        origins = sorted(
            ((i, j) for i in range(i_lo, i_hi + 1) for j in range(j_lo, j_hi + 1)),
            key=lambda o: (o[0] * o[0] + o[1] * o[1], o[1], o[0]),
        )
        for oi, oj in origins:
            if all(free_at(oi + di, oj + dj) for di, dj in cells):
                return [(cx + (oi + di) * q, cy + (oj + dj) * q) for di, dj in cells]
    half = step / 2
    span_x = int(box.w / half) + 1
    span_y = int(box.h / half) + 1
    grid = [
        (i, j) for i in range(-span_x, span_x + 1) for j in range(-span_y, span_y + 1) if i or j
    ]
    grid.sort(key=lambda o: (o[0] ** 2 + o[1] ** 2, o[1], o[0]))
    # no block fits: any free points of a whole-step grid, nearest the centre first
    free = [(cx, cy)] + [(cx + i * half, cy + j * half) for i, j in grid if i % 2 == j % 2 == 0]
    free = [p for p in free if fits(poly, keep_clear, p, radius)]
    if len(free) >= n:
        return sorted(free[:n], key=lambda p: (round(p[1]), p[0]))
    return None


def place_tokens(
    poly: Sequence[Point],
    keep_clear: Sequence[pygame.Rect],
    groups: int,
    seats: int,
    r: float,
    min_r: float = 4.0,
) -> tuple[list[Point], float, bool]:
    """Positions for a space's tokens: ``(centres, radius, merged)``.

    ``groups`` tokens at radius ``r`` (or down to 80 % of it); if that fails, ``merged`` is
    True and there is one token per seat (``seats`` of them), shrunk as far as ``min_r`` to
    fit. A space too small even for that gets a single stack for everyone (one centre).
    """
    for scale in (1.0, 0.9, 0.8):
        pts = slots(poly, keep_clear, groups, r * scale)
        if pts is not None:
            return pts, r * scale, False
    sizes = []
    size = r
    while size > min_r:
        sizes.append(size)
        size *= 0.85
    for size in [*sizes, min_r]:
        pts = slots(poly, keep_clear, seats, size)
        if pts is not None:
            return pts, size, True
    # more seats than a tiny space can show apart (no game reaches this): one shared stack
    for size in [*sizes, min_r]:
        pts = slots(poly, keep_clear, 1, size)
        if pts is not None:
            return pts, size, True
    xs = [p[0] for p in poly] or [0.0]
    ys = [p[1] for p in poly] or [0.0]
    return [(sum(xs) / len(xs), sum(ys) / len(ys))], min_r, True
