"""Widget base class and keyboard focus handling."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from riotsim.ui.theme import Theme


class Widget:
    """Something with a rectangle that draws itself and may take focus."""

    focusable = False

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hovered = False
        self.focused = False
        self.enabled = True
        self.visible = True

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        pass

    def hover(self, pos: tuple[int, int]) -> None:
        self.hovered = self.visible and self.rect.collidepoint(pos)

    def click(self, pos: tuple[int, int], button: int = 1) -> bool:
        """True when the click was used."""
        return False

    def key(self, name: str) -> bool:
        """A key while focused; True when used."""
        return False

    def text(self, chars: str) -> bool:
        return False

    def scroll(self, dy: int) -> bool:
        return False

    def activate(self) -> None:
        """Enter/Space on the focused widget."""


class FocusGroup:
    """Tab/Shift+Tab and Up/Down move focus through widgets; Return/Space activates.

    Mouse and keyboard share one state: hovering a widget does not steal focus, but clicking
    one focuses it.
    """

    def __init__(self, widgets: Sequence[Widget] | None = None):
        self.widgets: list[Widget] = list(widgets or [])
        self.index = -1

    def set(self, widgets: Sequence[Widget], keep: bool = True) -> None:
        current = self.current
        self.widgets = list(widgets)
        self.index = -1
        if keep and current in self.widgets:
            self.index = self.widgets.index(current)
        self._sync()

    @property
    def current(self) -> Widget | None:
        if 0 <= self.index < len(self.widgets):
            return self.widgets[self.index]
        return None

    def _candidates(self) -> list[int]:
        return [i for i, w in enumerate(self.widgets) if w.focusable and w.enabled and w.visible]

    def focus(self, widget: Widget | None) -> None:
        self.index = self.widgets.index(widget) if widget in self.widgets else -1
        self._sync()

    def move(self, step: int) -> None:
        candidates = self._candidates()
        if not candidates:
            self.index = -1
        elif self.index not in candidates:
            self.index = candidates[0] if step > 0 else candidates[-1]
        else:
            pos = candidates.index(self.index)
            self.index = candidates[(pos + step) % len(candidates)]
        self._sync()

    def _sync(self) -> None:
        for i, w in enumerate(self.widgets):
            w.focused = i == self.index

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        for w in self.widgets:
            if w.visible:
                w.draw(surface, theme)

    def hover(self, pos: tuple[int, int]) -> None:
        for w in self.widgets:
            w.hover(pos)

    def click(self, pos: tuple[int, int], button: int = 1) -> bool:
        for w in self.widgets:
            if w.visible and w.enabled and w.rect.collidepoint(pos):
                if w.focusable:
                    self.focus(w)
                if w.click(pos, button):
                    return True
        return False

    def scroll(self, dy: int) -> bool:
        pos = pygame.mouse.get_pos() if pygame.display.get_init() else (-1, -1)
        for w in self.widgets:
            if w.visible and w.rect.collidepoint(pos) and w.scroll(dy):
                return True
        current = self.current
        return bool(current and current.scroll(dy))

    def text(self, chars: str) -> bool:
        current = self.current
        return bool(current and current.enabled and current.text(chars))

    def key(self, name: str) -> bool:
        current = self.current
        if current is not None and current.enabled and current.key(name):
            return True
        if name in ("tab", "down"):
            self.move(1)
            return True
        if name in ("shift+tab", "up"):
            self.move(-1)
            return True
        if name in ("return", "enter", "space") and current is not None and current.enabled:
            current.activate()
            return True
        return False
