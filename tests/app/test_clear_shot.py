"""Nothing hides the shot: a ball between the low eye and the taw (or the first of its way) lifts the eye over it."""

from __future__ import annotations

import dataclasses
import math

import pytest

from game.app.scene.camera import CLEAR_AHEAD, _segment_gap, clear_height, sight_targets
from tests.app.helpers_app import new_game_at_aim, step

R = 0.008


def eye_behind(height: float):
    return (-0.15, 0.0, height)


def test_a_ball_resting_against_the_back_of_the_taw_lifts_the_eye_until_the_taw_and_its_way_are_seen():
    targets = sight_targets((0.0, 0.0, R), (1.0, 0.0))
    assert len(targets) > 2 and targets[-1][0] == pytest.approx(CLEAR_AHEAD) and targets[-1][2] < 0.002
    sun = [(-0.0165, 0.0, 0.00825)]
    assert any(_segment_gap(eye_behind(0.06), t, sun[0]) < 0.00825 for t in targets)   # the usual eye is blocked
    height = clear_height(eye_behind, 0.06, targets, sun, 0.00825)
    assert 0.06 < height < 0.2
    assert all(_segment_gap(eye_behind(height), t, sun[0]) >= 0.00825 for t in targets)


def test_balls_off_the_line_leave_the_eye_where_it_is_and_one_resting_just_ahead_lifts_it_to_see_past():
    targets = sight_targets((0.0, 0.0, R), (1.0, 0.0))
    beside = [(-0.05, 0.03, R), (0.05, 0.04, R), (0.2, 0.0, R)]       # beside the line; beyond the 12 cm
    assert clear_height(eye_behind, 0.06, targets, beside, R) == 0.06
    ahead = [(0.0165, 0.0, R)]                                         # the Sun resting against the taw's front
    height = clear_height(eye_behind, 0.06, targets, ahead, R)
    assert height > 0.06
    seen = [t for t in targets if abs(t[0] - ahead[0][0]) > R]        # every point the ball does not stand on
    assert all(_segment_gap(eye_behind(height), t, ahead[0]) >= R for t in seen)


def _blocked(eye, taw, balls, radius):
    return [b for b in balls if _segment_gap(eye, taw, b) < radius]


@pytest.mark.gui
@pytest.mark.parametrize("side", [-1.0, 1.0], ids=["behind", "ahead"])
def test_in_the_app_the_eye_rises_over_the_sun_resting_against_the_taw_and_would_not_without(app, monkeypatch, side):
    aim = new_game_at_aim(app, seed=45)
    layout = aim.view.layout
    ox, oy = aim.aiming.origin()
    a = math.radians(aim.aiming.direction)
    behind = (ox + side * math.cos(a) * (layout.marble_radius + layout.sun_radius + 5e-4),
              oy + side * math.sin(a) * (layout.marble_radius + layout.sun_radius + 5e-4))
    aim.aiming.view = dataclasses.replace(aim.view, positions={**aim.view.positions, "sun": behind})  # what is drawn
    step(app, 2)
    rig = app.view.rig
    rig.snap()
    eye = tuple(app.camera.getPos(app.render))
    sun = (*behind, layout.sun_radius)
    taw = (ox, oy, layout.marble_radius)
    assert rig.eye_height > 0.07
    from panda3d.core import LPoint2f, LPoint3f

    seen = LPoint2f()
    assert app.camLens.project(app.cam.getRelativePoint(app.render, LPoint3f(*taw)), seen)  # in the picture
    assert -0.85 < seen.y < 0.0 and abs(seen.x) < 0.2
    assert not _blocked(eye, taw, [sun], layout.sun_radius)
    ways = [t for t in sight_targets(taw, (math.cos(a), math.sin(a))) if math.dist(t[:2], behind) > layout.sun_radius]
    for t in ways:   # the taw and the ground along its aim, past the Sun too where it lies ahead
        assert not _blocked(eye, t, [sun], layout.sun_radius)
    # The planted fault: the eye kept at its usual height, and the Sun hides the taw.
    monkeypatch.setattr("game.app.scene.camera.clear_height", lambda eye_at, start, *args, **kw: start)
    step(app, 2)
    rig.snap()
    low = tuple(app.camera.getPos(app.render))
    assert any(_blocked(low, t, [sun], layout.sun_radius) for t in [taw] + ways)
