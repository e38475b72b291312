"""Body markers: readable from the overhead view, absent from the knuckle-down view.

Rendered offscreen at the game's 1280x720, so the markers' on-screen size is
the one players see.  Most checks compare a frame with markers on against the
same frame with them switched off, so the ground's texture cancels out.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from game.app.scene.markers import style_for
from game.app.scene.palette import PLANET_COLORS
from game.app.scene.quality import GraphicsQuality
from game.app.scene.snapshot import OffscreenTable
from game.app.scene.table_scene import TableScene
from game.app.scene.table_view import OVERHEAD_TILT
from game.rules.layout import PLANETS, SUN, Layout, body_planet
from tests.app.helpers_app import cleared_table

pytestmark = pytest.mark.gui

LAYOUT = Layout()
R = LAYOUT.marble_radius
SIZE = (1280, 720)
PLACES = {
    "earth.1": (0.30, -0.20),
    "mars.1": (-0.40, 0.25),
    "venus.taw": (0.10, 0.22),
    SUN: (0.0, 0.0),
}


@pytest.fixture(scope="module")
def view(offscreen_base):
    v = OffscreenTable.open(offscreen_base, LAYOUT, SIZE, GraphicsQuality(shadows=False, msaa=0))
    yield v
    v.close()


@pytest.fixture
def table(view):
    """The view holding exactly PLACES, markers on (their signs off: test_scene_signs.py), nobody's taw emphasised."""
    cleared_table(view)
    view.scene.show_markers(True)
    view.scene.markers.set_signs(False)
    view.scene.set_own_taw(None)
    view.scene.place(PLACES)
    return view


def overhead(view: OffscreenTable) -> None:
    view.rig.overhead(tilt=OVERHEAD_TILT, snap=True)


def pair(view: OffscreenTable) -> tuple[np.ndarray, np.ndarray]:
    """The frame with markers, and the same frame without."""
    view.scene.show_markers(True)
    on = view.grab().astype(float)
    view.scene.show_markers(False)
    off = view.grab().astype(float)
    view.scene.show_markers(True)
    return on, off


def around(view: OffscreenTable, project, centre: tuple[float, float], radius: float, n: int = 12) -> list[tuple[int, int]]:
    """Pixels where a circle of ``radius`` metres round a ground point lands."""
    pixels = []
    for a in np.linspace(0.0, 2 * math.pi, n, endpoint=False):
        p = project(view.camera, view.buffer, (centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a), 0.0))
        if p is not None:
            pixels.append(p)
    return pixels


def mean_at(image: np.ndarray, pixels) -> np.ndarray:
    return np.mean([image[row, col] for col, row in pixels], axis=0)


def marker_alpha(on: np.ndarray, off: np.ndarray, pixels, colour) -> float:
    """How much of ``colour`` is laid over the bare frame at these pixels (0 none, 1 opaque)."""
    target = np.array(colour) * 255.0
    total = 0.0
    for col, row in pixels:
        base = off[row, col]
        span = target - base
        total += float(np.dot(on[row, col] - base, span) / max(np.dot(span, span), 1.0))
    return total / len(pixels)


def nearest_planet(colour: np.ndarray) -> str:
    return min(PLANETS, key=lambda p: float(np.linalg.norm(np.array(PLANET_COLORS[p]) * 255.0 - colour)))


def changed_width(on: np.ndarray, off: np.ndarray, centre_px: tuple[int, int]) -> int:
    """Columns changed by the marker on the row through a body's centre."""
    col, row = centre_px
    diff = np.abs(on[row, col - 30: col + 31] - off[row, col - 30: col + 31]).sum(axis=1) > 30
    hits = np.nonzero(diff)[0]
    return int(hits[-1] - hits[0] + 1) if hits.size else 0


def test_styles_tell_taws_from_marbles_and_the_sun_from_everything():
    sun = style_for(SUN)
    assert sun.hole > 0 and sun.size > max(style_for(b).size for b in ("earth", "earth.1", "earth.taw"))
    for planet in PLANETS:
        assert style_for(f"{planet}.taw").hole > 0
        assert style_for(planet).hole == 0 and style_for(f"{planet}.1").hole == 0
        assert style_for(planet).color == PLANET_COLORS[planet] == style_for(f"{planet}.taw").color
    own, other = style_for("earth.taw", own=True), style_for("earth.taw")
    assert own.size > other.size and own.rim != other.rim


def test_overhead_rings_each_ball_in_its_planets_colour_and_knuckle_down_shows_none(table, project):
    overhead(table)
    on, off = pair(table)
    for body in ("earth.1", "mars.1", "venus.taw"):
        planet = body_planet(body)
        # between the ball's edge and the marker's: a satellite's disc, a taw's ring
        radius = 2.6 * R if body.endswith(".taw") else 1.3 * R
        ring = around(table, project, PLACES[body], radius)
        assert len(ring) == 12
        assert nearest_planet(mean_at(on, ring)) == planet, body
        assert marker_alpha(on, off, ring, PLANET_COLORS[planet]) > 0.6, body
        # the ball itself is drawn over its marker, never under it
        col, row = project(table.camera, table.buffer, (*PLACES[body], R))
        assert np.abs(on[row - 1: row + 2, col - 1: col + 2] - off[row - 1: row + 2, col - 1: col + 2]).max() <= 2.0
    gold = style_for(SUN).color
    # the Sun's ring lies wider than any marble's marker; a pixel either way of its middle
    assert max(marker_alpha(on, off, around(table, project, PLACES[SUN], k * R), gold) for k in (3.6, 3.8)) > 0.6
    assert abs(marker_alpha(on, off, around(table, project, PLACES[SUN], 1.5 * R), gold)) < 0.05  # its hole

    x, y = PLACES["earth.1"]
    table.rig.knuckle((x, y - 0.15), (0.0, 1.0), snap=True)
    on, off = pair(table)
    assert np.abs(on - off).max() <= 2.0  # faded out: not a pixel changed


