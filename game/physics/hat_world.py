"""The hat drop's 3-D world (rule 1): marbles fall from a hat onto the packed earth round the Sun.

The fall needs a world of its own, without the game world's split
impulse: a small Bullet world with gravity and a ground plane, in metres;
or on rough ground (``terrain.py``) a slab under each marble laid along
the ground's tangent plane, as in the game's world (``ground_contact.py``),
in millimetres as the game's world is (in metres Bullet keeps a moved
slab's old contact points, 2 cm being within its contact threshold, and
they brake the roll).  Places and poses go in and out in metres.  The marbles fall, bounce on the packed earth, roll (with the
game world's rolling resistance: ``mu_r * g`` taken off the speed while a
body touches the ground), knock each other and the Sun about, and come to
rest.  Who takes which planet is the match's business (``game.match.hat``).
A fresh world run with identical inputs is bit-identical.
"""

from __future__ import annotations

import math
from typing import Callable

import numpy as np
from panda3d.bullet import BulletPlaneShape, BulletRigidBodyNode, BulletSphereShape
from panda3d.core import NodePath, PythonCallbackObject, Vec3

from game.physics.config import GRAVITY
from game.physics.ground_contact import Slab, Slabs, ground_filter
from game.physics.materials import Material
from game.physics.pandaown import release_states
from game.physics.terrain import Terrain
from game.physics.units import BULLET_UNIT
from game.physics.world import bullet_world

from game.rules.layout import Point
HatFrame = Callable[[float, list[str], np.ndarray], None]
"""``on_frame(t, ids, poses)``: (N, 7) poses ``x, y, z, qw, qx, qy, qz``."""

GROUND_RESTITUTION = 0.45  # packed earth: a dropped marble bounces low
GROUND_FRICTION = 0.8
SUBSTEP_HZ = 480
SUBSTEPS_PER_TICK = 8
MAX_TIME = 30.0            # s: after this every body is stopped where it lies
REST_SPEED = 2e-3          # m/s: under this, with the body on the ground, it is at rest
EARTH = Material("packed earth", restitution=GROUND_RESTITUTION, friction=GROUND_FRICTION, rolling_resistance=1.0)


