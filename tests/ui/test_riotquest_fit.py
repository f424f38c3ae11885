"""Issue 17 ("screenshots in Italian at 1024x640 show nothing cut off"): Riot Quest's crew-pick
hero cards and its side panel's Bounty and Chest cards show their whole text, in Italian and in
English, at the smallest window and a larger one; a crew grid taller than its panel scrolls."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest
from test_riotquest_view import Host

import riotsim.i18n as i18n
from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.core.match import Match
from riotsim.ui import draw
from riotsim.ui.views import riotquest_cards as cards
from riotsim.ui.views.riotquest import RiotQuestView

SIZES = [(1024, 640), (1280, 800)]


@pytest.fixture(params=["it", "en"])
def lang(request, monkeypatch):
    i18n.set_language(request.param)
    draw.clear_text_caches()
    monkeypatch.setattr(cards, "_CARD_CACHE", {})  # every card drawn afresh, in that language
    yield request.param
    i18n.set_language("en")
    draw.clear_text_caches()


def record_cuts(monkeypatch) -> list[str]:
    """The texts the cards' fitting had to cut with an ellipsis."""
    cut: list[str] = []
    real = cards.draw_fitted

    def fitted(surface, text, *a, **k):
        used, was_cut = real(surface, text, *a, **k)
        if was_cut:
            cut.append(text)
        return used, was_cut

    monkeypatch.setattr(cards, "draw_fitted", fitted)
    return cut


def crew_pick_view(size) -> tuple[Host, RiotQuestView]:
    pygame.font.init()
    setup = GameSetup((PlayerSpec("Rosa"), PlayerSpec("Kim")), seed=2)
    host = Host(Match.new("riotquest", setup), 0, size)
    view = RiotQuestView(host)
    host.view = view
    view.layout(pygame.Rect(16, 72, size[0] - 32, size[1] - 88))
    view.draw(pygame.Surface(size))
    assert host.match.state.pending[-1].kind == "crew"
    return host, view


@pytest.mark.parametrize("size", SIZES)
def test_crew_pick_cards_show_their_whole_text(size, lang, monkeypatch):
    """Building Your Crew: each hero card is as tall as its text needs (nothing cut), and
    no two cards overlap; what the panel has no room for is scrolled to, not squeezed."""
    cut = record_cuts(monkeypatch)
    host, view = crew_pick_view(size)
    assert cut == []
    th = host.theme
    heroes = [a["hero"] for _r, a in view.setup_rects]
    assert len(view.setup_full) == len(heroes) == 13
    for rect, hero in zip(view.setup_full, heroes, strict=True):
        assert rect.h >= cards.hero_card_height(th, rect.w, hero, None), hero
    for a, b in pairwise(view.setup_full):
        assert not a.colliderect(b)
    for shown, _a in view.setup_rects:
        assert shown.h == 0 or view.setup_view.contains(shown)


# The wordiest pair of Bounties and the wordiest Chest in Italian, and a hand of ten Riot Gear
WORDY_BOUNTIES = ["bullet_magnet", "ticking_bomb"]
WORDY_CHEST = "iron_chest"
TEN_GEAR = [
    "adrenal_injector",
    "bounty_ledger",
    "galvanic_repulsor",
    "shard_of_rathrok",
    "plated_vest",
    "field_medkit",
    "echo_displacer",
    "hyperspring_boots",
    "rigging_gloves",
    "bang_rounds",
]


def _italian_entries() -> dict[str, str]:
    """The shipped Italian catalog's single-form entries, and the log strip's hint."""
    from babel.messages.pofile import read_po

    from riotsim.i18n import catalogs

    with catalogs.po_path("it").open("rb") as handle:
        po = read_po(handle, locale="it", domain=i18n.DOMAIN)
    out = {
        (f"{m.context}\x04{m.id}" if m.context else m.id): m.string
        for m in po
        if m.id and isinstance(m.id, str) and m.string
    }
    out.setdefault("L: full log", "L: registro completo")  # until the catalog has it
    return out


def wordiest_side_panel(size, monkeypatch):
    """The side panel at its fullest: ten gear cards in hand, the wordiest Bounties and Chest."""
    import copy

    from test_italian_screens import Recorder
    from test_riotquest_view import POSITION, make_view

    monkeypatch.setattr(cards, "_CARD_CACHE", {})
    draw.clear_text_caches()
    cut = record_cuts(monkeypatch)
    recorder = Recorder()
    recorder.install(monkeypatch)
    position = copy.deepcopy(POSITION)
    position["players"][0]["hand"] = TEN_GEAR
    host, view = make_view(0, size, position)
    view.state.bounty_active = list(WORDY_BOUNTIES)
    view.state.chest = WORDY_CHEST
    view.draw(pygame.Surface(size))
    return view, cut + recorder.cut


def assert_side_panel_tiles(view) -> None:
    """Every card and gear chip inside the panel, none over another, the log's strip below."""
    from riotsim.ui.views.riotquest import LOG_STRIP

    side = view.side_rect
    rects = [r for r, _t in view.card_tips] + [r for r, _g in view.hand_rects]
    for rect in rects:
        assert side.contains(rect), rect
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            assert not a.colliderect(b), (a, b)
    assert max(r.bottom for r in rects) + view.theme.px(LOG_STRIP) <= side.bottom


