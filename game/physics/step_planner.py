"""When, inside the next stretch of a call, two bodies would touch: so a substep can end at that moment.

Bullet looks for touches only at the start of a substep, and only finds
two spheres once they overlap; it then pushes along their line of centres
as it is at that moment.  Two balls closing at v can overlap up to v h
before Bullet sees them, and the deeper, the further that line has turned
from the one they met on: a half-ball cut turns about 1.8 degrees per
millimetre (up to 23 degrees at the cap with h = 1/480 s).  So the
simulation ends a substep where the first pair would touch
(``Simulation._substeps_of_call``), and Bullet finds the pair at the start
of the next one, as they meet.  This module only says when: bodies going
straight on at their velocities, the first time two that are apart now
would be a sum of radii apart.  Bullet still finds and solves every touch.

It looks only when a pair could close its gap in the time asked about;
after a look that finds nothing it does not look again, while the same
bodies are awake, until the soonest any pair could have closed its gap
(each body's velocity changing by at most ``_ACCELERATION``).
"""

from __future__ import annotations

import math

import numpy as np

# The most friction changes a body's horizontal velocity, Bullet units a
# second squared: the lead Sun sliding, mu g = 0.55 x 9.81 m/s^2, rounded up.
_ACCELERATION = 6000.0
# Bullet units a pair may come closer than going straight on says (a hop's
# fall onto a neighbour, rounding).
_REACH_MARGIN = 2.0
Moving = list[tuple[str, complex, complex]]
"""Every awake body's id, place and horizontal velocity (Bullet units, x + iy)."""


class StepPlanner:
    """Where the bodies of one world are and how fast they go, and when two would next touch.

    Rows follow the bodies' order in the world.  A sleeping body does not
    move: its row keeps its place and a zero velocity.
    """

    __slots__ = ("z", "v", "reach", "rows", "awake", "clear_until")

    def __init__(self) -> None:
        self.rows: dict[str, int] = {}
        self.z = np.zeros(0, dtype=complex)
        self.v = np.zeros(0, dtype=complex)
        self.reach = np.zeros((0, 0))           # sums of radii; -1e9 on the diagonal (a body never meets itself)
        self.awake: tuple[str, ...] = ()        # the bodies moving at the last look
        self.clear_until = -math.inf            # shot time before which no pair could meet, at the last look

    def rebuild(self, bodies: dict) -> None:
        """Take the bodies (``world.Body`` by id, in world order) where they are now, all still."""
        self.rows = {bid: i for i, bid in enumerate(bodies)}
        z = []
        for body in bodies.values():
            p = body.node.getTransform().getPos()
            z.append(complex(p[0], p[1]))
        self.z = np.array(z, dtype=complex)
        self.v = np.zeros(len(z), dtype=complex)
        r = np.array([body.radius for body in bodies.values()], dtype=np.float64)
        self.reach = r[:, None] + r[None, :]
        np.fill_diagonal(self.reach, -1e9)
        self.awake = ()
        self.clear_until = -math.inf

    def next_touch(self, moving: Moving, lag_s: float, t_s: float, span_s: float) -> tuple[float, float] | None:
        """When, within ``span_s`` of shot time ``t_s``, two bodies not yet touching would touch.

        Returned: that time from now (s) and the pair's relative speed
        (Bullet units a second), or None.  The places Panda reports lag
        Bullet's by ``lag_s`` (Bullet reports a body one substep back: its
        motion-state interpolation), so each is carried on by its velocity
        over that time.
        """
        ids = tuple(bid for bid, _z, _v in moving)
        if not moving or (ids == self.awake and t_s + span_s <= self.clear_until):
            return None
        self.awake = ids
        self.clear_until = -math.inf
        a = self._take(moving, lag_s)
        dz = self.z[a, None] - self.z
        dv = self.v[a, None] - self.v
        reach = self.reach[a]
        dist2 = (dz * dz.conjugate()).real
        clear = _time_to_close(np.abs(dv), np.sqrt(dist2) - reach - _REACH_MARGIN)
        if clear >= span_s:
            self.clear_until = t_s + clear
            return None
        # |dz + dv t| = reach: qa t^2 + qb t + qc = 0, for pairs closing (qb < 0) and apart now (qc > 0).
        qa = (dv * dv.conjugate()).real
        qb = 2.0 * (dz.conjugate() * dv).real
        qc = dist2 - reach * reach
        disc = qb * qb - 4.0 * qa * qc
        meets = (qb < 0.0) & (qc > 0.0) & (disc >= 0.0) & (qa > 0.0)
        if not meets.any():
            return None
        t = (-qb[meets] - np.sqrt(disc[meets])) / (2.0 * qa[meets])
        k = int(np.argmin(t))
        first = float(t[k])
        return (first, math.sqrt(float(qa[meets][k]))) if first < span_s else None

    def _take(self, moving: Moving, lag_s: float) -> list[int]:
        """Write the awake bodies' places (carried on by ``lag_s``) and velocities; the others are still."""
        rows, z, v = self.rows, self.z, self.v
        v[:] = 0.0
        a = []
        for bid, where, velocity in moving:
            i = rows[bid]
            z[i] = where + velocity * lag_s
            v[i] = velocity
            a.append(i)
        return a


def _time_to_close(speed: np.ndarray, gap: np.ndarray) -> float:
    """The soonest any pair can close its ``gap`` from relative ``speed``, each body braked or sped by friction.

    A body's velocity changes by at most ``_ACCELERATION`` a second between
    touches, so a pair closes at most ``speed t + a t^2`` (both bodies
    turned toward each other) in ``t``.
    """
    a = _ACCELERATION
    g = np.maximum(gap, 0.0)
    t = (np.sqrt(speed * speed + 4.0 * a * g) - speed) / (2.0 * a)
    return float(t.min())
