"""A modal dialog: a title, a message and one or more buttons, over a dimmed screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from riotsim.i18n import _
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.scene import Scene
from riotsim.ui.widgets.base import FocusGroup
from riotsim.ui.widgets.button import Button
from riotsim.ui.widgets.textinput import TextInput

if TYPE_CHECKING:
    from riotsim.ui.app import App


class Dialog(Scene):
    """Modal: only its buttons respond. Escape picks the last button (the cancel/close one)."""

    opaque = False

    def __init__(
        self,
        app: App,
        title: str,
        message: str,
        buttons: list[tuple[str, Callable[[], None] | None]] | None = None,
        kind: str = "info",  # "info" or "error"
    ):
        super().__init__(app)
        self.title = title
        self.message = message
        self.kind = kind
        self.buttons: list[Button] = []
        for i, (label, action) in enumerate(buttons or [(_("OK"), None)]):
            self.buttons.append(Button(label, self._closer(action), primary=i == 0))
        self.focus = FocusGroup(self.buttons)
        self.focus.move(1)
        self.panel = pygame.Rect(0, 0, 0, 0)

    def _closer(self, action: Callable[[], None] | None) -> Callable[[], None]:
        def run() -> None:
            self.app.stack.pop(self)
            if action is not None:
                action()

        return run

    def enter(self) -> None:
        self.layout(pygame.Rect((0, 0), self.app.size))

    def resize(self, w: int, h: int) -> None:
        self.layout(pygame.Rect(0, 0, w, h))

    def layout(self, area: pygame.Surface | pygame.Rect) -> None:
        # the app's layout size, never smaller than the screens are made for (a tiny window
        # shows the "window too small" card instead)
        screen = area.get_rect() if isinstance(area, pygame.Surface) else pygame.Rect(area)
        theme = self.theme
        w = min(screen.w - theme.px(40), theme.px(560))
        body = theme.fonts.get(16)
        text_h = draw.block_height(self.message, body, w - theme.px(56))
        h = min(screen.h - theme.px(40), theme.px(160) + text_h)
        self.panel = pygame.Rect(0, 0, w, h)
        self.panel.center = screen.center
        bw = min(theme.px(170), (w - theme.px(56)) // max(1, len(self.buttons)) - theme.px(8))
        bh = theme.px(44)
        x = self.panel.right - theme.px(28)
        for button in reversed(self.buttons):
            button.rect = pygame.Rect(x - bw, self.panel.bottom - theme.px(24) - bh, bw, bh)
            x -= bw + theme.px(10)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        self.layout(surface)
        draw.shade(surface, 160)
        accent = T.BAD if self.kind == "error" else T.ACCENT
        draw.rounded_rect(surface, self.panel, T.PANEL, theme.px(14), T.LINE, 1)
        radius = theme.px(14)
        strip = pygame.Rect(
            self.panel.left + radius, self.panel.top + 1, self.panel.w - 2 * radius, theme.px(4)
        )
        draw.rounded_rect(surface, strip, accent, theme.px(2))
        pad = theme.px(28)
        draw.text(
            surface,
            self.title,
            theme.fonts.bold(21),
            T.TEXT,
            (self.panel.left + pad, self.panel.top + theme.px(26)),
            "topleft",
            self.panel.w - 2 * pad,
        )
        body = pygame.Rect(
            self.panel.left + pad,
            self.panel.top + theme.px(68),
            self.panel.w - 2 * pad,
            self.panel.h - theme.px(150),
        )
        draw.text_block(surface, self.message, theme.fonts.get(16), T.TEXT_DIM, body)
        self.focus.draw(surface, theme)

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        self.focus.click(pos, button)

    def hover(self, pos: tuple[int, int]) -> None:
        self.focus.hover(pos)

    def key(self, name: str) -> None:
        if name == "escape":
            self.buttons[-1].activate()
            return
        if name in ("left", "right"):
            self.focus.move(1 if name == "right" else -1)
            return
        self.focus.key(name)


class PromptDialog(Dialog):
    """A dialog asking for one line of text (e.g. a save name); OK passes it on."""

    def __init__(
        self,
        app: App,
        title: str,
        message: str,
        value: str,
        on_ok: Callable[[str], None],
        max_len: int = 40,
    ):
        super().__init__(app, title, message, [(_("OK"), None), (_("Cancel"), None)])
        self.input = TextInput(value, max_len=max_len)
        self.on_ok = on_ok
        self.buttons[0].on_click = self._ok
        self.focus.set([self.input, *self.buttons], keep=False)
        self.focus.focus(self.input)
        self.input.select_all()  # typing replaces the suggestion; arrows keep it

    def _ok(self) -> None:
        self.app.stack.pop(self)
        self.on_ok(self.input.value.strip())

    def layout(self, area: pygame.Surface | pygame.Rect) -> None:
        super().layout(area)
        screen = area.get_rect() if isinstance(area, pygame.Surface) else pygame.Rect(area)
        theme = self.theme
        self.panel.h += theme.px(56)
        self.panel.centery = screen.centery
        for button in self.buttons:
            button.rect.bottom = self.panel.bottom - theme.px(24)
        self.input.rect = pygame.Rect(
            self.panel.left + theme.px(28),
            self.buttons[0].rect.top - theme.px(60),
            self.panel.w - theme.px(56),
            theme.px(42),
        )

    def text(self, chars: str) -> None:
        self.focus.text(chars)

    def key(self, name: str) -> None:
        if name == "return":
            self._ok()
            return
        if name == "escape":
            self.buttons[-1].activate()
            return
        if self.focus.current is self.input and self.input.key(name):
            return
        self.focus.key(name)
