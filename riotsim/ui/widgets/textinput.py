"""One line of editable text (typed characters arrive through ``text()``)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.theme import Theme
from riotsim.ui.widgets.base import Widget


class TextInput(Widget):
    focusable = True

    def __init__(
        self,
        value: str = "",
        on_change: Callable[[str], None] | None = None,
        max_len: int = 24,
        allowed: Callable[[str], bool] | None = None,
        placeholder: str = "",
    ):
        super().__init__()
        self.value = value
        self.on_change = on_change
        self.max_len = max_len
        self.allowed = allowed or (lambda ch: ch.isprintable())
        self.placeholder = placeholder
        self.blink = 0.0
        self.selected_all = False  # the next typed text replaces the whole value

    def select_all(self) -> None:
        """Mark the text so typing replaces it (a suggested name is easy to overwrite)."""
        self.selected_all = bool(self.value)

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.value)

    def text(self, chars: str) -> bool:
        if not self.focused:
            return False
        added = "".join(ch for ch in chars if self.allowed(ch))
        if added and self.selected_all:
            self.value = ""
        self.selected_all = False
        room = self.max_len - len(self.value)
        if added and room > 0:
            self.value += added[:room]
            self._changed()
        return True

    def key(self, name: str) -> bool:
        if self.selected_all and name in ("backspace", "delete"):
            name = "ctrl+backspace"
        if name in ("left", "right", "home", "end"):
            self.selected_all = False  # keep the text and edit its end
            return True
        if name == "backspace":
            if self.value:
                self.value = self.value[:-1]
                self._changed()
            return True
        if name == "ctrl+backspace":
            self.value = ""
            self._changed()
            return True
        # printable keys arrive through text(); swallow them so they do not act as shortcuts
        return len(name) == 1 or name == "space"

    def click(self, pos: tuple[int, int], button: int = 1) -> bool:
        return self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        border = T.ACCENT if self.focused else (T.TEXT_DIM if self.hovered else T.LINE)
        draw.rounded_rect(
            surface, self.rect, T.BG_DEEP, theme.px(6), border, theme.px(2 if self.focused else 1)
        )
        font = theme.fonts.get(16)
        pad = theme.px(10)
        shown = self.value or self.placeholder
        ink = T.TEXT if self.value else T.DISABLED_TEXT
        inner = self.rect.w - 2 * pad
        # show the end of long text while editing
        while shown and font.size(shown)[0] > inner:
            shown = shown[1:] if self.focused else shown[:-1]
        if self.selected_all and self.focused:
            size = draw.text_size(font, shown)
            mark = pygame.Rect(0, 0, size[0] + theme.px(4), size[1])
            mark.midleft = (self.rect.left + pad - theme.px(2), self.rect.centery)
            draw.rounded_rect(surface, mark, T.mix(T.ACCENT, T.BG_DEEP, 0.55), theme.px(3))
        rect = draw.text(
            surface, shown, font, ink, (self.rect.left + pad, self.rect.centery), "midleft"
        )
        if self.focused and (pygame.time.get_ticks() // 500) % 2 == 0:
            x = rect.right + 1 if self.value else self.rect.left + pad
            pygame.draw.line(surface, T.ACCENT, (x, rect.top + 2), (x, rect.bottom - 2), 2)
