"""The 3D table rendered offscreen: pixels where the rules say paint and marbles are."""

from __future__ import annotations

import math

import numpy as np
import pytest

from game.app.scene.quality import GraphicsQuality
from game.app.scene.snapshot import OffscreenTable, full_table, render_table_png
from game.rules.layout import PLANETS, Layout
from tests.app.helpers_app import cleared_table

pytestmark = pytest.mark.gui

LAYOUT = Layout()
R = LAYOUT.marble_radius
SIZE = (320, 240)


@pytest.fixture(scope="module")
def view(offscreen_base):
    v = OffscreenTable.open(offscreen_base, LAYOUT, SIZE, GraphicsQuality(shadows=True, shadow_map_size=1024, msaa=0))
    yield v
    v.close()


@pytest.fixture
def table(view):
    """The view emptied of bodies, labels and aim line, shadows on, before each test."""
    cleared_table(view)
    view.scene.aim.clear()
    view.scene.set_quality(GraphicsQuality(shadows=True, shadow_map_size=1024, msaa=0))
    return view


def luminance(image: np.ndarray) -> np.ndarray:
    return image.astype(float) @ np.array([0.299, 0.587, 0.114])


def patch(image: np.ndarray, pixel: tuple[int, int], half: int = 1) -> np.ndarray:
    col, row = pixel
    return image[max(row - half, 0): row + half + 1, max(col - half, 0): col + half + 1].reshape(-1, 3).astype(float)


def look_down_at(view: OffscreenTable, x: float, y: float, distance: float = 0.25) -> None:
    view.rig.orbit((x, y, 0.0), yaw=0.0, pitch=math.radians(89.0), distance=distance, snap=True)


def poses_for(points: dict[str, tuple[float, float]], quats: dict[str, tuple] | None = None):
    ids = list(points)
    poses = np.zeros((len(ids), 7))
    for i, body in enumerate(ids):
        poses[i, :3] = (*points[body], R)
        poses[i, 3:] = (quats or {}).get(body, (1.0, 0.0, 0.0, 0.0))
    return ids, poses


def test_every_orbit_line_is_painted_and_the_gaps_between_are_bare(table, project):
    table.rig.overhead(snap=True)
    table.scene.show_chalk_names(False)  # the names lie in the gaps; this is about the lines
    image = luminance(table.grab())
    table.scene.show_chalk_names(True)
    radii = [LAYOUT.line_radii[p] for p in PLANETS]
    gaps = [(a + b) / 2 for a, b in zip(radii, radii[1:])]
    wins = 0
    trials = 0
    for i, radius in enumerate(radii[:-1]):
        for angle in np.linspace(0.0, 2 * math.pi, 12, endpoint=False):
            on = project(table.camera, table.buffer, (radius * math.cos(angle), radius * math.sin(angle), 0.0))
            off = project(table.camera, table.buffer, (gaps[i] * math.cos(angle), gaps[i] * math.sin(angle), 0.0))
            if on is None or off is None:
                continue
            trials += 1
            line = image[on[1] - 1: on[1] + 2, on[0] - 1: on[0] + 2].max()
            bare = image[off[1] - 1: off[1] + 2, off[0] - 1: off[0] + 2].max()
            wins += line > bare + 25
    assert trials >= 60
    assert wins >= 0.9 * trials


def test_saturn_ring_and_inner_ring_are_painted(table, project):
    sx, sy = LAYOUT.saturn_home()
    look_down_at(table, sx, sy, 0.3)
    image = luminance(table.grab())
    ring = LAYOUT.saturn_ring_radius
    on = [project(table.camera, table.buffer, (sx + ring * math.cos(a), sy + ring * math.sin(a), 0.0))
          for a in np.linspace(0, 2 * math.pi, 8, endpoint=False)]
    inside = project(table.camera, table.buffer, (sx + ring * 0.4, sy + ring * 0.3, 0.0))
    bright = [image[p[1] - 1: p[1] + 2, p[0] - 1: p[0] + 2].max() for p in on]
    assert min(bright) > image[inside[1], inside[0]] + 40
    look_down_at(table, 0.0, 0.0, 0.3)
    image = luminance(table.grab())
    edge = project(table.camera, table.buffer, (LAYOUT.inner_ring_radius, 0.0, 0.0))
    centre_gap = project(table.camera, table.buffer, (LAYOUT.inner_ring_radius * 0.5, 0.0, 0.0))
    assert image[edge[1] - 1: edge[1] + 2, edge[0] - 1: edge[0] + 2].max() > image[centre_gap[1], centre_gap[0]] + 40


