"""The time tracker on the Quodd side panel (issue 13 spec K1, K2): the time left as a row of
pips (lit while time is left), and in rally scenarios each hero's character token - a disc in
its colour - on a progress track from the start to the last rally marker. The data comes from
``riotsim.games.quodd.timetrack.tracker``; nothing is decided here."""

from __future__ import annotations

from typing import Any

import pygame

from riotsim.games.quodd import timetrack
from riotsim.i18n import _
from riotsim.ui import draw
from riotsim.ui import theme as T


def _hex(text: str) -> tuple[int, int, int]:
    text = text.lstrip("#")
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


def draw_tracker(
    surface: pygame.Surface, state: Any, theme: Any, inner: pygame.Rect, y: int
) -> int:
    """Draw the time tracker and the rally tokens from ``y``; returns the y below them
    (``y`` itself when the scenario is neither timed nor a rally)."""
    data = timetrack.tracker(state)
    gap = theme.px(6)
    if data["time"] >= 0:
        y = _draw_time(surface, theme, inner, y, data) + gap
    if data["tokens"]:
        y = _draw_tokens(surface, theme, inner, y, data["tokens"]) + gap
    return y


def _draw_time(surface: pygame.Surface, theme: Any, inner: pygame.Rect, y: int, data: dict) -> int:
    font = theme.fonts.get(13, "Bold")
    y = draw.text(
        surface, _("Time left: {n}").format(n=data["time"]), font, T.TEXT, (inner.left, y)
    ).bottom
    y += theme.px(3)
    total = max(data["start"], data["time"], 1)
    pip = max(4, min(theme.px(12), inner.w // total - 3))
    for i in range(total):
        r = pygame.Rect(inner.left + i * (pip + 3), y, pip, pip)
        pygame.draw.rect(surface, T.ACCENT if i < data["time"] else T.PANEL_HI, r, border_radius=3)
    return y + pip


def _draw_tokens(
    surface: pygame.Surface, theme: Any, inner: pygame.Rect, y: int, tokens: list[dict]
) -> int:
    """One line: a track of rally markers, each hero's disc at the markers it reached."""
    target = max(1, max(t["target"] for t in tokens))
    radius = max(4, theme.px(6))
    left, right = inner.left + radius, inner.right - radius
    line_y = y + radius
    pygame.draw.line(surface, T.PANEL_HI, (left, line_y), (right, line_y), 2)
    step = (right - left) / target
    for n in range(target + 1):
        pygame.draw.circle(surface, T.TEXT_DIM, (round(left + n * step), line_y), 2)
    for i, token in enumerate(tokens):
        x = left + min(token["progress"], target) * step
        centre = (round(x), line_y + (i % 2) * radius)  # side by side heroes stay visible
        pygame.draw.circle(surface, _hex(token["colour"]), centre, radius)
        pygame.draw.circle(surface, T.TEXT, centre, radius, 1)
    return y + 3 * radius