def test_markers_read_at_sixteen_to_twenty_two_pixels_overhead(table, project):
    overhead(table)
    on, off = pair(table)
    width = changed_width(on, off, project(table.camera, table.buffer, (*PLACES["earth.1"], 0.0)))
    assert 16 <= width <= 22
    sun = changed_width(on, off, project(table.camera, table.buffer, (*PLACES[SUN], 0.0)))
    assert sun > width + 4  # the Sun's ring stands out


def test_markers_fade_in_as_the_camera_rises(table, project):
    x, y = PLACES["earth.1"]
    alphas = []
    for height in (0.25, 0.8, 3.0):
        table.rig.orbit((x, y, 0.0), yaw=0.0, pitch=math.radians(89.0), distance=height, snap=True)
        on, off = pair(table)
        ring = around(table, project, (x, y), 1.3 * R)
        alphas.append(marker_alpha(on, off, ring, PLANET_COLORS["earth"]))
    low, middle, high = alphas
    assert abs(low) < 0.02  # a close-up: nothing
    assert high > 0.6
    assert 0.15 * high < middle < 0.85 * high


def test_a_shallow_high_view_shows_no_markers(table):
    # the title screen circles two metres out, looking down at 25 degrees
    table.rig.orbit((0.0, 0.0, 0.0), yaw=0.4, pitch=math.radians(25.0), distance=2.1, snap=True)
    on, off = pair(table)
    assert np.abs(on - off).max() <= 2.0


def test_a_marker_follows_its_body_through_update(table, project):
    overhead(table)
    ids = list(PLACES)
    poses = np.zeros((len(ids), 7))
    poses[:, 3] = 1.0
    for i, body in enumerate(ids):
        poses[i, :3] = (*PLACES[body], R)
    moved = (-0.25, -0.45)
    poses[ids.index("earth.1"), :2] = moved
    table.scene.update(ids, poses)
    on, off = pair(table)
    new_ring = around(table, project, moved, 1.25 * R)
    old_ring = around(table, project, PLACES["earth.1"], 1.25 * R)
    assert marker_alpha(on, off, new_ring, PLANET_COLORS["earth"]) > 0.6
    assert abs(marker_alpha(on, off, old_ring, PLANET_COLORS["earth"])) < 0.05
    pos = table.scene.markers.marker("earth.1").getPos(table.scene.root)
    assert (pos.x, pos.y) == pytest.approx(moved, abs=1e-6)


def test_own_taw_is_emphasised(table, project):
    overhead(table)
    centre = project(table.camera, table.buffer, (*PLACES["venus.taw"], 0.0))
    on, off = pair(table)
    plain = changed_width(on, off, centre)
    table.scene.set_own_taw("venus.taw")
    on, off = pair(table)
    assert changed_width(on, off, centre) > plain + 2


def test_markers_come_and_go_with_their_bodies(offscreen_base):
    from panda3d.core import NodePath

    root = NodePath("marker-test-root")
    scene = TableScene(root, offscreen_base.loader, LAYOUT, ["earth.1", "mars.1"])
    try:
        assert len(root.findAllMatches("**/marker-*")) == 2
        scene.remove_body("earth.1")
        assert [m.getName() for m in root.findAllMatches("**/marker-*")] == ["marker-mars.1"]
        scene.show_only({"venus": (0.1, 0.2)})  # mars.1 leaves the ground: its marker with it
        assert [m.getName() for m in root.findAllMatches("**/marker-*")] == ["marker-venus"]
        ids = ["jupiter.2"]
        scene.update(ids, np.array([[0.5, 0.1, R, 1.0, 0.0, 0.0, 0.0]]))  # unknown ids are added
        assert [m.getName() for m in root.findAllMatches("**/marker-*")] == ["marker-jupiter.2"]
        assert sorted(scene.markers.body_ids()) == ["jupiter.2", "mars.1", "venus"]
    finally:
        scene.destroy()
    assert root.findAllMatches("**/marker-*").getNumPaths() == 0
    assert root.findAllMatches("**/+GeomNode").getNumPaths() == 0
    assert scene.markers.body_ids() == []
    root.removeNode()


def test_the_markers_setting_round_trips_and_a_bad_value_warns(tmp_path):
    from game.app.settings import Settings, SettingsWarning, load_settings, save_settings, settings_from_dict

    path = tmp_path / "settings.json"
    save_settings(Settings(markers=False), path)
    assert load_settings(path).markers is False
    assert Settings().markers is True
    with pytest.warns(SettingsWarning, match="markers must be true or false"):
        assert settings_from_dict({"markers": "yes"}).markers is True
