"""The overhead view's zoom: the wheel brings the eye down towards the ground point under the pointer.

Moving the eye (and the point it looks at) towards a ground point P by a
factor f, with the view's direction kept, draws the ground f times larger
about P: P stays under the pointer, as a map zooms.  Successive zooms
compose into one map of the whole-ground pose, ``x -> offset + x / factor``,
so the view never drifts and a factor of 1 is the whole ground exactly.
Pure arithmetic, no Panda3D.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Vec3T = tuple[float, float, float]

WHEEL_FACTOR = 1.25        # one notch of the wheel
MARBLE_PX_AT_MOST = 40.0   # the closest zoom draws a marble this many pixels across (the window's height)


def most_zoom(distance: float, fov_y_deg: float, marble_diameter: float, pixels_high: int,
              marble_px: float = MARBLE_PX_AT_MOST) -> float:
    """The zoom factor at which a marble at ``distance`` metres (the whole-ground eye's) is ``marble_px``
    pixels across in a window ``pixels_high`` tall with a vertical field of ``fov_y_deg``; at least 1."""
    span = 2.0 * distance * math.tan(math.radians(fov_y_deg) / 2.0)  # metres of ground the height shows
    return max(1.0, marble_px * span / (marble_diameter * max(pixels_high, 1)))


@dataclass
class OverheadZoom:
    """How far the overhead eye has come down, and towards where."""

    factor: float = 1.0
    offset: Vec3T = (0.0, 0.0, 0.0)

    def apply(self, point: Vec3T) -> Vec3T:
        """Where a point of the whole-ground pose (the eye, or what it looks at) lies once zoomed."""
        (ox, oy, oz), (px, py, pz) = self.offset, point
        return (ox + px / self.factor, oy + py / self.factor, oz + pz / self.factor)

    def zoom_by(self, step: float, about: Vec3T, most: float) -> None:
        """Zoom by ``step`` (above 1 in, below 1 out) about the world point ``about``, the factor kept in
        1..``most``; back at 1 the view is the whole ground again."""
        factor = min(max(self.factor * step, 1.0), max(most, 1.0))
        if factor <= 1.0 + 1e-9:
            self.reset()
            return
        step = factor / self.factor
        (ax, ay, az), (ox, oy, oz) = about, self.offset
        self.offset = (ax + (ox - ax) / step, ay + (oy - ay) / step, az + (oz - az) / step)
        self.factor = factor

    def reset(self) -> None:
        self.factor, self.offset = 1.0, (0.0, 0.0, 0.0)

    @property
    def zoomed(self) -> bool:
        return self.factor > 1.0
