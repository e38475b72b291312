"""The per-substep contact scan and hit resolution: what a hit is and the impulse it gets.

Runs inside Bullet's per-world tick callback after a substep, while the
manifold points' applied impulses are still valid.  Bullet sees a hit up to
one substep late, with the balls overlapping, so its own answer turns the
line of centres and adds a position-correction push; here that answer is
taken back and replaced by the impulse of two smooth-rolling spheres
meeting at the rewound instant of touching (``docs/physics.md``, "Hits").
Events are queued, never published from inside Bullet's callback, so a
listener that raises cannot corrupt Bullet.
"""

from __future__ import annotations

import math
from typing import Callable, Mapping

import numpy as np
from panda3d.bullet import BulletRigidBodyNode, BulletWorld
from panda3d.core import Point3, TransformState, Vec3

from game.physics.grazes import Paths
from game.physics.pandaown import own
from game.physics.world import BULLET_UNIT, Body, Mirror
from game.rules.events import Contact, Event

Pair = tuple[str, str]
Pressed = tuple[object, str, str, BulletRigidBodyNode, BulletRigidBodyNode, bool]
Graze = tuple[str, str, float, float, float, float]
Ask = tuple[str, float, float, float, float, float]   # body, where, velocity, how far it goes

_MIN_HIT_SPEED = 1e-3    # m/s: a new pair closing slower is a nudge, not a hit
_REHIT_SPEED = 0.05      # m/s: a touching pair closing faster was struck anew
_TURN = 1.0              # Bullet speed (mm/s): a velocity change above this gets its path looked at again


