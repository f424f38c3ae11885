"""The application: window, clock, scene stack and the one layer that turns pygame events
into scene calls.

``run()`` is what the command line calls. Every call on a scene (input, update, draw, resume,
resize, leave) goes through :meth:`App.safely`, so an exception in a scene, or a save or map
that fails to load, becomes one message over a working screen instead of a crash (the match has
autosaved after every action, so nothing is lost). A failed frame is simply tried again; only a
scene that fails every frame for :data:`FALLBACK_AFTER` frames is closed, with a message saying
so. Tracebacks go to ``user_data_dir()/riotsim.log`` for bug reports.

A window smaller than :data:`~riotsim.ui.settings.MIN_WINDOW` shows a "window too small" card
while the scenes keep running, laid out at the smallest size they are made for.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time
import traceback
import weakref
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar, overload

import pygame

from riotsim import i18n
from riotsim.i18n import _
from riotsim.paths import user_data_dir
from riotsim.ui import sound
from riotsim.ui.scene import Scene, SceneStack, scene_factory
from riotsim.ui.scenes.opening import start_match
from riotsim.ui.settings import (
    MAX_PIXELS,
    MAX_SIDE,
    MIN_WINDOW,
    Settings,
    load_settings,
    save_problem,
    save_settings,
    size_limit_problem,
)
from riotsim.ui.theme import Theme, reset_fonts
from riotsim.ui.widgets.toosmall import draw_too_small

log = logging.getLogger("riotsim.ui")

# perf_counter() at the first flip of the most recent run() (benchmarks read it)
first_frame_at: float | None = None

_KEY_ALIASES = {"enter": "return", "keypad enter": "return", "[+]": "+", "[-]": "-"}


def _use_look(settings: Settings) -> None:
    """The palette and the motion setting every screen reads at draw time."""
    from riotsim.ui import anim
    from riotsim.ui import theme as T

    T.use_palette(settings.theme)
    anim.set_reduced_motion(settings.reduced_motion)


def key_name(key: int, mod: int) -> str:
    """``"space"``, ``"escape"``, ``"a"``, ``"ctrl+z"``, ``"shift+tab"`` ... from a KEYDOWN."""
    name = pygame.key.name(key).lower()
    name = _KEY_ALIASES.get(name, name)
    if mod & pygame.KMOD_CTRL and name not in ("left ctrl", "right ctrl"):
        return "ctrl+" + name
    if mod & pygame.KMOD_SHIFT and name == "tab":
        return "shift+tab"
    return name


# a scene whose per-frame call (update, draw, resume, resize) fails this many frames in a row
# is given up; one that fails now and then is retried every frame and keeps its screen
FALLBACK_AFTER = 120  # about two seconds
_MAX_REMEMBERED = 500  # distinct error messages kept to show each only once
_PER_FRAME = ("update", "draw", "resume", "resize")

S = TypeVar("S", bound=Scene)


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
        self.headless = headless
        self.window_size = (self.settings.width, self.settings.height)
        self.size = layout_size(self.window_size)
        self.theme = Theme(
            *self.size, ui_scale=self.settings.ui_scale, text_scale=self.settings.text_scale
        )
        _use_look(self.settings)
        self.stack = SceneStack(on_error=self._leave_failed, make=self.make_scene)
        self.running = True
        self.clock = pygame.time.Clock()
        self.frame = 0
        self.errors: list[str] = []  # messages shown, newest last (tests read them)
        self._failing: dict[tuple[int, str], int] = {}  # (scene id, call) -> failures in a row
        self._shown: set[tuple[str, str]] = set()  # (where, text) of errors already shown
        self._relayout: list[Scene] = []  # scenes whose resize failed: tried again each frame
        self._init_pygame()
        self.screen = self._open_window()
        self.stop_listening = _listen_for_language(self)
        self.cues = sound.CueLayer()  # every sound's visual equivalent, drawn over the screens
        self.stop_cues = sound.on_cue(self.cues.add)

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
        if self.settings.fullscreen and not self.headless:
            tries = [((0, 0), pygame.FULLSCREEN)]
        else:
            tries = []
        wanted = fit_to_display(self.window_size)
        for size in (wanted, fit_to_display((1280, 800)), MIN_WINDOW):
            tries.append((size, pygame.RESIZABLE))
        screen = None
        for size, flags in tries:
            try:
                screen = pygame.display.set_mode(size, flags)
                break
            except pygame.error as exc:  # e.g. out of memory for the size asked
                _append_log(f"window {size}: {exc}")
        if screen is None:
            screen = pygame.display.set_mode(MIN_WINDOW)
        pygame.display.set_caption("riotsim")
        with contextlib.suppress(pygame.error):
            pygame.display.set_icon(_icon())
        self._window_changed(screen.get_size())
        return screen

    def _window_changed(self, size: tuple[int, int]) -> None:
        self.window_size = size
        self.size = layout_size(size)
        self.theme.resize(*self.size)

    @property
    def too_small(self) -> bool:
        """The window is smaller than the screens are laid out for: the card shows instead."""
        w, h = self.screen.get_size()
        return w < MIN_WINDOW[0] or h < MIN_WINDOW[1]

    def apply_settings(self, settings: Settings) -> None:
        """Use new settings now and keep them for next time."""
        old = self.settings
        self.settings = settings
        self.theme.ui_scale = settings.ui_scale
        self.theme.text_scale = settings.text_scale
        _use_look(settings)
        sound.enable(settings.sound)
        if settings.language != old.language:
            self.use_language(settings.language)
        elif settings.theme != old.theme:
            # widgets built with the old palette's colours are built again
            self.language_changed(i18n.language())
        if (old.width, old.height, old.fullscreen) != (
            settings.width,
            settings.height,
            settings.fullscreen,
        ):
            self.window_size = (settings.width, settings.height)
            self.screen = self._open_window()
        self._resize_all()
        try:
            save_settings(settings, base=old)
        except OSError as exc:
            _append_log(f"settings not saved: {exc!r}")
            self.message(_("Settings not saved"), save_problem(exc))

    def use_language(self, choice: str) -> None:
        """Speak ``choice`` ("system", "en", "it"); every open screen lays out again in it."""
        try:
            i18n.set_language(choice)
        except ValueError as exc:  # (settings are validated: only a caller's slip lands here)
            _append_log(f"language {choice!r}: {exc}")

    def language_changed(self, code: str) -> None:
        """The language is now ``code``: each scene rebuilds its texts (``language_changed``,
        a plain re-layout for scenes without one)."""
        self._relayout = []
        for scene in list(self.stack.scenes):
            if hasattr(scene, "language_changed"):
                self._call(scene, "language_changed")
            else:
                self._resize(scene)

    def _resize_all(self) -> None:
        self._relayout = []
        for scene in list(self.stack.scenes):
            self._resize(scene)

    def _resize(self, scene: Scene) -> None:
        ok, _result = self._call(scene, "resize", *self.size)
        if not ok and scene in self.stack and scene not in self._relayout:
            self._relayout.append(scene)

    def _retry_layouts(self) -> None:
        pending, self._relayout = self._relayout, []
        for scene in pending:
            if scene in self.stack:
                self._resize(scene)

    # -- scene stack --------------------------------------------------------------------------
    def make_scene(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """The scene registered as ``name`` (see :func:`~riotsim.ui.scene.register_scene`),
        built for this app: ``make_scene("setup", "quodd")``."""
        return scene_factory(name)(self, *args, **kwargs)

    @overload
    def push(self, scene: S) -> S: ...
    @overload
    def push(self, scene: str, *args: Any, **kwargs: Any) -> Scene: ...
    def push(self, scene: Scene | str, *args: Any, **kwargs: Any) -> Scene:
        """Put a scene (or the one registered under that name, built here) on top; an
        ``enter()`` that fails is reported, not raised."""
        built = self.stack.build(scene, *args, **kwargs)
        self.safely(None, "push", lambda: self.stack.push(built))
        return built

    def pop(self, scene: Scene | None = None) -> None:
        self.stack.pop(scene)
        if not self.stack.scenes:
            self.open_menu()

    @overload
    def replace(self, scene: S) -> S: ...
    @overload
    def replace(self, scene: str, *args: Any, **kwargs: Any) -> Scene: ...
    def replace(self, scene: Scene | str, *args: Any, **kwargs: Any) -> Scene:
        built = self.stack.build(scene, *args, **kwargs)
        self.safely(None, "replace", lambda: self.stack.replace(built))
        return built

    def open_menu(self) -> None:
        try:
            self.stack.clear_to("menu")
        except Exception as exc:  # noqa: BLE001 - even the menu failing leaves a message up
            self._shown.discard(("MenuScene.enter", _text(exc)))
            self.report(exc, "MenuScene.enter")

    # -- errors ---------------------------------------------------------------------------------
    def message(self, title: str, text: str, kind: str = "info") -> None:
        from riotsim.ui.widgets.dialog import Dialog

        if kind == "error":
            self.errors.append(f"{title}: {text}")
        try:
            self.stack.push(Dialog(self, title, text, kind=kind))
        except Exception as exc:  # noqa: BLE001 - a dialog that cannot lay itself out
            _append_log(f"Dialog {title!r}: {exc!r}")

    def report(self, exc: BaseException, where: str) -> None:
        """Show an exception as a dialog, once per place and message; log the traceback."""
        text = _text(exc)
        key = (where, text)
        if key in self._shown:
            return
        if len(self._shown) < _MAX_REMEMBERED:
            self._shown.add(key)
        self.log_exception(exc, where)
        in_game = any("match" in vars(scene) for scene in self.stack.scenes)
        details = _("Details are in {path}.").format(path=_log_path())
        if in_game:
            details = _("The game is saved after every move; you can carry on. {details}").format(
                details=details
            )
        self.message(_("Something went wrong"), f"{text}\n\n{details}", kind="error")

    def log_exception(self, exc: BaseException, where: str) -> None:
        """The traceback into ``riotsim.log`` (for bug reports), nothing on screen."""
        detail = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        _append_log(f"{where}: {detail}")
        log.error("%s failed: %s", where, exc)

    def safely(self, scene: Scene | None, method: str, *args: Any) -> Any:
        """Call ``scene.method(*args)`` (or a callable when scene is None) without ever raising.

        A failure is logged and shown once; the scene stays and is called again next time. Only
        a per-frame call that fails :data:`FALLBACK_AFTER` frames in a row closes the scene
        (with those above it), with a message saying so.
        """
        return self._call(scene, method, *args)[1]

    def _call(self, scene: Scene | None, method: str, *args: Any) -> tuple[bool, Any]:
        try:
            result = args[0]() if scene is None else getattr(scene, method)(*args)
        except Exception as exc:  # noqa: BLE001 - the app must never die
            self._failed(scene, method, exc)
            return False, None
        if scene is not None and self._failing:
            self._failing.pop((id(scene), method), None)
        return True, result

    def _failed(self, scene: Scene | None, method: str, exc: Exception) -> None:
        from riotsim.ui.widgets.dialog import Dialog

        name = type(scene).__name__ if scene is not None else "app"
        where = f"{name}.{method}"
        key = (id(scene), method)
        count = self._failing.get(key, 0) + 1
        self._failing[key] = count
        if count == 1 or count == FALLBACK_AFTER:
            _append_log(f"{where} failed ({count} in a row): {exc!r}")
        if isinstance(scene, Dialog):
            # a message box that cannot show itself must not spawn another one, nor stay up
            # unseen, catching every key (its text is in the log)
            _append_log(f"{where}: {exc!r} (message: {scene.title}: {scene.message})")
            if method in _PER_FRAME and scene in self.stack:
                self.stack.pop(scene)
            return
        self.report(exc, where)
        if scene is not None and method in _PER_FRAME and count >= FALLBACK_AFTER:
            self._give_up(scene, where, exc)

    def _forget_closed(self) -> None:
        """Failure counts only for scenes still open (a new scene may reuse an old one's id)."""
        live = {id(scene) for scene in self.stack.scenes} | {id(None)}
        self._failing = {k: v for k, v in self._failing.items() if k[0] in live}

    def _give_up(self, scene: Scene, where: str, exc: Exception) -> None:
        """A scene that failed every frame for a while: close it and say so."""
        from riotsim.ui.widgets.dialog import Dialog

        self._failing = {k: v for k, v in self._failing.items() if k[0] != id(scene)}
        if scene in self.stack:
            self.stack.pop(scene)
        if not self.stack.scenes:
            self.open_menu()
        if isinstance(scene, Dialog):
            return
        back = type(self.stack.top).__name__ if self.stack.top is not None else "MenuScene"
        self.message(
            _("Screen closed"),
            _(
                "{where} failed {count} frames in a row ({error}), so that screen was closed; "
                "you are back at {screen}. Details are in {path}."
            ).format(
                where=where,
                count=FALLBACK_AFTER,
                error=_text(exc),
                screen=_screen_name(back),
                path=_log_path(),
            ),
            kind="error",
        )

    def _leave_failed(self, scene: Scene, method: str, exc: Exception) -> None:
        """The stack's report of a ``leave()`` that raised (the stack change still happened)."""
        self._failed(scene, method, exc)

    # -- events -----------------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        """Turn one pygame event into a call on the top scene (never raises)."""
        self._call(None, "event", lambda: self._dispatch(event))

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.WINDOWRESIZED, pygame.VIDEORESIZE):
            size = (event.w, event.h) if event.type == pygame.VIDEORESIZE else (event.x, event.y)
            self.window_resized(size)
            return
        self._resume()
        top = self.stack.top
        if top is None:
            return
        pointer = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEWHEEL)
        if pointer and self.too_small:
            return  # the card is showing: the pointer is over nothing of the screens
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            self.safely(top, "click", event.pos, event.button)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3):
            if hasattr(top, "release"):  # (drags: only scenes that pan a board ask)
                self.safely(top, "release", event.pos, event.button)
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

    def window_resized(self, size: tuple[int, int]) -> None:
        """The window is now ``size`` (any size from 1x1): lay the screens out again."""
        w, h = int(size[0]), int(size[1])
        if w < 1 or h < 1:
            return
        self.screen = pygame.display.get_surface() or self.screen
        old = self.size
        self._window_changed((w, h))
        if self.size != old:
            self._resize_all()

    def _resume(self) -> None:
        """``resume()`` on a scene revealed by a pop; tried again next frame if it fails."""
        scene = self.stack.take_resume()
        if scene is None:
            return
        ok, _result = self._call(scene, "resume")
        if not ok and scene in self.stack and self.stack.top is scene:
            self.stack.want_resume(scene)  # (under a new message, closing it asks again)

    # -- frames ---------------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        """One frame: apply queued stack changes, update the top scene, draw the visible ones."""
        self.safely(None, "queue", self.stack.apply_queued)
        if not self.stack.scenes:
            self.open_menu()
        self._resume()
        self._retry_layouts()
        if self._failing:
            self._forget_closed()
        # scenes below an overlay keep running (bots think, animations play) unless covered
        for scene in list(self.stack.visible()):
            if scene in self.stack:
                self.safely(scene, "update", dt)
        self.cues.update(dt)
        self.draw()
        self.frame += 1

    def draw(self) -> None:
        if self.too_small:
            self.safely(None, "draw", lambda: draw_too_small(self.screen, self.theme, MIN_WINDOW))
            return
        visible = self.stack.visible()
        if not (visible and visible[0].opaque):
            self.screen.fill((0, 0, 0))
        for scene in list(visible):
            if scene in self.stack:
                self.safely(scene, "draw", self.screen)
        if self.cues.shown:
            # a scene may name a corner of its own for them (the game screen: above its
            # views' prompt strips, so a cue never covers a prompt)
            where = getattr(self.stack.top, "cue_anchor", None)
            anchor = where() if callable(where) else None
            self.safely(None, "draw", lambda: self.cues.draw(self.screen, self.theme, anchor))

    def run(self, frames: int | None = None) -> int:
        global first_frame_at
        if self.startup_message:
            self.message(_("Settings"), self.startup_message)
        dt = 0.0
        failures = 0
        while self.running and (frames is None or self.frame < frames):
            try:
                for event in pygame.event.get():
                    self.dispatch(event)
                self.tick(dt)
                pygame.display.flip()
                failures = 0
            except Exception as exc:  # noqa: BLE001 - outside every scene (the display itself)
                failures += 1
                if failures in (1, FALLBACK_AFTER):
                    _append_log(f"frame {self.frame}: {exc!r}")
                if failures >= 5 * FALLBACK_AFTER:
                    return 1  # something is broken beyond recovery; do not spin forever
                if failures % FALLBACK_AFTER == 0:
                    self._reopen_window()
                self.frame += 1
            if self.frame == 1:
                first_frame_at = time.perf_counter()
                sound.init(self.settings.sound)  # never raises: no sound device is fine
            dt = min(0.1, self.clock.tick(60) / 1000.0)
        return 0

    def _reopen_window(self) -> None:
        """The window failed every frame for a while (a lost display surface?): open it anew."""
        with contextlib.suppress(Exception):
            self.screen = self._open_window()
            self._resize_all()

    def quit(self) -> None:
        self.running = False


