"""Aiming by pointing in the overhead view, driven through the app offscreen: a click on a ball is a full hit,
a drag round the taw turns the aim, the fine key chooses a thin cut a metre away, the wheel zooms."""

from __future__ import annotations

import math

import pytest

from game.app.input.aiming import aim_towards, first_contact
from game.app.screens.aim_pointer import FINE
from game.match.table import body_radius
from tests.app.helpers_app import capture_shots, new_game_at_aim, press, step

pytestmark = pytest.mark.gui


def screen_of(app, x: float, y: float, z: float = 0.0) -> tuple[float, float]:
    """Where the ground point lands in the window (window units -1..1), from where the camera is now."""
    from panda3d.core import LPoint2f, LPoint3f

    screen = LPoint2f()
    assert app.camLens.project(app.cam.getRelativePoint(app.render, LPoint3f(x, y, z)), screen)
    return screen.x, screen.y


def overhead(app, seed: int):
    aim = new_game_at_aim(app, seed=seed)
    press(app, "overhead")
    app.view.rig.snap()
    step(app)
    return aim


def clear_target(aim, near: float, far: float) -> str:
    """A ball between ``near`` and ``far`` metres from the taw that a full hit reaches first."""
    origin, bodies = aim.aiming.origin(), aim.aiming.bodies()
    for body, (centre, _r) in sorted(bodies.items(), key=lambda kv: -math.dist(kv[1][0], origin)):
        if near <= math.dist(centre, origin) <= far:
            hit = first_contact(origin, aim_towards(origin, centre), aim.view.layout.marble_radius, bodies, 3.0)
            if hit is not None and hit.body == body:
                return body
    raise AssertionError("no clear ball at that range")


def test_a_click_on_a_ball_from_above_aims_a_full_hit_at_it_and_shoots_nothing(app):
    aim = overhead(app, seed=41)
    shots = capture_shots(app)
    ball = clear_target(aim, 0.3, 2.0)
    centre = aim.view.positions[ball]
    r = body_radius(aim.view.layout, ball)
    origin = aim.aiming.origin()
    side = math.radians(aim_towards(origin, centre) + 90.0)
    off = (centre[0] + 0.7 * r * math.cos(side), centre[1] + 0.7 * r * math.sin(side))  # off-centre, on the ball
    aim.aiming.direction = (aim.aiming.direction + 40.0) % 360.0
    aim.pointer.overhead_press(*screen_of(app, *off, r))
    press(app, "shoot-release")
    assert aim.aiming.direction == pytest.approx(aim_towards(origin, centre), abs=1e-9)
    hit = first_contact(origin, aim.aiming.direction, aim.view.layout.marble_radius, aim.aiming.bodies(), 3.0)
    assert hit.body == ball and math.dist(hit.taw_at, hit.target_at) == pytest.approx(
        aim.view.layout.marble_radius + r)
    step(app, 3)
    assert shots == [] and app.flow.state == "Aim"
    assert "Click a ball: full hit" in app.game.hud.status.hint