def scan_substep(
    world: BulletWorld,
    n: int,
    bodies: Mapping[str, Body],
    moving: dict[str, Body],
    was_touching: set[Pair],
    t_end: float,
    h: float,
    pending: list[Event],
    grazes: set[Pair] | None,
    paths: Paths,
    substep: int,
    mirror: Mirror | None = None,
) -> tuple[set[Pair], list[str]]:
    """Runs inside doPhysics after a substep with ``n`` manifolds: collect its hits.

    A body Bullet pushed (with an active partner, or itself moving) joins
    ``moving``: that is how Python learns of every body set moving, so only
    moving bodies need touching elsewhere.  Hits are resolved (see
    ``resolve_hits``) and their events appended to ``pending``; the pairs in
    contact now are returned, to tell a new touch from a lasting one next
    substep.  ``grazes`` are the pairs ``paths`` booked for this scan
    (``grazes.py``): touches of the last substep that Bullet's overlap test
    cannot see; they are resolved with Bullet's hits.  ``substep`` is the
    world's substep count after this substep.  Also returned: the bodies
    whose velocity changed by more than ``_TURN`` (their paths must be
    looked at again; a smaller change, a nudge between resting balls,
    bends a path by under 0.1 mm over the few ticks it is kept).
    """
    touching: set[tuple[str, str]] = set()
    pressed: list[Pressed] = []
    for i in range(n):
        m = own(world.getManifold(i))
        points = m.getNumManifoldPoints()
        if not points:
            continue
        impulse = 0.0
        for j in range(points):
            impulse += own(m.getManifoldPoint(j)).getAppliedImpulse()
        node0 = m.getNode0()
        node1 = m.getNode1()
        a = node0.getName()
        b = node1.getName()
        if impulse <= 0.0 and not (grazes and ((a, b) if a < b else (b, a)) in grazes):
            continue  # (a booked graze Bullet sampled moving apart: its solver gave nothing)
        if a not in moving and b not in moving and not (node0.isActive() or node1.isActive()):
            continue  # a sleeping pair keeps the impulse of its last solve
        pair = (a, b) if a < b else (b, a)
        touching.add(pair)
        if a not in moving and a in bodies:
            moving[a] = bodies[a]
        if b not in moving and b in bodies:
            moving[b] = bodies[b]
        if a in bodies and b in bodies:
            pressed.append((m, a, b, node0, node1, pair not in was_touching))
    passing: list[Graze] = []
    if grazes:
        start = substep - 1   # the boundary Bullet's manifolds describe
        for pair in sorted(grazes):
            a, b = pair
            if pair in touching or pair in was_touching or a not in bodies or b not in bodies:
                continue
            ax, ay = paths.at(a, bodies[a], start)
            bx, by = paths.at(b, bodies[b], start)
            passing.append((a, b, ax - bx, ay - by, bx, by))
    if not (pressed or passing):
        return touching, []
    start = substep - 1

    def start_of(bid: str) -> tuple[float, float]:
        return paths.at(bid, bodies[bid], start)

    def nearby(asks: list[Ask]) -> list[list[str]]:
        # Resting bodies lie where the mirror holds them (as for grazes):
        # only those a body's straight path passes within reach of, no
        # further ahead than its ``travel``; moving ones (few) are all asked.
        if mirror is None or any(bid not in mirror.rows for bid, *_ in asks):
            return [list(bodies) for _ in asks]
        found = [[m for m in moving if m != bid] for bid, *_ in asks]
        # One numpy pass for every ask (these few calls a shot run cold, so
        # each array operation costs): the bodies within reach of each
        # ask's disc; then, in Python, those few its path passes.
        z = mirror.z
        centres = np.array([complex(x, y) for _b, x, y, *_ in asks])
        limits = np.array([bodies[bid].radius + mirror.radius_max + travel for bid, _x, _y, _vx, _vy, travel in asks])
        rows, cols = (np.abs(z[None, :] - centres[:, None]) < limits[:, None]).nonzero()
        ids = mirror.ids
        radius = mirror.radius
        for k, j in zip(rows.tolist(), cols.tolist()):
            bid, x, y, vx, vy, travel = asks[k]
            if not (vx or vy):
                continue
            q = complex(vx, -vy) * (complex(z[j]) - complex(x, y))
            s = math.hypot(vx, vy)
            reach = (bodies[bid].radius + float(radius[j])) * s
            if abs(q.imag) < reach and -reach < q.real < reach + travel * s:
                found[k].append(ids[j])
        return found

    changed, shifts = resolve_hits(pressed, bodies, t_end, h, pending, passing, grazes or frozenset(),
                                   start_of, nearby)
    turned: list[str] = []
    for bid, (ux, uy, vx, vy) in changed.items():
        body = bodies[bid]
        before = paths.ref.get(bid)
        wx, wy = (before[3] / h, before[4] / h) if before is not None else (0.0, 0.0)
        if (vx - wx) ** 2 + (vy - wy) ** 2 > _TURN * _TURN:
            turned.append(bid)
        x, y = paths.at(bid, body, substep - 1)
        moved = shifts.get(bid)
        if moved is None:
            # Bullet moved it through this substep at the velocity it solved
            # (ux, uy); ours holds from the substep's end.
            paths.set(bid, substep, x + ux * h, y + uy * h, vx * h, vy * h)
        else:
            # Struck: it left its touch at its new velocity, so it ends the
            # substep where that takes it, not where Bullet's late answer
            # (still overlapping) put it.
            ex = x + moved[0] + vx * h
            ey = y + moved[1] + vy * h
            node = body.node
            if moved[2] or moved[3]:
                # Panda shows a body one substep behind Bullet: where it is
                # less a substep of the velocity it had when placed.  Make
                # that where it was at the narrow phase, before a touch
                # that came only later in the substep.
                node.setLinearVelocity(Vec3(vx + moved[2] / h, vy + moved[3] / h, 0.0))
                node.setTransform(TransformState.makePos(Point3(ex, ey, body.radius)))
                node.setLinearVelocity(Vec3(vx, vy, 0.0))
            else:
                node.setTransform(TransformState.makePos(Point3(ex, ey, body.radius)))
            paths.set(bid, substep, ex, ey, vx * h, vy * h)
        if bid not in moving and (vx or vy):
            moving[bid] = body
    return touching, turned


