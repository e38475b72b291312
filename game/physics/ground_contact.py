"""Bullet on rough ground: each ball rolls on its own slab, laid along the ground's tangent plane under it.

Why not a triangle mesh or a heightfield: Bullet meets a sphere rolling
over a triangle mesh at every edge between two triangles, with a contact
normal tilted toward the edge (its internal-edge contacts; the fix,
``btAdjustInternalEdgeContacts``, is not in Panda3D's wrapper).  On a
*flat* mesh of 2.5 cm triangles a ball rolled at 0.3 m/s lost 12% of its
speed and turned up to 2.4° off its line in a second, one at 1 m/s hopped
0.9 mm and turned 5°, and one at the 3.8 m/s cap sank through the mesh
(``docs/decisions.md``, "Rough earth").

So the ground has no edges: under each ball lies a small static box, a
*slab*, whose top face is the ground's tangent plane at the point below the
ball's centre (``Terrain``'s height and slope there).  Bullet's solver does
everything as on the plane: the contact, friction turning a slide into a
roll, the support.  Between substeps (the world's tick callback) the slab
is laid again under its ball whenever the ball has moved ``FOLLOW_M`` from
where it was laid: there the plane departs from the ground by at most
κ·d²/2, 1 µm at the roughest crest, and its slope by 0.001 rad.

A slab touches only its own ball: the world filters pairs by a Python
callback (Panda's ``bullet-filter-algorithm callback``, switched on only
while a rough world is built), and a ball and its slab share a collide
key in their collide masks that no other body has.  Every slab is named ``GROUND_NAME``, so the
contact scan skips its contacts as it skips the plane's.

Inside ``doPhysics`` Panda reports a body's transform as it was when the
call began; a ball's place during the call is that plus its velocity times
each substep (Bullet's own integration, short only of split impulse's
sub-millimetre position corrections), which is where its slab is laid.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterable

from panda3d.bullet import BulletBoxShape, BulletFilterCallbackData, BulletRigidBodyNode, BulletWorld
from panda3d.core import BitMask32, Point3, Quat, TransformState, Vec3

from game.physics.materials import Material
from game.physics.terrain import Terrain

GROUND_NAME = "ground"   # the ground's node name (the plane's, every slab's); no body may take it
FOLLOW_M = 0.002         # metres a ball moves before its slab is laid again
SLAB_MARGIN_M = 4e-5     # a slab's collision margin: Bullet's default in a world built in millimetres
_ONE = Vec3(1.0, 1.0, 1.0)


SLAB_BIT = 1 << 31      # in a slab's collide mask, beside its ball's key


def ground_filter(data: BulletFilterCallbackData) -> None:
    """Bullet's pair filter in a rough world: balls meet balls; a slab meets only its own ball.

    A ball's collide mask is its key, its slab's the same key with
    ``SLAB_BIT``: two masks without the bit are two balls, and a mask pair
    differing by the bit alone is a ball and its own slab.  (Bullet asks
    for every pair with an awake body at every substep: this runs often.)
    It runs inside ``doPhysics``, which holds Panda's Bullet lock: it may
    call no method that takes that lock (``isStatic``, ``isActive`` ...
    deadlock the process); the collide mask is a plain node property.
    """
    a = data.getNode0().getIntoCollideMask().getWord()
    b = data.getNode1().getIntoCollideMask().getWord()
    data.setCollide(not (a | b) & SLAB_BIT or a ^ b == SLAB_BIT)


@dataclass
class Slab:
    """A ball's slab: its node, the slabs it belongs to, and where (Bullet units) the ball was when it was last laid."""

    node: BulletRigidBodyNode
    owner: "Slabs"
    radius: float
    laid: tuple[float, float] = (0.0, 0.0)

    def lay(self, x: float, y: float) -> None:
        self.owner.lay(self, x, y)


@dataclass
class _Moving:
    """A ball the slabs follow during one doPhysics call: its node, slab and place now."""

    node: BulletRigidBodyNode
    slab: Slab
    x: float
    y: float


