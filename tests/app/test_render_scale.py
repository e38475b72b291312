"""The 3D table drawn at a fraction of the window still fills the whole window."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("scale", [0.75, 0.5])
def test_a_scaled_drawing_is_stretched_over_the_whole_window(offscreen_base, grab_frame, scale):
    from panda3d.core import CardMaker

    from game.app.scene.render_scale import RenderScale

    base = offscreen_base
    base.win.setClearColor((0.0, 0.0, 1.0, 1.0))
    card = CardMaker("red-wall")
    card.setFrame(-50, 50, -50, 50)
    wall = base.render.attachNewNode(card.generate())
    wall.setPos(0, 10, 0)
    wall.setColor(1, 0, 0, 1)
    wall.setLightOff()
    base.cam.setPos(0, 0, 0)
    base.cam.setHpr(0, 0, 0)
    scaled = RenderScale(base)
    try:
        scaled.set_scale(scale)
        image = grab_frame(base.win).astype(int)
        height, width, _ = image.shape
        # Every corner shows the red wall: the drawn part of the (perhaps padded) texture covers the window.
        for row, col in ((2, 2), (2, width - 3), (height - 3, 2), (height - 3, width - 3), (height // 2, width // 2)):
            r, g, b = image[row, col]
            assert r > 200 and g < 60 and b < 60, f"pixel {(row, col)} is {(r, g, b)} at scale {scale}"
    finally:
        scaled.destroy()
        wall.removeNode()


def _edge_width(row) -> int:
    """How many pixels a dark-to-light step takes to climb from 10% to 90% of the way."""
    lo, hi = float(row.min()), float(row.max())
    inside = [(v - lo) / (hi - lo) for v in row]
    return sum(1 for v in inside if 0.1 < v < 0.9)


def test_a_half_scale_drawing_is_sharpened_back_and_stays_within_its_neighbours(offscreen_base, grab_frame):
    # A sharp vertical edge, black on the left and white on the right, drawn at half scale: the plain
    # bilinear stretch blurs it over more pixels than the sharpened one, and the sharpening overshoots nowhere.
    from panda3d.core import CardMaker

    from game.app.scene import render_scale
    from game.app.scene.render_scale import RenderScale

    base = offscreen_base
    base.win.setClearColor((0.0, 0.0, 0.0, 1.0))
    card = CardMaker("white-half")
    card.setFrame(0.013, 50, -50, 50)
    wall = base.render.attachNewNode(card.generate())
    wall.setPos(0, 10, 0)
    wall.setColor(1, 1, 1, 1)
    wall.setLightOff()
    base.cam.setPos(0, 0, 0)
    base.cam.setHpr(0, 0, 0)
    widths = {}
    try:
        for amount in (0.0, render_scale.SHARPEN[0.5]):
            scaled = RenderScale(base)
            saved = dict(render_scale.SHARPEN)
            render_scale.SHARPEN[0.5] = amount
            try:
                scaled.set_scale(0.5)
                image = grab_frame(base.win).astype(int)
            finally:
                render_scale.SHARPEN.update(saved)
                scaled.destroy()
            row = image[image.shape[0] // 2, :, 0]  # (the last column may meet a padded texture's edge)
            assert row.min() >= 0 and row.max() <= 255 and row[2:6].max() < 10 and row[-6:-2].min() > 245
            widths[amount] = _edge_width(row)
    finally:
        wall.removeNode()
    plain, sharp = widths[0.0], widths[render_scale.SHARPEN[0.5]]
    assert sharp < plain, widths
