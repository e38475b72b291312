"""The aiming aid and the preview's paths stay visible at any distance: never thinner than MIN_WIDTH on the screen."""

from __future__ import annotations

import math

import numpy as np
import pytest

from game.app.scene.aim_line import MIN_WIDTH, AimLine
from game.app.scene.quality import GraphicsQuality
from game.app.scene.snapshot import OffscreenTable
from game.rules.layout import Layout
from tests.app.helpers_app import cleared_table

pytestmark = pytest.mark.gui

SIZE = (640, 360)
WIDTH_M = 0.005


@pytest.fixture(scope="module")
def view(offscreen_base):
    v = OffscreenTable.open(offscreen_base, Layout(), SIZE, GraphicsQuality(shadows=False, shadow_map_size=1024, msaa=0))
    cleared_table(v)
    v.scene.aim.clear()
    yield v
    v.close()


def _line_pixels_across(view, distance: float, pitch_deg: float) -> float:
    """How many pixels wide a solid 5 mm line across the view's centre is drawn (summed brightness gain
    down the middle column, in pixels of full strength)."""
    view.rig.orbit((0.0, 0.0, 0.0), yaw=0.0, pitch=math.radians(pitch_deg), distance=distance, snap=True)
    line = AimLine(view.scene.root, view.scene.shaders.aim, width=WIDTH_M, dash=1000.0, duty=1.0,
                   color=(1.0, 1.0, 1.0))
    try:
        bare = view.grab().astype(float).mean(axis=2)
        line.set_path([(-3.0, 0.0), (3.0, 0.0)], strength=1.0)
        line.length = 1e4  # no fade at the far end: only the width is measured
        line.set_strength(1.0)
        drawn = view.grab().astype(float).mean(axis=2)
    finally:
        line.clear()
        line.node.removeNode()
    column = np.clip(drawn - bare, 0.0, None)[:, SIZE[0] // 2]
    return float(column.sum() / max(column.max(), 1.0))


def test_a_far_line_is_drawn_at_least_the_least_width_on_the_screen(view):
    # From 6 m up a 5 mm line would be a quarter of a pixel: it is widened to MIN_WIDTH of the height.
    far = _line_pixels_across(view, 6.0, 89.0)
    assert far == pytest.approx(MIN_WIDTH * SIZE[1], abs=1.0)
    assert far >= 1.5


def test_a_far_line_seen_from_low_keeps_its_least_width_too(view):
    # The knuckle-down eye sees the ground at a few degrees: the ribbon's metric width is foreshortened to nothing.
    # Its edges are laid back on the ground (so the near ground never hides them), which at 3 degrees
    # antialiases them a little: at least half the least width, where the old ribbon drew nothing.
    low = _line_pixels_across(view, 1.5, 3.0)
    assert low >= 0.5 * MIN_WIDTH * SIZE[1]


def test_a_near_line_keeps_its_own_width(view):
    # Close up the line is wider than the least width, and drawn as wide as it is.
    near = _line_pixels_across(view, 0.2, 89.0)
    fov_y = math.radians(view.rig.lens.getFov()[1])
    expected = WIDTH_M / (2 * 0.2 * math.tan(fov_y / 2)) * SIZE[1]
    assert near > MIN_WIDTH * SIZE[1] * 2
    assert near == pytest.approx(expected, rel=0.25)
