"""Scenes and the scene stack.

A scene gets meaningful calls - ``click(pos, button)``, ``hover(pos)``, ``key(name)``,
``text(chars)``, ``scroll(dy)``, ``update(dt)``, ``draw(surface)``, ``resize(w, h)`` - so tests
drive it directly. The stack follows Tuxemon's state manager: push/pop/replace take effect at
once, a queued change waits for the next frame boundary, and a scene revealed by a pop is
resumed lazily (``resume()`` runs once, just before it next handles anything).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from riotsim.ui.app import App


class Scene:
    """Base scene: does nothing. ``opaque`` scenes hide everything beneath them."""

    opaque: bool = True

    def __init__(self, app: App):
        self.app = app

    @property
    def theme(self):
        return self.app.theme

    # life cycle
    def enter(self) -> None:
        """Called once when first pushed."""

    def resume(self) -> None:
        """Called (lazily) when the scene above was popped."""

    def leave(self) -> None:
        """Called when removed from the stack."""

    # input and frames
    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        pass

    def hover(self, pos: tuple[int, int]) -> None:
        pass

    def key(self, name: str) -> None:
        pass

    def text(self, chars: str) -> None:
        pass

    def scroll(self, dy: int) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def resize(self, w: int, h: int) -> None:
        pass


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._queued: list[Callable[[], None]] = []
        self._needs_resume: Scene | None = None

    def __len__(self) -> int:
        return len(self.scenes)

    def __contains__(self, scene: object) -> bool:
        return scene in self.scenes

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        self.scenes.append(scene)
        try:
            scene.enter()
        except Exception:
            self.scenes.remove(scene)
            raise
        return scene

    def pop(self, scene: Scene | None = None) -> Scene | None:
        """Remove the top scene (or ``scene`` and everything above it)."""
        if not self.scenes:
            return None
        if scene is not None and scene not in self.scenes:
            return None
        target = scene if scene is not None else self.scenes[-1]
        while self.scenes:
            removed = self.scenes.pop()
            removed.leave()
            if removed is target:
                break
        self._needs_resume = self.top
        return target

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for ``scene`` (no resume of the scene beneath)."""
        if self.scenes:
            self.scenes.pop().leave()
        return self.push(scene)

    def clear_to(self, scene: Scene) -> Scene:
        """Drop every scene and start again from ``scene``."""
        while self.scenes:
            self.scenes.pop().leave()
        self._needs_resume = None
        return self.push(scene)

    def queue(self, change: Callable[[], None]) -> None:
        """Run a stack change between frames (e.g. ``stack.queue(lambda: stack.push(s))``)."""
        self._queued.append(change)

    def apply_queued(self) -> None:
        while self._queued:
            self._queued.pop(0)()

    def resume_if_needed(self) -> None:
        """Call ``resume()`` on a scene revealed by a pop, once, before it handles input."""
        scene, self._needs_resume = self._needs_resume, None
        if scene is not None and scene is self.top:
            scene.resume()

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the top-most opaque scene upward."""
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                return self.scenes[i:]
        return list(self.scenes)
