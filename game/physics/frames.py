"""Poses for viewers and recorders, and the fixed-rate frame sampler.

A replay asks for every body's pose 60 times a simulated second, more often
than the control tick runs, so a read must cost little next to the physics:
positions are read from Bullet in one pass into a flat list and everything
else (units, exact places, the rolling orientation) is done on numpy arrays
kept by row, never element by element.  Reading poses never changes the run.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

import numpy as np

from game.physics.physics_errors import PhysicsError
from game.physics.rolling import turn
from game.physics.units import BULLET_UNIT
from game.physics.world import Body

if TYPE_CHECKING:
    from game.physics.simulation import Simulation

FrameCallback = Callable[[float, list[str], np.ndarray], None]
"""``on_frame(t, ids, poses)``: simulated time of the shot, ids, (N, 7) poses."""

_IDENTITY = (1.0, 0.0, 0.0, 0.0)


class PoseTracker:
    """Every body's pose; the spin integrated from the displacement between two reads.

    Rows follow the order of the bodies in the world (a body that comes is
    appended, one that goes is deleted).  The last poses are kept with the
    Bullet positions they came from, and a read touches only bodies that
    can have moved since: the awake ones and those put to sleep since the
    last read (``world.sleep``); of these, only rows whose Bullet position
    changed (the few balls rolling) are recomputed, one by one in Python
    floats, and a copy of the whole array is handed out.  A body Bullet holds
    at the single-precision value of its exact place is reported at that
    exact place (``world.py``), as ``positions()`` does.
    """

    def __init__(self) -> None:
        self._ids: list[str] = []
        self._bodies: list[Body] = []
        self._raw: list[tuple[float, float]] = []  # Bullet positions the poses were computed from
        self._out = np.zeros((0, 7))               # the last poses (metres), handed out as copies
        self._queued: list[tuple[float, float, float, float, float, float, float]] = []

    def track(self, body: Body, xy: tuple[float, float]) -> None:
        """A body came onto the ground at ``xy`` (metres), unturned.

        Rows are queued and stacked at the next use: building a 41-body
        world row by row in numpy cost more than the rest of the world.
        """
        self._ids.append(body.spec.id)
        self._bodies.append(body)
        self._raw.append(body.placed_raw)
        self._queued.append((xy[0], xy[1], body.spec.radius) + _IDENTITY)

    def _stack(self) -> None:
        queued, self._queued = self._queued, []
        self._out = np.vstack((self._out, np.array(queued, dtype=np.float64).reshape(-1, 7)))

    def moved_to(self, body: Body, xy: tuple[float, float]) -> None:
        """A body was placed at ``xy`` by hand: no roll, only a new start."""
        if self._queued:
            self._stack()
        i = self._ids.index(body.spec.id)
        self._out[i, :2] = xy
        self._raw[i] = body.placed_raw

    def forget(self, body_id: str) -> None:
        if self._queued:
            self._stack()
        i = self._ids.index(body_id)
        del self._ids[i]
        del self._bodies[i]
        del self._raw[i]
        self._out = np.delete(self._out, i, axis=0)

    def read(self) -> tuple[list[str], np.ndarray]:
        """Ids and a fresh (N, 7) array x, y, z, qw, qx, qy, qz (metres); the spin follows the rolling."""
        if self._queued:
            self._stack()
        out = self._out
        last = self._raw
        for i, body in enumerate(self._bodies):
            node = body.node
            if not (body.unread or node.isActive()):
                continue
            body.unread = False
            p = node.getTransform().getPos()
            rx = p[0]
            ry = p[1]
            before = last[i]
            if rx == before[0] and ry == before[1]:
                continue
            last[i] = (rx, ry)
            placed_raw = body.placed_raw
            if rx == placed_raw[0] and ry == placed_raw[1]:
                x, y = body.placed
            else:
                x = rx / BULLET_UNIT
                y = ry / BULLET_UNIT
            px, py, z, qw, qx, qy, qz = out[i].tolist()
            dx = x - px
            dy = y - py
            if dx != 0.0 or dy != 0.0:
                qw, qx, qy, qz = turn((qw, qx, qy, qz), dx, dy, z)  # z is the radius
            out[i] = (x, y, z, qw, qx, qy, qz)
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