class HatWorld:
    """A Bullet world with gravity and ground, for the one drop of rule 1; bodies beyond ``play_radius`` are off."""

    def __init__(self, play_radius: float, ground: Terrain | None = None) -> None:
        self._play_radius = play_radius
        self._terrain = ground or Terrain()
        self._slabs: Slabs | None = None
        self._root = NodePath("hat-world")
        self._bodies: dict[str, tuple[BulletRigidBodyNode, NodePath, Material, float]] = {}
        self._order: list[str] = []
        self.time = 0.0
        self._u = 1.0   # Bullet units to the metre: 1 on the plane, 1000 on rough ground
        if not self._terrain.is_flat:
            self._rough_world()
            return
        self._world = bullet_world()
        self._world.setGravity(Vec3(0.0, 0.0, -GRAVITY))
        ground = BulletRigidBodyNode("ground")
        ground.addShape(BulletPlaneShape(Vec3(0, 0, 1), 0))
        ground.setRestitution(GROUND_RESTITUTION)
        ground.setFriction(GROUND_FRICTION)
        self._ground: NodePath | None = self._root.attachNewNode(ground)
        self._world.attachRigidBody(ground)

    def _rough_world(self) -> None:
        """No ground plane: each marble brings its slab, and only it meets that slab."""
        self._world = bullet_world(pair_filter="callback")
        self._u = BULLET_UNIT
        self._world.setGravity(Vec3(0.0, 0.0, -GRAVITY * self._u))
        self._world.setFilterCallback(PythonCallbackObject(ground_filter))
        self._ground = None
        slabs = self._slabs = Slabs(self._terrain, self._u, 1.0 / SUBSTEP_HZ, EARTH)
        self._world.setTickCallback(PythonCallbackObject(lambda _data: slabs.after_substep()), False)

    def add(self, body_id: str, radius: float, mass: float, material: Material,
            start: tuple[float, float, float], velocity: Point) -> None:
        """A marble of ``radius`` let go at ``start`` with ``velocity`` (metres, m/s); its height is above the ground there."""
        u = self._u
        if u != 1.0:
            lift = self._terrain.height1(start[0], start[1])
            radius, start, velocity = radius * u, (start[0] * u, start[1] * u, (start[2] + lift) * u), \
                (velocity[0] * u, velocity[1] * u)
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
        if self._slabs is not None:
            slab: Slab = self._slabs.make(body_id, node, radius)
            slab.lay(start[0], start[1])
            self._world.attachRigidBody(slab.node)
        self._bodies[body_id] = (node, path, material, radius)
        self._order.append(body_id)

    def run_to_rest(self, on_frame: HatFrame | None, frame_hz: float) -> float:
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
            if self._slabs is not None:
                self._slabs.begin_call()
            self._world.doPhysics(tick, SUBSTEPS_PER_TICK, h)
            ticks += 1
            self.time = ticks * tick
            moving = False
            for body_id in self._order:
                node, path, material, radius = self._bodies[body_id]
                v = node.getLinearVelocity()
                if self._slabs is not None:
                    moving = self._rough_tick(node, path, material, radius, tick) or moving
                    continue
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
                        and math.hypot(path.getX(), path.getY()) <= self._play_radius:
                    moving = True
            if not moving or self.time >= MAX_TIME:
                break
        if on_frame is not None:
            ids, poses = self.poses()
            on_frame(self.time, ids, poses)
        return self.time

    def _rough_tick(self, node: BulletRigidBodyNode, path: NodePath, material: Material, radius: float,
                    tick: float) -> bool:
        """The rolling resistance and rest of one marble on rough ground; whether it still moves.

        As on the plane, with heights and speeds taken along the ground: a
        marble slower than what the resistance takes off in a tick is
        stopped there (a slope its resistance cannot hold sets it off again).
        """
        u = self._u
        v = node.getLinearVelocity()
        x, y = path.getX() / u, path.getY() / u
        terrain = self._terrain
        gx, gy = terrain.gradient1(x, y)
        on_ground = path.getZ() <= (terrain.centre_height(x, y, radius / u) * u + radius * 0.05)
        speed = math.hypot(v[0], v[1])
        climb = gx * v[0] + gy * v[1]
        if on_ground:
            loss = material.rolling_resistance * GRAVITY * u * tick
            if speed <= loss:
                node.setLinearVelocity(Vec3(0.0, 0.0, 0.0))
                node.setAngularVelocity(Vec3(0.0, 0.0, 0.0))
                return False
            scale = (speed - loss) / speed
            node.setLinearVelocity(Vec3(v[0] * scale, v[1] * scale, v[2] - climb * (1.0 - scale)))
            node.setAngularVelocity(node.getAngularVelocity() * scale)
        if math.hypot(x, y) > self._play_radius:
            return False
        return not on_ground or speed > REST_SPEED * u or abs(v[2] - climb) > REST_SPEED * u

    def positions(self) -> dict[str, Point]:
        """Where each body is (metres)."""
        u = self._u
        return {b: (self._bodies[b][1].getX() / u, self._bodies[b][1].getY() / u) for b in self._order}

    def poses(self) -> tuple[list[str], np.ndarray]:
        out = np.zeros((len(self._order), 7))
        for i, body_id in enumerate(self._order):
            path = self._bodies[body_id][1]
            pos, quat = path.getPos(), path.getQuat()
            out[i] = (pos[0] / self._u, pos[1] / self._u, pos[2] / self._u, quat[0], quat[1], quat[2], quat[3])
        return list(self._order), out

    def close(self) -> None:
        self._world.clearTickCallback()
        self._world.clearFilterCallback()
        for node, path, _material, _radius in self._bodies.values():
            self._world.removeRigidBody(node)
            path.removeNode()
        self._bodies.clear()
        if self._slabs is not None:
            for body_id in self._order:
                slab = self._slabs.slab_of(body_id)
                if slab is not None:
                    self._world.removeRigidBody(slab.node)
        if self._ground is not None:
            self._world.removeRigidBody(self._ground.node())
        self._root.removeNode()
        release_states()  # headless, nothing else empties Panda's state cache
