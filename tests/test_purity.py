"""The rules core, games and bots never import pygame or riotsim.ui (docs/DESIGN.md, Layers)."""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

import riotsim

PACKAGE = Path(riotsim.__file__).resolve().parent
PURE = ("core", "games", "ai", "balance")


def test_importing_core_games_ai_and_cli_never_loads_pygame():
    script = textwrap.dedent(
        """
        import importlib, pkgutil, sys
        import riotsim.core, riotsim.games, riotsim.ai, riotsim.balance, riotsim.cli
        names = []
        for package in (riotsim.core, riotsim.games, riotsim.ai, riotsim.balance):
            for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
                names.append(info.name)
        for name in names:
            importlib.import_module(name)
        loaded = sorted(m for m in sys.modules if m == "pygame" or m.startswith("pygame."))
        ui = sorted(m for m in sys.modules if m.startswith("riotsim.ui"))
        print(len(names), loaded, ui)
        assert not loaded, f"pygame imported: {loaded}"
        assert not ui, f"riotsim.ui imported: {ui}"
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr[-2000:]
    count = int(result.stdout.split()[0])
    assert count >= 5  # at least match, saves, contract... and the bots were imported


def _is_forbidden(name: str) -> bool:
    return name in ("pygame", "riotsim.ui") or name.startswith(("pygame.", "riotsim.ui."))


def _absolute(path: Path, module: str | None, level: int) -> str:
    """Resolve ``from ..x import y`` in ``path`` (a file of the riotsim package)."""
    if level == 0:
        return module or ""
    package = list(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    base = package[: len(package) - (level - 1)] if level > 1 else package
    return ".".join(base + ([module] if module else []))


def forbidden_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(path, node.module, node.level)
            names = [module] + [f"{module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "import_module":
            names = [a.value for a in node.args if isinstance(a, ast.Constant)]
            names = [n for n in names if isinstance(n, str)]
        bad = [name for name in names if _is_forbidden(name)]
        if bad:
            where = path.relative_to(PACKAGE.parent)
            found.append((node.lineno, f"{where}:{node.lineno}: imports {bad[0]}"))
    return [line for _, line in sorted(found)]


def test_no_source_file_in_core_games_ai_imports_pygame_or_ui():
    files = [p for part in PURE for p in sorted((PACKAGE / part).rglob("*.py"))]
    assert files
    problems = [line for path in files for line in forbidden_imports(path)]
    assert problems == []


def test_the_scan_catches_forbidden_imports(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", tmp_path / "riotsim")
    sample = tmp_path / "riotsim" / "games" / "bad.py"
    sample.parent.mkdir(parents=True)
    sample.write_text(
        "import os\n"
        "from riotsim.core import rng\n"
        "def f():\n"
        "    from riotsim.ui import app\n"
        "    import pygame.draw\n"
        "    from ..ui.views import base\n"
        "    from . import uihelpers\n"
        "    importlib.import_module('pygame')\n"
    )
    assert forbidden_imports(sample) == [
        "riotsim/games/bad.py:4: imports riotsim.ui",
        "riotsim/games/bad.py:5: imports pygame.draw",
        "riotsim/games/bad.py:6: imports riotsim.ui.views",
        "riotsim/games/bad.py:8: imports pygame",
    ]
