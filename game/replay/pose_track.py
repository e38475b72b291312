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
    dense = np.zeros((count, bodies, 7), dtype=np.float64)
    dense[:, :, 3] = 1.0
    present = np.zeros((count, bodies), dtype=bool)
    for k, (ids, poses) in enumerate(frames):
        poses = np.asarray(poses, dtype=np.float64).reshape(-1, 7)
        if poses.shape[0] != len(ids):
            raise ValueError(f"frame {k}: {len(ids)} ids but {poses.shape[0]} poses")
        columns = [order[str(b)] for b in ids]
        dense[k, columns] = poses
        present[k, columns] = True
    if not np.isfinite(dense).all():
        raise ValueError("a recorded pose is not finite")
    counts = quantise_positions(dense[:, :, :3])
    codes = pack_quats(dense[:, :, 3:7])
    # An absent body keeps its previous values, so it never differs from them.
    if count and not present.all():
        last_seen = np.where(present, np.arange(count)[:, None], 0)
        np.maximum.accumulate(last_seen, axis=0, out=last_seen)
        cols = np.arange(bodies)[None, :]
        counts = counts[last_seen, cols]
        codes = codes[last_seen, cols]
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
