"""The overhead view keeps the shooter's taw in frame (issue 27: it lay outside the frame), and the system too."""

from __future__ import annotations

import math

import pytest
from panda3d.core import Camera, NodePath, PerspectiveLens, Point2, Point3

from game.app.scene.camera import KEEP_MARGIN, SAFE, CameraRig, in_view, overhead_frame
from game.app.scene.table_view import OVERHEAD_TILT
from game.rules.layout import Layout

LAYOUT = Layout()
SYSTEM = LAYOUT.line_radii["herschel"]


def widescreen_rig() -> CameraRig:
    lens = PerspectiveLens()
    lens.setAspectRatio(16 / 9)
    cam = NodePath(Camera("cam", lens))
    return CameraRig(cam, LAYOUT, min_fov_deg=34.0)


def on_screen(rig: CameraRig, x: float, y: float) -> Point2:
    film = Point2()
    assert rig.lens.project(rig.camera.getRelativePoint(NodePath(), Point3(x, y, 0.0)), film)
    return film


def test_the_frame_grows_to_hold_a_far_point_with_its_margin():
    centre, reach = overhead_frame(1.0)
    assert centre == (0.0, 0.0) and reach == 1.0
    (cx, cy), reach = overhead_frame(1.0, [(2.0, 0.0)])
    assert cx == pytest.approx((2.0 + KEEP_MARGIN - 1.0) / 2) and reach >= 2.0 + KEEP_MARGIN - cx


def test_in_view_says_no_for_a_point_outside_the_picture():
    half = (math.radians(30), math.radians(17))
    assert in_view((0, 0), 3.0, 0.0, [(0.5, 0.5)], half)
    assert not in_view((0, 0), 3.0, 0.0, [(3.0, 0.0)], half)


@pytest.mark.parametrize("taw", [(0.0, -0.35), (0.0, -2.4), (2.4, 0.3), (-1.7, 1.7), (0.0, 2.45), (-2.45, -0.2)])
def test_overhead_holds_the_taw_and_the_whole_system_clear_of_the_edges(taw):
    rig = widescreen_rig()
    rig.overhead(tilt=OVERHEAD_TILT, keep=[taw], snap=True)
    held = [taw] + [(SYSTEM * math.cos(a), SYSTEM * math.sin(a)) for a in [i * math.pi / 4 for i in range(8)]]
    for x, y in held:
        film = on_screen(rig, x, y)
        assert abs(film.x) <= SAFE[0] + 1e-6 and abs(film.y) <= SAFE[1] + 1e-6, (x, y)


def test_overhead_without_a_taw_is_the_system_centred():
    rig = widescreen_rig()
    rig.overhead(tilt=0.0, snap=True)
    film = on_screen(rig, 0.0, 0.0)
    assert film.x == pytest.approx(0.0, abs=1e-6) and film.y == pytest.approx(0.0, abs=1e-6)


def test_the_knuckle_down_eye_comes_up_over_balls_crowding_the_taw():
    from game.app.scene.camera import AIMING_FRAMING, CLOSE_FRAMING, knuckle_framing_for

    r = LAYOUT.marble_radius
    taw, aim = (0.0, -0.8), (0.0, 1.0)
    assert knuckle_framing_for(taw, aim, []) == AIMING_FRAMING
    assert knuckle_framing_for(taw, aim, [(0.3, -0.8, r), (0.0, -0.5, r)]) == AIMING_FRAMING  # none near
    assert knuckle_framing_for(taw, aim, [(0.05, -0.8, r)]) == AIMING_FRAMING  # one beside
    assert knuckle_framing_for(taw, aim, [(0.01, -0.75, r), (-0.02, -0.74, r)]) == AIMING_FRAMING  # targets ahead
    assert knuckle_framing_for(taw, aim, [(0.05, -0.8, r), (-0.04, -0.84, r)]) == CLOSE_FRAMING  # among them
    assert CLOSE_FRAMING.height > 2 * AIMING_FRAMING.height
