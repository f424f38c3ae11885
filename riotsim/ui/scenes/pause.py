"""The pause menu over a game: resume, save, load, settings, rules reference, quit to menu."""

from __future__ import annotations

import pygame

from riotsim.i18n import _
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.scene import register_scene
from riotsim.ui.scenes.common import WidgetScene
from riotsim.ui.widgets import Button


@register_scene("pause")
class PauseScene(WidgetScene):
    opaque = False

    def __init__(self, app, game):
        super().__init__(app)
        self.game = game
        self.panel = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        self.buttons = [
            Button(_("Resume"), self.back, primary=True),
            Button(_("Save"), self.save),
            Button(_("Load"), self.load),
            Button(_("Settings"), self.settings),
            Button(_("Rules reference"), self.rules),
            Button(_("Quit to menu"), self.quit_to_menu),
        ]
        self.widgets = list(self.buttons)

    def enter(self) -> None:
        super().enter()
        self.focus.move(1)

    def layout(self, w: int, h: int) -> None:
        theme = self.theme
        bw, bh, gap = theme.px(300), theme.px(48), theme.px(10)
        ph = theme.px(120) + len(self.buttons) * (bh + gap)
        # the panel widens for the key line rather than cut it (Italian runs longer)
        keys_w = draw.text_size(theme.fonts.get(13), self._keys())[0] + theme.px(24)
        self.panel = pygame.Rect(0, 0, max(bw + theme.px(60), keys_w), ph)
        self.panel.center = (w // 2, h // 2)
        y = self.panel.top + theme.px(74)
        for b in self.buttons:
            b.rect = pygame.Rect(self.panel.centerx - bw // 2, y, bw, bh)
            y += bh + gap

    @staticmethod
    def _keys() -> str:
        return _("Esc resume  |  Ctrl+Z undo  |  F1 rules  |  L log")

    def draw_background(self, surface: pygame.Surface) -> None:
        draw.shade(surface, 160)
        draw.rounded_rect(surface, self.panel, T.PANEL, self.theme.px(16), T.LINE, 1)
        draw.text(
            surface,
            self._keys(),
            self.theme.fonts.get(13),
            T.TEXT_DIM,
            (self.panel.centerx, self.panel.bottom - self.theme.px(16)),
            "midbottom",
            self.panel.w - self.theme.px(20),
        )
        draw.text(
            surface,
            _("Paused"),
            self.theme.fonts.title(28),
            T.TEXT,
            (self.panel.centerx, self.panel.top + self.theme.px(22)),
            "midtop",
        )

    def key(self, name: str) -> None:
        # the game's own keys work here too: resume, then do what the key does in the game
        if name in ("ctrl+z", "f1", "ctrl+r", "l", "f2", "ctrl+l"):
            self.app.stack.pop(self)
            self.game.key(name)
            return
        super().key(name)

    def save(self) -> None:
        from riotsim.ui.widgets.dialog import PromptDialog

        def save_named(name: str) -> None:
            path = self.game.save_as(name=name or None)
            if path is not None:
                self.app.message(
                    _("Game saved"),
                    _('Saved as "{name}". Load it from the menu.').format(name=path.stem),
                )

        self.app.stack.push(
            PromptDialog(
                self.app,
                _("Save game"),
                _("Name this save:"),
                self.game.default_save_name(),
                save_named,
            )
        )

    def load(self) -> None:
        self.app.stack.push("load")

    def settings(self) -> None:
        self.app.stack.push("settings")

    def rules(self) -> None:
        self.app.stack.pop(self)
        self.game.open_reference()

    def quit_to_menu(self) -> None:
        # the match autosaved after its last action: Continue brings it back
        self.app.open_menu()
