"""Start-up: the menu draws before any game package is imported, then lists exactly the
playable rule sets; keyboard users can start at once."""

from __future__ import annotations

from ui_helpers import frames

from riotsim.core import registry
from riotsim.ui import theme as T
from riotsim.ui.catalog import GameCatalog
from riotsim.ui.scenes.menu import MenuScene
from riotsim.ui.scenes.setup import SetupScene


def test_first_menu_frame_does_not_wait_for_the_games(app, monkeypatch):
    started: list[str] = []
    real_ids = registry.ids
    real_playable = registry.playable

    def counted_ids():
        started.append("lookup")
        return real_ids()

    monkeypatch.setattr(registry, "ids", counted_ids)
    menu = MenuScene(app)
    app.stack.clear_to(menu)
    assert menu.catalog.peek() is None and started == []  # nothing looked up yet
    frames(app, 1)  # the first frame is drawn, then the lookup starts
    assert menu.catalog._thread is not None
    assert menu.games == [(g, registry.get(g)) for g in real_playable()]
    frames(app, 1)
    assert menu._shown == menu.games  # the panel now lists them
    assert started == ["lookup"]


def test_panel_lists_exactly_the_playable_rulesets(app):
    menu = app.stack.top
    menu.catalog.wait()
    frames(app, 1)
    shown = [gid for gid, _ in menu._shown]
    assert shown == registry.playable()
    assert "uitoy-wip" not in shown


def test_a_broken_game_package_is_left_out(app, monkeypatch):
    monkeypatch.setitem(registry._RULESETS, "broken", "no_such_module_anywhere:RULESET")
    registry.get.cache_clear()
    catalog = GameCatalog()
    ids = [gid for gid, _ in catalog.wait()]
    assert "broken" not in ids and "uitoy" in ids


def test_new_game_while_the_catalog_is_still_looking(app):
    menu = MenuScene(app)
    app.stack.clear_to(menu)
    assert menu.new_button.enabled  # not yet known: not refused either
    menu.new_game()
    setup = app.stack.top
    assert isinstance(setup, SetupScene) and "uitoy" in [g for g, _ in setup.games]


def test_return_on_a_fresh_menu_starts_a_new_game(app):
    menu = app.stack.top
    frames(app, 2)
    assert menu.focus.current is menu.new_button
    menu.key("return")
    assert isinstance(app.stack.top, SetupScene)


def test_keyboard_focus_on_the_primary_button_is_a_ring(app):
    menu = app.stack.top
    menu.catalog.wait()
    frames(app, 2)
    b = menu.new_button
    assert b.focused
    ring = app.screen.get_at((b.rect.centerx, b.rect.top - app.theme.px(3)))[:3]
    inside = app.screen.get_at((b.rect.left + 12, b.rect.centery))[:3]
    assert tuple(ring) == T.TEXT
    assert tuple(inside) == T.ACCENT  # focus is not mistaken for hover


def test_clicking_a_games_card_opens_its_setup(app):
    menu = app.stack.top
    menu.catalog.wait()
    frames(app, 2)
    rect, ruleset_id = next((r, g) for r, g in menu.card_rects if g == "uitoy-open")
    menu.click(rect.center)
    setup = app.stack.top
    assert isinstance(setup, SetupScene) and setup.game_id == "uitoy-open"


def test_bar_buttons_name_their_keys(app):
    from ui_helpers import start_toy

    game = start_toy(app)
    assert [(b.label, b.hint) for b in game.buttons] == [
        ("Undo", "Ctrl+Z"),
        ("Log", "L"),
        ("Rules", "F1"),
        ("Menu", "Esc"),
    ]


def test_a_game_package_that_crashes_on_import_leaves_the_others(app, monkeypatch, tmp_path):
    (tmp_path / "crashing_game.py").write_text("raise ValueError('broken data at import')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(registry._RULESETS, "crashing", "crashing_game:RULESET")
    registry.get.cache_clear()
    ids = [gid for gid, _ in GameCatalog().wait()]
    assert "crashing" not in ids and "uitoy" in ids and "uitoy-wip" not in ids
