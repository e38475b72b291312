"""Where a hit's impulse is computed: time of contact, the impulse of two rolling spheres, the order of hits.

Pure Python over plain records, so the laws are unit-tested on numbers alone
(``tests/physics/test_phys_resolver.py``). The answer is ours, not Bullet's,
because Bullet sees a hit up to a substep late with the balls overlapping:
each new pair is rewound to the instant it touched (``touch_back_s``) and,
earliest touch first, given the impulse of two rolling spheres
(``rolling_spheres_impulse``). ``contacts.BulletContacts`` feeds it.

Units are in the names: ``_mm``, ``_mmps`` (mm/s), ``_mNs`` (kg mm/s), ``_s``.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field
from typing import Mapping, Protocol

from game.physics.units import BULLET_UNIT
from game.rules.events import Contact

Pair = tuple[str, str]

MIN_HIT_SPEED_MPS = 1e-3    # a new pair closing slower is a nudge, not a hit
REHIT_SPEED_MPS = 0.05      # a touching pair closing faster was struck anew


@dataclass(slots=True, frozen=True)
class Ball:
    """What a hit needs to know of a body (restitution and friction are per body, combined by product)."""

    mass_kg: float
    radius_mm: float
    restitution: float
    friction: float


@dataclass(slots=True)
class Velocity:
    """A body's horizontal velocity, updated hit by hit."""

    vx_mmps: float
    vy_mmps: float


class TouchKind(enum.Enum):
    """Where a pair to look at came from."""

    MANIFOLD = "manifold"    # Bullet pushed the pair apart this substep
    GRAZE = "graze"          # booked on the straight paths: a touch between two boundaries
    FOLLOW_ON = "follow-on"  # a struck body's new path may meet it before the substep ends


@dataclass(slots=True)
class Touch:
    """A pair that may have hit in this substep, in the frame of the substep's start.

    ``a_from_b_mm`` is A's centre relative to B's and ``b_at_mm`` B's centre,
    both at the substep's start (Bullet's narrow phase).  ``new``: the pair
    did not touch in the last substep.  ``passing``: its touch may lie behind
    it although it moves apart now (a booked graze).  ``bullet_impulse_mNs``
    is what Bullet's solver gave A (B got its opposite); ``handle`` is the
    adapter's hold on the manifold, whose impulses Bullet must forget if ours replaces them.
    """

    a: str
    b: str
    kind: TouchKind
    new: bool
    a_from_b_mm: tuple[float, float]
    b_at_mm: tuple[float, float]
    passing: bool = False
    bullet_impulse_mNs: tuple[float, float] = (0.0, 0.0)
    handle: object = None


@dataclass(slots=True)
class Substep:
    """The substep being resolved: its length and the shot time at its end."""

    h_s: float
    t_end_s: float


@dataclass(slots=True)
class Ask:
    """Which bodies could a body at (x, y) moving at (vx, vy) meet within ``travel_mm``?"""

    body: str
    x_mm: float
    y_mm: float
    vx_mmps: float
    vy_mmps: float
    travel_mm: float


class Surroundings(Protocol):
    """What the resolver reads of the world beyond the touches (the adapter answers from Bullet)."""

    def velocity_mmps(self, body: str) -> tuple[float, float]:
        """The velocity Bullet moved ``body`` with through this substep."""

    def start_mm(self, body: str) -> tuple[float, float]:
        """Where ``body`` was at the substep's start."""

    def velocity_at_mmps(self, body: str, t_s: float) -> tuple[float, float] | None:
        """``body``'s own velocity at shot time ``t_s`` (its motion's, which Bullet's chord averages).

        None if it has none of its own (at rest until Bullet moved it): its path's velocity is its own.
        """

    def nearby(self, asks: list[Ask]) -> list[list[str]]:
        """For each ask, the bodies its path could meet (a superset)."""


@dataclass(slots=True)
class Impulse:
    """The impulse on A (B gets its opposite): its normal part and its x, y components."""

    normal_mNs: float
    x_mNs: float
    y_mNs: float


