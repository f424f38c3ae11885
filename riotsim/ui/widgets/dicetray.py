"""A dice tray: the dice an action rolled, by type, and what they came to, kept on screen.

Fed from typed events (any game): every :class:`~riotsim.core.events.DiceRolled` becomes a
row (the die's label from ``data/dice.yaml``, its faces drawn, each die's value under it and
the row's total), and the game gives the verdict line from its own events' data (Riot
Quest: "5 strikes vs DEF 3/6: hit, Super Damage"). A strike and a super strike read apart: a
super strike shows two bursts and a "x2" under it in the accent colour.

The view decides when to show a roll (after each action; a log entry replays one) and where
(beside the piece that acted); the tray only lays out and draws it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import pygame

from riotsim.core.events import DiceRolled
from riotsim.i18n import _, ngettext
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.dice import draw_die
from riotsim.ui.theme import Theme

STRIKE_FACES = ("strike", "super", "miss")


@dataclass
class TrayRow:
    die: str
    label: str  # "Action", "Boost", "d6"
    faces: list[str]

    def values(self) -> list[int | None]:
        try:
            from riotsim.core.dice import die

            spec = die(self.die)
            return [spec.value(f) for f in self.faces]
        except (KeyError, ValueError):
            return [None for _ in self.faces]

    @property
    def total(self) -> str:
        """``2 strikes``, ``total 7``; '' when the faces have no values."""
        values = [v for v in self.values() if v is not None]
        if not values:
            return ""
        n = sum(values)
        if any(f in STRIKE_FACES for f in self.faces):
            return ngettext("{n} strike", "{n} strikes", n).format(n=n)
        return _("total {n}").format(n=n) if len(values) > 1 else ""


@dataclass
class TrayRoll:
    title: str = ""
    rows: list[TrayRow] = field(default_factory=list)
    verdict: str = ""
    good: bool = True  # the verdict went the roller's way (drawn in the accent colour)


def die_label(die_id: str) -> str:
    """``Action`` for the Action die (its dice.yaml label without "die")."""
    try:
        from riotsim.core.dice import die

        return die(die_id).label.removesuffix(" die")
    except KeyError:
        return die_id.replace("_", " ").title()


def roll_of(
    events: Iterable[Any],
    verdict: Callable[[Any], tuple[str, bool] | None] = lambda e: None,
    title: str = "",
) -> TrayRoll | None:
    """The tray's content for the events of one action: a row per dice roll (a roll of no
    dice is left out) and the first verdict ``verdict`` finds; None when nothing was rolled."""
    roll = TrayRoll(title)
    for e in events:
        if isinstance(e, DiceRolled):
            faces = [str(f) for f in e.faces]
            if faces:
                roll.rows.append(TrayRow(e.die, die_label(e.die), faces))
        elif not roll.verdict:
            found = verdict(e)
            if found is not None:
                roll.verdict, roll.good = found
    return roll if roll.rows else None


class DiceTray:
    """Shows one :class:`TrayRoll` until the next is shown or it is cleared."""

    def __init__(self) -> None:
        self.roll: TrayRoll | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)

    def show(self, roll: TrayRoll | None) -> None:
        self.roll = roll

    def clear(self) -> None:
        self.roll = None
        self.rect = pygame.Rect(0, 0, 0, 0)

    def lines(self) -> list[str]:
        """What the tray says, as text (tests, screen readers): title, rows, verdict."""
        roll = self.roll
        if roll is None:
            return []
        out = [roll.title] if roll.title else []
        for row in roll.rows:
            out.append(f"{row.label} x{len(row.faces)}: {', '.join(row.faces)}  {row.total}")
        if roll.verdict:
            out.append(roll.verdict)
        return out

    def _label_w(self, theme: Theme) -> int:
        """The label column: wide enough for the longest die label ("Direction")."""
        font = theme.fonts.get(12, "Medium")
        rows = self.roll.rows if self.roll is not None else []
        widest = max((draw.text_size(font, r.label)[0] for r in rows), default=0)
        return max(theme.px(56), widest + theme.px(6))

    def _title_lines(self, theme: Theme, width: int) -> list[str]:
        title = self.roll.title if self.roll is not None else ""
        return draw.wrap(title, theme.fonts.get(13, "Bold"), width)[:3] if title else []

    def size(self, theme: Theme) -> tuple[int, int]:
        roll = self.roll
        if roll is None:
            return 0, 0
        die = theme.px(24)
        pad = theme.px(8)
        bold = theme.fonts.get(13, "Bold")
        small = theme.fonts.get(11)
        most = max(len(r.faces) for r in roll.rows)
        width = self._label_w(theme) + most * (die + theme.px(4)) + theme.px(74) + 2 * pad
        width = max(width, draw.text_size(bold, roll.verdict)[0] + 2 * pad)
        widest = max(width, theme.px(300))  # a long title wraps within this
        width = max(width, min(widest, draw.text_size(bold, roll.title)[0] + 2 * pad))
        row_h = die + small.get_linesize()
        head = len(self._title_lines(theme, width - 2 * pad)) * draw.line_step(bold)
        foot = draw.line_step(bold) if roll.verdict else 0
        return width, 2 * pad + head + len(roll.rows) * (row_h + theme.px(2)) + foot

    def draw(
        self, surface: pygame.Surface, theme: Theme, anchor: pygame.Rect, bounds: pygame.Rect
    ) -> pygame.Rect | None:
        """Draw beside ``anchor`` (right of it, else left), inside ``bounds``."""
        roll = self.roll
        if roll is None:
            return None
        w, h = self.size(theme)
        w = min(w, bounds.w)
        box = pygame.Rect(0, 0, w, h)
        box.midleft = (anchor.right + theme.px(10), anchor.centery)
        if box.right > bounds.right:
            box.midright = (anchor.left - theme.px(10), anchor.centery)
        box.clamp_ip(bounds)
        self.rect = box
        draw.rounded_rect(surface, box, (*T.BG_DEEP, 235), theme.px(8), T.LINE, 1)
        self._draw_content(surface, theme, box)
        return box

    def _draw_content(self, surface: pygame.Surface, theme: Theme, box: pygame.Rect) -> None:
        roll = self.roll
        assert roll is not None
        pad = theme.px(8)
        bold = theme.fonts.get(13, "Bold")
        font = theme.fonts.get(12, "Medium")
        small = theme.fonts.get(11)
        die = theme.px(24)
        x, y = box.left + pad, box.top + pad
        inner = box.w - 2 * pad
        for line in self._title_lines(theme, inner):
            draw.text(surface, line, bold, T.TEXT, (x, y), max_width=inner)
            y += draw.line_step(bold)
        for row in roll.rows:
            draw.text(surface, row.label, font, T.TEXT_DIM, (x, y + die // 2), "midleft")
            dx = x + self._label_w(theme)
            for face, value in zip(row.faces, row.values(), strict=True):
                draw_die(surface, row.die, face, (dx + die // 2, y + die // 2), die)
                if value is not None:
                    mark = "x2" if face == "super" else str(value)
                    ink = T.ACCENT if face == "super" else T.TEXT if value else T.TEXT_DIM
                    draw.text(surface, mark, small, ink, (dx + die // 2, y + die), "midtop")
                dx += die + theme.px(4)
            if row.total:
                draw.text(
                    surface, row.total, font, T.TEXT, (box.right - pad, y + die // 2), "midright"
                )
            y += die + small.get_linesize() + theme.px(2)
        if roll.verdict:
            ink = T.ACCENT if roll.good else T.TEXT_DIM
            draw.text(surface, roll.verdict, bold, ink, (x, y), max_width=inner)