def resolve_hits(
    pressed: list[Pressed], bodies: Mapping[str, Body], t_end: float, h: float, pending: list[Event],
    passing: list[Graze] = [],
    booked: set[Pair] | frozenset[Pair] = frozenset(),
    start_of: Callable[[str], tuple[float, float]] | None = None,
    nearby: Callable[[list[Ask]], list[list[str]]] | None = None,
) -> tuple[dict[str, tuple[float, float, float, float]], dict[str, list[float]]]:
    """Replace Bullet's answer to this substep's hits by the ideal one; queue the events.

    Bullet sees a hit up to one substep late, the balls already
    overlapping by up to ``v * h``: the line of centres is then turned
    (a glancing hit looks more glancing), and its position correction
    (Baumgarte) pushes the balls apart on top of the restitution, so the
    rebound would depend on the substep's phase and glass could gain
    energy.  So: take back every impulse Bullet gave the new pairs,
    rewind each pair along its relative velocity to the instant it
    touched, and, earliest touch first, apply there the impulse of two
    smooth-rolling spheres meeting: normal ``J = m_red (1 + e) |v_rel . n|``
    (e the product of restitutions) and tangential
    ``min(mu J, 2/7 m_red |v_t|)`` against the sliding.  A ball struck
    while touching another (a cradle) thus passes the blow on in turn.

    ``pressed`` holds every pair Bullet pushed apart this substep, with
    whether it touched in the last one.  A hit is a new pair closing at
    ``_MIN_HIT_SPEED`` or more, or a touching pair suddenly closing at
    ``_REHIT_SPEED`` (struck from behind); anything gentler (resting
    balls Bullet nudges apart, one ball pushing another) keeps Bullet's
    answer and makes no event.

    ``passing`` holds the grazes booked for this substep (A, B, A's centre
    from B's and B's centre at the substep's start): pairs that touched
    in the last substep without Bullet seeing an overlap.  They take
    their turn among the hits by their touching instants.  ``booked``
    holds every pair booked as a graze, including those Bullet sampled
    overlapping but already moving apart.

    ``start_of`` gives a body's centre at the substep's start (the narrow
    phase's frame), ``nearby`` the bodies a body's path from a point may
    meet within a distance (a superset; every body without it).  With it, a struck body is also looked at against
    every other body: a ball struck early in the substep may meet a third
    before the substep ends, a pair Bullet's narrow phase (run at the
    start) did not see; that touch, found on the paths taken after the
    hit and possibly ahead of the narrow phase, takes its turn too, so
    no pair is left overlapping at the substep's end.

    Returns, for every body whose velocity was set, the velocity Bullet
    had moved it with through this substep and the one set now; and, for
    every struck body, how far from Bullet's start of the substep (the
    narrow phase's frame) it would be at that instant had it moved off at
    its new velocity from each hit's touching instant: the caller puts it
    there plus a substep of its new velocity, so no resolved pair is left
    overlapping at the substep's end.
    """
    velocity: dict[str, list[float]] = {}
    solved: dict[str, tuple[float, float]] = {}
    hits: list[tuple[bool, str, str, float, float, float, float]] = []
    bullet: list[tuple[float, float]] = []
    for manifold, a, b, node0, node1, new in pressed:
        ma = bodies[a].spec.mass
        mb = bodies[b].spec.mass
        jx = jy = 0.0
        for j in range(manifold.getNumManifoldPoints()):  # type: ignore[attr-defined]
            mp = own(manifold.getManifoldPoint(j))  # type: ignore[attr-defined]
            n_j = mp.getNormalWorldOnB()
            d1 = mp.getLateralFrictionDir1()
            d2 = mp.getLateralFrictionDir2()
            jn = mp.getAppliedImpulse()
            l1 = mp.getAppliedImpulseLateral1()
            l2 = mp.getAppliedImpulseLateral2()
            jx += jn * n_j[0] + l1 * d1[0] + l2 * d2[0]
            jy += jn * n_j[1] + l1 * d1[1] + l2 * d2[1]
        bullet.append((jx, jy))
        for bid, node in ((a, node0), (b, node1)):
            if bid not in velocity:
                v = node.getLinearVelocity()
                velocity[bid] = [v[0], v[1]]
                solved[bid] = (v[0], v[1])
        # Bullet gave A +j and B -j (the normal on B points toward A).
        velocity[a][0] -= jx / ma
        velocity[a][1] -= jy / ma
        velocity[b][0] += jx / mb
        velocity[b][1] += jy / mb
        point = own(manifold.getManifoldPoint(0))  # type: ignore[attr-defined]
        normal = point.getNormalWorldOnB()
        pb = point.getPositionWorldOnB()
        # Centre of A relative to B, and B's centre, when the narrow phase ran.
        sep = bodies[a].radius + bodies[b].radius + point.getDistance()
        norm = math.hypot(normal[0], normal[1]) or 1.0
        nx, ny = normal[0] / norm, normal[1] / norm
        rb = bodies[b].radius
        hits.append((new, a, b, nx * sep, ny * sep, pb[0] - rb * nx, pb[1] - rb * ny))
    manifolds: list[object | None] = [m for m, *_rest in pressed]
    # A pair booked as a graze may be found moving apart, its touch behind it.
    passes = [((a, b) if a < b else (b, a)) in booked for _m, a, b, *_rest in pressed]
    # A touch found after a hit may lie ahead of the narrow phase, within
    # this substep: rewound by a negative time (see ``_follow_on``).
    ahead = [False] * len(pressed)
    seen = {(a, b) if a < b else (b, a) for _m, a, b, *_rest in pressed}
    quiet: set[str] = set()   # bodies read only for a follow-on look: set only if struck
    for a, b, px, py, bx, by in passing:
        for bid in (a, b):
            if bid not in velocity:
                v = bodies[bid].node.getLinearVelocity()
                velocity[bid] = [v[0], v[1]]
                solved[bid] = (v[0], v[1])
        hits.append((True, a, b, px, py, bx, by))
        bullet.append((0.0, 0.0))
        manifolds.append(None)   # no manifold, no Bullet answer
        passes.append(True)
        ahead.append(False)
        seen.add((a, b) if a < b else (b, a))
    # Event by event: of the pairs still closing fast enough to count as
    # a hit, resolve the one that touched first, then look again (the
    # hit may have set another pair closing, as in a cradle).
    events: list[Contact] = []
    struck: set[str] = set()
    waiting = list(range(len(hits)))
    # Where each struck body would be now (in the narrow phase's frame) had
    # it moved off at its new velocity from the instant it was struck:
    # a later touch is found on the path the body really took after the
    # hit, never on the one it would have kept without it.
    # (Its last two: the part of it from touches ahead of the narrow phase.)
    shift: dict[str, list[float]] = {}
    # How long before now the last resolved hit touched.  It starts a
    # substep back: Bullet saw no overlap then (or the pair was already
    # touching), so no touch found now lies earlier, and every event of
    # this substep falls between the last substep's and the next one's.
    latest = h
    fresh: list[str] = []   # struck since the last follow-on look
    while True:
        best: tuple[float, int, float, float, float] | None = None
        for i in waiting:
            new, a, b, px, py, _bx, _by = hits[i]
            va = velocity[a]
            vb = velocity[b]
            if a in shift:
                px += shift[a][0]
                py += shift[a][1]
            if b in shift:
                px -= shift[b][0]
                py -= shift[b][1]
            s_back = _rewind(px, py, va, vb, bodies[a].radius + bodies[b].radius, latest, passes[i])
            if s_back is None:
                continue
            if ahead[i]:
                if s_back < -h:
                    continue  # beyond this substep: the next one's narrow phase sees it
            else:
                s_back = max(s_back, 0.0)  # Bullet stopped just short: it touches now
            wx, wy = va[0] - vb[0], va[1] - vb[1]
            cx, cy = px - wx * s_back, py - wy * s_back
            c = math.hypot(cx, cy)
            closing = (wx * cx + wy * cy) / c  # < 0
            if -closing < (_MIN_HIT_SPEED if new else _REHIT_SPEED) * BULLET_UNIT:
                continue
            if best is None or s_back > best[0]:  # the earliest touch
                best = (s_back, i, cx / c, cy / c, closing)
        if best is None:
            if start_of is None or not fresh:
                break
            # Every body struck since the last look: could it meet another
            # before the substep ends?  Such pairs take their turn too.
            added = False
            for bid, other, px, py, bx, by in _follow_on(fresh, bodies, velocity, shift, start_of, nearby, seen, h):
                if other not in velocity:
                    v = bodies[other].node.getLinearVelocity()
                    velocity[other] = [v[0], v[1]]
                    solved[other] = (v[0], v[1])
                    quiet.add(other)
                seen.add((bid, other) if bid < other else (other, bid))
                hits.append((True, bid, other, px, py, bx, by))
                bullet.append((0.0, 0.0))
                manifolds.append(None)
                passes.append(False)
                ahead.append(True)
                waiting.append(len(hits) - 1)
                added = True
            fresh = []
            if not added:
                break
            continue
        s_back, i, nx, ny, closing = best
        waiting.remove(i)
        latest = s_back
        new, a, b, px, py, bx, by = hits[i]
        if b in shift:
            bx += shift[b][0]
            by += shift[b][1]
        body_a = bodies[a]
        body_b = bodies[b]
        va = velocity[a]
        vb = velocity[b]
        wx, wy = va[0] - vb[0], va[1] - vb[1]
        struck.add(a)
        struck.add(b)
        _forget_impulses(manifolds[i])
        ma = body_a.spec.mass
        mb = body_b.spec.mass
        m_red = ma * mb / (ma + mb)
        e = body_a.spec.material.restitution * body_b.spec.material.restitution
        jn = -(1.0 + e) * m_red * closing
        tx, ty = wx - closing * nx, wy - closing * ny
        slide = math.hypot(tx, ty)
        mu = body_a.spec.material.friction * body_b.spec.material.friction
        jt = min(mu * jn, 2.0 / 7.0 * m_red * slide)
        ix, iy = jn * nx, jn * ny
        if slide > 0.0:
            ix -= jt * tx / slide
            iy -= jt * ty / slide
        # Where they touched: B's surface point toward A, with B rewound.
        rb = body_b.radius
        where = (float(bx - vb[0] * s_back + rb * nx) / BULLET_UNIT, float(by - vb[1] * s_back + rb * ny) / BULLET_UNIT)
        va[0] += ix / ma
        va[1] += iy / ma
        vb[0] -= ix / mb
        vb[1] -= iy / mb
        for bid, dvx, dvy in ((a, ix / ma, iy / ma), (b, -ix / mb, -iy / mb)):
            moved = shift.setdefault(bid, [0.0, 0.0, 0.0, 0.0])
            moved[0] += dvx * s_back
            moved[1] += dvy * s_back
            if s_back < 0.0:   # ahead of the narrow phase: the body was still on its old path then
                moved[2] += dvx * s_back
                moved[3] += dvy * s_back
        t_touch = max(0.0, t_end - h - s_back)
        pair = (a, b) if a < b else (b, a)
        events.append(Contact(t_touch, pair[0], pair[1], jn / BULLET_UNIT, where))
        for bid in (a, b):
            if bid not in fresh:
                fresh.append(bid)
    for i in waiting:
        _, a, b, *_rest = hits[i]
        if a in struck or b in struck:
            # Bullet solved this pair together with a hit we replaced:
            # its share of that answer goes too.
            _forget_impulses(manifolds[i])
            continue
        # A nudge or a push, not a hit: Bullet's answer stands.
        jx, jy = bullet[i]
        velocity[a][0] += jx / bodies[a].spec.mass
        velocity[a][1] += jy / bodies[a].spec.mass
        velocity[b][0] -= jx / bodies[b].spec.mass
        velocity[b][1] -= jy / bodies[b].spec.mass
    changed: dict[str, tuple[float, float, float, float]] = {}
    for bid, (vx, vy) in velocity.items():
        if bid in quiet and bid not in struck:
            continue  # looked at, never struck: left as it was
        ux, uy = solved[bid]
        if pressed or bid in struck:  # (a graze found no touch: leave its bodies be)
            bodies[bid].node.setLinearVelocity(Vec3(vx, vy, 0.0))
        changed[bid] = (ux, uy, vx, vy)
    # Resolved earliest touch first, each no earlier than the last: the
    # events are already in time order.
    pending.extend(events)
    return changed, {bid: shift[bid] for bid in struck}



