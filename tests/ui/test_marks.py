"""Change marks (riotsim.ui.views.marks): held while a move's glide plays, then fading."""

from __future__ import annotations

import pygame

from riotsim.ui.views.marks import ATTACKED, LEFT, ChangeMark, ChangeMarks

SQUARE = [(10.0, 10.0), (30.0, 10.0), (30.0, 30.0), (10.0, 30.0)]


def test_a_mark_is_held_while_its_move_animates_then_fades_in_a_second():
    marks = ChangeMarks()
    mark = ChangeMark(lambda: SQUARE, LEFT)
    marks.show([mark])
    marks.update(5.0, held=True)
    assert mark.alpha == 1.0 and marks.showing
    marks.update(0.5, held=False)
    assert mark.alpha == 0.5
    marks.update(0.6, held=False)
    assert mark.done and not marks.showing


def test_an_older_fading_mark_keeps_fading_under_a_newer_moves_glide():
    marks = ChangeMarks()
    old = ChangeMark(lambda: SQUARE, LEFT)
    marks.show([old])
    marks.update(0.25, held=False)
    new = ChangeMark(lambda: SQUARE, ATTACKED)
    marks.show([new])
    marks.update(0.25, held=True)  # the new move glides: only its own mark waits
    assert old.alpha == 0.5 and new.alpha == 1.0
    assert marks.marks == [old, new]


def test_marks_tint_their_outline_on_the_board():
    surface = pygame.Surface((40, 40))
    surface.fill((0, 0, 0))
    marks = ChangeMarks()
    marks.show([ChangeMark(lambda: SQUARE, ATTACKED)])
    marks.draw(surface, 2)
    assert surface.get_at((20, 20)).r > 0 and surface.get_at((2, 2)).r == 0
