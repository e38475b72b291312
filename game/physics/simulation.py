"""The Bullet world of the Sun and planets, and the events it publishes.

``Simulation`` is the layer's one public object.  Bullet decides every
shot: a static ground with gravity, free spheres with their real mass and
inertia, its contact friction turning a slide into a roll, its solver
making every hit.  Python only acts between two ``doPhysics`` calls
(``resting.py``: rolling resistance as a torque, rest, leaving the circle)
and reads, after each substep, which pairs Bullet's solver pushed apart
(``contacts.py``).  Each shot runs in a fresh Bullet world built the same
way from the bodies' places, so a shot played here and the same shot in a
world built from ``positions()`` (the preview, the coach, the AI) give the
same bits.  Reasons and figures: ``docs/physics.md``.
"""

from __future__ import annotations

import enum
import math
from typing import Iterable, Mapping, NamedTuple

import numpy as np
from panda3d.bullet import BulletRigidBodyNode, BulletSphereShape, BulletWorld
from panda3d.core import Vec3

from game.physics.clock import ShotClock
from game.physics.config import PhysicsConfig
from game.physics.contacts import ContactScan, FirstTouch, substep_callback
from game.physics.frames import FrameCallback, FrameSampler, PoseTracker
from game.physics.materials import BodySpec, specs_from_positions
from game.rules.layout import Point
from game.physics.motion import BallState
from game.physics.pandaown import release_states
from game.physics.physics_errors import PhysicsError, PlacementError, ShotError, UnknownBodyError
from game.physics.resting import Applied, TickRules, control_tick, reapply
from game.physics.hit_grip import HitGrip
from game.physics.step_planner import APPROACH_S, Mover, Moving, StepPlanner, Touch
from game.physics.units import BULLET_UNIT
from game.physics.world import (Body, attach, check_specs, clear_callbacks, detach, make_body, new_ground, new_world,
                                put, sleep, xy_of)
from game.rules.events import AllAtRest, BodyOut, EventBus, ShotStarted
from game.rules.layout import Layout

__all__ = ["BULLET_UNIT", "Energy", "FrameCallback", "Simulation", "shot_velocity"]

_MAX_ADVANCE = 0.25      # s of wall time one advance() call may catch up
_CALL_END = 1e-9         # s: a call with less than this left is done
# s: no piece of a call is stepped shorter: the rest of the call is carried into the next (``_substeps_of_call``)
SHORTEST_PIECE = 2e-5


def shot_velocity(speed: float, angle_deg: float) -> Point:
    """The (vx, vy) of a shot of ``speed`` m/s toward ``angle_deg`` (counter-clockwise from +x)."""
    if not (isinstance(speed, (int, float)) and math.isfinite(speed)) or speed < 0:
        raise ShotError(f"shot speed must be a finite number >= 0, not {speed!r}")
    if not math.isfinite(angle_deg):
        raise ShotError(f"shot angle must be finite, not {angle_deg!r}")
    a = math.radians(angle_deg)
    return (speed * math.cos(a), speed * math.sin(a))


class Energy(NamedTuple):
    """A world's mechanical energy (J): of motion (translation and spin), and of height above z = 0."""

    kinetic_j: float
    potential_j: float

    @property
    def total_j(self) -> float:
        return self.kinetic_j + self.potential_j


class Phase(enum.Enum):
    """Where a world is in its life; the one state its public methods check."""

    AT_REST = "at rest"   # between shots: bodies may be placed, added and removed
    SHOT = "shot"         # a shot runs until every body rests
    CLOSED = "closed"     # close() ran: the world refuses work


