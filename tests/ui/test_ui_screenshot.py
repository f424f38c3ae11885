"""Screenshots: each scene renders headless to a non-empty PNG; pixels at known points."""

from __future__ import annotations

import pygame
import pytest

from riotsim.ui import theme as T
from riotsim.ui.dice import DiceRoll
from riotsim.ui.screenshot import render
from riotsim.ui.views.base import GameView


@pytest.mark.parametrize("scene", ["menu", "setup", "settings", "game", "summary"])
def test_screenshot_writes_a_png(tmp_path, scene):
    out = tmp_path / f"{scene}.png"
    render(scene, out, game="uitoy", seed=3, actions=4, size=(1024, 640))
    assert out.stat().st_size > 5000
    pygame.init()
    image = pygame.image.load(str(out))
    assert image.get_size() == (1024, 640)


def test_screenshot_at_a_ui_scale(tmp_path, monkeypatch):
    """The UI scale reaches the picture: at 1600x1000 Settings is laid out at 75%, at Auto
    (125%) and at 200% held at the window's fit (145%)."""
    from riotsim.ui.scenes import settings as settings_scene

    scales = []
    real = settings_scene.SettingsScene.layout

    def layout(self, w, h):
        scales.append(self.theme.scale)
        return real(self, w, h)

    monkeypatch.setattr(settings_scene.SettingsScene, "layout", layout)
    for ui_scale in (0.75, "auto", 2.0):
        render("settings", tmp_path / "s.png", size=(1600, 1000), ui_scale=ui_scale)
    assert scales[0] == 0.75 and scales[-1] == pytest.approx(1000 / 690)
    assert 1.25 in scales


def test_unknown_scene_or_game_is_a_clear_error(tmp_path):
    with pytest.raises(ValueError, match="unknown scene"):
        render("credits", tmp_path / "x.png")
    with pytest.raises(ValueError, match="unknown game"):
        render("game", tmp_path / "x.png", game="chess")


def test_screenshot_of_a_scenario_part_way_through_the_upkeep(tmp_path):
    """`riotsim screenshot --scenario S --hold T` pictures a scenario's game with the last
    action's animations part way (here the sandbox's first upkeep, under its bombs caption);
    an unknown scenario is a clear error."""
    out = tmp_path / "upkeep.png"
    shot = {"seed": 1, "actions": 13, "size": (800, 500), "hold": 0.9}
    render("game", out, game="quodd", scenario="sandbox_moving_board", **shot)
    pygame.init()
    assert pygame.image.load(str(out)).get_size() == (800, 500)
    with pytest.raises(ValueError, match="no scenario"):
        render("game", tmp_path / "x.png", game="quodd", scenario="nowhere")


def test_screenshot_of_a_game_with_more_players(tmp_path, monkeypatch):
    """`riotsim screenshot --players N` pictures an N-player game (the seat list of a
    free-for-all shows every player); a count the game does not take is a clear error."""
    from riotsim.ui.scenes import game as game_scene

    seen: list[int] = []
    real = game_scene.GameScene.__init__

    def spy(self, app, match, *args, **kwargs):
        seen.append(len(match.setup.players))
        real(self, app, match, *args, **kwargs)

    monkeypatch.setattr(game_scene.GameScene, "__init__", spy)
    out = tmp_path / "three.png"
    render("game", out, game="quodd", scenario="ffa_race", players=3, size=(800, 500))
    assert seen == [3] and out.stat().st_size > 5000
    with pytest.raises(ValueError, match="1-6 players, not 9"):
        render("game", tmp_path / "x.png", game="quodd", players=9)


def test_primary_button_is_accent_coloured(app):
    app.tick(0.016)
    menu = app.stack.top
    new_game = menu.buttons[0]
    x, y = new_game.rect.left + 12, new_game.rect.centery
    assert tuple(app.screen.get_at((x, y)))[:3] == T.ACCENT
    # hovering brightens it
    menu.hover((x, y))
    app.tick(0.016)
    assert tuple(app.screen.get_at((x, y)))[:3] == T.ACCENT_HI


def test_disabled_button_is_grey(app):
    app.tick(0.016)
    cont = app.stack.top.continue_button
    assert not cont.enabled
    x, y = cont.rect.left + 10, cont.rect.top + 10
    assert tuple(app.screen.get_at((x, y)))[:3] == T.DISABLED


def test_dice_land_on_the_rolled_faces(app):
    class Host:
        theme = app.theme
        fonts = app.theme.fonts

    view = GameView(Host())
    view.layout(pygame.Rect(0, 0, 600, 400))
    from riotsim.core.events import DiceRolled

    view.on_events([DiceRolled.of(die="d6", faces=["6", "1"], seat=0, reveals=True)])
    roll = view.anims.active[0]
    assert isinstance(roll, DiceRoll) and view.animating()
    view.update(DiceRoll.roll_time + 0.01)
    assert roll.landed and roll.faces == ["6", "1"]
    surface = pygame.Surface((600, 400))
    surface.fill((0, 0, 0))
    view.draw(surface)
    (x6, y6), (x1, y1) = roll.positions()
    # the middle of a "1" is a pip (dark); the middle of a "6" is white die body
    assert sum(surface.get_at((int(x1), int(y1 - 2)))[:3]) < 200
    assert sum(surface.get_at((int(x6 - 2), int(y6 - 2)))[:3]) > 600
    view.fast_forward()
    assert not view.animating()


def test_menu_screenshot_lists_the_games(tmp_path, monkeypatch):
    from riotsim.ui import draw

    written: list[str] = []
    real_text = draw.text

    def spy(surface, s, *args, **kwargs):
        written.append(s)
        return real_text(surface, s, *args, **kwargs)

    monkeypatch.setattr(draw, "text", spy)
    render("menu", tmp_path / "menu.png", size=(1024, 640))
    assert "Card Sprint" in written
    assert not any("Looking for installed games" in s for s in written[-40:])