@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440)])
def test_the_wordiest_side_panel_cuts_nothing_in_italian(size, speak_italian, drawn, monkeypatch):
    """Issue 17's worst case for the side panel: ten gear cards, the two wordiest Bounties and
    the wordiest Chest, in Italian. No text is cut and nothing overlaps: at 1024x640 the
    Bounties go two across and the log yields to a one-line strip naming the key of the full
    log; at 2560x1440 the log keeps its lines and their hint."""
    speak_italian(_italian_entries())
    view, cut = wordiest_side_panel(size, monkeypatch)
    assert cut == []
    assert_side_panel_tiles(view)
    strip = i18n._("L: full log")
    assert strip == "L: registro completo"
    if size == (1024, 640):
        bounty, other, _chest = view.card_tips[-3:]
        assert bounty[0].w == other[0].w > view.side_rect.w // 3  # two across, not three
        assert strip in drawn
    else:
        assert strip not in drawn
        assert i18n._("click a line to see its dice again") in drawn


def test_the_wordiest_side_panel_in_english(monkeypatch):
    """The same worst case in English at 1024x640: nothing cut, nothing overlapping."""
    view, cut = wordiest_side_panel((1024, 640), monkeypatch)
    assert cut == []
    assert_side_panel_tiles(view)


def crew_grid(size=(1024, 640)):
    """The crew pick in English at ``size``, its grid taller than its panel."""
    host, view = crew_pick_view(size)
    surface = pygame.Surface(size)
    return host, view, lambda: view.draw(surface)


def test_the_wheel_scrolls_the_crew_grid_within_its_ends():
    """The wheel over the crew grid moves the cards up (the first card's rect rises by the
    scroll), never above the last row's end nor below the top."""
    _host, view, draw_view = crew_grid()
    assert view.setup_scroll_max > 0
    body = view.setup_view
    top = view.setup_full[0].top
    assert top == body.top
    assert view.wheel(body.center, 1)  # up at the top: clamped
    draw_view()
    assert view.setup_scroll == 0 and view.setup_full[0].top == top
    assert view.wheel(body.center, -1)
    draw_view()
    assert 0 < view.setup_scroll <= view.setup_scroll_max
    assert view.setup_full[0].top == top - view.setup_scroll
    for _turn in range(60):  # far more notches than the grid is tall
        view.wheel(body.center, -1)
    draw_view()
    assert view.setup_scroll == view.setup_scroll_max
    assert view.setup_full[0].top == top - view.setup_scroll_max
    assert view.setup_full[-1].bottom <= body.bottom
    for _turn in range(60):
        view.wheel(body.center, 1)
    draw_view()
    assert view.setup_scroll == 0 and view.setup_full[0].top == top


@pytest.mark.parametrize(("size", "overflows"), [((1024, 640), True), ((2560, 1440), False)])
def test_the_crew_grid_shows_a_scrollbar_only_when_it_overflows(size, overflows, monkeypatch):
    """A scrollbar beside the grid when its cards are taller than the panel, none when they
    fit (and then the wheel does not scroll)."""
    from riotsim.ui.views.riotquest_setup import SetupScreens

    bars: list[pygame.Rect] = []
    real = SetupScreens._scrollbar

    def scrollbar(self, surface, body, total):
        bars.append(pygame.Rect(body))
        real(self, surface, body, total)

    monkeypatch.setattr(SetupScreens, "_scrollbar", scrollbar)
    _host, view, draw_view = crew_grid(size)
    assert (view.setup_scroll_max > 0) is overflows
    assert bool(bars) is overflows
    assert view.wheel(view.setup_view.center, -1) is overflows
    draw_view()
    assert view.setup_full[0].top == view.setup_view.top - view.setup_scroll


def test_keyboard_focus_on_a_card_below_the_fold_scrolls_it_into_view():
    """Tab brings the ring to the crew cards; Down steps through them, and each card the ring
    lands on is scrolled whole into the panel, those below the fold included."""
    _host, view, draw_view = crew_grid()
    body = view.setup_view
    hidden = {i for i, r in enumerate(view.setup_full) if not body.contains(r)}
    assert hidden  # some cards start below the fold
    assert view.key("tab")
    draw_view()
    reached = set()
    for _step in range(len(view.setup_full)):  # a bounded walk down the grid
        assert view.ring.group == "cards"
        i = view.ring.key[1]
        reached.add(i)
        assert body.contains(view.setup_full[i]), (i, view.setup_full[i], body)
        view.key("down")
        draw_view()
    assert reached & hidden
    assert view.setup_scroll > 0


def test_picking_after_a_scroll_picks_the_hero_under_the_pointer():
    """After the wheel scrolled the grid, a click picks the card drawn under the pointer there
    now, not the one that was there before the scroll."""
    host, view, draw_view = crew_grid()
    body = view.setup_view
    for _turn in range(60):
        view.wheel(body.center, -1)
    draw_view()
    assert view.setup_scroll == view.setup_scroll_max > 0
    rect, action = next((r, a) for r, a in reversed(view.setup_rects) if a is not None)
    point = (rect.centerx, rect.top + 2)  # near its top: another card's place before the scroll
    before = view.setup_scroll
    view.setup_scroll = 0
    draw_view()
    unscrolled = next((a for r, a in view.setup_rects if r.collidepoint(point)), None)
    view.setup_scroll = before
    draw_view()
    assert unscrolled is None or unscrolled["hero"] != action["hero"]
    view.click(point)
    assert host.match.state.players[0].crew == [action["hero"]]
