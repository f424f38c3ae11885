"""Board zoom and pan maths (riotsim.ui.views.zoom), shared by the Riot Quest and RIOT views."""

from __future__ import annotations

import pytest

from riotsim.ui.views.zoom import MAX_ZOOM, BoardZoom

PANEL = (100.0, 50.0, 800.0, 400.0)
BOARD = (200.0, 100.0)  # fits at scale 4, exactly filling the panel


def make(content=BOARD) -> BoardZoom:
    z = BoardZoom()
    z.fit(PANEL, content)
    return z


def test_at_zoom_one_the_board_fits_centred():
    z = make((100.0, 100.0))  # square: fit by height, scale 4, centred horizontally
    assert z.scale == 4
    assert z.board_box() == (300.0, 50.0, 400.0, 400.0)
    assert z.to_content(z.to_screen((30.0, 70.0))) == pytest.approx((30.0, 70.0))


def test_the_wheel_keeps_the_point_under_the_pointer():
    z = make()
    pos = (300.0, 150.0)
    before = z.to_content(pos)
    assert z.wheel(pos, 1)
    assert z.level > 1
    assert z.to_content(pos) == pytest.approx(before)


def test_keys_zoom_about_the_panel_centre_and_zero_fits():
    z = make()
    centre = z.to_content((500.0, 250.0))
    assert z.key("+") and z.key("=")
    assert z.to_content((500.0, 250.0)) == pytest.approx(centre)
    assert z.key("-") and z.level > 1
    assert z.key("0") and z.level == 1 and z.centre is None
    assert not z.key("a")


def test_zoom_is_clamped_between_fit_and_the_maximum():
    z = make()
    for _ in range(30):
        z.key("+")
    assert z.level == MAX_ZOOM
    for _ in range(30):
        z.key("-")
    assert z.level == 1


@pytest.mark.parametrize("drag", [(5000.0, 0.0), (-5000.0, 0.0), (0.0, 5000.0), (-3e3, -3e3)])
def test_the_board_never_leaves_its_panel(drag):
    z = make()
    z.zoom_at(3.0, (120.0, 60.0))
    z.pan(*drag)
    left, top, w, h = z.board_box()
    pl, pt, pw, ph = PANEL
    assert left <= pl + 1e-6 and top <= pt + 1e-6
    assert left + w >= pl + pw - 1e-6 and top + h >= pt + ph - 1e-6


def test_a_board_narrower_than_the_panel_stays_centred_on_that_axis():
    z = make((100.0, 100.0))
    z.zoom_at(1.5)  # 600 wide in an 800 panel: still centred across, pans down and up only
    z.pan(300.0, -300.0)
    left, top, w, h = z.board_box()
    assert left + w / 2 == pytest.approx(500.0)
    assert top + h == pytest.approx(450.0)


def test_nothing_pans_at_zoom_one():
    z = make()
    z.pan(50, 50)
    assert not z.pan_key((1, 0))
    assert z.board_box() == (100.0, 50.0, 800.0, 400.0)


def test_arrow_keys_pan_once_zoomed_in():
    z = make()
    z.zoom_at(2.0)
    before = z.to_content((500.0, 250.0))
    assert z.pan_key((1, 0))  # right arrow: the board slides left, more of its right shows
    after = z.to_content((500.0, 250.0))
    assert after[0] > before[0] and after[1] == pytest.approx(before[1])


def test_a_drag_pans_by_the_pointer_and_a_still_press_is_a_click():
    z = make()
    z.zoom_at(2.0)
    assert z.press((500.0, 250.0), 2)  # the middle button is only ever a drag
    grabbed = z.to_content((500.0, 250.0))
    assert z.motion((460.0, 230.0))
    assert z.to_content((460.0, 230.0)) == pytest.approx(grabbed)
    assert z.release()
    assert not z.press((500.0, 250.0), 3)  # right: a drag or, released unmoved, a click
    assert not z.motion((501.0, 250.0))  # under the slop
    assert not z.release()
    assert not z.press((10.0, 10.0), 2)  # outside the panel
    assert not z.motion((40.0, 40.0))


def test_a_new_panel_size_keeps_the_zoom_and_clamps_again():
    z = make()
    z.zoom_at(2.0, (880.0, 430.0))
    z.fit((0.0, 0.0, 2000.0, 1000.0), BOARD)
    assert z.level == 2
    left, top, w, h = z.board_box()
    assert left <= 0 and left + w >= 2000 and top <= 0 and top + h >= 1000


def test_the_badge_names_the_zoom_only_once_zoomed_in():
    from riotsim.ui.views.zoom import badge_text

    z = make()
    assert badge_text(z) == ""
    z.zoom_at(2.0)
    assert badge_text(z).startswith("Zoom x2.0")
