"""When the per-substep contact scan is needed: the time before any pair could meet.

The scan is a Python callback after every Bullet substep; it is the main cost
of the pipeline when installed, so it is installed only while a moving body
could reach another within the next control tick.  Between two ticks no body
speeds up unless struck (and the scan sees every strike while it runs), so a
pair closes at most at the sum of its present speeds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

import numpy as np

from game.physics.config import PhysicsConfig
from game.physics.world import Mirror

_GATE_RECHECK_TICKS = 4  # most ticks the scan stays on before the gate is asked again


def clear_time(mirror: Mirror, moving: Iterable[str], count: int) -> float:
    """Seconds before any of the ``count`` moving bodies could touch another, closing head-on."""
    z = mirror.z
    speed = mirror.speed
    reach = mirror.reach
    rows = mirror.rows
    if count <= 2:
        # One or two movers (the usual case): a row each is cheaper.
        clear = math.inf
        for bid in moving:
            i = rows[bid]
            gap = np.abs(z - z[i])
            gap -= reach[i]            # its own entry is -inf: never near itself
            closing = speed + max(speed[i], 1e-12)
            clear = min(clear, float((gap / closing).min()))
        return clear
    idx = np.fromiter((rows[b] for b in moving), dtype=np.intp, count=count)
    gap = np.abs(z[None, :] - z[idx][:, None])
    gap -= reach[idx]
    closing = speed[idx][:, None] + speed[None, :]
    np.maximum(closing, 1e-12, out=closing)
    # Time before any pair could meet, each closing head-on at its present speeds.
    return float((gap / closing).min())


@dataclass
class ScanGate:
    """When the gate is next asked (``due``, a substep) and how patient it is.

    While bodies stay near, a tick of scanning costs about as much as two
    gate decisions, so in a crowd it is asked less and less often (after 1,
    2, then every 4 ticks); once clear, not until the clear time has passed.
    """

    due: int = 0
    backoff: int = 1

    def decide(self, substep: int, clear: float | None, config: PhysicsConfig) -> bool:
        """Is a hit possible within the next tick?  ``clear`` is None when nothing can move into anything."""
        near = False
        if clear is not None:
            if clear > 0.0:
                # Past a shot's time bound nothing needs asking again.
                horizon = min(clear, 2.0 * config.max_shot_time)
                # Node positions lag Bullet's by one substep: two substeps of slack.
                ticks = math.floor((horizon - 2.0 * config.substep) / config.tick)
                near = ticks < 1
                if not near:
                    self.due = substep + ticks * config.substeps_per_tick
            else:
                near = True
        if near:
            self.due = substep + self.backoff * config.substeps_per_tick
            self.backoff = min(2 * self.backoff, _GATE_RECHECK_TICKS)
        else:
            self.backoff = 1
        return near
