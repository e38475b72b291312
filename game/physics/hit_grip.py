"""Bullet's friction at a hit between two balls, set from how fast their surfaces slide (``hit_friction.py``).

Bullet gives every contact point the product of its two bodies' frictions,
a constant.  When it makes a new point it calls one process-wide hook
(Bullet's ``gContactAddedCallback``, which Panda forwards to one Python
callback for every world in the process) for bodies that ask for it (their
custom-material flag, Panda's ``notifyCollisions``); the hook may change
the point's friction before the solver uses it.  Here it sets the
friction of a new point between two balls from the speed at which their
surfaces slide past each other at that point, out of the ground's plane
as well as across it.  Bullet still solves the hit; only the coefficient
its solver meets is the law's, as a material's would be.

Who asks: the two balls of a touch the simulation has stepped up to, for
the one ``doPhysics`` piece in which Bullet first finds them touching
(``Simulation._step_to``).  Every other point keeps Bullet's product,
which is the law at rest: the hook costs a Python call for each new point
of a flagged body, and a rolling ball makes a new ground point nearly every
substep.  A point lasting past its first substep gets the product again
when Bullet refreshes it; a hit is solved in its first substep, after
which the pair parts and its points are cleared (``contacts._parting``).

The hook reads only the two bodies it is handed, so one hook serves every
world in every thread.  It is installed once and never cleared while the
process runs (clearing it would take it from other threads' worlds); at
exit it is cleared before Python tears down the callback it holds.  It is
set through a world of its own, never a game world (``install``).
"""

from __future__ import annotations

import atexit
import math
import threading

from panda3d.bullet import BulletContactCallbackData, BulletRigidBodyNode, BulletWorld
from panda3d.core import PythonCallbackObject, Vec3

from game.physics.hit_friction import slip_share
from game.physics.units import BULLET_UNIT

_INSTALL = threading.Lock()
_hook_world: BulletWorld | None = None   # the world the hook is set through (``install``)


def surface_slip(node0: BulletRigidBodyNode, node1: BulletRigidBodyNode, normal: Vec3, r0: float, r1: float) -> float:
    """How fast (Bullet units a second) two spheres' surfaces slide past each other where they touch.

    ``normal`` is the unit normal from body 1 toward body 0 (Bullet's
    normal on B, body 0 being A); each surface point lies its radius from
    its centre along it: body 0's at ``-r0 n``, body 1's at ``+r1 n``.
    """
    v = (node0.getLinearVelocity() + node0.getAngularVelocity().cross(normal * -r0)
         - node1.getLinearVelocity() - node1.getAngularVelocity().cross(normal * r1))
    along = v.dot(normal)
    return math.sqrt(max(v.lengthSquared() - along * along, 0.0))


def _on_contact_added(data: BulletContactCallbackData) -> None:
    """A new contact point: if it joins two balls, their grip falls with their slide (``hit_friction``)."""
    node0, node1 = data.getNode0(), data.getNode1()
    if not (isinstance(node0, BulletRigidBodyNode) and isinstance(node1, BulletRigidBodyNode)):
        return
    if node0.getMass() <= 0.0 or node1.getMass() <= 0.0:
        return   # the ground, or a slab of it
    point = data.getManifold()
    slip = surface_slip(node0, node1, point.getNormalWorldOnB(),
                        point.getLocalPointA().length(), point.getLocalPointB().length())
    point.setCombinedFriction(point.getCombinedFriction() * slip_share(slip / BULLET_UNIT))


def install() -> None:
    """Make sure the process-wide hook is set.

    Panda sets it through a world, and that world's solver then also
    caches friction directions and uses two of them per point (its
    ``set_contact_added_callback`` turns those on): a game world so set
    would solve every contact, the ground's too, otherwise than every other
    world.  So the hook is set through a world of its own, kept for the
    process's life, and cleared through it at exit.
    """
    global _hook_world
    with _INSTALL:
        if _hook_world is None:
            _hook_world = BulletWorld()
            _hook_world.setContactAddedCallback(PythonCallbackObject(_on_contact_added))
            atexit.register(_hook_world.clearContactAddedCallback)


class HitGrip:
    """The bodies of one world that ask for the hook for the next ``doPhysics`` piece."""

    __slots__ = ("armed",)

    def __init__(self) -> None:
        self.armed: tuple[BulletRigidBodyNode, ...] = ()

    def arm(self, *nodes: BulletRigidBodyNode) -> None:
        """These bodies' new points in the next piece stepped get the law's friction."""
        self.disarm()
        for node in nodes:
            node.notifyCollisions(True)
        self.armed = nodes

    def disarm(self) -> None:
        """A piece was stepped: every body's new points get Bullet's product again."""
        for node in self.armed:
            node.notifyCollisions(False)
        self.armed = ()
