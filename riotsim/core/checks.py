"""What ``riotsim check-data`` and ``riotsim check-map`` validate.

Both return a list of :class:`Problem`; the CLI prints each with ``str(problem)`` and exits 1
when the list is not empty. Neither raises: a crash inside a game's own check becomes a problem
too, so a bad file never shows a traceback.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterable
from pathlib import Path

from riotsim.core import registry
from riotsim.core.content import display_path, os_problem, read_yaml, real_path
from riotsim.core.problems import ContentError, Problem


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
                f"rule set {ruleset_id!r} failed to load: {type(exc).__name__}: {exc}",
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
        return [Problem(doc.shown, "", f"cannot read the dice: {type(exc).__name__}: {exc}")]
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
    problems = _check_dice(root)
    problems.extend(_check_yaml_syntax(root))
    for ruleset_id in registry.ids():
        ruleset, load_problems = load_ruleset(ruleset_id)
        problems.extend(load_problems)
        if ruleset is None:
            continue
        try:
            problems.extend(ruleset.check_content())  # type: ignore[attr-defined]
        except ContentError as exc:
            problems.extend(exc.problems)
        except Exception as exc:
            problems.append(
                Problem(
                    _source_place(_module_of(ruleset_id)),
                    "",
                    f"{ruleset_id}: check_content crashed: {type(exc).__name__}: {exc}",
                )
            )
    return _unique(problems)


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
                problems.append(Problem(shown, "", "no .tmx maps in this folder"))
            files.extend(found)
        elif path.is_file():
            if path.suffix.lower() != ".tmx":
                problems.append(Problem(shown, "", "not a Tiled map (expected a .tmx file)"))
            else:
                files.append(path)
        else:
            problems.append(Problem(shown, "", _unreadable(path) or "no such file or folder"))
    unique = {real_path(path): path for path in reversed(files)}  # a map named twice: once
    return [path for path in files if unique.get(real_path(path)) is path], problems


def _unreadable(path: Path) -> str:
    """Why an existing name is neither a file nor a folder (a broken or looping symbolic
    link), or "" when nothing has that name."""
    try:
        os.stat(path)
    except FileNotFoundError:
        return "broken symbolic link (its target does not exist)" if path.is_symlink() else ""
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
    game = board.game
    if game not in registry.ids():
        return [
            Problem(
                board.path,
                "map property 'game'",
                f"unknown game {game!r}; known games: {', '.join(registry.ids())}",
            )
        ]
    ruleset, problems = load_ruleset(game)
    if ruleset is None:
        return problems or [
            Problem(
                board.path,
                "map property 'game'",
                f"the rules of {game!r} are not installed, so the map cannot be checked",
            )
        ]
    try:
        return list(ruleset.check_board(board, board.path))  # type: ignore[attr-defined]
    except ContentError as exc:
        return exc.problems
    except Exception as exc:
        return [
            Problem(
                board.path,
                "",
                f"{game}: check_board crashed: {type(exc).__name__}: {exc}",
            )
        ]


def check_maps(paths: list[Path]) -> list[Problem]:
    """Validate every map named by ``paths`` (files or folders searched for .tmx)."""
    files, problems = map_files(paths)
    for path in files:
        problems.extend(check_map(path))
    return _unique(problems)
