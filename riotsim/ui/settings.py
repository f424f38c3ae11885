"""User settings, kept as JSON in ``user_config_dir()/settings.json``.

A missing file gives the defaults; a corrupt or half-valid file gives the defaults for what
cannot be read plus one message for the player, never an exception. What is read is bounded
(:data:`MAX_BYTES`, :data:`MAX_DEPTH`) so a hostile file costs nothing to refuse.

Two copies of the app may run at once. Each write goes to a temporary file of its own in the
same folder and then replaces ``settings.json`` in one step, so a reader always sees a whole
file. Between two writers the last one wins, but only for the fields it changed: under a lock
file the writer re-reads the file and lays its own changes over what the other copy saved.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from riotsim.i18n import LANGUAGES, N_, _
from riotsim.paths import user_config_dir

WINDOW_SIZES: tuple[tuple[int, int], ...] = (
    (1024, 640),
    (1280, 800),
    (1440, 900),
    (1600, 1000),
    (1920, 1080),
    (2560, 1440),
)

MIN_WINDOW = (800, 500)  # the smallest window the screens are laid out for
MAX_WINDOW = (3840, 2160)  # the largest a saved window size is kept at
# no window or screenshot is larger than this (about 8K: 130 MB of pixels) ...
MAX_PIXELS = 7680 * 4320
MAX_SIDE = 16384  # ... or longer a side than SDL renderers commonly allow
MAX_BYTES = 64 * 1024  # a real settings file is a few hundred bytes
MAX_DEPTH = 4  # the file is one flat object; deeper nesting is refused unparsed
LOCK_WAIT_S = 2.0  # then write without the lock rather than freeze the screen

# a value outside these is not a setting at all (reported); inside, it is clamped quietly
_PLAUSIBLE: dict[str, tuple[float, float]] = {
    "width": (1, 16384),
    "height": (1, 16384),
    "ui_scale": (0.1, 10.0),
    "text_scale": (0.1, 10.0),
    "anim_speed": (0.05, 100.0),
}


# bot speed: (label, pause factor, budget factor) over the game screen's pause between bot
# moves and each bot's seconds a move; slower bots get more time to think, Instant plays as
# soon as a move is found (its animations still run)
BOT_SPEEDS: dict[str, tuple[str, float, float]] = {
    "slow": (N_("Slow"), 2.5, 2.0),
    "normal": (N_("Normal"), 1.0, 1.0),
    "fast": (N_("Fast"), 0.4, 0.5),
    "instant": (N_("Instant"), 0.0, 0.25),
}

# the look of every screen: the standard dark palette, or pure black and white with strong
# outlines (see theme.use_palette)
THEMES: dict[str, str] = {"standard": N_("Standard"), "high_contrast": N_("High contrast")}

# the UI-scale setting: AUTO (the screens scaled to fill the window) or a size in this range,
# 1.0 being the size things have in a 1280x800 window (see theme.Theme)
AUTO = "auto"
UI_SCALES = (0.75, 2.0)
TEXT_SCALES = (0.85, 1.5)  # the text-size setting's range: fonts only

# the language setting: "system" (the user's locale) or a language riotsim speaks
LANGUAGE_CHOICES: tuple[str, ...] = ("system", *LANGUAGES)


@dataclass
class Settings:
    width: int = 1280
    height: int = 800
    fullscreen: bool = False
    ui_scale: float | str = AUTO  # AUTO or a size in UI_SCALES
    anim_speed: float = 1.0  # 0.5 .. 3 (higher is faster)
    sound: bool = True
    # a human with exactly one legal move (a forced pass) takes it after a short beat
    auto_forced: bool = True
    bot_speed: str = "normal"  # a key of BOT_SPEEDS
    # map files opened on the setup screen, newest first, each "game:absolute path"
    recent_maps: list[str] = field(default_factory=list)
    language: str = "system"  # a key of LANGUAGE_CHOICES
    text_scale: float = 1.0  # TEXT_SCALES: fonts only, on top of the UI scale
    theme: str = "standard"  # a key of THEMES
    # animations become short fades, dice and cubes show their result at once
    reduced_motion: bool = False

    def clamp(self) -> Settings:
        """Bring every value into range; anything that is not a finite number is the default."""
        default = Settings()
        self.width = round(_clamp(self.width, default.width, MIN_WINDOW[0], MAX_WINDOW[0]))
        self.height = round(_clamp(self.height, default.height, MIN_WINDOW[1], MAX_WINDOW[1]))
        if self.ui_scale != AUTO:
            self.ui_scale = _clamp(self.ui_scale, AUTO, *UI_SCALES)
        self.text_scale = _clamp(self.text_scale, default.text_scale, *TEXT_SCALES)
        self.anim_speed = _clamp(self.anim_speed, default.anim_speed, 0.5, 3.0)
        self.fullscreen = bool(self.fullscreen) if isinstance(self.fullscreen, bool) else False
        self.sound = bool(self.sound) if isinstance(self.sound, bool) else True
        self.auto_forced = self.auto_forced if isinstance(self.auto_forced, bool) else True
        self.reduced_motion = self.reduced_motion is True
        if not isinstance(self.theme, str) or self.theme not in THEMES:
            self.theme = default.theme
        if not isinstance(self.bot_speed, str) or self.bot_speed not in BOT_SPEEDS:
            self.bot_speed = default.bot_speed
        if not isinstance(self.language, str) or self.language not in LANGUAGE_CHOICES:
            self.language = default.language
        self.recent_maps = _recent(self.recent_maps)
        return self

    def bot_pace(self) -> tuple[float, float]:
        """(pause factor, time budget factor) of the chosen bot speed."""
        _label, pause, budget = BOT_SPEEDS.get(self.bot_speed, BOT_SPEEDS["normal"])
        return pause, budget

    def remember_map(self, game: str, path: str) -> None:
        """Put a map file first among the recent ones (kept at most :data:`MAX_RECENT_MAPS`)."""
        entry = f"{game}:{path}"
        self.recent_maps = _recent([entry, *(e for e in self.recent_maps if e != entry)])

    def recent_maps_of(self, game: str) -> list[str]:
        """The recent map files (paths) opened for ``game``, newest first."""
        return [e.split(":", 1)[1] for e in self.recent_maps if e.split(":", 1)[0] == game]


MAX_RECENT_MAPS = 8
MAX_RECENT_LENGTH = 4096


def _recent(value: Any) -> list[str]:
    """The valid "game:path" entries of a list, in order, duplicates and extras dropped."""
    if not isinstance(value, list):
        return []
    out: list[str] = []
    for entry in value:
        if _recent_entry(entry) and entry not in out:
            out.append(entry)
    return out[:MAX_RECENT_MAPS]


def _recent_entry(entry: Any) -> bool:
    if not isinstance(entry, str) or len(entry) > MAX_RECENT_LENGTH or not entry.isprintable():
        return False
    game, sep, path = entry.partition(":")
    return bool(sep and game and path.lower().endswith(".tmx"))


def _clamp(value: Any, default: Any, low: float, high: float) -> Any:
    if not _is_number(value) or not math.isfinite(value):
        return default
    return max(low, min(high, float(value)))


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def size_limit_problem(w: int, h: int) -> str | None:
    """Why no display at all could give a ``w`` x ``h`` window or screenshot, or None."""
    if w < 1 or h < 1:
        return _("{w}x{h}: a window needs at least 1 pixel each way").format(w=w, h=h)
    if w > MAX_SIDE or h > MAX_SIDE or w * h > MAX_PIXELS:
        return _("{w}x{h} is larger than riotsim draws ({side} a side, 7680x4320 in all)").format(
            w=w, h=h, side=MAX_SIDE
        )
    return None


def settings_path() -> Path:
    """``settings.json`` in the user's config folder (OSError if that folder cannot be made)."""
    return user_config_dir() / "settings.json"


