"""Where the AI lays its taw at the setup, before the game's first shot.

Every taw is laid before anyone shoots and can be struck from then on, so a
good spot is one the AI can shoot at the Sun from, with the straight path
clear, and far from the other taws (whose shots may knock it about, even
into the inner ring).  A few dozen spots along the AI's own line are scored
on those two counts; pure geometry, instant, no planning.
"""

from __future__ import annotations

import math
from typing import Mapping

from game.match.players import MatchView, TawPlacement
from game.rules.layout import SUN, Layout, Point, is_taw


STEP_DEG = 7.5


def _segment_gap(a: Point, b: Point, p: Point) -> float:
    """The distance from ``p`` to the segment ``a``-``b``."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.dist(p, (ax + t * dx, ay + t * dy))


def spot_score(layout: Layout, spot: Point, bodies: Mapping[str, Point], taw: str) -> float:
    """Higher is better: the path to the Sun clear (capped at a few marbles) and the other taws far away."""
    sun = bodies.get(SUN, (0.0, 0.0))
    others = {b: p for b, p in bodies.items() if b not in (taw, SUN)}
    reach = 4 * layout.marble_radius
    clear = min((_segment_gap(spot, sun, p) for p in others.values()), default=reach)
    if min((math.dist(spot, p) for p in others.values()), default=1.0) < 2.2 * layout.marble_radius:
        return -math.inf  # no room: the match would nudge it elsewhere
    rivals = [math.dist(spot, p) for b, p in others.items() if is_taw(b)]
    return min(clear, reach) / reach + min(rivals, default=1.0)


def choose_setup_spot(view: MatchView) -> TawPlacement:
    """The best-scoring spot on the shooter's own line (ties: the smaller angle)."""
    planet = view.shooter
    best = max((spot_score(view.layout, view.layout.home_on_line(planet, a), view.positions, view.taw), -a)
               for a in (i * STEP_DEG for i in range(int(360 / STEP_DEG))))
    return TawPlacement(planet, -best[1])
