"""Save files: versioned JSON written atomically, and where they live.

A save is ``{"format": 1, "riotsim": version, "game": id, "seed": S, "options": {...},
"map": M, "scenario": SC, "setup": GameSetup.to_json(), "actions": [str(action), ...],
"snapshot": {"hash": ..., "position": ...}}`` (plus ``saved_at``, and ``start`` when a match
began from a custom position rather than ``new_state``). ``seed``, ``options``, ``map`` and
``scenario`` repeat the setup's at the top level; saves written before they were added load
too. Loading replays the actions from the setup and compares the final hash with the
snapshot (see :meth:`riotsim.core.match.Match.load`); every problem becomes a :class:`SaveError`
whose message names the file and what is wrong.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riotsim.paths import user_data_dir

FORMAT = 1
SUFFIX = ".json"


class SaveError(Exception):
    """A save that cannot be written, read or replayed. The message is for the player."""


def autosave_path() -> Path:
    return user_data_dir() / "autosave" / "latest.json"


def latest_autosave() -> Path | None:
    """The autosave the menu's Continue resumes, if there is one."""
    path = autosave_path()
    return path if path.is_file() else None


def saves_dir() -> Path:
    path = user_data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def save_path(name: str) -> Path:
    """The file for a manual save called ``name`` (letters, digits, ``-`` and ``_`` kept)."""
    safe = "".join(c if c.isalnum() or c in "-_ " else "_" for c in name).strip()
    if not any(c.isalnum() for c in safe):
        raise SaveError(f"save name {name!r} has no usable characters")
    return saves_dir() / f"{safe}{SUFFIX}"


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """One line of the Load screen."""

    path: Path
    name: str
    game: str
    date: str  # ISO 8601, UTC
    players: tuple[str, ...]
    actions: int


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Manual saves, newest first. Unreadable files are left out (Load shows what it can)."""
    folder = folder or saves_dir()
    out: list[SaveInfo] = []
    for path in folder.glob(f"*{SUFFIX}"):
        try:
            raw = read_raw(path)
            players = tuple(str(p.get("name", "?")) for p in raw["setup"]["players"])
            date = str(raw.get("saved_at", ""))
            out.append(
                SaveInfo(path, path.stem, str(raw["game"]), date, players, len(raw["actions"]))
            )
        except (SaveError, KeyError, TypeError, AttributeError):
            continue
    out.sort(key=lambda info: (info.date, info.name), reverse=True)
    return out


# -- writing --------------------------------------------------------------------------------


def _fsync_dir(folder: Path) -> None:
    # Makes the rename itself durable; not possible on every platform (Windows), so best effort.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves either the old or the new file."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as err:
        raise SaveError(f"{path}: cannot write the save ({err.strerror or err})") from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException as err:
        with contextlib.suppress(OSError):
            tmp.unlink()
        if isinstance(err, OSError):
            raise SaveError(f"{path}: cannot write the save ({err.strerror or err})") from None
        raise
    _fsync_dir(path.parent)
    _remove_stale_temps(path, keep=tmp)


STALE_TEMP_SECONDS = 60.0


def _remove_stale_temps(path: Path, keep: Path) -> None:
    """Temp files of ``path`` left by a process killed mid-write. Only old ones: a second
    riotsim writing the same file right now keeps its temp file."""
    now = time.time()
    for stale in path.parent.glob(f".{path.name}.*.tmp"):
        with contextlib.suppress(OSError):
            if stale != keep and now - stale.stat().st_mtime > STALE_TEMP_SECONDS:
                stale.unlink()


def write_save(path: Path, payload: dict[str, Any]) -> None:
    write_atomic(path, json.dumps(payload, indent=1, sort_keys=False) + "\n")


# -- reading --------------------------------------------------------------------------------


def read_raw(path: Path) -> dict[str, Any]:
    """Read and structurally check a save; replaying it is the Match's job."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save file") from None
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a riotsim save (not UTF-8 text)") from None
    except OSError as err:
        raise SaveError(f"{path}: cannot read the save ({err.strerror or err})") from None
    if not text.strip():
        raise SaveError(f"{path}: the save is empty")
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as err:
        raise SaveError(
            f"{path}:{err.lineno}:{err.colno}: the save is corrupt or truncated ({err.msg})"
        ) from None
    if not isinstance(raw, dict):
        raise SaveError(f"{path}: not a riotsim save (expected a JSON object)")
    fmt = raw.get("format")
    if fmt != FORMAT:
        raise SaveError(f"{path}: unsupported save format {fmt!r} (this riotsim reads {FORMAT})")
    for key, kind in (
        ("game", str),
        ("setup", dict),
        ("actions", list),
        ("snapshot", dict),
    ):
        if not isinstance(raw.get(key), kind):
            raise SaveError(f"{path}: field {key!r} is missing or not a {kind.__name__}")
    if not all(isinstance(a, str) for a in raw["actions"]):
        raise SaveError(f"{path}: field 'actions' must be a list of action texts")
    if not isinstance(raw["snapshot"].get("hash"), str):
        raise SaveError(f"{path}: field 'snapshot.hash' is missing")
    problem = setup_problem(raw)
    if problem is not None:
        raise SaveError(f"{path}: {problem}")
    return raw


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def setup_problem(raw: dict[str, Any]) -> str | None:
    """What is wrong with a save's ``setup`` (and the top-level copies of its fields), if
    anything, naming the field."""
    setup = raw["setup"]
    players = setup.get("players")
    if not isinstance(players, list) or not players:
        return "field 'setup.players' must be a non-empty list"
    for i, player in enumerate(players):
        if not isinstance(player, dict) or not isinstance(player.get("name"), str):
            return f"field 'setup.players[{i}]' must be an object with a 'name' text"
        if not isinstance(player.get("colour", ""), str):
            return f"field 'setup.players[{i}].colour' must be a text"
        if player.get("bot") is not None and not isinstance(player["bot"], str):
            return f"field 'setup.players[{i}].bot' must be a bot name or null"
    if not _is_int(setup.get("seed", 0)):
        return f"field 'setup.seed' must be a whole number, not {setup.get('seed')!r}"
    if not isinstance(setup.get("options", {}), dict):
        return "field 'setup.options' must be an object"
    for key in ("map", "scenario"):
        if setup.get(key) is not None and not isinstance(setup[key], str):
            return f"field 'setup.{key}' must be a text or null"
    for key, default in (("seed", 0), ("options", {}), ("map", None), ("scenario", None)):
        if key in raw and raw[key] != setup.get(key, default):
            return (
                f"field {key!r} ({raw[key]!r}) disagrees with 'setup.{key}' "
                f"({setup.get(key, default)!r}): an edited save"
            )
    return None


def verify(path: Path) -> tuple[bool, str]:
    """Reload a save by replaying its log; ``(True, summary)`` if the final hash matches."""
    from riotsim.core.match import Match

    try:
        match = Match.load(path)
    except SaveError as err:
        return False, str(err)
    return True, f"{path}: {len(match.log)} actions replayed, state hash {match.state_hash()} OK"
