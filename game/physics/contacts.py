"""The thin Bullet adapter of the hits: read a substep's manifolds, take back Bullet's impulses, write transforms.

Runs inside Bullet's per-world tick callback after a substep, while the
manifold points' applied impulses are still valid.  What a hit is and the
impulse it gets are decided by the pure resolver (``resolver.py``); this
module only translates: manifolds and booked grazes into ``Touch`` records,
and the ``Resolution`` back into Bullet velocities, zeroed manifold
impulses, node transforms and the bodies' paths.  Events are queued, never
published from inside Bullet's callback, so a listener that raises cannot
corrupt Bullet.
"""

from __future__ import annotations

import math
from typing import Iterator, Mapping

from panda3d.bullet import BulletWorld
from panda3d.core import Point3, TransformState

from game.physics.grazes import Paths
from game.physics.motion import REST, BallState, evolve
from game.physics.pandaown import own
from game.physics.units import BULLET_UNIT
from game.physics.resolver import Ask, Ball, Resolution, Substep, Touch, TouchKind, resolve
from game.physics.world import Body, Mirror
from game.rules.events import Event

Pair = tuple[str, str]

_TURN = 1.0   # Bullet speed (mm/s): a velocity change above this gets its path looked at again


class _Balls(Mapping[str, Ball]):
    """The resolver's view of the bodies: their ``Ball`` records by id."""

    __slots__ = ("_bodies",)

    def __init__(self, bodies: Mapping[str, Body]) -> None:
        self._bodies = bodies

    def __getitem__(self, bid: str) -> Ball:
        return self._bodies[bid].ball

    def __contains__(self, bid: object) -> bool:
        return bid in self._bodies

    def __iter__(self) -> Iterator[str]:
        return iter(self._bodies)

    def __len__(self) -> int:
        return len(self._bodies)


