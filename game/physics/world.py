"""The Bullet world and its bodies: a static ground with gravity, free spheres, placement checks.

Everything here is about *which* bodies are on the ground and *where*;
nothing steps the world.  Three choices matter elsewhere:

* Bullet works in millimetres (``units.BULLET_UNIT``, with the reason).
* The ground (``ground.Ground``, chosen once by ``new_ground``) has
  friction and no bounce: on the level plane one static Bullet plane, on
  any other ``PhysicsConfig.ground`` a slab under each ball, the ground's
  tangent plane under it (``ground_contact.py``).  Every body is a free
  sphere with its real mass and inertia (Bullet's solid sphere, 2/5 m R²),
  falling under gravity onto it, with no continuous collision detection
  (the speed cap keeps a ball from passing its radius in a substep).
* Bullet stores positions in single precision, so a body read back comes a
  hair off where it was placed.  Each body keeps the exact (float64) place
  it was put at and the single-precision value Bullet held for it then;
  while Bullet still holds that very value the body has not moved, and it
  is reported at its exact place.  A rule drawn through a body's spot (a
  satellite painted on the Herschel line) then sees it on the line, not
  "beyond" it, for a shot that never touched it.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np
from panda3d.bullet import BulletRigidBodyNode, BulletSphereShape, BulletWorld
from panda3d.core import ConfigVariableBool, ConfigVariableString, Point3, TransformState, Vec3

from game.physics import hit_grip
from game.physics.config import PhysicsConfig
from game.physics.ground import GROUND_NAME, Ground, Plane
from game.physics.ground_contact import GroundPool, Slab, Slabs
from game.physics.materials import GROUND, BodySpec
from game.rules.layout import Point
from game.physics.physics_errors import PlacementError
from game.physics.units import BULLET_UNIT

__all__ = ["GROUND_NAME", "Body", "attach", "bullet_world", "check_specs", "clear_callbacks", "detach", "lift",
           "make_body", "new_ground", "new_world", "put", "raw_xy", "sleep", "xy_of"]

ZERO = Vec3(0.0, 0.0, 0.0)
_TOUCH_TOLERANCE = 5e-4  # m: resting bodies may overlap this much (Bullet leaves small overlaps)
CONTACT_PROCESSING = 0.002   # Bullet units (mm): a manifold point farther apart than this is not solved
# Panda's switches for Bullet's split impulse and pair filter, read when a world is built.  They are
# process-wide config variables, not arguments: ``bullet_world`` sets them, builds, and sets them back, all
# under ``_SWITCHES``, so two threads building worlds at once (a planner's threads, the app's while a
# preview's thread plans) never build with the other's switches.  Every world of the game is built there.
_SPLIT_IMPULSE = ConfigVariableBool("bullet-split-impulse", False)
_FILTER = ConfigVariableString("bullet-filter-algorithm", "mask")
_SWITCHES = threading.Lock()


@dataclass
class Body:
    """A body in the world: its spec, Bullet node, size in Bullet units and exact place.

    ``placed`` is where the body was last put (metres, float64) and
    ``placed_raw`` what Bullet held for it right after (its own units,
    single precision): see the module docstring.
    """

    spec: BodySpec
    node: BulletRigidBodyNode
    radius: float          # Bullet units (mm)
    placed: Point = (0.0, 0.0)
    placed_raw: Point = (0.0, 0.0)
    slab: Slab | None = None   # its own ground, on rough ground (``ground_contact.py``)


def new_world(config: PhysicsConfig, ground: Ground) -> BulletWorld:
    """A world with gravity and its ``ground`` (``docs/physics.md``, "The world").

    Built with Bullet's split impulse: Bullet finds a hit up to a substep
    late, the balls overlapping, and without it the solver pushes them
    apart by adding velocity (a glass hit then rebounds at up to 1.12, not
    0.92); with it the overlap is undone in position alone.  Every world,
    a shot's as the hat's, is built so.
    """
    world = bullet_world(split_impulse=True, pair_filter=ground.pair_filter)
    hit_grip.install()
    world.setGravity(Vec3(0.0, 0.0, -config.gravity * BULLET_UNIT))
    ground.furnish(world)
    return world


def new_ground(config: PhysicsConfig) -> Ground:
    """The ground of the worlds of ``config``: the level plane's one body, or a slab under each ball on any other
    (the only place that tells the two apart)."""
    if config.ground.is_flat:
        return Plane(config.ground, GROUND)
    pool = config.ground_pool if config.ground_pool is not None else GroundPool()
    return Slabs(config.ground, BULLET_UNIT, config.substep, GROUND, pool=pool)


def bullet_world(*, split_impulse: bool = False, pair_filter: str = "mask") -> BulletWorld:
    """A bare ``BulletWorld`` built with these two of Panda's process-wide switches, which are then set back.

    Panda reads them only in ``BulletWorld()``; the switching holds the
    module's lock ``_SWITCHES``, so worlds built at once in several threads
    each get their own, and no other code may set these two variables.
    """
    with _SWITCHES:
        was_split, was_filter = _SPLIT_IMPULSE.getValue(), _FILTER.getValue()
        _SPLIT_IMPULSE.setValue(split_impulse)
        _FILTER.setValue(pair_filter)
        try:
            return BulletWorld()
        finally:
            _SPLIT_IMPULSE.setValue(was_split)
            _FILTER.setValue(was_filter)


def clear_callbacks(world: BulletWorld) -> None:
    """Clear the world's tick and filter callbacks (before it is dropped: a callback left set can crash at exit)."""
    world.clearTickCallback()
    world.clearFilterCallback()


