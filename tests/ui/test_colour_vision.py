"""The palette under simulated colour-vision deficiencies (issue 17, A2): the colours that
tell things apart still look apart with protanopia, deuteranopia and tritanopia."""

from __future__ import annotations

import pytest

from riotsim.ui import theme as T
from riotsim.ui.colourvision import DEFICIENCIES, closest_pair, delta_e, simulate

CLEAR = 15.0  # CIE76 Delta E: plainly different at a glance (2 is the barely-noticeable step)


def test_the_simulation_keeps_greys_and_moves_reds():
    for grey in ((0, 0, 0), (128, 128, 128), (255, 255, 255)):
        for deficiency in DEFICIENCIES:
            assert delta_e(simulate(grey, deficiency), grey) < 3
    red, green = (213, 40, 40), (40, 160, 40)
    assert delta_e(red, green) > 60
    assert delta_e(simulate(red, "deuteranopia"), simulate(green, "deuteranopia")) < 40


@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
def test_seat_colours_stay_apart(deficiency):
    distance, a, b = closest_pair(T.SEAT_COLOURS, deficiency)
    assert distance >= CLEAR, f"{a} and {b} look alike with {deficiency or 'normal vision'}"


@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
def test_good_bad_and_focus_stay_apart(deficiency):
    named = {"good": T.GOOD, "bad": T.BAD, "accent": T.ACCENT, "text": T.TEXT, "bg": T.BG}
    distance, a, b = closest_pair(named, deficiency)
    assert distance >= CLEAR, f"{a} and {b} look alike with {deficiency or 'normal vision'}"