def _follow_on(
    struck: list[str], bodies: Mapping[str, Body], velocity: dict[str, list[float]], shift: dict[str, list[float]],
    start_of: Callable[[str], tuple[float, float]],
    nearby: Callable[[list[Ask]], list[list[str]]] | None, seen: set[Pair], h: float,
) -> list[tuple[str, str, float, float, float, float]]:
    """Bodies just-struck bodies could reach by the substep's end, not yet paired with them.

    Each as (struck, other, the struck body's centre from the other's and
    the other's centre, both at the substep's start and before any shift),
    the form of a hit: the caller's loop then finds the touch, if any, on
    the paths taken after the hit.  Runs once per round of hits (a few a
    shot); the bound below keeps it to the bodies within two substeps'
    travel.
    """
    asks: list[Ask] = []
    for bid in struck:
        ax, ay = start_of(bid)
        sa = shift.get(bid)
        if sa is not None:
            ax += sa[0]
            ay += sa[1]
        va = velocity[bid]
        # How far this body moves in two substeps (the most a touch found
        # now can lie from the substep's start); a moving other adds its own.
        asks.append((bid, ax, ay, va[0], va[1], math.hypot(va[0], va[1]) * 2.0 * h))
    found: list[tuple[str, str, float, float, float, float]] = []
    near = nearby(asks) if nearby is not None else [list(bodies) for _ in asks]
    for (bid, ax, ay, _vx, _vy, travel), others in zip(asks, near):
        ra = bodies[bid].radius
        sa = shift.get(bid)
        for other in others:
            if other == bid or other not in bodies or ((bid, other) if bid < other else (other, bid)) in seen:
                continue
            body = bodies[other]
            vo = velocity.get(other)
            if vo is None:
                v = body.node.getLinearVelocity()
                vo = [v[0], v[1]]
            bx, by = start_of(other)
            ox, oy = bx, by
            so = shift.get(other)
            if so is not None:
                ox += so[0]
                oy += so[1]
            if math.hypot(ax - ox, ay - oy) - ra - body.radius > travel + math.hypot(vo[0], vo[1]) * 2.0 * h:
                continue
            px, py = ax - bx, ay - by
            if sa is not None:
                px -= sa[0]
                py -= sa[1]
            found.append((bid, other, px, py, bx, by))
    return found