def _listen_for_language(app: App) -> Any:
    """Tell ``app`` of every language change while it lives (a weak reference: an app that
    is gone stops listening by itself); returns the function that stops it."""
    ref = weakref.ref(app)

    def heard(code: str) -> None:
        alive = ref()
        if alive is None:
            stop()
        else:
            alive.language_changed(code)

    stop = i18n.on_change(heard)
    return stop


def layout_size(window: tuple[int, int]) -> tuple[int, int]:
    """The size the screens are laid out at: the window's, but never below :data:`MIN_WINDOW`."""
    return (max(MIN_WINDOW[0], int(window[0])), max(MIN_WINDOW[1], int(window[1])))


def _text(exc: BaseException) -> str:
    return str(exc) or type(exc).__name__


def _screen_name(scene_class: str) -> str:
    if scene_class == "MenuScene":
        return _("the menu")
    return _("the screen beneath ({name})").format(name=scene_class)


def _log_path() -> str:
    try:
        return str(user_data_dir() / "riotsim.log")
    except OSError:
        return _("the log (the user folder cannot be used, so nothing is logged)")


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
    lang: str | None = None,
) -> int:
    """Open the app. ``frames`` runs that many frames and returns 0 (smoke tests, timing).

    ``start_game`` opens the setup screen for that rule set; with a ``GameSetup`` in ``setup``
    the game starts straight away. ``lab`` opens the Map Lab on a .tmx file. ``lang`` is the
    language asked for on the command line (``--lang``): it wins over the one in Settings.
    """
    if frames is not None and "SDL_VIDEODRIVER" not in os.environ and not _has_display():
        # a smoke run on a machine without a screen: no window and no sound device either
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    app = App(size=size)
    app.use_language(lang or app.settings.language)
    app.open_menu()
    if start_game is not None:
        _open_game(app, start_game, setup)
    if lab is not None:
        app.safely(None, "lab", lambda: app.stack.push("lab", Path(lab)))
    try:
        return app.run(frames)
    finally:
        app.stop_listening()
        app.stop_cues()
        pygame.quit()


