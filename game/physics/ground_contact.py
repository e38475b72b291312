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
*slab*, whose top face is the ground's tangent plane at a point of the
ball's way (``Terrain``'s height and slope there).  Bullet's solver does
everything as on the plane: the contact, friction turning a slide into a
roll, the support.  Between substeps (the world's tick callback) the slab
is laid again ahead of its ball, so that at every substep's contact test
the ball is within a few millimetres of the point it was laid at (6 mm
for a game world's slab, 4 mm for the hat's): there the plane departs
from the ground by at most κ·d²/2, 9 µm at the sharpest crest any
ground can have, and its slope by 0.003 rad.

Two kinds, one job each:

* ``ExclusiveSlabs`` (the game's worlds): a slab small enough that no ball
  but its own can reach it, so Bullet needs no Python pair filter, laid ahead
  along each ball's course and touched only when due.
* ``Slabs`` (the hat world, ``hat_world.py``): a wide slab under every
  marble, followed every substep, and a Python pair filter
  (``ground_filter``) that lets a slab meet only its own marble: marbles
  fall out of the hat, and a slab lies under a marble still in the air
  while others roll over it.

Every slab is named ``GROUND_NAME``, so the contact scan skips its
contacts as it skips the plane's.  Inside ``doPhysics`` Panda reports a
body's transform as it was when the call began (one substep back: its
motion-state interpolation); a ball's place during the call is that plus
its velocity times each substep (Bullet's own integration, short only of
split impulse's sub-millimetre position corrections).
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field
from typing import Iterable

from panda3d.bullet import BulletBoxShape, BulletFilterCallbackData, BulletRigidBodyNode, BulletWorld
from panda3d.core import BitMask32, Point3, Quat, TransformState, Vec3

from game.physics.config import GRAVITY
from game.physics.materials import Material
from game.physics.terrain import Terrain

GROUND_NAME = "ground"   # the ground's node name (the plane's, every slab's); no body may take it
FOLLOW_M = 0.004         # metres: the farthest a hat marble is from where its slab was laid, at any contact test
SLAB_MARGIN_M = 4e-5     # a slab's collision margin: Bullet's default in a world built in millimetres
# An exclusive slab (``ExclusiveSlabs``), in its ball's radii: its face's half-length along the ball's way and
# half-width across it, and the farthest the ball's foot goes from the face's middle along its way (5.5 mm for
# glass) and across it (1 mm) at any contact test.
SLAB_LENGTH = 0.8
SLAB_WIDTH = 0.35
ALONG = 0.6875
ACROSS = 0.125
MAX_AHEAD_S = 1.0 / 15.0  # the longest an exclusive slab is laid ahead of a ball rolling on: four calls
BEND_M = 5e-4            # ... or less, so that the slope's pull bends its way by at most this
SLIDING_AHEAD_S = 1.0 / 60.0   # ... and of a ball just pushed, or sliding: one call
_PULL = 5.0 / 7.0 * GRAVITY    # m/s² per sinθ: a slope's pull on a rolling ball
_SIN_GENTLE = 2.0 * BEND_M / (_PULL * MAX_AHEAD_S ** 2)   # sinθ below which MAX_AHEAD_S bends a way under BEND_M
_GENTLE2 = _SIN_GENTLE ** 2 / (1.0 - _SIN_GENTLE ** 2)    # ... as |∇h|²
SLIDING_MPS2 = 2.0       # m/s²: a ball whose velocity changes faster than this is sliding (friction: 4-5.4)
REBASE_SLACK = 1.1       # a call begins: a slab still serves its ball within this many ALONG (and ACROSS)
_ONE = Vec3(1.0, 1.0, 1.0)
_LEVEL = (1.0, 0.0)   # a slab's heading when laid under a resting ball

SLAB_BIT = 1 << 31      # in a hat slab's collide mask, beside its marble's key
BALL_GROUP, SLAB_GROUP = 0, 1   # a game world's collide groups (Panda's ``groups-mask`` filter, in C++)
_BALL_MASK, _SLAB_MASK = BitMask32.bit(BALL_GROUP), BitMask32.bit(SLAB_GROUP)

Moving = Iterable[tuple]
"""Balls at a call's start: id, place and horizontal velocity (Bullet units, x + iy) as Panda reports them, then
height and vertical speed (``step_planner.Mover``)."""


def ground_filter(data: BulletFilterCallbackData) -> None:
    """The hat world's pair filter: balls meet balls; a slab meets only its own ball.

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


def exclusive_groups(world: BulletWorld) -> None:
    """In a world built with Panda's ``groups-mask`` filter: balls meet balls and slabs; slabs never meet slabs.

    A slab meets only its own ball by its shape (``ExclusiveSlabs``); but
    two slabs laid ahead of two balls closing on each other may overlap,
    and Bullet would test every such pair of (static) boxes, and the
    contact scan would find the manifolds they leave.
    """
    world.setGroupCollisionFlag(BALL_GROUP, SLAB_GROUP, True)
    world.setGroupCollisionFlag(SLAB_GROUP, SLAB_GROUP, False)


@dataclass(slots=True)
class Slab:
    """A ball's slab: its node, the slabs it belongs to, and where (Bullet units) the ball's centre was planned when
    it was last laid."""

    node: BulletRigidBodyNode
    owner: "SlabLayer"
    radius: float
    laid: tuple[float, float] = (0.0, 0.0)
    slope2: float = 0.0      # |∇h|² where it was last laid
    # The plane its face lies in: the ground's height (m) and slope where it was last laid, (x, y) in metres
    # (not a number until it is first laid).
    plane: tuple[float, float, float, float, float] = (math.nan, math.nan, 0.0, 0.0, 0.0)
    heading: tuple[float, float] = (1.0, 0.0)   # its face's long side, level (an exclusive slab's: its ball's way)
    normal: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0)   # its face's normal, and sqrt(1 + |∇h|²)

    def lay(self, x: float, y: float) -> None:
        self.owner.lay(self, x, y)


@dataclass
class SlabLayer:
    """Slabs on a rough ``terrain``, ``unit`` Bullet units to the metre: making them and laying them.

    ``half_width`` (in the ball's radii) sizes a slab's top face; with
    ``at_foot`` its middle is where the ball touches the plane (its centre
    less its radius along the normal), otherwise straight below the centre.
    One layer serves a ``Simulation`` through all the fresh worlds of its
    shots.
    """

    terrain: Terrain
    unit: float
    substep: float
    material: Material
    half_width: float = 2.0
    at_foot: bool = False
    _shapes: dict[float, BulletBoxShape] = field(default_factory=dict)
    _balls: dict[str, tuple[BulletRigidBodyNode, Slab]] = field(default_factory=dict)

    def stepping(self, substep_s: float) -> None:
        """The next ``doPhysics`` call steps substeps of ``substep_s`` (the tick callback counts on it)."""
        self.substep = substep_s

    def make(self, bid: str, body_node: BulletRigidBodyNode, radius: float) -> Slab:
        """A slab for the ball ``bid`` of ``radius`` (Bullet units), not yet laid nor in any world."""
        slab = Slab(self._node(radius), self, radius)
        self._balls[bid] = (body_node, slab)
        return slab

    def _node(self, radius: float) -> BulletRigidBodyNode:
        """A new slab body for a ball of ``radius``."""
        node = BulletRigidBodyNode(GROUND_NAME)
        node.addShape(self._shape(radius))
        node.setFriction(self.material.friction)
        node.setRestitution(self.material.restitution)
        return node

    def slab_of(self, bid: str) -> Slab | None:
        entry = self._balls.get(bid)
        return entry[1] if entry is not None else None

    def forget(self, bid: str) -> None:
        """The ball left the world."""
        self._balls.pop(bid, None)

    def _shape(self, radius: float) -> BulletBoxShape:
        shape = self._shapes.get(radius)
        if shape is None:   # half_width radii each way, its radius deep
            w = self.half_width * radius
            shape = self._shapes[radius] = BulletBoxShape(Vec3(w, w, radius))
            shape.setMargin(SLAB_MARGIN_M * self.unit)   # Bullet's default 0.04 units is 4 cm in metres
        return shape

    def lay(self, slab: Slab, x: float, y: float) -> None:
        """Lay ``slab`` with its top face on the ground's tangent plane at (x, y) (Bullet units), below a ball
        centred above (x, y)."""
        unit = self.unit
        xm, ym = x / unit, y / unit
        h, gx, gy = self.terrain.height_gradient1(xm, ym)
        self._set(slab, x, y, xm, ym, h, gx, gy)

    def rest_on(self, slab: Slab, x: float, y: float) -> float:
        """Lay ``slab`` under a ball resting with its centre above (x, y) (metres); returned: the height of that
        centre (Bullet units): h + R·sqrt(1 + |∇h|²), exact on the slab's plane.

        A spare slab (``ExclusiveSlabs.release``) last laid right here, as a
        resting ball's, is where this would lay it: it is left as it lies (a
        planning rollout rebuilds the same table many times).
        """
        unit = self.unit
        xm, ym, h, _gx, _gy = slab.plane
        if not (xm == x and ym == y and slab.heading == _LEVEL and slab.laid == (x * unit, y * unit)):
            h, gx, gy = self.terrain.height_gradient1(x, y)
            self._set(slab, x * unit, y * unit, x, y, h, gx, gy)
        return h * unit + slab.radius * slab.normal[3]

    def _set(self, slab: Slab, x: float, y: float, xm: float, ym: float, h: float, gx: float, gy: float,
             ux: float = 1.0, uy: float = 0.0) -> None:
        """Lay ``slab`` on the plane of height ``h`` (m) and slope (gx, gy) through (x, y) (Bullet units; xm, ym in
        metres), its long side along the level unit vector (ux, uy) (ux >= 0: a face turned half round is the same)."""
        s2 = gx * gx + gy * gy
        root = math.sqrt(1.0 + s2)
        nx, ny, nz = -gx / root, -gy / root, 1.0 / root
        # The tilt taking +z to the normal n: (1 + n·z, z × n), normalised ...
        w = 1.0 + nz
        norm = 1.0 / math.sqrt(w * w + nx * nx + ny * ny)
        qw, qx, qy = w * norm, -ny * norm, nx * norm
        # ... after the turn about z taking +x to (ux, uy): (cos ψ/2, 0, 0, sin ψ/2).
        c = math.sqrt(0.5 * (1.0 + ux))
        si = 0.5 * uy / c
        slab.laid = (x, y)
        slab.slope2 = s2
        slab.plane = (xm, ym, h, gx, gy)
        slab.heading = (ux, uy)
        slab.normal = (nx, ny, nz, root)
        depth = slab.radius
        z = h * self.unit
        if self.at_foot:   # the face's middle at the ball's foot: its centre (on the plane) less r n
            z += depth * root - depth * nz
            x -= depth * nx
            y -= depth * ny
        slab.node.setTransform(TransformState.makePosQuatScale(
            Point3(x - nx * depth, y - ny * depth, z - nz * depth),
            Quat(qw * c, qx * c + qy * si, qy * c - qx * si, qw * si), _ONE))


@dataclass(slots=True)
class _Moving:
    """A marble the hat's slabs follow during one doPhysics call: its node, slab and place now."""

    node: BulletRigidBodyNode
    slab: Slab
    x: float
    y: float


@dataclass
class Slabs(SlabLayer):
    """The hat world's slabs: wide ones, each meeting only its marble through ``ground_filter``, followed every
    substep.

    ``make`` gives a marble its slab and a collide key they share,
    ``begin_call`` (before each ``doPhysics``) takes the awake marbles, and
    ``after_substep`` (from the tick callback) moves each on by its velocity
    and lays its slab again once it is ``FOLLOW_M``/2 from where it was laid.
    """

    _keys: int = 0
    _moving: dict[str, _Moving] = field(default_factory=dict)

    def make(self, bid: str, body_node: BulletRigidBodyNode, radius: float) -> Slab:
        """A slab for the ball ``bid`` of ``radius`` (Bullet units); the ball gets the collide mask they share."""
        slab = super().make(bid, body_node, radius)
        self._keys += 1
        slab.node.setIntoCollideMask(BitMask32(self._keys | SLAB_BIT))
        body_node.setIntoCollideMask(BitMask32(self._keys))
        return slab

    def forget(self, bid: str) -> None:
        super().forget(bid)
        self._moving.pop(bid, None)

    def begin_call(self) -> None:
        """A doPhysics call starts: follow the awake balls from where Panda holds them now."""
        moving: dict[str, _Moving] = {}
        for bid, (node, slab) in self._balls.items():
            if node.isActive():
                p = node.getTransform().getPos()
                moving[bid] = _Moving(node, slab, p[0], p[1])
        self._moving = moving

    def after_substep(self) -> None:
        """Move each followed ball by its velocity over the substep and lay its slab again if it went far enough."""
        h = self.substep
        follow2 = (0.5 * FOLLOW_M * self.unit) ** 2
        for m in self._moving.values():
            v = m.node.getLinearVelocity()
            m.x += v[0] * h
            m.y += v[1] * h
            lx, ly = m.slab.laid
            if (m.x - lx) ** 2 + (m.y - ly) ** 2 > follow2:
                self.lay(m.slab, m.x, m.y)


@dataclass(slots=True)
class _Course:
    """A ball whose slab is laid ahead of it: where it was (Bullet units) and how fast it went at shot time ``t``,
    and ``last``, the last shot time its slab serves it (a substep ending later lays it again)."""

    node: BulletRigidBodyNode
    slab: Slab
    x: float
    y: float
    vx: float
    vy: float
    t: float
    last: float = -math.inf
    sliding: bool = True     # its velocity changed fast at the last read, or it was just pushed


SpareKey = tuple[float, float, Material, Terrain]   # a slab's unit, radius, material and ground


class GroundPool:
    """Slab bodies out of any world, kept for the next worlds their owner builds.

    Making a slab (a Bullet body and its shape) costs about as much as
    laying it, and a planning rollout builds a world of 41 of them: so
    whoever builds many worlds on one ground (a plan's rollouts, a
    benchmark, one ``Simulation`` through its shots) holds a pool and
    passes it in (``PhysicsConfig.ground_pool``).  A static body keeps
    nothing of its last world: Bullet sets it asleep as it is attached, and
    it is laid before use (or lies already where it is to be laid,
    ``SlabLayer.rest_on``), so a shot gives the same bits on spare slabs as
    on new ones.  A pool crosses to another process empty (Bullet bodies do
    not pickle): each planning worker fills its own.
    """

    __slots__ = ("bound", "_spare")

    def __init__(self, bound: int = 256) -> None:
        self.bound = bound   # spare slabs kept for each size and ground
        self._spare: dict[SpareKey, list[Slab]] = {}

    def take(self, key: SpareKey) -> Slab | None:
        """A spare slab of ``key``, the last given first, or None."""
        spare = self._spare.get(key)
        try:
            return spare.pop() if spare else None
        except IndexError:   # another thread took the last
            return None

    def give(self, key: SpareKey, slab: Slab) -> None:
        """Keep ``slab``, out of every world, for the next (unless ``bound`` of its kind are kept already)."""
        spare = self._spare.setdefault(key, [])
        if len(spare) < self.bound:
            spare.append(slab)

    def spares(self) -> list[Slab]:
        """Every slab kept, of every kind."""
        return [slab for kept in self._spare.values() for slab in kept]

    def __reduce__(self) -> tuple[type, tuple[int]]:
        return (GroundPool, (self.bound,))


@dataclass
class ExclusiveSlabs(SlabLayer):
    """The game world's slabs: small enough that no ball but their own can reach them, laid ahead along each course.

    **Exclusive by shape.**  A slab's top face is a rectangle around the
    ball's foot where it was laid, its long side along the ball's way:
    ``SLAB_LENGTH`` of the ball's radius each way along it (6.4 mm for
    glass) and ``SLAB_WIDTH`` across (2.8 mm).  At every contact test the
    ball's foot is within ``ALONG`` radii (5.5 mm; 6.05 mm with the slack a
    call's start allows, ``REBASE_SLACK``) of the face's middle along its
    way and ``ACROSS`` (1 mm) across it, so at least 0.35 mm inside the
    face, and the face's farthest point is 13.0 mm from the foot.  Another
    ball's foot lies at least the two radii from this ball's (15.7 mm on
    the steepest incline a ``Terrain`` allows), so at least 2.7 mm from
    every point of the face, where that ball's surface is 0.45 mm above the
    ground (a sphere rises s²/2R off its foot; the face departs from the
    ground there by at most 64 µm at the sharpest crest): it cannot touch
    the face while the balls do not overlap, and slabs, static, never meet
    each other (Panda's C++ ``groups-mask`` filter, ``exclusive_groups``).
    So the world needs no Python pair filter, and Bullet pairs a slab with
    its own ball alone.

    **Laid ahead.**  A slab is laid, from the ball's place x and velocity v,
    at x + v s/2, the middle of the stretch x ... x + v s that the ball goes
    in the next s = 2 ``ALONG`` R/|v| (at most ``MAX_AHEAD_S``, less on a
    slope or for a sliding ball: ``_lay_ahead``), turned along v, and laid
    again when that time is up: at each contact test in between, the ball
    is within ``ALONG`` of its middle along v (braking only shortens the
    stretch) and within the bend the slope or friction gives its way
    (``BEND_M``, 0.75 mm sliding) across.  Only the balls due are touched
    in a substep, one velocity read each; a ball's place is carried on
    between reads by the mean of the two velocities.  A ball the solver
    pushed in a substep (the contact scan's pairs) is laid again at once,
    with its new velocity.  Every call begins from the places Panda reports
    (``begin_call``), and a slab that no longer serves its ball's next
    stretch is laid again.
    """

    half_width: float = SLAB_WIDTH
    half_length: float = SLAB_LENGTH
    at_foot: bool = True
    pool: GroundPool = field(default_factory=GroundPool)   # spare slabs: the world builder's, or this layer's own
    next_due: float = math.inf              # a substep ending after this shot time (s) has a slab to lay
    _courses: dict[str, _Course] = field(default_factory=dict)
    _due: list[tuple[float, int, str]] = field(default_factory=list)   # heap of (last, order, ball)
    _order: int = 0

    def make(self, bid: str, body_node: BulletRigidBodyNode, radius: float) -> Slab:
        """A slab for the ball ``bid`` of ``radius`` (Bullet units), a spare one if a closed world left one
        (``release``); the ball takes its collide group."""
        self._courses.pop(bid, None)
        body_node.setIntoCollideMask(_BALL_MASK)
        slab = self.pool.take((self.unit, radius, self.material, self.terrain))
        if slab is None:
            slab = Slab(self._node(radius), self, radius)
        else:
            slab.owner = self
        self._balls[bid] = (body_node, slab)
        return slab

    def _node(self, radius: float) -> BulletRigidBodyNode:
        node = super()._node(radius)
        node.setIntoCollideMask(_SLAB_MASK)
        return node

    def release(self) -> None:
        """Every ball's slab is out of every world (its world closed or dropped): keep them in ``pool`` for the
        next worlds (the first ball's taken first, so a table built again gets each ball its own) and forget
        the balls."""
        for _node, slab in reversed(self._balls.values()):
            self.pool.give((self.unit, slab.radius, self.material, self.terrain), slab)
        self._balls.clear()
        self._courses.clear()
        self._due = []

    def _shape(self, radius: float) -> BulletBoxShape:
        shape = self._shapes.get(radius)
        if shape is None:   # long along its local x (the ball's way), its radius deep
            shape = self._shapes[radius] = BulletBoxShape(
                Vec3(self.half_length * radius, self.half_width * radius, radius))
            shape.setMargin(SLAB_MARGIN_M * self.unit)
        return shape

    def forget(self, bid: str) -> None:
        super().forget(bid)
        self._courses.pop(bid, None)

    def begin_call(self, awake: Moving, lag: float, t: float) -> None:
        """A doPhysics call starts at shot time ``t`` with the ``awake`` balls, whose places Panda reports ``lag``
        seconds back: follow them, and lay any slab that no longer serves its ball's next stretch."""
        courses: dict[str, _Course] = {}
        old = self._courses
        if not old:
            self._due = []
        along, across = REBASE_SLACK * ALONG, REBASE_SLACK * ACROSS
        limit = SLIDING_MPS2 * self.unit
        for bid, where, velocity, *_height in awake:
            c = old.get(bid)
            if c is None:
                node, slab = self._balls[bid]
                c = _Course(node, slab, 0.0, 0.0, 0.0, 0.0, t)
            vx, vy = velocity.real, velocity.imag
            x, y = where.real + vx * lag, where.imag + vy * lag
            if t > c.t:
                c.sliding = math.hypot(vx - c.vx, vy - c.vy) > limit * (t - c.t)
            c.x, c.y, c.vx, c.vy, c.t = x, y, vx, vy, t
            courses[bid] = c
            slab = c.slab
            lx, ly = slab.laid
            ux, uy = slab.heading
            left = c.last - t     # how long its slab still serves it
            ax, ay = x - lx, y - ly                          # its place now, from the face's middle
            ex, ey = ax + vx * left, ay + vy * left          # ... and at the last contact test its slab serves
            r = slab.radius
            if (left < 0.0 or abs(ax * ux + ay * uy) > along * r or abs(ex * ux + ey * uy) > along * r
                    or abs(ay * ux - ax * uy) > across * r or abs(ey * ux - ex * uy) > across * r):
                self._lay_ahead(bid, c)
        self._courses = courses
        self.next_due = self._due[0][0] + 1e-6 * self.substep if self._due else math.inf

    def after_substep(self, pushed: Iterable[tuple[str, str]], t: float) -> None:
        """The substep ending at shot time ``t`` is over: lay again the slabs of the balls pushed in it, and of
        those whose stretch ends."""
        h = self.substep
        courses = self._courses
        for pair in pushed:
            for bid in pair:
                self._pushed(bid, courses, t, h)
        due = self._due
        past = t - 1e-6 * h
        limit = SLIDING_MPS2 * self.unit
        while due and due[0][0] < past:
            when, _order, bid = heapq.heappop(due)
            c = courses.get(bid)
            if c is None or c.last != when:
                continue   # asleep, gone, or laid again since
            vx, vy, _vz = c.node.getLinearVelocity()
            half = 0.5 * (t - c.t)
            c.x += (c.vx + vx) * half
            c.y += (c.vy + vy) * half
            if t > c.t:
                c.sliding = math.hypot(vx - c.vx, vy - c.vy) > limit * (t - c.t)
            c.vx, c.vy, c.t = vx, vy, t
            self._lay_ahead(bid, c)
        self.next_due = due[0][0] + 1e-6 * h if due else math.inf

    def _pushed(self, bid: str, courses: dict[str, _Course], t: float, h: float) -> None:
        """The solver pushed ``bid`` in the substep ending at ``t``: lay its slab again with its new velocity."""
        c = courses.get(bid)
        if c is None:
            entry = self._balls.get(bid)
            if entry is None:
                return
            node, slab = entry
            p = node.getTransform().getPos()   # still until this substep: Panda holds it where it was
            c = courses[bid] = _Course(node, slab, p[0], p[1], 0.0, 0.0, t - h)
        elif c.t == t:
            return   # already laid in this substep (its other pair)
        # on at its old velocity up to this substep, then at the one the push gave it
        v = c.node.getLinearVelocity()
        c.x += c.vx * (t - h - c.t) + v[0] * h
        c.y += c.vy * (t - h - c.t) + v[1] * h
        c.vx, c.vy, c.t, c.sliding = v[0], v[1], t, True
        self._lay_ahead(bid, c)

    def _lay_ahead(self, bid: str, c: _Course) -> None:
        """Lay ``c``'s slab in the middle of the stretch it goes until its next lay, along its way, and say when
        that is.

        A rolling ball is laid ahead at most ``MAX_AHEAD_S``, and no
        further than the slope where it was last laid bends its way by
        ``BEND_M`` (½ a s², a = 5/7 g sinθ: 43 ms on a house ground's
        steepest 4.5°).  A sliding ball can curve at its friction's
        4-5.4 m/s², so it is laid ahead at most ``SLIDING_AHEAD_S`` (0.75 mm).
        """
        h = self.substep
        slab = c.slab
        if c.sliding:
            span = SLIDING_AHEAD_S
        elif slab.slope2 <= _GENTLE2:
            span = MAX_AHEAD_S
        else:
            s2 = slab.slope2
            span = math.sqrt(2.0 * BEND_M / (_PULL * math.sqrt(s2 / (1.0 + s2))))
        most = max(1, int(span / h + 1e-9))
        vx, vy = c.vx, c.vy
        speed = math.hypot(vx, vy)
        step = speed * h
        reach = 2.0 * ALONG * slab.radius
        # it serves the contact tests from c.t to c.t + (n - 1) h, however long the substeps: all within ALONG
        n = most if step * (most - 1) <= reach else 1 + int(reach / step)
        ahead = 0.5 * (n - 1) * h
        x, y = c.x + vx * ahead, c.y + vy * ahead
        unit = self.unit
        xm, ym = x / unit, y / unit
        hm, gx, gy = self.terrain.height_gradient1(xm, ym)
        if speed > 0.0:
            ux, uy = (vx / speed, vy / speed) if vx >= 0.0 else (-vx / speed, -vy / speed)
            self._set(slab, x, y, xm, ym, hm, gx, gy, ux, uy)
        else:
            self._set(slab, x, y, xm, ym, hm, gx, gy)
        c.last = c.t + (n - 1) * h
        self._order += 1
        heapq.heappush(self._due, (c.last, self._order, bid))
