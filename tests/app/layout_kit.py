"""Boxes of 2-D widgets in window units (render2d: -1..1 across the window each way), for layout tests."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from panda3d.core import Point3

Box = tuple[float, float, float, float]  # left, right, bottom, top

WINDOW: Box = (-1.0, 1.0, -1.0, 1.0)


def corners(app, node, left, right, bottom, top) -> Box:
    low = app.render2d.getRelativePoint(node, Point3(left, 0, bottom))
    high = app.render2d.getRelativePoint(node, Point3(right, 0, top))
    return low[0], high[0], low[2], high[2]


def frame_box(node, app) -> Box:
    """A frame's or a button's box."""
    return corners(app, node, *node["frameSize"])


def words_box(label, app) -> Box:
    """A label's text's box (its frame is sized to the text)."""
    label.resetFrameSize()
    return corners(app, label, *label.guiItem.getFrame())


def inside(inner: Box, outer: Box, slack: float = 1e-3) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] <= outer[1] + slack
            and inner[2] >= outer[2] - slack and inner[3] <= outer[3] + slack)


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


def apart(a: Box, b: Box, gap: float = 0.02) -> bool:
    """Not overlapping, with at least ``gap`` between them (0.02: a hundredth of the window's height): two
    lines of words that all but touch (a headline's capitals under another line's descenders) read as one."""
    return not overlap((a[0] - gap, a[1] + gap, a[2] - gap, a[3] + gap), b)


@contextmanager
def undrawn(app) -> Iterator[None]:
    """The frames stepped in the block are not drawn (every output of the engine inactive): the way to the
    screen a layout test measures.  Its boxes come from the scene graph, not the pixels, and the test draws a
    frame or two after the block before it measures, so only the drawing of the frames on the way is saved
    (in software GL a 1280x720 frame costs ~110 ms to draw)."""
    engine = app.graphicsEngine
    outputs = [engine.getWindow(i) for i in range(engine.getNumWindows())]
    drawn = [output for output in outputs if output.isActive()]
    for output in drawn:
        output.setActive(False)
    try:
        yield
    finally:
        for output in drawn:
            output.setActive(True)
