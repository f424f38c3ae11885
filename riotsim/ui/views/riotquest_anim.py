"""Riot Quest animations built from the rules' events.

Animations keep hexes, not pixels, and ask the view's arena painter where a hex is when they
draw, so a window resize mid-animation keeps pieces on their hexes. Each piece animation has a
``key`` (seat, hero id): while one is queued the view does not draw that hero's resting token,
and before it starts the view draws the hero where the animation will pick it up.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame
import pytweening

from riotsim.core.contract import Event
from riotsim.i18n import N_
from riotsim.ui import theme as T
from riotsim.ui.anim import Animation, FloatingText
from riotsim.ui.dice import DiceRoll
from riotsim.ui.views import riotquest_art as A
from riotsim.ui.views.words import tr

Cell = tuple[int, int]
Key = tuple[int, str]
DrawToken = Callable[[pygame.Surface, Key, tuple[float, float], float, float], None]


class PieceAnim(Animation):
    """Base of animations that move or show one hero token."""

    key: Key | None = None

    def start_cell(self) -> Cell | None:
        return None


class HeroGlide(PieceAnim):
    """A hero sliding hex to hex along its path (run, dash, beatback, shove, place)."""

    def __init__(self, view: Any, key: Key, cells: list[Cell], per_step: float = 0.13):
        super().__init__(per_step * max(1, len(cells) - 1) + 0.05)
        self.view = view
        self.key: Key = key  # (always a hero here)
        self.cells = list(cells)

    def start_cell(self) -> Cell | None:
        return self.cells[0]

    def pos(self) -> tuple[float, float]:
        pts = [self.view.painter.to_screen(c) for c in self.cells]
        if len(pts) == 1:
            return pts[0]
        eased = pytweening.easeInOutSine(self.progress) * (len(pts) - 1)
        i = min(len(pts) - 2, int(eased))
        f = eased - i
        (x0, y0), (x1, y1) = pts[i], pts[i + 1]
        hop = math.sin(f * math.pi) * self.view.painter.hex_size * 0.12
        return x0 + (x1 - x0) * f, y0 + (y1 - y0) * f - hop

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw_hero_token(surface, self.key, self.pos(), 1.0, 1.0)


class HeroPop(PieceAnim):
    """A hero appearing on its hex (spawn): grows in with a flash of its team colour."""

    def __init__(self, view: Any, key: Key, cell: Cell, duration: float = 0.45):
        super().__init__(duration)
        self.view = view
        self.key: Key = key  # (always a hero here)
        self.cell = cell

    def start_cell(self) -> Cell | None:
        return None  # not on the board until it spawns

    def draw(self, surface: pygame.Surface) -> None:
        p = self.progress
        pos = self.view.painter.to_screen(self.cell)
        ring = self.view.painter.hex_size * (0.3 + 0.5 * p)
        colour = self.view.host.seat_colour(self.key[0])
        layer = pygame.Surface((int(ring * 2 + 4), int(ring * 2 + 4)), pygame.SRCALPHA)
        pygame.draw.circle(layer, (*colour[:3], int(180 * (1 - p))), (ring + 2, ring + 2), ring, 3)
        surface.blit(layer, (pos[0] - ring - 2, pos[1] - ring - 2))
        self.view.draw_hero_token(surface, self.key, pos, pytweening.easeOutBack(p), 1.0)


class HeroFall(PieceAnim):
    """A knocked-out hero: flashes red, shrinks and fades from its hex."""

    def __init__(self, view: Any, key: Key, cell: Cell, duration: float = 0.6):
        super().__init__(duration)
        self.view = view
        self.key: Key = key  # (always a hero here)
        self.cell = cell

    def start_cell(self) -> Cell | None:
        return self.cell

    def draw(self, surface: pygame.Surface) -> None:
        p = self.progress
        pos = self.view.painter.to_screen(self.cell)
        r = self.view.painter.hex_size * (0.45 + 0.3 * p)
        layer = pygame.Surface((int(r * 2 + 2), int(r * 2 + 2)), pygame.SRCALPHA)
        pygame.draw.circle(layer, (*A.DAMAGE, int(200 * (1 - p))), (r + 1, r + 1), r)
        surface.blit(layer, (pos[0] - r - 1, pos[1] - r - 1))
        self.view.draw_hero_token(surface, self.key, pos, 1 - 0.6 * p, 1 - p)


class ChestDrop(Animation):
    """A Treasure Chest dropping onto its beacon."""

    def __init__(self, view: Any, chest_class: str, cell: Cell, duration: float = 0.55):
        super().__init__(duration)
        self.view = view
        self.cls = chest_class
        self.cell = cell

    def draw(self, surface: pygame.Surface) -> None:
        x, y = self.view.painter.to_screen(self.cell)
        size = max(8, round(self.view.painter.hex_size * 0.62))
        drop = (1 - pytweening.easeOutBounce(self.progress)) * size * 2.5
        img = A.chest_token(self.cls, size)
        surface.blit(img, img.get_rect(center=(round(x), round(y - drop))))


class RowLabel(Animation):
    """Who rolled a row of dice and what for, shown beside the row while it lands."""

    def __init__(
        self, text: str, colour, pos: tuple[float, float], font: pygame.font.Font, duration: float
    ):
        super().__init__(duration)
        self.text = text
        self.colour = colour
        self.pos = pos
        self.font = font

        self._img: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface) -> None:
        if self._img is None:  # rendered once: the label does not change while it shows
            text = self.font.render(self.text, True, self.colour[:3])
            self._img = pygame.Surface(text.get_rect().inflate(12, 6).size, pygame.SRCALPHA)
            self._img.fill((14, 17, 24, 200))
            self._img.blit(text, (6, 3))
        rect = self._img.get_rect(midright=(round(self.pos[0]), round(self.pos[1])))
        surface.blit(self._img, rect)


class RollBackdrop(Animation):
    """A soft dark band behind rows of dice, so they read well over the busy arena."""

    def __init__(self, rect: pygame.Rect, duration: float):
        super().__init__(duration)
        self.rect = pygame.Rect(rect)
        self._img: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface) -> None:
        if self._img is None:
            self._img = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            radius = min(self.rect.h // 4, 18)
            pygame.draw.rect(self._img, (10, 12, 18, 150), self._img.get_rect(), 0, radius)
        fade = min(1.0, (self.duration - self.t) / 0.25)  # fade out at the end
        self._img.set_alpha(round(255 * max(0.0, fade)))
        surface.blit(self._img, self.rect.topleft)


ROLL_PURPOSES = {
    "attack": N_("Attack"),
    "raid": N_("Raid"),
    "rig": N_("Rig"),
    "setup": N_("Setup roll"),
    "priority": N_("Priority"),
    "cooler": N_("Cooler"),
    "spawn": N_("Spawn Gate"),
    "spawn_beacon": N_("Beacon"),
    "chest": N_("Chest beacon"),
}


def dice_rows(view: Any, rolls: list[Event], centre: tuple[float, float], size: int) -> list:
    """One tumbling row per die roll, stacked, landing on the rolled faces, each labelled
    with the player and the reason (roll-offs show every player's row)."""
    rows: list[Animation] = []
    n = len(rolls)
    gap = size * 1.3
    font = view.theme.fonts.get(13, "Bold")
    for i, event in enumerate(rolls):
        faces = [str(f) for f in event.data.get("faces", [])]
        if not faces:
            continue
        cy = centre[1] + (i - (n - 1) / 2) * gap
        roll = DiceRoll(str(event.data.get("die", "d6")), faces, (centre[0], cy), size)
        rows.append(roll)
        purpose = ROLL_PURPOSES.get(str(event.data.get("purpose", "")), "")
        purpose = tr(purpose) if purpose else ""
        who = view.host.player_name(event.seat) if event.seat is not None else ""
        text = f"{who}: {purpose}" if who and purpose else who or purpose
        if text:
            left = roll.positions()[0][0] - size * 0.7
            colour = view.host.seat_colour(event.seat) if event.seat is not None else T.TEXT
            rows.append(RowLabel(text, colour, (left, cy), font, roll.duration))
    dice = [r for r in rows if isinstance(r, DiceRoll)]
    if dice:
        left = min(r.positions()[0][0] for r in dice) - size * 0.7
        right = max(r.positions()[-1][0] for r in dice) + size * 0.7
        for label in (r for r in rows if isinstance(r, RowLabel)):
            left = min(left, label.pos[0] - font.size(label.text)[0] - size * 0.4)
        top = min(r.centre[1] for r in dice) - size * 0.75
        bottom = max(r.centre[1] for r in dice) + size * 0.75
        band = pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))
        rows.insert(0, RollBackdrop(band, max(r.duration for r in dice)))
    return rows


def float_text(
    view: Any, text: str, pos: tuple[float, float], colour=None, size: float = 20
) -> FloatingText:
    font = view.theme.fonts.get(size, "Black")
    return FloatingText(text, pos, font, colour, duration=0.9, rise=view.theme.px(36))
