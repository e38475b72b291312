"""Turning sampled poses into the sparse, quantised motion a ShotRecord stores.

A body that did not move since the previous frame (its quantised position and
rotation are unchanged) costs nothing but one bit in that frame's mask.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from game.replay.quant import pack_quats, quantise_positions


def encode_motion(times: Sequence[float], frames: Sequence[tuple[Sequence[str], np.ndarray]]
                  ) -> tuple[tuple[str, ...], dict[str, np.ndarray]]:
    """Samples -> body ids and the arrays of a ShotRecord.

    ``frames[k]`` is ``(ids, poses)`` as ``Simulation.poses()`` returns them:
    poses (N, 7) x, y, z, qw, qx, qy, qz.  Bodies may come and go between
    frames; the body table is every id seen, in the order first seen.
    """
    order: dict[str, int] = {}
    for ids, _ in frames:
        for body in ids:
            order.setdefault(str(body), len(order))
    body_ids = tuple(order)
    count, bodies = len(frames), len(body_ids)
    counts = np.zeros((count, bodies, 3), dtype=np.int64)
    codes = np.zeros((count, bodies), dtype=np.uint32)
    present = np.zeros((count, bodies), dtype=bool)
    for k, (ids, poses) in enumerate(frames):
        poses = np.asarray(poses, dtype=np.float64).reshape(-1, 7)
        if poses.shape[0] != len(ids):
            raise ValueError(f"frame {k}: {len(ids)} ids but {poses.shape[0]} poses")
        if not np.isfinite(poses).all():
            raise ValueError(f"frame {k}: a pose is not finite")
        columns = [order[str(b)] for b in ids]
        counts[k, columns] = quantise_positions(poses[:, :3])
        codes[k, columns] = pack_quats(poses[:, 3:7])
        present[k, columns] = True
    # An absent body keeps its previous values, so it never differs from them.
    for k in range(1, count):
        gone = ~present[k]
        counts[k, gone] = counts[k - 1, gone]
        codes[k, gone] = codes[k - 1, gone]
    prev_counts = np.concatenate([np.zeros((1, bodies, 3), np.int64), counts[:-1]]) if count else counts
    prev_codes = np.concatenate([np.zeros((1, bodies), np.uint32), codes[:-1]]) if count else codes
    prev_present = np.concatenate([np.zeros((1, bodies), bool), present[:-1]]) if count else present
    steps_all = counts - prev_counts
    changed = (steps_all != 0).any(axis=2) | (codes != prev_codes)
    moved = present & (changed | ~prev_present)
    steps = steps_all[moved]
    if steps.size and np.abs(steps).max() >= 2**31:
        raise ValueError("a body moved further in one frame than a replay can store")
    times_us = np.rint(np.asarray(times, dtype=np.float64) * 1e6).astype(np.int64)
    if times_us.size and (times_us[0] < 0 or (np.diff(times_us) < 0).any()):
        raise ValueError("frame times must start at or after 0 and never go back")
    return body_ids, {
        "times_us": times_us,
        "present": present,
        "moved": moved,
        "steps": steps.astype(np.int32),
        "rotations": codes[moved],
    }
