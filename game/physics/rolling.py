"""Orientation of a ball that rolls without slipping, integrated in numpy.

Bullet is told not to rotate the balls (angular factor 0: their spin would
only matter through ball-on-ball friction, which is tiny); what a viewer sees
is the rotation a ball rolling on the ground must have.  A displacement d
turns a ball of radius r by |d| / r about the horizontal axis z x d.
"""

from __future__ import annotations

import numpy as np


def roll_quaternions(quats: np.ndarray, displacement: np.ndarray, radius: np.ndarray) -> np.ndarray:
    """Return ``quats`` (N, 4: w, x, y, z) turned by rolling through ``displacement`` (N, 2)."""
    dx = displacement[:, 0]
    dy = displacement[:, 1]
    dist = np.hypot(dx, dy)
    moved = dist > 0.0
    if not moved.any():
        return quats
    out = quats.copy()
    q = quats[moved]
    d = dist[moved]
    half = 0.5 * d / radius[moved]
    s = np.sin(half) / d
    # The rotation axis is z x d = (-dy, dx, 0), normalised by |d| in ``s``.
    rw = np.cos(half)
    rx = -dy[moved] * s
    ry = dx[moved] * s
    w, x, y, z = q[:, 0], q[:, 1], q[:, 2], q[:, 3]
    # r (x) q with r = (rw, rx, ry, 0): the world-frame rotation applied after q.
    new = np.stack(
        (
            rw * w - rx * x - ry * y,
            rw * x + rx * w + ry * z,
            rw * y + ry * w - rx * z,
            rw * z + rx * y - ry * x,
        ),
        axis=1,
    )
    new /= np.linalg.norm(new, axis=1, keepdims=True)
    out[moved] = new
    return out