@dataclass(slots=True)
class Shift:
    """How far a struck body lies from where its old velocity would have taken it (mm).

    ``ahead_*`` is the part from touches ahead of the narrow phase, where
    the body was still on its old path.
    """

    x_mm: float = 0.0
    y_mm: float = 0.0
    ahead_x_mm: float = 0.0
    ahead_y_mm: float = 0.0


@dataclass(slots=True)
class VelocityChange:
    """A body's velocity through the substep (Bullet's) and from now on (ours); ``write``: set it.

    ``unsolved_mmps`` is its velocity before Bullet's solve: for a body no
    hit struck, ``after - unsolved`` is the push Bullet's answer gave it.
    """

    before_mmps: tuple[float, float]
    after_mmps: tuple[float, float]
    write: bool
    unsolved_mmps: tuple[float, float] = (0.0, 0.0)


@dataclass(slots=True)
class Resolution:
    """The answer to one substep: events in time order, new velocities, shifts, impulses to forget."""

    contacts: list[Contact] = field(default_factory=list)
    velocities: dict[str, VelocityChange] = field(default_factory=dict)
    shifts: dict[str, Shift] = field(default_factory=dict)
    forget: list[object] = field(default_factory=list)


def rolling_spheres_impulse(closing_mmps: float, nx: float, ny: float, wx_mmps: float, wy_mmps: float,
                            a: Ball, b: Ball) -> Impulse:
    """The impulse on A of two smooth-rolling spheres meeting along the unit normal (nx, ny) from B to A.

    ``closing_mmps`` is the relative velocity along that normal (< 0),
    (wx, wy) the whole relative velocity of A from B.  Normal
    ``J = m_red (1 + e) |v_rel . n|`` with e the product of restitutions;
    tangential ``min(mu J, 2/7 m_red |v_t|)`` against the sliding (2/7: a
    solid sphere's rolling contact, beyond which the surfaces stop slipping).
    """
    m_red = a.mass_kg * b.mass_kg / (a.mass_kg + b.mass_kg)
    e = a.restitution * b.restitution
    jn = -(1.0 + e) * m_red * closing_mmps
    tx, ty = wx_mmps - closing_mmps * nx, wy_mmps - closing_mmps * ny
    slide = math.hypot(tx, ty)
    mu = a.friction * b.friction
    jt = min(mu * jn, 2.0 / 7.0 * m_red * slide)
    ix, iy = jn * nx, jn * ny
    if slide > 0.0:
        ix -= jt * tx / slide
        iy -= jt * ty / slide
    return Impulse(jn, ix, iy)


def touch_back_s(gap_x_mm: float, gap_y_mm: float, wx_mmps: float, wy_mmps: float, reach_mm: float,
                 latest_s: float = math.inf, passing: bool = False) -> float | None:
    """Time of contact: how long before now A, ``gap`` from B and moving at ``w`` relative to it, touched B.

    Solves ``|gap - w s| = reach`` for the touching root.  Usually the gap
    lies within reach (the balls overlap) and s >= 0; a pair stopped just
    short of touching gives s < 0 (the touch lies ahead).  None when the
    pair is not closing or its paths never come within reach.

    ``latest_s`` is how long before now the last hit of this substep was
    resolved: velocities hold only since then, so no touch is found before
    it; a pair already within reach then and closing touched then (a ball
    struck while pressed against another passes the blow on at once).
    ``passing``: a graze, out of reach now and moving apart, whose touch
    lies behind it.
    """
    px, py, wx, wy = gap_x_mm, gap_y_mm, wx_mmps, wy_mmps
    ww = wx * wx + wy * wy
    if ww == 0.0:
        return None
    pw = px * wx + py * wy
    disc = pw * pw - ww * (px * px + py * py - reach_mm * reach_mm)
    if disc < 0.0:
        return None
    s = (pw + math.sqrt(disc)) / ww
    if s <= latest_s:
        return s if pw < 0.0 or passing else None
    # Within reach at ``latest_s`` (the exit root lies after it): closing then?
    if (pw - math.sqrt(disc)) / ww <= latest_s and (px - wx * latest_s) * wx + (py - wy * latest_s) * wy < 0.0:
        return latest_s
    return None


@dataclass(slots=True)
class _Earliest:
    back_s: float
    index: int
    nx: float
    ny: float
    closing_mmps: float


