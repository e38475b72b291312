"""The ground between shots: where bodies rest, and where a taw may be laid down.

Pure geometry over the layout.  The match keeps the table as a plain
``{body id: (x, y)}`` map of resting bodies and builds a fresh physics world
from it for every shot, so a shot is a function of the resting table and the
shot alone: an AI planning world built from the same map plays out the same.
"""

from __future__ import annotations

import math
from typing import Mapping

from game.rules.layout import SUN, Layout, Point


# A laid-down taw keeps this gap to every other body, so the physics does not
# start with two marbles touching (which would register as a contact).
PLACEMENT_CLEARANCE = 0.001


def body_radius(layout: Layout, body: str) -> float:
    return layout.sun_radius if body == SUN else layout.marble_radius


def spot_is_free(layout: Layout, positions: Mapping[str, Point], body: str, spot: Point,
                 clearance: float = PLACEMENT_CLEARANCE) -> bool:
    r = body_radius(layout, body)
    if math.hypot(*spot) + r > layout.play_radius:
        return False
    for other, where in positions.items():
        if other == body:
            continue
        if math.dist(spot, where) < r + body_radius(layout, other) + clearance:
            return False
    return True


def free_spot_on_line(layout: Layout, positions: Mapping[str, Point], body: str, orbit: str,
                      angle: float, step_deg: float = 0.25) -> tuple[float, Point]:
    """The free spot on ``orbit``'s line nearest to ``angle``.

    A player asking for a spot that another marble covers gets the closest
    free one along the line, searching both ways, so a placement never fails
    on a crowded line (a line always has free room: it is metres long).
    """
    for k in range(int(180 / step_deg) + 1):
        for sign in ((1,) if k == 0 else (1, -1)):
            a = (angle + sign * k * step_deg) % 360.0
            spot = layout.home_on_line(orbit, a)
            if spot_is_free(layout, positions, body, spot):
                return a, spot
    raise ValueError(f"no free spot on the {orbit} line")


def free_spot_near(layout: Layout, positions: Mapping[str, Point], body: str, spot: Point) -> Point:
    """The free point nearest ``spot`` on rings around it: where a replaced planet goes.

    Rule 10 puts a replacement marble "in its original place"; if a marble
    already lies there, the nearest free point is the honest reading.
    """
    if spot_is_free(layout, positions, body, spot):
        return spot
    step = body_radius(layout, body)
    for ring in range(1, 200):
        radius = ring * step * 0.5
        count = max(8, int(2 * math.pi * radius / (step * 0.5)))
        for i in range(count):
            a = 2 * math.pi * i / count
            candidate = (spot[0] + radius * math.cos(a), spot[1] + radius * math.sin(a))
            if spot_is_free(layout, positions, body, candidate):
                return candidate
    raise ValueError(f"no free spot near {spot}")