# -- reading --------------------------------------------------------------------------------------


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and, when something was wrong with the file, a message saying what."""
    try:
        path = path or settings_path()
    except OSError as exc:
        reason = _reason(exc)
        return Settings(), _(
            "The settings folder cannot be used ({reason}); using the defaults."
        ).format(reason=reason)
    raw, problem = _read_object(path)
    if raw is None:
        return Settings(), problem
    settings, bad = _from_object(raw)
    if bad:
        return settings, _(
            "{path}: ignored invalid values for {names}; using the defaults."
        ).format(path=path, names=", ".join(bad))
    return settings, None


def _read_object(path: Path) -> tuple[dict | None, str | None]:
    """The file's JSON object, or None and why not (None, None for no file at all)."""
    try:
        if not path.exists():
            return None, None
        if not path.is_file():
            return None, _("{path}: not a regular file; using the default settings.").format(
                path=path
            )
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        return None, _(
            "{path}: could not read the settings ({reason}); using the defaults."
        ).format(path=path, reason=_reason(exc))
    if len(data) > MAX_BYTES:
        limit = MAX_BYTES // 1024
        return None, _(
            "{path}: larger than {limit} KiB, so not settings; using the defaults."
        ).format(path=path, limit=limit)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return None, _("{path}: byte {at} is not UTF-8 text; using the defaults.").format(
            path=path, at=exc.start
        )
    depth = _nesting(text)
    if depth > MAX_DEPTH:
        return None, _(
            "{path}: nested {depth} levels deep, not settings; using the defaults."
        ).format(path=path, depth=depth)
    try:
        raw = json.loads(text)
    except (json.JSONDecodeError, RecursionError, ValueError) as exc:
        where = ""
        if isinstance(exc, json.JSONDecodeError):
            where = _("line {line} column {column}: ").format(line=exc.lineno, column=exc.colno)
        msg = getattr(exc, "msg", str(exc))
        return None, _(
            "{path}: could not read the settings ({reason}); using the defaults."
        ).format(path=path, reason=where + msg)
    if not isinstance(raw, dict):
        return None, _("{path}: settings must be a JSON object; using the defaults.").format(
            path=path
        )
    return raw, None


