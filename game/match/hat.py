"""Rule 1, the physical part: the hat turned down over the Sun.

"The players must each put his marble into a hat, and turn down the hat over
the sun; then, as the marbles fall near or far from the sun, the planets are
taken."

The game's physics world is flat (no gravity, z locked: see
``game.physics.simulation``), so a fall needs a world of its own: a small
Bullet world with gravity and a ground plane, holding the lead Sun at the
centre and one glass marble per player released from inside the hat. The
marbles fall, bounce on the packed earth, roll (with the same rolling
resistance as the game world: ``mu_r * g`` taken off the speed while a body
touches the ground), knock each other and the Sun about, and come to rest.
Their distances from where the Sun then lies go to
``game.rules.hat.assign_planets``.

The drop is seeded: the spots in the hat and the small velocities the
lifted hat gives each marble come from ``random.Random(seed)``, and a fresh
Bullet world run with identical inputs is bit-identical.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from game.physics.bodies import GLASS, LEAD, MARBLE_MASS, SUN_MASS, Material
from game.physics.config import GRAVITY
from game.rules.hat import assign_planets
from game.rules.layout import SUN, Layout

Point = tuple[float, float]
HatFrame = Callable[[float, list[str], np.ndarray], None]

HAT_RADIUS = 0.06          # m: the crown of a boy's cap or hat turned down over the Sun
HAT_HEIGHT = 0.12          # m: the crown's height: marbles start between the ground and it
JOSTLE = 0.35              # m/s: spread of the sideways velocity the lifted hat gives a marble
GROUND_RESTITUTION = 0.45  # packed earth: a dropped marble bounces low
GROUND_FRICTION = 0.8
SUBSTEP_HZ = 480
SUBSTEPS_PER_TICK = 8
MAX_TIME = 30.0            # s: after this every body is stopped where it lies
REST_SPEED = 2e-3          # m/s: under this, with the body on the ground, it is at rest


@dataclass(frozen=True)
class HatDrop:
    """One player's marble: where it was let go, where it came to rest, how far from the Sun."""

    player: str
    start: tuple[float, float, float]
    rest: Point | None          # None: it rolled off the ground
    distance: float             # math.inf when it rolled off
    planet: str


@dataclass(frozen=True)
class HatResult:
    """The hat lifted: each player's planet, the drops nearest first, and where the Sun ended."""

    drops: tuple[HatDrop, ...]
    sun: Point
    seed: int
    time: float

    @property
    def planets(self) -> dict[str, str]:
        return {d.player: d.planet for d in self.drops}


def drop_hat(players: Sequence[str], seed: int, layout: Layout | None = None,
             on_frame: HatFrame | None = None, frame_hz: float = 60.0) -> HatResult:
    """Drop one marble per player over the Sun and hand out the planets (rule 1).

    ``players`` names the people (any strings, distinct).  ``on_frame(t, ids,
    poses)`` receives (N, 7) poses ``x, y, z, qw, qx, qy, qz`` at ``frame_hz``
    for a replay or the app.
    """
    names = list(players)
    if len(set(names)) != len(names):
        raise ValueError("each player drops one marble: names must be distinct")
    if not 1 <= len(names) <= 7:
        raise ValueError(f"the hat takes 1 to 7 players, not {len(names)}")
    layout = layout or Layout()
    rng = random.Random(seed)
    starts = _starting_spots(names, layout, rng)
    velocities = {name: (rng.gauss(0.0, JOSTLE), rng.gauss(0.0, JOSTLE)) for name in names}
    world = _HatWorld(layout)
    try:
        world.add(SUN, layout.sun_radius, SUN_MASS, LEAD, (0.0, 0.0, layout.sun_radius), (0.0, 0.0))
        for name in names:
            world.add(_marble_id(name), layout.marble_radius, MARBLE_MASS, GLASS, starts[name], velocities[name])
        elapsed = world.run_to_rest(on_frame, frame_hz)
        rests = world.positions()
    finally:
        world.close()
    sun = rests.get(SUN, (0.0, 0.0))
    distances: dict[str, float] = {}
    resting: dict[str, Point | None] = {}
    for name in names:
        spot = rests.get(_marble_id(name))
        on_ground = spot is not None and math.hypot(*spot) <= layout.play_radius
        resting[name] = spot if on_ground else None
        distances[name] = math.dist(spot, sun) if on_ground and spot is not None else math.inf
    planets = assign_planets(distances, seed)
    drops = sorted(
        (HatDrop(name, starts[name], resting[name], distances[name], planets[name]) for name in names),
        key=lambda d: (d.distance, d.planet),
    )
    return HatResult(tuple(drops), sun, seed, elapsed)


def _marble_id(player: str) -> str:
    return f"hat:{player}"


def _starting_spots(names: list[str], layout: Layout, rng: random.Random) -> dict[str, tuple[float, float, float]]:
    """Spots inside the hat, no two marbles overlapping, none inside the Sun.

    Marbles lie in the upturned crown in a loose heap: each gets a random
    point in the crown's circle at a random height, retried until it is clear
    of the others.
    """
    r = layout.marble_radius
    spots: dict[str, tuple[float, float, float]] = {}
    for name in names:
        for _ in range(10_000):
            rho = (HAT_RADIUS - r) * math.sqrt(rng.random())
            phi = rng.uniform(0.0, 2.0 * math.pi)
            z = rng.uniform(layout.sun_radius * 2 + r + 0.005, HAT_HEIGHT - r)
            spot = (rho * math.cos(phi), rho * math.sin(phi), z)
            if all(math.dist(spot, other) > 2 * r + 0.001 for other in spots.values()):
                spots[name] = spot
                break
        else:  # pragma: no cover - seven marbles always fit in the crown
            raise RuntimeError("no room in the hat")
    return spots


