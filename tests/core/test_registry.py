"""Registration (issue 11, "Registration without editing string tables"): a game and its view
are found from entry points its distribution declares; riotsim's own four are declared in
pyproject.toml; nothing is imported before a rule set is asked for."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import toy_game

from riotsim.core import registry

REPO = Path(__file__).resolve().parents[2]
BUILT_IN = ["riotquest", "riot", "riot-pm", "quodd"]

TOY_VIEW = '''
from riotsim.ui.views.generic import GenericView


class ToyPluginView(GenericView):
    """The toy game's own view (a generic one under another name)."""
'''


def fake_distribution(root: Path, name: str, groups: dict[str, dict[str, str]]) -> None:
    """An installed distribution as importlib.metadata finds it: a .dist-info folder."""
    info = root / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    lines = []
    for group, table in groups.items():
        lines.append(f"[{group}]")
        lines += [f"{key} = {value}" for key, value in table.items()]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n")


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """Install fake distributions into a folder on sys.path; the registry reads them anew,
    and forgets them after the test."""
    monkeypatch.syspath_prepend(str(tmp_path))

    def install(name: str, groups: dict[str, dict[str, str]]) -> None:
        fake_distribution(tmp_path, name, groups)
        registry.refresh()

    yield install
    monkeypatch.undo()
    registry.refresh()


def test_a_game_installed_as_a_distribution_is_registered_with_its_view(installed, tmp_path):
    """A fifth game added without editing registry.py or ui/views/__init__.py: its own
    distribution declares the rule set and the view."""
    (tmp_path / "toy_plugin_view.py").write_text(TOY_VIEW)
    installed(
        "riotsim-toy-plugin",
        {
            registry.GAMES_GROUP: {"toy": "toy_game:RULESET"},
            registry.VIEWS_GROUP: {"toy": "toy_plugin_view:ToyPluginView"},
        },
    )
    assert registry.ids() == [*BUILT_IN, "toy"]  # after riotsim's own, in their order
    assert registry.get("toy") is toy_game.RULESET
    assert "toy" in registry.playable()
    from riotsim.ui.views import view_class

    view = view_class("toy")
    assert view.__name__ == "ToyPluginView" and view.__module__ == "toy_plugin_view"


def test_the_game_is_gone_once_its_distribution_is(installed, tmp_path):
    installed("riotsim-toy-plugin", {registry.GAMES_GROUP: {"toy": "toy_game:RULESET"}})
    assert "toy" in registry.ids()
    (tmp_path / "riotsim_toy_plugin-1.0.dist-info" / "entry_points.txt").unlink()
    registry.refresh()
    assert registry.ids() == BUILT_IN
    with pytest.raises(registry.UnknownRuleset, match="unknown game 'toy'"):
        registry.get("toy")


def test_a_plug_in_cannot_take_a_built_in_id(installed, caplog):
    installed("sneaky", {registry.GAMES_GROUP: {"riot": "toy_game:RULESET", "toy": "x:Y"}})
    assert registry.ids() == [*BUILT_IN, "toy"]
    assert registry.get("riot").id == "riot"
    assert "'riot' is taken" in caplog.text


def test_a_toy_registered_by_hand_stays_after_a_refresh():
    with toy_game.registered():
        registry.refresh()
        assert registry.ids() == [*BUILT_IN, "toy", "toy-open", "toy-solo"]
        assert registry.get("toy-solo") is toy_game.RULESET_SOLO
    assert registry.ids() == BUILT_IN


def test_built_in_games_and_views_are_the_pyproject_entry_points():
    """One declaration: ids and order as before, each naming a rule set of that id, and a
    view for each."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    games = project["entry-points"][registry.GAMES_GROUP]
    views = project["entry-points"][registry.VIEWS_GROUP]
    assert list(games) == BUILT_IN == registry.ids()
    assert registry.declared(registry.GAMES_GROUP) == games
    assert set(views) == set(games)
    for game in BUILT_IN:
        assert registry.get(game).id == game


def test_an_installed_wheel_reads_the_metadata_in_the_menus_order(installed, monkeypatch):
    """Away from a checkout (a wheel), riotsim's own games come from its installed metadata,
    which lists them sorted by name (as hatchling writes them): the menu keeps its order. A
    distribution named riotsim earlier on sys.path stands in for the installed one here."""
    monkeypatch.setattr(registry, "_checkout_pyproject", lambda: None)
    games = {game: f"toy_game:{game}" for game in sorted([*BUILT_IN, "toy"])}
    installed("riotsim", {registry.GAMES_GROUP: games})
    assert registry.ids() == [*BUILT_IN, "toy"]
    assert registry.target("riot-pm") == "toy_game:riot-pm"


def test_asking_for_the_ids_imports_no_game():
    """Start-up stays fast: the ids come from the declarations alone."""
    probe = (
        "import sys, json\n"
        "from riotsim.core import registry\n"
        "ids = registry.ids()\n"
        "games = sorted(m for m in sys.modules if m.startswith('riotsim.games.'))\n"
        "print(json.dumps([ids, games, 'importlib.metadata' in sys.modules]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, timeout=120
    )
    assert done.returncode == 0, done.stderr
    ids, games, metadata = json.loads(done.stdout)
    assert ids == BUILT_IN and games == [] and metadata


def test_importing_the_registry_reads_nothing():
    probe = (
        "import sys\n"
        "from riotsim.core import registry\n"
        "print('importlib.metadata' in sys.modules, registry._read)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "False"]
