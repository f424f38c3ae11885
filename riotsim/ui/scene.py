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
    """The scenes, bottom first. ``on_error(scene, "leave", exc)`` hears of a ``leave()`` that
    raised; the change to the stack is made all the same (without it, the error is raised once
    the change is complete)."""

    def __init__(self, on_error: Callable[[Scene, str, Exception], None] | None = None) -> None:
        self.scenes: list[Scene] = []
        self._queued: list[Callable[[], None]] = []
        self._needs_resume: Scene | None = None
        self.on_error = on_error

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
        removed: list[Scene] = []
        while self.scenes:
            removed.append(self.scenes.pop())
            if removed[-1] is target:
                break
        self._needs_resume = self.top
        self._leave_all(removed)
        return target

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for ``scene`` (no resume of the scene beneath)."""
        if self.scenes:
            self._leave_all([self.scenes.pop()])
        return self.push(scene)

    def clear_to(self, scene: Scene) -> Scene:
        """Drop every scene and start again from ``scene``."""
        removed = self.scenes[::-1]
        self.scenes = []
        self._needs_resume = None
        self._leave_all(removed)
        return self.push(scene)

    def _leave_all(self, removed: list[Scene]) -> None:
        """``leave()`` each removed scene, top first; one that raises does not stop the rest."""
        first: Exception | None = None
        for scene in removed:
            try:
                scene.leave()
            except Exception as exc:  # noqa: BLE001 - reported below, after the others left
                if self.on_error is not None:
                    self.on_error(scene, "leave", exc)
                elif first is None:
                    first = exc
        if first is not None:
            raise first

    def queue(self, change: Callable[[], None]) -> None:
        """Run a stack change between frames (e.g. ``stack.queue(lambda: stack.push(s))``)."""
        self._queued.append(change)

    def apply_queued(self) -> None:
        while self._queued:
            self._queued.pop(0)()

    def resume_if_needed(self) -> None:
        """Call ``resume()`` on a scene revealed by a pop, once, before it handles input."""
        scene = self.take_resume()
        if scene is not None:
            scene.resume()

    def take_resume(self) -> Scene | None:
        """The scene that needs ``resume()`` now (the caller calls it), or None."""
        scene, self._needs_resume = self._needs_resume, None
        return scene if scene is not None and scene is self.top else None

    def want_resume(self, scene: Scene) -> None:
        """Ask for ``resume()`` on ``scene`` again (its last one failed)."""
        self._needs_resume = scene

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the top-most opaque scene upward."""
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                return self.scenes[i:]
        return list(self.scenes)
