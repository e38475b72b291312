"""The rough ground as the renderer draws it: the same heights, and everything on the ground lying on them."""

from __future__ import annotations

import math

import numpy as np
import pytest

from game.app.scene.aim_line import LIFT, ribbon
from game.app.scene.ground_mesh import MAX_SEGMENT, boundary_ring, densify, grid_vertices, skirt
from game.rules.layout import Layout
from tests.app.ground_kit import rough, tilted

LAYOUT = Layout()


def signed_areas(verts: np.ndarray, tris: np.ndarray) -> np.ndarray:
    a, b, c = (verts[tris.reshape(-1, 3)[:, i], :2].astype(np.float64) for i in range(3))
    return 0.5 * ((b - a)[:, 0] * (c - a)[:, 1] - (b - a)[:, 1] * (c - a)[:, 0])


def test_the_grid_has_the_grounds_own_heights_and_normals():
    ground = rough()
    verts, tris, n = grid_vertices(ground, 0.5, 0.05)
    assert n == 21 and len(verts) == n * n
    x, y = verts[:, 0].astype(np.float64), verts[:, 1].astype(np.float64)
    assert np.abs(verts[:, 2] - ground.height_at(x, y)).max() < 1e-7   # float32 of the same numbers
    assert np.ptp(verts[:, 2]) > 0.002                                 # a ground of a few millimetres
    gx, gy = ground.gradient_at(x, y)
    normal = verts[:, 3:6].astype(np.float64)
    assert np.linalg.norm(normal, axis=1) == pytest.approx(1.0, abs=1e-6)
    # the normal is at right angles to the surface's two slopes
    assert np.abs(normal[:, 0] + gx * normal[:, 2]).max() < 1e-6
    assert np.abs(normal[:, 1] + gy * normal[:, 2]).max() < 1e-6
    assert (signed_areas(verts, tris) > 0).all()   # every triangle faces up


def test_the_mesh_stays_under_what_is_laid_on_the_ground_between_its_points():
    from game.app.scene.ground_mesh import GRID_SPACING

    rng = np.random.default_rng(0)
    for ground in (rough(0.5, 1), rough(8.0, 2)):
        p = rng.uniform(-2.5, 2.5, (20000, 2))
        s = GRID_SPACING
        i = np.floor(p / s)
        fx, fy = (p / s - i).T
        x0, y0 = i[:, 0] * s, i[:, 1] * s
        h = [ground.height_at(x0 + dx, y0 + dy) for dx, dy in ((0, 0), (s, 0), (0, s), (s, s))]
        # the grid's two triangles a cell, split along the diagonal from (x0, y0) to (x0 + s, y0 + s)
        drawn = np.where(fx >= fy, h[0] + fx * (h[1] - h[0]) + fy * (h[3] - h[1]),
                         h[0] + fy * (h[2] - h[0]) + fx * (h[3] - h[2]))
        above = drawn - ground.height_at(p[:, 0], p[:, 1])
        assert above.max() < 0.5 * LIFT    # a line laid LIFT above the true surface is never buried


def test_the_skirt_shares_the_grids_edge_so_no_crack_opens():
    verts, _tris, n = grid_vertices(rough(), 0.5, 0.05)
    ring = boundary_ring(n)
    assert len(set(ring.tolist())) == len(ring) == 4 * (n - 1)
    on_edge = np.isclose(np.abs(verts[ring, :2]).max(axis=1), 0.5)
    assert on_edge.all()
    outer, skirt_tris = skirt(verts, n, 40.0)
    table = np.concatenate([verts, outer])
    assert (outer[:, 2] == 0).all() and np.isclose(np.abs(outer[:, :2]).max(axis=1), 40.0).all()
    inner_used = set(skirt_tris[skirt_tris < len(verts)].tolist())
    assert inner_used == set(ring.tolist())    # the skirt's inner edge is the grid's own edge
    assert (signed_areas(table, skirt_tris) > 0).all()


