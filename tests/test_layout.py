"""One layout for every game package (issue 11): a newcomer reading one game finds the same
pieces, in modules of the same names, in the next.

Each shipped game package declares its action kinds in ``actions.py`` (an ``ActionKinds`` that
its rule sets use), its event kinds in ``events.py`` (``TypedEvent`` classes), its state in
``state.py``, reads positions in ``positions.py`` and holds its frame kinds in a ``FrameKinds``
registry; value checks for untrusted fields live in ``fieldchecks.py``.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

from riotsim.core import registry
from riotsim.core.actions import ActionKinds
from riotsim.core.events import TypedEvent
from riotsim.core.frames import FrameKinds

PACKAGES = ["riotsim.games.riotquest", "riotsim.games.riot", "riotsim.games.quodd"]
EVERY_PACKAGE_HAS = {"actions", "events", "state", "positions", "fieldchecks"}


def modules(package: str) -> set[str]:
    return {m.name for m in pkgutil.iter_modules(importlib.import_module(package).__path__)}


@pytest.mark.parametrize("package", PACKAGES)
def test_every_game_package_has_the_same_modules(package):
    assert modules(package) >= EVERY_PACKAGE_HAS


@pytest.mark.parametrize("package", PACKAGES)
def test_actions_module_declares_the_action_kinds(package):
    actions = importlib.import_module(f"{package}.actions")
    assert any(isinstance(v, ActionKinds) for v in vars(actions).values())


@pytest.mark.parametrize("package", PACKAGES)
def test_events_module_declares_typed_event_kinds(package):
    events = importlib.import_module(f"{package}.events")
    kinds = [
        v
        for v in vars(events).values()
        if inspect.isclass(v) and issubclass(v, TypedEvent) and v.__module__ == events.__name__
    ]
    assert len(kinds) >= 5
    for kind in kinds:
        assert kind.__dictoffset__ == 0, f"{kind} is not slotted"


@pytest.mark.parametrize("package", PACKAGES)
def test_frame_kinds_are_registered(package):
    found = []
    for name in modules(package):
        module = importlib.import_module(f"{package}.{name}")
        found += [v for v in vars(module).values() if isinstance(v, FrameKinds)]
    assert found and all(len(list(registry_)) > 0 for registry_ in found)


def test_every_registered_rule_set_uses_its_package_declaration():
    for game in registry.ids():
        ruleset = registry.get(game)
        package = importlib.import_module(type(ruleset).__module__).__package__
        actions = importlib.import_module(f"{package}.actions")
        assert any(v is ruleset.action_kinds for v in vars(actions).values()), game


def test_no_function_in_a_game_package_is_longer_than_80_lines():
    """Long ``if kind == ...`` dispatchers were what the frame, step and event classes
    replaced; this keeps them from growing back."""
    import ast
    from pathlib import Path

    games = Path(importlib.import_module("riotsim.games").__path__[0])
    long = []
    for path in sorted(games.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > 80:
                    long.append(f"{path.relative_to(games)}:{node.lineno} {node.name} ({lines})")
    assert long == []


def test_test_files_have_unique_module_names():
    """pytest imports a test file under its name within the nearest folder that is not a
    package: tests/riotquest and tests/ai are not packages, so a test_bots.py in each breaks a
    whole run at collection (it happened)."""
    from collections import Counter
    from pathlib import Path

    def module_name(path: Path) -> str:
        parts = [path.stem]
        folder = path.parent
        while (folder / "__init__.py").is_file():
            parts.insert(0, folder.name)
            folder = folder.parent
        return ".".join(parts)

    names = Counter(module_name(p) for p in Path(__file__).parent.rglob("test_*.py"))
    assert [name for name, count in names.items() if count > 1] == []
