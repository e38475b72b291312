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
