"""Quantisation of poses: 0.1 mm integer positions and 32-bit packed rotations.

Positions become int32 counts of ``POSITION_UNIT`` metres; the file stores
their differences from frame to frame, so the decoder adds integers and can
never drift.  Rotations use "smallest three": the largest component of a unit
quaternion is dropped (its sign is made positive, which is the same rotation)
and the other three, each within +-1/sqrt(2), are stored in 10 bits apiece,
with the dropped component's index in the top 2 bits of a uint32.  The
worst rotation error is about 0.005 rad (0.3 degree), 0.04 mm on a marble's skin.
"""

from __future__ import annotations

import numpy as np

POSITION_UNIT = 1e-4  # metres per stored count: 0.1 mm
QUAT_BITS = 10
_QMAX = (1 << (QUAT_BITS - 1)) - 1  # 511: components map to -511 .. 511
_QBIAS = 1 << (QUAT_BITS - 1)  # stored unsigned as value + 512
_QSCALE = _QMAX * np.sqrt(2.0)
_MASK = (1 << QUAT_BITS) - 1


def quantise_positions(xyz: np.ndarray) -> np.ndarray:
    """Metres (..., 3) -> int64 counts of 0.1 mm (int64 so differences never overflow)."""
    return np.rint(np.asarray(xyz, dtype=np.float64) / POSITION_UNIT).astype(np.int64)


def dequantise_positions(counts: np.ndarray) -> np.ndarray:
    return counts.astype(np.float64) * POSITION_UNIT


def pack_quats(wxyz: np.ndarray) -> np.ndarray:
    """Quaternions (..., 4) as w, x, y, z -> uint32 smallest-three codes (...)."""
    q = np.asarray(wxyz, dtype=np.float64)
    norm = np.linalg.norm(q, axis=-1, keepdims=True)
    q = np.where(norm > 0, q / np.where(norm > 0, norm, 1.0), np.array([1.0, 0.0, 0.0, 0.0]))
    largest = np.argmax(np.abs(q), axis=-1)
    sign = np.where(np.take_along_axis(q, largest[..., None], axis=-1) < 0, -1.0, 1.0)
    q = q * sign
    # the three kept components, in index order, skipping the largest
    order = np.array([[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]])
    kept = np.take_along_axis(q, order[largest], axis=-1)
    ints = np.clip(np.rint(kept * _QSCALE), -_QMAX, _QMAX).astype(np.int64) + _QBIAS
    code = (largest.astype(np.int64) << (3 * QUAT_BITS)) | (ints[..., 0] << (2 * QUAT_BITS)) \
        | (ints[..., 1] << QUAT_BITS) | ints[..., 2]
    return code.astype(np.uint32)


def unpack_quats(codes: np.ndarray) -> np.ndarray:
    """uint32 codes (...) -> unit quaternions (..., 4) as w, x, y, z, float64."""
    c = np.asarray(codes, dtype=np.int64)
    largest = (c >> (3 * QUAT_BITS)) & 3
    kept = np.stack([(c >> (2 * QUAT_BITS)) & _MASK, (c >> QUAT_BITS) & _MASK, c & _MASK], axis=-1)
    kept = (kept - _QBIAS).astype(np.float64) / _QSCALE
    big = np.sqrt(np.clip(1.0 - np.sum(kept * kept, axis=-1), 0.0, 1.0))
    out = np.empty(c.shape + (4,), dtype=np.float64)
    slots = np.array([[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]])[largest]
    np.put_along_axis(out, largest[..., None], big[..., None], axis=-1)
    np.put_along_axis(out, slots, kept, axis=-1)
    return out
