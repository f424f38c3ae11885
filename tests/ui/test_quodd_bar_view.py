"""Quodd play screen (issue 14): the rules' action menu as the bar, greyed entries saying why
on hover, refused clicks explained, and every card's text one hover away."""

from __future__ import annotations

import pygame
import pytest

from riotsim.core.contract import Action
from riotsim.games.quodd.board import Token
from riotsim.ui.views import quodd_bar
from tests.ui.test_quodd_view import Host, make_view, ready_to_tumble


class NoticeHost(Host):
    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.notices: list[str] = []
        self.refused_rule = ""

    def notice(self, text, colour=None):
        self.notices.append(text)


@pytest.fixture
def tips(monkeypatch):
    """The tooltips drawn, as (title, text)."""
    shown: list[tuple[str, str]] = []

    def record(surface, theme, anchor, text, bounds=None, title="", size=14):
        shown.append((title, text))
        return pygame.Rect(anchor)

    monkeypatch.setattr(quodd_bar, "draw_tooltip", record)
    monkeypatch.setattr("riotsim.ui.views.quodd.draw_tooltip", record)
    return shown


def noticing_view(scenario="tutorial_1", size=(1280, 800)):
    host, view = make_view(scenario, size=size)
    new = NoticeHost(host.match, 0, size)
    new.view = view
    view.host = new
    view._marker = None
    return new, view


def walled_north(host, view):
    ready_to_tumble(host)
    x, y = host.match.state.current.pos
    host.match.state.board.add((x, y - 1), Token.make("wall"))
    view._marker = None
    return (x, y - 1)


def draw(view, size=(1280, 800)):
    surface = pygame.Surface(size)
    view.draw(surface)
    return surface


def test_walled_tumble_is_a_greyed_button_with_the_reason_on_hover(tips):
    """Movement, natural tumble: the bar lists the four tumbles, the walled one greyed; hovering
    it shows the rules' reason."""
    host, view = noticing_view()
    walled_north(host, view)
    draw(view)
    labels = [b.label for b in view.buttons.buttons]
    assert labels[:4] == ["Tumble north", "Tumble east", "Tumble south", "Tumble west"]
    north = view.buttons.buttons[0]
    assert not north.enabled and view.button_actions[0] is None
    view.hover(north.rect.center)
    draw(view)
    assert ("Tumble north", "a wall blocks the tumble north (a jump clears walls)") in tips
    view.click(north.rect.center)
    assert host.notices[-1].startswith("A wall blocks the tumble north")


def test_clicking_the_walled_square_says_why_and_names_the_rule():
    """A refused click on the board: the notice gives the rules' reason; F1 opens that rule."""
    host, view = noticing_view()
    wall = walled_north(host, view)
    view.click(view.centre(wall))
    assert host.notices == ["A wall blocks the tumble north (a jump clears walls)."]
    assert host.refused_rule == "A turn"


def test_a_jump_too_far_is_refused_with_the_distance():
    """Skills, Jump: clicking a square beyond the jump's reach says how far it may go."""
    host, view = noticing_view()
    ready_to_tumble(host)
    state = host.match.state
    for action in host.match.legal_actions():
        trial = host.match.ruleset.copy(state)
        host.match.ruleset.apply(trial, action)
        if trial.turn.skill == "jump" and not trial.pending:
            host.submit(action)
            break
    else:
        pytest.skip("no jump from this start")
    view.fast_forward()
    view._marker = None
    x, y = host.match.state.current.pos
    left = host.match.state.turn.remaining
    board = host.match.state.board
    target = next(
        c
        for c in [(x, y - left - 3), (x, y + left + 3), (x - left - 3, y), (x + left + 3, y)]
        if board.on_board(c)
    )
    view.click(view.centre(target))
    assert f"can jump over at most {left} square" in host.notices[-1]
    assert host.refused_rule == "Skills"


def test_hand_card_that_cannot_be_played_says_why(tips):
    """Cards: a movement boost in Recovery is greyed; hover shows its text and why, a click
    explains the refusal."""
    host, view = noticing_view()
    state = host.match.state
    ready_to_tumble(host)
    state.phase = "recovery"
    state.heroes[0].hand = ["honey_bun"]
    view._marker = None
    view.refresh()
    draw(view)
    rect = next(r for r, title, _ in view.tip_targets if title == "Honey Bun")
    view.hover(rect.center)
    draw(view)
    title, text = tips[-1]
    assert title == "Honey Bun" and text.startswith("Food. Power-Up. +1 movement")
    assert "Not now: Honey Bun boosts a move: play it in Power-Up" in text
    view.click(rect.center)
    assert "play it in Power-Up" in host.notices[-1]
    assert host.refused_rule == "Cards"


def test_lineup_card_outside_exploration_is_refused(tips):
    """A turn, Exploration: a lineup card is taken in the Exploration step only."""
    host, view = noticing_view()
    ready_to_tumble(host)
    state = host.match.state
    state.phase = "recovery"
    state.lineup = ["honey_bun", "crystal_extract"]
    view._marker = None
    view.refresh()
    draw(view)
    rect = next(r for r, title, _ in view.tip_targets if title == "Crystal Extract")
    view.hover(rect.center)
    draw(view)
    assert tips[-1][0] == "Crystal Extract" and "Dash 1 square" in tips[-1][1]
    view.click(rect.center)
    assert host.notices[-1] == "Explore first: end Recovery with Explore."