@dataclass
class Slabs:
    """The slabs of the balls of a world on a rough ``terrain``, ``unit`` Bullet units to the metre.

    ``make`` gives a ball its slab, ``lay`` puts a slab under a place,
    ``begin_call`` (before each ``doPhysics``) takes the awake balls, and
    ``after_substep`` (from the tick callback) follows every moving ball,
    and any ball another pushed in the substep.  One ``Slabs`` serves a
    ``Simulation`` through all the fresh worlds of its shots.
    """

    terrain: Terrain
    unit: float
    substep: float
    material: Material
    _shapes: dict[float, BulletBoxShape] = field(default_factory=dict)
    _keys: int = 0
    _balls: dict[str, tuple[BulletRigidBodyNode, Slab]] = field(default_factory=dict)
    _moving: dict[str, _Moving] = field(default_factory=dict)

    def make(self, bid: str, body_node: BulletRigidBodyNode, radius: float) -> Slab:
        """A slab for the ball ``bid`` of ``radius`` (Bullet units); the ball gets the collide mask they share."""
        self._keys += 1
        node = BulletRigidBodyNode(GROUND_NAME)
        node.addShape(self._shape(radius))
        node.setFriction(self.material.friction)
        node.setRestitution(self.material.restitution)
        node.setIntoCollideMask(BitMask32(self._keys | SLAB_BIT))
        body_node.setIntoCollideMask(BitMask32(self._keys))
        slab = Slab(node, self, radius)
        self._balls[bid] = (body_node, slab)
        return slab

    def slab_of(self, bid: str) -> Slab | None:
        entry = self._balls.get(bid)
        return entry[1] if entry is not None else None

    def forget(self, bid: str) -> None:
        """The ball left the world."""
        self._balls.pop(bid, None)
        self._moving.pop(bid, None)

    def _shape(self, radius: float) -> BulletBoxShape:
        shape = self._shapes.get(radius)
        if shape is None:   # twice the ball's radius each way, its radius deep
            shape = self._shapes[radius] = BulletBoxShape(Vec3(2.0 * radius, 2.0 * radius, radius))
            shape.setMargin(SLAB_MARGIN_M * self.unit)   # Bullet's default 0.04 units is 4 cm in metres
        return shape

    def lay(self, slab: Slab, x: float, y: float) -> None:
        """Lay ``slab`` with its top face on the ground's tangent plane at (x, y) (Bullet units)."""
        unit = self.unit
        h, gx, gy = self.terrain.height_gradient1(x / unit, y / unit)
        inv = 1.0 / math.sqrt(1.0 + gx * gx + gy * gy)
        nx, ny, nz = -gx * inv, -gy * inv, inv
        # The turn taking +z to the normal n: (1 + n·z, z × n), normalised.
        w = 1.0 + nz
        norm = 1.0 / math.sqrt(w * w + nx * nx + ny * ny)
        depth = slab.radius
        slab.node.setTransform(TransformState.makePosQuatScale(
            Point3(x - nx * depth, y - ny * depth, h * unit - nz * depth),
            Quat(w * norm, -ny * norm, nx * norm, 0.0), _ONE))
        slab.laid = (x, y)

    def begin_call(self) -> None:
        """A doPhysics call starts: follow the awake balls from where Panda holds them now."""
        moving: dict[str, _Moving] = {}
        for bid, (node, slab) in self._balls.items():
            if node.isActive():
                p = node.getTransform().getPos()
                moving[bid] = _Moving(node, slab, p[0], p[1])
        self._moving = moving

    def after_substep(self, pushed: Iterable[tuple[str, str]] = ()) -> None:
        """Move each followed ball by its velocity over the substep and lay its slab again if it went far enough.

        ``pushed``: the pairs Bullet's solver pushed apart in this substep
        (the contact scan's); a ball among them not yet followed was still
        until this substep, where Panda holds it, and is followed from now.
        """
        h = self.substep
        follow2 = (FOLLOW_M * self.unit) ** 2
        moving = self._moving
        for pair in pushed:
            for bid in pair:
                if bid not in moving and bid in self._balls:
                    node, slab = self._balls[bid]
                    p = node.getTransform().getPos()
                    moving[bid] = _Moving(node, slab, p[0], p[1])
        for m in moving.values():
            v = m.node.getLinearVelocity()
            m.x += v[0] * h
            m.y += v[1] * h
            lx, ly = m.slab.laid
            if (m.x - lx) ** 2 + (m.y - ly) ** 2 > follow2:
                self.lay(m.slab, m.x, m.y)


def attach_slab(world: BulletWorld, slab: Slab | None) -> None:
    if slab is not None:
        world.attachRigidBody(slab.node)


def detach_slab(world: BulletWorld, slab: Slab | None) -> None:
    if slab is not None:
        world.removeRigidBody(slab.node)
