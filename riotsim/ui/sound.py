"""Tiny synthesised sound effects. Sound is optional: without a device (or with the dummy
audio driver failing) every call quietly does nothing.

Every sound has a visual equivalent (:data:`CUES`, issue 17 A3): :func:`play` shows it through
the listeners (the app's :class:`CueLayer`) whether the sound plays or not, sound off included.

The mixer opens only when sound is on, after the app has shown its first frame (opening it
takes a tenth of a second even when it fails), and only when a sound device or sound server
seems to exist: on a machine without one, SDL falls back to ALSA, which prints a screenful of
``ALSA lib ... cannot find card`` lines to stderr. While the mixer opens, the C-level stderr
is captured and written to the debug log instead.
"""

from __future__ import annotations

import logging
import math
import os
import sys
import tempfile
import weakref
from array import array
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame

from riotsim.i18n import N_, _

log = logging.getLogger("riotsim.ui")

_SOUND_CARDS = Path("/dev/snd")  # ALSA device nodes (pcmC0D0p ...) when a card exists

# "why" is an English msgid (translated when shown, so a language switch rewords it) and
# "detail" the device's own words for it.
_state: dict[str, object] = {"ok": False, "on": True, "sounds": {}, "why": "", "detail": ""}


def device_available() -> bool:
    """Whether a sound server or sound card seems to exist (only Linux can tell cheaply).

    An explicit ``SDL_AUDIODRIVER`` (``dummy``, ``disk``, ``pulseaudio``...) is trusted.
    """
    if os.environ.get("SDL_AUDIODRIVER"):
        return True
    if not sys.platform.startswith("linux"):
        return True
    if os.environ.get("PULSE_SERVER") or os.environ.get("PIPEWIRE_REMOTE"):
        return True
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime:
        folder = Path(runtime)
        if (folder / "pulse" / "native").exists() or any(folder.glob("pipewire-*")):
            return True
    try:
        return any(_SOUND_CARDS.glob("pcm*"))
    except OSError:
        return False


@contextmanager
def _captured_stderr() -> Iterator[None]:
    """Send what C libraries write to stderr to the debug log instead of the terminal."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):
        yield  # no real stderr (e.g. a GUI launcher): nothing to protect
        return
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            noise = sink.read().decode("utf-8", "replace").strip()
            if noise:
                log.debug("while opening the sound device: %s", noise)


def init(enabled: bool = True) -> bool:
    """Open the mixer if sound is wanted (never raises; False when there is no sound)."""
    _state["on"] = enabled
    if not enabled:
        return False  # opened later if the player turns sound on
    if pygame.mixer.get_init():
        _state["ok"] = True
        return True
    if not device_available():
        _state["ok"] = False
        _failed(N_("no sound device found"))
        return False
    _state["sounds"] = {}  # sounds made for an earlier mixer are invalid
    try:
        with _captured_stderr():
            pygame.mixer.init(frequency=22050, size=-16, channels=1)
    except (pygame.error, OSError, NotImplementedError) as exc:
        _failed(N_("the sound device did not open ({problem})"), str(exc))
        return False
    if pygame.mixer.get_init() is None:
        _failed(N_("the sound device did not open"))
        return False
    _state["ok"], _state["why"], _state["detail"] = True, "", ""
    return True


def _failed(why: str, detail: str = "") -> None:
    _state["ok"], _state["why"], _state["detail"] = False, why, detail


def configure(on: bool) -> None:
    """Remember the setting without opening anything (the app opens the mixer later)."""
    _state["on"] = on


def enable(on: bool) -> None:
    if on and not _state["ok"]:
        init(True)
    _state["on"] = on


def status() -> str:
    """ "" when sound plays, else why not (for the settings screen)."""
    if not _state["on"]:
        return ""
    if _state["ok"] or not _state["why"]:
        return ""
    return _(str(_state["why"])).format(problem=_state.get("detail", ""))


def _tone(freqs: tuple[float, ...], seconds: float, volume: float, noise: bool = False):
    rate = 22050
    n = int(rate * seconds)
    samples = array("h")
    seed = 12345
    for i in range(n):
        t = i / rate
        env = (1 - i / n) ** 2
        if noise:
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            v = (seed / 0x3FFFFFFF - 1.0) * 0.6
        else:
            v = sum(math.sin(2 * math.pi * f * t) for f in freqs) / len(freqs)
        samples.append(int(32767 * volume * env * v))
    return pygame.mixer.Sound(buffer=samples.tobytes())


_RECIPES = {
    "click": ((880.0,), 0.04, 0.25, False),
    "dice": ((0.0,), 0.09, 0.35, True),
    "hit": ((110.0, 165.0), 0.18, 0.4, False),
    "turn": ((523.0, 659.0), 0.16, 0.25, False),
}


# sound -> its visual cue: ("flash", what flashes) or ("log", the line the screen shows)
CUES: dict[str, tuple[str, str]] = {
    "click": ("flash", N_("the pressed button, or the edge of the screen, flashes")),
    "dice": ("log", N_("Dice rolled")),
    "hit": ("flash", N_("the edge of the screen flashes red")),
    "turn": ("log", N_("Next player's turn")),
}
CUE_SECONDS = {"flash": 0.2, "log": 1.6}

_listeners: list[weakref.WeakMethod] = []


def on_cue(listener) -> Any:
    """Call the bound method ``listener(name, rect)`` for every sound played (heard or not)
    while its object lives (a weak reference); returns a function that stops it."""
    ref = weakref.WeakMethod(listener)
    _listeners.append(ref)
    return lambda: _listeners.remove(ref) if ref in _listeners else None


def play(name: str, where: Any = None) -> None:
    """Play ``name`` (a key of :data:`CUES`) and show its visual cue; ``where``: the rect of
    what made the sound (a button), for a flash there instead of at the screen's edge."""
    for ref in list(_listeners):
        listener = ref()
        if listener is None:
            _listeners.remove(ref)
        else:
            listener(name, where)
    if not (_state["ok"] and _state["on"]):
        return
    mixer = pygame.mixer.get_init()
    if mixer is None:  # closed behind our back (pygame.quit): its sounds are gone too
        _failed(N_("the sound device was closed"))
        _state["sounds"] = {}
        return
    sounds: dict = _state["sounds"]  # type: ignore[assignment]
    if sounds.get("_mixer") != mixer:
        sounds.clear()  # sounds from an earlier mixer must never be played (it crashes SDL)
        sounds["_mixer"] = mixer
    try:
        if name not in sounds:
            sounds[name] = _tone(*_RECIPES[name])
        sounds[name].play()
    except (pygame.error, KeyError):
        pass


