"""User settings, kept as JSON in ``user_config_dir()/settings.json``.

A missing file gives the defaults; a corrupt or half-valid file gives the defaults for what
cannot be read plus a message for the player, never an exception.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from riotsim.paths import user_config_dir

WINDOW_SIZES: tuple[tuple[int, int], ...] = (
    (1024, 640),
    (1280, 800),
    (1440, 900),
    (1600, 1000),
    (1920, 1080),
    (2560, 1440),
)


@dataclass
class Settings:
    width: int = 1280
    height: int = 800
    fullscreen: bool = False
    ui_scale: float = 1.0  # 0.75 .. 1.5
    anim_speed: float = 1.0  # 0.5 .. 3 (higher is faster)
    sound: bool = True

    def clamp(self) -> Settings:
        self.width = max(800, min(3840, int(self.width)))
        self.height = max(500, min(2160, int(self.height)))
        self.ui_scale = max(0.75, min(1.5, float(self.ui_scale)))
        self.anim_speed = max(0.5, min(3.0, float(self.anim_speed)))
        return self


def settings_path() -> Path:
    return user_config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and, when something was wrong with the file, a message saying what."""
    path = path or settings_path()
    if not path.exists():
        return Settings(), None
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        return Settings(), f"{path}: could not read the settings ({exc}); using the defaults."
    if not isinstance(raw, dict):
        return Settings(), f"{path}: settings must be a JSON object; using the defaults."
    settings = Settings()
    bad: list[str] = []
    for f in fields(Settings):
        if f.name not in raw:
            continue
        value = raw[f.name]
        default = getattr(settings, f.name)
        ok = (
            isinstance(value, bool)
            if isinstance(default, bool)
            else isinstance(value, (int, float)) and not isinstance(value, bool)
        )
        if ok:
            setattr(settings, f.name, type(default)(value))
        else:
            bad.append(f.name)
    settings.clamp()
    if bad:
        return settings, f"{path}: ignored invalid values for {', '.join(bad)}."
    return settings, None


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write atomically so a crash never leaves a half-written file."""
    path = path or settings_path()
    tmp = path.with_suffix(".json.tmp")
    with open(tmp, "w", encoding="utf-8") as handle:
        json.dump(asdict(settings), handle, indent=2)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)
