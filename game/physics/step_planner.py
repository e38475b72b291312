"""When, inside the next stretch of a call, two bodies would touch: so a substep can end at that moment.

Bullet looks for touches only at the start of a substep, and only finds
two spheres once they overlap; it then pushes along their line of centres
as it is at that moment.  Two balls closing at v can overlap up to v h
before Bullet sees them, and the deeper, the further that line has turned
from the one they met on: a half-ball cut turns about 1.8 degrees per
millimetre (up to 23 degrees at the cap with h = 1/480 s).  So the
simulation ends a substep where the first pair would overlap by
``TOUCH_DEPTH`` (``Simulation._substeps_of_call``), and Bullet finds the
pair at the start of the next one, as they meet.  This module only says
when: bodies going straight on at their velocities in three dimensions
(a ball in the air meets another where their centres are a sum of radii
apart in space, not across the ground), the first time two that are
apart now would overlap that much; and, once a touch is stepped to, how
long the substep that solves it may be: until a body it sets moving could
reach a third, or another pair closing meanwhile would overlap
``TOUCH_DEPTH`` (so would the touch's own pair, if Bullet found it still
apart: a ball landing from a hop as it meets another).  Bullet still finds
and solves every touch.

It looks only when a pair could close its gap in the time asked about;
after a look that finds nothing it does not look again, while the same
bodies are awake, until the soonest any pair could have closed its gap
(each body's velocity changing by at most ``_ACCELERATION``).  A look
reads each mover's bodies nearest first, in plain floats, only as far as
can matter (``near_look.py``), and gives the very answer of the look over
every pair in numpy (``StepPlanner._full_look``, with ``near`` None).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from game.physics.near_look import REACH_MARGIN, TOUCH_DEPTH, Meeting, NearLook, meeting

if TYPE_CHECKING:   # world imports this module's planner through the simulation; the type only
    from game.physics.world import Body

# The most a body's velocity changes, Bullet units a second squared: gravity
# on a ball in the air (9.81 m/s^2) with the lead Sun's sliding friction
# (mu g = 0.55 x 9.81 m/s^2) across it, rounded up.
_ACCELERATION = 11500.0
# A struck body leaves at most this many times the speed at which its pair
# closed, plus the faster one's speed (the lead Sun on a marble: (1 + e) M / (M + m) ~ 1.6).
_STRUCK_SHARE = 2.0
_SHORTEST_SOLVE = 2e-6   # s: the shortest substep that solves a touch
# s: the substep that ends at a touch's depth starts at most about this long before the pair touches (twice it at
# most).  Bodies go straight on only between Bullet's solves: a ball landing from a hop changes its velocity by up to
# ~0.1 m/s in a substep, friction a slow pair's over a long approach; the nearer the last look, the less the pair can
# have turned from it (0.1 m/s x 0.2 ms = 0.02 mm deeper at most).
APPROACH_S = 1e-4


class Mover(NamedTuple):
    """An awake body at a call's start: its id, place, horizontal velocity (Bullet units, x + iy), height and
    vertical speed (Bullet units)."""

    id: str
    xy: complex
    v: complex
    z: float = 0.0
    vz: float = 0.0


Moving = list[Mover]


class Touch(NamedTuple):
    """The next touch to step to: in ``when_s`` from now the first pair touches; in ``deep_s`` the pair ``a``,
    ``b`` (rows), the first of all to get there, overlaps ``TOUCH_DEPTH`` (or comes closest, if it never
    overlaps that much); ``speed`` how fast that pair closes along its line of centres as it touches (Bullet
    units a second)."""

    when_s: float
    deep_s: float
    a: int
    b: int
    speed: float


class _AwakeRows(NamedTuple):
    """A look's constants while the same bodies are awake: their rows (an array for numpy, a list for the near
    look), and their rows of ``reach`` and ``reach2``; one cache, so the two forms cannot disagree."""

    rows: np.ndarray
    cols: list[int]
    reach: np.ndarray
    reach2: np.ndarray


class StepPlanner:
    """Where the bodies of one world are and how fast they go, and when two would next touch.

    Rows follow the bodies' order in the world.  A sleeping body does not
    move: its row keeps its place and a zero velocity.  Places and
    velocities are kept as three rows (x, y, height) of one array each, for
    the solve substep's bound and the full look, whose numpy takes every
    pair of a mover with every body in a few whole-array operations; the
    near look (``near``) keeps them in plain floats and writes the array
    only when numpy reads it.
    """

    __slots__ = ("state", "reach", "reach2", "rows", "awake", "clear_until", "free_s", "quiet_until", "_rows_of",
                 "near")

    def __init__(self) -> None:
        self.rows: dict[str, int] = {}
        # rows x, y (across the ground), z (the centre's height): places, then velocities; a column a body
        self.state = np.zeros((6, 0))
        self.reach = np.zeros((0, 0))             # sums of radii; -1e9 on the diagonal (a body never meets itself)
        self.reach2 = np.zeros((0, 0))            # their squares
        self.awake: tuple[str, ...] = ()        # the bodies moving at the last look
        self.clear_until = -math.inf            # shot time before which no pair could meet, at the last look
        self.free_s = math.inf                  # how long after the last look that found no touch to look again
        self.quiet_until = -math.inf            # shot time before which no pair comes within reach (the last look)
        # by the awake bodies' ids: a look's constants (their rows, and their rows of ``reach`` and ``reach2``)
        self._rows_of: dict[tuple[str, ...], _AwakeRows] = {}
        self.near: NearLook | None = NearLook()   # None: every look takes every pair, in numpy

    def rebuild(self, bodies: dict[str, Body]) -> None:
        """Take the bodies (``world.Body`` by id, in world order) where they are now, all still."""
        self.rows = {bid: i for i, bid in enumerate(bodies)}
        self.state = np.zeros((6, len(bodies)))
        if bodies:   # one array of every place (a column set from each of Panda's vectors costs 4 us a body)
            places = []
            for body in bodies.values():
                p = body.node.getTransform().getPos()
                places.append((p[0], p[1], p[2]))
            self.state[:3] = np.array(places).T
        r = np.array([body.radius for body in bodies.values()], dtype=np.float64)
        self.reach = r[:, None] + r[None, :]
        np.fill_diagonal(self.reach, -1e9)
        self.reach2 = self.reach * self.reach
        self.awake = ()
        self.clear_until = self.quiet_until = -math.inf
        self._rows_of = {}
        if self.near is not None:
            self.near.reset(self.reach)

    def next_touch(self, moving: Moving, lag_s: float, t_s: float, span_s: float) -> Touch | None:
        """The first pair not yet touching that would touch within ``span_s`` of shot time ``t_s``, or None.

        The places Panda reports lag Bullet's by ``lag_s`` (Bullet reports a
        body one substep back: its motion-state interpolation), so each is
        carried on by its velocity over that time.

        ``free_s`` says how long the world may be stepped before it must look
        again: the soonest a pair could close its gap, turned by friction or
        gravity off the straight lines looked along (infinite when no pair
        can within the span); ``quiet_until``, the shot time until then, as
        a look found it (a look skipped keeps the last one's).
        """
        ids = tuple(m.id for m in moving)
        self.free_s = math.inf
        if not moving or (ids == self.awake and t_s + span_s <= self.clear_until):
            return None
        self.awake = ids
        self.clear_until = -math.inf
        awake = self._take(ids, moving, lag_s)
        a = awake.rows
        if self.near is None:
            clear, meetings = self._full_look(a, awake.reach, awake.reach2, span_s)
        else:
            clear, meetings = self.near.look(self.reach, awake.cols, _ACCELERATION, span_s)
        self.free_s = clear
        self.quiet_until = t_s + clear
        if clear >= span_s:
            self.clear_until = t_s + clear
            return None
        # Step to the soonest any pair meeting in the span overlaps TOUCH_DEPTH (or comes closest): a slow pair
        # that touches first must not let a fast one that touches after it go deep before it.
        first, deepest = math.inf, None
        for found in meetings:
            if found.t < span_s:
                first = min(first, found.t)
                if deepest is None or found.deep < deepest.deep:
                    deepest = found
        if deepest is None:
            return None
        return Touch(first, deepest.deep, int(a[deepest.row]), deepest.col, deepest.closing)

    def _full_look(self, a: np.ndarray, reach: np.ndarray, reach2: np.ndarray,
                   span_s: float) -> tuple[float, list[Meeting]]:
        """Every pair of the movers (rows ``a``, their rows of ``reach`` and ``reach2``) with every body: the
        soonest any pair apart could close its gap, and, if that is within ``span_s``, the pairs meeting."""
        state = self._state()
        d = state[:, a, None] - state[:, None, :]   # each mover's offset from every body, and velocity
        d2 = d * d
        # the sums row by row, in place: the same additions, in the same order, as a sum over the axis
        dist2 = d2[0] + d2[1]
        dist2 += d2[2]
        qa = d2[3] + d2[4]
        qa += d2[5]
        qc = dist2 - reach2
        gap = np.sqrt(dist2)
        gap -= reach
        gap -= REACH_MARGIN
        clear = _time_to_close(qa, gap, qc > 0.0)   # pairs touching now are Bullet's
        if clear >= span_s:
            return clear, []
        return clear, _meetings(_dot(d), qa, qc, reach)

    def solve_span(self, moving: Moving, lag_s: float, touch: Touch, most_s: float) -> float:
        """How long the substep that solves ``touch`` may be (at most ``most_s``): the soonest a body the hit sets
        moving could come ``TOUCH_DEPTH`` into a third body, or any pair apart now, going straight on, would overlap
        that much (``_next_deep``), so that the touch after it is planned in its turn.

        Call it with the bodies as they are once stepped up to the touch.
        """
        awake = self._take(tuple(m.id for m in moving), moving, lag_s)
        self._state()
        self.awake = ()   # the hit changes who moves and how: look again after it
        self.quiet_until = -math.inf
        pair = [touch.a, touch.b]
        u = self.state[3:]
        speeds = _norm(u * u)
        struck = _STRUCK_SHARE * touch.speed + float(speeds[pair].max())
        moved = self._solved_with(pair)
        p = self.state[:3]
        d = p[:, moved, None] - p[:, None, :]
        gap = _norm(d * d)
        gap -= self.reach[moved]
        gap[gap <= 0.0] = math.inf   # pairs touching now: Bullet solves them in this substep
        soonest = float(((np.maximum(gap, 0.0) + TOUCH_DEPTH) / (struck + speeds)).min())
        deep = self._next_deep(awake.rows, awake.reach, awake.reach2)
        return float(min(most_s, max(_SHORTEST_SOLVE, min(soonest, deep))))

    def _solved_with(self, pair: list[int]) -> np.ndarray:
        """The rows of the touch's pair and of every body in another pair overlapping and closing now: Bullet
        solves them all in the substep that solves the touch, and each may leave it faster than it came, toward a
        body it was about to reach (a satellite bounced so in Saturn's crowd went 0.112 mm into another: rough
        earth, fuzz seed 1382987043)."""
        d = self.state[:, :, None] - self.state[:, None, :]
        d2 = d * d
        closing = ((d[:3] * d[3:]).sum(axis=0) < 0.0) & (d2[:3].sum(axis=0) < self.reach2)
        moved = closing.any(axis=0)
        moved[pair] = True
        return np.flatnonzero(moved)

    def _next_deep(self, a: np.ndarray, reach: np.ndarray, reach2: np.ndarray) -> float:
        """The soonest, going straight on, that a pair apart now (of the rows ``a`` moving, with any body, their
        rows of ``reach`` and ``reach2`` given) overlaps ``TOUCH_DEPTH``; infinite if none closes.

        A solve substep must end by then as well: another pair closing
        meanwhile (the step to this touch stopped short of it) would
        otherwise be found only after the substep, up to its whole travel
        deep; so would the pair of the touch itself, if a ball coming down
        through the air met the ground first and the pair is still apart.
        """
        d = self.state[:, a, None] - self.state[:, None, :]
        d2 = d * d
        qa = d2[3] + d2[4]
        qa += d2[5]
        qc = d2[0] + d2[1]
        qc += d2[2]
        qc -= reach2
        return min((m.deep for m in _meetings(_dot(d), qa, qc, reach)), default=math.inf)

    def _take(self, ids: tuple[str, ...], moving: Moving, lag_s: float) -> _AwakeRows:
        """Write the awake bodies' places (carried on by ``lag_s``) and velocities; the others are still.  Their
        rows (kept while the same bodies are awake: a look's constants).

        With a near look, the columns are written to its plain floats
        (``NearLook.take``), and ``state`` only when numpy reads it
        (``_state``)."""
        known = self._rows_of.get(ids)
        if known is None:
            a = np.fromiter((self.rows[i] for i in ids), dtype=np.intp, count=len(ids))
            known = self._rows_of[ids] = _AwakeRows(a, a.tolist(), self.reach[a], self.reach2[a])
        cols = known.cols
        values = [(m.xy.real + m.v.real * lag_s, m.xy.imag + m.v.imag * lag_s, m.z + m.vz * lag_s,
                   m.v.real, m.v.imag, m.vz) for m in moving]
        if self.near is not None:
            self.near.take(self.state, cols, values)
            return known
        state = self.state
        state[3:].fill(0.0)
        for i, column in zip(cols, values):
            state[:, i] = column
        return known

    def _state(self) -> np.ndarray:
        """``state`` as the last ``_take`` left the columns (a near look keeps them in plain floats)."""
        if self.near is not None:
            self.near.write(self.state)
        return self.state


def _norm(squares: np.ndarray) -> np.ndarray:
    """The square roots of the sums of three rows of ``squares``, added row by row: the same additions, in the
    same order, as a sum over the first axis, in fewer numpy calls."""
    out: np.ndarray = squares[0] + squares[1]
    out += squares[2]
    np.sqrt(out, out=out)
    return out


def _dot(d: np.ndarray) -> np.ndarray:
    """Each pair's offset (rows 0-2 of ``d``) dotted with its relative velocity (rows 3-5), added row by row."""
    out: np.ndarray = d[0] * d[3]
    out += d[1] * d[4]
    out += d[2] * d[5]
    return out


def _meetings(half_qb: np.ndarray, qa: np.ndarray, qc: np.ndarray, reach: np.ndarray) -> list[Meeting]:
    """The pairs apart now that meet going straight on, in row-major order.

    ``half_qb`` is each pair's offset dotted with its relative velocity, ``qa`` and ``qc`` the squared relative
    speed and squared distance less squared reach.  Which pairs meet is found on the whole arrays; each meeting's
    times are then worked out in plain floats (a look finds one to three: numpy's cost is per call, not per pair),
    by the very operations, in the same order, that numpy's would do.
    """
    # |d + dv t| = reach: qa t^2 + qb t + qc = 0, for pairs closing (qb < 0) and apart now (qc > 0).
    qb = 2.0 * half_qb
    disc = qb * qb - 4.0 * qa * qc
    rows, cols = np.nonzero((qb < 0.0) & (qc > 0.0) & (disc >= 0.0) & (qa > 0.0))
    return [meeting(*pair) for pair in zip(rows.tolist(), cols.tolist(), qa[rows, cols].tolist(),
                                             qb[rows, cols].tolist(), qc[rows, cols].tolist(),
                                             disc[rows, cols].tolist(), reach[rows, cols].tolist())]


def _time_to_close(speed2: np.ndarray, gap: np.ndarray, apart: np.ndarray | None = None) -> float:
    """The soonest any pair (of those ``apart``, if given) can close its ``gap`` from relative speed
    ``sqrt(speed2)``, each body braked or sped by friction; ``gap`` is spent.

    A body's velocity changes by at most ``_ACCELERATION`` a second between
    touches, so a pair closes at most ``s t + a t^2`` (both bodies turned
    toward each other) in ``t``: t = (sqrt(s^2 + 4 a gap) - s) / 2a, the
    soonest the pair that minimises the numerator.  The whole relative
    speed, not only how fast the pair closes along its line of centres now:
    on rough earth a new slab turns a ball's velocity at once, and counting
    the closing speed alone let a pair that was parting go 1.09 mm deep
    (fuzz seed 267669349).  Computed in place: a look runs some 80 times a
    heavy shot, and each numpy call costs about a microsecond whatever its size.
    """
    a = _ACCELERATION
    np.maximum(gap, 0.0, out=gap)
    gap *= 4.0 * a
    gap += speed2
    np.sqrt(gap, out=gap)
    gap -= np.sqrt(speed2)
    return float(gap.min(initial=np.inf, where=apart if apart is not None else True)) / (2.0 * a)