def test_a_line_on_rough_ground_bends_with_it_and_on_the_plane_stays_as_it_was():
    ground = rough()
    path = np.array([(0.0, -0.6), (0.0, 0.6), (0.4, 0.6)])
    verts, tris = ribbon(path, 0.005, ground)
    centre = (verts[0::2, :2] + verts[1::2, :2]) / 2.0
    steps = np.linalg.norm(np.diff(centre, axis=0), axis=1)
    assert steps.max() <= MAX_SEGMENT + 1e-6 and len(centre) > 150
    x, y = verts[:, 0].astype(np.float64), verts[:, 1].astype(np.float64)
    assert np.abs(verts[:, 2] - (ground.height_at(x, y) + LIFT)).max() < 1e-6
    assert np.ptp(verts[:, 2]) > 0.002
    flat_verts, flat_tris = ribbon(path, 0.005)
    assert len(flat_verts) == 6 and (flat_verts[:, 2] == np.float32(LIFT)).all()
    assert len(tris) == 3 * (len(verts) - 2)


def test_densify_keeps_the_corners_and_cuts_long_segments():
    pts = np.array([(0.0, 0.0), (0.035, 0.0), (0.035, 0.004)])
    out = densify(pts, 0.01)
    assert out[0].tolist() == [0.0, 0.0] and out[-1].tolist() == [0.035, 0.004]
    assert any(np.allclose(p, (0.035, 0.0)) for p in out)
    assert len(out) == 4 + 1 + 1


def test_bodies_names_and_shadows_lie_on_the_rough_ground():
    from panda3d.core import GeomVertexReader, NodePath

    from game.app.scene.table_scene import BLOB_LIFT, TableScene
    from game.app.scene import chalk_names

    ground = rough()
    scene = TableScene(NodePath("root"), None, LAYOUT, ground=ground)
    try:
        r = LAYOUT.marble_radius
        scene.place({"mars": (0.3, 0.1)})
        h = float(ground.height_at(0.3, 0.1))
        gx, gy = ground.gradient_at(0.3, 0.1)
        assert scene.body_node("mars").getZ(scene.root) == pytest.approx(h, abs=1e-7)
        assert scene.body_position("mars")[2] == pytest.approx(h + r * math.sqrt(1 + gx ** 2 + gy ** 2), abs=1e-7)
        # the contact shadow lies in the slope's plane: its up is the ground's normal
        up = scene.root.getRelativeVector(scene.body_node("mars").find("contact"), (0, 0, 1))
        up.normalize()
        normal = np.array([-gx, -gy, 1.0]) / math.sqrt(1 + gx ** 2 + gy ** 2)
        assert np.dot([up.x, up.y, up.z], normal) == pytest.approx(1.0, abs=1e-6)
        assert scene.body_node("mars").find("contact").getZ(scene.root) == pytest.approx(h + BLOB_LIFT, abs=1e-6)
        # Bullet's pose: the ball's centre where the physics put it, its ground node on the ground under it
        poses = np.array([[-0.2, 0.5, 0.0123, 1.0, 0.0, 0.0, 0.0]])
        scene.update(["mars"], poses)
        assert scene.body_position("mars") == pytest.approx((-0.2, 0.5, 0.0123), abs=1e-6)
        assert scene.body_node("mars").getZ(scene.root) == pytest.approx(float(ground.height_at(-0.2, 0.5)), abs=1e-7)
        # every chalked letter's corner lies its lift above the ground under it
        worst, count = 0.0, 0
        for path in scene.root.findAllMatches("**/chalk-names/**/+GeomNode"):
            for geom in path.node().getGeoms():
                reader = GeomVertexReader(geom.getVertexData(), "vertex")
                while not reader.isAtEnd():
                    v = reader.getData3()
                    worst = max(worst, abs(v.z - chalk_names.LIFT - float(ground.height_at(v.x, v.y))))
                    count += 1
        assert count > 1000 and worst < 1e-6
    finally:
        scene.destroy()


