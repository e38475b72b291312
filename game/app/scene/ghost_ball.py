"""The ghost ball: a translucent taw drawn where the taw will touch the first ball it hits.

It is the mark a pool player reads: the shot preview's own path (Bullet's,
``game.coach.preview``) says when the taw first strikes a body, and the
ghost sits where the taw's centre was at that moment.  It lies under the
preview's drawing, so it dims with it while the aim moves and hides with
it.  ``ghost_point`` is pure; ``GhostBall`` draws it.
"""

from __future__ import annotations

from typing import Any, Sequence

from game.coach.preview import Preview

Point = tuple[float, float]

GHOST_ALPHA = 0.65


def ghost_point(path: Sequence[Point], times: Sequence[float], t_hit: float) -> Point | None:
    """Where the taw's centre was at ``t_hit`` along a path sampled at ``times``.

    The path is thinned (a point every few millimetres), so the sample after
    the contact may already have turned off the line: the point is carried on
    from the last sample before the contact at the speed it was going, along
    the straight line it came in on (within the step to the next sample).
    """
    if not path or len(times) != len(path):
        return None
    before = max((i for i, t in enumerate(times) if t <= t_hit), default=None)
    if before is None:
        return path[0]
    if before == len(path) - 1:
        return path[-1]
    (ax, ay), ta = path[before], times[before]
    if before > 0 and ta > times[before - 1]:
        (px, py), tp = path[before - 1], times[before - 1]
        vx, vy = (ax - px) / (ta - tp), (ay - py) / (ta - tp)
    else:
        (bx, by), tb = path[before + 1], times[before + 1]
        span = max(tb - ta, 1e-9)
        vx, vy = (bx - ax) / span, (by - ay) / span
    step = t_hit - ta
    bx, by = path[before + 1]
    room = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    go = (vx * vx + vy * vy) ** 0.5 * step
    if go > room > 0.0:  # never past the next sample's distance
        step *= room / go
    return ax + vx * step, ay + vy * step


def ghost_of(preview: Preview) -> Point | None:
    """Where the preview's taw touches the first body it strikes; None when it strikes nothing."""
    if preview.first_hit is None:
        return None
    taw = f"{preview.shooter}.taw"
    return ghost_point(preview.paths.get(taw, ()), (preview.times or {}).get(taw, ()), preview.first_hit[0])


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
