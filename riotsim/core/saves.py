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
import re
import stat
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riotsim.i18n import _, format_number, ngettext, pgettext
from riotsim.paths import user_data_dir

FORMAT = 1
SUFFIX = ".json"


class SaveError(Exception):
    """A save that cannot be written, read or replayed. The message is for the player."""


class _TooLarge(SaveError):
    """A file over the size limit (told apart by type, not by its translated message)."""


def _reason(err: OSError) -> str:
    return str(err.strerror or err)


# What a save may be. A real save of a long game is a few hundred kilobytes; the bounds keep a
# hostile or damaged file (a gigabyte, a FIFO, /dev/zero, JSON nested 100,000 deep) from
# hanging riotsim or taking its memory.
MAX_SAVE_BYTES = 32 * 1024 * 1024
MAX_JSON_DEPTH = 200
# Listing saves reads only the start of each file: everything but the action log is there.
HEADER_BYTES = 64 * 1024


def autosave_dir() -> Path:
    return user_data_dir() / "autosave"


def new_autosave_path(game_id: str) -> Path:
    """A fresh autosave slot for a game that starts now: one file per game in progress, so
    starting a game never overwrites another game's autosave."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    safe = "".join(c if c.isalnum() or c == "-" else "_" for c in game_id)[:40] or "game"
    path = autosave_dir() / f"{safe}-{stamp}-{os.urandom(3).hex()}{SUFFIX}"
    _lock(path)  # so that a second copy of riotsim continuing this game takes a slot of its own
    return path


# Autosave slots this process writes, each with the open file holding its lock.
_claimed: dict[Path, Any] = {}


def claim_autosave(path: Path, game_id: str) -> Path:
    """The slot in which to go on autosaving a game continued from ``path``: that slot,
    unless another running riotsim writes it (two copies of the app resumed the same game),
    in which case a fresh slot - each copy keeps its own game and neither overwrites the
    other's. A lock is held while this process lives (where the platform has ``fcntl``)."""
    path = Path(path)
    if path in _claimed or _lock(path):
        return path
    fresh = new_autosave_path(game_id)
    _lock(fresh)
    return fresh


def _lock(slot: Path) -> bool:
    """Take the lock of ``slot`` for this process; False if another process holds it."""
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks; one writer per slot is then trusted
        return True
    try:
        slot.parent.mkdir(parents=True, exist_ok=True)
        handle = open(slot.parent / f".{slot.name}.lock", "a")  # noqa: SIM115 - held open
    except OSError:
        return True  # nowhere to write: autosaving will report that itself
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return False
    _claimed[slot] = handle
    return True


def is_autosave(path: Path) -> bool:
    return Path(path).parent == autosave_dir()


def autosaves() -> list[Path]:
    """Every autosave slot, the most recently written first."""
    folder = autosave_dir()
    found: list[tuple[float, Path]] = []
    for path in folder.glob(f"*{SUFFIX}") if folder.is_dir() else ():
        with contextlib.suppress(OSError):
            found.append((path.stat().st_mtime, path))
    found.sort(key=lambda item: (item[0], item[1].name), reverse=True)
    return [path for _, path in found]


def latest_autosave() -> Path | None:
    """The autosave the menu's Continue resumes: the game played most recently."""
    slots = autosaves()
    return slots[0] if slots else None


def saves_dir() -> Path:
    """The manual saves' folder (raises SaveError when it cannot be made)."""
    path = user_data_dir() / "saves"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise SaveError(
            _("{path}: cannot make the saves folder ({reason})").format(
                path=path, reason=_reason(err)
            )
        ) from None
    return path


