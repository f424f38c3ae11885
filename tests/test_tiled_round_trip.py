"""Every shipped map survives a save in real Tiled (issue 15: "Shipped maps open and save
correctly in Tiled 1.8 and in current Tiled").

Runs the distribution's ``tiled --export-map`` (offscreen) on a copy of maps/ and checks that
riotsim reads the saved file as it reads the original. Skipped where ``tiled`` is not installed
(``apt-get install tiled`` gives Debian 12's Tiled 1.8.2).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from riotsim.core.tiled import Board, load_board
from riotsim.games.quodd.maps import load_layout
from riotsim.games.riot.city_maps import board_from_tiled
from riotsim.games.riotquest.arena import Arena

MAPS = Path(__file__).resolve().parent.parent / "maps"
MAP_FILES = sorted(MAPS.rglob("*.tmx"))
TILED = shutil.which("tiled")

pytestmark = pytest.mark.skipif(TILED is None, reason="the tiled program is not installed (apt)")


def _tiled_version() -> tuple[int, ...]:
    assert TILED is not None
    out = subprocess.run(
        [TILED, "--version"], capture_output=True, text=True, env=_env(), timeout=60
    ).stdout
    return tuple(int(p) for p in out.split()[-1].split("."))


def _env() -> dict[str, str]:
    return {**os.environ, "QT_QPA_PLATFORM": "offscreen"}


def _cases() -> list[Any]:
    return [pytest.param(path, id=str(path.relative_to(MAPS))) for path in MAP_FILES]


def test_shipped_maps_name_object_kinds_with_type_which_every_tiled_keeps():
    """Issue 15: Tiled before 1.9 does not know the ``class`` attribute and drops it on save
    (the Riot Quest arenas lost their kinds that way); ``type`` is kept by 1.8 and read as
    the class by 1.9 and later, so the shipped maps use it."""
    assert [
        p.name
        for p in MAP_FILES
        if "<object" in (t := p.read_text(encoding="utf-8")) and ' class="' in t
    ] == []


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of maps/ with every map replaced by what Tiled writes when it saves it."""
    assert TILED is not None
    root = tmp_path_factory.mktemp("tiled") / "maps"
    shutil.copytree(MAPS, root)
    for path in MAP_FILES:
        target = root / path.relative_to(MAPS)
        subprocess.run(
            [TILED, "--export-map", "tmx", str(path), str(target)],
            check=True,
            capture_output=True,
            env=_env(),
            timeout=60,
        )
    return root


def _objects(board: Board) -> list[tuple[Any, ...]]:
    return [
        (o.id, o.kind, o.name, o.shape, o.points, o.cell, o.properties, o.layer)
        for o in board.objects
    ]


def _game_reading(board: Board, path: Path) -> Any:
    """What the map's own game makes of it."""
    game = board.properties.get("game")
    if game == "riotquest":
        arena = Arena.from_board(board, path.stem)
        return (arena.gates, arena.beacons, arena.centre, arena.terrain, arena.title)
    if game == "quodd":
        return load_layout(str(path))
    return board_from_tiled(board, str(game), path.name)


@pytest.mark.parametrize("path", _cases())
def test_a_map_saved_by_tiled_reads_as_the_original(path: Path, saved: Path) -> None:
    copy = saved / path.relative_to(MAPS)
    original, resaved = load_board(path), load_board(copy)
    assert resaved.properties == original.properties
    assert (resaved.width, resaved.height, resaved.orientation) == (
        original.width,
        original.height,
        original.orientation,
    )
    assert _objects(resaved) == _objects(original)
    reading = _game_reading(original, path)
    assert _game_reading(resaved, copy) == reading
