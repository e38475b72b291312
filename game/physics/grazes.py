"""Grazes: touches Bullet's sampled overlap test never sees, found on the bodies' straight paths.

Bullet tests for overlap only at the substep boundaries.  A taw whose path
cuts a little into another ball's reach can enter and leave it between two
boundaries (at the 3.8 m/s cap, up to (v h)^2 / 8 R ~ 0.5 mm deep), or be
sampled inside it only once the two are moving apart again, which Bullet's
solver answers with no impulse: no hit either way.  A graze is a hit, so we look for them
ourselves, without a per-substep cost: between two velocity changes every
body moves on a straight line (no ground, no gravity, rolling resistance only
at control ticks), so each time a moving body's velocity changes (a shot, a
tick's rolling resistance, a hit) its path is solved against every other
body's for the first touch, ``|dp + dv t| = rA + rB``, over the rest of the
tick.  A touch whose whole span falls between two boundaries is booked for
the substep whose contact scan sees the touches of the substep it lies in;
that scan resolves it with the hits Bullet found, in the order of their
touching instants (``contacts.resolve_hits``), which checks it again on the
paths as they are then.

Times here are in substeps (the world's substep counter, as a float),
lengths in Bullet units and velocities in Bullet units per substep.
Positions inside ``doPhysics`` cannot be read from Panda (node transforms
are synced only after the call, and lag Bullet by one substep's
interpolation), so each body that moved this shot keeps its path: where it
was at a time and its velocity since.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterable, Mapping

import numpy as np

from game.physics.world import Body, Mirror

Pair = tuple[str, str]

# Bullet units (mm): an overlap at a boundary shallower than this may be
# missed by Bullet's single-precision test, so such a touch is booked too
# (if Bullet did see it, the scan resolves it from Bullet's manifold).
_SEEN_DEPTH = 1e-3


@dataclass
class Paths:
    """Each moved body's straight path and the grazes booked by substep."""

    ref: dict[str, tuple[float, float, float, float, float]] = field(default_factory=dict)
    due: dict[int, set[Pair]] = field(default_factory=dict)

    def clear(self) -> None:
        self.ref.clear()
        self.due.clear()

    def set(self, bid: str, t: float, x: float, y: float, vx: float, vy: float) -> None:
        """From substep ``t`` the body is at (x, y) moving (vx, vy) per substep."""
        self.ref[bid] = (t, x, y, vx, vy)

    def forget(self, bid: str) -> None:
        self.ref.pop(bid, None)

    def at(self, bid: str, body: Body, t: float) -> tuple[float, float]:
        """Where Bullet holds the body at substep ``t`` (Bullet units)."""
        path = self.ref.get(bid)
        if path is None:
            p = body.node.getTransform().getPos()  # never moved this shot: exact
            return (p[0], p[1])
        t0, x, y, vx, vy = path
        return (x + vx * (t - t0), y + vy * (t - t0))

    def take(self, substep: int) -> set[Pair] | None:
        """The grazes booked for the scan after ``substep``; older bookings are dropped."""
        if not self.due:
            return None
        found = self.due.pop(substep, None)
        for old in [k for k in self.due if k < substep]:
            del self.due[old]
        return found

    def book(self, movers: Iterable[str], mirror: Mirror, bodies: Mapping[str, Body], now: float,
             until: float) -> None:
        """Book every graze of a path of ``movers`` against any body between ``now`` and ``until``."""
        rows = mirror.rows
        idx = [rows[b] for b in movers if b in rows]
        if not idx or len(rows) < 2:
            return
        ids = list(rows)
        z = mirror.z.copy()   # resting bodies: where Bullet holds them
        v = np.zeros(len(ids), dtype=np.complex128)
        for bid, (t0, x, y, vx, vy) in self.ref.items():
            row = rows.get(bid)
            if row is not None:
                z[row] = complex(x + vx * (now - t0), y + vy * (now - t0))
                v[row] = complex(vx, vy)
        radius = mirror.radius
        for i in idx:
            p = z[i] - z
            w = v[i] - v
            a = w.real * w.real + w.imag * w.imag
            b = p.real * w.real + p.imag * w.imag
            reach = radius[i] + radius
            c = p.real * p.real + p.imag * p.imag - reach * reach
            with np.errstate(divide="ignore", invalid="ignore"):
                disc = b * b - a * c
                root = np.sqrt(np.maximum(disc, 0.0))
                enter = (-b - root) / a
                leave = (-b + root) / a
            # Outside reach now, closing, and the paths come within reach before ``until``.
            hit = (a > 0.0) & (c > 0.0) & (b < 0.0) & (disc > 0.0) & (enter <= until - now)
            hit[i] = False
            for j in np.flatnonzero(hit):
                t_in = now + float(enter[j])
                t_out = now + float(leave[j])
                if _deepest_sample(t_in, t_out, now, complex(p[j]), complex(w[j]), float(reach[j])) > _SEEN_DEPTH:
                    continue  # Bullet sees the pair overlap and closing: its manifold makes the hit
                first = math.ceil(t_in)
                pair = (ids[i], ids[j]) if ids[i] < ids[j] else (ids[j], ids[i])
                # The scan after substep first + 1 sees the touches between boundaries first - 1 and first.
                self.due.setdefault(first + 1, set()).add(pair)


def _deepest_sample(t_in: float, t_out: float, now: float, p: complex, w: complex, reach: float) -> float:
    """How deep the pair overlaps at the last substep boundary within [t_in, t_out] where it still closes.

    Only there does Bullet see a hit: an overlap sampled once the pair is
    moving apart again gets no impulse from Bullet's solver (its split
    impulse corrects the position alone), or a push our scan rightly
    does not call a hit.  0 if no such boundary lies in the span.
    """
    a = w.real * w.real + w.imag * w.imag
    closest = now - (p.real * w.real + p.imag * w.imag) / a
    m = math.ceil(closest) - 1   # the last boundary before the closest approach
    if m < t_in or m > t_out:
        return 0.0
    return reach - abs(p + w * (m - now))
