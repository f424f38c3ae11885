"""Scrollable text overlays over the game: the action log and the keys (the rules reference
is its own scene, :mod:`riotsim.ui.scenes.reference`)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from riotsim.i18n import N_, _
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.scene import Scene, register_scene
from riotsim.ui.views.base import action_text, event_text
from riotsim.ui.widgets import Button, ScrollPanel


class TextOverlay(Scene):
    """A large panel of scrollable text over the dimmed game; Escape or Close returns."""

    opaque = False

    def __init__(
        self,
        app,
        title: str,
        blocks: list[tuple[str, str]],
        bottom: bool = False,
        on_heading: Callable[[int], bool] | None = None,
    ):
        super().__init__(app)
        self.title = title
        # the game log: clicking move n's heading calls on_heading(n - 1) (its dice again);
        # True closes the log so the board shows them
        self.on_heading = on_heading
        self.hint = ""  # a dim line under the title
        self.panel_widget = ScrollPanel(blocks)
        self.panel_widget.focused = True
        if bottom:
            self.panel_widget.stick_to_bottom = True
            self.panel_widget.offset = 10**9
        self.close = Button(_("Close"), self.close_overlay, size=15)
        self.panel = pygame.Rect(0, 0, 0, 0)

    def close_overlay(self) -> None:
        self.app.stack.pop(self)

    def enter(self) -> None:
        self.layout(*self.app.size)

    def resize(self, w: int, h: int) -> None:
        self.layout(w, h)

    def layout(self, w: int, h: int) -> None:
        theme = self.theme
        pw = min(w - theme.px(60), theme.px(860))
        ph = h - theme.px(80)
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        self.close.rect = pygame.Rect(
            self.panel.right - theme.px(110),
            self.panel.top + theme.px(16),
            theme.px(90),
            theme.px(36),
        )
        self.panel_widget.rect = pygame.Rect(
            self.panel.left + theme.px(20),
            self.panel.top + theme.px(70),
            self.panel.w - theme.px(40),
            self.panel.h - theme.px(90),
        )

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        draw.shade(surface, 170)
        draw.rounded_rect(surface, self.panel, T.PANEL, theme.px(16), T.LINE, 1)
        draw.text(
            surface,
            self.title,
            theme.fonts.bold(24),
            T.TEXT,
            (self.panel.left + theme.px(26), self.panel.top + theme.px(20)),
            max_width=self.panel.w - theme.px(160),
        )
        if self.hint:
            draw.text(
                surface,
                self.hint,
                theme.fonts.get(13),
                T.TEXT_DIM,
                (self.panel.left + theme.px(26), self.panel.top + theme.px(50)),
                max_width=self.panel.w - theme.px(160),
            )
        self.panel_widget.draw(surface, theme)
        self.close.draw(surface, theme)

    def hover(self, pos) -> None:
        self.close.hover(pos)

    def click(self, pos, button: int = 1) -> None:
        if self.close.click(pos, button):
            return
        if not self.panel.collidepoint(pos):
            self.app.stack.pop(self)
            return
        index = self.panel_widget.block_at(self.theme, pos)
        if self.on_heading is not None and index is not None:
            style, text = self.panel_widget.blocks[index]
            number = text.split(".", 1)[0].strip()
            if style == "h2" and number.isdigit() and self.on_heading(int(number) - 1):
                self.app.stack.pop(self)

    def scroll(self, dy: int) -> None:
        self.panel_widget.scroll(dy)

    def key(self, name: str) -> None:
        if name in ("escape", "return", "f1", "f2", "l", "?", "/"):
            self.app.stack.pop(self)
        else:
            self.panel_widget.key(name)


def log_blocks(
    match,
    viewer: int | None = None,
    reveal_all: bool = False,
    labels: dict[int, str] | None = None,
) -> list[tuple[str, str]]:
    """The whole game as text blocks: one heading per action, one line per event.

    Events private to a seat show their data only when ``viewer`` is that seat; everyone else
    reads just that something happened ("Rosa drew a card").
    """
    names = [p.name for p in match.setup.players]
    if not match.log:
        return [("dim", _("No moves yet."))]
    blocks: list[tuple[str, str]] = []
    for i, events in enumerate(match.history[: len(match.log)]):
        label = action_text(match, i, viewer, names, reveal_all, labels)
        blocks.append(("h2", f"{i + 1}.  {label}"))
        for event in events:
            blocks.append(("li", event_text(event, names, viewer, reveal_all)))
    return blocks


@register_scene("log")
def log_overlay(app, game_scene) -> TextOverlay:
    viewer = game_scene.viewer_seat
    # everything shows once the game is over (and in a replay of a finished game)
    reveal_all = bool(getattr(game_scene, "reveal_all", False)) or game_scene.outcome().finished
    title = _("Game log")
    if game_scene.ruleset.hidden_information and not reveal_all:
        if viewer is not None:
            who = game_scene.player_name(viewer)
            title = _("Game log - as {name} sees it").format(name=who)
        else:
            title = _("Game log - as the table sees it")
    labels = getattr(game_scene, "labels", None)
    own = getattr(getattr(game_scene, "view", None), "log_blocks", None)
    # a view that words its side log gives the same lines here (issue 14)
    blocks = (
        own(viewer, reveal_all) if own else log_blocks(game_scene.match, viewer, reveal_all, labels)
    )
    # a view with a dice tray shows a move's dice again when its heading is clicked
    show_roll = getattr(getattr(game_scene, "view", None), "show_roll", None)
    replay = (lambda index: bool(show_roll(index, replay=True))) if callable(show_roll) else None
    overlay = TextOverlay(app, title, blocks, bottom=True, on_heading=replay)
    if replay is not None and game_scene.match.log:
        overlay.hint = _("Click a move to see its dice again.")

    return overlay


# the keys of the game screen, by topic (keyboard play: riotsim.ui.views.keyfocus)
KEYS_HELP = (
    (
        N_("Playing by keyboard"),
        (
            N_("Tab / Shift+Tab: the next / previous group (board, pieces, cards, buttons, bar)"),
            N_("Arrows: move within the group (on a board, to the neighbour that way)"),
            N_("Enter or Space: act on what the ring is on, as a click would"),
            N_("Esc: back out of a pick, then the menu"),
            N_("1-9: a row of an open choice"),
            N_("RIOT zoomed in: the arrows pan the city until Tab shows the ring"),
        ),
    ),
    (
        N_("Game"),
        (
            N_("Ctrl+Z: undo"),
            N_("L: the game log"),
            N_("F1: the rules"),
            N_("H: a hint (where the game has one)"),
            N_("+ / - / 0: zoom in, out, fit the board"),
            N_("?: these keys"),
        ),
    ),
)


def keys_blocks() -> list[tuple[str, str]]:
    blocks: list[tuple[str, str]] = []
    for heading, lines in KEYS_HELP:
        blocks.append(("h2", _(heading)))
        blocks.extend(("li", _(line)) for line in lines)
    return blocks


@register_scene("keys")
def keys_overlay(app) -> TextOverlay:
    return TextOverlay(app, _("Keys"), keys_blocks())
