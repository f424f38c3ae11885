"""Tiny synthesised sound effects. Sound is optional: without a device (or with the dummy
audio driver failing) every call quietly does nothing.

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
from array import array
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

log = logging.getLogger("riotsim.ui")

_SOUND_CARDS = Path("/dev/snd")  # ALSA device nodes (pcmC0D0p ...) when a card exists

_state: dict[str, object] = {"ok": False, "on": True, "sounds": {}, "why": ""}


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
        _state["why"] = "no sound device found"
        return False
    _state["sounds"] = {}  # sounds made for an earlier mixer are invalid
    try:
        with _captured_stderr():
            pygame.mixer.init(frequency=22050, size=-16, channels=1)
    except (pygame.error, OSError, NotImplementedError) as exc:
        _state["ok"] = False
        _state["why"] = f"the sound device did not open ({exc})"
        return False
    _state["ok"] = pygame.mixer.get_init() is not None
    _state["why"] = "" if _state["ok"] else "the sound device did not open"
    return bool(_state["ok"])


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
    return "" if _state["ok"] else str(_state["why"])


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


def play(name: str) -> None:
    if not (_state["ok"] and _state["on"]):
        return
    mixer = pygame.mixer.get_init()
    if mixer is None:  # closed behind our back (pygame.quit): its sounds are gone too
        _state["ok"] = False
        _state["sounds"] = {}
        _state["why"] = "the sound device was closed"
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
