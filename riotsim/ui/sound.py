"""Tiny synthesised sound effects. Sound is optional: without a device (or with the dummy
audio driver failing) every call quietly does nothing."""

from __future__ import annotations

import math
from array import array

import pygame

_state: dict[str, object] = {"ok": False, "on": True, "sounds": {}}


def init(enabled: bool = True) -> bool:
    """Open the mixer if sound is wanted (never raises; False when there is no sound)."""
    _state["on"] = enabled
    if not enabled:
        return False  # opened later if the player turns sound on
    if pygame.mixer.get_init():
        _state["ok"] = True
        return True
    try:
        pygame.mixer.init(frequency=22050, size=-16, channels=1)
    except (pygame.error, OSError, NotImplementedError):
        _state["ok"] = False
        return False
    _state["ok"] = pygame.mixer.get_init() is not None
    return bool(_state["ok"])


def enable(on: bool) -> None:
    if on and not _state["ok"]:
        init(True)
    _state["on"] = on


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
    sounds: dict = _state["sounds"]  # type: ignore[assignment]
    try:
        if name not in sounds:
            sounds[name] = _tone(*_RECIPES[name])
        sounds[name].play()
    except (pygame.error, KeyError):
        pass