def _open_game(app: App, game: str, setup: Any) -> None:
    """Open the setup screen for ``game``, or start it at once when a setup is given."""
    if setup is None:
        app.safely(None, "start", lambda: app.stack.push("setup", game))
        return
    from riotsim.core import registry
    from riotsim.core.match import Match
    from riotsim.core.saves import new_autosave_path

    try:
        match = Match(
            registry.get(game), setup, autosave_path=new_autosave_path(game), game_id=game
        )
    except Exception as exc:  # noqa: BLE001 - a setup the rules refuse: say why, stay in the app
        app.message(_("Cannot start this game"), f"{game}: {exc}", kind="error")
        return
    app.safely(None, "start", lambda: start_match(app, match))


def _real_display() -> bool:
    """True when the window opens on a screen (not the dummy or offscreen video driver)."""
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    if driver in ("dummy", "offscreen"):
        return False
    try:
        pygame.display.init()
        return pygame.display.get_driver() not in ("dummy", "offscreen")
    except pygame.error:
        return False


def display_limit() -> tuple[int, int] | None:
    """The largest desktop the screen has, or None when there is no real screen to ask."""
    if not _real_display():
        return None
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    sizes = [s for s in sizes if s[0] > 0 and s[1] > 0]
    if not sizes:
        return None
    return max(s[0] for s in sizes), max(s[1] for s in sizes)


def fit_to_display(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` shrunk, if need be, to what the screen can show (and to :data:`MAX_PIXELS`)."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    w, h = min(w, MAX_SIDE), min(h, MAX_SIDE)
    limit = display_limit()
    if limit is not None:
        w, h = min(w, limit[0]), min(h, limit[1])
    while w * h > MAX_PIXELS:
        w, h = max(1, w * 9 // 10), max(1, h * 9 // 10)
    return w, h


def window_size_problem(size: tuple[int, int], headless: bool = False) -> str | None:
    """Why a window (or, ``headless``, a screenshot) of ``size`` cannot be had, or None."""
    w, h = size
    problem = size_limit_problem(w, h)
    if problem:
        return problem
    if headless or ("SDL_VIDEODRIVER" not in os.environ and not _has_display()):
        return None
    limit = display_limit()
    if limit is not None and (w > limit[0] or h > limit[1]):
        return _("{w}x{h} does not fit on this display ({lw}x{lh} at most)").format(
            w=w, h=h, lw=limit[0], lh=limit[1]
        )
    return None


def _has_display() -> bool:
    if os.name == "nt" or sys.platform == "darwin":
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