def save_path(name: str) -> Path:
    """The file for a manual save called ``name`` (letters, digits, ``-`` and ``_`` kept)."""
    safe = "".join(c if c.isalnum() or c in "-_ " else "_" for c in name).strip()
    if not any(c.isalnum() for c in safe):
        raise SaveError(_("save name {name!r} has no usable characters").format(name=name))
    return saves_dir() / f"{safe}{SUFFIX}"


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """One line of the Load screen. A file that cannot be read is listed too, with
    ``problem`` saying why (the Load screen explains it and keeps listing the good ones)."""

    path: Path
    name: str
    game: str
    date: str  # ISO 8601, UTC
    players: tuple[str, ...]
    actions: int | None  # None: an older save too large to count without reading it all
    problem: str | None = None


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Manual saves, newest first, then the unreadable files with their problem."""
    folder = folder or user_data_dir() / "saves"
    try:
        return _infos(sorted(folder.glob(f"*{SUFFIX}")))
    except OSError:  # no such folder, or one that cannot be read: nothing to list
        return []


def list_autosaves() -> list[SaveInfo]:
    """Autosave slots, most recently played first."""
    return _infos(autosaves(), keep_order=True)


def _infos(paths: list[Path], keep_order: bool = False) -> list[SaveInfo]:
    good: list[SaveInfo] = []
    broken: list[SaveInfo] = []
    for path in paths:
        try:
            good.append(save_info(path))
        except SaveError as err:
            broken.append(SaveInfo(path, path.stem, "", "", (), None, str(err)))
    if not keep_order:
        good.sort(key=lambda info: (info.date, info.name), reverse=True)
    return good + broken


def save_info(path: Path) -> SaveInfo:
    """What the Load screen shows of a save, from its header alone (raises SaveError)."""
    head = read_header(path)
    try:
        players = tuple(str(p["name"]) for p in head["setup"]["players"])
        game = head["game"]
    except (KeyError, TypeError) as err:
        raise SaveError(
            _("{path}: not a riotsim save (no {field} in its setup)").format(path=path, field=err)
        ) from None
    if not isinstance(game, str):
        raise SaveError(_("{path}: field 'game' is missing or not a str").format(path=path))
    count = head.get("action_count")
    if not _is_int(count):
        count = len(head["actions"]) if isinstance(head.get("actions"), list) else None
    return SaveInfo(
        Path(path), Path(path).stem, game, str(head.get("saved_at", "")), players, count
    )


def delete_save(path: Path) -> None:
    path = Path(path)
    try:
        path.unlink()
    except FileNotFoundError:
        return
    except OSError as err:
        raise SaveError(
            _("{path}: cannot delete the save ({reason})").format(path=path, reason=_reason(err))
        ) from None
    with contextlib.suppress(OSError):  # an autosave slot's lock file goes with it
        (path.parent / f".{path.name}.lock").unlink()


def rename_save(path: Path, name: str) -> Path:
    """Give a manual save a new name; refuses a name another save already has."""
    target = save_path(name)
    if target == Path(path):
        return target
    if target.exists():
        raise SaveError(_("a save called {name!r} already exists").format(name=target.stem))
    try:
        os.replace(path, target)
    except OSError as err:
        raise SaveError(
            _("{path}: cannot rename the save ({reason})").format(path=path, reason=_reason(err))
        ) from None
    return target


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
        raise _cannot_write(path, err) from None
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
            raise _cannot_write(path, err) from None
        raise
    _fsync_dir(path.parent)
    _remove_stale_temps(path, keep=tmp)


def _cannot_write(path: Path, err: OSError) -> SaveError:
    return SaveError(
        _("{path}: cannot write the save ({reason})").format(path=path, reason=_reason(err))
    )


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


def read_bounded(path: Path, limit: int, what: str = "save") -> bytes:
    """At most ``limit`` bytes of a regular file, refusing FIFOs, devices (a link to
    /dev/zero), folders, link loops and larger files without blocking on any of them. The
    ``what`` names the file kind in messages (translated in context "file kind"). Raises
    SaveError."""
    path = Path(path)
    what = pgettext("file kind", what)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise SaveError(_("{path}: no such {what} file").format(path=path, what=what)) from None
    except OSError as err:
        raise _cannot_read(path, what, err) from None
    if not stat.S_ISREG(info.st_mode):
        kind = _("a folder") if stat.S_ISDIR(info.st_mode) else _("a pipe or device")
        raise SaveError(
            _("{path}: not a {what} file ({kind})").format(path=path, what=what, kind=kind)
        )
    if info.st_size > limit:
        raise _TooLarge(
            _("{path}: too large for a {what} ({size} bytes; the limit is {limit})").format(
                path=path, what=what, size=format_number(info.st_size), limit=format_number(limit)
            )
        )
    try:
        # O_NONBLOCK: a file swapped for a FIFO after the check still never blocks the open
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise SaveError(
                    _("{path}: not a {what} file ({kind})").format(
                        path=path, what=what, kind=_("a pipe or device")
                    )
                )
            data = handle.read(limit + 1)
    except OSError as err:
        raise _cannot_read(path, what, err) from None
    if len(data) > limit:
        raise _TooLarge(
            _("{path}: too large for a {what} (over {limit} bytes)").format(
                path=path, what=what, limit=format_number(limit)
            )
        )
    return data


def _cannot_read(path: Path, what: str, err: OSError) -> SaveError:
    return SaveError(
        _("{path}: cannot read the {what} ({reason})").format(
            path=path, what=what, reason=_reason(err)
        )
    )


def _decode(path: Path, data: bytes) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(
            _("{path}: not a riotsim save (not UTF-8 text)").format(path=path)
        ) from None
    if not text.strip():
        raise SaveError(_("{path}: the save is empty").format(path=path))
    return text


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def json_depth_problem(text: str, limit: int = MAX_JSON_DEPTH) -> str | None:
    """Say so if ``text`` nests JSON arrays or objects deeper than ``limit`` (brackets inside
    strings do not count), before a parser recurses into it."""
    if text.count("[") + text.count("{") <= limit:
        return None  # the common case, decided at C speed
    depth = 0
    for match in _BRACKET.finditer(_STRING.sub("", text)):
        depth += 1 if match.group() in "[{" else -1
        if depth > limit:
            return _("nested more than {limit} levels deep").format(limit=limit)
    return None


def parse_json(path: Path, text: str) -> Any:
    """``json.loads`` with every failure (syntax, depth, a 5,000-digit number) a SaveError."""
    problem = json_depth_problem(text)
    if problem is not None:
        raise _corrupt(path, problem)
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise SaveError(
            _("{path}:{line}:{column}: the save is corrupt or truncated ({problem})").format(
                path=path, line=err.lineno, column=err.colno, problem=err.msg
            )
        ) from None
    except (ValueError, RecursionError) as err:  # int digit limit, pathological input
        raise _corrupt(path, err) from None


def _corrupt(path: Path, problem: object) -> SaveError:
    return SaveError(
        _("{path}: the save is corrupt ({problem})").format(path=path, problem=problem)
    )


def _not_an_object(path: Path) -> SaveError:
    return SaveError(_("{path}: not a riotsim save (expected a JSON object)").format(path=path))


def _unsupported(path: Path, fmt: object) -> SaveError:
    return SaveError(
        _("{path}: unsupported save format {format!r} (this riotsim reads {supported})").format(
            path=path, format=fmt, supported=FORMAT
        )
    )


def read_header(path: Path) -> dict[str, Any]:
    """The top-level fields of a save that come before its action log (format, game,
    saved_at, setup, ...), read from the start of the file only: listing a folder of saves
    never reads a whole large file. Raises SaveError."""
    path = Path(path)
    text = _decode_prefix(path, read_prefix(path, HEADER_BYTES))
    decoder = json.JSONDecoder()
    out: dict[str, Any] = {}
    at = _skip(text, 0)
    if text[at : at + 1] != "{":
        raise _not_an_object(path)
    at += 1
    try:
        while True:
            at = _skip(text, at)
            if text[at : at + 1] == "}":
                break
            key, at = decoder.raw_decode(text, at)
            at = _skip(text, at)
            if not isinstance(key, str) or text[at : at + 1] != ":":
                raise ValueError("expected a field name")
            at = _skip(text, at + 1)
            if key == "actions":
                break  # the log and the snapshot follow; the header is complete
            problem = json_depth_problem(text[at:])
            if problem is not None:
                raise _corrupt(path, problem)
            out[key], at = decoder.raw_decode(text, at)
            at = _skip(text, at)
            if text[at : at + 1] == ",":
                at += 1
    except (ValueError, RecursionError) as err:
        raise SaveError(
            _("{path}: the save is corrupt or truncated ({problem})").format(path=path, problem=err)
        ) from None
    if out.get("format") != FORMAT:
        raise _unsupported(path, out.get("format"))
    return out


def read_prefix(path: Path, size: int) -> bytes:
    """The first ``size`` bytes of a save: the same refusals as :func:`read_bounded`, also of
    a file larger than any save may be (loading it would be refused)."""
    try:
        return read_bounded(path, size)
    except _TooLarge:
        pass
    if Path(path).stat().st_size > MAX_SAVE_BYTES:
        read_bounded(path, MAX_SAVE_BYTES)  # raises: too large for a save
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            return handle.read(size)
    except OSError as err:
        raise _cannot_read(path, pgettext("file kind", "save"), err) from None


def _decode_prefix(path: Path, data: bytes) -> str:
    # a prefix may end inside a multi-byte character: drop at most that character
    for cut in range(4):
        try:
            return _decode(path, data[: len(data) - cut] if cut else data)
        except SaveError:
            if cut == 3:
                raise
    raise AssertionError("unreachable")


def _skip(text: str, at: int) -> int:
    while at < len(text) and text[at] in " \t\r\n":
        at += 1
    return at


def read_raw(path: Path) -> dict[str, Any]:
    """Read and structurally check a save; replaying it is the Match's job."""
    path = Path(path)
    raw = parse_json(path, _decode(path, read_bounded(path, MAX_SAVE_BYTES)))
    if not isinstance(raw, dict):
        raise _not_an_object(path)
    fmt = raw.get("format")
    if fmt != FORMAT:
        raise _unsupported(path, fmt)
    for key, kind in (
        ("game", str),
        ("setup", dict),
        ("actions", list),
        ("snapshot", dict),
    ):
        if not isinstance(raw.get(key), kind):
            raise SaveError(
                _("{path}: field {key!r} is missing or not a {kind}").format(
                    path=path, key=key, kind=kind.__name__
                )
            )
    if not all(isinstance(a, str) for a in raw["actions"]):
        raise SaveError(
            _("{path}: field 'actions' must be a list of action texts").format(path=path)
        )
    if not isinstance(raw["snapshot"].get("hash"), str):
        raise SaveError(_("{path}: field 'snapshot.hash' is missing").format(path=path))
    if "action_count" in raw and raw["action_count"] != len(raw["actions"]):
        raise SaveError(
            _(
                "{path}: field 'action_count' ({count!r}) disagrees with the "
                "{logged} actions logged: an edited save"
            ).format(path=path, count=raw["action_count"], logged=len(raw["actions"]))
        )
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
        return _("field 'setup.players' must be a non-empty list")
    for i, player in enumerate(players):
        if not isinstance(player, dict) or not isinstance(player.get("name"), str):
            return _("field 'setup.players[{i}]' must be an object with a 'name' text").format(i=i)
        if not isinstance(player.get("colour", ""), str):
            return _("field 'setup.players[{i}].colour' must be a text").format(i=i)
        if player.get("bot") is not None and not isinstance(player["bot"], str):
            return _("field 'setup.players[{i}].bot' must be a bot name or null").format(i=i)
    if not _is_int(setup.get("seed", 0)):
        return _("field 'setup.seed' must be a whole number, not {seed!r}").format(
            seed=setup.get("seed")
        )
    if not isinstance(setup.get("options", {}), dict):
        return _("field 'setup.options' must be an object")
    for key in ("map", "scenario"):
        if setup.get(key) is not None and not isinstance(setup[key], str):
            return _("field 'setup.{key}' must be a text or null").format(key=key)
    for key, default in (("seed", 0), ("options", {}), ("map", None), ("scenario", None)):
        if key in raw and raw[key] != setup.get(key, default):
            return _(
                "field {key!r} ({value!r}) disagrees with 'setup.{key}' ({setup!r}): an edited save"
            ).format(key=key, value=raw[key], setup=setup.get(key, default))
    return None


def verify(path: Path) -> tuple[bool, str]:
    """Reload a save by replaying its log; ``(True, summary)`` if the final hash matches."""
    from riotsim.core.match import Match

    try:
        match = Match.load(path)
    except SaveError as err:
        return False, str(err)
    count = len(match.log)
    return True, ngettext(
        "{path}: {count} action replayed, state hash {hash} OK",
        "{path}: {count} actions replayed, state hash {hash} OK",
        count,
    ).format(path=path, count=count, hash=match.state_hash())