class CueLayer:
    """The visual cues of the sounds, drawn over every screen: a short flash (around ``where``
    or the screen's edge) or a line of text near the bottom of the screen."""

    def __init__(self) -> None:
        self.shown: list[list[Any]] = []  # [name, rect or None, seconds left]
        self.seen: list[str] = []  # every cue shown, oldest first (tests read it)

    def add(self, name: str, where: Any = None) -> None:
        if name not in CUES:
            return
        kind = CUES[name][0]
        rect = pygame.Rect(where) if where is not None else None
        self.shown = [c for c in self.shown if c[0] != name] + [[name, rect, CUE_SECONDS[kind]]]
        self.seen = [*self.seen[-63:], name]

    def update(self, dt: float) -> None:
        for cue in self.shown:
            cue[2] -= dt
        self.shown = [c for c in self.shown if c[2] > 0]

    def draw(
        self, surface: pygame.Surface, theme: Any, anchor: tuple[int, int] | None = None
    ) -> None:
        """The cues; the lines stack up from ``anchor`` (their bottom-left corner: where the
        screen keeps no text of its own), else from the screen's bottom-left corner."""
        from riotsim.ui import draw
        from riotsim.ui import theme as T

        lines = []
        for name, rect, _left in self.shown:
            kind, text = CUES[name]
            if kind == "log":
                lines.append(_(text))
                continue
            colour = T.BAD if name == "hit" else T.ACCENT
            box = rect if rect is not None else surface.get_rect()
            pygame.draw.rect(surface, colour, box, max(2, theme.px(4 if rect is None else 3)))
        font = theme.fonts.small()
        x, y = anchor if anchor is not None else (theme.px(12), surface.get_height() - theme.px(12))
        for line in reversed(lines):
            w, h = draw.text_size(font, line)
            box = pygame.Rect(0, 0, w + theme.px(16), h + theme.px(8))
            box.bottomleft = (x, y)
            draw.rounded_rect(surface, box, (*T.BG_DEEP, 230), theme.px(6), T.LINE, 1)
            draw.text(surface, line, font, T.TEXT, box.center, "center")
            y = box.top - theme.px(4)
