"""The ghost ball: where the preview's taw touches the first ball it hits, drawn in both views when the
preview is on, from the preview's own path (no physics of its own)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from game.app.input.aiming import aim_towards
from game.app.scene.ghost_ball import touch_on_path
from game.match.table import body_radius
from tests.app.helpers_app import grab, new_game_against_one, press, step, wait_for


def test_the_ghost_sits_where_the_path_first_touches_a_ball_and_passes_over_one_resting_against_the_taw():
    r = 0.008
    path = [(0.0, 0.0), (0.05, 0.0), (0.10, 0.0), (0.12, 0.03)]
    bodies = {"ahead": ((0.10, 0.004), r), "beside": ((0.03, 0.05), r)}
    x, y = touch_on_path(path, bodies, r)
    assert math.dist((x, y), bodies["ahead"][0]) == pytest.approx(2 * r) and y == 0.0 and x < 0.10
    # A ball resting against the back of the taw is pushed off at once: the ghost is still at the ball ahead.
    resting = {**bodies, "behind": ((-0.0159, 0.0), r)}   # touching it (Bullet lets balls sink a hair)
    assert touch_on_path(path, resting, r) == pytest.approx((x, y))
    assert touch_on_path(path, resting, r, gap=-1.0) == (0.0, 0.0)   # the planted fault: nothing passed over
    assert touch_on_path(path, {"far": ((0.5, 0.5), r)}, r) is None
    assert touch_on_path([], bodies, r) is None


def nearest_clear_ball(aim) -> str:
    from game.app.input.aiming import first_contact

    origin, bodies = aim.aiming.origin(), aim.aiming.bodies()
    for body, (centre, _r) in sorted(bodies.items(), key=lambda kv: math.dist(kv[1][0], origin)):
        hit = first_contact(origin, aim_towards(origin, centre), aim.view.layout.marble_radius, bodies, 3.0)
        if body != "sun" and hit is not None and hit.body == body and math.dist(centre, origin) > 0.1:
            return body
    raise AssertionError("no clear ball")


def pixel_of(app, xyz) -> tuple[int, int]:
    from panda3d.core import LPoint2f, LPoint3f

    screen = LPoint2f()
    assert app.camLens.project(app.cam.getRelativePoint(app.render, LPoint3f(*xyz)), screen)
    w, h = app.win.getXSize(), app.win.getYSize()
    return int((screen.x + 1) / 2 * w), int((1 - screen.y) / 2 * h)


def drawn_difference(app, ghost, xyz) -> float:
    """How much the picture round the ghost changes when it is hidden: it is drawn there."""
    app.view.rig.snap()
    col, row = pixel_of(app, xyz)
    with_ghost = grab(app).astype(int)
    ghost.node.hide()
    without = grab(app).astype(int)
    ghost.node.show()
    patch = (slice(max(0, row - 3), row + 4), slice(max(0, col - 3), col + 4))
    return float(np.abs(with_ghost[patch] - without[patch]).mean())


@pytest.mark.gui
def test_the_ghost_ball_sits_where_the_taw_touches_a_full_hit_in_both_views(app):
    aim = new_game_against_one(app, preview="learning", seed=9)
    ball = nearest_clear_ball(aim)
    layout = aim.view.layout
    origin, centre = aim.aiming.origin(), aim.view.positions[ball]
    aim.aiming.direction = aim_towards(origin, centre)
    aim.aiming.planned = 0.6
    wait_for(app, lambda: aim.shot_preview.current)
    ghost = aim.shot_preview.ghost
    assert aim.shot_preview.shown.first_hit[1] == ball and ghost.shown
    touch = math.dist(ghost.at, centre)
    assert touch == pytest.approx(layout.marble_radius + body_radius(layout, ball), abs=1.5e-3)
    along = math.radians(aim.aiming.direction)
    off_line = abs((ghost.at[0] - origin[0]) * math.sin(along) - (ghost.at[1] - origin[1]) * math.cos(along))
    assert off_line < 1e-3
    xyz = tuple(ghost.node.getPos(app.render))
    assert drawn_difference(app, ghost, xyz) > 2.0          # drawn in the low view
    press(app, "overhead")
    app.view.rig.snap()
    for _ in range(12):
        aim.pointer.zoom_at(*_screen(app, xyz), 1)
    step(app)
    assert drawn_difference(app, ghost, xyz) > 2.0          # and from above


def _screen(app, xyz):
    from panda3d.core import LPoint2f, LPoint3f

    screen = LPoint2f()
    app.camLens.project(app.cam.getRelativePoint(app.render, LPoint3f(*xyz)), screen)
    return screen.x, screen.y


@pytest.mark.gui
def test_with_the_preview_off_there_is_no_ghost(app):
    aim = new_game_against_one(app, preview="none", seed=9)
    ball = nearest_clear_ball(aim)
    aim.aiming.direction = aim_towards(aim.aiming.origin(), aim.view.positions[ball])
    step(app, 30)
    assert not aim.shot_preview.ghost.shown and aim.shot_preview.ghost.node.isHidden()
