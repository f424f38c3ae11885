"""Reduced motion (issue 17, A3): animations become short fades (at most ``anim.FADE_S``,
0.15 s), and dice, tumbling cubes and rolling bombs show their final face at once."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from riotsim.games.quodd.cube import Cube
from riotsim.ui import anim, dice
from riotsim.ui.anim import FADE_S, Animator, Flash, FloatingText, Glide, Shake, Wait
from riotsim.ui.views import quodd_bombs
from riotsim.ui.views.quodd import HeroMove


@pytest.fixture
def reduced():
    anim.set_reduced_motion(True)
    yield Animator()
    anim.set_reduced_motion(False)


def run_out(animator: Animator, seconds: float, dt: float = 0.01) -> float:
    """Update until the animator is idle; the seconds it took (at most ``seconds``)."""
    spent = 0.0
    while animator.busy and spent < seconds:
        animator.update(dt)
        spent += dt
    return spent


def test_a_glide_is_a_short_fade_at_its_destination(reduced):
    glide = reduced.add(Glide([(0, 0), (100, 0), (200, 50)], seconds_per_step=0.5))
    assert glide.pos == (200.0, 50.0)
    assert glide.alpha == 0
    reduced.update(FADE_S / 2)
    assert 0 < glide.alpha < 255 and glide.pos == (200.0, 50.0)
    assert run_out(reduced, 1.0) <= FADE_S
    assert not reduced.busy


def test_flashes_and_floating_text_last_no_longer_than_a_fade(reduced):
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    flash = reduced.add(Flash(pygame.Rect(0, 0, 10, 10), duration=0.45))
    text = reduced.add(FloatingText("-2", (50, 50), font, duration=1.0, rise=40), parallel=True)
    assert flash.duration <= FADE_S and text.duration <= FADE_S
    assert text.rise == 0  # it fades where it is, it does not rise
    assert run_out(reduced, 2.0) <= FADE_S + 0.011


def test_a_shake_does_not_shake(reduced):
    shake = reduced.add(Shake(amplitude=8, duration=0.35))
    for _step in range(10):
        assert shake.offset == (0, 0)
        reduced.update(0.01)


def test_a_pause_to_read_is_kept(reduced):
    wait = reduced.add(Wait(0.5))
    assert wait.t == 0.0 and wait.duration == 0.5  # a pause is not a motion


def test_dice_show_their_rolled_faces_at_once(reduced, monkeypatch):
    drawn: list[tuple[str, float]] = []
    monkeypatch.setattr(
        dice,
        "draw_die",
        lambda s, die_id, face, centre, size, angle=0.0: drawn.append((face, angle)),
    )
    roll = reduced.add(dice.DiceRoll("d6", ["6", "1", "3"], (100, 100), hold=0.9))
    assert roll.landed
    roll.draw(pygame.Surface((200, 200)))
    assert drawn == [("6", 0.0), ("1", 0.0), ("3", 0.0)]  # no tumbling face, no spin
    # the dice stay for their hold, so the result can be read
    assert run_out(reduced, 3.0) == pytest.approx(0.9 + FADE_S, abs=0.03)


class _Board:
    """What the Quodd animations ask of their view: squares' centres and sizes, a hero drawn."""

    cell = 40

    def __init__(self):
        self.heroes: list[tuple] = []

    def centre(self, cell):
        return (cell[0] * self.cell + 20.0, cell[1] * self.cell + 20.0)

    def cube_side(self):
        return 30

    def draw_hero(self, surface, seat, pos, cube, **how):
        self.heroes.append((seat, pos, cube, how))


def test_a_rolling_bomb_shows_its_last_square_and_face_at_once(reduced, monkeypatch):
    drawn: list[tuple] = []
    monkeypatch.setattr(
        quodd_bombs,
        "draw_bomb",
        lambda s, bomb, centre, size, angle=0.0: drawn.append((centre, angle)),
    )
    board = _Board()
    cells = [(0, 0), (1, 0), (2, 0), (3, 0)]
    roll = reduced.add(quodd_bombs.BombRoll(board, 1, "fire", cells))
    roll.draw(pygame.Surface((200, 200)))
    centre, angle = drawn[-1]
    assert centre == pytest.approx(board.centre((3, 0)), abs=0.01)
    assert angle == pytest.approx(roll.turn * 3)  # the face it ends on after three squares
    assert run_out(reduced, 2.0) <= FADE_S + 0.011


@pytest.mark.parametrize("mode", ["roll", "hop", "warp", "spin", "glide"])
def test_a_tumbling_cube_shows_its_new_top_face_at_once(reduced, mode):
    board = _Board()
    before = Cube.start("N")
    after = before.tumble("E")
    direction = {"roll": "E", "spin": "cw"}.get(mode, "")
    move = HeroMove(board, 0, (20.0, 20.0), (60.0, 20.0), before, after, mode, direction, 0.4)
    reduced.add(move)
    move.draw(pygame.Surface((200, 200)))
    seat, pos, cube, how = board.heroes[-1]
    assert (seat, pos, cube, how) == (0, (60.0, 20.0), after, {})
    assert cube.top == after.top != before.top
    assert run_out(reduced, 2.0) <= FADE_S + 0.011


def test_without_reduced_motion_the_cube_tumbles():
    anim.set_reduced_motion(False)
    board = _Board()
    before = Cube.start("N")
    move = Animator().add(
        HeroMove(board, 0, (20.0, 20.0), (60.0, 20.0), before, before.tumble("E"), "roll", "E")
    )
    move.update(0.1)
    move.draw(pygame.Surface((200, 200)))
    assert board.heroes[-1][2] == before and "tumble" in board.heroes[-1][3]


def test_the_setting_switches_it_live(app):
    assert not anim.reduced_motion()
    app.apply_settings(replace(app.settings, reduced_motion=True))
    assert anim.reduced_motion()
    app.apply_settings(replace(app.settings, reduced_motion=False))
    assert not anim.reduced_motion()


def test_the_politics_and_media_markers_jump_to_their_value(app, reduced):
    """P&M's track markers glide to a new value; with reduced motion they are there at once."""
    from riotsim.ui.screenshot import _build_game

    _build_game(app, "riot-pm", 11, 0, False, None, None, 2)
    view = app.stack.top.view
    tracks = view.state.tracks
    view.marker = {k: v + 3.0 for k, v in tracks.items()}
    view.update(0.016)
    assert all(view.marker[k] == v for k, v in tracks.items())
    assert not view.animating()
