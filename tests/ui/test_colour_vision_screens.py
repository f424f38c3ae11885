"""The game screens through simulated colour-vision deficiencies (issue 17, A2), in both
themes: on the real, headless game screen of each game, the things that must differ still
look apart by at least 15 Delta E (CIELAB) with protanopia, deuteranopia and tritanopia:

- two seats' pieces (their colours as drawn on the screen);
- a legal cell against the same cell when it is not legal (the screen drawn again with the
  view's legal places taken away: the pixels that change are the legal-move overlay);
- in Quodd's team mode, the two teams' rings.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import replace

import pygame
import pytest

from riotsim.ai import get_bot
from riotsim.ui import quodd_modes
from riotsim.ui import theme as T
from riotsim.ui.colourvision import DEFICIENCIES, delta_e, simulate
from riotsim.ui.screenshot import _build_game

CLEAR = 15.0
THEMES = ("standard", "high_contrast")


def _finish(app, scene) -> None:
    scene.view.fast_forward()
    if scene.covered:
        scene.reveal()
    app.tick(0.0)
    app.cues.shown.clear()
    app.tick(0.0)


def _play_until(app, scene, ready, cap: int = 80) -> None:
    """Random legal moves (the bot, seeded) until ``ready(view)``."""
    bot = get_bot("random", 3)
    for _move in range(cap):
        _finish(app, scene)
        if ready(scene.view):
            return
        match = scene.match
        seat, legal = match.to_move(), match.legal_actions()
        scene.apply(bot.choose(match.ruleset, match.ruleset.view(match.state, seat), legal, 0.2))
    raise AssertionError("no position with legal places on the board came up")


def _pixels(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect.clip(surface.get_rect())), "RGB")


def _pairs(before: bytes, after: bytes, step: int = 2) -> Counter:
    """(before colour, after colour) of every sampled pixel that differs, with counts."""
    out: Counter = Counter()
    for i in range(0, len(before) - 2, 3 * step):
        a, b = before[i : i + 3], after[i : i + 3]
        if a != b:
            out[(tuple(a), tuple(b))] += 1
    return out


def _apart(pairs: Counter, deficiency: str) -> float:
    """The median Delta E, under ``deficiency``, over the changed pixels (weighted by count)."""
    seen: list[float] = []
    for (a, b), n in pairs.items():
        d = delta_e(simulate(a, deficiency), simulate(b, deficiency))
        seen.extend([d] * n)
    return statistics.median(seen)


# game -> (players, the view has legal places, take them away)
def _riot_ready(view) -> bool:
    return bool(view.board_actions())


def _riot_hide(view, monkeypatch) -> None:
    monkeypatch.setattr(view, "board_actions", lambda: [])


def _quodd_ready(view) -> bool:
    view.pump_reach()
    return bool(view.reach)


def _quodd_hide(view, monkeypatch) -> None:
    monkeypatch.setattr(view, "pump_reach", lambda: None)
    view.reach = type(view.reach)()


def _rq_ready(view) -> bool:
    return bool(view.idx.hexes)


def _rq_hide(view, monkeypatch) -> None:
    monkeypatch.setattr(view.idx, "hexes", {})
    view._hl_key = None


GAMES = {
    "riot": (2, _riot_ready, _riot_hide),
    "riot-pm": (2, _riot_ready, _riot_hide),
    "riotquest": (2, _rq_ready, _rq_hide),
    "quodd": (2, _quodd_ready, _quodd_hide),
}


@pytest.fixture(params=THEMES)
def themed_app(request, app):
    app.apply_settings(replace(app.settings, theme=request.param, sound=False))
    yield app
    T.use_palette("standard")


def _open(app, game: str):
    players, ready, hide = GAMES[game]
    _build_game(app, game, 11, 0, False, None, None, players)
    scene = app.stack.top
    _play_until(app, scene, ready)
    return scene, hide


def _seat_pixels(surface: pygame.Surface, colour) -> int:
    data = pygame.image.tobytes(surface, "RGB")
    wanted = bytes(colour[:3])
    return sum(1 for i in range(0, len(data) - 2, 3) if data[i : i + 3] == wanted)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_seats_and_legal_cells_stay_apart(themed_app, game, monkeypatch):
    app = themed_app
    scene, hide = _open(app, game)
    view = scene.view
    # two seats' pieces: both drawn in their colours, and apart under every simulation
    seats = [tuple(scene.seat_colour(s)) for s in (0, 1)]
    for colour in seats:
        assert _seat_pixels(app.screen, colour) > 20, f"{colour} is not on the {game} screen"
    for deficiency in DEFICIENCIES:
        a, b = (simulate(c, deficiency) for c in seats)
        assert delta_e(a, b) >= CLEAR, f"{game}: seats alike with {deficiency}"
    # a legal place against the same place when it is not legal
    board = getattr(view, "board_rect", view.rect)
    legal = _pixels(app.screen, board)
    hide(view, monkeypatch)
    app.tick(0.0)
    plain = _pixels(app.screen, board)
    pairs = _pairs(plain, legal)
    assert sum(pairs.values()) > 50, f"{game}: no legal-place overlay to look at"
    for deficiency in DEFICIENCIES:
        distance = _apart(pairs, deficiency)
        assert distance >= CLEAR, (
            f"{game} ({T.palette()}): legal places look like the others with {deficiency} "
            f"(median Delta E {distance:.1f})"
        )


def test_quodd_teams_stay_apart(themed_app):
    """The team rings (a team scenario's seat list) differ by their colours under every
    simulation, on the real screen, and by their style (solid, double, dotted) for anyone."""
    app = themed_app
    _build_game(app, "quodd", 11, 0, False, "teams_crystal_clash", None, 4)
    _finish(app, app.stack.top)
    colours = [quodd_modes.team_colour(t) for t in (0, 1)]
    for colour in colours:
        assert _seat_pixels(app.screen, colour) > 10, f"team ring {colour} is not on the screen"
    for deficiency in DEFICIENCIES:
        a, b = (simulate(c, deficiency) for c in colours)
        assert delta_e(a, b) >= CLEAR, f"teams alike with {deficiency}"
    surface = pygame.Surface((60, 30))
    surface.fill(T.PANEL_HI)
    from riotsim.ui import draw

    draw.team_ring(surface, 0, colours[0], (15, 15), 10, 2)
    draw.team_ring(surface, 1, colours[1], (45, 15), 10, 2)
    lit = [
        sum(surface.get_at((x, y))[:3] != T.PANEL_HI for x in range(x0, x0 + 30) for y in range(30))
        for x0 in (0, 30)
    ]
    assert lit[0] > 20 and lit[1] > 20 and lit[0] != lit[1]  # drawn, and drawn differently
