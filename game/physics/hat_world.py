"""The hat drop's 3-D world (rule 1): marbles fall from a hat onto the packed earth round the Sun.

The game's world is flat (no gravity, z locked: ``simulation.py``), so the
fall needs a world of its own: a small Bullet world with gravity and a
ground plane.  The marbles fall, bounce on the packed earth, roll (with the
game world's rolling resistance: ``mu_r * g`` taken off the speed while a
body touches the ground), knock each other and the Sun about, and come to
rest.  Who takes which planet is the match's business (``game.match.hat``).
A fresh world run with identical inputs is bit-identical.
"""

from __future__ import annotations

import math
from typing import Callable

import numpy as np
from panda3d.bullet import BulletPlaneShape, BulletRigidBodyNode, BulletSphereShape, BulletWorld
from panda3d.core import NodePath, Vec3

from game.physics.materials import Material
from game.physics.config import GRAVITY
from game.physics.pandaown import release_states

Point = tuple[float, float]
HatFrame = Callable[[float, list[str], np.ndarray], None]
"""``on_frame(t, ids, poses)``: (N, 7) poses ``x, y, z, qw, qx, qy, qz``."""

GROUND_RESTITUTION = 0.45  # packed earth: a dropped marble bounces low
GROUND_FRICTION = 0.8
SUBSTEP_HZ = 480
SUBSTEPS_PER_TICK = 8
MAX_TIME = 30.0            # s: after this every body is stopped where it lies
REST_SPEED = 2e-3          # m/s: under this, with the body on the ground, it is at rest


class HatWorld:
    """A Bullet world with gravity and ground, for the one drop of rule 1; bodies beyond ``play_radius`` are off."""

    def __init__(self, play_radius: float) -> None:
        self._play_radius = play_radius
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
                        and math.hypot(path.getX(), path.getY()) <= self._play_radius:
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
        release_states()  # headless, nothing else empties Panda's state cache