def test_cube_net_faces_and_upgrades_have_their_text(tips):
    """The player board: every face of the cube net names its skill; upgrade rows their icons."""
    host, view = noticing_view()
    ready_to_tumble(host)
    hero = host.match.state.heroes[0]
    hero.track = [("rok_stride", "a")] if not hero.track else hero.track
    view._marker = None
    draw(view)
    faces = [t for t in view.tip_targets if t[1].endswith(("Jump", "Slide", "Tumble", "Dash"))]
    assert len([t for t in view.tip_targets if " face: " in t[1]]) == 6 and faces
    upgrades = [t for t in view.tip_targets if t[1].startswith("Upgrade: ")]
    assert upgrades and upgrades[0][2].endswith(".")
    view.hover(faces[0][0].center)
    draw(view)
    assert " face: " in tips[-1][0]


def test_board_token_tooltip_goes_through_draw_tooltip(tips):
    """A board square's tokens are one hover away, in the shared tooltip."""
    host, view = noticing_view()
    ready_to_tumble(host)
    rally = host.match.state.board.find("rally")[0]
    view.hover(view.centre(rally))
    draw(view)
    assert tips and tips[-1][0].startswith("Rally marker")


def test_bar_at_1024x640_stays_in_the_panel():
    host, view = noticing_view(size=(1024, 640))
    walled_north(host, view)
    draw(view, (1024, 640))
    for button in view.buttons.buttons:
        assert view.panel_rect.contains(button.rect), button.label


def test_a_pending_choice_keeps_its_buttons():
    """The setup's skill layout still reads as buttons, each a legal action."""
    host, view = noticing_view()
    x, y = host.match.state.heroes[0].pos
    host.submit(Action.parse(f"choose at=({x},{y})"))
    view._marker = None
    draw(view)
    assert all(a is not None for a in view.button_actions)
    assert "Keep this skill layout" in [b.label for b in view.buttons.buttons]


def test_hovering_a_tumble_square_previews_the_face_and_skill(tips):
    """Movement, natural tumble: the hovered square says which face comes up and which skill
    it activates (tumbling north brings the back face up)."""
    host, view = noticing_view()
    ready_to_tumble(host)
    hero = host.match.state.current
    x, y = hero.pos
    view.refresh()
    view.hover(view.centre((x, y - 1)))
    draw(view)
    skill = hero.skills[hero.cube.tumble("N").top]
    name = {"diagonal": "Diagonal Slide"}.get(skill, skill.capitalize())
    assert tips[-1][0] == "Tumble north"
    assert tips[-1][1].startswith(f"The {hero.cube.tumble('N').top} face lands on top, {name}")


def test_zoom_with_keys_and_wheel_keeps_clicks_on_the_right_square():
    """+/- and the wheel zoom the board; a click still lands on the square under it."""
    host, view = noticing_view()
    ready_to_tumble(host)
    fit = view.cell
    assert view.key("+") and view.cell > fit
    view.hover(view.board_rect.center)
    assert view.scroll(1) and view.cell > fit
    start = host.match.state.current.pos
    target = (start[0] + 1, start[1])
    if target not in view.cell_actions:
        target = (start[0] - 1, start[1])
    centre = view.centre(target)
    if view.board_rect.collidepoint(centre):
        assert view.cell_at(centre) == target
        view.click(centre)
        assert host.match.state.current.pos != start
    for _ in range(12):
        view.key("-")
    assert view.cell == fit and view.zoom == 1.0
    assert view.cell_at((view.panel_rect.centerx, view.panel_rect.centery)) is None


def test_bombs_cannons_beams_and_platforms_read_on_hover(tips):
    """Bombs and cannons, Beams, Moving platforms: every board piece is one hover away."""
    host, view = noticing_view("solo_platform_crossing", size=(1024, 640))
    board = host.match.state.board
    free = [c for c in board.cells() if not board.at(c) and board.platform_at(c) is None]
    bomb, cannon, emitter, lit = free[:4]
    board.add(bomb, Token.make("bomb", bomb="fire", direction="E", number=1))
    board.add(cannon, Token.make("cannon", direction="N"))
    board.add(emitter, Token.make("emitter", direction="S", colour="red", on=1))
    board.set_beams([lit], [])
    platform = board.platforms[0].cells[0]
    seen = {}
    for name, cell in [
        ("bomb", bomb),
        ("cannon", cannon),
        ("emitter", emitter),
        ("lit", lit),
        ("platform", platform),
    ]:
        view.hover(view.centre(cell))
        draw(view, (1024, 640))
        seen[name] = tips[-1]
    assert seen["bomb"] == (
        "Fire bomb",
        "Rolls 3 squares, heading east each round; "
        "everyone in the explosion discards a random card",
    )
    assert seen["cannon"][0] == "Cannon" and "pointing north" in seen["cannon"][1]
    assert seen["emitter"][0] == "Beam emitter" and "(on)" in seen["emitter"][1]
    assert seen["lit"][0] == "Beam"
    assert seen["platform"][0] == "Platform" and "each round" in seen["platform"][1]
