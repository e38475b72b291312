"""The planner's look in plain floats, each mover's bodies nearest first, stopping where none left can matter.

A look (``step_planner.StepPlanner.next_touch``) finds the soonest any pair
of a mover with another body could close its gap, and the pairs meeting
within the span.  Numpy's cost there is per call, not per pair, and between
two of Bullet's calls every numpy call runs cold; a mover has only a few
bodies near it.  So each mover keeps every body in the order of their gaps
to it (its list, made with numpy when it starts moving, and again once it
has gone ``REMAKE`` or too many bodies have moved since), and a look works
out its pairs in plain floats, by the full look's operations in its order,
nearest first, until the rest cannot matter:

* a body at rest has no velocity, so its pair closes at the mover's own
  speed, and its time to close grows with its gap: the least is the least
  gap's.  A body at rest, not written since the list was made, has a gap
  now at least its gap then less how far the mover has gone; once that
  exceeds the least gap found, no body after it in the list can be nearer;
* nor can it meet the mover within the span, once it exceeds how far the
  mover goes in the span.

Every other mover, and every body written since the list was made, is
looked at in full.  So the answer is the full look's to the bit: the same
floats, the same minimum, the same meetings in the same order.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

# Bullet units two balls stepped up to a touch overlap when Bullet first sees
# them: deeper than split impulse's threshold (0.04 units), so the solver
# undoes the overlap by moving the balls, never by adding velocity (which,
# erp x depth / h, grows without bound as a substep shortens); and well
# under 0.1 mm, so the line of centres is the one they met on.
TOUCH_DEPTH = 0.065
# Bullet units a pair may come closer than its bounds say (rounding): the look's margin on every gap.
REACH_MARGIN = 0.02
# Bullet units (mm) a mover goes before its list is made again (the farther, the more bodies each look reads).
REMAKE = 150.0
# a list is made again once more than this many bodies were written since (each is looked at in full)
MOST_WRITTEN = 8
# Bullet units a gap kept back for rounding (gaps are some 1e3 units, their rounding some 1e-13), and the share of
# the span a meeting time is (1e-16 of it, relative)
_ROUNDING = 1e-6
_SPAN_ROUNDING = 1e-9


class Meeting(NamedTuple):
    """A pair apart now that meets going straight on: its row (among the movers) and column, when it touches, when
    it overlaps ``TOUCH_DEPTH`` (or comes closest, if never that deep), and how fast it closes as it touches."""

    row: int
    col: int
    t: float
    deep: float
    closing: float


def meeting(i: int, j: int, A: float, B: float, C: float, D: float, r: float) -> Meeting:
    """The pair (row ``i``, column ``j``) meeting: ``A t^2 + B t + C = 0`` with discriminant ``D``, reach ``r``."""
    t = (-B - math.sqrt(D)) / (2.0 * A)
    s = r - TOUCH_DEPTH
    d2 = B * B - 4.0 * A * (C + r * r - s * s)
    deep = (-B - math.sqrt(d2)) / (2.0 * A) if d2 >= 0.0 else -B / (2.0 * A)
    return Meeting(i, j, t, deep, -(B + 2.0 * A * t) / (2.0 * r))   # closing: d/dt |d| at the touch


Column = tuple[float, float, float, float, float, float]   # a body's place and velocity (Bullet units)


class NearList(NamedTuple):
    """Every body but a mover (columns, nearest first) and their gaps to it, when the list was made; where the
    mover was then, and the write the list follows."""

    cols: list[int]
    gaps: list[float]
    x: float
    y: float
    z: float
    made: int


class NearLook:
    """Each mover's list, and which columns of the planner's state were written since each was made.

    ``remake`` and ``most_written`` say when a list is made again
    (``REMAKE``, ``MOST_WRITTEN``); any value gives the same answers.
    """

    __slots__ = ("remake", "most_written", "_lists", "_stamp", "_writes", "_reach", "_reach_rows", "_of", "_columns",
                 "_moving")

    def __init__(self, remake: float = REMAKE, most_written: int = MOST_WRITTEN) -> None:
        self.remake = remake
        self.most_written = most_written
        self._lists: dict[int, NearList] = {}
        self._stamp: dict[int, int] = {}          # column: the write that last wrote it (columns ever written)
        self._writes = 0
        self._reach: np.ndarray | None = None
        self._reach_rows: list[list[float]] = []
        self._of: np.ndarray | None = None        # the planner's state array the columns follow
        self._columns: list[Column] = []          # its columns, in plain floats
        self._moving: list[int] = []              # the columns last written

    def reset(self, reach: np.ndarray) -> None:
        """A new table (its ``reach``): no list, and no column written since one."""
        self._lists = {}
        self._stamp = {}
        self._writes = 0
        self._reach = reach
        self._reach_rows = reach.tolist()

    def take(self, state: np.ndarray, cols: list[int], values: list[Column]) -> None:
        """The planner's ``state`` with the columns ``cols`` set to ``values`` (movers' places and velocities),
        every other body's velocity zero: kept here in plain floats, written to ``state`` by ``write``."""
        if state is not self._of:
            self._of = state
            self._columns = [(x, y, z, 0.0, 0.0, 0.0) for x, y, z in state[:3].T.tolist()]
            self._moving = []
        columns = self._columns
        for c in self._moving:
            x, y, z = columns[c][:3]
            columns[c] = (x, y, z, 0.0, 0.0, 0.0)
        self._writes += 1
        for c, column in zip(cols, values):
            columns[c] = column
            self._stamp[c] = self._writes
        self._moving = cols

    def write(self, state: np.ndarray) -> None:
        """Write the columns kept (``take``) into ``state``."""
        if state is self._of:
            state[:] = np.array(self._columns).T

    def look(self, reach: np.ndarray, rows: list[int], acceleration: float,
             span_s: float) -> tuple[float, list[Meeting]]:
        """The soonest any pair of the movers (``rows``) apart could close its gap (``step_planner._time_to_close``)
        and, if that is within ``span_s``, the pairs meeting (row-major): ``StepPlanner._full_look``'s answer."""
        if reach is not self._reach:
            self.reset(reach)
        columns = self._columns
        movers = set(rows)
        four_a = 4.0 * acceleration
        best, looked = math.inf, []
        for i in rows:
            near, moved, written = self._near(i, columns)
            best = min(best, _soonest(columns, i, self._reach_rows[i], near, moved, written, rows, movers, four_a))
            looked.append((near, moved, written))
        clear = best / (2.0 * acceleration)
        if clear >= span_s:
            return clear, []
        out: list[Meeting] = []
        for k, (i, (near, moved, written)) in enumerate(zip(rows, looked)):
            out += _meetings(columns, k, i, _within(near, moved, written, rows, columns[i], span_s), self._reach_rows[i])
        return clear, out

    def _near(self, i: int, columns: list[Column]) -> tuple[NearList, float, list[int]]:
        """Mover ``i``'s list (made again once it has gone ``remake``, or more than ``most_written`` columns were
        written since); how far it has gone since; the columns written since."""
        x, y, z = columns[i][:3]
        got = self._lists.get(i)
        if got is not None:
            moved = math.sqrt((x - got.x) ** 2 + (y - got.y) ** 2 + (z - got.z) ** 2)
            written = [c for c, s in self._stamp.items() if s > got.made]
            if moved <= self.remake and len(written) <= self.most_written:
                return got, moved, written
        got = self._lists[i] = self._make(i, columns)
        return got, 0.0, []

    def _make(self, i: int, columns: list[Column]) -> NearList:
        """Mover ``i``'s list now: every other body, nearest first, each with its gap less ``_ROUNDING`` (a list
        only orders the reading and bounds it, so its gaps need not be the look's very floats)."""
        x, y, z = columns[i][:3]
        sqrt = math.sqrt
        gaps = []
        for c, r in zip(columns, self._reach_rows[i]):
            d0, d1, d2 = x - c[0], y - c[1], z - c[2]
            gaps.append(sqrt(d0 * d0 + d1 * d1 + d2 * d2) - r - _ROUNDING)
        order = sorted(range(len(gaps)), key=gaps.__getitem__)
        order.remove(i)
        return NearList(order, [gaps[j] for j in order], x, y, z, self._writes)


