"""Scenes and the scene stack.

A scene gets meaningful calls - ``click(pos, button)``, ``hover(pos)``, ``key(name)``,
``text(chars)``, ``scroll(dy)``, ``update(dt)``, ``draw(surface)``, ``resize(w, h)`` - so tests
drive it directly. The stack follows Tuxemon's state manager: push/pop/replace take effect at
once, a queued change waits for the next frame boundary, and a scene revealed by a pop is
resumed lazily (``resume()`` runs once, just before it next handles anything).

Scenes are reached by name, as in Tuxemon: a scene class (or a function that builds a scene)
registers itself with :func:`register_scene`, and the stack builds it from its name -
``stack.push("load")``, ``stack.replace("game", match)`` - so no scene imports another to open
it. The names are collected from the modules of :mod:`riotsim.ui.scenes` when asked for: the
module of the same name first (``"menu"`` is in ``menu.py``, so the first menu frame imports
the menu's modules and no other screen's), then every module of the package.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import pygame

if TYPE_CHECKING:
    from riotsim.ui.app import App
    from riotsim.ui.theme import Theme

# builds a scene: ``factory(app, *args, **kwargs)`` (a Scene subclass, or a function)
SceneFactory = Callable[..., "Scene"]
F = TypeVar("F", bound=SceneFactory)

_SCENES: dict[str, SceneFactory] = {}
_SCENE_PACKAGE = "riotsim.ui.scenes"


def register_scene(name: str) -> Callable[[F], F]:
    """Class (or function) decorator: the scene is opened by ``name`` from now on."""

    def register(factory: F) -> F:
        known = _SCENES.get(name)
        if known is not None and known is not factory:
            raise ValueError(f"scene name {name!r} is taken by {known.__qualname__}")
        _SCENES[name] = factory
        return factory

    return register


def scene_factory(name: str) -> SceneFactory:
    """What builds the scene called ``name``; KeyError (naming the known ones) if none does."""
    factory = _SCENES.get(name)
    if factory is None:
        _import_scene_module(name)
        factory = _SCENES.get(name)
    if factory is None:
        _import_scene_modules()
        factory = _SCENES.get(name)
    if factory is None:
        raise KeyError(f"no scene called {name!r} (known: {', '.join(scene_names())})")
    return factory


def scene_names() -> list[str]:
    """Every registered scene name, sorted (after importing every scene module)."""
    _import_scene_modules()
    return sorted(_SCENES)


def _import_scene_module(name: str) -> None:
    """Import the scenes module called ``name``, if there is one: where a scene is usually
    found, so opening the menu does not import every other screen."""
    if name.isidentifier() and importlib.util.find_spec(f"{_SCENE_PACKAGE}.{name}") is not None:
        importlib.import_module(f"{_SCENE_PACKAGE}.{name}")


def _import_scene_modules() -> None:
    """Import every module of the scenes package: each registers its scenes as it loads."""
    package = importlib.import_module(_SCENE_PACKAGE)
    for info in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"{_SCENE_PACKAGE}.{info.name}")


class Scene:
    """Base scene: does nothing. ``opaque`` scenes hide everything beneath them."""

    opaque: bool = True

    def __init__(self, app: App):
        self.app = app

    @property
    def theme(self) -> Theme:
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

    def __init__(
        self,
        on_error: Callable[[Scene, str, Exception], None] | None = None,
        make: Callable[..., Scene] | None = None,
    ) -> None:
        self.scenes: list[Scene] = []
        self.make = make  # make(name, *args, **kwargs): a scene by its registered name
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

    def build(self, scene: Scene | str, *args: Any, **kwargs: Any) -> Scene:
        """``scene`` itself, or the scene registered as ``scene`` built with these arguments."""
        if isinstance(scene, Scene):
            if args or kwargs:
                raise TypeError("arguments are for a scene given by name")
            return scene
        if self.make is None:
            raise TypeError(f"this stack builds no scenes by name (asked for {scene!r})")
        return self.make(scene, *args, **kwargs)

    def push(self, scene: Scene | str, *args: Any, **kwargs: Any) -> Scene:
        """Put ``scene`` (or the scene registered under that name, built first) on top."""
        scene = self.build(scene, *args, **kwargs)
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

    def replace(self, scene: Scene | str, *args: Any, **kwargs: Any) -> Scene:
        """Swap the top scene for ``scene`` (no resume of the scene beneath)."""
        scene = self.build(scene, *args, **kwargs)  # before the old one leaves: it may fail
        if self.scenes:
            self._leave_all([self.scenes.pop()])
        return self.push(scene)

    def clear_to(self, scene: Scene | str, *args: Any, **kwargs: Any) -> Scene:
        """Drop every scene and start again from ``scene``."""
        scene = self.build(scene, *args, **kwargs)
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