def test_the_slope_view_is_on_only_where_there_are_slopes():
    from panda3d.core import NodePath

    from game.app.scene.table_scene import TableScene

    for ground, shows in ((rough(), True), (None, False)):
        scene = TableScene(NodePath("root"), None, LAYOUT, ground=ground)
        try:
            scene.show_slopes(True)
            relief = scene.relief
            assert (relief[1] == 1.0) is shows
            if shows:  # four contour lines to the ground's rms height: every 0.75 mm on rough earth of 3 mm
                assert relief[2] == pytest.approx(scene.contour_interval) == pytest.approx(0.00075)
            scene.show_slopes(False)
            assert scene.relief[1] == 0.0
        finally:
            scene.destroy()


@pytest.fixture(scope="module")
def tilted_view(offscreen_base):
    from game.app.scene.quality import GraphicsQuality
    from game.app.scene.snapshot import OffscreenTable

    view = OffscreenTable.open(offscreen_base, LAYOUT, (320, 240), GraphicsQuality(shadows=False, msaa=0),
                               ground=tilted(0.15))
    yield view
    view.close()


def test_the_painted_lines_are_drawn_on_the_ground_where_it_rises(tilted_view, project):
    view = tilted_view
    view.scene.show_chalk_names(False)
    view.rig.orbit((0.0, 0.0, 0.0), yaw=0.0, pitch=math.radians(30.0), distance=1.8, snap=True)
    image = view.grab().astype(float) @ np.array([0.299, 0.587, 0.114])
    ground = view.scene.ground_heights
    radius = LAYOUT.line_radii["jupiter"]
    on_ground, on_plane = 0, 0
    for angle in np.radians([-60, -30, 0, 30, 150, 180, 210, 240]):
        x, y = radius * math.cos(angle), radius * math.sin(angle)
        there = project(view.camera, view.buffer, (x, y, float(ground.height_at(x, y))))
        level = project(view.camera, view.buffer, (x, y, 0.0))
        assert there is not None and level is not None and abs(there[1] - level[1]) >= 6
        on_ground += image[there[1] - 1: there[1] + 2, there[0] - 1: there[0] + 2].max() > 175
        on_plane += image[level[1] - 1: level[1] + 2, level[0] - 1: level[0] + 2].max() > 175
    assert on_ground == 8 and on_plane <= 2


def test_the_slope_view_draws_contours_over_rough_ground(offscreen_base):
    from game.app.scene.quality import GraphicsQuality
    from game.app.scene.snapshot import OffscreenTable

    view = OffscreenTable.open(offscreen_base, LAYOUT, (320, 240), GraphicsQuality(shadows=False, msaa=0),
                               ground=rough())
    try:
        view.scene.show_chalk_names(False)
        view.rig.overhead(snap=True)
        plain = view.grab().astype(float)
        view.scene.show_slopes(True)
        slopes = view.grab().astype(float)
    finally:
        view.close()
    dark = (plain - slopes).sum(axis=2) > 120   # a contour line: much darker than the bare earth under it
    assert 0.02 < dark.mean() < 0.35
    blue = slopes[..., 2] - slopes[..., 0] > plain[..., 2] - plain[..., 0] + 20   # hollows tinted blue
    assert blue.mean() > 0.1


def test_the_replay_viewer_draws_the_recorded_ground_and_the_plane_for_a_bad_one():
    from types import SimpleNamespace

    from game.app.replay.viewer import ground_for, table_of
    from game.physics.terrain import Terrain

    def replay(rules):
        return SimpleNamespace(meta=SimpleNamespace(house_rules=rules, layout={}))

    assert ground_for(replay({"ground": "rough", "ground_roughness_mm": 2.0, "ground_seed": 9})) == Terrain.rough(2.0, 9)
    assert ground_for(replay({})) is None                               # an old replay: the smooth plane
    assert ground_for(replay({"ground": "rough", "ground_seed": -4})) is None   # a seed out of bounds
    assert table_of(replay({"ground": "smooth"})) == (LAYOUT, None)


