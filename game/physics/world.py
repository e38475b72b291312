"""The bodies' bookkeeping: Bullet nodes, units, placement checks and the mirror of resting places.

Everything here is about *which* bodies are on the ground and *where*; nothing
steps the world.  Two choices matter elsewhere:

* Bullet works in millimetres (``units.BULLET_UNIT``, with the reason).
* Bullet stores positions in single precision, so a body read back comes a
  hair off where it was placed.  Each body keeps the exact (float64) place it
  was put at and the single-precision value Bullet held for it then; while
  Bullet still holds that very value the body has not moved, and it is
  reported at its exact place.  A rule drawn through a body's spot (a
  satellite painted on the Herschel line) then sees it on the line, not
  "beyond" it, for a shot that never touched it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

import numpy as np
from panda3d.bullet import BulletRigidBodyNode, BulletSphereShape, BulletWorld
from panda3d.core import Point3, TransformState, Vec3

from game.physics.materials import BodySpec, Point
from game.physics.config import PhysicsConfig
from game.physics.physics_errors import PlacementError
from game.physics.motion import REST, BallState, Ground
from game.physics.resolver import Ball
from game.physics.units import BULLET_UNIT

ZERO = Vec3(0.0, 0.0, 0.0)
_LOCK_Z = Vec3(1.0, 1.0, 0.0)
_NO_SPIN = Vec3(0.0, 0.0, 0.0)
_TOUCH_TOLERANCE = 5e-4  # m: resting bodies may overlap this much (Bullet leaves small overlaps)
# Bullet units: a pair whose paths come no nearer than this to touching
# gets nothing from Bullet.  Its solver gives a contact an impulse only if
# the pair touches within the substep (or overlaps), and its positions
# drift from our float64 paths by about 1e-3 units over a tick.
NEAR_SLACK = 0.1


@dataclass
class Body:
    """A body in the world: its spec, Bullet node, ground, resolver record, exact place and motion.

    ``placed`` is where the body was last put (metres, float64) and
    ``placed_raw`` what Bullet held for it right after (its own units, single
    precision): see the module docstring.  ``unread`` says the body may have
    moved since the pose reader last read it although it sleeps now (see
    ``sleep``).
    """

    spec: BodySpec
    node: BulletRigidBodyNode
    ground: Ground  # how it slides and rolls on the earth (``motion.py``)
    radius: float   # in Bullet units (mm)
    ball: Ball      # what the hit resolver needs of it
    placed: Point = (0.0, 0.0)
    placed_raw: Point = field(default=(0.0, 0.0))
    unread: bool = True
    # Its motion (``motion.py``) as it was at shot time ``state_t`` (s): a
    # moving body's state there, from which every later one follows exactly.
    state: BallState = REST
    state_t: float = 0.0


def new_world() -> BulletWorld:
    """A world with no gravity: there is no ground to fall on (``docs/physics.md``)."""
    world = BulletWorld()
    world.setGravity(ZERO)
    return world


def make_body(spec: BodySpec, shape: BulletSphereShape, config: PhysicsConfig) -> Body:
    """A Bullet node for ``spec`` at its place, asleep, not yet in any world."""
    node = BulletRigidBodyNode(spec.id)
    r = spec.radius * BULLET_UNIT
    node.addShape(shape)
    node.setMass(spec.mass)
    node.setRestitution(spec.material.restitution)
    node.setFriction(spec.material.friction)
    node.setLinearFactor(_LOCK_Z)
    node.setAngularFactor(_NO_SPIN)
    # We decide when a body sleeps; Bullet's own thresholds would freeze
    # a marble mid-roll.
    node.setLinearSleepThreshold(0.0)
    node.setAngularSleepThreshold(0.0)
    material = spec.material
    ground = Ground(spec.radius, material.sliding_friction, material.rolling_resistance, config.gravity)
    ball = Ball(spec.mass, r, spec.material.restitution, spec.material.friction)
    body = Body(spec, node, ground, r, ball)
    put(body, spec.position)
    return body


def put(body: Body, position: Point) -> None:
    """Set a body at ``position`` (metres) and remember the exact place."""
    x, y = float(position[0]), float(position[1])
    body.node.setTransform(TransformState.makePos(Point3(x * BULLET_UNIT, y * BULLET_UNIT, body.radius)))
    body.placed = (x, y)
    body.placed_raw = raw_xy(body)


def sleep(body: Body) -> None:
    """Put a body to sleep: Bullet stops moving it until something wakes it.

    Bullet only ever moves awake bodies, and only we put bodies to sleep
    (its own sleeping is off), so a reader that wants every body's latest
    position reads the awake ones and those put to sleep since its last
    read, which this marks.
    """
    body.node.setActive(False, True)
    body.unread = True


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


@dataclass
class Mirror:
    """A copy of the bodies' positions by row, for the graze search (``grazes.py``) and the follow-on look.

    ``z`` holds x + iy in Bullet units where each body last stopped (a
    moving body's row is stale until it stops: its path is asked instead).
    Plain Python lists, not numpy: the asks touch 41 rows a few times a
    tick, right after Bullet's substeps, where numpy's per-call cost is
    most of the work.  A pair's touching distance is ``radius[i] +
    radius[j]``, and near is that plus ``NEAR_SLACK``.
    """

    rows: dict[str, int]
    z: list[complex]
    radius: list[float]
    ids: list[str] = field(default_factory=list)
    radius_max: float = 0.0   # the largest radius (the contact scan's follow-on look)

    @staticmethod
    def empty() -> "Mirror":
        return Mirror({}, [], [])

    @staticmethod
    def of(bodies: Mapping[str, Body]) -> "Mirror":
        """Rebuild the mirror after bodies came or went."""
        return Mirror.from_arrays(list(bodies), [complex(*raw_xy(b)) for b in bodies.values()],
                                  [b.radius for b in bodies.values()])

    @staticmethod
    def from_arrays(ids: list[str], z: Iterable[complex], radius: Iterable[float]) -> "Mirror":
        """A mirror of bodies ``ids`` at ``z`` (x + iy) with ``radius``, by row, in Bullet units."""
        rows = {bid: i for i, bid in enumerate(ids)}
        radii = [float(r) for r in radius]
        return Mirror(rows, [complex(c) for c in z], radii, list(rows), max(radii, default=0.0))


def check_specs(specs: list[BodySpec], play_radius: float) -> None:
    """Refuse duplicate ids, bodies outside the circle and overlapping bodies."""
    seen: set[str] = set()
    for spec in specs:
        if spec.id in seen:
            raise PlacementError(f"body id {spec.id!r} appears twice")
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
