"""Issue 17: the largest text size (150%) on the smallest window (1024x640) cuts nothing and
lays nothing over anything else. Riot Quest's crew pick takes fewer, wider hero cards; the
sounds' cue lines keep clear of the prompt strip; Quodd's side panel wraps its texts and
scrolls them above its choice buttons (wheel, Page Up/Down, the focus ring); the Politics &
Media tracks leave room for their names and their caption."""

from __future__ import annotations

import pygame
import pytest
from test_theme_and_scale import _game_screen

from riotsim.games.riotquest.content import content
from riotsim.ui import draw, sound
from riotsim.ui.settings import TEXT_SCALES
from riotsim.ui.views import quodd_panel
from riotsim.ui.views import riotquest_cards as cards

SMALL = (1024, 640)
LARGEST = TEXT_SCALES[1]


@pytest.fixture
def screen(monkeypatch, tmp_path):
    """``screen(game, text_scale)``: the game at 1024x640 (200% held) after five moves."""
    built = []

    def build(game: str, text_scale: float, actions: int = 5):
        app, scene, recorder = _game_screen(
            monkeypatch, tmp_path / str(len(built)), game, SMALL, 2.0, actions, text_scale
        )
        built.append(app)
        return app, scene, recorder

    yield build
    for app in built:
        for s in list(app.stack.scenes):
            s.leave()


def _columns(view) -> int:
    return len({r.left for r in view.setup_full})


def test_the_crew_cards_reflow_for_the_largest_text(screen):
    app, scene, recorder = screen("riotquest", 1.0)
    view = scene.view
    assert view.state.pending[-1].kind == "crew"
    assert _columns(view) == 4  # the usual grid at the usual text size
    app, scene, recorder = screen("riotquest", LARGEST)
    view, th = scene.view, app.theme
    assert recorder.cut == []
    assert 1 < _columns(view) < 4  # fewer, wider cards
    picked = set(view.state.players[0].crew)
    heroes = list(content().heroes)  # the grid's order
    for rect, hero in zip(view.setup_full, heroes, strict=True):
        assert rect.w >= cards.hero_card_min_width(th, hero), hero
        note = "in crew" if hero in picked else ""
        assert rect.h >= cards.hero_card_height(th, rect.w, hero, None, note), hero
    # taller cards than the panel: the grid still scrolls by the wheel, within its ends
    assert view.setup_scroll_max > 0
    assert view.scroll_setup(-1) and view.setup_scroll > 0
    for _notch in range(200):
        view.scroll_setup(-1)
    assert view.setup_scroll == view.setup_scroll_max


def test_the_crew_prompt_wraps_above_the_cards(screen):
    app, scene, recorder = screen("riotquest", LARGEST)
    view = scene.view
    subtitle = view._setup_subtitle(view.state.pending[-1])
    width = view.arena_rect.w - 2 * app.theme.px(16)
    lines = draw.wrap(subtitle, app.theme.fonts.get(14), width)
    assert len(lines) > 1  # too long for one line at this text size
    assert all(line in recorder.texts for line in lines)  # every line drawn, none cut
    assert view.setup_view.top > app.theme.px(60) + view.arena_rect.top  # the cards below
    assert recorder.cut == []


@pytest.mark.parametrize("text_scale", [1.0, LARGEST])
def test_a_cue_line_keeps_clear_of_the_prompt_strip(screen, text_scale):
    """'Next player's turn' (the sound's cue) never covers the hint bar's prompt."""
    app, scene, _recorder = screen("riotquest", text_scale)
    bar = scene.view.bar_rect
    app.cues.shown.clear()
    app.tick(0.016)
    before = app.screen.subsurface(bar).copy()
    sound.play("turn")
    app.tick(0.016)
    assert app.cues.shown, "the cue did not show"
    after = app.screen.subsurface(bar)
    assert all(
        before.get_at((x, y)) == after.get_at((x, y))
        for x in range(0, bar.w, 3)
        for y in range(0, bar.h, 3)
    ), "the cue line covers the prompt strip"
    x, y = scene.cue_anchor()
    assert y <= scene.view_rect.bottom - app.theme.px(64) and x > scene.view_rect.left
    scene.notice("refused")  # a notice shown there: the cue goes above it
    assert scene.cue_anchor()[1] < y


def test_quodds_panel_scrolls_its_texts_above_whole_buttons(screen):
    app, scene, recorder = screen("quodd", 1.0)
    assert scene.view.panel_scroll_max == 0  # the usual text size: everything fits
    app, scene, recorder = screen("quodd", LARGEST)
    view = scene.view
    assert recorder.cut == []
    assert view.panel_scroll_max > 0
    area = view.panel_view
    buttons = [b.rect for b in view.buttons.buttons]
    assert buttons and all(area.bottom <= b.top for b in buttons)
    assert all(view.panel_rect.contains(b) for b in buttons)
    for rect, *_rest in [*view.card_targets, *view.refuse_targets, *view.tip_targets]:
        assert area.contains(rect)  # nothing clicked or tipped under the buttons
    # Page Down and Page Up, and the wheel over the panel, within the ends
    assert scene.view.key("pagedown")
    assert view.panel_scroll > 0
    for _press in range(20):
        view.key("pagedown")
    assert view.panel_scroll == view.panel_scroll_max
    view.key("pageup")
    assert view.panel_scroll < view.panel_scroll_max
    assert view.scroll(1, view.panel_rect.center) and view.scroll(1, view.panel_rect.center)
    for _notch in range(40):
        view.scroll(1, view.panel_rect.center)
    assert view.panel_scroll == 0
    app.tick(0.016)
    assert recorder.cut == []
    # a card below the fold, reached by the ring, is scrolled into view
    below = pygame.Rect(area.left, area.bottom + 30, area.w, 20)
    quodd_panel.show(view, below)
    assert view.panel_scroll >= 30 + 20 or view.panel_scroll == view.panel_scroll_max


def test_the_pm_tracks_leave_room_for_their_names(screen):
    app, scene, recorder = screen("riot-pm", LARGEST)
    view = scene.view
    assert recorder.cut == []
    font = view.fonts.get(15, "Bold")
    widest = max(draw.text_size(font, n)[0] for n in ("POLITICS", "MEDIA"))
    assert view._track_margin() > widest + 8
    rows = view._track_caption_rows(view.board_rect.w - 2 * view._track_margin())
    below = view.rect.top + app.theme.px(82) + len(rows) * view.fonts.get(12).get_linesize()
    assert view.board_rect.top >= below
