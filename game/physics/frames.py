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

from game.physics.errors import PhysicsError
from game.physics.rolling import roll_quaternions
from game.physics.world import BULLET_UNIT, Body

if TYPE_CHECKING:
    from game.physics.simulation import Simulation

FrameCallback = Callable[[float, list[str], np.ndarray], None]
"""``on_frame(t, ids, poses)``: simulated time of the shot, ids, (N, 7) poses."""

_IDENTITY = (1.0, 0.0, 0.0, 0.0)


class PoseTracker:
    """Every body's pose; the spin integrated from the displacement between two reads.

    Rows follow the order of the bodies in the world (a body that comes is
    appended, one that goes is deleted), so a read is one pass over the
    nodes.  Per row it keeps the last position read (where the next roll
    starts), the orientation, the radius and the body's exact place with
    Bullet's single-precision value of it (``world.py``): a body Bullet still
    holds there is reported at its exact place, as ``positions()`` does.
    """

    def __init__(self) -> None:
        self._ids: list[str] = []
        self._nodes: list = []
        self._quat = np.zeros((0, 4))
        self._xy = np.zeros((0, 2))       # metres, as last read: where the next roll starts
        self._radius = np.zeros(0)        # metres
        self._placed = np.zeros((0, 2))   # metres, float64
        self._placed_raw = np.zeros((0, 2))  # Bullet units, as Bullet held the exact place

    def track(self, body: Body, xy: tuple[float, float]) -> None:
        """A body came onto the ground at ``xy`` (metres), unturned."""
        self._ids.append(body.spec.id)
        self._nodes.append(body.node)
        self._quat = np.vstack((self._quat, _IDENTITY))
        self._xy = np.vstack((self._xy, xy))
        self._radius = np.append(self._radius, body.spec.radius)
        self._placed = np.vstack((self._placed, body.placed))
        self._placed_raw = np.vstack((self._placed_raw, body.placed_raw))

    def moved_to(self, body: Body, xy: tuple[float, float]) -> None:
        """A body was placed at ``xy`` by hand: no roll, only a new start."""
        i = self._ids.index(body.spec.id)
        self._xy[i] = xy
        self._placed[i] = body.placed
        self._placed_raw[i] = body.placed_raw

    def forget(self, body_id: str) -> None:
        i = self._ids.index(body_id)
        del self._ids[i]
        del self._nodes[i]
        self._quat = np.delete(self._quat, i, axis=0)
        self._xy = np.delete(self._xy, i, axis=0)
        self._radius = np.delete(self._radius, i)
        self._placed = np.delete(self._placed, i, axis=0)
        self._placed_raw = np.delete(self._placed_raw, i, axis=0)

    def read(self) -> tuple[list[str], np.ndarray]:
        """Ids and a fresh (N, 7) array x, y, z, qw, qx, qy, qz (metres); the spin follows the rolling."""
        flat: list[float] = []
        push = flat.extend
        for node in self._nodes:
            p = node.getTransform().getPos()
            push((p[0], p[1]))
        n = len(self._ids)
        raw = np.array(flat, dtype=np.float64).reshape(n, 2)
        xy = raw / BULLET_UNIT
        out = np.empty((n, 7), dtype=np.float64)
        out[:, :2] = xy
        out[:, 2] = self._radius
        quats = roll_quaternions(self._quat, xy - self._xy, self._radius)
        out[:, 3:] = quats
        self._quat = quats
        self._xy = xy
        return list(self._ids), out


class FrameSampler:
    """Calls ``on_frame`` whenever the shot clock reaches the next frame time.

    The next frame time lives on the Simulation (reset by each shot), so a
    shot stepped by many ``advance`` calls gets one evenly spaced sequence:
    the first instant, every frame time (on the first call at or after it),
    and the instant of rest, each once.
    """

    def __init__(self, sim: "Simulation", on_frame: FrameCallback, frame_hz: float) -> None:
        if not (frame_hz > 0 and math.isfinite(frame_hz)):
            raise PhysicsError(f"frame_hz must be a positive number, not {frame_hz!r}")
        self.sim = sim
        self.on_frame = on_frame
        self.period = 1.0 / frame_hz

    def maybe_emit(self) -> None:
        sim = self.sim
        t = sim.time
        at_rest = not sim._in_shot
        if t + 1e-9 >= sim._next_frame or (at_rest and sim._next_frame != math.inf):
            ids, poses = sim.poses()
            self.on_frame(t, ids, poses)
            if at_rest:
                sim._next_frame = math.inf
            else:
                while sim._next_frame <= t + 1e-9:
                    sim._next_frame += self.period
