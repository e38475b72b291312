"""Rendering without a display: the PRC, an offscreen ShowBase, frame grabs.

Tests, ``render_table_png`` and the frame benchmark all need the same few
things: Panda3D configured for the headless EGL pipe with a GLSL 330 context,
one ShowBase per process, and a frame read back as a numpy image.

Images returned here are top-down (row 0 is the top of the picture, as in a
PNG): Panda hands rows over bottom-up and ``grab`` flips them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # pragma: no cover
    from direct.showbase.ShowBase import ShowBase
    from panda3d.core import GraphicsOutput, NodePath

# See /work/shared/reference/panda3d-bullet-facts.md, "Rendering without a display".
OFFSCREEN_PRC = """
load-display p3headlessgl
window-type offscreen
audio-library-name null
notify-level-device fatal
print-pipe-types false
notify-level-egldisplay error
gl-version 3 2
sync-video false
"""


def load_offscreen_prc(size: tuple[int, int] = (320, 240), msaa: int = 0) -> None:
    """Set the PRC an offscreen ShowBase needs; call before ShowBase()."""
    from panda3d.core import loadPrcFileData

    from game.app.paths import guard_model_cache

    guard_model_cache()   # a full disk must not crash the drawing (game.app.paths)
    lines = OFFSCREEN_PRC + f"win-size {size[0]} {size[1]}\n"
    if msaa:
        lines += f"framebuffer-multisample 1\nmultisamples {msaa}\n"
    else:
        lines += "framebuffer-multisample 0\nmultisamples 0\n"
    loadPrcFileData("taw-offscreen", lines)


def make_offscreen_base(size: tuple[int, int] = (320, 240), msaa: int = 0) -> "ShowBase":
    """A ShowBase rendering into an offscreen buffer; the caller destroys it."""
    from direct.showbase.ShowBase import ShowBase

    load_offscreen_prc(size, msaa)
    return ShowBase(windowType="offscreen")


def grab(output: "GraphicsOutput", base: "ShowBase | None" = None, render: bool = True) -> np.ndarray:
    """Render one frame (unless ``render`` is False) and return it as uint8 RGB, top row first."""
    if render:
        engine = output.getEngine()
        # three frames: a shadow buffer is made lazily during the first frame a
        # shadow-casting light is drawn, and the picture is complete after that
        for _ in range(3):
            engine.renderFrame()
    tex = output.getScreenshot()
    if tex is None:
        raise RuntimeError("the offscreen output returned no screenshot")
    data = tex.getRamImageAs("RGB")
    image = np.frombuffer(bytes(data), dtype=np.uint8).reshape(tex.getYSize(), tex.getXSize(), 3)
    return image[::-1].copy()


def project_to_pixel(camera: "NodePath", output: "GraphicsOutput", point: tuple[float, float, float]) -> tuple[int, int] | None:
    """Where a world point lands in a grabbed image, as (column, row) top-down; None if off screen."""
    from panda3d.core import Point2, Point3

    lens = camera.node().getLens()
    local = camera.getRelativePoint(camera.getTop(), Point3(*point))
    film = Point2()
    if not lens.project(local, film):
        return None
    width, height = output.getXSize(), output.getYSize()
    col = int(round((film.x + 1.0) * 0.5 * width - 0.5))
    row = int(round((1.0 - film.y) * 0.5 * height - 0.5))
    if not (0 <= col < width and 0 <= row < height):
        return None
    return col, row
