"""World events on the Quodd board (issue 13 part A): when the first player draws a World
Event card (End-of-Round step 2) the card - its name and text - shows over the board for a
few seconds before what it does plays out, and the log tells it ("Rosa draws the world event
Gusty Gale: ..."). Any key or click fast-forwards it with the other animations. The rules
decide everything; this module only shows the ``WorldEventDrawn`` event."""

from __future__ import annotations

from typing import Any

import pygame

from riotsim.core.contract import Event
from riotsim.games.quodd import catalog
from riotsim.games.quodd.events import WorldEventDrawn
from riotsim.i18n import N_, _, ngettext
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.anim import Animation
from riotsim.ui.views import quodd_log, quodd_upkeep
from riotsim.ui.views.words import tr

CARD_TIME = 2.8  # seconds the drawn card shows before its effects play
TITLE = N_("World event")
HINT = N_("click or press a key to skip")


def _card_name(card: Any) -> str:
    spec = catalog.world_events().get(str(card))
    return tr(spec.name) if spec else str(card).replace("_", " ")


# the log's lines for world events (merged into the Quodd log's table)
LOG_LINES = {
    "world_event_drawn": lambda w, d: _("{player} draws the world event {name}: {text}").format(
        player=w.who(d["seat"]), name=tr(str(d["name"])), text=tr(str(d["text"]))
    ),
    "world_event_done": lambda w, d: _("{card} goes to the world event discard").format(
        card=_card_name(d["card"])
    ),
    "world_deck_shuffled": lambda w, d: _("The world event discard is shuffled into a new deck"),
    "world_event_ignored": lambda w, d: _("{hero} ignores {card} (Ignore World Events)").format(
        hero=w.who(d["hero"]), card=_card_name(d["card"])
    ),
    "currents_reversed": lambda w, d: _("Every current on the board turns round"),
    "tokens_hidden": lambda w, d: ngettext(
        "Fog: {n} token turns face down", "Fog: {n} tokens turn face down", len(d["at"])
    ).format(n=len(d["at"])),
    "sheep_appeared": lambda w, d: _("A sheep turns up at {square}").format(
        square=quodd_log.square(d["at"])
    ),
}
quodd_log.LINES.update(LOG_LINES)


class WorldCard(Animation):
    """The drawn card over the board: a step of the animation queue that holds for
    ``CARD_TIME`` seconds (fading in), so the event's own animations follow it."""

    def __init__(self, view: Any, name: str, text: str) -> None:
        super().__init__(CARD_TIME)
        self.view = view
        self.name = name
        self.text = text

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.view.theme
        board = self.view.board_rect
        pad = theme.px(14)
        title = theme.fonts.get(14)
        bold = theme.fonts.get(24, "Bold")
        body = theme.fonts.get(16)
        small = theme.fonts.get(12)
        width = min(board.w - 2 * pad, theme.px(420))
        box = pygame.Rect(0, 0, width, theme.px(190))
        box.center = board.center
        alpha = int(235 * min(1.0, self.t / 0.25 if self.duration else 1.0))
        draw.rounded_rect(surface, box, (*T.PANEL, alpha), theme.px(10), T.ACCENT, 3)
        inner = box.w - 2 * pad
        top = box.top + pad
        head = _(TITLE)
        draw.text(surface, head, title, T.TEXT_DIM, (box.centerx, top), "midtop", inner)
        top += draw.text_size(title, head)[1] + theme.px(6)
        draw.text(surface, self.name, bold, T.ACCENT, (box.centerx, top), "midtop", inner)
        top += draw.text_size(bold, self.name)[1] + theme.px(10)
        for line in wrap(body, self.text, inner):
            draw.text(surface, line, body, T.TEXT, (box.centerx, top), "midtop", inner)
            top += draw.text_size(body, line)[1] + theme.px(2)
        draw.text(
            surface, tr(HINT), small, T.TEXT_DIM, (box.centerx, box.bottom - pad), "midbottom"
        )


def wrap(font: Any, text: str, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` (at spaces)."""
    lines: list[str] = []
    for word in text.split():
        if lines and draw.text_size(font, f"{lines[-1]} {word}")[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def on_event(view: Any, event: Event) -> bool:
    """Queue the card for a drawn world event (the upkeep caption goes first); True when
    the event was one."""
    if not isinstance(event, WorldEventDrawn):
        return False
    view.anims.add(quodd_upkeep.CaptionCue(quodd_upkeep.caption_of(view), None))
    view.anims.add(WorldCard(view, tr(event.name), tr(event.text)))
    return True


def showing(view: Any) -> WorldCard | None:
    """The world event card on screen now, if any."""
    found = view.anims.find(WorldCard)
    return found if isinstance(found, WorldCard) else None
