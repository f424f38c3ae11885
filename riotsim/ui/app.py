"""The application: window, clock, scene stack and the one layer that turns pygame events
into scene calls.

``run()`` is what the command line calls. Every scene call goes through :meth:`App.safely`, so
an exception in a scene, or a save or map that fails to load, becomes a message dialog over a
working screen instead of a crash (the match has autosaved after every action, so nothing is
lost). Tracebacks go to ``user_data_dir()/riotsim.log`` for bug reports.
"""

from __future__ import annotations

import logging
import os
import sys
import time
import traceback
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from riotsim.paths import user_data_dir
from riotsim.ui import sound
from riotsim.ui.scene import Scene, SceneStack
from riotsim.ui.settings import Settings, load_settings, save_settings
from riotsim.ui.theme import Theme, reset_fonts

log = logging.getLogger("riotsim.ui")

# perf_counter() at the first flip of the most recent run() (benchmarks read it)
first_frame_at: float | None = None

_KEY_ALIASES = {"enter": "return", "keypad enter": "return", "[+]": "+", "[-]": "-"}


def key_name(key: int, mod: int) -> str:
    """``"space"``, ``"escape"``, ``"a"``, ``"ctrl+z"``, ``"shift+tab"`` ... from a KEYDOWN."""
    name = pygame.key.name(key).lower()
    name = _KEY_ALIASES.get(name, name)
    if mod & pygame.KMOD_CTRL and name not in ("left ctrl", "right ctrl"):
        return "ctrl+" + name
    if mod & pygame.KMOD_SHIFT and name == "tab":
        return "shift+tab"
    return name


