"""The hat drop's world (rule 1): marbles let go in the hat fall round the Sun, on the engine every shot runs on.

Nothing here is the hat's own physics.  The world is a shot's
(``world.new_world``: gravity, Bullet's split impulse, millimetres) on the
same ground (``world.new_ground``: the level plane, or a slab under each
ball on rough earth), the bodies are a shot's (``world.make_body``: their
real masses, their materials' restitution and friction against the
ground's, so a marble lands on packed earth without a bounce, and no
continuous collision detection: a marble falls from the hat's crown at
1.5 m/s, under the 3.8 m/s cap that keeps any ball from passing its radius
in a substep), and between calls the shot's control tick acts
(``resting.control_tick``: rolling resistance, rest, leaving the circle).
What is the hat's: its marbles start above the ground, each with the
sideways velocity the lifted hat gives it (their launch, as a flick is a
shot's), and the drop is bounded by ``MAX_TIME``, past which every body
is put to rest where it lies.  Nothing else writes a body's state: Bullet
decides the fall, the bounces off the Sun and each other, and the roll.

It steps whole calls, without the shot's touch step (``step_planner``):
nothing is judged on how a marble in the hat meets another, and Bullet's
split impulse undoes a touch found late in position alone.  Places and
poses go in and out in metres.  Who takes which planet is the match's
business (``game.match.hat``).  A fresh world run with identical inputs is
bit-identical.
"""

from __future__ import annotations

from typing import Callable

import numpy as np
from panda3d.bullet import BulletSphereShape, BulletWorld
from panda3d.core import PythonCallbackObject, Vec3

from game.physics.config import PhysicsConfig
from game.physics.contacts import ContactScan, substep_callback
from game.physics.ground import Ground
from game.physics.materials import BodySpec
from game.physics.pandaown import release_states
from game.physics.resting import TickRules, control_tick
from game.physics.step_planner import Mover
from game.physics.terrain import Terrain
from game.physics.units import BULLET_UNIT
from game.physics.world import Body, attach, clear_callbacks, detach, lift, make_body, new_ground, new_world, sleep

from game.rules.layout import Point
HatFrame = Callable[[float, list[str], np.ndarray], None]
"""``on_frame(t, ids, poses)``: (N, 7) poses ``x, y, z, qw, qx, qy, qz``."""

MAX_TIME = 30.0            # s: after this every body is put to rest where it lies


class HatWorld:
    """A shot's world for the one drop of rule 1; bodies beyond ``play_radius`` leave it."""

    def __init__(self, play_radius: float, ground: Terrain) -> None:
        self.config = PhysicsConfig(play_radius=play_radius, ground=ground, max_shot_time=MAX_TIME)
        self._ground: Ground = new_ground(self.config)
        self._world: BulletWorld = new_world(self.config, self._ground)
        self._scan = ContactScan(self._world, self.config.substep)
        self._rules = TickRules.of(self.config, self._ground.footing)
        self._shapes: dict[float, BulletSphereShape] = {}
        self._bodies: dict[str, Body] = {}
        self._gone: dict[str, np.ndarray] = {}   # bodies that left the circle: their last pose
        self._order: list[str] = []
        self.time = 0.0

    def add(self, spec: BodySpec, height: float = 0.0, velocity: Point = (0.0, 0.0)) -> None:
        """``spec``'s body on the ground at its place, or let go ``height`` metres above it with ``velocity``
        (m/s) along the ground; one let go nowhere and still sleeps until something strikes it."""
        radius = spec.radius * BULLET_UNIT
        shape = self._shapes.get(radius)
        if shape is None:
            shape = self._shapes[radius] = BulletSphereShape(radius)
        body = make_body(spec, shape, self._ground)
        if height:
            lift(body, height)
        attach(self._world, body)
        node = body.node
        if height or velocity != (0.0, 0.0):
            node.setActive(True, True)
            node.setLinearVelocity(Vec3(velocity[0] * BULLET_UNIT, velocity[1] * BULLET_UNIT, 0.0))
        else:
            node.setActive(False, True)
        self._bodies[spec.id] = body
        self._order.append(spec.id)

    def run_to_rest(self, on_frame: HatFrame | None, frame_hz: float) -> float:
        """Step whole calls until every body rests or has left the circle (or ``MAX_TIME``); the time it took.

        ``on_frame`` sees the poses at ``frame_hz`` (after calls), the
        first and last instants included.
        """
        config = self.config
        h, call, n = config.substep, config.call, config.substeps_per_call
        ground, scan = self._ground, self._scan
        scan.start(self._world)
        self._world.setTickCallback(PythonCallbackObject(substep_callback(scan, ground)), False)
        calls, lag, next_frame = 0, 0.0, 0.0
        awake = self._tick(h)   # resisted from the first call, as a shot's taw
        while awake and self.time < config.max_shot_time:
            if on_frame is not None and self.time + 1e-9 >= next_frame:
                on_frame(self.time, *self.poses())
                next_frame += 1.0 / frame_hz
            ground.begin_call(awake, lag, self.time)
            scan.begin_call(self.time, h)
            ground.stepping(h)
            self._world.doPhysics(call, n, h)
            lag = h
            calls += 1
            self.time = calls * call
            scan.take()   # the hat's contacts are no events
            awake = self._tick(h)
        for body in self._bodies.values():
            if body.node.isActive():
                sleep(body)   # past MAX_TIME: at rest where it lies
        self._world.clearTickCallback()
        if on_frame is not None:
            on_frame(self.time, *self.poses())
        return self.time

    def _tick(self, h: float) -> list[Mover]:
        """The control tick after a call of substeps ``h``: the awake bodies; those beyond the circle leave."""
        tick = control_tick(self._bodies, self._rules, h)
        for bid, _where in tick.out:
            self._gone[bid] = self._pose(self._bodies[bid])
            self._ground.forget(bid)
            detach(self._world, self._bodies.pop(bid))
        return tick.awake

    @staticmethod
    def _pose(body: Body) -> np.ndarray:
        t = body.node.getTransform()
        pos, quat = t.getPos(), t.getQuat()
        u = BULLET_UNIT
        return np.array((pos[0] / u, pos[1] / u, pos[2] / u, quat[0], quat[1], quat[2], quat[3]))

    def positions(self) -> dict[str, Point]:
        """Where each body is (metres): a body that left the circle, where it left it."""
        out: dict[str, Point] = {}
        for bid in self._order:
            body = self._bodies.get(bid)
            pose = self._gone[bid] if body is None else self._pose(body)
            out[bid] = (float(pose[0]), float(pose[1]))
        return out

    def poses(self) -> tuple[list[str], np.ndarray]:
        """Ids and an (N, 7) array x, y, z, qw, qx, qy, qz (metres), in the order the bodies were added."""
        out = np.zeros((len(self._order), 7))
        for i, bid in enumerate(self._order):
            body = self._bodies.get(bid)
            out[i] = self._gone[bid] if body is None else self._pose(body)
        return list(self._order), out

    def close(self) -> None:
        clear_callbacks(self._world)
        for body in self._bodies.values():
            detach(self._world, body)
        self._bodies.clear()
        self._ground.release()
        release_states()  # headless, nothing else empties Panda's state cache

