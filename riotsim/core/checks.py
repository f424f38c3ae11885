"""What ``riotsim check-data`` and ``riotsim check-map`` validate.

Both return a list of :class:`Problem`; the CLI prints each with ``str(problem)`` and exits 1
when the list is not empty. Neither raises: a crash inside a game's own check becomes a problem
too, so a bad file never shows a traceback.
"""

from __future__ import annotations

import importlib.util
import os
import re
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from riotsim.core import registry
from riotsim.core.content import (
    YamlDocument,
    display_path,
    os_problem,
    parse_once,
    read_yaml,
    real_path,
)
from riotsim.core.problems import ContentError, Problem
from riotsim.i18n import _, ngettext, pgettext


def _unique(problems: Iterable[Problem]) -> list[Problem]:
    seen: set[Problem] = set()
    out: list[Problem] = []
    for problem in problems:
        if problem not in seen:
            seen.add(problem)
            out.append(problem)
    return out


def _module_of(ruleset_id: str) -> str:
    return registry._RULESETS[ruleset_id].partition(":")[0]


def _package_exists(module_name: str) -> bool:
    import sys

    if module_name in sys.modules:
        return True
    try:
        return importlib.util.find_spec(module_name) is not None
    except (ImportError, ValueError):
        return False


def _source_place(module_name: str) -> str:
    return module_name.replace(".", "/")


def load_ruleset(ruleset_id: str) -> tuple[object | None, list[Problem]]:
    """The rule set for ``ruleset_id``, or None with the problems that prevented loading.

    A rule set whose package does not exist yet gives (None, []): it is simply not installed.
    """
    module_name = _module_of(ruleset_id)
    if not _package_exists(module_name):
        return None, []
    try:
        return registry.get(ruleset_id), []
    except Exception as exc:  # an import error inside an existing package is worth reporting
        return None, [
            Problem(
                _source_place(module_name),
                "",
                _("rule set {ruleset_id!r} failed to load: {name}: {exc}").format(
                    ruleset_id=ruleset_id, name=type(exc).__name__, exc=exc
                ),
            )
        ]


def _data_folder(root: Path) -> Path:
    """``root`` is the content root (holding data/); a data folder itself is accepted too."""
    in_root = (root / "dice.yaml").is_file() and not (root / "data").is_dir()
    return root if in_root else root / "data"


def _check_dice(root: Path) -> list[Problem]:
    from riotsim.core.dice import parse_dice

    try:
        doc = read_yaml(_data_folder(root) / "dice.yaml")
    except ContentError as exc:
        return exc.problems
    try:
        parse_dice(doc.data, doc.shown)
    except ContentError as exc:
        # parse_dice names fields ("dice.d6.faces"); add the line they sit on
        out = []
        for problem in exc.problems:
            if problem.place:
                loc = [int(p) if p.isdigit() else p for p in problem.place.split(".")]
                out.append(doc.problem(loc, problem.message))
            else:
                out.append(problem)
        return out
    except Exception as exc:
        return [
            Problem(
                doc.shown,
                "",
                _("cannot read the dice: {name}: {exc}").format(name=type(exc).__name__, exc=exc),
            )
        ]
    return []


def _check_yaml_syntax(root: Path) -> list[Problem]:
    """Every other YAML file under the data folder must at least parse: syntax, duplicate keys,
    characters. Schemas are the rule sets' business (their check_content)."""
    folder = _data_folder(root)
    problems: list[Problem] = []
    if not folder.is_dir():
        return problems
    for path in sorted(folder.rglob("*")):
        if path.suffix not in (".yaml", ".yml") or path == folder / "dice.yaml":
            continue
        try:
            read_yaml(path)
        except ContentError as exc:
            problems.extend(exc.problems)
    return problems


def check_data(root: Path | None = None) -> list[Problem]:
    """Validate YAML content: ``data/dice.yaml`` under ``root`` (default: the content root; the
    ``data`` folder itself works too), the YAML syntax of every other file under ``data/``, and,
    for every rule set that is installed, its ``check_content()``.

    Rule sets read their content through :func:`riotsim.paths.data_dir`; with a ``root`` their
    checks run inside :func:`riotsim.paths.use_data_dir`, so they validate that folder. Games
    cache what they load, so checking a folder other than the shipped one is only exact in a
    process that has not loaded content yet (the ``riotsim check-data DIR`` command)."""
    from riotsim.paths import content_root, use_data_dir

    if root is None:
        return _check_all(content_root())
    with use_data_dir(_data_folder(root)):
        return _check_all(root)