def test_marbles_show_their_players_colour_where_the_physics_puts_them(table, project):
    spots = {"mars": (0.30, 0.05), "earth": (0.33, 0.05), "earth.taw": (0.30, 0.08), "sun": (0.33, 0.08)}
    look_down_at(table, 0.315, 0.065, 0.2)
    empty = table.grab()
    table.scene.update(*poses_for(spots))
    image = table.grab()
    colours = {}
    for body, (x, y) in spots.items():
        pixel = project(table.camera, table.buffer, (x, y, R))
        assert pixel is not None
        colours[body] = patch(image, pixel, 2).mean(axis=0)
        assert np.abs(colours[body] - patch(empty, pixel, 2).mean(axis=0)).sum() > 40, body
    red, green, blue = colours["mars"]
    assert red > green + 30 and red > blue + 30
    red, green, blue = colours["earth"]
    assert blue > red + 30
    red, green, blue = colours["sun"]
    assert max(red, green, blue) - min(red, green, blue) < 40  # lead is grey


def test_update_moves_bodies_and_hides_those_left_out(table, project):
    look_down_at(table, 0.0, 0.5, 0.2)
    table.scene.update(*poses_for({"venus": (0.0, 0.5)}))
    at_home = project(table.camera, table.buffer, (0.0, 0.5, R))
    moved_to = project(table.camera, table.buffer, (0.03, 0.52, R))
    first = table.grab()
    table.scene.update(*poses_for({"venus": (0.03, 0.52)}))
    second = table.grab()
    assert np.abs(patch(first, at_home, 2) - patch(second, at_home, 2)).sum() > 300
    assert np.abs(patch(first, moved_to, 2) - patch(second, moved_to, 2)).sum() > 300
    table.scene.update([], np.zeros((0, 7)))
    gone = table.grab()
    assert np.abs(patch(gone, moved_to, 2) - patch(second, moved_to, 2)).sum() > 300
    assert table.scene.body_node("venus").isStashed()


def test_a_rolled_marble_shows_its_swirl_turned(table, project):
    look_down_at(table, 0.2, 0.2, 0.12)
    pixel = project(table.camera, table.buffer, (0.2, 0.2, R))
    table.scene.update(*poses_for({"jupiter": (0.2, 0.2)}))
    upright = patch(table.grab(), pixel, 6)
    half = math.sqrt(0.5)
    table.scene.update(*poses_for({"jupiter": (0.2, 0.2)}, {"jupiter": (half, half, 0.0, 0.0)}))
    rolled = patch(table.grab(), pixel, 6)
    assert np.abs(upright - rolled).mean() > 8


def test_shadows_darken_the_ground_on_the_side_away_from_the_sun(table, project):
    x, y = 0.1, -0.3
    look_down_at(table, x, y, 0.15)
    table.scene.update(*poses_for({"mercury": (x, y)}))
    sun = np.array(table.scene.sun_direction)
    away = -sun[:2] / np.linalg.norm(sun[:2])
    shade_pt = project(table.camera, table.buffer, (x + away[0] * 2.3 * R, y + away[1] * 2.3 * R, 0.0))
    lit_pt = project(table.camera, table.buffer, (x - away[0] * 2.3 * R, y - away[1] * 2.3 * R, 0.0))
    with_shadow = luminance(table.grab())
    table.scene.set_quality(GraphicsQuality(shadows=False, shadow_map_size=1024, msaa=0))
    without = luminance(table.grab())
    shaded = with_shadow[shade_pt[1], shade_pt[0]]
    assert shaded < 0.8 * without[shade_pt[1], shade_pt[0]]
    assert with_shadow[lit_pt[1], lit_pt[0]] == pytest.approx(without[lit_pt[1], lit_pt[0]], rel=0.05)


