"""The End-of-Round Board Upkeep on the Quodd board, step by step (issue 12): each kind's
``upkeep_step`` event (bombs, platforms, beam elements, sheep) puts a caption over the board
("Board upkeep: bombs roll") that stays while that kind's animations play, one kind after the
other; the caption goes when the round ends. Any key or click fast-forwards the whole upkeep
(the game scene finishes the view's animations on input)."""

from __future__ import annotations

from typing import Any

import pygame

from riotsim.core.contract import Event
from riotsim.games.quodd.events import (
    BombLeft,
    BombLost,
    BombMoved,
    GadgetActed,
    PlatformBlocked,
    PlatformMoved,
    PlatformRotated,
    RoundEnded,
    SheepMoved,
    SheepTurned,
    UpkeepStep,
)
from riotsim.i18n import N_
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.anim import Animation
from riotsim.ui.views.words import tr

CAPTIONS = {
    "bombs": N_("Board upkeep: bombs roll"),
    "platforms": N_("Board upkeep: platforms move"),
    "beams": N_("Board upkeep: beam rotators and movers act"),
    "sheep": N_("Board upkeep: sheep walk"),
}
HINT = N_("click or press a key to skip")
# the events that show which kind an upkeep resumed in (after a choice) is moving
KIND_EVENTS: dict[str, tuple[type, ...]] = {
    "bombs": (BombMoved, BombLeft, BombLost),
    "platforms": (PlatformMoved, PlatformRotated, PlatformBlocked),
    "beams": (GadgetActed,),
    "sheep": (SheepMoved, SheepTurned),
}
TITLE_TIME = 0.6  # seconds the caption shows before the kind's animations start


class Caption:
    """What the board shows as the upkeep caption (set by the cues as they play)."""

    def __init__(self) -> None:
        self.text: str | None = None
        self.kind: str | None = None


class CaptionCue(Animation):
    """A step of the animation queue that sets (or, with kind None, clears) the caption when
    it starts playing; a titled cue also pauses a moment so the caption can be read."""

    def __init__(self, caption: Caption, kind: str | None) -> None:
        super().__init__(TITLE_TIME if kind else 0.0)
        self.caption = caption
        self.kind = kind

    def _apply(self) -> None:
        self.caption.kind = self.kind
        found = CAPTIONS.get(self.kind or "")
        self.caption.text = tr(found) if found else found

    def still_at(self) -> float:
        return 0.0  # a pause to read the caption, not a motion: reduced motion keeps it

    def update(self, dt: float) -> None:
        self._apply()
        super().update(dt)

    def finish(self) -> None:  # a fast-forward plays every cue in order: the last one wins
        self._apply()
        super().finish()


def caption_of(view: Any) -> Caption:
    caption = getattr(view, "upkeep_caption", None)
    if caption is None:
        caption = view.upkeep_caption = Caption()
    return caption


def start(view: Any, events: list[Event]) -> None:
    """Before a batch of events: an upkeep that resumes after a choice (a sheep pickup, a
    reflector turn) names its step again, as no ``upkeep_step`` opens it."""
    resumed = any(isinstance(e, RoundEnded) for e in events) or any(
        f.get("type") == "upkeep" for f in view.state.resolving
    )
    if not resumed or _titled(view):
        return
    for event in events:
        if isinstance(event, UpkeepStep | RoundEnded):
            return
        kind = next((k for k, kinds in KIND_EVENTS.items() if isinstance(event, kinds)), None)
        if kind is not None:
            view.anims.add(CaptionCue(caption_of(view), kind))
            return


def on_event(view: Any, event: Event) -> bool:
    """Queue the caption cue an upkeep event asks for; True when the event was one."""
    if isinstance(event, UpkeepStep):
        view.anims.add(CaptionCue(caption_of(view), event.step))
        return True
    if isinstance(event, RoundEnded) and _titled(view):
        view.anims.add(CaptionCue(caption_of(view), None))
    return False


def close(view: Any, events: list[Event]) -> None:
    """After a batch of events: an upkeep that paused on a choice (or ended the game) clears
    its caption once its animations are played."""
    if any(isinstance(e, UpkeepStep) for e in events) and _titled(view):
        view.anims.add(CaptionCue(caption_of(view), None))


def _titled(view: Any) -> bool:
    """Is the last caption cue queued one that sets a caption?"""
    for step in reversed(view.anims.steps):
        for anim in reversed(step):
            if isinstance(anim, CaptionCue):
                return anim.kind is not None
    return caption_of(view).text is not None


def draw_caption(view: Any, surface: pygame.Surface) -> None:
    """The caption in a band across the top of the board while the upkeep plays."""
    caption = caption_of(view)
    if caption.text is None or not view.anims.busy:
        return
    theme = view.theme
    bold = theme.fonts.get(18, "Bold")
    small = theme.fonts.get(12)
    board = view.board_rect
    pad = theme.px(10)
    title_w, title_h = draw.text_size(bold, caption.text)
    hint_w, hint_h = draw.text_size(small, HINT)
    width = min(board.w - 2 * pad, max(title_w, hint_w) + 4 * pad)
    box = pygame.Rect(0, 0, width, title_h + hint_h + 2 * pad)
    box.midtop = (board.centerx, board.top + pad)
    draw.rounded_rect(surface, box, (*T.PANEL, 225), theme.px(8), T.ACCENT, 2)
    inner = box.w - 2 * pad
    draw.text(surface, caption.text, bold, T.TEXT, (box.centerx, box.top + pad), "midtop", inner)
    draw.text(
        surface, tr(HINT), small, T.TEXT_DIM, (box.centerx, box.bottom - pad), "midbottom", inner
    )
