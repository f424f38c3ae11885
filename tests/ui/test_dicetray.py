"""The dice tray widget, fed from typed events of any game."""

from __future__ import annotations

import pygame

from riotsim.core.events import DiceRolled
from riotsim.ui import theme as T
from riotsim.ui.widgets.dicetray import DiceTray, roll_of


def test_a_tray_rows_any_games_dice_with_the_die_labels_and_totals():
    """Rows by die type with their labels from dice.yaml; the verdict from the game's data."""
    events = [
        DiceRolled.of(die="d6", faces=[3, 5]),
        DiceRolled.of(die="action", faces=["strike", "super"]),
        DiceRolled.of(die="boost", faces=[]),  # no dice rolled: no row
    ]
    roll = roll_of(events, lambda e: None, "Move")
    assert roll is not None
    tray = DiceTray()
    tray.show(roll)
    assert tray.lines() == ["Move", "d6 x2: 3, 5  total 8", "Action x2: strike, super  3 strikes"]
    pygame.font.init()
    theme = T.Theme(1024, 640)
    surface = pygame.Surface((1024, 640))
    bounds = surface.get_rect()
    box = tray.draw(surface, theme, pygame.Rect(1000, 300, 20, 20), bounds)
    assert box is not None and bounds.contains(box) and box.right <= 1000  # left of the anchor
    assert roll_of([], lambda e: None) is None