def _soonest(columns: list[Column], i: int, reach: list[float], near: NearList, moved: float,
             written: list[int], rows: list[int], movers: set[int], four_a: float) -> float:
    """The least numerator of the time to close (``step_planner._time_to_close`` before its division) of mover
    ``i``'s pairs apart, in plain floats by the full look's operations in its order.

    The pairs with bodies at rest share the mover's squared speed (the
    full look adds it the same way: their velocity is zero), so their
    least is the least gap's; the list is read nearest first until a
    body's gap then, less how far the mover has gone since, exceeds the
    least found (none after it can be nearer now).  Bodies written since
    the list was made, and the other movers, are each looked at in full.
    """
    x, y, z, vx, vy, vz = columns[i]
    least = math.inf
    limit = moved + REACH_MARGIN + _ROUNDING
    for j, was in zip(near.cols, near.gaps):
        if was - limit > least:
            break
        if j not in movers:
            least = _least_gap(columns[j], x, y, z, reach[j], least)
    for j in written:
        if j not in movers:
            least = _least_gap(columns[j], x, y, z, reach[j], least)
    speed2 = vx * vx + vy * vy
    speed2 += vz * vz
    best = math.inf if least == math.inf else math.sqrt(max(least, 0.0) * four_a + speed2) - math.sqrt(speed2)
    for j in rows:
        if j != i:
            X, Y, Z, VX, VY, VZ = columns[j]
            d0, d1, d2, d3, d4, d5 = x - X, y - Y, z - Z, vx - VX, vy - VY, vz - VZ
            dist2 = d0 * d0 + d1 * d1
            dist2 += d2 * d2
            r = reach[j]
            if dist2 - r * r > 0.0:
                qa = d3 * d3 + d4 * d4
                qa += d5 * d5
                gap = math.sqrt(dist2) - r - REACH_MARGIN
                best = min(best, math.sqrt(max(gap, 0.0) * four_a + qa) - math.sqrt(qa))
    return best


