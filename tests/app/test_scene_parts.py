"""Scene parts that need no pixels: models, cameras, aim ribbon, quality, palette."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from game.app.scene.aim_line import ribbon
from game.app.scene.palette import KIND_GLASS, KIND_LEAD, KIND_TAW, PLANET_COLORS, look_for
from game.app.scene.quality import GraphicsQuality
from game.errors import UserError
from game.rules.layout import PLANETS, Layout
from tools import make_models

ROOT = Path(__file__).resolve().parents[2]


def test_committed_models_are_what_the_tool_writes_and_stay_small():
    models = make_models.all_models()
    assert models == make_models.all_models()  # deterministic
    total = 0
    for name, text in models.items():
        path = ROOT / "models" / name
        assert path.read_text(encoding="utf-8") == text, f"{name} is stale: run python -m tools.make_models"
        total += path.stat().st_size
    assert total < 1_000_000


def test_marble_sphere_is_round_enough_and_closed():
    text = make_models.sphere_egg("s", 32, 16)
    assert text.count("<Polygon>") == 960
    coords = [line.split("{", 1)[1].split("<Normal>")[0].split() for line in text.splitlines() if "<Vertex>" in line]
    radii = [math.sqrt(sum(float(c) ** 2 for c in xyz)) for xyz in coords]
    assert min(radii) == pytest.approx(1.0, abs=1e-5) and max(radii) == pytest.approx(1.0, abs=1e-5)


def test_each_player_has_a_distinct_colour_and_the_sun_is_lead():
    colours = [PLANET_COLORS[p] for p in PLANETS]
    for i, a in enumerate(colours):
        for b in colours[i + 1:]:
            assert sum(abs(x - y) for x, y in zip(a, b)) > 0.35
    assert look_for("sun").kind == KIND_LEAD
    assert look_for("mars.taw").kind == KIND_TAW
    assert look_for("mars").kind == look_for("mars.2").kind == KIND_GLASS
    assert look_for("mars.1").vane_color == look_for("mars").vane_color == PLANET_COLORS["mars"]
    assert look_for("mars.1").seed != look_for("mars.2").seed


def test_quality_rejects_unknown_values_with_the_setting_named():
    with pytest.raises(UserError, match="graphics.msaa"):
        GraphicsQuality(msaa=3)
    with pytest.raises(UserError, match="shadow_map_size"):
        GraphicsQuality(shadow_map_size=1000)
    with pytest.raises(UserError, match="graphics.bloom"):
        GraphicsQuality.from_mapping({"bloom": True})
    assert GraphicsQuality.preset("low").shadows is False
    assert GraphicsQuality(msaa=4).framebuffer_properties().getMultisamples() == 4


def test_aim_ribbon_follows_the_path_with_distance_along_it():
    verts, tris = ribbon(np.array([(0.0, 0.0), (0.1, 0.0), (0.1, 0.0), (0.1, 0.2)]), 0.01)
    assert len(verts) == 6 and len(tris) == 12  # the repeated point is dropped
    assert list(verts[::2, 6]) == pytest.approx([0.0, 0.1, 0.3])
    assert np.linalg.norm(verts[:, 3:5], axis=1) == pytest.approx(np.full(6, 0.005))  # out to each edge
    widths = np.linalg.norm(verts[0::2, :2] - verts[1::2, :2], axis=1)
    assert widths[0] == pytest.approx(0.01) and widths[-1] == pytest.approx(0.01)
    assert ribbon(np.array([(0.0, 0.0)]), 0.01)[1].size == 0


@pytest.fixture
def rig():
    from panda3d.core import NodePath, PerspectiveLens

    from game.app.scene.camera import CameraRig
    from panda3d.core import Camera

    lens = PerspectiveLens()
    lens.setAspectRatio(16 / 9)
    cam = NodePath(Camera("cam", lens))
    return CameraRig(cam, Layout())


def forward(rig):
    return rig.camera.getQuat().getForward()


def test_knuckle_view_sits_low_behind_the_taw_looking_along_the_aim(rig):
    rig.knuckle((0.3, 0.0), (-1.0, 0.0), snap=True)
    pos = rig.camera.getPos()
    assert pos.x > 0.3 and abs(pos.y) < 1e-6 and 0.0 < pos.z < 0.1
    f = forward(rig)
    assert f.x < -0.9 and f.z < 0  # along the aim, tipped down towards the ground
    # the taw is in front of the camera and inside the picture
    from panda3d.core import Point2, Point3

    film = Point2()
    assert rig.lens.project(rig.camera.getRelativePoint(rig.camera.getParent(), Point3(0.3, 0, 0.008)), film)
    assert film.y < 0  # in the lower half


def test_overhead_sees_the_whole_system_from_straight_above(rig):
    rig.overhead(snap=True)
    assert forward(rig).z == pytest.approx(-1.0, abs=1e-4)
    from panda3d.core import Point2, Point3

    herschel = Layout().line_radii["herschel"]
    for x, y in [(herschel, 0), (0, herschel), (-herschel, 0), (0, -herschel)]:
        film = Point2()
        assert rig.lens.project(rig.camera.getRelativePoint(rig.camera.getParent(), Point3(x, y, 0)), film)


def test_orbit_keeps_distance_and_clamps_pitch(rig):
    rig.orbit((0.1, 0.2, 0.0), yaw=1.0, pitch=math.radians(30), distance=0.5, snap=True)
    assert (rig.camera.getPos() - (0.1, 0.2, 0.0)).length() == pytest.approx(0.5, rel=1e-4)
    rig.orbit_by(d_pitch=-math.radians(60))
    assert rig.pitch > 0


def test_transitions_glide_and_then_settle(rig):
    rig.overhead(snap=True)
    start = rig.camera.getPos()
    rig.knuckle((0.3, 0.0), (-1.0, 0.0))
    rig.update(1 / 60)
    first = rig.camera.getPos()
    assert 0 < (first - start).length() < (start - rig.goal.position).length()
    for _ in range(240):
        rig.update(1 / 60)
    assert rig.settled()
    assert rig.camera.getPos().z < 0.1


def test_follow_tracks_a_moving_body(rig):
    where = [(0.0, 0.0, 0.008)]
    rig.follow(lambda: where[0], distance=0.3)
    where[0] = (0.5, 0.5, 0.008)
    for _ in range(300):
        rig.update(1 / 60)
    assert (rig.camera.getPos() - where[0]).length() == pytest.approx(0.3, rel=1e-3)
    rig.free_move(forward=0.1)
    assert rig.mode == "free"


def test_update_and_place_agree_on_who_is_shown():
    from panda3d.core import NodePath

    from game.app.scene.table_scene import TableScene

    scene = TableScene(NodePath("root"), None, Layout())
    try:
        ids = ["sun", "mars"]
        poses = np.zeros((2, 7))
        poses[:, 3] = 1.0
        poses[1, :3] = (0.1, 0.2, 0.008)
        half = math.sqrt(0.5)
        poses[1, 3:] = (half, 0.0, half, 0.0)
        scene.update(ids, poses)
        assert scene.body_position("mars") == pytest.approx((0.1, 0.2, 0.008), abs=1e-6)
        poses[1, 2] = 0.05  # dropping from the hat: the contact shadow stays on the ground
        scene.update(ids, poses)
        assert scene.body_position("mars")[2] == pytest.approx(0.05, abs=1e-6)
        assert scene.body_node("mars").find("contact").getZ(scene.root) == pytest.approx(0.0003, abs=1e-6)
        quat = scene.body_node("mars").find("ball").getQuat()
        assert abs(quat.dot(type(quat)(half, 0.0, half, 0.0))) == pytest.approx(1.0, abs=1e-5)
        scene.update(["sun"], poses[:1])
        assert scene.body_node("mars").isStashed()
        scene.place({"mars": (0.3, 0.0)})
        assert not scene.body_node("mars").isStashed()
        scene.update(["sun"], poses[:1])  # the same ids as two updates ago: still hides mars
        assert scene.body_node("mars").isStashed()
    finally:
        scene.destroy()


def test_frame_points_keeps_every_point_in_view(rig):
    from panda3d.core import Point2, Point3

    points = [(0.5, 0.1), (0.7, -0.2), (0.4, 0.3)]
    rig.frame_points(points, pitch=math.radians(40), snap=True)
    for x, y in points:
        film = Point2()
        assert rig.lens.project(rig.camera.getRelativePoint(rig.camera.getParent(), Point3(x, y, 0)), film)
        assert abs(film.x) < 1 and abs(film.y) < 1
