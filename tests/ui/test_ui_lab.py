"""Map Lab: draws a Tiled map, lists its problems, reloads when the file changes."""

from __future__ import annotations

import shutil
from pathlib import Path

from riotsim.ui.scenes.lab import MapLabScene

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "maps"


def test_lab_draws_a_map_and_follows_edits(app, tmp_path):
    for name in ("ortho9.tmx", "squares.tsx", "squares.png"):
        shutil.copy(FIXTURES / name, tmp_path / name)
    path = tmp_path / "ortho9.tmx"
    lab = MapLabScene(app, path)
    app.push(lab)
    app.tick(0.016)
    lab.wait()  # the map is loaded and checked on a worker thread
    assert lab.board is not None and lab.picture is not None
    assert ("h2", "Map") in lab.panel.blocks
    assert ("li", "orthogonal, 9 x 9 cells") in lab.panel.blocks
    # the designer saves a broken file: the lab reloads by itself and lists the problem,
    # still showing the last good map (see test_ui_lab_tools for the banner)
    good = lab.board
    path.write_text("<map><unclosed>", encoding="utf-8")
    app.tick(0.3)
    app.tick(0.3)
    lab.wait()
    assert lab.broken and lab.board is good and lab.problems
    assert any("ortho9.tmx" in str(p) for p in lab.problems)
    assert app.errors == []
    app.tick(0.016)  # draws the "cannot be drawn" state
    lab.key("escape")
    assert lab not in app.stack


def test_lab_on_a_missing_file_reports_it(app, tmp_path):
    lab = MapLabScene(app, tmp_path / "nope.tmx")
    app.push(lab)
    app.tick(0.016)
    lab.wait()
    assert lab.board is None and lab.problems and app.errors == []


def test_thumbnails_of_hex_and_square_boards(app):
    """Hex maps are drawn staggered as Tiled places them; pictures keep the map's aspect."""
    from riotsim.core.tiled import load_board
    from riotsim.ui.thumbnail import _pixel_size, render_board

    for name in ("hex_y.tmx", "hex_x.tmx", "ortho9.tmx"):
        board = load_board(FIXTURES / name)
        picture = render_board(board, (300, 200))
        w, h = _pixel_size(board)
        assert picture.get_width() <= 300 and picture.get_height() <= 200
        assert abs(picture.get_width() / picture.get_height() - w / h) < 0.05
        opaque = sum(
            1
            for x in range(0, picture.get_width(), 5)
            for y in range(0, picture.get_height(), 5)
            if picture.get_at((x, y)).a > 0
        )
        assert opaque > 20, name


def test_frames_keep_coming_while_a_map_is_checked(app, tmp_path, monkeypatch):
    """The load and check run on a worker thread: a slow map never freezes the window."""
    import threading

    import riotsim.core.tiled as tiled

    for name in ("ortho9.tmx", "squares.tsx", "squares.png"):
        shutil.copy(FIXTURES / name, tmp_path / name)
    release = threading.Event()
    real = tiled.load_board

    def slow_load(path):
        release.wait(30)
        return real(path)

    monkeypatch.setattr(tiled, "load_board", slow_load)
    lab = MapLabScene(app, tmp_path / "ortho9.tmx")
    app.push(lab)
    for _ in range(5):
        app.tick(0.016)  # returns although the check has not finished
    assert lab.loading and lab.board is None and lab.picture is None
    lab.reload()  # asked again while running: runs once more afterwards
    release.set()
    lab.wait()
    assert lab.loading  # the second run
    lab.wait()
    assert not lab.loading and lab.board is not None and lab.picture is not None
    from riotsim.core.checks import check_map

    assert lab.problems == check_map(tmp_path / "ortho9.tmx") and app.errors == []


def test_translucent_polygons_match_a_full_layer(app):
    """Polygons are filled on a layer the size of their box: the same pixels as a layer the
    size of the whole board, at a fraction of the cost."""
    import pygame

    from riotsim.ui.thumbnail import _translucent_polygon

    pts = [(10.5, 12.0), (70.0, 15.0), (60.0, 55.5), (-5.0, 40.0)]
    expected = pygame.Surface((64, 64), pygame.SRCALPHA)
    expected.fill((20, 30, 40, 255))
    got = expected.copy()
    layer = pygame.Surface((64, 64), pygame.SRCALPHA)
    pygame.draw.polygon(layer, (200, 100, 50, 70), pts)
    expected.blit(layer, (0, 0))
    _translucent_polygon(got, (200, 100, 50, 70), pts)
    assert all(expected.get_at((x, y)) == got.get_at((x, y)) for x in range(64) for y in range(64))