_MIN_HIT_MMPS = MIN_HIT_SPEED_MPS * BULLET_UNIT
_REHIT_MMPS = REHIT_SPEED_MPS * BULLET_UNIT


def resolve(touches: list[Touch], balls: Mapping[str, Ball], step: Substep, around: Surroundings) -> Resolution:
    """Replace Bullet's answer to this substep's touches by the ideal one, earliest touch first.

    A hit is a new pair closing at ``MIN_HIT_SPEED_MPS`` or more, or a
    touching pair suddenly closing at ``REHIT_SPEED_MPS`` (struck from
    behind); anything gentler (resting balls Bullet nudges apart, one ball
    pushing another) keeps Bullet's answer and makes no event.  Hits are
    resolved earliest touch first, each no earlier than the last, so the
    contacts come out in time order.
    """
    return _Resolver(touches, balls, step, around).run()


class _Resolver:
    """One substep's resolution; its state is what the hits so far have changed."""

    def __init__(self, touches: list[Touch], balls: Mapping[str, Ball], step: Substep,
                 around: Surroundings) -> None:
        self.touches = list(touches)
        self.balls = balls
        self.h = step.h_s
        self.t_end = step.t_end_s
        self.around = around
        self.velocity: dict[str, Velocity] = {}
        self.solved: dict[str, tuple[float, float]] = {}   # Bullet's velocities through the substep
        self.unsolved: dict[str, tuple[float, float]] = {}  # and before its solve
        self.quiet: set[str] = set()    # read only for a follow-on look: set only if struck
        self.struck: set[str] = set()
        self.shift: dict[str, Shift] = {}
        self.seen = {_pair(t.a, t.b) for t in self.touches}
        self.waiting = list(range(len(self.touches)))
        # How long before now the last resolved hit touched.  It starts a
        # substep back: Bullet saw no overlap then (or the pair already
        # touched), so every event of this substep falls between the last
        # substep's and the next one's.
        self.latest = self.h
        self.fresh: list[str] = []     # struck since the last follow-on look
        self.out = Resolution()
        self.any_manifold = any(t.kind is TouchKind.MANIFOLD for t in self.touches)

    def _read(self, bid: str) -> Velocity:
        v = self.velocity.get(bid)
        if v is None:
            vx, vy = self.around.velocity_mmps(bid)
            v = self.velocity[bid] = Velocity(vx, vy)
            self.solved[bid] = (vx, vy)
        return v

    def run(self) -> Resolution:
        for t in self.touches:
            va = self._read(t.a)
            vb = self._read(t.b)
            if t.kind is TouchKind.MANIFOLD:   # take back what Bullet gave: A +j, B -j
                jx, jy = t.bullet_impulse_mNs
                ma, mb = self.balls[t.a].mass_kg, self.balls[t.b].mass_kg
                va.vx_mmps -= jx / ma
                va.vy_mmps -= jy / ma
                vb.vx_mmps += jx / mb
                vb.vy_mmps += jy / mb
        self.unsolved = {bid: (v.vx_mmps, v.vy_mmps) for bid, v in self.velocity.items()}
        while True:
            best = self._earliest()
            if best is not None:
                self._hit(best)
            elif not (self.fresh and self._follow_on()):
                break
        self._keep_bullets_answer()
        return self._finish()

    def _earliest(self) -> _Earliest | None:
        """Of the waiting pairs still closing fast enough to count as a hit, the one that touched first."""
        best: _Earliest | None = None
        shift = self.shift
        for i in self.waiting:
            t = self.touches[i]
            va = self.velocity[t.a]
            vb = self.velocity[t.b]
            px, py = t.a_from_b_mm
            sa = shift.get(t.a)
            if sa is not None:
                px += sa.x_mm
                py += sa.y_mm
            sb = shift.get(t.b)
            if sb is not None:
                px -= sb.x_mm
                py -= sb.y_mm
            wx, wy = va.vx_mmps - vb.vx_mmps, va.vy_mmps - vb.vy_mmps
            reach = self.balls[t.a].radius_mm + self.balls[t.b].radius_mm
            s_back = touch_back_s(px, py, wx, wy, reach, self.latest, t.passing)
            if s_back is None:
                continue
            if t.kind is TouchKind.FOLLOW_ON:
                if s_back < -self.h:
                    continue  # beyond this substep: the next one's narrow phase sees it
            else:
                s_back = max(s_back, 0.0)  # Bullet stopped just short: it touches now
            cx, cy = px - wx * s_back, py - wy * s_back
            c = math.hypot(cx, cy)
            closing = (wx * cx + wy * cy) / c  # < 0
            if -closing < (_MIN_HIT_MMPS if t.new else _REHIT_MMPS):
                continue
            if best is None or s_back > best.back_s:  # the earliest touch
                best = _Earliest(s_back, i, cx / c, cy / c, closing)
        return best

    def _hit(self, best: _Earliest) -> None:
        """Apply the rolling spheres' impulse at the touching instant; queue the contact."""
        s_back = best.back_s
        self.waiting.remove(best.index)
        self.latest = s_back
        t = self.touches[best.index]
        a, b = t.a, t.b
        bx, by = t.b_at_mm
        sb = self.shift.get(b)
        if sb is not None:
            bx += sb.x_mm
            by += sb.y_mm
        ball_a, ball_b = self.balls[a], self.balls[b]
        va, vb = self.velocity[a], self.velocity[b]
        t_touch = max(0.0, self.t_end - self.h - s_back)
        # Where they touched: B's surface point toward A, with B rewound on its path.
        rb = ball_b.radius_mm
        where = (float(bx - vb.vx_mmps * s_back + rb * best.nx) / BULLET_UNIT,
                 float(by - vb.vy_mmps * s_back + rb * best.ny) / BULLET_UNIT)
        # The path (Bullet's chord) found the touch; the impulse takes each
        # ball's own velocity at that instant (a ball struck earlier in this
        # substep has it already).
        before = {bid: (v.vx_mmps, v.vy_mmps) for bid, v in ((a, va), (b, vb))}
        for bid, v in ((a, va), (b, vb)):
            if bid not in self.struck:
                own = self.around.velocity_at_mmps(bid, t_touch)
                if own is not None:
                    v.vx_mmps, v.vy_mmps = own
        wx, wy = va.vx_mmps - vb.vx_mmps, va.vy_mmps - vb.vy_mmps
        closing = wx * best.nx + wy * best.ny
        if not closing < 0.0:   # (its own velocity no longer closes: the path's does)
            va.vx_mmps, va.vy_mmps = before[a]
            vb.vx_mmps, vb.vy_mmps = before[b]
            wx, wy = va.vx_mmps - vb.vx_mmps, va.vy_mmps - vb.vy_mmps
            closing = best.closing_mmps
        self.struck.add(a)
        self.struck.add(b)
        if t.handle is not None:
            self.out.forget.append(t.handle)
        imp = rolling_spheres_impulse(closing, best.nx, best.ny, wx, wy, ball_a, ball_b)
        ma, mb = ball_a.mass_kg, ball_b.mass_kg
        va.vx_mmps += imp.x_mNs / ma
        va.vy_mmps += imp.y_mNs / ma
        vb.vx_mmps -= imp.x_mNs / mb
        vb.vy_mmps -= imp.y_mNs / mb
        for bid, v in ((a, va), (b, vb)):
            dvx = v.vx_mmps - before[bid][0]
            dvy = v.vy_mmps - before[bid][1]
            moved = self.shift.get(bid)
            if moved is None:
                moved = self.shift[bid] = Shift()
            moved.x_mm += dvx * s_back
            moved.y_mm += dvy * s_back
            if s_back < 0.0:   # ahead of the narrow phase: the body was still on its old path then
                moved.ahead_x_mm += dvx * s_back
                moved.ahead_y_mm += dvy * s_back
        first, second = _pair(a, b)
        self.out.contacts.append(Contact(t_touch, first, second, imp.normal_mNs / BULLET_UNIT, where))
        for bid in (a, b):
            if bid not in self.fresh:
                self.fresh.append(bid)

    def _follow_on(self) -> bool:
        """Add the pairs the bodies struck since the last look could meet before the substep ends."""
        added = False
        for bid, other, gap, b_at in _follow_on_pairs(self.fresh, self.balls, self.velocity, self.shift,
                                                       self.around, self.seen, self.h):
            if other not in self.velocity:
                self._read(other)
                self.quiet.add(other)
            self.seen.add(_pair(bid, other))
            self.touches.append(Touch(bid, other, TouchKind.FOLLOW_ON, True, gap, b_at))
            self.waiting.append(len(self.touches) - 1)
            added = True
        self.fresh = []
        return added

    def _keep_bullets_answer(self) -> None:
        """The pairs left waiting were nudges or pushes, not hits: Bullet's answer stands for them."""
        for i in self.waiting:
            t = self.touches[i]
            a, b = t.a, t.b
            if a in self.struck or b in self.struck:
                # Bullet solved this pair together with a hit we replaced:
                # its share of that answer goes too.
                if t.handle is not None:
                    self.out.forget.append(t.handle)
                continue
            jx, jy = t.bullet_impulse_mNs
            va, vb = self.velocity[a], self.velocity[b]
            va.vx_mmps += jx / self.balls[a].mass_kg
            va.vy_mmps += jy / self.balls[a].mass_kg
            vb.vx_mmps -= jx / self.balls[b].mass_kg
            vb.vy_mmps -= jy / self.balls[b].mass_kg

    def _finish(self) -> Resolution:
        out = self.out
        for bid, v in self.velocity.items():
            if bid in self.quiet and bid not in self.struck:
                continue  # looked at, never struck: left as it was
            # (A graze that found no touch leaves its bodies be.)
            write = self.any_manifold or bid in self.struck
            out.velocities[bid] = VelocityChange(self.solved[bid], (v.vx_mmps, v.vy_mmps), write,
                                                 self.unsolved.get(bid, self.solved[bid]))
        out.shifts = {bid: self.shift[bid] for bid in self.struck}
        return out