class BulletContacts:
    """The contact scan of one world: what Bullet pushed apart each substep, resolved by ``resolver``.

    ``installed``: the scan runs after every substep of this tick (the
    gate: ``Simulation._scan_while``); ``woken``: it saw a manifold, so
    Bullet may have woken bodies nobody set moving.  ``touching`` holds
    the pairs in contact after the last scan (to tell a new touch from a
    lasting one), ``pending`` the events not yet published.
    ``moving`` is shared with the Simulation: a body Bullet pushed (with an
    active partner, or itself moving) joins it, which is how Python learns
    of every body set moving.
    """

    def __init__(self, world: BulletWorld, bodies: Mapping[str, Body], moving: dict[str, Body],
                 paths: Paths, h: float) -> None:
        self.world = world
        self.bodies = bodies
        self.moving = moving
        self.paths = paths
        self.h = h
        self.mirror = Mirror.empty()
        self.installed = False
        self.woken = False
        self.touching: set[Pair] = set()
        self.pending: list[Event] = []
        self.resolved = False   # the resolver ran on some touch since the world last cleared this
        self._balls = _Balls(bodies)
        self._start = 0   # the substep boundary Bullet's manifolds describe

    def scan(self, n: int, grazes: set[Pair] | None, substep: int, t_end: float) -> list[str]:
        """After a substep with ``n`` manifolds: collect its hits; the bodies whose paths must be looked at again.

        ``grazes`` are the pairs ``paths`` booked for this scan
        (``grazes.py``): touches of the last substep that Bullet's overlap
        test cannot see.  ``substep`` is the world's substep count after
        this substep, ``t_end`` the shot time then.  Returned: the bodies
        whose velocity changed by more than ``_TURN`` (a smaller change, a
        nudge between resting balls, bends a path by under 0.1 mm over the
        few ticks it is kept).
        """
        was_touching = self.touching
        touches = self._read_manifolds(n, grazes, was_touching)
        self._start = substep - 1
        if grazes:
            touches += self._grazes(grazes, was_touching)
        if not touches:
            return []
        self.resolved = True
        answer = resolve(touches, self._balls, Substep(self.h, t_end), self)
        self.pending.extend(answer.contacts)
        self._new_motions(answer, t_end)
        return self._write_back(answer, substep)

    def _read_manifolds(self, n: int, grazes: set[Pair] | None, was_touching: set[Pair]) -> list[Touch]:
        """Bullet's pushes of this substep as touches; ``touching`` becomes the pairs in contact now."""
        bodies = self.bodies
        moving = self.moving
        touching: set[Pair] = set()
        self.touching = touching
        touches: list[Touch] = []
        world = self.world
        for i in range(n):
            m = own(world.getManifold(i))
            count = m.getNumManifoldPoints()
            if not count:
                continue
            points = [own(m.getManifoldPoint(j)) for j in range(count)]
            impulse = 0.0
            for mp in points:
                impulse += mp.getAppliedImpulse()
            if impulse <= 0.0 and not grazes:
                continue
            node0 = m.getNode0()
            node1 = m.getNode1()
            a = node0.getName()
            b = node1.getName()
            if impulse <= 0.0 and ((a, b) if a < b else (b, a)) not in grazes:  # type: ignore[operator]
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
                touches.append(self._touch(points, a, b, pair not in was_touching, bool(grazes) and pair in grazes))
        return touches

    def _touch(self, points: list, a: str, b: str, new: bool, passing: bool) -> Touch:
        """A manifold (its ``points``) as a touch: Bullet's impulse on A, and the narrow phase's geometry."""
        jx = jy = 0.0
        for mp in points:
            n_j = mp.getNormalWorldOnB()
            d1 = mp.getLateralFrictionDir1()
            d2 = mp.getLateralFrictionDir2()
            jn = mp.getAppliedImpulse()
            l1 = mp.getAppliedImpulseLateral1()
            l2 = mp.getAppliedImpulseLateral2()
            jx += jn * n_j[0] + l1 * d1[0] + l2 * d2[0]
            jy += jn * n_j[1] + l1 * d1[1] + l2 * d2[1]
        point = points[0]
        normal = point.getNormalWorldOnB()
        pb = point.getPositionWorldOnB()
        ra = self.bodies[a].radius
        rb = self.bodies[b].radius
        # Centre of A relative to B, and B's centre, when the narrow phase ran.
        sep = ra + rb + point.getDistance()
        norm = math.hypot(normal[0], normal[1]) or 1.0
        nx, ny = normal[0] / norm, normal[1] / norm
        return Touch(a, b, TouchKind.MANIFOLD, new, (nx * sep, ny * sep), (pb[0] - rb * nx, pb[1] - rb * ny),
                     passing, (jx, jy), points)

    def _grazes(self, grazes: set[Pair], was_touching: set[Pair]) -> list[Touch]:
        """The booked grazes Bullet did not see, as touches at the substep's start."""
        bodies = self.bodies
        out: list[Touch] = []
        for pair in sorted(grazes):
            a, b = pair
            if pair in self.touching or pair in was_touching or a not in bodies or b not in bodies:
                continue
            ax, ay = self.start_mm(a)
            bx, by = self.start_mm(b)
            out.append(Touch(a, b, TouchKind.GRAZE, True, (ax - bx, ay - by), (bx, by), True))
        return out

    # -- the resolver's Surroundings -----------------------------------------

    def velocity_mmps(self, body: str) -> tuple[float, float]:
        v = self.bodies[body].node.getLinearVelocity()
        return (v[0], v[1])

    def start_mm(self, body: str) -> tuple[float, float]:
        return self.paths.at(body, self.bodies[body], self._start)

    def velocity_at_mmps(self, body: str, t_s: float) -> tuple[float, float] | None:
        b = self.bodies[body]
        if b.state is REST:
            path = self.paths.velocity(body)
            if path is None or not (path[0] or path[1]):
                return (0.0, 0.0)   # at rest before this substep (what Bullet's solve leaves is rounding)
            return None   # set moving by Bullet alone: its path's velocity is its own
        state = evolve(b.state, b.ground, t_s - b.state_t)[2] if t_s > b.state_t else b.state
        return (state.vx_mps * BULLET_UNIT, state.vy_mps * BULLET_UNIT)

    def nearby(self, asks: list[Ask]) -> list[list[str]]:
        """Resting bodies lie where the mirror holds them: those a path passes within reach of; movers all."""
        mirror = self.mirror
        bodies = self.bodies
        rows = mirror.rows
        if any(ask.body not in rows for ask in asks):
            return [list(bodies) for _ in asks]
        found = [[m for m in self.moving if m != ask.body] for ask in asks]
        ids = mirror.ids
        radius = mirror.radius
        for ask, out in zip(asks, found):
            vx, vy, travel = ask.vx_mmps, ask.vy_mmps, ask.travel_mm
            if not (vx or vy):
                continue
            # The rows within reach of the ask's disc; of those, the few its path passes.
            centre = complex(ask.x_mm, ask.y_mm)
            ra = bodies[ask.body].radius
            limit = ra + mirror.radius_max + travel
            along = complex(vx, -vy)
            s = math.hypot(vx, vy)
            for j, zj in enumerate(mirror.z):
                d = zj - centre
                if abs(d) < limit:
                    q = along * d
                    reach = (ra + radius[j]) * s
                    if abs(q.imag) < reach and -reach < q.real < reach + travel * s:
                        out.append(ids[j])
        return found

    # -- writing the answer back -----------------------------------------------

    def _new_motions(self, answer: Resolution, t_end: float) -> None:
        """Each body the answer changed moves off at its new velocity with the spin it had.

        A hit at the equator turns no ball about a horizontal axis: its spin
        (``motion.py``) is what it was at the touch, which the ground then
        acts through (a rolling taw struck to a stop rolls on after the
        ball it hit).  A body only pushed takes its new velocity at the
        substep's end.
        """
        touched: dict[str, float] = {}
        for contact in answer.contacts:
            touched[contact.a] = touched[contact.b] = contact.t
        for bid, change in answer.velocities.items():
            body = self.bodies[bid]
            vx, vy = change.after_mmps
            t_hit = touched.get(bid)
            if body.state is REST:
                # At rest until now, or set moving by Bullet alone: its velocity is this one.
                t = max(t_end if t_hit is None else t_hit, body.state_t)
                body.state = BallState(vx / BULLET_UNIT, vy / BULLET_UNIT)
                body.state_t = t
                continue
            t = max(t_end if t_hit is None else t_hit, body.state_t)
            state = evolve(body.state, body.ground, t - body.state_t)[2] if t > body.state_t else body.state
            if t_hit is None:
                # Only pushed (Bullet's answer stands): its motion takes that push.
                ux, uy = change.unsolved_mmps
                vx = state.vx_mps * BULLET_UNIT + (vx - ux)
                vy = state.vy_mps * BULLET_UNIT + (vy - uy)
            body.state = BallState(vx / BULLET_UNIT, vy / BULLET_UNIT, state.wx_radps, state.wy_radps)
            body.state_t = t

    def _write_back(self, answer: Resolution, substep: int) -> list[str]:
        """Forget Bullet's replaced impulses, set velocities, put struck bodies where they left their touch."""
        for points in answer.forget:
            _forget_impulses(points)
        h = self.h
        paths = self.paths
        turned: list[str] = []
        for bid, change in answer.velocities.items():
            body = self.bodies[bid]
            ux, uy = change.before_mmps
            vx, vy = change.after_mmps
            if change.write:
                body.node.setLinearVelocity((vx, vy, 0.0))
            before = paths.velocity(bid)
            wx, wy = (before[0] / h, before[1] / h) if before is not None else (0.0, 0.0)
            if (vx - wx) ** 2 + (vy - wy) ** 2 > _TURN * _TURN:
                turned.append(bid)
            x, y = paths.at(bid, body, substep - 1)
            moved = answer.shifts.get(bid)
            if moved is None:
                # Bullet moved it through this substep at the velocity it solved
                # (ux, uy); ours holds from the substep's end.
                paths.set(bid, substep, x + ux * h, y + uy * h, vx * h, vy * h)
            else:
                # Struck: it left its touch at its new velocity, so it ends the
                # substep where that takes it, not where Bullet's late answer
                # (still overlapping) put it.
                ex = x + moved.x_mm + vx * h
                ey = y + moved.y_mm + vy * h
                node = body.node
                if moved.ahead_x_mm or moved.ahead_y_mm:
                    # Panda shows a body one substep behind Bullet: where it is
                    # less a substep of the velocity it had when placed.  Make
                    # that where it was at the narrow phase, before a touch
                    # that came only later in the substep.
                    node.setLinearVelocity((vx + moved.ahead_x_mm / h, vy + moved.ahead_y_mm / h, 0.0))
                    node.setTransform(TransformState.makePos(Point3(ex, ey, body.radius)))
                    node.setLinearVelocity((vx, vy, 0.0))
                else:
                    node.setTransform(TransformState.makePos(Point3(ex, ey, body.radius)))
                paths.set(bid, substep, ex, ey, vx * h, vy * h)
            if bid not in self.moving and (vx or vy):
                self.moving[bid] = body
        return turned


def _forget_impulses(points: list) -> None:
    """Zero a manifold's stored impulses (its ``points``) so Bullet warm-starts nothing of them."""
    for mp in points:
        mp.setAppliedImpulse(0.0)
        mp.setAppliedImpulseLateral1(0.0)
        mp.setAppliedImpulseLateral2(0.0)
