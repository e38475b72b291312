"""Poses for viewers and recorders, and the fixed-rate frame sampler.

Bullet turns the balls itself now; a pose is Bullet's position and its
rotation since the shot began applied after the orientation the ball had
when the shot began (each shot runs in a fresh world, where every body
starts unturned).  A read visits only the bodies that can have moved since
the last read: the awake ones and those put to sleep since.  Reading poses
never changes the run.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

import numpy as np

from game.physics.physics_errors import PhysicsError
from game.physics.units import BULLET_UNIT
from game.physics.world import Body

if TYPE_CHECKING:
    from game.physics.simulation import Simulation

FrameCallback = Callable[[float, list[str], np.ndarray], None]
"""``on_frame(t, ids, poses)``: simulated time of the shot, ids, (N, 7) poses."""

Quat = tuple[float, float, float, float]
_IDENTITY: Quat = (1.0, 0.0, 0.0, 0.0)


def compose(r: Quat, q: Quat) -> Quat:
    """The Hamilton product r q (w, x, y, z): turn by ``q``, then by ``r``."""
    rw, rx, ry, rz = r
    w, x, y, z = q
    return (rw * w - rx * x - ry * y - rz * z,
            rw * x + rx * w + ry * z - rz * y,
            rw * y - rx * z + ry * w + rz * x,
            rw * z + rx * y - ry * x + rz * w)


class PoseTracker:
    """Every body's pose, rows in the order of the bodies in the world.

    ``rebind`` fixes each body's orientation at the shot's start (its
    base); later reads turn the base by what Bullet turned the body since.
    A body Bullet holds at the single-precision value of its exact place is
    reported at that exact place (``world.py``), as ``positions()`` does.
    """

    def __init__(self) -> None:
        self._ids: list[str] = []
        self._bodies: list[Body] = []
        self._base: list[Quat] = []
        self._dirty: list[bool] = []
        self._table = np.zeros((0, 7))
        # rows of bodies tracked since the table was last wanted: a world of 41 bodies is built 41 tracks in a row,
        # and a planning rollout builds one per shot, so the table grows once, not a copy a body
        self._new: list[tuple[float, ...]] = []

    def track(self, body: Body, xy: tuple[float, float]) -> None:
        """A body came onto the ground at ``xy`` (metres), unturned."""
        self._ids.append(body.spec.id)
        self._bodies.append(body)
        self._base.append(_IDENTITY)
        self._dirty.append(False)
        z = body.spec.radius if body.slab is None else float(body.node.getTransform().getPos()[2]) / BULLET_UNIT
        self._new.append((xy[0], xy[1], z) + _IDENTITY)

    @property
    def _out(self) -> np.ndarray:
        """The (N, 7) table of the last poses read, every tracked body's row in it."""
        if self._new:
            self._table = np.vstack((self._table, self._new))
            self._new = []
        return self._table

    def rebind(self, bodies: list[Body]) -> None:
        """The same bodies, in the same order, rebuilt in a fresh world: the current poses become the bases."""
        self._bodies = list(bodies)
        self._base = [tuple(row) for row in self._out[:, 3:7].tolist()]
        self._dirty = [False] * len(bodies)

    def moved_to(self, body: Body, xy: tuple[float, float]) -> None:
        """A body was placed at ``xy`` by hand: no roll, only a new place."""
        i = self._ids.index(body.spec.id)
        self._out[i, :2] = xy
        if body.slab is not None:   # on rough ground its height changes with its place
            self._out[i, 2] = float(body.node.getTransform().getPos()[2]) / BULLET_UNIT

    def slept(self, body_id: str) -> None:
        """A body was put to sleep: the next read takes its last pose."""
        self._dirty[self._ids.index(body_id)] = True

    def forget(self, body_id: str) -> None:
        i = self._ids.index(body_id)
        for rows in (self._ids, self._bodies, self._base, self._dirty):
            del rows[i]
        self._table = np.delete(self._out, i, axis=0)

    def read(self) -> tuple[list[str], np.ndarray]:
        """Ids and a fresh (N, 7) array x, y, z, qw, qx, qy, qz (metres)."""
        out = self._out
        dirty = self._dirty
        for i, body in enumerate(self._bodies):
            node = body.node
            if not (dirty[i] or node.isActive()):
                continue
            dirty[i] = False
            ts = node.getTransform()
            p = ts.getPos()
            q = ts.getQuat()
            rx, ry = float(p[0]), float(p[1])
            if rx == body.placed_raw[0] and ry == body.placed_raw[1]:
                x, y = body.placed
            else:
                x, y = rx / BULLET_UNIT, ry / BULLET_UNIT
            qw, qx, qy, qz = compose((float(q[0]), float(q[1]), float(q[2]), float(q[3])), self._base[i])
            n = math.sqrt(qw * qw + qx * qx + qy * qy + qz * qz)   # Bullet's quaternion is single precision
            out[i] = (x, y, float(p[2]) / BULLET_UNIT, qw / n, qx / n, qy / n, qz / n)
        return list(self._ids), out.copy()


class FrameSampler:
    """Calls ``on_frame`` whenever the shot clock reaches the next frame time.

    The next frame time lives on the world's ``ShotClock`` (reset by each
    shot), so a shot stepped by many ``advance`` calls gets one evenly
    spaced sequence: the first instant, every frame time (on the first call
    at or after it), and the instant of rest, each once.
    """

    def __init__(self, sim: "Simulation", on_frame: FrameCallback, frame_hz: float) -> None:
        if not (frame_hz > 0 and math.isfinite(frame_hz)):
            raise PhysicsError(f"frame_hz must be a positive number, not {frame_hz!r}")
        self.sim = sim
        self.clock = sim.clock
        self.on_frame = on_frame
        self.period = 1.0 / frame_hz

    def maybe_emit(self) -> None:
        clock = self.clock
        at_rest = self.sim.is_at_rest()
        if clock.frame_due(at_rest):
            ids, poses = self.sim.poses()
            self.on_frame(clock.time_s, ids, poses)
            clock.frame_taken(at_rest, self.period)
