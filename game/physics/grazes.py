"""Grazes: touches Bullet's sampled overlap test never sees, found on the bodies' straight paths.

Bullet tests for overlap only at substep boundaries, so a path that cuts
into another ball's reach between two of them is no hit to Bullet; a graze
is a hit. Between two velocity changes every body moves on a straight
line, so at each change a mover's path is solved for its first touch and
the touch is booked for the contact scan (``resolver.resolve``). The same
asks gate the scan: it is installed for a tick only if some pair comes
within ``NEAR_SLACK`` of touching (``Paths.book``), and Bullet steps that
tick only from about when the first pair does.

Units: times in substeps, lengths in Bullet units, velocities in Bullet
units per substep. Each moved body keeps its path because Panda's node
transforms lag Bullet inside ``doPhysics``. More: ``docs/physics.md``, "Grazes".
"""

from __future__ import annotations

import bisect
import math
from types import MappingProxyType
from typing import Iterable, Mapping

from game.physics.world import NEAR_SLACK, Body, Mirror

Pair = tuple[str, str]

# Bullet units (mm): an overlap at a boundary shallower than this may be
# missed by Bullet's single-precision test, so such a touch is booked too
# (if Bullet did see it, the scan resolves it from Bullet's manifold).
_SEEN_DEPTH = 1e-3


