"""Orientation of a ball that rolls without slipping, integrated in numpy.

Bullet is told not to rotate the balls (angular factor 0: their spin would
only matter through ball-on-ball friction, which is tiny); what a viewer sees
is the rotation a ball rolling on the ground must have.  A displacement d
turns a ball of radius r by |d| / r about the horizontal axis z x d.
"""

from __future__ import annotations

import math

import numpy as np


def roll_quaternions(quats: np.ndarray, displacement: np.ndarray, radius: np.ndarray) -> np.ndarray:
    """Return ``quats`` (N, 4: w, x, y, z) turned by rolling through ``displacement`` (N, 2).

    Rows that did not move are returned unchanged (the same array if none
    moved).  Called 60 times a simulated second by recorders, mostly with
    one or two rows moving, so the arithmetic is written as a few whole-array
    operations on the moving rows: numpy's per-call overhead, not the
    arithmetic, is what costs here.
    """
    moved = np.flatnonzero((displacement[:, 0] != 0.0) | (displacement[:, 1] != 0.0))
    if not len(moved):
        return quats
    out = quats.copy()
    out[moved] = turned(quats[moved], displacement[moved], radius[moved])
    return out


def turned(q: np.ndarray, displacement: np.ndarray, radius: np.ndarray) -> np.ndarray:
    """``q`` (M, 4) turned by rolling through ``displacement`` (M, 2), every row moved."""
    dx = displacement[:, 0]
    dy = displacement[:, 1]
    d = np.hypot(dx, dy)
    half = 0.5 * d / radius
    s = np.sin(half) / d
    # The rotation axis is z x d = (-dy, dx, 0), normalised by |d| in ``s``.
    rw = np.cos(half)
    rx = -dy * s
    ry = dx * s
    w, x, y, z = q[:, 0], q[:, 1], q[:, 2], q[:, 3]
    # r (x) q with r = (rw, rx, ry, 0): the world-frame rotation applied after q.
    new = np.empty_like(q)
    new[:, 0] = rw * w - rx * x - ry * y
    new[:, 1] = rw * x + rx * w + ry * z
    new[:, 2] = rw * y + ry * w - rx * z
    new[:, 3] = rw * z + rx * y - ry * x
    new /= np.sqrt(np.add.reduce(new * new, axis=1, keepdims=True))
    return new


def turn(q: tuple[float, float, float, float], dx: float, dy: float, radius: float) -> tuple[float, float, float, float]:
    """One quaternion ``q`` (w, x, y, z) turned by rolling through (dx, dy), not both zero.

    The arithmetic of ``turned`` for one row in Python floats: a frame
    usually moves one or two balls, and for those numpy's per-call overhead
    is most of the cost.  The distance uses numpy's hypot (libm's), not
    ``math.hypot`` (Python's own, which rounds differently), so both give
    the same bits (checked over 200,000 random rows).
    """
    d = float(np.hypot(dx, dy))
    half = 0.5 * d / radius
    s = math.sin(half) / d
    rw = math.cos(half)
    rx = -dy * s
    ry = dx * s
    w, x, y, z = q
    a = rw * w - rx * x - ry * y
    b = rw * x + rx * w + ry * z
    c = rw * y + ry * w - rx * z
    e = rw * z + rx * y - ry * x
    n = math.sqrt(a * a + b * b + c * c + e * e)
    return (a / n, b / n, c / n, e / n)