class App:
    def __init__(
        self,
        size: tuple[int, int] | None = None,
        settings: Settings | None = None,
        headless: bool = False,
    ):
        loaded, problem = load_settings() if settings is None else (settings, None)
        self.settings = loaded
        self.startup_message = problem
        if size is not None:
            self.settings.width, self.settings.height = size
        self.size = (self.settings.width, self.settings.height)
        self.headless = headless
        self.theme = Theme(*self.size, ui_scale=self.settings.ui_scale)
        self.stack = SceneStack()
        self.running = True
        self.clock = pygame.time.Clock()
        self.frame = 0
        self.errors: list[str] = []  # messages shown, newest last (tests read them)
        self._init_pygame()
        self.screen = self._open_window()

    # -- window -----------------------------------------------------------------------------
    def _init_pygame(self) -> None:
        pygame.display.init()
        pygame.font.init()
        reset_fonts()
        from riotsim.ui import draw

        draw.clear_text_caches()
        # the mixer opens after the first frame (see run): it is slow even when it fails
        sound.configure(self.settings.sound)
        pygame.key.set_repeat(350, 40)

    def _open_window(self) -> pygame.Surface:
        flags = pygame.RESIZABLE
        if self.settings.fullscreen and not self.headless:
            flags = pygame.FULLSCREEN
            size = (0, 0)
        else:
            size = self.size
        try:
            screen = pygame.display.set_mode(size, flags)
        except pygame.error:
            screen = pygame.display.set_mode(self.size)
        pygame.display.set_caption("riotsim")
        pygame.display.set_icon(_icon())
        self.size = screen.get_size()
        self.theme.resize(*self.size)
        return screen

    def apply_settings(self, settings: Settings) -> None:
        """Use new settings now and keep them for next time."""
        old = self.settings
        self.settings = settings
        self.theme.ui_scale = settings.ui_scale
        sound.enable(settings.sound)
        if (old.width, old.height, old.fullscreen) != (
            settings.width,
            settings.height,
            settings.fullscreen,
        ):
            self.size = (settings.width, settings.height)
            self.screen = self._open_window()
        self._resize_all()
        try:
            save_settings(settings)
        except OSError as exc:
            self.message("Settings not saved", f"Could not write the settings file: {exc}")

    def _resize_all(self) -> None:
        for scene in list(self.stack.scenes):
            self.safely(scene, "resize", *self.size)

    # -- scene stack --------------------------------------------------------------------------
    def push(self, scene: Scene) -> Scene:
        self.safely(None, "push", lambda: self.stack.push(scene))
        return scene

    def pop(self, scene: Scene | None = None) -> None:
        self.stack.pop(scene)
        if not self.stack.scenes:
            self.open_menu()

    def replace(self, scene: Scene) -> Scene:
        self.safely(None, "replace", lambda: self.stack.replace(scene))
        return scene

    def open_menu(self) -> None:
        from riotsim.ui.scenes.menu import MenuScene

        self.stack.clear_to(MenuScene(self))

    # -- errors ---------------------------------------------------------------------------------
    def message(self, title: str, text: str, kind: str = "info") -> None:
        from riotsim.ui.widgets.dialog import Dialog

        if kind == "error":
            self.errors.append(f"{title}: {text}")
        self.stack.push(Dialog(self, title, text, kind=kind))

    def report(self, exc: BaseException, where: str) -> None:
        """Show an exception as a dialog; log the traceback."""
        detail = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        _append_log(f"{where}: {detail}")
        log.error("%s failed: %s", where, exc)
        text = str(exc) or type(exc).__name__
        in_game = any(hasattr(scene, "match") for scene in self.stack.scenes)
        saved = "The game is saved after every move; you can carry on. " if in_game else ""
        self.message(
            "Something went wrong",
            f"{text}\n\n{saved}Details are in {user_data_dir() / 'riotsim.log'}.",
            kind="error",
        )

    def safely(self, scene: Scene | None, method: str, *args: Any) -> Any:
        """Call ``scene.method(*args)`` (or a callable when scene is None) without ever raising.

        A scene that fails while updating or drawing is removed (with those above it), so the
        screen beneath - ultimately the main menu - keeps working; a failed input handler only
        shows the message.
        """
        try:
            if scene is None:
                return args[0]()
            return getattr(scene, method)(*args)
        except Exception as exc:  # noqa: BLE001 - the app must never die
            from riotsim.ui.widgets.dialog import Dialog

            name = type(scene).__name__ if scene is not None else "app"
            if scene is not None and method in ("update", "draw", "enter", "resume", "resize"):
                if scene in self.stack:
                    self.stack.pop(scene)
                if not self.stack.scenes:
                    self.open_menu()
            if isinstance(scene, Dialog):
                # a message box that cannot show itself must not spawn another one
                _append_log(f"{name}.{method}: {exc!r}")
                return None
            self.report(exc, f"{name}.{method}")
            return None

    # -- events -----------------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        """Turn one pygame event into a call on the top scene."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.WINDOWRESIZED, pygame.VIDEORESIZE):
            size = (event.w, event.h) if event.type == pygame.VIDEORESIZE else (event.x, event.y)
            if size != self.size and size[0] > 0 and size[1] > 0:
                self.size = size
                self.screen = pygame.display.get_surface() or self.screen
                self.theme.resize(*self.size)
                self._resize_all()
            return
        self.stack.resume_if_needed()
        top = self.stack.top
        if top is None:
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            self.safely(top, "click", event.pos, event.button)
        elif event.type == pygame.MOUSEMOTION:
            self.safely(top, "hover", event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.safely(top, "scroll", event.y)
        elif event.type == pygame.KEYDOWN:
            name = key_name(event.key, event.mod)
            if name == "f11":
                flipped = replace(self.settings, fullscreen=not self.settings.fullscreen)
                self.apply_settings(flipped)
                return
            self.safely(top, "key", name)
        elif event.type == pygame.TEXTINPUT:
            self.safely(top, "text", event.text)

    # -- frames ---------------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        """One frame: apply queued stack changes, update the top scene, draw the visible ones."""
        self.safely(None, "queue", self.stack.apply_queued)
        if not self.stack.scenes:
            self.open_menu()
        self.stack.resume_if_needed()
        # scenes below an overlay keep running (bots think, animations play) unless covered
        for scene in list(self.stack.visible()):
            if scene in self.stack:
                self.safely(scene, "update", dt)
        self.draw()
        self.frame += 1

    def draw(self) -> None:
        visible = self.stack.visible()
        if not (visible and visible[0].opaque):
            self.screen.fill((0, 0, 0))
        for scene in list(visible):
            if scene in self.stack:
                self.safely(scene, "draw", self.screen)

    def run(self, frames: int | None = None) -> int:
        global first_frame_at
        if self.startup_message:
            self.message("Settings", self.startup_message)
        dt = 0.0
        failures = 0
        while self.running and (frames is None or self.frame < frames):
            try:
                for event in pygame.event.get():
                    self.dispatch(event)
                self.tick(dt)
                pygame.display.flip()
                failures = 0
            except Exception as exc:  # noqa: BLE001 - outside any scene: log, start over
                failures += 1
                _append_log(f"frame {self.frame}: {exc!r}")
                if failures >= 50:
                    return 1  # something is broken beyond recovery; do not spin forever
                self.frame += 1
                self.open_menu()
            if self.frame == 1:
                first_frame_at = time.perf_counter()
                sound.init(self.settings.sound)  # never raises: no sound device is fine
            dt = min(0.1, self.clock.tick(60) / 1000.0)
        return 0

    def quit(self) -> None:
        self.running = False


def _icon() -> pygame.Surface:
    """The window icon from assets/icon.png; four seat shapes on a dark tile if it is missing."""
    from riotsim.paths import assets_dir

    try:
        return pygame.image.load(str(assets_dir() / "icon.png"))
    except (OSError, pygame.error):
        pass
    from riotsim.ui import draw
    from riotsim.ui import theme as T

    icon = pygame.Surface((64, 64), pygame.SRCALPHA)
    draw.rounded_rect(icon, icon.get_rect(), T.BG, 14)
    for i, (x, y) in enumerate(((20, 20), (44, 20), (20, 44), (44, 44))):
        draw.seat_marker(icon, T.seat_shape(i), T.seat_colour(i), (x, y), 10)
    return icon


def _append_log(text: str) -> None:
    try:
        with open(user_data_dir() / "riotsim.log", "a", encoding="utf-8") as handle:
            handle.write(time.strftime("%Y-%m-%d %H:%M:%S ") + text + "\n")
    except OSError:
        pass


def run(
    frames: int | None = None,
    size: tuple[int, int] | None = None,
    start_game: str | None = None,
    setup: Any = None,
    lab: str | os.PathLike | None = None,
) -> int:
    """Open the app. ``frames`` runs that many frames and returns 0 (smoke tests, timing).

    ``start_game`` opens the setup screen for that rule set; with a ``GameSetup`` in ``setup``
    the game starts straight away. ``lab`` opens the Map Lab on a .tmx file.
    """
    if frames is not None and "SDL_VIDEODRIVER" not in os.environ and not _has_display():
        # a smoke run on a machine without a screen: no window and no sound device either
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    app = App(size=size)
    app.open_menu()
    if start_game is not None:
        _open_game(app, start_game, setup)
    if lab is not None:
        from riotsim.ui.scenes.lab import MapLabScene

        app.push(MapLabScene(app, Path(lab)))
    try:
        return app.run(frames)
    finally:
        pygame.quit()


def _open_game(app: App, game: str, setup: Any) -> None:
    """Open the setup screen for ``game``, or start it at once when a setup is given."""
    from riotsim.ui.scenes.setup import SetupScene

    if setup is None:
        app.safely(None, "start", lambda: app.stack.push(SetupScene(app, game)))
        return
    from riotsim.core import registry
    from riotsim.core.match import Match
    from riotsim.core.saves import new_autosave_path
    from riotsim.ui.scenes.game import start_match

    try:
        match = Match(
            registry.get(game), setup, autosave_path=new_autosave_path(game), game_id=game
        )
    except Exception as exc:  # noqa: BLE001 - a setup the rules refuse: say why, stay in the app
        app.message("Cannot start this game", f"{game}: {exc}", kind="error")
        return
    app.safely(None, "start", lambda: start_match(app, match))


def _has_display() -> bool:
    if os.name == "nt" or sys.platform == "darwin":
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