class Paths:
    """Each moved body's straight path and the grazes booked by substep.

    The paths are written only through these methods, which keep the
    bookkeeping of which bodies move (``set``) and which bookings are due.
    """

    __slots__ = ("_ref", "_due", "_near", "_soonest", "_moving", "_stopped", "starts", "bookings")

    def __init__(self) -> None:
        # From substep t the body is at (x, y) moving (vx, vy) per substep: (t, x, y, vx, vy).
        self._ref: dict[str, tuple[float, float, float, float, float]] = {}
        self._due: dict[int, set[Pair]] = {}
        # Each mover's resting candidates: the soonest each could be touched, and its id.
        self._near: dict[str, list[tuple[float, str]]] = {}
        # Two moving bodies: the soonest they could meet, until one turns.
        self._soonest: dict[Pair, float] = {}
        # The bodies whose paths move, in the order they started, and those
        # that stopped since the last ask (``_settle``).
        self._moving: dict[str, None] = {}
        self._stopped: list[str] = []
        # Read-only views for the hot loops (rolling resistance, the per-substep callback).
        self.starts: Mapping[str, tuple[float, float, float, float, float]] = MappingProxyType(self._ref)
        self.bookings: Mapping[int, set[Pair]] = MappingProxyType(self._due)

    def clear(self) -> None:
        self._ref.clear()
        self._moving.clear()
        self.new_shot()

    def new_shot(self) -> None:
        """Forget the bookings and candidates of the last shot; the paths stay."""
        self._due.clear()
        self._near.clear()
        self._soonest.clear()
        self._stopped.clear()

    def set(self, bid: str, t: float, x: float, y: float, vx: float, vy: float) -> None:
        """From substep ``t`` the body is at (x, y) moving (vx, vy) per substep."""
        self._ref[bid] = (t, x, y, vx, vy)
        if vx or vy:
            self._moving[bid] = None
        elif bid in self._moving:
            del self._moving[bid]
            self._stopped.append(bid)

    def slow(self, slowed: list[tuple[str, float, float, float, float, float]]) -> None:
        """Moving bodies keep their directions at lower speeds (rolling resistance): no turn, no stop.

        Each as (body, t, x, y, vx, vy), as ``set`` takes them.
        """
        ref = self._ref
        for bid, t, x, y, vx, vy in slowed:
            ref[bid] = (t, x, y, vx, vy)

    def forget(self, bid: str) -> None:
        self._ref.pop(bid, None)
        self._moving.pop(bid, None)
        self._near.clear()
        self._soonest.clear()

    def at(self, bid: str, body: Body, t: float) -> tuple[float, float]:
        """Where Bullet holds the body at substep ``t`` (Bullet units)."""
        path = self._ref.get(bid)
        if path is None:
            p = body.node.getTransform().getPos()  # not moved since placed: exact
            return (p[0], p[1])
        t0, x, y, vx, vy = path
        return (x + vx * (t - t0), y + vy * (t - t0))

    def velocity(self, bid: str) -> tuple[float, float] | None:
        """The body's path velocity (Bullet units a substep), None if it has no path."""
        path = self._ref.get(bid)
        return None if path is None else (path[3], path[4])

    def candidates(self, bid: str) -> list[str]:
        """The resting bodies kept as a mover's candidates, soonest first."""
        return [other for _soonest, other in self._near.get(bid, [])]

    def stop_all(self, bodies: Mapping[str, Body], mirror: Mirror, now: float) -> None:
        """Every body with a path stops where its path has brought it at ``now``; the mirror holds it there."""
        z = mirror.z
        rows = mirror.rows
        for bid in list(self._ref):
            x, y = self.at(bid, bodies[bid], now)
            self.set(bid, now, x, y, 0.0, 0.0)
            z[rows[bid]] = complex(x, y)
        self._due.clear()

    def take(self, substep: int) -> set[Pair] | None:
        """The grazes booked for the scan after ``substep`` (``drop_before`` clears missed ones)."""
        return self._due.pop(substep, None)

    def drop_before(self, substep: int) -> None:
        """Forget bookings for scans that did not run (the scan was off then)."""
        due = self._due
        if due:
            for old in [k for k in due if k < substep]:
                del due[old]

    def book(self, movers: Iterable[str], mirror: Mirror, now: float, until: float, fresh: bool) -> float:
        """Book every graze of a path of ``movers`` against any body between ``now`` and ``until``.

``fresh``: the movers' directions are new (a shot or a hit), so the resting
bodies their paths pass are looked for again; otherwise the kept ones are
asked. Returns the substep at which some pair first comes within
``NEAR_SLACK`` of touching, ``math.inf`` if none does before ``until``:
the contact scan's gate, and where Bullet must start stepping (without the
scan nothing turns, so the straight paths are exact).
"""
        rows = mirror.rows
        if len(rows) < 2:
            return math.inf
        span = until - now
        moving = self._moving
        if self._stopped:
            self._settle(mirror, now)
        asked = dict.fromkeys(movers)
        radius = mirror.radius
        soonest_of = self._soonest
        first = math.inf
        for bid in asked:
            if bid not in moving:
                continue   # stopped
            i = rows[bid]
            zi = vi = None
            kept = self._near.get(bid)
            if fresh or kept is None:
                zi, vi = self._state(bid, mirror, now)
                kept = self._near[bid] = self._look(i, zi, vi, mirror, now)
            for soonest, other in kept:
                if soonest > until:
                    break   # kept soonest first
                if other in rows and other not in moving:
                    if zi is None:
                        zi, vi = self._state(bid, mirror, now)
                    zj, _vj = self._state(other, mirror, now)
                    reach = radius[i] + radius[rows[other]]
                    entry = _entry(zi - zj, vi, reach, span)
                    if entry <= span:
                        first = min(first, now + entry)
                        self._book_pair(bid, other, zi - zj, vi, reach, now, span)
            for other in moving:
                if other == bid or (other in asked and other < bid):
                    continue   # the same pair, asked from the other side
                pair = (bid, other) if bid < other else (other, bid)
                if not fresh and soonest_of.get(pair, -math.inf) > until:
                    continue   # neither turned since: still out of reach
                if zi is None:
                    zi, vi = self._state(bid, mirror, now)
                zj, vj = self._state(other, mirror, now)
                d = zi - zj
                reach = radius[i] + radius[rows[other]]
                closing = abs(vi) + abs(vj)   # at most; speeds only drop until one turns
                soonest_of[pair] = now + (abs(d) - reach - NEAR_SLACK) / closing
                entry = _entry(d, vi - vj, reach, span)
                if entry <= span:
                    first = min(first, now + entry)
                    self._book_pair(bid, other, d, vi - vj, reach, now, span)
        return first

    def _settle(self, mirror: Mirror, now: float) -> None:
        """Add the bodies that stopped since the last ask to the kept candidates of every mover.

        A body moving when a mover looked was asked as a moving pair, not
        kept; once it stops where that mover's path passes, it must be kept.
        """
        rows = mirror.rows
        settled = [bid for bid in self._stopped if bid in rows and bid not in self._moving]
        self._stopped.clear()
        for bid in settled:   # (a hit may have stopped it dead: the mirror learns where)
            mirror.z[rows[bid]] = self._state(bid, mirror, now)[0]
        radius = mirror.radius
        for bid, kept in self._near.items():
            if bid not in self._moving:
                continue
            zi, vi = self._state(bid, mirror, now)
            si = abs(vi)
            ri = radius[rows[bid]]
            for other in settled:
                # (A body kept from before it was struck is kept where it lay then.)
                kept[:] = [entry for entry in kept if entry[1] != other]
                zj, _vj = self._state(other, mirror, now)
                soonest = _soonest(zi - zj, vi, si, radius[rows[other]] + ri + NEAR_SLACK, now)
                if soonest is not None:
                    bisect.insort(kept, (soonest, other))

    def _state(self, bid: str, mirror: Mirror, now: float) -> tuple[complex, complex]:
        """Position and velocity of a body at ``now`` (Bullet units, per substep)."""
        path = self._ref.get(bid)
        if path is None:
            return complex(mirror.z[mirror.rows[bid]]), 0j
        t0, x, y, vx, vy = path
        return complex(x + vx * (now - t0), y + vy * (now - t0)), complex(vx, vy)

    @staticmethod
    def _look(i: int, zi: complex, vi: complex, mirror: Mirror, now: float) -> list[tuple[float, str]]:
        """The resting bodies the mover's straight path comes near, and how soon at the earliest.

        Near is within ``NEAR_SLACK`` of touching: ahead on its path, or
        already (a body it presses against, or has just left).  They hold
        until the mover turns (a hit, which looks again): rolling slows a
        body, never turns it, so the soonest stays a lower bound.  (Rows of
        moving bodies come out too, harmlessly: they are asked on their
        paths instead.)
        """
        si = abs(vi)
        lateral2 = si * si
        ahead = vi.conjugate()
        ri = mirror.radius[i]
        ids = mirror.ids
        found = []
        for j, (zj, rj) in enumerate(zip(mirror.z, mirror.radius)):
            d = zi - zj
            q = ahead * d
            reach = rj + ri + NEAR_SLACK   # touching distance plus the slack
            dist = abs(d)
            if not (q.real < 0.0 and q.imag * q.imag < reach * reach * lateral2) and not dist < reach:
                continue   # neither ahead within reach of its line, nor within reach now
            if j != i:
                found.append((now + (dist - reach) / si, ids[j]))
        found.sort()
        return found

    def _book_pair(self, a: str, b: str, p: complex, w: complex, reach: float, now: float, span: float) -> None:
        """Book the pair if its straight paths graze within ``span`` substeps of ``now``."""
        ww = w.real * w.real + w.imag * w.imag
        pw = p.real * w.real + p.imag * w.imag
        c = p.real * p.real + p.imag * p.imag - reach * reach
        if ww == 0.0 or c <= 0.0 or pw >= 0.0:
            return   # not moving relative to each other, within reach already, or apart
        disc = pw * pw - ww * c
        if disc <= 0.0:
            return   # the paths never come within reach
        root = math.sqrt(disc)
        enter = (-pw - root) / ww
        if enter > span:
            return
        t_in = now + enter
        t_out = now + (-pw + root) / ww
        if _deepest_sample(t_in, t_out, now, p, w, reach) > _SEEN_DEPTH:
            return   # Bullet sees the pair overlap and closing: its manifold makes the hit
        pair = (a, b) if a < b else (b, a)
        # The scan after substep first + 1 sees the touches between boundaries first - 1 and first.
        self._due.setdefault(math.ceil(t_in) + 1, set()).add(pair)


