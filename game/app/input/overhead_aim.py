"""Aiming from above by pointing, as pool games aim from their top view.

A click on a ball aims a full hit at it (the taw's line through the ball's
centre), and a click on open ground aims at that point.  Held down, the
button turns the aim by the angle the pointer sweeps round the taw: one to
one, so the aim keeps pointing at the pointer, or a tenth of it with the fine
key, a vernier that chooses a thin cut on a ball a metre away.  A hand's
wobble of a few pixels after the click is not a sweep, so a full hit stays
full.  Pure geometry and state, no Panda3D.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Mapping

from game.rules.layout import Point

PICK_SLACK_PX = 4.0   # a click this many pixels outside a ball's disc still picks it
DRAG_DEAD_PX = 3.0    # the pointer must leave the press this far before the sweep turns the aim


def ball_under(point: Point, bodies: Mapping[str, tuple[Point, float]], slack: float,
               ignore: Iterable[str] = ()) -> str | None:
    """The ball whose disc, widened by ``slack`` metres, holds ``point``: the nearest centre when several do."""
    skip = set(ignore)
    best: tuple[float, str] | None = None
    for body, ((cx, cy), radius) in bodies.items():
        gap = math.hypot(point[0] - cx, point[1] - cy)
        if body not in skip and gap <= radius + slack and (best is None or gap < best[0]):
            best = (gap, body)
    return None if best is None else best[1]


def bearing(origin: Point, point: Point) -> float:
    """Degrees counter-clockwise from +x of the line from ``origin`` to ``point``, 0..360."""
    return math.degrees(math.atan2(point[1] - origin[1], point[0] - origin[0])) % 360.0


def turn_between(before: float, after: float) -> float:
    """The signed turn (degrees, -180..180) from the bearing ``before`` to ``after``: the short way round."""
    return (after - before + 180.0) % 360.0 - 180.0


@dataclass
class RoundSweep:
    """The button held in the overhead view: how far the aim turns as the pointer goes round the taw."""

    dead_px: float = DRAG_DEAD_PX
    pressed_px: Point | None = None
    last_bearing: float | None = None
    sweeping: bool = False

    def press(self, pixel: Point, bearing_deg: float) -> None:
        self.pressed_px, self.last_bearing, self.sweeping = pixel, bearing_deg, False

    def move(self, pixel: Point, bearing_deg: float, scale: float) -> float:
        """Degrees to turn the aim by: the pointer's bearing round the taw swept since the last move, times
        ``scale`` (1, or the fine key's tenth); nothing while it is within ``dead_px`` of the press."""
        if self.pressed_px is None or self.last_bearing is None:
            return 0.0
        if not self.sweeping:
            if math.dist(pixel, self.pressed_px) < self.dead_px:
                return 0.0
            self.sweeping = True
        turned = turn_between(self.last_bearing, bearing_deg) * scale
        self.last_bearing = bearing_deg
        return turned

    def release(self) -> None:
        self.pressed_px, self.last_bearing, self.sweeping = None, None, False

    @property
    def held(self) -> bool:
        return self.pressed_px is not None