class _HatWorld:
    """A Bullet world with gravity and ground, for the one drop of rule 1."""

    def __init__(self, layout: Layout) -> None:
        from panda3d.bullet import BulletPlaneShape, BulletRigidBodyNode, BulletWorld
        from panda3d.core import NodePath, Vec3

        self._layout = layout
        self._world = BulletWorld()
        self._world.setGravity(Vec3(0.0, 0.0, -GRAVITY))
        self._root = NodePath("hat-world")
        ground = BulletRigidBodyNode("ground")
        ground.addShape(BulletPlaneShape(Vec3(0, 0, 1), 0))
        ground.setRestitution(GROUND_RESTITUTION)
        ground.setFriction(GROUND_FRICTION)
        self._ground = self._root.attachNewNode(ground)
        self._world.attachRigidBody(ground)
        self._bodies: dict[str, tuple[BulletRigidBodyNode, NodePath, Material, float]] = {}
        self._order: list[str] = []
        self.time = 0.0

    def add(self, body_id: str, radius: float, mass: float, material: Material,
            start: tuple[float, float, float], velocity: Point) -> None:
        from panda3d.bullet import BulletRigidBodyNode, BulletSphereShape
        from panda3d.core import Vec3

        node = BulletRigidBodyNode(body_id)
        node.addShape(BulletSphereShape(radius))
        node.setMass(mass)
        node.setRestitution(material.restitution)
        node.setFriction(material.friction)
        node.setDeactivationEnabled(False)  # sleep thresholds are far too high for marbles
        node.setCcdMotionThreshold(radius * 0.5)
        node.setCcdSweptSphereRadius(radius * 0.8)
        path = self._root.attachNewNode(node)
        path.setPos(*start)
        node.setLinearVelocity(Vec3(velocity[0], velocity[1], 0.0))
        self._world.attachRigidBody(node)
        self._bodies[body_id] = (node, path, material, radius)
        self._order.append(body_id)

    def run_to_rest(self, on_frame: HatFrame | None, frame_hz: float) -> float:
        from panda3d.core import Vec3

        h = 1.0 / SUBSTEP_HZ
        tick = SUBSTEPS_PER_TICK * h
        next_frame = 0.0
        period = 1.0 / frame_hz
        ticks = 0
        while True:
            if on_frame is not None and self.time + 1e-9 >= next_frame:
                ids, poses = self.poses()
                on_frame(self.time, ids, poses)
                next_frame += period
            self._world.doPhysics(tick, SUBSTEPS_PER_TICK, h)
            ticks += 1
            self.time = ticks * tick
            moving = False
            for body_id in self._order:
                node, path, material, radius = self._bodies[body_id]
                v = node.getLinearVelocity()
                on_ground = path.getZ() <= radius * 1.05
                if on_ground:
                    speed = math.hypot(v[0], v[1])
                    loss = material.rolling_resistance * GRAVITY * tick
                    if speed <= loss:
                        node.setLinearVelocity(Vec3(0.0, 0.0, v[2]))
                        node.setAngularVelocity(Vec3(0.0, 0.0, 0.0))
                    else:
                        scale = (speed - loss) / speed
                        node.setLinearVelocity(Vec3(v[0] * scale, v[1] * scale, v[2]))
                        node.setAngularVelocity(node.getAngularVelocity() * scale)
                if (not on_ground or math.hypot(v[0], v[1]) > REST_SPEED or abs(v[2]) > REST_SPEED) \
                        and math.hypot(path.getX(), path.getY()) <= self._layout.play_radius:
                    moving = True
            if not moving or self.time >= MAX_TIME:
                break
        if on_frame is not None:
            ids, poses = self.poses()
            on_frame(self.time, ids, poses)
        return self.time

    def positions(self) -> dict[str, Point]:
        return {b: (self._bodies[b][1].getX(), self._bodies[b][1].getY()) for b in self._order}

    def poses(self) -> tuple[list[str], np.ndarray]:
        out = np.zeros((len(self._order), 7))
        for i, body_id in enumerate(self._order):
            path = self._bodies[body_id][1]
            pos, quat = path.getPos(), path.getQuat()
            out[i] = (pos[0], pos[1], pos[2], quat[0], quat[1], quat[2], quat[3])
        return list(self._order), out

    def close(self) -> None:
        for node, path, _material, _radius in self._bodies.values():
            self._world.removeRigidBody(node)
            path.removeNode()
        self._bodies.clear()
        self._world.removeRigidBody(self._ground.node())
        self._root.removeNode()
        from game.physics.pandaown import release_states

        release_states()  # headless, nothing else empties Panda's state cache


def hat_summary(result: HatResult) -> list[str]:
    """The hat lifted, as a referee would call it, nearest first."""
    lines = ["The hat is turned down over the Sun and lifted (rule 1):"]
    for drop in result.drops:
        where = "rolled off the ground" if drop.rest is None else f"{drop.distance * 100:.1f} cm from the Sun"
        lines.append(f"  {drop.player}: {where}, takes {drop.planet.capitalize()}")
    return lines