def _least_gap(body: Column, x: float, y: float, z: float, r: float, least: float) -> float:
    """The lesser of ``least`` and the gap of a body at rest to a mover at ``x, y, z`` (reach ``r``), if apart."""
    d0, d1, d2 = x - body[0], y - body[1], z - body[2]
    dist2 = d0 * d0 + d1 * d1
    dist2 += d2 * d2
    if dist2 - r * r > 0.0:
        gap = math.sqrt(dist2) - r - REACH_MARGIN
        if gap < least:
            return gap
    return least


def _within(near: NearList, moved: float, written: list[int], rows: list[int], mover: Column,
            span_s: float) -> list[int]:
    """The columns (ascending) that could meet the mover within ``span_s``: its list read until a body's gap then,
    less how far the mover has gone, exceeds how far it goes in the span (a body at rest closes at its speed),
    the columns written since, and the other movers."""
    vx, vy, vz = mover[3], mover[4], mover[5]
    far = span_s * (1.0 + _SPAN_ROUNDING) * math.sqrt(vx * vx + vy * vy + vz * vz) + moved + _ROUNDING
    cols = set(written).union(rows)
    for j, was in zip(near.cols, near.gaps):
        if was > far:
            break
        cols.add(j)
    return sorted(cols)


def _meetings(columns: list[Column], k: int, i: int, cols: list[int], reach: list[float]) -> list[Meeting]:
    """The pairs of mover ``i`` (row ``k``) with ``cols`` (ascending) that meet going straight on:
    ``step_planner._meetings``, in plain floats."""
    out = []
    x, y, z, vx, vy, vz = columns[i]
    for j in cols:
        if j == i:
            continue
        X, Y, Z, VX, VY, VZ = columns[j]
        d0, d1, d2, d3, d4, d5 = x - X, y - Y, z - Z, vx - VX, vy - VY, vz - VZ
        r = reach[j]
        qc = d0 * d0 + d1 * d1
        qc += d2 * d2
        qc -= r * r
        qa = d3 * d3 + d4 * d4
        qa += d5 * d5
        half_qb = d0 * d3 + d1 * d4
        half_qb += d2 * d5
        qb = 2.0 * half_qb
        disc = qb * qb - 4.0 * qa * qc
        if qb < 0.0 and qc > 0.0 and disc >= 0.0 and qa > 0.0:
            out.append(meeting(k, j, qa, qb, qc, disc, r))
    return out