def _check_shot(velocity: Point, spin: float, cap: float) -> tuple[float, float]:
    try:
        vx, vy = float(velocity[0]), float(velocity[1])
    except (TypeError, ValueError, IndexError):
        raise ShotError(f"a shot velocity is a pair of numbers, not {velocity!r}") from None
    if not (math.isfinite(vx) and math.isfinite(vy)):
        raise ShotError(f"shot velocity must be finite, not ({vx}, {vy})")
    if not (isinstance(spin, (int, float)) and -1.0 <= spin <= 1.0):
        raise ShotError(f"shot spin must be a number from -1 to 1, not {spin!r}")
    if math.hypot(vx, vy) > cap * (1.0 + 1e-9):
        raise ShotError(f"shot speed {math.hypot(vx, vy):.3f} m/s is above the cap of {cap} m/s")
    return vx, vy


class Simulation:
    """One Bullet world of bodies on the ground, with its own ``EventBus``.

    Its state is declared: ``phase`` (a ``Phase``), ``clock`` (the
    ``ShotClock``), the bodies in the order they entered, the Bullet world
    of the current shot and its contact scan.  Use it as a context manager
    or call ``close()`` when done; a dropped Simulation also clears its
    callback when collected.
    """

    def __init__(self, bodies: Iterable[BodySpec], config: PhysicsConfig = PhysicsConfig()) -> None:
        self.config = config
        self.bus = EventBus()
        self.clock = ShotClock(config)
        self.phase = Phase.AT_REST
        self._last_rest: AllAtRest | None = None   # published at the end of the last shot
        self._shapes: dict[float, BulletSphereShape] = {}
        self._bodies: dict[str, Body] = {}
        self._poses = PoseTracker()
        self._ground = new_ground(config)   # the plane, or each ball's own slab of ground (``ground.py``)
        self._world: BulletWorld = new_world(config, self._ground)
        self._scan = ContactScan(self._world, config.substep)
        self._planner = StepPlanner()
        self._carry = 0.0   # s of the last call not stepped (too short a piece): the next call steps it first
        self._due: Touch | None = None   # a touch stepped up to as the last call ended, to solve first
        self._grip = HitGrip()   # the pair of the touch stepped up to: its hit's friction falls with its slide
        self.stepped = 0   # Bullet substeps stepped in the current (or last) shot
        self._awake: Moving = []   # the awake bodies at the next call's start
        # The control tick's forces and torques for the next call, applied again before each later piece of a split call.
        self._torqued: list[Applied] = []
        self._rules = TickRules.of(config, self._ground.footing)
        self._lag = 0.0    # s: Panda reports places this far back (the last substep's length)
        # No ball in the air at the last tick, and no touch solved since: the planner's word that no pair comes
        # within reach is then enough to step without the substep callback (``_substeps``).
        self._calm = False
        specs = list(bodies)
        check_specs(specs, config.play_radius)
        for spec in specs:
            self._attach(spec)
        # A world just built is what ``_fresh_world`` would build; a shot or
        # an edit makes it stale.
        self._pristine = True
        self._on_substep = substep_callback(self._scan, self._ground)

    @classmethod
    def from_positions(
        cls,
        positions: Mapping[str, Point],
        layout: Layout | None = None,
        config: PhysicsConfig | None = None,
    ) -> "Simulation":
        """A fresh world from ``{id: (x, y)}`` (``sun`` lead, the rest glass): the planning fast path."""
        lay = layout or Layout()
        cfg = config or PhysicsConfig.for_layout(lay)
        return cls(specs_from_positions(positions, lay), cfg)

    def _shape(self, radius: float) -> BulletSphereShape:
        """One shared sphere shape per radius (Bullet units)."""
        shape = self._shapes.get(radius)
        if shape is None:
            shape = self._shapes[radius] = BulletSphereShape(radius)
        return shape

    def _attach(self, spec: BodySpec) -> Body:
        body = make_body(spec, self._shape(spec.radius * BULLET_UNIT), self._ground)
        attach(self._world, body)
        body.node.setActive(False, True)
        if spec.id not in self._bodies:
            self._poses.track(body, xy_of(body))
        self._bodies[spec.id] = body
        return body

    def _fresh_world(self) -> None:
        """Build the world anew from where the bodies are, in the same order, every body asleep and unturned.

        Bullet's contact caches and solver state survive in a live world, so
        only a fresh one makes a shot's bits depend on the places alone.  A
        world nothing happened to since it was built is already that (a
        planning rollout builds one and shoots once: building a Bullet
        world costs about 1-2 ms).
        """
        if self._pristine:
            return
        old = self._world
        clear_callbacks(old)
        specs = [self.spec(bid) for bid in self._bodies]   # a body never moved keeps its exact place
        for body in self._bodies.values():
            detach(old, body)
        self._ground.release()
        self._world = new_world(self.config, self._ground)
        for spec in specs:
            self._attach(spec)
        self._poses.rebind(list(self._bodies.values()))

    # -- queries ---------------------------------------------------------

    @property
    def ids(self) -> list[str]:
        return list(self._bodies)

    @property
    def time(self) -> float:
        """Simulated seconds since the current (or last) shot started."""
        return self.clock.time_s

    def spec(self, body_id: str) -> BodySpec:
        """The spec of a body, with its current position."""
        body = self._body(body_id)
        return BodySpec(body.spec.id, body.spec.radius, body.spec.mass, body.spec.material, xy_of(body))

    def __contains__(self, body_id: object) -> bool:
        return body_id in self._bodies

    def is_at_rest(self) -> bool:
        return self.phase is not Phase.SHOT

    def positions(self) -> dict[str, Point]:
        """Where every body is (metres); a body Bullet has not moved is at its exact place."""
        return {bid: xy_of(body) for bid, body in self._bodies.items()}

    def velocities(self) -> dict[str, Point]:
        """Every body's horizontal velocity (m/s), Bullet's."""
        out: dict[str, Point] = {}
        for bid, body in self._bodies.items():
            v = body.node.getLinearVelocity()
            out[bid] = (float(v[0]) / BULLET_UNIT, float(v[1]) / BULLET_UNIT)
        return out

    def motions(self) -> dict[str, BallState]:
        """Every body's velocity and spin about the horizontal axes now, Bullet's (``motion.BallState``)."""
        out: dict[str, BallState] = {}
        for bid, body in self._bodies.items():
            v = body.node.getLinearVelocity()
            w = body.node.getAngularVelocity()
            out[bid] = BallState(float(v[0]) / BULLET_UNIT, float(v[1]) / BULLET_UNIT, float(w[0]), float(w[1]))
        return out

    def energy_j(self) -> Energy:
        """The bodies' mechanical energy now: translation and spin about every axis, and height above z = 0.

        Bullet's own velocities and places (a moving body's height carried
        on over the substep Panda reports it behind, as the step planner
        carries it, so height and speed are of one instant).  Nothing adds
        energy to a shot but the flick, so it may only fall from one call to
        the next (the fuzz's check, ``stress/physics_fuzz.py``).
        """
        kinetic = potential = 0.0
        g = self.config.gravity
        lag = self._lag
        for body in self._bodies.values():
            node = body.node
            m = body.spec.mass
            r = body.spec.radius
            v = node.getLinearVelocity()
            w = node.getAngularVelocity()
            z = node.getTransform().getPos()[2] + (v[2] * lag if node.isActive() else 0.0)
            kinetic += m * (0.5 * v.lengthSquared() / BULLET_UNIT ** 2 + 0.2 * r * r * w.lengthSquared())
            potential += m * g * z / BULLET_UNIT
        return Energy(kinetic, potential)

    def first_touches(self) -> list[FirstTouch]:
        """Every contact of the current (or last) shot so far, with how deep it was when Bullet first solved it."""
        return list(self._scan.touches)

    def poses(self) -> tuple[list[str], np.ndarray]:
        """Ids and an (N, 7) array x, y, z, qw, qx, qy, qz: Bullet's places and turns."""
        return self._poses.read()

    def _body(self, body_id: str) -> Body:
        try:
            return self._bodies[body_id]
        except KeyError:
            raise UnknownBodyError(f"no body {body_id!r} on the ground") from None

    # -- editing the ground (between shots) --------------------------------

    def _require_still(self, what: str) -> None:
        self._require_open()
        if self.phase is Phase.SHOT:
            raise PhysicsError(f"cannot {what} while bodies are moving")

    def _require_open(self) -> None:
        if self.phase is Phase.CLOSED:
            raise PhysicsError("this simulation is closed")

    def place(self, body_id: str, position: Point) -> None:
        """Move a resting body to ``position`` (no roll, no events)."""
        self._require_still("place a body")
        body = self._body(body_id)
        x, y = float(position[0]), float(position[1])
        others = [self.spec(b) for b in self._bodies if b != body_id]
        check_specs(others + [BodySpec(body_id, body.spec.radius, body.spec.mass, body.spec.material, (x, y))],
                    self.config.play_radius)
        put(body, (x, y), self._ground)
        sleep(body)
        self._pristine = False
        self._poses.moved_to(body, xy_of(body))

    def remove(self, body_id: str) -> None:
        """Take a body off the ground."""
        self._require_still("remove a body")
        self._detach(self._body(body_id).spec.id)

    def add(self, spec: BodySpec) -> None:
        """Put a new body on the ground (it must not overlap any other)."""
        self._require_still("add a body")
        if spec.id in self._bodies:
            raise PlacementError(f"a body {spec.id!r} is already on the ground")
        check_specs([self.spec(b) for b in self._bodies] + [spec], self.config.play_radius)
        self._attach(spec)
        self._pristine = False

    def _detach(self, body_id: str) -> None:
        self._pristine = False
        body = self._bodies.pop(body_id)
        self._poses.forget(body_id)
        self._ground.forget(body_id)
        detach(self._world, body)

    # -- shooting and stepping ---------------------------------------------

    def shoot(self, body_id: str, velocity: Point, spin: float = 0.0) -> ShotStarted:
        """Flick a body (normally a taw) at ``velocity`` and start a shot.

        ``spin`` in [-1, 1] is the spin the thumb gives it, in units of the
        spin of a ball rolling at that velocity (about z x v): 0 a plain
        flick (it slides, then rolls), 1 launched rolling (topspin), -1 as
        much backspin.  It becomes the taw's initial angular velocity.
        """
        self._require_open()
        if self.phase is Phase.SHOT:
            raise ShotError("a shot is already running: wait until every body is at rest")
        self._body(body_id)
        vx, vy = _check_shot(velocity, spin, self.config.max_shot_speed)
        self._fresh_world()
        self._pristine = False
        body = self._bodies[body_id]
        self.clock.start_shot()
        self._carry = 0.0
        self._due = None
        self.stepped = 0
        self._planner.rebuild(self._bodies)
        self._scan.start(self._world)
        self._world.setTickCallback(self._on_substep, False)
        self._last_rest = None
        self.phase = Phase.SHOT
        node = body.node
        node.setActive(True, True)
        x, y = xy_of(body)
        node.setLinearVelocity(Vec3(vx * BULLET_UNIT, vy * BULLET_UNIT, self._ground.climb(x, y, vx, vy)))
        roll = float(spin) / body.radius   # rad/s per Bullet unit of speed
        node.setAngularVelocity(Vec3(-vy * BULLET_UNIT * roll, vx * BULLET_UNIT * roll, 0.0))
        self._lag = 0.0
        self._tick()   # a taw launched rolling is resisted from the first call
        event = ShotStarted(0.0, body_id, xy_of(body), (vx, vy))
        self.bus.publish(event)
        return event

    def run_to_rest(
        self,
        max_time: float | None = None,
        on_frame: FrameCallback | None = None,
        frame_hz: float = 60.0,
    ) -> AllAtRest:
        """Step until every body is at rest and return the ``AllAtRest`` event.

        ``max_time`` (simulated seconds since the shot, default
        ``config.max_shot_time``) bounds the shot: past it every body is
        stopped where it is.  With no shot running nothing is stepped or
        published and the current rest is returned.  ``on_frame`` is called
        at ``frame_hz`` (after the 1/60 s doPhysics calls) including the
        shot's first and last instants.
        """
        self._require_open()
        if self.phase is not Phase.SHOT:
            return self._last_rest or AllAtRest(self.time, self.positions())
        if max_time is not None:
            if not (max_time > 0 and math.isfinite(max_time)):
                raise PhysicsError(f"max_time must be a positive number, not {max_time!r}")
            self.clock.bound(max_time)
        sampler = FrameSampler(self, on_frame, frame_hz) if on_frame is not None else None
        if sampler is not None:
            sampler.maybe_emit()
        while self.phase is Phase.SHOT:
            self._step_call()
            if sampler is not None:
                sampler.maybe_emit()
        assert self._last_rest is not None
        return self._last_rest

    def advance(self, dt: float, on_frame: FrameCallback | None = None, frame_hz: float = 60.0) -> bool:
        """Step the whole doPhysics calls (1/60 s) that fit in ``dt`` of wall time; True once at rest.

        Leftover time carries to the next call, and at most a quarter second
        is caught up per call.  Only whole calls are stepped, exactly as
        ``run_to_rest`` steps them, so a live game and a headless rerun
        agree bit for bit.
        """
        self._require_open()
        if not (dt >= 0 and math.isfinite(dt)):
            raise PhysicsError(f"advance needs a finite dt >= 0, not {dt!r}")
        if self.phase is not Phase.SHOT:
            self.clock.forgive()
            return True
        due = self.clock.calls_owed(dt, _MAX_ADVANCE)
        sampler = FrameSampler(self, on_frame, frame_hz) if on_frame is not None else None
        if sampler is not None and self.clock.at_shot_start():
            sampler.maybe_emit()  # the shot's first instant
        for _ in range(due):
            if self.phase is not Phase.SHOT:
                break
            self._step_call()
            if sampler is not None:
                sampler.maybe_emit()
        return self.phase is not Phase.SHOT

    def _step_call(self) -> None:
        """One call: Bullet's substeps (a touch due inside one is stepped up to first); its contacts; the control tick."""
        config = self.config
        carry, self._carry = self._carry, 0.0
        start = self.clock.time_s - carry   # where Bullet's own time stands (``_substeps_of_call``)
        self._ground.begin_call(self._awake, self._lag, start)
        self._scan.begin_call(start, config.substep)
        h = self._substeps_of_call(config.call + carry, config.substep, start)
        self.clock.call_stepped()
        publish = self.bus.publish
        for contact in self._scan.take():
            publish(contact)
        for bid, where in self._tick(h):
            self._detach(bid)
            publish(BodyOut(self.time, bid, where))
            self._planner.rebuild(self._bodies)
            self._due = None   # its rows moved with the planner's: Bullet solves it unplanned
        if not self._awake or self.clock.past_limit():
            self._come_to_rest()

    def _tick(self, h: float | None = None) -> list[tuple[str, Point]]:
        """The control tick (``resting.py``) after a call whose last substep was ``h``: the awake bodies for the
        next call, its forces and torques, the bodies put to sleep; returned, the bodies beyond the circle."""
        tick = control_tick(self._bodies, self._rules, h or self.config.substep)
        self._torqued = tick.applied
        self._awake = tick.awake
        self._calm = not tick.aloft
        for bid in tick.slept:
            self._poses.slept(bid)
        return tick.out

    def _substeps_of_call(self, call: float, h: float, start: float) -> float:
        """Step ``call`` seconds in substeps of at most ``h``; return the last substep's length.

        Bullet finds a touch only at the start of a substep, once the balls
        overlap, and pushes along their line of centres as it is then.  So
        when two bodies would touch inside a substep (going straight on in
        space, ``step_planner.py``), the world is stepped whole substeps up
        to that substep and plans again, then one short substep to the
        moment they overlap by ``TOUCH_DEPTH``; Bullet finds the touch at the
        start of the next substep, which is kept short enough that no body
        the hit sets moving reaches a third before the world plans again.
        Bullet still finds and solves every contact.

        A piece shorter than ``SHORTEST_PIECE`` is never stepped: what is left
        of a call after a touch is carried into the next call (which starts
        at ``start``, that much before the clock's call), since in so short a
        substep Bullet's solver turns the hair a ball rests into the ground,
        or into another ball, into a speed out of it (erp x depth / h: a taw
        thrown 1.6 m up by a 0.3 µs end-piece on rough earth).
        """
        planner = self._planner
        left = self._solve_due(call, h)
        awake = self._awake if left == call else self._read_awake()
        while True:
            t = start + (call - left)
            touch = planner.next_touch(awake, self._lag, t, left)
            if touch is None:
                ahead = self._free_substeps(left, h)
                if ahead * h >= left - _CALL_END:
                    if left == call:
                        self._substeps(self.config.substeps_per_call, h, exact=True, quiet=True)
                        return h
                    n = max(1, math.ceil(left / h - 1e-9))
                    self._substeps(n, left / n, quiet=True)
                    return left / n
                # a pair could close its gap off the straight lines: step on a while, then look again, in substeps
                # that cut the rest of the call evenly (never a sliver left at its end: ``TOUCH_DEPTH``)
                even = left / math.ceil(left / h - 1e-9)
                self._substeps(ahead, even, quiet=True)
                left -= ahead * even
                self._reapply()
            else:
                left = self._step_to(touch, left, h)
            if left < SHORTEST_PIECE:
                self._carry = left if left > _CALL_END else 0.0
                return self._lag
            awake = self._read_awake()

    def _step_to(self, touch: Touch, left: float, h: float) -> float:
        """Step toward ``touch``: the whole substeps before it, or up to it and the substep that solves it; the time
        left in the call."""
        whole = min(math.floor(touch.when_s / h), self._free_substeps(left, h))
        if whole:
            self._substeps(whole, h, quiet=True)
            left -= whole * h
        elif touch.when_s > 2.0 * APPROACH_S:
            # up to just before the touch first, then look again with the velocities there: a ball landing from a hop,
            # or friction over a slow pair's long approach, changes them on the way
            step = min(left, touch.when_s - APPROACH_S)
            self._substeps(1, step)
            left -= step
        else:
            step = min(left, max(touch.deep_s, 0.0))
            if step > 0.0:
                self._substeps(1, step)
                left -= step
            # Bullet finds the pair in the next piece stepped, in this call or (the call ending here) the next
            self._grip.arm(*self._pair_nodes(touch))
            if left < SHORTEST_PIECE:
                self._due = touch   # solved in the next call's first piece, as short as here (``_solve_due``)
                return left
            left = self._solve(touch, left, h)
        self._reapply()
        return left

    def _solve(self, touch: Touch, left: float, h: float) -> float:
        """The substep that solves ``touch``, stepped up to: short enough that nothing the hit sets moving reaches
        a third body unplanned (``StepPlanner.solve_span``); the time left in the call."""
        self._reapply()
        solve = self._planner.solve_span(self._read_awake(), self._lag, touch, min(left, h))
        self._substeps(1, solve)
        self._calm = False   # the hit may throw a ball, whose landing no look foresees
        self._unresist(touch)
        return left - solve

    def _solve_due(self, left: float, h: float) -> float:
        """A touch the last call stepped up to as it ended is solved first in this one, its substep bounded as
        any touch's: solved in the call's whole base substeps instead, a struck satellite went 1.04 mm into the
        next (fuzz case 991564255's table at 2.6 m/s with full backspin).  A body leaving the circle since drops
        it (``_step_call``): the planner's rows moved, and Bullet then solves it unplanned."""
        touch, self._due = self._due, None
        if touch is None:
            return left
        left = self._solve(touch, left, h)
        self._reapply()
        return left

    def _free_substeps(self, left: float, h: float) -> int:
        """How many whole substeps (at least one) may be stepped before the planner must look again."""
        free = self._planner.free_s
        return math.ceil(left / h) if free >= left else max(1, math.floor(free / h))

    def _unresist(self, touch: Touch) -> None:
        """The pair of a solved touch gets no more rolling resistance in this call: it was set for their motion
        before the hit (after it they slide, and the next tick decides)."""
        pair = self._pair_nodes(touch)
        self._torqued = [a for a in self._torqued if not (a[0] == pair[0] or a[0] == pair[1])]

    def _pair_nodes(self, touch: Touch) -> tuple[BulletRigidBodyNode, BulletRigidBodyNode]:
        """The Bullet nodes of ``touch``'s pair (its rows are the bodies' order in the world)."""
        bodies = list(self._bodies.values())
        return bodies[touch.a].node, bodies[touch.b].node

    def _reapply(self) -> None:
        """Apply the control tick's torques again: Bullet cleared them after the piece just stepped."""
        reapply(self._torqued)

    def _substeps(self, n: int, h: float, exact: bool = False, quiet: bool = False) -> None:
        """``n`` Bullet substeps of ``h`` seconds in one doPhysics call.

        A call of whole base substeps passes their exact total; other pieces
        pass a hair more (Bullet counts the substeps due in single
        precision, and a total a rounding short would step one fewer).

        ``quiet``: the caller steps where the planner's last look found no
        pair closing.  If no two bodies come within reach in these substeps
        (``StepPlanner.quiet_until``), no ball was in the air at the last
        tick and no touch was solved since (``_calm``: a landing changes a
        velocity at once, past what the planner allows for), no two bodies
        share a manifold now and the ground has nothing to lay in them
        (``ContactScan.quiet``), there is nothing for the substep callback
        to read or do, and the piece is stepped without it (it costs a
        Python call a substep).
        """
        scan, world = self._scan, self._world
        scan.stepping(h)
        self._ground.stepping(h)
        total = n * h if exact else n * h * (1.0 + 1e-6)
        if quiet and self._calm and scan.quiet(n, min(self._ground.next_due, self._planner.quiet_until)):
            world.clearTickCallback()
            world.doPhysics(total, n, h)
            world.setTickCallback(self._on_substep, False)
            scan.passed(n)
        else:
            world.doPhysics(total, n, h)
        self._grip.disarm()
        self.stepped += n
        self._lag = h

    def _read_awake(self) -> Moving:
        """Every awake body's id, place and horizontal velocity (Bullet units) now."""
        out = []
        for bid, body in self._bodies.items():
            node = body.node
            if node.isActive():
                p = node.getTransform().getPos()
                v = node.getLinearVelocity()
                out.append(Mover(bid, complex(p[0], p[1]), complex(v[0], v[1]), p[2], v[2]))
        return out

    def _come_to_rest(self) -> None:
        """Every body is stopped and asleep; the shot is over."""
        for bid, body in self._bodies.items():
            if body.node.isActive():
                sleep(body)
                self._poses.slept(bid)
        self._world.clearTickCallback()
        self.phase = Phase.AT_REST
        self._last_rest = AllAtRest(self.time, self.positions())
        self.bus.publish(self._last_rest)

    # -- lifetime ------------------------------------------------------------

    def close(self) -> None:
        """Clear the Bullet callback and drop the bodies; the world is unusable after."""
        if self.phase is Phase.CLOSED:
            return
        self.phase = Phase.CLOSED
        clear_callbacks(self._world)
        for body in self._bodies.values():
            detach(self._world, body)
        self._ground.release()
        self._bodies.clear()
        # Headless, nothing else empties Panda's state cache (pandaown.py).
        release_states()

    def __enter__(self) -> "Simulation":
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            if self.phase is not Phase.CLOSED:
                clear_callbacks(self._world)
        except AttributeError:
            pass