def test_quality_switches_the_shadow_map_and_multisampling(table, offscreen_base):
    def shadow_buffers():
        return [w for w in offscreen_base.graphicsEngine.getWindows() if w.getName() == "sun"]

    table.scene.set_quality(GraphicsQuality(shadows=True, shadow_map_size=512, msaa=0))
    table.grab()
    assert table.scene.shadows_live
    assert any(w.getXSize() == 512 for w in shadow_buffers())
    table.scene.set_quality(GraphicsQuality(shadows=False, shadow_map_size=512, msaa=0))
    assert not table.scene.shadows_live
    # MSAA is the buffer's: a ball's silhouette is smoothed only where it was asked for
    images = {}
    for msaa in (0, 4):
        other = OffscreenTable.open(offscreen_base, LAYOUT, (160, 120), GraphicsQuality(shadows=False, shadow_map_size=512, msaa=msaa))
        try:
            assert other.buffer.getFbProperties().getMultisamples() == msaa
            other.scene.place({"sun": (0.0, 0.0)})
            other.rig.orbit((0.0, 0.0, 0.0), yaw=0.0, pitch=math.radians(20), distance=0.06, snap=True)
            images[msaa] = other.grab().astype(int)
        finally:
            other.close()
    edge_changes = (np.abs(images[0] - images[4]).sum(axis=2) > 30).sum()
    assert 10 < edge_changes < 0.05 * images[0].shape[0] * images[0].shape[1]


def test_orbit_names_appear_only_on_demand(table):
    table.rig.overhead(snap=True)
    plain = table.grab()
    table.scene.show_labels(True)
    labelled = table.grab()
    assert table.scene.labels_visible
    changed = np.abs(plain.astype(int) - labelled).sum(axis=2) > 30
    assert changed.sum() > 50
    table.scene.show_labels(False)
    assert np.array_equal(table.grab(), plain)


def test_aim_line_is_drawn_along_the_path_with_its_strength(table, project):
    look_down_at(table, 0.0, -0.55, 0.25)  # bare earth between Mars's name and Jupiter's line
    bare = luminance(table.grab())
    path = [(-0.06, -0.57), (0.0, -0.55), (0.06, -0.52)]
    table.scene.aim.set_path(path, strength=1.0)
    strong = luminance(table.grab())
    table.scene.aim.set_strength(0.0)
    none = luminance(table.grab())
    samples = [project(table.camera, table.buffer, (-0.06 + 0.12 * t, -0.57 + 0.05 * t if t < 0.5 else -0.55 + 0.06 * (t - 0.5), 0.0))
               for t in np.linspace(0.05, 0.45, 30)]
    gain = [strong[r - 1: r + 2, c - 1: c + 2].max() - bare[r - 1: r + 2, c - 1: c + 2].max() for c, r in samples]
    assert sum(g > 30 for g in gain) >= 8  # dashes, not a solid line, so not every sample
    assert np.abs(none - bare).max() < 2


def test_render_table_png_writes_the_picture(tmp_path, offscreen_base):
    from panda3d.core import Filename, PNMImage

    target = tmp_path / "overhead.png"
    image = render_table_png(target, LAYOUT, full_table(LAYOUT), camera="overhead", size=(160, 90),
                             quality=GraphicsQuality(shadows=False, shadow_map_size=512, msaa=0), base=offscreen_base)
    assert image.shape == (90, 160, 3)
    png = PNMImage()
    assert png.read(Filename.fromOsSpecific(str(target)))
    assert (png.getXSize(), png.getYSize()) == (160, 90)
    # top-left pixel of the file equals the top-left of the returned (top-down) image
    assert [round(png.getXel(0, 0)[i] * 255) for i in range(3)] == list(image[0, 0])


def test_every_scene_shader_compiles_on_this_driver(offscreen_base):
    from game.app.scene.snapshot import shader_check

    assert shader_check(offscreen_base) == []
