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