def _check_all(root: Path) -> list[Problem]:
    with parse_once():
        problems = _check_everything(root)
        return _unique(with_lines(problems, root))


def _check_everything(root: Path) -> list[Problem]:
    problems = _check_dice(root)
    problems.extend(_check_yaml_syntax(root))
    for ruleset_id in registry.ids():
        ruleset, load_problems = load_ruleset(ruleset_id)
        problems.extend(load_problems)
        if ruleset is None:
            continue
        from riotsim.core.lessons import lesson_problems

        problems.extend(lesson_problems(ruleset_id))  # data/<game>/lessons.yaml, if any
        try:
            problems.extend(ruleset.check_content())  # type: ignore[attr-defined]
        except ContentError as exc:
            problems.extend(exc.problems)
        except Exception as exc:
            problems.append(
                Problem(
                    _source_place(_module_of(ruleset_id)),
                    "",
                    _("{ruleset_id}: check_content crashed: {name}: {exc}").format(
                        ruleset_id=ruleset_id, name=type(exc).__name__, exc=exc
                    ),
                )
            )
    return problems


# -- lines for the problems games report by field path, id or file --------------------------

_LINE_PLACE = re.compile(r"\d+(:\d+)?")
_FIELD_PATH = re.compile(r"[A-Za-z_][\w-]*(\[\d+\]|\.[\w-]+)*")
_QUOTED = re.compile(r"'([^']+)'|\"([^\"]+)\"")
_WORD = re.compile(r"[\w-]+")
# words of a problem about a repeated value, matched in the English and in the language spoken
_REPEATS = ("twice", "repeat", "unique", "duplicate", "more than once")


def _repeat_words() -> tuple[str, ...]:
    """The words of :data:`_REPEATS` in the language spoken (parts of a message, so their
    Italian may be a word's stem: "ripet" matches "ripetuto" and "ripetizione")."""
    return (
        pgettext("repeat words", "twice"),
        pgettext("repeat words", "repeat"),
        pgettext("repeat words", "unique"),
        pgettext("repeat words", "duplicate"),
        pgettext("repeat words", "more than once"),
    )


def _is_repeat(message: str) -> bool:
    text = message.lower()
    return any(word in text for word in _REPEATS + _repeat_words())


def with_lines(problems: list[Problem], root: Path) -> list[Problem]:
    """Give a line to every problem about a YAML file that has none.

    Games report cross-file checks (duplicate ids, unknown references) by field path
    (``heroes[3].gear``), by an id in the message or by file alone; this finds the line of
    that field, of the value named (the second one for a repeated id) or of the first id that
    repeats, and prints the path the way check-data prints every other file."""
    docs: dict[Path, YamlDocument | None] = {}
    return [_with_line(problem, root, docs) for problem in problems]


def _with_line(problem: Problem, root: Path, docs: dict[Path, YamlDocument | None]) -> Problem:
    if _LINE_PLACE.fullmatch(problem.place):
        return problem
    path = _yaml_file(problem.path, root)
    if path is None:
        return problem
    if path not in docs:
        try:
            docs[path] = read_yaml(path)
        except ContentError:
            docs[path] = None
    doc = docs[path]
    if doc is None or doc.root is None:
        return problem
    place = problem.place
    message = f"{place}: {problem.message}" if place else problem.message
    if place and _FIELD_PATH.fullmatch(place):
        loc = _parse_loc(place)
        node, found = doc.node_at(loc)
        if found and node is not None:
            return Problem(doc.shown, str(node.start_mark.line + 1), message)
    repeated = _is_repeat(problem.message)
    line = _named_value_line(doc, f"{place} {problem.message}", repeated)
    if line is None and repeated:
        found_id = _first_repeated_id(doc)
        if found_id is not None:
            value, line, first = found_id
            message += _(" ({value!r} again; first on line {first})").format(
                value=value, first=first
            )
    if line is None:
        return Problem(doc.shown, place, problem.message)
    return Problem(doc.shown, str(line), message)


def _yaml_file(shown: str, root: Path) -> Path | None:
    # a relative name is read from the folder being checked first
    for candidate in (root / shown, _data_folder(root).parent / shown, Path(shown)):
        if candidate.suffix in (".yaml", ".yml") and candidate.is_file():
            return candidate
    return None


def _parse_loc(place: str) -> list[str | int]:
    loc: list[str | int] = []
    for name, index in re.findall(r"([\w-]+)|\[(\d+)\]", place):
        loc.append(int(index) if index else name)
    return loc