def test_the_hud_says_how_to_show_the_slopes_and_how_to_read_them():
    from game.app.hud.ground_words import ground_line, slope_words
    from game.rules.house import HouseRules

    assert slope_words(False, True, 0.00075, "T") == ""
    assert slope_words(True, False, 0.00075, "T") == "Rough earth: T shows its slopes"
    assert slope_words(True, True, 0.00075, "B") == ("Slopes: a contour line every 0.75 mm of height; blue hollows, amber crests. "
                                                    "B hides them")
    assert ground_line(HouseRules()) == "smooth"
    rough = HouseRules.from_mapping({"ground": "rough", "ground_roughness_mm": 2.5, "ground_seed": 7})
    assert ground_line(rough) == "rough earth, 2.5 mm, seed 7"


def test_the_shooters_eye_keeps_its_height_above_rough_ground():
    from panda3d.core import Camera, NodePath, PerspectiveLens

    from game.app.scene.camera import AIMING_FRAMING, CameraRig

    ground = tilted(0.1)
    rig = CameraRig(NodePath(Camera("cam", PerspectiveLens())), LAYOUT, knuckle_framing=AIMING_FRAMING)
    rig.knuckle((0.5, 0.0), (1.0, 0.0), snap=True)
    level = rig.camera.getPos()
    rig.ground_height = lambda x, y: float(ground.height_at(x, y))
    rig.knuckle((0.5, 0.0), (1.0, 0.0), snap=True)
    eye = rig.camera.getPos()
    assert (eye.x, eye.y) == pytest.approx((level.x, level.y))
    assert eye.z == pytest.approx(AIMING_FRAMING.height + 0.1 * eye.x, abs=1e-6)   # 6 cm above the slope behind the taw


# -- a click in the overhead view meets the slope, not the level under it (#29) -----------------------------

def _ray_from(eye, target, length=40.0):
    d = np.subtract(target, eye)
    return tuple(eye), tuple(np.add(eye, d / np.linalg.norm(d) * length))


@pytest.mark.parametrize("point", [(0.9, 0.2), (-0.6, 0.75), (1.4, -1.1), (0.0, 0.0)])
def test_a_ray_from_above_meets_rough_earth_at_the_point_it_shows(point):
    from game.app.scene.camera import ray_on_ground

    ground = rough(8.0, 25)

    def height(x: float, y: float) -> float:
        return float(ground.height_at(x, y))

    shown = (point[0], point[1], height(*point))   # the point of the slope the eye sees under the pointer
    near, far = _ray_from((0.3, -2.2, 3.4), shown)   # the overhead eye: high, and off to one side
    hit = ray_on_ground(near, far, height)
    assert hit == pytest.approx(point, abs=1e-5)
    level = ray_on_ground(near, far, lambda x, y: 0.0)   # the level plane under it: off by the parallax
    if abs(shown[2]) > 2e-3:
        assert math.dist(level, point) > 1e-3


def test_a_low_ray_meets_the_first_rise_in_its_way_and_a_ray_looking_up_meets_nothing():
    from game.app.scene.camera import ray_on_ground

    ground = tilted(0.1)   # rises 1 cm in every 10 cm along +x

    def height(x: float, y: float) -> float:
        return float(ground.height_at(x, y))

    # Nearly level, 5 cm up and falling 1 mm a metre: it meets the rise where 0.1 x = 0.05 - 0.001 (x + 1).
    hit = ray_on_ground((-1.0, 0.0, 0.05), (9.0, 0.0, 0.04), height)
    assert hit == pytest.approx((0.049 / 0.101, 0.0), abs=1e-5)
    assert ray_on_ground((0.0, 0.0, 0.5), (1.0, 0.0, 0.6), lambda x, y: 0.0) is None
    assert ray_on_ground((0.0, 0.0, 0.5), (0.0, 0.0, -9.5), lambda x, y: 0.0) == pytest.approx((0.0, 0.0), abs=1e-9)
