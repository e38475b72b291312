"""The ground a world's balls roll on: one idea, two shapes.

Every world (a shot's, a preview's, a rollout's, the hat's) is built on a
``Ground``, and the code that steps it (``simulation.py``, ``resting.py``,
``hat_world.py``) asks the ground what it needs instead of testing which
ground it is:

* ``Plane`` is the level plane z = 0, one static Bullet plane per world:
  the default ground, and the fast one.
* ``ground_contact.Slabs`` is any other ground (rough earth, an incline):
  each ball brings its own small slab laid along the ground's tangent
  plane under it, laid again between substeps as the ball goes.

Which of the two a world gets is decided once, by ``world.new_ground``,
from the ``Terrain`` of its config.  The two differ in one place the rest
code must know: what a ball stands on (``Footing``), since the plane's
law is the tangent plane's with every slope zero, kept apart so that a
shot on the plane costs nothing for slopes it has not.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, Iterable, Protocol

from panda3d.bullet import BulletPlaneShape, BulletRigidBodyNode, BulletWorld
from panda3d.core import Vec3

from game.physics.materials import GROUND, Material
from game.physics.terrain import Terrain

if TYPE_CHECKING:   # ground_contact's Slab: a ball's own piece of ground
    from game.physics.ground_contact import Slab

GROUND_NAME = "ground"   # the ground's node name (the plane's, every slab's); no body may take it

Moving = Iterable[tuple[Any, ...]]
"""Balls at a call's start: id, place and horizontal velocity (Bullet units, x + iy) as Panda reports them, then
height and vertical speed (``step_planner.Mover``)."""


class Footing(enum.Enum):
    """What a ball stands on, for the rest code (``resting.control_tick``)."""

    LEVEL = "level"       # the plane z = 0: off the ground above its radius, never pulled, always held
    TANGENT = "tangent"   # its own slab: the ground's tangent plane under it, read from ``Body.slab``


class Ground(Protocol):
    """The ground of a world: what a world builder, a stepper and the rest code ask of it.

    One ground serves every fresh world its owner builds (a ``Simulation``
    through all its shots); ``release`` hands back what the last world held.
    Units are Bullet's (``units.BULLET_UNIT``) unless a name says metres.
    """

    terrain: Terrain      # its heights, in metres
    footing: Footing      # what a ball stands on
    pair_filter: str      # Panda's ``bullet-filter-algorithm`` for a world on it (``world.bullet_world``)
    next_due: float       # a substep ending after this shot time (s) has ground to lay (inf: never)

    def furnish(self, world: BulletWorld) -> None:
        """Put the ground into ``world``, just built with ``pair_filter``."""

    def make(self, bid: str, node: BulletRigidBodyNode, radius: float) -> Slab | None:
        """The ball ``bid``'s own piece of ground (its slab), not yet in any world; None when the world's ground
        serves it."""

    def rest_on(self, bid: str, radius: float, x: float, y: float) -> float:
        """The height of the centre of ball ``bid`` of ``radius`` resting above (x, y) (metres), its piece of
        ground laid under it (the radius and the height in Bullet units)."""

    def climb(self, x: float, y: float, vx: float, vy: float) -> float:
        """The vertical speed (Bullet units/s) that keeps a ball launched at (vx, vy) m/s from (x, y) (metres)
        along the ground."""

    def forget(self, bid: str) -> None:
        """The ball ``bid`` left the world."""

    def release(self) -> None:
        """The world closed or was dropped: keep what it held for the next, and forget its balls."""

    def begin_call(self, awake: Moving, lag: float, t: float) -> None:
        """A doPhysics call starts at shot time ``t`` with the ``awake`` balls, their places ``lag`` s back."""

    def stepping(self, substep_s: float) -> None:
        """The next doPhysics call steps substeps of ``substep_s``."""

    def after_substep(self, pushed: Iterable[tuple[str, str]], t: float) -> None:
        """The substep ending at shot time ``t`` is over; the solver pushed the pairs ``pushed`` in it."""


class Plane:
    """The level plane z = 0: one static Bullet plane in each world, which every ball rolls on."""

    footing = Footing.LEVEL
    pair_filter = "mask"   # Panda's default, in C++: every collide mask is all on
    next_due = float("inf")

    def __init__(self, terrain: Terrain, material: Material = GROUND) -> None:
        self.terrain = terrain
        self.material = material

    def furnish(self, world: BulletWorld) -> None:
        plane = BulletRigidBodyNode(GROUND_NAME)
        plane.addShape(BulletPlaneShape(Vec3(0.0, 0.0, 1.0), 0.0))
        plane.setFriction(self.material.friction)
        plane.setRestitution(self.material.restitution)
        world.attachRigidBody(plane)

    def make(self, bid: str, node: BulletRigidBodyNode, radius: float) -> None:
        return None

    def rest_on(self, bid: str, radius: float, x: float, y: float) -> float:
        return radius

    def climb(self, x: float, y: float, vx: float, vy: float) -> float:
        return 0.0

    def forget(self, bid: str) -> None:
        pass

    def release(self) -> None:
        pass

    def begin_call(self, awake: Moving, lag: float, t: float) -> None:
        pass

    def stepping(self, substep_s: float) -> None:
        pass

    def after_substep(self, pushed: Iterable[tuple[str, str]], t: float) -> None:
        pass
