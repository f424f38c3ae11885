"""A designer's map file, played from anywhere on disk (``play``/``simulate --map PATH.tmx``,
the setup screen's "Open map file...").

A map argument is a shipped map's id (``city``, ``thunderhead``) when it is a plain name, and a
file path otherwise (it ends in ``.tmx`` or holds a folder separator). A file is vetted before
any game starts on it: it exists, is a Tiled map, loads, is drawn for the game and has no
check-map errors (warnings are advice and do not stop a game).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from riotsim.core.problems import Problem
from riotsim.i18n import _, ngettext


def is_map_file(map_arg: str) -> bool:
    """Whether a map argument names a file rather than a shipped map id."""
    from riotsim.core.match import is_shipped_map_id

    return map_arg.lower().endswith(".tmx") or not is_shipped_map_id(map_arg)


@dataclass
class MapFile:
    """What vetting a map file found: its absolute path, the game its ``game`` property names
    (``""`` when unknown), every check-map problem, and the one-line reason it cannot be
    played (``""`` when it can)."""

    path: Path
    game: str = ""
    problems: list[Problem] = field(default_factory=list)
    refusal: str = ""

    @property
    def playable(self) -> bool:
        return not self.refusal

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.is_warning]


# A saved game's map file found next to its save instead of at the path the game names: the
# game keeps naming the recorded path (its positions and hashes hold it), the loaders read the
# file from here. Filled only by a save whose map file had the recorded hash.
_MOVED: dict[str, str] = {}


def relocate(recorded: str, found: Path) -> None:
    _MOVED[recorded] = str(found)


def located(map_path: str) -> str:
    """Where the map file a game names lies now (itself unless a save found it moved)."""
    return _MOVED.get(map_path, map_path)


def _read_game(path: Path) -> str:
    from riotsim.core.tiled import load_board

    try:
        return str(load_board(path).game or "")
    except Exception:  # the checks report why it does not load
        return ""


def vet(map_arg: str | Path, game: str | None = None) -> MapFile:
    """Check a map file for playing ``game`` (any game when None)."""
    from riotsim.core import checks

    path = Path(map_arg).expanduser().absolute()
    found = MapFile(path)
    if path.is_dir():
        found.refusal = _("{path}: a folder, not a map file").format(path=path)
        return found
    if not path.exists() and not path.is_symlink():
        found.refusal = _("{path}: no such map file").format(path=path)
        return found
    files, problems = checks.map_files([path])
    if problems or not files:
        found.problems = problems
        why = problems[0].message if problems else _("not a Tiled map")
        found.refusal = f"{path}: {why}"
        return found
    found.problems = checks.check_map(path)
    found.game = _read_game(path)
    errors = [p for p in found.problems if not p.is_warning]
    if game is not None and found.game and found.game != game:  # say that first
        found.refusal = _wrong_game(path, found.game, game)
    elif errors:
        found.refusal = _not_playable(path, errors)
    elif game is not None and found.game != game:
        found.refusal = _wrong_game(path, found.game or _("no game"), game)
    return found


def _wrong_game(path: Path, found: str, game: str) -> str:
    return _("{path}: a map for {found}, not for {game}").format(path=path, found=found, game=game)


def _not_playable(path: Path, errors: list[Problem]) -> str:
    first = errors[0]
    where = f" ({first.place})" if first.place else ""
    others = len(errors) - 1
    more = ngettext(" (and {n} more)", " (and {n} more)", others).format(n=others) if others else ""
    return _(
        "{path}: not a playable map: {problem}{where}{more}; see `riotsim check-map {path}`"
    ).format(path=path, problem=first.message, where=where, more=more)
