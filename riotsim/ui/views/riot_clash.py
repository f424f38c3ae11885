"""The clash (riot) and combat (riot-pm) dialog: stages, both sides, totals and losses.

A :class:`ClashPicture` is plain data the views fill in from the live state (while players
still decide: declaring, distance cards, Blitz cards, face-down commitments) or from the
events of a finished clash; :func:`draw_clash` draws it, and :class:`ClashReplay` plays a
finished one back: the totals count up, then the losses are struck out and the winner named.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame
import pytweening

from riotsim.i18n import N_, _
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.anim import Animation
from riotsim.ui.views.words import tr

OUT, WOUNDED, HIT = "out", "wounded", "hit"
STATUS_TEXT = {OUT: N_("removed"), WOUNDED: N_("wounded"), HIT: N_("shield hit")}


@dataclass(slots=True)
class SideUnit:
    label: str
    force: int
    status: str = ""  # "", OUT, WOUNDED, HIT


@dataclass(slots=True)
class ClashSide:
    seat: int
    name: str
    units: list[SideUnit] = field(default_factory=list)
    extras: list[str] = field(default_factory=list)  # card bonuses, building bonus...
    total: int | None = None  # None: not counted yet
    hidden_cards: int = 0  # face-down cards shown as backs (riot-pm)
    shown_cards: list[str] = field(default_factory=list)  # revealed card values/labels


@dataclass(slots=True)
class ClashPicture:
    title: str
    stages: tuple[str, ...]
    stage: int
    sides: list[ClashSide]
    notes: list[str] = field(default_factory=list)
    result: str = ""
    result_seat: int | None = None
    target_y: float = 0.0  # the clash's place on screen: the dialog keeps clear of it
    target: list[tuple[float, float]] = field(default_factory=list)  # its outline on screen


def dialog_rect(view: Any, pic: ClashPicture) -> pygame.Rect:
    """Where the dialog goes: over the half of the board away from the clash."""
    board = view.board_rect
    px = view.theme.px
    line = draw.line_step(view.fonts.get(13))
    rows = max([len(s.units) + len(s.extras) for s in pic.sides] + [1])
    cards = px(28) if any(s.hidden_cards or s.shown_cards for s in pic.sides) else 0
    # title, stepper, side headings and margins, then the rows, notes and result
    h = px(128) + rows * line + cards + len(pic.notes) * line + (px(30) if pic.result else 0)
    w = min(board.w - px(16), px(600))
    box = pygame.Rect(0, 0, w, min(h, board.h - px(8)))
    if pic.target_y > board.centery:
        box.midtop = (board.centerx, board.top + px(4))
    else:
        box.midbottom = (board.centerx, board.bottom - px(4))
    return box


def draw_clash(
    surface: pygame.Surface,
    view: Any,
    pic: ClashPicture,
    count: float = 1.0,
    losses: float = 1.0,
) -> pygame.Rect:
    """Draw the dialog. ``count`` (0..1) scales the shown totals (counting up); ``losses``
    (0..1) fades in the struck-out units and the result."""
    px = view.theme.px
    fonts = view.fonts
    if len(pic.target) >= 3:
        pygame.draw.lines(surface, T.BAD, True, pic.target, 4)
    box = dialog_rect(view, pic)
    draw.rounded_rect(surface, box, (*T.PANEL, 248), px(12), T.ACCENT, 2)
    x, y = box.left + px(14), box.top + px(10)
    inner_w = box.w - px(28)
    draw.text(surface, pic.title, fonts.get(16, "Bold"), T.ACCENT, (x, y), max_width=inner_w)
    y += px(26)
    _draw_stages(surface, view, pic, pygame.Rect(x, y, inner_w, px(22)))
    y += px(32)
    col_w = (inner_w - px(40)) // 2
    vs = fonts.get(18, "Bold")
    draw.text(surface, _("vs"), vs, T.TEXT_DIM, (box.centerx, y + px(16)), anchor="center")
    for i, side in enumerate(pic.sides[:2]):
        cx = x if i == 0 else x + col_w + px(40)
        _draw_side(surface, view, side, pygame.Rect(cx, y, col_w, box.bottom - y), count, losses)
    line = draw.line_step(fonts.get(13))
    ny = box.bottom - px(8) - len(pic.notes) * line - (px(28) if pic.result else 0)
    for note in pic.notes:
        draw.text(surface, note, fonts.get(13), T.TEXT_DIM, (x, ny), max_width=inner_w)
        ny += line
    if pic.result and losses > 0:
        colour = view.host.seat_colour(pic.result_seat) if pic.result_seat is not None else T.TEXT
        img = draw.render_text(fonts.get(16, "Bold"), pic.result, colour)
        img.set_alpha(int(255 * min(1.0, losses * 2)))
        surface.blit(img, img.get_rect(midtop=(box.centerx, ny + px(4))))
    return box


def _draw_stages(surface: pygame.Surface, view: Any, pic: ClashPicture, rect: pygame.Rect):
    """The steps of a clash as pills: done ones dim, the current one lit."""
    font = view.fonts.get(12, "Bold")
    n = len(pic.stages)
    gap = view.theme.px(6)
    w = (rect.w - gap * (n - 1)) // n
    for i, name in enumerate(pic.stages):
        r = pygame.Rect(rect.left + i * (w + gap), rect.top, w, rect.h)
        if i < pic.stage:
            fill, colour = T.PANEL_HI, T.TEXT_DIM
        elif i == pic.stage:
            fill, colour = T.ACCENT, T.TEXT_DARK
        else:
            fill, colour = T.BG_DEEP, T.DISABLED_TEXT
        draw.rounded_rect(surface, r, fill, r.h // 2)
        label_box = pygame.Rect(r)
        if i < pic.stage:  # a drawn tick (the font has no check mark glyph), text beside it
            t = r.h * 0.22
            tick = [
                (r.left + 2 * t, r.centery),
                (r.left + 3 * t, r.centery + t),
                (r.left + 5 * t, r.centery - t),
            ]
            pygame.draw.lines(surface, T.GOOD, False, tick, 2)
            label_box.left += round(5 * t)
            label_box.w -= round(5 * t)
        draw.text(
            surface,
            tr(name),
            font,
            colour,
            label_box.center,
            anchor="center",
            max_width=label_box.w - 6,
        )


def _draw_side(
    surface: pygame.Surface,
    view: Any,
    side: ClashSide,
    rect: pygame.Rect,
    count: float,
    losses: float,
) -> None:
    px = view.theme.px
    fonts = view.fonts
    colour = view.host.seat_colour(side.seat)
    big = fonts.get(28, "Bold")
    head = fonts.get(15, "Bold")
    body = fonts.get(13)
    line = draw.line_step(body)
    total = "?" if side.total is None else str(round(side.total * count))
    total_rect = draw.text(surface, total, big, colour, (rect.right, rect.top - px(2)), "topright")
    draw.text(
        surface,
        side.name,
        head,
        colour,
        (rect.left, rect.top + px(6)),
        max_width=rect.w - total_rect.w - px(8),
    )
    y = rect.top + px(40)
    r = px(8)
    shape = view.host.seat_shape(side.seat)
    for u in side.units:
        cy = y + line // 2
        struck = u.status in (OUT, WOUNDED) and losses > 0
        fill = colour if not struck else tuple(int(c * 0.45) for c in colour[:3])
        draw.seat_marker(surface, shape, fill, (rect.left + r + 1, cy), r)
        draw.text(
            surface,
            str(u.force),
            fonts.get(11, "Bold"),
            T.TEXT_DARK,
            (rect.left + r + 1, cy),
            "center",
        )
        text_colour = T.TEXT if not struck else T.TEXT_DIM
        label = draw.text(
            surface,
            u.label,
            body,
            text_colour,
            (rect.left + 2 * r + px(8), y),
            max_width=rect.w - 2 * r - px(70),
        )
        if u.status and (losses > 0 or u.status == HIT):
            tag_colour = T.BAD if u.status == OUT else T.ACCENT
            alpha_text = draw.render_text(
                fonts.get(12, "Bold"), tr(STATUS_TEXT[u.status]), tag_colour
            )
            alpha_text.set_alpha(
                int(255 * min(1.0, max(losses, 0.0) * 2 if u.status != HIT else 1))
            )
            surface.blit(alpha_text, alpha_text.get_rect(topright=(rect.right, y + 1)))
            if u.status == OUT:
                mid = label.centery
                end = label.left + (label.w + 2 * r + px(8)) * min(1.0, losses * 1.5)
                pygame.draw.line(surface, T.BAD, (rect.left, mid), (end, mid), 2)
        y += line
    for extra in side.extras:
        draw.text(surface, extra, body, T.ACCENT_HI, (rect.left, y), max_width=rect.w)
        y += line
    if side.hidden_cards or side.shown_cards:
        cw, ch = px(16), px(22)
        cx = rect.left
        for _card in range(side.hidden_cards):
            card = pygame.Rect(cx, y, cw, ch)
            draw.rounded_rect(surface, card, T.BUTTON_HI, 3, T.LINE, 1)
            pygame.draw.line(surface, T.LINE, card.topleft, card.bottomright)
            cx += cw + px(3)
        for shown in side.shown_cards:
            card = pygame.Rect(cx, y, cw, ch)
            draw.rounded_rect(surface, card, T.TEXT, 3, colour, 2)
            draw.text(surface, shown, fonts.get(11, "Bold"), T.TEXT_DARK, card.center, "center")
            cx += cw + px(3)


class ClashReplay(Animation):
    """A finished clash played back in the dialog: count the totals, then strike the losses."""

    def __init__(self, view: Any, pic: ClashPicture, seconds: float = 2.6):
        super().__init__(seconds)
        self.view = view
        self.pic = pic
        self.final_stage = pic.stage

    def draw(self, surface: pygame.Surface) -> None:
        p = self.progress
        # the stepper shows the count first, then the losses
        self.pic.stage = self.final_stage - 1 if p < 0.45 and self.final_stage else self.final_stage
        count = pytweening.easeOutQuad(min(1.0, p / 0.35))
        losses = max(0.0, (p - 0.45) / 0.4)
        draw_clash(surface, self.view, self.pic, count, min(1.0, losses))
