"""The ghost ball: a translucent taw drawn where the taw will touch the first ball it hits.

It is the mark a pool player reads: the shot preview's own path (Bullet's,
``game.coach.preview``) is followed until the taw first comes to touch a
ball where it lay before the shot (``touch_on_path``; a ball already
resting against the taw is pushed off at once, and is passed over), and
the ghost sits there.  It lies under the
preview's drawing, so it dims with it while the aim moves and hides with
it.  ``touch_on_path`` is pure; ``GhostBall`` draws it.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Mapping, Sequence

from game.coach.preview import Preview

from game.rules.layout import Point

GHOST_ALPHA = 0.65


def touch_on_path(path: Sequence[Point], bodies: Mapping[str, tuple[Point, float]], taw_radius: float,
                  gap: float = 5e-4) -> Point | None:
    """The first point along the taw's ``path`` where it touches one of ``bodies`` (centre, radius) where it lay
    before the shot, the crossing found exactly on the path's segment; None if it never does.

    A body already touching the taw where it starts (within ``gap``) is passed over: it is pushed off at
    once, and the mark a player wants is the ball the taw runs into.
    """
    if not path:
        return None
    start = path[0]
    reach = {b: r + taw_radius for b, (c, r) in bodies.items() if math.dist(c, start) > r + taw_radius + gap}
    for a, b in zip(path, path[1:]):
        best = None
        for body, limit in reach.items():
            t = _enter(a, b, bodies[body][0], limit)
            if t is not None and (best is None or t < best):
                best = t
        if best is not None:
            return a[0] + best * (b[0] - a[0]), a[1] + best * (b[1] - a[1])
    return None


def _enter(a: Point, b: Point, centre: Point, limit: float) -> float | None:
    """Where (0..1) the segment from ``a`` to ``b`` first comes within ``limit`` of ``centre``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = a[0] - centre[0], a[1] - centre[1]
    qa, qb, qc = dx * dx + dy * dy, 2.0 * (fx * dx + fy * dy), fx * fx + fy * fy - limit * limit
    if qc <= 0.0:
        return 0.0
    disc = qb * qb - 4.0 * qa * qc
    if qa <= 0.0 or disc < 0.0:
        return None
    t = (-qb - math.sqrt(disc)) / (2.0 * qa)
    return t if 0.0 <= t <= 1.0 else None


def ghost_of(preview: Preview, radius_of: Callable[[str], float]) -> Point | None:
    """Where the preview's taw touches the first ball it runs into (each body where it lay before the shot);
    None when it strikes nothing."""
    if preview.first_hit is None:
        return None
    taw = f"{preview.shooter}.taw"
    starts = {b: (preview.paths[b][0] if b in preview.paths else at) for b, at in preview.rest.items() if b != taw}
    bodies = {b: (c, radius_of(b)) for b, c in starts.items()}
    return touch_on_path(preview.paths.get(taw, ()), bodies, radius_of(taw))


class GhostBall:
    """A translucent copy of the shooter's taw, under ``parent`` (the preview's drawing)."""

    def __init__(self, scene: Any, parent: Any, taw: str) -> None:
        from panda3d.core import TransparencyAttrib

        self.scene = scene
        self.taw = taw
        self.node = parent.attachNewNode("ghost-ball")
        self.ball = scene.ball_like(taw, self.node, "ghost")
        self.node.setTransparency(TransparencyAttrib.MAlpha)
        self.node.setAlphaScale(GHOST_ALPHA)
        self.node.setDepthWrite(False)
        self.node.setBin("transparent", 5)
        self.ball.hide(scene._shadow_mask)  # a ghost throws no shadow
        self.at: Point | None = None
        self.node.hide()

    def show_at(self, point: Point | None) -> None:
        """The ghost at ground point ``point`` (None: no contact, no ghost)."""
        self.at = point
        if point is None:
            self.node.hide()
            return
        radius = self.scene.layout.marble_radius
        x, y = point
        self.node.setPos(x, y, self.scene.centre_height(radius, x, y))
        self.node.show()

    @property
    def shown(self) -> bool:
        return self.at is not None and not self.node.isHidden()