def _scalars(doc: YamlDocument) -> list[tuple[str, str, int]]:
    """(key, value, line) of every scalar value in a mapping, in file order."""
    from yaml.nodes import MappingNode, ScalarNode, SequenceNode

    out: list[tuple[str, str, int]] = []
    stack = [doc.root]
    seen: set[int] = set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, MappingNode):
            for key, value in node.value:
                if isinstance(value, ScalarNode) and isinstance(key, ScalarNode):
                    out.append((key.value, value.value, value.start_mark.line + 1))
                stack.append(value)
        elif isinstance(node, SequenceNode):
            for item in node.value:
                if isinstance(item, ScalarNode):
                    out.append(("", item.value, item.start_mark.line + 1))
                stack.append(item)
    out.sort(key=lambda item: item[2])
    return out


def _named_value_line(doc: YamlDocument, text: str, repeated: bool) -> int | None:
    """The line of a value the text names: any value for a quoted name, an id for a bare
    word; the second place for a repeated one."""
    scalars = _scalars(doc)
    quoted = [a or b for a, b in _QUOTED.findall(text)]
    ids = {value for key, value, _ in scalars if key == "id" or key.endswith("_id")}
    bare = [word for word in _WORD.findall(text) if word in ids and word not in quoted]
    for name, any_key in [(q, True) for q in quoted] + [(b, False) for b in bare]:
        lines = [
            line
            for key, value, line in scalars
            if value == name and (any_key or key == "id" or key.endswith("_id"))
        ]
        if lines:
            return lines[1] if repeated and len(lines) > 1 else lines[0]
    return None


def _first_repeated_id(doc: YamlDocument) -> tuple[str, int, int] | None:
    first: dict[str, int] = {}
    for key, value, line in _scalars(doc):
        if key != "id":
            continue
        if value in first:
            return value, line, first[value]
        first[value] = line
    return None


def map_files(paths: Iterable[Path]) -> tuple[list[Path], list[Problem]]:
    """The .tmx files named by ``paths`` (folders are searched recursively)."""
    files: list[Path] = []
    problems: list[Problem] = []
    for path in paths:
        path = Path(path)
        shown = display_path(path)
        if path.is_dir():
            found = sorted(path.rglob("*.tmx"))
            for entry in found:
                if not entry.is_file() and (why := _unreadable(entry)):
                    problems.append(Problem(display_path(entry), "", why))
            found = [entry for entry in found if entry.is_file()]
            if not found and not problems:
                problems.append(Problem(shown, "", _("no .tmx maps in this folder")))
            files.extend(found)
        elif path.is_file():
            if path.suffix.lower() != ".tmx":
                problems.append(Problem(shown, "", _("not a Tiled map (expected a .tmx file)")))
            else:
                files.append(path)
        else:
            problems.append(Problem(shown, "", _unreadable(path) or _("no such file or folder")))
    unique = {real_path(path): path for path in reversed(files)}  # a map named twice: once
    return [path for path in files if unique.get(real_path(path)) is path], problems


def _unreadable(path: Path) -> str:
    """Why an existing name is neither a file nor a folder (a broken or looping symbolic
    link), or "" when nothing has that name."""
    try:
        os.stat(path)
    except FileNotFoundError:
        return _("broken symbolic link (its target does not exist)") if path.is_symlink() else ""
    except OSError as exc:
        return os_problem(exc)
    return ""


def check_map(path: Path) -> list[Problem]:
    """Load one map and run the checks of the game its ``game`` property names."""
    from riotsim.core.tiled import load_board

    try:
        board = load_board(path)
    except ContentError as exc:
        return exc.problems
    return check_loaded(board)


def check_loaded(board: Any) -> list[Problem]:
    """The game's checks of a board :func:`riotsim.core.tiled.load_board` has read."""
    game = board.game
    if game not in registry.ids():
        return [
            Problem(
                board.path,
                "map property 'game'",
                _("unknown game {game!r}; known games: {known}").format(
                    game=game, known=", ".join(registry.ids())
                ),
            )
        ]
    ruleset, problems = load_ruleset(game)
    if ruleset is None:
        return problems or [
            Problem(
                board.path,
                "map property 'game'",
                _("the rules of {game!r} are not installed, so the map cannot be checked").format(
                    game=game
                ),
            )
        ]
    try:
        found = list(ruleset.check_board(board, board.path))  # type: ignore[attr-defined]
    except ContentError as exc:
        found = exc.problems
    except Exception as exc:
        return [
            Problem(
                board.path,
                "",
                _("{game}: check_board crashed: {name}: {exc}").format(
                    game=game, name=type(exc).__name__, exc=exc
                ),
            )
        ]
    return with_places(board, found)


