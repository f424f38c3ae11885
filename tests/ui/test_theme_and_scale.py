"""Issue 17, A2 and A3: the high-contrast theme switches live (the palette is read at draw time,
never copied at import), the UI scale is Auto (fill the window) or a real size from 75% to 200%
of the design size, held where the window cannot hold it, the text size runs 85%-150% on its
own, and the menu, setup and game screens keep their widgets inside the window and apart at the
extremes, from 1024x640 to 2560x1440."""

from __future__ import annotations

import ast
import itertools
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from ui_helpers import start_toy

from riotsim.ui import theme as T
from riotsim.ui.app import App
from riotsim.ui.colourvision import DEFICIENCIES, closest_pair
from riotsim.ui.scenes.game import GameScene
from riotsim.ui.scenes.settings import SettingsScene
from riotsim.ui.scenes.setup import SetupScene
from riotsim.ui.settings import AUTO, TEXT_SCALES, UI_SCALES, Settings, load_settings
from riotsim.ui.theme import Theme

UI_ROOT = Path(T.__file__).resolve().parent


@pytest.fixture(autouse=True)
def standard_palette():
    yield
    T.use_palette("standard")


def _bound_at_import(tree: ast.AST) -> list[int]:
    """Lines where a palette colour (``T.BG`` ...) is read outside a function body: at import,
    in a default argument or a module/class constant, where a theme switch cannot reach."""
    found: list[int] = []

    def visit(node: ast.AST, in_body: bool) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for default in [*node.args.defaults, *node.args.kw_defaults]:
                if default is not None:
                    visit(default, False)
            for child in node.body if isinstance(node.body, list) else [node.body]:
                visit(child, True)
            return
        if (
            isinstance(node, ast.Attribute)
            and node.attr in T.PALETTE_NAMES
            and isinstance(node.value, ast.Name)
            and node.value.id == "T"
            and not in_body
        ):
            found.append(node.lineno)
        for child in ast.iter_child_nodes(node):
            visit(child, in_body)

    visit(tree, False)
    return found


