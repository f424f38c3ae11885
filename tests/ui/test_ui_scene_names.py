"""Scenes by name: each registered name opens on the stack and draws headless, and no scene
module imports another scene module inside a function (they open each other by name)."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ui_helpers import frames, start_toy, toy_setup

import riotsim
import riotsim.ui.scenes
from riotsim.core import registry
from riotsim.ui.scene import Scene, register_scene, scene_factory, scene_names
from riotsim.ui.scenes.menu import MenuScene
from riotsim.ui.scenes.quodd_setup import QuoddSetupScene
from riotsim.ui.scenes.setup import SetupScene

SCENES_DIR = Path(riotsim.ui.scenes.__file__).parent
UI_DIR = SCENES_DIR.parent
MAPS = Path(__file__).resolve().parents[1] / "fixtures" / "maps"


def _map(tmp_path: Path) -> Path:
    for name in ("ortho9.tmx", "squares.tsx", "squares.png"):
        shutil.copy(MAPS / name, tmp_path / name)
    return tmp_path / "ortho9.tmx"


# what each scene is opened with, beyond the app: a new scene needs its line here
def _arguments(app, tmp_path: Path) -> dict[str, tuple]:
    game = start_toy(app)
    ruleset = registry.get("uitoy")
    quodd = SetupScene(app, "quodd")
    return {
        "menu": (),
        "setup": ("uitoy",),
        "load": (),
        "settings": (),
        "game": (game.match,),
        "replay": (ruleset, toy_setup(), [], "uitoy"),
        "pause": (game,),
        "summary": (game,),
        "log": (game,),
        "keys": (),
        "reference": ("uitoy", ruleset),
        "lab": (_map(tmp_path),),
        "lessons": (),
        "quodd_setup": (quodd,),
        "quodd_deck": (QuoddSetupScene(app, quodd),),
        "open_map": (lambda path: None, tmp_path),
    }


def test_every_registered_scene_opens_by_name_and_draws(app, tmp_path):
    arguments = _arguments(app, tmp_path)
    assert sorted(arguments) == scene_names()
    for name in scene_names():
        scene = app.stack.push(name, *arguments[name])
        assert isinstance(scene, Scene) and app.stack.top is scene
        frames(app, 2)
        assert scene in app.stack and app.errors == [], name
        if hasattr(scene, "wait"):
            scene.wait()  # the Map Lab loads on a worker thread
            frames(app, 1)
        app.stack.pop(scene)
        assert app.errors == [], name


def test_the_stack_replaces_and_clears_by_name(app):
    setup = app.stack.replace("setup", "uitoy")
    assert app.stack.top is setup and setup.game_id == "uitoy" and len(app.stack) == 1
    menu = app.stack.clear_to("menu")
    assert isinstance(menu, MenuScene) and app.stack.scenes == [menu]
    game = app.push("game", start_toy(app).match)
    assert app.stack.top is game and game.match.game_id == "uitoy"


def test_a_scene_that_fails_to_build_leaves_the_stack_as_it_was(app):
    before = list(app.stack.scenes)
    with pytest.raises(TypeError):
        app.stack.replace("setup", "uitoy", "an argument too many")
    assert app.stack.scenes == before


def test_an_unknown_name_says_which_names_there_are(app):
    with pytest.raises(KeyError, match="no scene called 'nowhere'.*menu"):
        app.stack.push("nowhere")


def test_a_name_is_taken_once():
    with pytest.raises(ValueError, match="taken by MenuScene"):
        register_scene("menu")(type("Other", (Scene,), {}))
    assert scene_factory("menu") is MenuScene


def test_arguments_go_with_a_name_only(app):
    with pytest.raises(TypeError):
        app.stack.push(MenuScene(app), "stray")


def _imports_inside_functions(tree: ast.AST, package: str) -> list[tuple[int, str]]:
    """(line, module) of every import in a function body; ``from m import x`` gives both
    ``m`` and ``m.x`` (x may be a module), relative imports resolved against ``package``."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        for inner in ast.walk(node):
            if isinstance(inner, ast.ImportFrom):
                parts = package.split(".")[: len(package.split(".")) - max(0, inner.level - 1)]
                base = ".".join(parts + [inner.module or ""]) if inner.level else inner.module
                base = (base or "").rstrip(".")
                found.append((inner.lineno, base))
                found += [(inner.lineno, f"{base}.{alias.name}") for alias in inner.names]
            elif isinstance(inner, ast.Import):
                found += [(inner.lineno, alias.name) for alias in inner.names]
    return found


def _is_scene_module(name: str) -> bool:
    return name == "riotsim.ui.scenes" or name.startswith("riotsim.ui.scenes.")


@pytest.mark.parametrize(
    "path",
    [*sorted(SCENES_DIR.glob("*.py")), UI_DIR / "app.py"],
    ids=lambda p: p.name,
)
def test_no_scene_module_is_imported_inside_a_function(path):
    package = "riotsim.ui.scenes" if path.parent == SCENES_DIR else "riotsim.ui"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = _imports_inside_functions(tree, package)
    bad = sorted({(line, name) for line, name in found if _is_scene_module(name)})
    assert bad == [], f"{path.name} imports scenes inside functions (open them by name): {bad}"


@pytest.mark.parametrize(
    "source",
    [
        "class A:\n    def f(self):\n        from riotsim.ui.scenes.load import LoadScene\n",
        "def f():\n    from . import load\n",
        "def f():\n    from .load import LoadScene\n",
        "f = lambda: __import__('x') or None\ndef g():\n    import riotsim.ui.scenes.menu\n",
    ],
)
def test_the_check_sees_an_import_inside_a_function(source):
    found = _imports_inside_functions(ast.parse(source), "riotsim.ui.scenes")
    assert any(_is_scene_module(name) for _, name in found)


def test_opening_the_menu_by_name_imports_no_other_screen(tmp_path):
    """The name is looked up in menu.py first: the first frame waits for no other screen."""
    probe = (
        "import sys\n"
        "from riotsim.ui.app import App\n"
        "from riotsim.ui.settings import Settings\n"
        "app = App(size=(1280, 800), settings=Settings(sound=False), headless=True)\n"
        "app.open_menu()\n"
        "print(type(app.stack.top).__name__)\n"
        "print(sorted(m for m in sys.modules if m.startswith('riotsim.ui.scenes.')))\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env["RIOTSIM_HOME"] = str(tmp_path)
    root = Path(riotsim.__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=root
    )
    assert done.returncode == 0, done.stderr
    top, modules = done.stdout.strip().splitlines()[-2:]
    assert top == "MenuScene"
    assert ast.literal_eval(modules) == [
        "riotsim.ui.scenes.common",
        "riotsim.ui.scenes.menu",
        "riotsim.ui.scenes.opening",
    ]