def with_places(board: Any, problems: list[Problem]) -> list[Problem]:
    """Give an object as the place of every problem about the map that has none and names
    one of its objects (quoted, or as the first word: ``building_1: must touch the HQ``)."""
    names: dict[str, Any] = {}
    for obj in getattr(board, "objects", ()):
        if obj.name and obj.name not in names:
            names[obj.name] = obj
    if not names:
        return problems
    out = []
    for problem in problems:
        obj = (
            None
            if problem.place or problem.path != board.path
            else _named_object(problem.message, names)
        )
        if obj is None:
            out.append(problem)
        else:
            out.append(replace(problem, place=f"object {obj.id} {obj.name!r}"))
    return out


def _named_object(message: str, names: dict[str, Any]) -> Any:
    for quoted in _QUOTED.findall(message):
        name = quoted[0] or quoted[1]
        if name in names:
            return names[name]
    first = _WORD.match(message)
    return names.get(first.group(0)) if first else None


def object_place(obj: Any) -> str:
    """The place of a map object in a message: ``object 3 'Spawn Gate 1'``."""
    return f"object {obj.id} {obj.name!r}" if obj.name else f"object {obj.id}"


def _before_classes(version: str) -> bool:
    """Whether a Tiled version (``1.8.2``) is older than 1.9, which saves kinds as ``class``."""
    parts = [int(p) for p in re.findall(r"\d+", version)[:2]]
    return len(parts) == 2 and tuple(parts) < (1, 9)


def object_kind_problems(board: Any, path: str, kinds: dict[str, frozenset[str]]) -> list[Problem]:
    """Objects with no kind or one outside ``kinds`` (kind -> the properties it uses), and
    properties a kind does not use (``links`` above all, which only some kinds take)."""
    out: list[Problem] = []
    for obj in board.objects:
        place = object_place(obj)
        if not obj.kind:
            why = _("has no kind (set its class, or its type in Tiled before 1.9)")
            out.append(Problem(path, place, why))
        elif obj.kind not in kinds:
            known = ", ".join(sorted(kinds))
            out.append(
                Problem(
                    path,
                    place,
                    _("unknown kind {kind!r}; known kinds: {known}").format(
                        kind=obj.kind, known=known
                    ),
                )
            )
        else:
            for key in sorted(set(obj.properties) - kinds[obj.kind]):
                if key == "links":
                    message = _("kind {kind!r} cannot have links")
                else:
                    message = _("kind {kind!r} does not use property {key!r}")
                out.append(Problem(path, place, message.format(kind=obj.kind, key=key)))
    version = getattr(board, "tiled_version", "")
    if out and _before_classes(version) and any(not obj.kind for obj in board.objects):
        message = _(
            "saved by Tiled {version}, older than 1.9, which drops object classes: open and"
            " save it in Tiled 1.9 or later, or give each object its kind as its type"
        ).format(version=version)
        out.insert(0, Problem(path, "", message))
    return out


def tiles_without(board: Any, path: str, key: str) -> list[Problem]:
    """One problem per tile that some cell shows but no tile layer there gives ``key``:
    ``12 cells (3,4), (3,5), ...: tile 7 of 'arena' has no 'terrain' property``."""
    cells: dict[tuple[str, int], list[tuple[int, int]]] = {}
    for layer in board.tile_layers:
        for cell, tile in layer.cells():
            if board.tile_property(cell, key) is None and tile.ref is not None:
                found = cells.setdefault((tile.ref.tileset, tile.ref.tile_id), [])
                if cell not in found:
                    found.append(cell)
    out = []
    for (tileset, tile_id), where in sorted(cells.items()):
        shown = ", ".join(f"({c},{r})" for c, r in where[:5]) + (", ..." if len(where) > 5 else "")
        count = ngettext("{n} cell", "{n} cells", len(where)).format(n=len(where))
        message = _("tile {tile} of tileset {tileset!r} has no {key!r} property").format(
            tile=tile_id, tileset=tileset, key=key
        )
        out.append(Problem(path, f"{count} {shown}", message))
    return out


def check_maps(paths: list[Path]) -> list[Problem]:
    """Validate every map named by ``paths`` (files or folders searched for .tmx)."""
    files, problems = map_files(paths)
    for path in files:
        problems.extend(check_map(path))
    return _unique(problems)
