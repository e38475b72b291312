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
    targets = sight_targets((0.0, 0.0, R), (1.0, 0.0), path=0.5)
    assert len(targets) > 2 and targets[-1][0] == pytest.approx(CLEAR_AHEAD)
    sun = [(-0.0165, 0.0, 0.00825)]
    assert any(_segment_gap(eye_behind(0.06), t, sun[0]) < 0.00825 for t in targets)   # the usual eye is blocked
    height = clear_height(eye_behind, 0.06, targets, sun, 0.00825)
    assert 0.06 < height < 0.2
    assert all(_segment_gap(eye_behind(height), t, sun[0]) >= 0.00825 for t in targets)


def test_balls_off_the_line_or_beyond_the_way_leave_the_eye_where_it_is():
    targets = sight_targets((0.0, 0.0, R), (1.0, 0.0), path=0.03)   # the first ball 3 cm ahead
    balls = [(-0.05, 0.03, R), (0.05, 0.0, R), (0.046, 0.0, R)]       # beside the line; ahead of the contact
    assert clear_height(eye_behind, 0.06, targets, balls, R) == 0.06


def _blocked(eye, taw, balls, radius):
    return [b for b in balls if _segment_gap(eye, taw, b) < radius]


@pytest.mark.gui
def test_in_the_app_the_eye_rises_over_the_sun_resting_behind_the_taw_and_would_not_without(app, monkeypatch):
    aim = new_game_at_aim(app, seed=45)
    layout = aim.view.layout
    ox, oy = aim.origin()
    a = math.radians(aim.direction)
    behind = (ox - math.cos(a) * (layout.marble_radius + layout.sun_radius + 5e-4),
              oy - math.sin(a) * (layout.marble_radius + layout.sun_radius + 5e-4))
    aim.view = dataclasses.replace(aim.view, positions={**aim.view.positions, "sun": behind})
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
    for t in sight_targets(taw, (math.cos(a), math.sin(a)), aim.target_range - 2 * layout.marble_radius):
        assert not _blocked(eye, t, [sun], layout.sun_radius)
    # The planted fault: the eye kept at its usual height, and the Sun hides the taw.
    monkeypatch.setattr("game.app.scene.camera.clear_height", lambda eye_at, start, *args, **kw: start)
    step(app, 2)
    rig.snap()
    assert _blocked(tuple(app.camera.getPos(app.render)), taw, [sun], layout.sun_radius)
