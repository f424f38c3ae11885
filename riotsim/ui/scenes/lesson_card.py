"""The hint card of a guided first game (:mod:`riotsim.core.lessons`), drawn over the board."""

from __future__ import annotations

import pygame

from riotsim.core.lessons import LEARNER, Lesson
from riotsim.i18n import _
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.theme import Theme
from riotsim.ui.views.base import logged_mover


def learner_moves(match) -> int:
    """How many moves the learner (seat 0) has made: which step of the lesson is showing."""
    return sum(1 for i in range(len(match.log)) if logged_mover(match, i) == LEARNER)


def draw_lesson_card(
    surface: pygame.Surface, theme: Theme, area: pygame.Rect, lesson: Lesson, moves: int
) -> pygame.Rect:
    """The lesson's title, its step count and the current hint, at the top of ``area``."""
    steps = len(lesson.spec.steps)
    index = lesson.step_index(moves)
    title = _(lesson.title)  # content texts are msgids (L2)
    if index is not None:
        head = _("{lesson}  -  step {step} of {steps}").format(
            lesson=title, step=index + 1, steps=steps
        )
    else:
        head = _("{lesson}  -  done").format(lesson=title)
    width = min(area.w - theme.px(24), theme.px(680))
    pad = theme.px(12)
    font, bold = theme.fonts.get(15), theme.fonts.get(14, "Bold")
    hint = lesson.hint(moves)
    lines = draw.wrap(_(hint) if hint else "", font, width - 2 * pad)[:6]

    height = pad * 2 + draw.line_step(bold) + len(lines) * draw.line_step(font)
    card = pygame.Rect(0, 0, width, height)
    card.midtop = (area.centerx, area.top + theme.px(8))
    draw.rounded_rect(surface, card, (*T.BG_DEEP, 235), theme.px(10), T.ACCENT, theme.px(2))
    y = card.top + pad
    draw.text(surface, head, bold, T.ACCENT, (card.left + pad, y), max_width=width - 2 * pad)
    y += draw.line_step(bold)
    for line in lines:
        surface.blit(draw.render_text(font, line, T.TEXT), (card.left + pad, y))
        y += draw.line_step(font)
    return card
