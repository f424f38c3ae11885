"""The Quodd view's hint: the turn :func:`riotsim.ai.hint.suggest_turn` suggests, shown on the
board (the hero's path, a numbered mark where each step leaves it, an arrow for each tumble)
with a caption per step in order (``ruleset.describe``). The steps are replayed on the seat's
own view of the table, so the caption never names what the seat cannot see. Shown until the
table changes (any move); playing it is the player's job.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from riotsim.core.contract import Action, IllegalAction
from riotsim.games.quodd.directions import Cell
from riotsim.i18n import _
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.views.words import tr

MAX_CAPTION_LINES = 8
HINT_COLOUR = (120, 220, 255)


@dataclass
class HintStep:
    """One suggested decision: its words, where the active hero stands before and after it,
    the action itself (its card or button is ringed in the panel) and the tumble's direction
    (if it is one)."""

    caption: str
    start: Cell
    end: Cell
    action: Action | None = None
    tumble: str | None = None


@dataclass
class Hint:
    """A suggested turn for ``seat`` at log length ``key`` (stale once the log moves on)."""

    key: int
    seat: int
    steps: list[HintStep] = field(default_factory=list)
    complete: bool = False
    cut: bool = False  # a step no longer applies on the table as it stands

    def captions(self) -> list[str]:
        lines = [f"{i}. {tr(step.caption)}" for i, step in enumerate(self.steps, 1)]
        if not self.steps:
            lines.append(_("No suggestion: nothing to plan from here."))
        elif self.cut:
            lines.append(_("The rest no longer applies: ask again."))
        elif not self.complete:  # cut by a roll or draw (or the clock) before the turn ends
            lines.append(_("Then see what the roll or draw brings, and ask again."))
        return lines


def build_hint(
    ruleset: Any, state: Any, seat: int, actions: list[Action], key: int, complete: bool = True
) -> Hint:
    """The plan's steps replayed on a world dealt from ``seat``'s view of ``state`` (never
    the live state); a plan ends where a roll or draw is revealed, so no caption names what
    the deal made up. ``complete``: the plan reaches the end of the turn."""
    view = ruleset.determinize(ruleset.view(state, seat), seat, key)
    hint = Hint(key, seat)
    for action in actions:
        active = view.active  # the hero the step moves (the turn may pass on after it)
        start = _pos(view, active)
        caption = ruleset.describe(view, action)
        try:
            ruleset.apply(view, action)
        except IllegalAction:  # (the table changed under a slow hint)
            hint.cut = True
            break
        end = _pos(view, active)
        tumble = str(action["dir"]) if action.kind in ("tumble", "roll") else None
        hint.steps.append(HintStep(caption, start, end, action, tumble))
    hint.complete = complete and not hint.cut
    return hint


def _pos(state: Any, hero: int) -> Cell:
    if 0 <= hero < len(state.heroes) and state.heroes[hero].pos is not None:
        x, y = state.heroes[hero].pos
        return (x, y)
    return (-1, -1)


def draw_path(view: Any, surface: pygame.Surface, hint: Hint) -> None:
    """The path on the board: a line through each step's squares, a tumble's arrow, and the
    step's number where it leaves the hero."""
    th = view.theme
    width = max(4, view.cell // 8)
    font = th.fonts.get(max(10, min(18, view.cell // 3)), "Bold")
    marks: dict[Cell, list[int]] = {}
    for number, step in enumerate(hint.steps, 1):
        a, b = view.centre(step.start), view.centre(step.end)
        if step.start != step.end and min(*step.start, *step.end) >= 0:
            pygame.draw.line(surface, T.BG_DEEP, a, b, width + 4)
            pygame.draw.line(surface, HINT_COLOUR, a, b, width)
            if step.tumble is not None:
                _arrow_head(surface, a, b, view.cell * 0.22)
        marks.setdefault(step.end, []).append(number)
    for cell, numbers in marks.items():
        if min(cell) < 0:
            continue  # no square (a hero not yet placed)
        x, y = view.centre(cell)
        r = max(8, view.cell // 5)
        centre = (x - view.cell * 0.3, y + view.cell * 0.3)
        draw.aa_circle(surface, T.BG_DEEP, centre, r + 2)
        draw.aa_circle(surface, HINT_COLOUR, centre, r)
        text = ",".join(str(n) for n in numbers[-2:])
        draw.text(surface, text, font, T.BG_DEEP, centre, "center", r * 4)


def draw_panel_marks(view: Any, surface: pygame.Surface, hint: Hint) -> None:
    """Ring the panel's buttons and cards that play a suggested step, with its number (the
    first step is what to click now)."""
    numbers = {step.action: n for n, step in enumerate(hint.steps, 1) if step.action}
    buttons = zip(view.buttons.buttons, view.bar, strict=False)  # (a "More" page button)
    targets = [(b.rect, item.action) for b, item in buttons]
    targets += list(view.card_targets)
    font = view.theme.fonts.get(12, "Bold")
    for rect, action in targets:
        number = numbers.get(action)
        if number is None or rect.w <= 0:
            continue
        pygame.draw.rect(surface, HINT_COLOUR, rect.inflate(4, 4), 2, border_radius=6)
        r = max(7, rect.h // 3)
        centre = (rect.right - r - 2, rect.centery)
        draw.aa_circle(surface, HINT_COLOUR, centre, r)
        draw.text(surface, str(number), font, T.BG_DEEP, centre, "center")


def _side(view: Any) -> tuple[int, str]:
    """The free width beside the board (left or right of it, whichever is wider) and which."""
    area, m = view.board_rect, view.theme.px(12)
    left = view.origin[0] - area.left - 2 * m
    right = area.right - (view.origin[0] + view.cell * view.state.board.width) - 2 * m
    return (left, "left") if left >= right else (right, "right")


def _place(view: Any, box: pygame.Rect, side: str | None) -> None:
    """Put the caption beside the board (``side``) when it fits there, else in the board's
    corner farthest from the hero, so the path it explains stays in sight."""
    area, m = view.board_rect, view.theme.px(12)
    if side == "left":
        box.bottomleft = (area.left + m, area.bottom - m)
        return
    if side == "right":
        box.bottomright = (area.right - m, area.bottom - m)
        return
    hero = _pos(view.state, view.state.active)
    hx, hy = view.centre(hero) if min(hero) >= 0 else area.center
    box.topleft = (
        area.left + m if hx > area.centerx else area.right - m - box.w,
        area.top + m if hy > area.centery else area.bottom - m - box.h,
    )


def _arrow_head(surface: pygame.Surface, a, b, size: float) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    tip = (b[0] - ux * size * 0.6, b[1] - uy * size * 0.6)
    left = (tip[0] - ux * size - uy * size * 0.6, tip[1] - uy * size + ux * size * 0.6)
    right = (tip[0] - ux * size + uy * size * 0.6, tip[1] - uy * size - ux * size * 0.6)
    pygame.draw.polygon(surface, HINT_COLOUR, [tip, left, right])


def draw_caption(view: Any, surface: pygame.Surface, hint: Hint | None, thinking: bool) -> None:
    """The hint's captions in a box beside the board, or over a corner of it away from the
    hero ("Hint: thinking..." while it is worked out)."""
    if hint is None and not thinking:
        return
    th = view.theme
    font = th.fonts.get(14)
    bold = th.fonts.get(14, "Bold")
    area = view.board_rect
    width = min(area.w - th.px(24), th.px(420))
    free, where = _side(view)
    side = where if free >= th.px(220) else None  # beside the board, narrower if need be
    if side is not None:
        width = min(width, free)
    title = _("Hint: thinking...") if thinking else _("Hint (play it yourself)")
    lines: list[str] = []
    if hint is not None and not thinking:
        for caption in hint.captions():
            lines += draw.wrap(caption, font, width - th.px(20))
    if len(lines) > MAX_CAPTION_LINES:
        lines = [*lines[: MAX_CAPTION_LINES - 1], "..."]
    step = draw.line_step(font)
    box = pygame.Rect(0, 0, width, th.px(16) + draw.line_step(bold) + step * len(lines))
    _place(view, box, side)
    draw.rounded_rect(surface, box, (*T.PANEL, 235), th.px(10), HINT_COLOUR, 2)
    x, y = box.left + th.px(10), box.top + th.px(8)
    y = draw.text(surface, title, bold, HINT_COLOUR, (x, y)).bottom
    for line in lines:
        draw.text(surface, line, font, T.TEXT, (x, y), max_width=width - th.px(20))
        y += step