def _nesting(text: str) -> int:
    """How deep ``[`` and ``{`` nest outside strings (scanned before parsing)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


# The file's format: 2 since the UI scale became a size (before, 1.0 meant "fill the window",
# which is Auto now). A file without it is older.
FORMAT = 2


def _from_object(raw: dict) -> tuple[Settings, list[str]]:
    """Settings from the file's fields (defaults where a field is missing or invalid)."""
    settings = Settings()
    bad: list[str] = []
    old = not (_is_number(raw.get("format")) and raw["format"] >= FORMAT)
    for f in fields(Settings):
        if f.name not in raw:
            continue
        value = raw[f.name]
        if f.name == "ui_scale" and old and value == 1.0 and _is_number(value):
            value = AUTO  # the old default, "fill the window"
        if _valid(f.name, value, getattr(settings, f.name)):
            setattr(settings, f.name, value)
        else:
            bad.append(f"{f.name} ({_short(value)})")
    return settings.clamp(), bad


def _valid(name: str, value: Any, default: Any) -> bool:
    if name == "ui_scale" and value == AUTO:
        return True
    if isinstance(default, list):
        return isinstance(value, list) and len(value) <= 64
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, str) and name in _CHOICES:
        return isinstance(value, str) and value in _CHOICES[name]
    if not _is_number(value) or not math.isfinite(value):
        return False
    low, high = _PLAUSIBLE[name]
    if isinstance(default, int) and value != int(value):
        return False
    return low <= value <= high


_CHOICES: dict[str, tuple[str, ...]] = {
    "bot_speed": tuple(BOT_SPEEDS),
    "language": LANGUAGE_CHOICES,
    "theme": tuple(THEMES),
}


def _short(value: Any) -> str:
    text = json.dumps(value) if not isinstance(value, float) else repr(value)
    return text if len(text) <= 24 else text[:21] + "..."


# -- writing --------------------------------------------------------------------------------------


def save_settings(
    settings: Settings, path: Path | None = None, base: Settings | None = None
) -> None:
    """Write ``settings`` atomically (OSError, with the file left as it was, on failure).

    With ``base`` (the settings as this copy of the app had them before the change) only the
    fields that differ from ``base`` are written over what the file holds now, so another copy's
    changes to other fields survive.
    """
    path = path or settings_path()
    values = asdict(settings)
    with _locked(path):
        if base is not None:
            values = _merged(path, values, asdict(base))
        values["format"] = FORMAT
        _write_atomic(path, json.dumps(values, indent=2) + "\n")


def _merged(path: Path, mine: dict, base: dict) -> dict:
    raw, _problem = _read_object(path)
    theirs = asdict(_from_object(raw)[0]) if raw is not None else dict(base)
    changed = {k: v for k, v in mine.items() if base.get(k) != v}
    return {**theirs, **changed}


def _write_atomic(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        _replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _replace(tmp: str, path: Path) -> None:
    # Windows refuses to replace a file another process has open for a moment: try again
    for attempt in range(20):
        try:
            os.replace(tmp, path)
            return
        except PermissionError:
            if os.name != "nt" or attempt == 19:
                raise
            time.sleep(0.01)


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold ``settings.json.lock`` while reading and writing (best effort, never blocks long)."""
    try:
        handle = open(path.with_name(path.name + ".lock"), "a+b")  # noqa: SIM115
    except OSError:
        yield  # e.g. a read-only folder: the write itself will say what is wrong
        return
    try:
        _acquire(handle)
        yield
    finally:
        handle.close()  # closing releases the lock


def _acquire(handle: Any) -> bool:
    deadline = time.monotonic() + LOCK_WAIT_S
    while True:
        try:
            if sys.platform == "win32":  # (os.name "nt"; mypy knows the platform check)
                import msvcrt

                handle.seek(0)
                msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except OSError:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.005)


def _reason(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        return _("the disk is full")
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return _("no permission to write there")
    where = f": {exc.filename}" if exc.filename else ""
    return f"{exc.strerror or exc}{where}"


def save_problem(exc: OSError, path: Path | None = None) -> str:
    """The player's message for a settings write that failed."""
    try:
        where = str(path or settings_path())
    except OSError:
        where = _("the settings folder")
    reason = _reason(exc)
    return _(
        "{where}: could not save the settings ({reason}). Play goes on; they apply until you quit."
    ).format(where=where, reason=reason)
