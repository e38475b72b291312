"""Aiming from above by pointing, on plain numbers: picking a ball, the sweep round the taw, the zoom's map."""

from __future__ import annotations

import math

import pytest

from game.app.input.overhead_aim import RoundSweep, ball_under, bearing, turn_between
from game.app.scene.overhead_zoom import OverheadZoom, most_zoom

R = 0.008


def test_a_click_inside_a_ball_or_just_outside_picks_it_and_the_nearest_centre_wins():
    bodies = {"a": ((0.0, 0.0), R), "b": ((0.03, 0.0), R)}
    assert ball_under((0.005, 0.0), bodies, 0.0) == "a"
    assert ball_under((0.0, R + 0.002), bodies, 0.0) is None
    assert ball_under((0.0, R + 0.002), bodies, 0.003) == "a"
    assert ball_under((0.016, 0.0), bodies, 0.01) == "b"   # inside both widened discs: b's centre is nearer
    assert ball_under((0.0, 0.0), bodies, 0.0, ignore=["a"]) is None


def test_turn_between_goes_the_short_way_round():
    assert turn_between(350.0, 10.0) == pytest.approx(20.0)
    assert turn_between(10.0, 350.0) == pytest.approx(-20.0)
    assert bearing((1.0, 1.0), (1.0, 2.0)) == pytest.approx(90.0)


def test_the_sweep_keeps_the_aim_on_the_pointer_one_to_one_and_a_tenth_with_the_fine_key():
    sweep = RoundSweep()
    sweep.press((100.0, 100.0), 30.0)
    assert sweep.move((101.0, 101.0), 30.5, 1.0) == 0.0            # a wobble within the dead zone
    assert sweep.move((120.0, 100.0), 40.0, 1.0) == pytest.approx(10.0)
    assert sweep.move((130.0, 100.0), 50.0, 0.1) == pytest.approx(1.0)
    assert sweep.move((140.0, 100.0), 45.0, 1.0) == pytest.approx(-5.0)
    sweep.release()
    assert not sweep.held and sweep.move((0.0, 0.0), 90.0, 1.0) == 0.0


def test_the_sweep_round_the_back_of_the_taw_turns_on_without_a_jump():
    sweep = RoundSweep()
    sweep.press((0.0, 0.0), 350.0)
    total = sum(sweep.move((10.0 * k, 0.0), (350.0 + 5.0 * k) % 360.0, 1.0) for k in range(1, 9))
    assert total == pytest.approx(40.0)


def test_the_zoom_keeps_the_point_it_zooms_about_where_it_is_drawn():
    zoom = OverheadZoom()
    eye, look = (0.2, -1.0, 4.0), (0.2, 0.5, 0.0)
    about = (0.7, 0.3, 0.0)
    zoom.zoom_by(2.0, about, 10.0)
    zoom.zoom_by(1.5, (0.6, 0.35, 0.0), 10.0)
    assert zoom.factor == pytest.approx(3.0)
    e, seen = zoom.apply(eye), zoom.apply(look)
    # The eye is three times nearer the ground and looks the same way.
    assert e[2] == pytest.approx(eye[2] / 3.0)
    d0 = [b - a for a, b in zip(eye, look)]
    d1 = [b - a for a, b in zip(e, seen)]
    assert [v * 3.0 for v in d1] == pytest.approx(d0)
    # The last point zoomed about lies on the same ray from the eye before and after: it keeps its pixel.
    p = (0.6, 0.35, 0.0)
    zoom2 = OverheadZoom()
    zoom2.zoom_by(2.0, about, 10.0)
    e0 = zoom2.apply(eye)
    ray0 = [q - a for a, q in zip(e0, p)]
    ray1 = [q - a for a, q in zip(e, p)]
    assert [v / math.hypot(*ray0) for v in ray0] == pytest.approx([v / math.hypot(*ray1) for v in ray1])


def test_the_zoom_stops_at_its_closest_and_back_at_one_is_the_whole_ground():
    zoom = OverheadZoom()
    for _ in range(40):
        zoom.zoom_by(1.25, (0.3, 0.2, 0.0), 8.0)
    assert zoom.factor == pytest.approx(8.0)
    for _ in range(40):
        zoom.zoom_by(0.8, (-0.5, 0.1, 0.0), 8.0)
    assert zoom.factor == 1.0 and zoom.offset == (0.0, 0.0, 0.0) and not zoom.zoomed


def test_the_closest_zoom_draws_a_marble_the_pixels_asked_for():
    distance, fov = 6.0, 34.0
    factor = most_zoom(distance, fov, 2 * R, 720, marble_px=40.0)
    span = 2.0 * (distance / factor) * math.tan(math.radians(fov) / 2)
    assert 2 * R / span * 720 == pytest.approx(40.0)
