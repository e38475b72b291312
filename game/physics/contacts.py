"""Contacts from Bullet's manifolds: a pair's first touch, with the impulse Bullet's solver applied.

Runs inside the world's tick callback after every substep, while the
manifold points' applied impulses are still valid (they are overwritten by
the next substep's solve).  It reads which pairs of bodies the solver
pushed apart and how hard, and changes nothing Bullet decided; it only
clears the manifold points of a pair moving apart, whose friction Bullet
would otherwise warm-start again with no normal force (``_parting``).

A ``Contact`` is published for a pair whose points got an impulse of at
least ``MIN_HIT_NS`` in a substep after one in which the pair got none (a
first touch, or a resting pair struck anew); a pair pressing on through
many substeps (one ball pushing another) is one contact.  Ground contacts
are not events.  Events are queued, never published from inside Bullet's
callback, so a listener that raises cannot corrupt Bullet.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Callable, NamedTuple

from panda3d.bullet import BulletManifoldPoint, BulletRigidBodyNode, BulletWorld

from game.physics.pandaown import own
from game.physics.units import BULLET_UNIT
from game.physics.world import GROUND_NAME
from game.rules.events import Contact

if TYPE_CHECKING:
    from game.physics.ground import Ground

Pair = tuple[str, str]


class FirstTouch(NamedTuple):
    """How deep two bodies overlapped when Bullet's solver first pushed them apart (a ``Contact``'s substep).

    The manifold's distance is the collision test's at the start of that
    substep: the overlap the solver had to undo.  A touch step that ends a
    substep as two balls meet keeps it a hair deep; a touch found late is
    deeper (``docs/physics.md``).
    """

    t_s: float
    a: str
    b: str
    depth_m: float

# The impulse (N·s) of two marbles meeting at 0.5 mm/s: less is a nudge
# between resting balls (Bullet separating a hair of overlap), not a hit.
MIN_HIT_NS = 2.5e-6
_MIN_HIT = MIN_HIT_NS * BULLET_UNIT   # in Bullet's units (kg mm/s)


def _parting(node0: BulletRigidBodyNode, node1: BulletRigidBodyNode, point: BulletManifoldPoint) -> bool:
    """True if two balls move apart along their contact's normal: the pair's manifold points are then stale.

    Bullet 2.84 keeps a ball pair's manifold point until the balls are some
    0.2 mm apart, and at the start of every substep warm-starts the point's
    friction with 0.85 of the last impulse; it then solves friction only
    where the normal impulse is positive.  A pair just pushed apart by a hit
    therefore gets most of the hit's friction once more, with no normal
    force behind it: energy from nowhere, and a ball lifted by friction it
    never pressed for (``docs/physics.md``).  A parting pair's points are
    cleared; if the balls still overlap at the next substep's collision test,
    Bullet makes a fresh point and solves it from zero, as it does any touch.
    """
    n = point.getNormalWorldOnB()   # from B toward A
    return bool((node0.getLinearVelocity() - node1.getLinearVelocity()).dot(n) > 0.0)


class ContactScan:
    """The pairs Bullet's solver pushed in the last substep, and the contacts not yet published."""

    __slots__ = ("world", "h", "t", "pushed", "pending", "touches", "ground_only", "__weakref__")

    def __init__(self, world: BulletWorld, h: float) -> None:
        self.world = world
        self.h = h                          # the substep of the call being stepped (s)
        self.t = 0.0                        # shot time at the end of the last substep seen (s)
        self.pushed: set[Pair] = set()      # pairs the solver pushed in the last substep
        self.pending: list[Contact] = []    # contacts found, in time order, not yet published
        self.touches: list[FirstTouch] = []  # every contact of the shot, with its depth when first solved
        # How many manifolds the world held at the last scan that found only
        # ground manifolds (-1: it found a ball-ball one).  A ground
        # manifold lasts while its ball is in the world (the plane's bounds
        # overlap every ball's), so while the count is unchanged no ball
        # touches another and the scan has nothing to read.
        self.ground_only = -1

    def start(self, world: BulletWorld) -> None:
        """A new shot in ``world``: no pair is touching, nothing is pending."""
        self.world = world
        self.t = 0.0
        self.pushed = set()
        self.pending = []
        self.touches = []
        self.ground_only = -1

    def begin_call(self, t_s: float, h_s: float) -> None:
        """A ``doPhysics`` call starts at shot time ``t_s`` with substeps of ``h_s``."""
        self.t = t_s
        self.h = h_s

    def stepping(self, h_s: float) -> None:
        """The next ``doPhysics`` call steps substeps of ``h_s``."""
        self.h = h_s

    def quiet(self, n: int, until: float) -> bool:
        """True if ``n`` substeps from now have nothing to read: none of them ends after ``until`` (before which no
        two bodies come within reach, the planner found, and the ground has nothing to lay), and no two bodies
        share a manifold now (the last scan found the ground's alone, and none came or went since)."""
        if self.ground_only < 0 or self.world.getNumManifolds() != self.ground_only:
            return False
        end = self.t
        for _ in range(n):
            end += self.h
        return end <= until

    def passed(self, n: int) -> None:
        """``n`` quiet substeps went by unscanned (``quiet``): only the clock moves, as a scan of each would move it."""
        for _ in range(n):
            self.t += self.h
        self.pushed = set()

    def after_substep(self) -> None:
        """Read this substep's manifolds: queue a contact for each pair newly pushed apart."""
        self.t += self.h
        world = self.world
        n = world.getNumManifolds()
        if n == self.ground_only:
            self.pushed = set()
            return
        was = self.pushed
        now: set[Pair] = set()
        ground_only = n
        for i in range(n):
            m = own(world.getManifold(i))
            node0 = m.getNode0()
            a = node0.getName()
            if a == GROUND_NAME:
                continue
            node1 = m.getNode1()
            b = node1.getName()
            if b == GROUND_NAME:
                continue
            ground_only = -1
            count = m.getNumManifoldPoints()
            if not count or not (node0.isActive() or node1.isActive()):
                continue   # a sleeping pair keeps the impulses of its last solve
            impulse = 0.0
            x = y = 0.0
            deepest = 0.0
            for j in range(count):
                point = own(m.getManifoldPoint(j))
                impulse += point.getAppliedImpulse()
                deepest = min(deepest, point.getDistance())
                pa = point.getPositionWorldOnA()
                pb = point.getPositionWorldOnB()
                x += pa[0] + pb[0]
                y += pa[1] + pb[1]
            if _parting(node0, node1, point):
                m.clearManifold()
            if impulse < _MIN_HIT:
                continue
            pair = (a, b) if a < b else (b, a)
            now.add(pair)
            if pair not in was:
                where = (x / (2 * count * BULLET_UNIT), y / (2 * count * BULLET_UNIT))   # between the two surfaces
                self.pending.append(Contact(self.t, pair[0], pair[1], impulse / BULLET_UNIT, where))
                self.touches.append(FirstTouch(self.t, pair[0], pair[1], -deepest / BULLET_UNIT))
        self.pushed = now
        self.ground_only = ground_only

    def take(self) -> list[Contact]:
        """The contacts found since the last take, in time order."""
        out, self.pending = self.pending, []
        return out


def substep_callback(scan: ContactScan, ground: Ground) -> Callable[[object], None]:
    """After every substep: read the pairs the solver pushed, and lay the ground they (or time) call for.
    A shot's world and the hat's take the same one.  It holds the scan weakly, not its owner, so a
    forgotten world can be collected (its owner's ``close`` or ``__del__`` then clears the callback)."""
    ref = weakref.ref(scan)

    def on_substep(_data: object) -> None:
        s = ref()
        if s is not None:
            s.after_substep()
            if s.pushed or s.t > ground.next_due:
                ground.after_substep(s.pushed, s.t)

    return on_substep
