"""The Quodd view's tumble preview: hovering a square the hero may tumble onto shows which
face lands on top and which skill that activates (the cube's own geometry, ``Cube.tumble``;
the rules have already said the tumble is legal)."""

from __future__ import annotations

from typing import Any

import pygame

from riotsim.games.quodd.directions import Cell, direction_between
from riotsim.i18n import _
from riotsim.ui import theme as T
from riotsim.ui.views import quodd_art as art
from riotsim.ui.views import quodd_cube
from riotsim.ui.views.words import tr

TUMBLES = ("tumble", "roll")


def tumble_at(view: Any, cell: Cell) -> tuple[str, str, str] | None:
    """(direction, face, skill) of the legal tumble onto ``cell`` (None: none goes there)."""
    acts = view.cell_actions.get(cell, [])
    if not any(a.kind in TUMBLES for a in acts):
        return None
    hero = view.state.current
    direction = direction_between(hero.pos, cell)
    if direction is None:
        return None
    top = hero.cube.tumble(direction).top
    return direction, top, art.face_skill(top, hero.skills)


def preview_text(view: Any, cell: Cell) -> str:
    """'Tumble north: the back face lands on top: Jump' for a square the hero may tumble to."""
    found = tumble_at(view, cell)
    if found is None:
        return ""
    direction, face, skill = found
    name = tr(art.SKILL_NAMES.get(skill, skill))
    from riotsim.ui.views.quodd_bar import face_label
    from riotsim.ui.views.quodd_tokens import direction as way

    if face == "q":
        face_name = _("the Q face")
    else:
        face_name = _("the {face} face").format(face=face_label(face).lower() or face)
    return _("Tumble {way}: {face} lands on top, {skill} activates").format(
        way=way(direction), face=face_name, skill=name
    )


def draw_preview(view: Any, surface: pygame.Surface) -> None:
    """The skill that would activate, drawn faintly on the hovered tumble square."""
    cell = view.hover_cell
    found = tumble_at(view, cell) if cell is not None else None
    if found is None:
        return
    rect = view.cell_rect(cell)
    badge = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(badge, (*T.BG_DEEP, 150), badge.get_rect(), border_radius=rect.w // 6)
    surface.blit(badge, rect.topleft)
    skill = found[2]
    colour = art.GOLD if skill in view.state.current.upgraded else T.TEXT
    quodd_cube.draw_icon(surface, skill, rect.inflate(-rect.w // 4, -rect.h // 4), colour)