def _pair(a: str, b: str) -> Pair:
    return (a, b) if a < b else (b, a)


def _follow_on_pairs(
    struck: list[str], balls: Mapping[str, Ball], velocity: Mapping[str, Velocity], shift: Mapping[str, Shift],
    around: Surroundings, seen: set[Pair], h: float,
) -> list[tuple[str, str, tuple[float, float], tuple[float, float]]]:
    """Bodies just-struck bodies could reach by the substep's end, not yet paired with them.

    Each as (struck, other, the struck body's centre from the other's, the
    other's centre), both at the substep's start and before any shift: the
    form of a touch, so the resolver's loop finds the touch, if any, on the
    paths taken after the hit.  Only bodies within two substeps' travel.
    """
    asks: list[Ask] = []
    for bid in struck:
        ax, ay = around.start_mm(bid)
        sa = shift.get(bid)
        if sa is not None:
            ax += sa.x_mm
            ay += sa.y_mm
        va = velocity[bid]
        # How far this body moves in two substeps (the most a touch found
        # now can lie from the substep's start); a moving other adds its own.
        travel = math.hypot(va.vx_mmps, va.vy_mmps) * 2.0 * h
        asks.append(Ask(bid, ax, ay, va.vx_mmps, va.vy_mmps, travel))
    found: list[tuple[str, str, tuple[float, float], tuple[float, float]]] = []
    for ask, others in zip(asks, around.nearby(asks)):
        bid = ask.body
        ra = balls[bid].radius_mm
        sa = shift.get(bid)
        for other in others:
            if other == bid or other not in balls or _pair(bid, other) in seen:
                continue
            vo = velocity.get(other)
            vox, voy = (vo.vx_mmps, vo.vy_mmps) if vo is not None else around.velocity_mmps(other)
            bx, by = around.start_mm(other)
            ox, oy = bx, by
            so = shift.get(other)
            if so is not None:
                ox += so.x_mm
                oy += so.y_mm
            if math.hypot(ask.x_mm - ox, ask.y_mm - oy) - ra - balls[other].radius_mm > \
                    ask.travel_mm + math.hypot(vox, voy) * 2.0 * h:
                continue
            px, py = ask.x_mm - bx, ask.y_mm - by
            if sa is not None:
                px -= sa.x_mm
                py -= sa.y_mm
            found.append((bid, other, (px, py), (bx, by)))
    return found