def _forget_impulses(manifold: object | None) -> None:
    """Zero a manifold's stored impulses so Bullet warm-starts nothing of them."""
    if manifold is None:
        return  # a graze: Bullet holds nothing of it
    for j in range(manifold.getNumManifoldPoints()):  # type: ignore[attr-defined]
        mp = own(manifold.getManifoldPoint(j))  # type: ignore[attr-defined]
        mp.setAppliedImpulse(0.0)
        mp.setAppliedImpulseLateral1(0.0)
        mp.setAppliedImpulseLateral2(0.0)


def _rewind(px: float, py: float, va: list[float], vb: list[float], reach: float,
            latest: float = math.inf, passing: bool = False) -> float | None:
    """How long before now A, at ``p`` from B and closing at ``va - vb``, touched B.

    Solves ``|p - w s| = reach`` for the touching root.  Usually p lies
    within reach (the balls overlap) and s >= 0; a pair Bullet stopped just
    short of touching gives s < 0 (the touch lies ahead).  None when the pair
    is not closing or its paths never come within reach.

    ``latest`` is how long before now the last hit of this substep was
    resolved: velocities hold only since then, so no touch is found before
    it.  A pair already within reach at that instant and closing touched
    then (a ball struck while pressed against another passes the blow on
    at once).  ``passing``: a graze, out of reach now and moving apart,
    whose touch lies behind it.
    """
    wx, wy = va[0] - vb[0], va[1] - vb[1]
    ww = wx * wx + wy * wy
    if ww == 0.0:
        return None
    pw = px * wx + py * wy
    disc = pw * pw - ww * (px * px + py * py - reach * reach)
    if disc < 0.0:
        return None
    s = (pw + math.sqrt(disc)) / ww
    if s <= latest:
        return s if pw < 0.0 or passing else None
    # Within reach at ``latest`` (the exit root lies after it): closing then?
    if (pw - math.sqrt(disc)) / ww <= latest and (px - wx * latest) * wx + (py - wy * latest) * wy < 0.0:
        return latest
    return None