def test_no_palette_colour_is_bound_at_import():
    bound = [
        f"{path.relative_to(UI_ROOT)}:{line}"
        for path in sorted(UI_ROOT.rglob("*.py"))
        for line in _bound_at_import(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert not bound, f"palette colours copied at import (a theme switch misses them): {bound}"


def test_the_palettes_name_the_same_things():
    for name, values in T.PALETTES.items():
        assert set(values) == set(T.PALETTE_NAMES), name


@pytest.mark.parametrize("palette", sorted(T.PALETTES))
@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
def test_each_palette_keeps_its_signals_apart(palette, deficiency):
    T.use_palette(palette)
    named = {"good": T.GOOD, "bad": T.BAD, "accent": T.ACCENT, "text": T.TEXT, "bg": T.BG}
    distance, a, b = closest_pair(named, deficiency)
    assert distance >= 15, f"{palette}: {a} and {b} alike with {deficiency or 'normal vision'}"
    # the seats keep their own colours in every theme (apart: test_colour_vision)
    assert T.SEAT_COLOURS["orange"] == (230, 159, 0)


def test_high_contrast_switches_live_from_settings(app):
    scene = SettingsScene(app)
    app.push(scene)
    app.tick(0.016)
    before = app.screen.get_at((scene.panel.left + 10, scene.panel.centery))[:3]
    scene.theme_choice.step(1)
    assert app.settings.theme == "high_contrast"
    assert load_settings()[0].theme == "high_contrast"  # kept at once, as the language
    assert (T.BG, T.PANEL, T.TEXT, T.LINE) == ((0, 0, 0), (0, 0, 0), (255, 255, 255), (255,) * 3)
    app.tick(0.016)
    top = app.stack.top
    assert isinstance(top, SettingsScene) and top.draft.theme == "high_contrast"
    panel = top.panel
    assert app.screen.get_at((panel.centerx, panel.top + 1))[:3] == (255, 255, 255)  # outline
    after = app.screen.get_at((panel.left + 10, panel.centery))[:3]
    assert after != before and max(after) < 30  # a black panel now
    top.theme_choice.step(-1)
    assert T.PALETTES["standard"]["BG"] == T.BG


def test_text_size_scales_fonts_only():
    plain, big = Theme(1280, 800, 1.0, 1.0), Theme(1280, 800, 1.0, TEXT_SCALES[1])
    assert big.px(100) == plain.px(100)  # boxes keep their size
    assert big.fonts.get(20).get_height() > plain.fonts.get(20).get_height() * 1.3
    small = Theme(1280, 800, 1.0, TEXT_SCALES[0])
    assert small.fonts.get(20).get_height() < plain.fonts.get(20).get_height()


# The scale really used (window pixels per design pixel) for each setting: Auto fills the window
# as a 1280x800 window is filled; a size is that size wherever the window holds it, and held at
# the window's fit (1100x690 design pixels) where it does not.
FIT_1024 = 640 / 690  # 1024x640 holds at most 92.75%
FIT_1280 = 800 / 690  # 1280x800 holds at most 115.9%
EXPECTED_SCALES = {
    (1024, 640): {AUTO: 0.8, 0.75: 0.75, 1.0: FIT_1024, 1.5: FIT_1024, 2.0: FIT_1024},
    (1280, 800): {AUTO: 1.0, 0.75: 0.75, 1.0: 1.0, 1.5: FIT_1280, 2.0: FIT_1280},
    (2560, 1440): {AUTO: 1.8, 0.75: 0.75, 1.0: 1.0, 1.5: 1.5, 2.0: 2.0},
}


@pytest.mark.parametrize("size", sorted(EXPECTED_SCALES))
def test_the_ui_scale_is_a_real_size_and_auto_fills_the_window(size):
    for setting, expected in EXPECTED_SCALES[size].items():
        theme = Theme(*size, setting)
        assert theme.scale == pytest.approx(expected), (size, setting)
        assert theme.px(100) == round(100 * expected)
        assert theme.ui_scale_held() == (setting != AUTO and setting > expected + 0.001)
    # the screens need 1100x690 design pixels: the largest scale always leaves them that
    w, h = size
    largest = Theme(w, h, UI_SCALES[1]).scale
    assert w / largest >= 1100 - 0.5 and h / largest >= 690 - 0.5


def test_200_percent_doubles_100_percent_on_a_large_window():
    assert UI_SCALES == (0.75, 2.0)
    big, normal = Theme(2560, 1440, 2.0), Theme(2560, 1440, 1.0)
    assert big.scale == 2 * normal.scale == 2.0
    assert big.px(17) == 2 * normal.px(17)
    assert big.fonts.get(17).get_height() > 1.8 * normal.fonts.get(17).get_height()
    # 75% gives the board more room than Auto there, 200% more size
    assert Theme(2560, 1440, 0.75).scale < Theme(2560, 1440, AUTO).scale < big.scale
    assert Theme(1920, 1080, 2.0).ui_scale_held()  # 1080/690: 156% at most


def test_a_small_window_shrinks_things_no_further_than_readable():
    for setting in (AUTO, 0.75, 2.0):
        assert Theme(800, 500, setting).scale >= T.MIN_SCALE
    assert Theme(800, 500, AUTO).scale == T.MIN_SCALE  # 800/1280 would be unreadable
    assert Theme(3840, 2160, AUTO).scale == T.MAX_SCALE  # Auto stops growing there


def test_the_ui_scale_setting_is_auto_or_a_size_in_range():
    assert Settings().ui_scale == AUTO
    assert Settings(ui_scale=5.0).clamp().ui_scale == 2.0
    assert Settings(ui_scale=0.2).clamp().ui_scale == 0.75
    assert Settings(ui_scale="big").clamp().ui_scale == AUTO
    assert Settings(text_scale=0.1).clamp().text_scale == TEXT_SCALES[0]


def test_scale_and_text_size_apply_live(app):
    scene = SettingsScene(app)
    app.push(scene)
    scene.scale.set(2.0)
    scene.text_size.set(1.5)
    assert (app.theme.ui_scale, app.theme.text_scale) == (2.0, 1.5)
    assert app.stack.top is scene  # no Apply needed


def test_settings_say_when_the_window_holds_the_ui_scale_back(app):
    """A UI scale the screens cannot fit is held at the largest that fits, and Settings says
    so (the slider never silently does nothing)."""
    theme = Theme(1024, 640, 2.0)
    limit = theme.ui_scale_limit()
    assert limit == pytest.approx(FIT_1024)
    assert Theme(1024, 640, limit).scale == pytest.approx(theme.scale)  # more adds nothing
    assert Theme(1024, 640, limit - 0.05).scale < theme.scale  # less still shrinks
    # a large window holds more: all of 200% at 2560x1440
    assert Theme(2560, 1440, 2.0).ui_scale_limit() > 2.0
    scene = SettingsScene(app)
    app.push(scene)
    app.theme.resize(1024, 640)
    scene.scale.set(0.9)
    assert scene._notes() == []
    scene.scale.set(2.0)
    assert scene._notes() == [
        "This window holds a UI scale of 93% at most: a larger one is held there."
    ]
    assert scene.scale.fmt(scene.scale.value) == "200% (93%)"  # the scale really used
    scene.scale.set(0.75)
    assert scene._notes() == []
    scene.scale.key("left")  # Auto never is held back: it is the window's own fill
    assert app.settings.ui_scale == AUTO and scene._notes() == []


@pytest.mark.parametrize(
    ("size", "setting", "shown"),
    [
        ((2560, 1440), AUTO, "Auto (180%)"),
        ((2560, 1440), 2.0, "200%"),
        ((2560, 1440), 0.75, "75%"),
        ((1024, 640), AUTO, "Auto (80%)"),
        ((1024, 640), 1.5, "150% (93%)"),
    ],
)
def test_the_slider_shows_the_scale_really_used(monkeypatch, tmp_path, size, setting, shown):
    monkeypatch.setenv("RIOTSIM_HOME", str(tmp_path))
    app = App(size=size, settings=Settings(*size, ui_scale=setting, sound=False), headless=True)
    app.open_menu()
    scene = app.push(SettingsScene(app))
    assert scene.scale.fmt(scene.scale.value) == shown
    for s in list(app.stack.scenes):
        s.leave()


def test_auto_is_a_stop_of_the_ui_scale_slider_left_of_75_percent(app):
    """The keyboard reaches Auto as any other stop (Left from 75%), and back (Right)."""
    scene = app.push(SettingsScene(app))
    assert scene.scale.value < UI_SCALES[0]  # the default is Auto: the slider's left end
    for _press in range(len(scene.widgets)):
        if scene.focus.current is scene.scale:
            break
        scene.key("tab")
    assert scene.focus.current is scene.scale
    scene.key("right")
    assert app.settings.ui_scale == 0.75 and load_settings()[0].ui_scale == 0.75
    scene = app.stack.top
    scene.key("left")
    assert app.settings.ui_scale == AUTO and load_settings()[0].ui_scale == AUTO
    assert app.theme.scale == pytest.approx(app.theme.auto_scale())


def _check(name: str, rects: list[tuple[object, pygame.Rect]], size) -> None:
    screen = pygame.Rect((0, 0), size)
    for widget, rect in rects:
        assert screen.contains(rect), f"{name}: {widget} off screen at {size}"
    for (a, ra), (b, rb) in itertools.combinations(rects, 2):
        assert not ra.colliderect(rb), f"{name}: {a} overlaps {b} at {size}"


def _widget_rects(scene) -> list[tuple[object, pygame.Rect]]:
    return [(w, w.rect) for w in scene.widgets if w.visible and w.rect.w > 0]


EXTREMES = list(itertools.product([(1024, 640), (2560, 1440)], [AUTO, *UI_SCALES], TEXT_SCALES))


@pytest.mark.parametrize(("size", "ui_scale", "text_scale"), EXTREMES)
def test_menu_setup_and_game_fit_at_the_extremes(
    monkeypatch, tmp_path, toy_rulesets, size, ui_scale, text_scale
):
    monkeypatch.setenv("RIOTSIM_HOME", str(tmp_path))
    settings = Settings(*size, ui_scale=ui_scale, text_scale=text_scale, sound=False)
    app = App(size=size, settings=settings, headless=True)
    app.open_menu()
    app.tick(0.016)
    _check("menu", _widget_rects(app.stack.top), size)
    setup = app.push(SetupScene(app, "uitoy"))
    setup._add_player()
    app.tick(0.016)
    _check("setup", _widget_rects(setup), size)
    settings_scene = app.push(SettingsScene(app))
    app.tick(0.016)
    _check("settings", _widget_rects(settings_scene), size)
    app.pop(settings_scene)
    game = start_toy(app)
    app.tick(0.016)
    assert isinstance(app.stack.top, GameScene)
    bar = [(b, b.rect) for b in game.buttons if b.rect.w > 0]
    _check("game", [*bar, ("board", game.view_rect)], size)
    for scene in list(app.stack.scenes):
        scene.leave()


def test_the_theme_setting_round_trips(tmp_path):
    from riotsim.ui.settings import save_settings

    path = tmp_path / "settings.json"
    wanted = Settings(theme="high_contrast", text_scale=1.25, ui_scale=1.75, reduced_motion=True)
    save_settings(wanted, path)
    assert load_settings(path) == (wanted, None)
    path.write_text('{"theme": "neon"}', encoding="utf-8")
    loaded, problem = load_settings(path)
    assert loaded.theme == "standard" and "theme" in problem


def test_a_theme_switch_redraws_the_game(app):
    game = start_toy(app)
    app.tick(0.016)
    app.apply_settings(replace(app.settings, theme="high_contrast"))
    app.tick(0.016)
    assert app.stack.top is game
    corner = app.screen.get_at((game.view_rect.right - 2, game.view_rect.bottom - 2))[:3]
    assert max(corner) < 40


def _button_groups(view) -> list[list]:
    """The view's rows of buttons (attributes that are buttons, lists of them, or rows)."""
    from riotsim.ui.widgets import Button

    groups = []
    for value in vars(view).values():
        row = getattr(value, "buttons", value)
        if isinstance(row, Button):
            row = [row]
        if isinstance(row, list) and row and all(isinstance(b, Button) for b in row):
            groups.append([b for b in row if b.rect.w > 0 and getattr(b, "visible", True)])
    return groups


# (window, UI scale): 200% held at the smallest window; 75% (the most room for the board) and
# 200% (twice the size of 100%) at the largest
GAME_SCALES = [((1024, 640), 2.0), ((2560, 1440), 0.75), ((2560, 1440), 2.0)]


def _game_screen(monkeypatch, tmp_path, game, size, ui_scale, actions, text_scale):
    """A game's screen built headless after ``actions`` moves, its animations finished and
    one frame drawn with a Recorder of its texts; returns (app, scene, recorder)."""
    from test_italian_screens import Recorder

    from riotsim.ui.screenshot import _build_game

    monkeypatch.setenv("RIOTSIM_HOME", str(tmp_path))
    recorder = Recorder()
    recorder.install(monkeypatch)
    settings = Settings(*size, ui_scale=ui_scale, text_scale=text_scale, sound=False)
    app = App(size=size, settings=settings, headless=True)
    app.open_menu()
    _build_game(app, game, 5, actions, False, None, None, 2)
    scene = app.stack.top
    assert app.theme.scale == pytest.approx(Theme(*size, ui_scale).scale)
    for _frame in range(600):  # the moves' animations finish, as a screenshot waits for
        if not scene.view.animating():
            break
        app.tick(1 / 30)
    recorder.cut.clear()
    recorder.texts.clear()
    app.tick(0.016)
    return app, scene, recorder


def _check_game_screen(game, scene, size) -> None:
    bar = [(b, b.rect) for b in scene.buttons if b.rect.w > 0]
    _check(game, [*bar, ("board", scene.view_rect)], size)
    assert scene.view_rect.contains(scene.view.rect)
    for group in _button_groups(scene.view):
        _check(f"{game} view", [(b, b.rect) for b in group], size)


@pytest.mark.parametrize("game", ["riot", "riot-pm", "riotquest", "quodd"])
@pytest.mark.parametrize(("size", "ui_scale"), GAME_SCALES)
@pytest.mark.parametrize(
    ("actions", "text_scale"), [(5, TEXT_SCALES[1]), (30, 1.0), (30, TEXT_SCALES[1])]
)
def test_each_games_screen_fits_at_each_ui_scale(
    monkeypatch, tmp_path, game, size, ui_scale, actions, text_scale
):
    """Every game's screen, early and later in a game, at the smallest and largest UI scale
    on a large window (and 200% held on a small one): its buttons, board and the view's own
    rows of buttons inside the window and apart, and no text cut with "..." to fit - the
    largest text size on the smallest window included (Riot Quest's hero cards reflow,
    Quodd's panel wraps and scrolls above its buttons)."""
    app, scene, recorder = _game_screen(
        monkeypatch, tmp_path, game, size, ui_scale, actions, text_scale
    )
    try:
        _check_game_screen(game, scene, size)
        assert recorder.cut == [], f"{game} at {size}, {ui_scale:.0%}: cut {recorder.cut}"
    finally:
        for s in list(app.stack.scenes):
            s.leave()


@pytest.mark.parametrize("game", ["riot", "riot-pm", "riotquest", "quodd"])
@pytest.mark.parametrize("ui_scale", [AUTO, 2.0])
@pytest.mark.parametrize("actions", [5, 30])
def test_each_games_screen_in_italian_with_the_largest_text(
    monkeypatch, tmp_path, game, ui_scale, actions
):
    """The same at 1024x640 with the largest text size in Italian (which runs longer), early
    and later in a game (Riot Quest's Riot Gear choice): in Italian, nothing cut, the
    buttons inside the window and apart."""
    from test_italian_screens import _names

    import riotsim.i18n as i18n
    from riotsim.ui import draw

    i18n.set_language("it")
    draw.clear_text_caches()
    size = (1024, 640)
    try:
        app, scene, recorder = _game_screen(
            monkeypatch, tmp_path, game, size, ui_scale, actions, TEXT_SCALES[1]
        )
        try:
            _check_game_screen(game, scene, size)
            problems = recorder.problems(_names(app))
            assert not problems, "\n".join(problems)
        finally:
            for s in list(app.stack.scenes):
                s.leave()
    finally:
        i18n.set_language("en")
        draw.clear_text_caches()