def attach(world: BulletWorld, body: Body) -> None:
    """Put a body (and its slab) into ``world``."""
    world.attachRigidBody(body.node)
    if body.slab is not None:
        world.attachRigidBody(body.slab.node)


def detach(world: BulletWorld, body: Body) -> None:
    """Take a body (and its slab) out of ``world``."""
    world.removeRigidBody(body.node)
    if body.slab is not None:
        world.removeRigidBody(body.slab.node)


def make_body(spec: BodySpec, shape: BulletSphereShape, ground: Ground) -> Body:
    """A free Bullet sphere for ``spec`` resting on ``ground`` at its place (with its slab, if the ground gives it
    one), not yet in any world."""
    if spec.id == GROUND_NAME:
        raise PlacementError(f"{GROUND_NAME!r} is the ground's name, not a body's")
    node = BulletRigidBodyNode(spec.id)
    node.addShape(shape)
    node.setMass(spec.mass)
    node.setRestitution(spec.material.restitution)
    node.setFriction(spec.material.friction)
    # We decide when a body rests (``resting.py``); Bullet's own
    # thresholds (0.8 m/s) would freeze a marble mid-roll.
    node.setLinearSleepThreshold(0.0)
    node.setAngularSleepThreshold(0.0)
    # Bullet 2.84 keeps a manifold point until it is some 0.2-0.3 mm apart
    # (a rolling ball's last contacts, lifted off the ground; a pair just
    # parted) and warm-starts its friction with 0.85 of its last impulse
    # every substep, without solving it where no normal force acts: friction
    # with no normal force.  It carried a ball along by its spin about the
    # vertical and threw a topspin taw 35 mm up off a ball pressed against
    # another.  Bullet turns into constraints only points closer than this.
    node.setContactProcessingThreshold(CONTACT_PROCESSING)
    radius = spec.radius * BULLET_UNIT
    body = Body(spec, node, radius, slab=ground.make(spec.id, node, radius))
    put(body, spec.position, ground)
    return body


def put(body: Body, position: Point, ground: Ground) -> None:
    """Set a body at ``position`` (metres), resting on ``ground``, unturned, and remember the exact place.

    Its centre is above ``position`` where a ball resting there has it
    (its slab, if it has one, laid under it).
    """
    x, y = float(position[0]), float(position[1])
    z = ground.rest_on(body.spec.id, body.radius, x, y)
    body.node.setTransform(TransformState.makePos(Point3(x * BULLET_UNIT, y * BULLET_UNIT, z)))
    body.placed = (x, y)
    body.placed_raw = raw_xy(body)


def lift(body: Body, height: float) -> None:
    """Raise a body just put on the ground by ``height`` metres, unturned: the hat lets its marbles go so."""
    p = body.node.getTransform().getPos()
    body.node.setTransform(TransformState.makePos(Point3(p[0], p[1], p[2] + height * BULLET_UNIT)))


def sleep(body: Body) -> None:
    """Stop a body and put it to sleep: Bullet moves it no more until a moving body touches it."""
    node = body.node
    node.setLinearVelocity(ZERO)
    node.setAngularVelocity(ZERO)
    node.setActive(False, True)


def raw_xy(body: Body) -> Point:
    """Where Bullet holds a body, in Bullet units."""
    p = body.node.getTransform().getPos()
    return (float(p[0]), float(p[1]))


def xy_of(body: Body) -> Point:
    """Where a body is, in metres: its exact place while Bullet has not moved it."""
    p = body.node.getTransform().getPos()
    x = float(p[0])
    y = float(p[1])
    raw = body.placed_raw
    if x == raw[0] and y == raw[1]:
        return body.placed
    return (x / BULLET_UNIT, y / BULLET_UNIT)


def check_specs(specs: list[BodySpec], play_radius: float) -> None:
    """Refuse duplicate ids, bodies outside the circle and overlapping bodies."""
    seen: set[str] = set()
    for spec in specs:
        if spec.id in seen:
            raise PlacementError(f"body id {spec.id!r} appears twice")
        if spec.id == GROUND_NAME:
            raise PlacementError(f"{GROUND_NAME!r} is the ground's name, not a body's")
        seen.add(spec.id)
    if not specs:
        return
    xy = np.array([s.position for s in specs], dtype=np.float64)
    r = np.array([s.radius for s in specs], dtype=np.float64)
    outside = np.hypot(xy[:, 0], xy[:, 1]) > play_radius
    if outside.any():
        spec = specs[int(np.argmax(outside))]
        raise PlacementError(f"{spec.id} at {spec.position} lies outside the play area")
    gap = np.hypot(*(xy[:, None, :] - xy[None, :, :]).transpose(2, 0, 1)) - (r[:, None] + r[None, :])
    np.fill_diagonal(gap, np.inf)
    i, j = np.unravel_index(int(np.argmin(gap)), gap.shape)
    if gap[i, j] < -_TOUCH_TOLERANCE:
        raise PlacementError(f"{specs[i].id} and {specs[j].id} overlap by {-gap[i, j] * 1000:.2f} mm")