def test_dragging_round_the_taw_turns_the_aim_with_the_pointer_and_the_fine_key_a_tenth(app):
    aim = overhead(app, seed=42)
    origin = aim.aiming.origin()
    start = aim_towards(origin, (0.0, 0.0)) + 25.0

    def ground_at(deg: float) -> tuple[float, float]:
        a = math.radians(deg)
        return origin[0] + 0.5 * math.cos(a), origin[1] + 0.5 * math.sin(a)

    pressed = screen_of(app, *ground_at(start))
    aim.pointer.overhead_press(*pressed)
    assert aim.aiming.direction == pytest.approx(start % 360.0, abs=1e-4)
    for k in range(1, 16):   # the pointer goes round the taw in 2-degree steps: the aim follows it
        here = screen_of(app, *ground_at(start + 2.0 * k))
        aim.pointer.overhead_drag(*here)
        if k == 1:   # a first move of a pixel or two is the hand's wobble after a click: nothing turns
            assert aim.pointer.pixel(*here) != aim.pointer.pixel(*pressed)
            assert math.dist(aim.pointer.pixel(*here), aim.pointer.pixel(*pressed)) < 3.0
            assert aim.aiming.direction == pytest.approx(start % 360.0, abs=1e-4)
            continue
        assert aim.aiming.direction == pytest.approx((start + 2.0 * k) % 360.0, abs=0.05)
    aim.pointer.fine = lambda: FINE  # the fine key held (the keyboard is polled, so stand in for it)
    before = aim.aiming.direction
    aim.pointer.overhead_drag(*screen_of(app, *ground_at(start + 40.0)))
    assert (aim.aiming.direction - before) % 360.0 == pytest.approx(1.0, abs=0.01)
    del aim.pointer.fine
    press(app, "shoot-release")
    assert not aim.pointer.round_sweep.held and app.flow.state == "Aim"


def test_the_fine_key_chooses_a_thin_cut_on_a_ball_a_metre_away_pixel_by_pixel(app):
    aim = overhead(app, seed=43)
    ball = clear_target(aim, 0.8, 1.6)
    layout = aim.view.layout
    centre, origin = aim.view.positions[ball], aim.aiming.origin()
    reach = layout.marble_radius + body_radius(layout, ball)   # the impact parameter at the thinnest cut
    x, y = screen_of(app, *centre)
    aim.pointer.overhead_press(x, y)
    aim.pointer.fine = lambda: FINE
    width = app.win.getXSize()
    cuts = []
    for px in range(1, 400):   # the pointer one pixel at a time along the window's rows
        aim.pointer.overhead_drag(x + 2.0 * px / width, y)
        hit = first_contact(origin, aim.aiming.direction, layout.marble_radius, aim.aiming.bodies(), 3.0)
        if hit is None or hit.body != ball:
            break
        a = math.radians(aim.aiming.direction)
        cuts.append(abs((centre[0] - origin[0]) * math.sin(a) - (centre[1] - origin[1]) * math.cos(a)))
    del aim.pointer.fine
    assert math.dist(centre, origin) >= 0.8
    assert max(cuts) > 0.9 * reach                                 # a thin cut was reached
    steps = [b - a for a, b in zip(cuts, cuts[1:])]
    assert max(steps) < reach / 8                                  # in steps fine enough to choose it


def test_the_wheel_zooms_about_the_pointer_to_a_marble_thirty_pixels_across_and_a_key_gives_the_whole_ground(app):
    aim = overhead(app, seed=44)
    rig = app.view.rig
    whole = rig.goal
    ball = clear_target(aim, 0.2, 3.0)
    centre = aim.view.positions[ball]
    r = body_radius(aim.view.layout, ball)
    pointer = screen_of(app, centre[0] + 0.05, centre[1] + 0.02)
    under = rig.pointer_on_ground(*pointer)
    for _ in range(40):
        aim.pointer.zoom_at(*pointer, 1)
        step(app)
    rig.snap()
    assert rig.overhead_zoom.factor > 4.0
    assert screen_of(app, *under) == pytest.approx(pointer, abs=2e-3)   # the ground under the pointer stayed there
    height = app.win.getYSize()
    (_, top), (_, bottom) = screen_of(app, centre[0], centre[1] + r, r), screen_of(app, centre[0], centre[1] - r, r)
    assert (top - bottom) / 2.0 * height >= 30.0                         # a marble is at least 30 pixels across
    press(app, "whole-ground")
    rig.snap()
    assert rig.goal == whole and not rig.overhead_zoom.zoomed
    for _ in range(3):
        aim.pointer.zoom_at(*pointer, 1)
    press(app, "overhead")   # down to the knuckle and up again: the whole ground
    press(app, "overhead")
    assert rig.goal == whole