def _soonest(d: complex, v: complex, speed: float, reach: float, now: float) -> float | None:
    """The earliest a mover ``d`` from a resting body, moving ``v`` (``speed``) a substep, could come within ``reach``.

    None if its straight path never does: ``_look`` for one body.
    """
    dist = abs(d)
    if dist >= reach:
        q = v.conjugate() * d
        if not (q.real < 0.0 and q.imag * q.imag < reach * reach * speed * speed):
            return None
    return now + (dist - reach) / speed


def _entry(p: complex, w: complex, touch: float, span: float) -> float:
    """Substeps until two straight paths, ``p`` apart and ``w`` a substep relative to each other, come near.

    Near is within ``NEAR_SLACK`` of ``touch``, the touching distance;
    ``math.inf`` if they do not within ``span``.  A pair near already is
    near from now if it closes or overlaps, and never if it parts or keeps
    its distance without overlapping (straight paths only part further).
    """
    reach = touch + NEAR_SLACK
    dd = p.real * p.real + p.imag * p.imag
    c = dd - reach * reach
    pw = p.real * w.real + p.imag * w.imag
    if c <= 0.0:
        return 0.0 if pw < 0.0 or dd < touch * touch else math.inf
    if pw >= 0.0:
        return math.inf   # not closing
    ww = w.real * w.real + w.imag * w.imag
    disc = pw * pw - ww * c
    if disc < 0.0:
        return math.inf   # the paths pass wide
    t = (-pw - math.sqrt(disc)) / ww
    return t if t <= span else math.inf


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
