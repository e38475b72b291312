"""The Bullet world of the Sun and planets, and the events it publishes.

Design (the reasons are in ``docs/physics.md``):

* Every body rests on flat ground, so the ground is not simulated: no ground
  body, no gravity, z locked (linear factor (1, 1, 0)) and no Bullet rotation.
  Bullet then holds only ball-on-ball manifolds, which are cheap to scan after
  every substep.  Rolling on the packed earth is ours: every control tick a
  moving body's speed drops by ``mu_r * g * tick``, and to zero below that.
* Contacts are read by a *per-world* tick callback that runs after each
  substep, while ``getAppliedImpulse`` is still valid.  Bullet's contact-added
  callback and event queue are process-global, so they are never used: a
  planning world stepped beside the live one cannot leak into its bus.
* A body only starts moving when shot or struck (the callback sees every
  strike), so only "moving" bodies are touched from Python.  A body that
  stops is zeroed and forced to sleep; sleeping bodies cost Bullet next to
  nothing and us nothing.
* Time advances in whole substeps of ``1 / substep_hz``, stepped in
  ``doPhysics`` calls of ``substeps_per_call`` and controlled every
  ``substeps_per_tick``; ``advance`` and ``run_to_rest`` step the very same
  sequence, so a live game and a headless rerun agree bit for bit.
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping

import numpy as np
from panda3d.bullet import BulletRigidBodyNode, BulletSphereShape, BulletWorld
from panda3d.core import Point3, TransformState, Vec3

from game.physics.bodies import BodySpec, Point, specs_from_positions
from game.physics.config import PhysicsConfig
from game.physics.errors import PhysicsError, PlacementError, ShotError, UnknownBodyError
from game.physics.pandaown import own
from game.physics.rolling import roll_quaternions
from game.rules.events import AllAtRest, BodyOut, Contact, Event, EventBus, ShotStarted
from game.rules.layout import Layout

FrameCallback = Callable[[float, list[str], np.ndarray], None]
"""``on_frame(t, ids, poses)``: simulated time of the shot, ids, (N, 7) poses."""

_ZERO = Vec3(0.0, 0.0, 0.0)
_LOCK_Z = Vec3(1.0, 1.0, 0.0)
_NO_SPIN = Vec3(0.0, 0.0, 0.0)
_TOUCH_TOLERANCE = 5e-4  # m: resting bodies may overlap this much (Bullet leaves small overlaps)
_MAX_ADVANCE = 0.25      # s of wall time one advance() call may catch up
_GATE_MARGIN = 0.002     # m: slack in deciding that no body can touch another
_GATE_RECHECK_TICKS = 4  # most ticks the scan stays on before the gate is asked again
_MIN_HIT_SPEED = 1e-3    # m/s: a new pair closing slower is a nudge, not a hit
_REHIT_SPEED = 0.05      # m/s: a touching pair closing faster was struck anew
# Bullet lengths per metre.  Bullet pads every bounding box by a fixed 0.02
# length units (its contact breaking threshold) and merges islands through
# any overlap: in metres that is 2 cm around 8 mm balls, so a passing taw woke
# whole clusters and the scan waded through dozens of empty manifolds.  In
# millimetres the padding is 0.02 mm.  Nothing else changes: masses are kept,
# every solver setting we rely on is scale-free, and only our boundary
# converts (lengths, velocities and impulses times BULLET_UNIT inside Bullet).
BULLET_UNIT = 1000.0


@dataclass
class _Body:
    """A body in the world: its spec, Bullet node and per-tick speed loss."""

    spec: BodySpec
    node: BulletRigidBodyNode
    decel: float   # Bullet speed (mm/s) lost per control tick to rolling resistance
    radius: float  # in Bullet units (mm)


def shot_velocity(speed: float, angle_deg: float) -> Point:
    """The (vx, vy) of a shot of ``speed`` m/s toward ``angle_deg`` (counter-clockwise from +x)."""
    if not (isinstance(speed, (int, float)) and math.isfinite(speed)) or speed < 0:
        raise ShotError(f"shot speed must be a finite number >= 0, not {speed!r}")
    if not math.isfinite(angle_deg):
        raise ShotError(f"shot angle must be finite, not {angle_deg!r}")
    a = math.radians(angle_deg)
    return (speed * math.cos(a), speed * math.sin(a))


class Simulation:
    """One Bullet world of bodies on the ground, with its own ``EventBus``.

    Use it as a context manager or call ``close()`` when done; a dropped
    Simulation also clears its callback when collected.
    """

    def __init__(self, bodies: Iterable[BodySpec], config: PhysicsConfig = PhysicsConfig()) -> None:
        self.config = config
        self.bus = EventBus()
        self._h = config.substep
        self._world = BulletWorld()
        self._world.setGravity(_ZERO)
        self._shapes: dict[float, BulletSphereShape] = {}
        self._bodies: dict[str, _Body] = {}
        self._moving: dict[str, _Body] = {}
        self._touching: set[tuple[str, str]] = set()
        self._pending: list[Event] = []
        self._substep = 0          # substeps stepped since the world was built
        self._shot_substep = 0     # value of _substep when the current shot began
        self._in_shot = False
        self._shot_limit = 0       # substeps after which the current shot is stopped
        self._accum = 0.0          # wall time not yet stepped by advance()
        self._scanning = False     # is the per-substep contact scan installed?
        self._gate_due = 0         # substep at which the scan gate must be re-evaluated
        self._gate_backoff = 1     # ticks before asking again while bodies stay near
        self._next_frame = 0.0     # shot time of the next frame owed to an on_frame sampler
        self._next_control = 0     # substep of the next control tick
        self._woken = False        # may Bullet have woken bodies we did not set moving?
        self._rows: dict[str, int] = {}
        self._z = np.zeros(0, dtype=np.complex128)  # last known x + iy of every body, by row
        self._radius = np.zeros(0)
        self._speed = np.zeros(0)
        self._reach = np.zeros((0, 0))
        self._closed = False
        self._last_rest: AllAtRest | None = None
        # Orientation is integrated lazily from displacement between pose reads.
        self._quat: dict[str, tuple[float, float, float, float]] = {}
        self._quat_xy: dict[str, Point] = {}

        specs = list(bodies)
        _check_specs(specs, config.play_radius)
        for spec in specs:
            self._attach(spec, reindex=False)
        self._reindex()

        # The callback holds the Simulation weakly so a forgotten world can be
        # collected; __del__ then clears the callback.  It runs after every
        # substep while installed, so it does the common case (no manifold
        # at all) itself.
        ref = weakref.ref(self)
        count_manifolds = self._world.getNumManifolds

        def on_substep(_data: object) -> None:
            sim = ref()
            if sim is None:
                return
            sim._substep += 1
            n = count_manifolds()
            if n:
                sim._woken = True
                sim._scan_manifolds(n)
            elif sim._touching:
                sim._touching = set()

        self._on_substep = on_substep

    # -- construction ----------------------------------------------------

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
        shape = self._shapes.get(radius)
        if shape is None:
            shape = self._shapes[radius] = BulletSphereShape(radius)
        return shape

    def _attach(self, spec: BodySpec, reindex: bool = True) -> None:
        node = BulletRigidBodyNode(spec.id)
        r = spec.radius * BULLET_UNIT
        node.addShape(self._shape(r))
        node.setMass(spec.mass)
        node.setRestitution(spec.material.restitution)
        node.setFriction(spec.material.friction)
        node.setLinearFactor(_LOCK_Z)
        node.setAngularFactor(_NO_SPIN)
        # We decide when a body sleeps; Bullet's own thresholds would freeze
        # a marble mid-roll.
        node.setLinearSleepThreshold(0.0)
        node.setAngularSleepThreshold(0.0)
        x, y = spec.position
        node.setTransform(TransformState.makePos(Point3(x * BULLET_UNIT, y * BULLET_UNIT, r)))
        self._world.attachRigidBody(node)
        node.setActive(False, True)
        decel = spec.material.rolling_resistance * self.config.gravity * self.config.tick * BULLET_UNIT
        self._bodies[spec.id] = _Body(spec, node, decel, r)
        self._quat[spec.id] = (1.0, 0.0, 0.0, 0.0)
        # Bullet keeps single precision: roll from where the body really is.
        self._quat_xy[spec.id] = self._xy_of(self._bodies[spec.id])
        if reindex:
            self._reindex()

    def _reindex(self) -> None:
        """Rebuild the numpy mirror of positions used to decide when to scan."""
        self._rows = {bid: i for i, bid in enumerate(self._bodies)}
        self._z = np.array([complex(*_raw_xy(b)) for b in self._bodies.values()], dtype=np.complex128)
        self._radius = np.array([b.radius for b in self._bodies.values()], dtype=np.float64)
        self._speed = np.zeros(len(self._bodies))  # speeds of moving bodies at the last tick, by row
        reach = self._radius[:, None] + self._radius[None, :] + _GATE_MARGIN * BULLET_UNIT
        np.fill_diagonal(reach, -np.inf)
        self._reach = reach  # contact distance of each pair plus slack, by rows
        for bid in self._moving:
            v = self._bodies[bid].node.getLinearVelocity()
            self._speed[self._rows[bid]] = math.hypot(v[0], v[1])

    # -- queries ---------------------------------------------------------

    @property
    def ids(self) -> list[str]:
        return list(self._bodies)

    @property
    def time(self) -> float:
        """Simulated seconds since the current (or last) shot started."""
        return (self._substep - self._shot_substep) * self._h

    def spec(self, body_id: str) -> BodySpec:
        """The spec of a body, with its current position."""
        body = self._body(body_id)
        x, y = self._xy_of(body)
        return BodySpec(body.spec.id, body.spec.radius, body.spec.mass, body.spec.material, (x, y))

    def __contains__(self, body_id: object) -> bool:
        return body_id in self._bodies

    def is_at_rest(self) -> bool:
        return not self._in_shot

    def positions(self) -> dict[str, Point]:
        return {bid: self._xy_of(body) for bid, body in self._bodies.items()}

    def velocities(self) -> dict[str, Point]:
        out: dict[str, Point] = {}
        for bid, body in self._bodies.items():
            v = body.node.getLinearVelocity()
            out[bid] = (float(v[0]) / BULLET_UNIT, float(v[1]) / BULLET_UNIT)
        return out

    def poses(self) -> tuple[list[str], np.ndarray]:
        """Ids and an (N, 7) array x, y, z, qw, qx, qy, qz; the spin follows the rolling."""
        ids = list(self._bodies)
        n = len(ids)
        out = np.empty((n, 7), dtype=np.float64)
        prev = np.empty((n, 2), dtype=np.float64)
        quats = np.empty((n, 4), dtype=np.float64)
        radius = np.empty(n, dtype=np.float64)
        for i, bid in enumerate(ids):
            body = self._bodies[bid]
            p = body.node.getTransform().getPos()
            out[i, 0] = p[0] / BULLET_UNIT
            out[i, 1] = p[1] / BULLET_UNIT
            out[i, 2] = body.spec.radius
            prev[i] = self._quat_xy[bid]
            quats[i] = self._quat[bid]
            radius[i] = body.spec.radius
        quats = roll_quaternions(quats, out[:, :2] - prev, radius)
        out[:, 3:] = quats
        for i, bid in enumerate(ids):
            self._quat[bid] = (float(quats[i, 0]), float(quats[i, 1]), float(quats[i, 2]), float(quats[i, 3]))
            self._quat_xy[bid] = (float(out[i, 0]), float(out[i, 1]))
        return ids, out

    def _body(self, body_id: str) -> _Body:
        try:
            return self._bodies[body_id]
        except KeyError:
            raise UnknownBodyError(f"no body {body_id!r} on the ground") from None

    @staticmethod
    def _xy_of(body: _Body) -> Point:
        """Where a body is, in metres."""
        p = body.node.getTransform().getPos()
        return (float(p[0]) / BULLET_UNIT, float(p[1]) / BULLET_UNIT)

    # -- editing the ground (between shots) --------------------------------

    def _require_still(self, what: str) -> None:
        self._require_open()
        if self._in_shot:
            raise PhysicsError(f"cannot {what} while bodies are moving")

    def _require_open(self) -> None:
        if self._closed:
            raise PhysicsError("this simulation is closed")

    def place(self, body_id: str, position: Point) -> None:
        """Move a resting body to ``position`` (no roll, no events)."""
        self._require_still("place a body")
        body = self._body(body_id)
        x, y = float(position[0]), float(position[1])
        others = [self.spec(b) for b in self._bodies if b != body_id]
        _check_specs(others + [BodySpec(body_id, body.spec.radius, body.spec.mass, body.spec.material, (x, y))],
                      self.config.play_radius)
        body.node.setTransform(TransformState.makePos(Point3(x * BULLET_UNIT, y * BULLET_UNIT, body.radius)))
        body.node.setLinearVelocity(_ZERO)
        body.node.setActive(False, True)
        self._quat_xy[body_id] = self._xy_of(body)
        self._z[self._rows[body_id]] = complex(*_raw_xy(body))

    def remove(self, body_id: str) -> None:
        """Take a body off the ground."""
        self._require_still("remove a body")
        self._detach(self._body(body_id).spec.id)

    def add(self, spec: BodySpec) -> None:
        """Put a new body on the ground (it must not overlap any other)."""
        self._require_still("add a body")
        if spec.id in self._bodies:
            raise PlacementError(f"a body {spec.id!r} is already on the ground")
        _check_specs([self.spec(b) for b in self._bodies] + [spec], self.config.play_radius)
        self._attach(spec)

    def _detach(self, body_id: str) -> None:
        body = self._bodies.pop(body_id)
        self._moving.pop(body_id, None)
        self._quat.pop(body_id, None)
        self._quat_xy.pop(body_id, None)
        self._world.removeRigidBody(body.node)
        self._reindex()

    # -- shooting and stepping ---------------------------------------------

    def shoot(self, body_id: str, velocity: Point) -> ShotStarted:
        """Give a body (normally a taw) an initial rolling velocity and start a shot."""
        self._require_open()
        if self._in_shot:
            raise ShotError("a shot is already running: wait until every body is at rest")
        body = self._body(body_id)
        try:
            vx, vy = float(velocity[0]), float(velocity[1])
        except (TypeError, ValueError, IndexError):
            raise ShotError(f"a shot velocity is a pair of numbers, not {velocity!r}") from None
        if not (math.isfinite(vx) and math.isfinite(vy)):
            raise ShotError(f"shot velocity must be finite, not ({vx}, {vy})")
        speed = math.hypot(vx, vy)
        cap = self.config.max_shot_speed
        if speed > cap * (1.0 + 1e-9):
            raise ShotError(f"shot speed {speed:.3f} m/s is above the cap of {cap} m/s")
        self._shot_substep = self._substep
        self._shot_limit = self._substep + round(self.config.max_shot_time * self.config.substep_hz)
        self._accum = 0.0
        self._touching = set()
        self._last_rest = None
        self._next_frame = 0.0
        self._next_control = self._substep + self.config.substeps_per_tick
        self._in_shot = True
        body.node.setLinearVelocity(Vec3(vx * BULLET_UNIT, vy * BULLET_UNIT, 0.0))
        body.node.setActive(True, True)
        self._moving[body_id] = body
        self._speed[self._rows[body_id]] = speed * BULLET_UNIT
        self._gate_scan()
        event = ShotStarted(0.0, body_id, self._xy_of(body), (vx, vy))
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
        at ``frame_hz`` (after the 1/60 s doPhysics calls, see
        docs/physics.md) including the shot's first and last instants.
        """
        self._require_open()
        if not self._in_shot:
            return self._last_rest or AllAtRest(self.time, self.positions())
        if max_time is not None:
            if not (max_time > 0 and math.isfinite(max_time)):
                raise PhysicsError(f"max_time must be a positive number, not {max_time!r}")
            self._shot_limit = self._shot_substep + max(1, round(max_time * self.config.substep_hz))
        sampler = _FrameSampler(self, on_frame, frame_hz) if on_frame is not None else None
        if sampler is not None:
            sampler.maybe_emit()
        step = self._step_call
        if sampler is None:
            while self._in_shot:
                step()
        else:
            while self._in_shot:
                step()
                sampler.maybe_emit()
        assert self._last_rest is not None
        return self._last_rest

    def advance(self, dt: float, on_frame: FrameCallback | None = None, frame_hz: float = 60.0) -> bool:
        """Step the whole doPhysics calls (1/60 s) that fit in ``dt`` of wall time; True once at rest.

        Leftover time carries to the next call, and at most a quarter second
        is caught up per call.  Only whole calls are stepped, each one
        ``doPhysics`` call of ``substeps_per_call`` substeps, exactly as
        ``run_to_rest`` does: Bullet's interpolated node transforms and its
        sub-step accounting depend on the call pattern, so this is what makes
        a live game and a headless rerun agree bit for bit.
        """
        self._require_open()
        if not (dt >= 0 and math.isfinite(dt)):
            raise PhysicsError(f"advance needs a finite dt >= 0, not {dt!r}")
        if not self._in_shot:
            self._accum = 0.0
            return True
        call = self.config.call
        self._accum = min(self._accum + dt, _MAX_ADVANCE)
        due = int(self._accum / call + 1e-9)
        self._accum = max(0.0, self._accum - due * call)
        sampler = _FrameSampler(self, on_frame, frame_hz) if on_frame is not None else None
        if sampler is not None and self._substep == self._shot_substep:
            sampler.maybe_emit()  # the shot's first instant
        for _ in range(due):
            if not self._in_shot:
                break
            self._step_call()
            if sampler is not None:
                sampler.maybe_emit()
        return not self._in_shot

    def _step_call(self) -> None:
        """One doPhysics call of whole substeps, then the control work if a tick is due."""
        k = self.config.substeps_per_call
        h = self._h
        if self._scanning:
            self._world.doPhysics(k * h, k, h)  # the scan counts the substeps
        else:
            self._world.doPhysics(k * h, k, h)
            self._substep += k
        if self._pending:
            self._flush()
        if self._substep >= self._next_control:
            self._next_control += self.config.substeps_per_tick
            self._control()

    # -- the hot path ------------------------------------------------------

    def _scan_manifolds(self, n: int) -> None:
        """Runs inside doPhysics after a substep with manifolds: collect its hits."""
        world = self._world
        bodies = self._bodies
        moving = self._moving
        touching: set[tuple[str, str]] = set()
        pressed: list[tuple[object, str, str, BulletRigidBodyNode, BulletRigidBodyNode, bool]] = []
        for i in range(n):
            m = own(world.getManifold(i))
            points = m.getNumManifoldPoints()
            if not points:
                continue
            impulse = 0.0
            for j in range(points):
                impulse += own(m.getManifoldPoint(j)).getAppliedImpulse()
            if impulse <= 0.0:
                continue
            node0 = m.getNode0()
            node1 = m.getNode1()
            a = node0.getName()
            b = node1.getName()
            if a not in moving and b not in moving and not (node0.isActive() or node1.isActive()):
                continue  # a sleeping pair keeps the impulse of its last solve
            pair = (a, b) if a < b else (b, a)
            touching.add(pair)
            if a not in moving and a in bodies:
                moving[a] = bodies[a]
            if b not in moving and b in bodies:
                moving[b] = bodies[b]
            if a in bodies and b in bodies:
                pressed.append((m, a, b, node0, node1, pair not in self._touching))
        self._touching = touching
        if pressed:
            self._resolve_hits(pressed)

    def _resolve_hits(
        self, pressed: list[tuple[object, str, str, BulletRigidBodyNode, BulletRigidBodyNode, bool]]
    ) -> None:
        """Replace Bullet's answer to this substep's hits by the ideal one; queue the events.

        Bullet sees a hit up to one substep late, the balls already
        overlapping by up to ``v * h``: the line of centres is then turned
        (a glancing hit looks more glancing), and its position correction
        (Baumgarte) pushes the balls apart on top of the restitution, so the
        rebound would depend on the substep's phase and glass could gain
        energy.  So: take back every impulse Bullet gave the new pairs,
        rewind each pair along its relative velocity to the instant it
        touched, and, earliest touch first, apply there the impulse of two
        smooth-rolling spheres meeting: normal ``J = m_red (1 + e) |v_rel . n|``
        (e the product of restitutions) and tangential
        ``min(mu J, 2/7 m_red |v_t|)`` against the sliding.  A ball struck
        while touching another (a cradle) thus passes the blow on in turn.

        ``pressed`` holds every pair Bullet pushed apart this substep, with
        whether it touched in the last one.  A hit is a new pair closing at
        ``_MIN_HIT_SPEED`` or more, or a touching pair suddenly closing at
        ``_REHIT_SPEED`` (struck from behind); anything gentler (resting
        balls Bullet nudges apart, one ball pushing another) keeps Bullet's
        answer and makes no event.
        """
        bodies = self._bodies
        h = self._h
        t_end = (self._substep - self._shot_substep) * h
        velocity: dict[str, list[float]] = {}
        hits: list[tuple[bool, str, str, float, float, float, float]] = []
        bullet: list[tuple[float, float]] = []
        for manifold, a, b, node0, node1, new in pressed:
            ma = bodies[a].spec.mass
            mb = bodies[b].spec.mass
            jx = jy = 0.0
            for j in range(manifold.getNumManifoldPoints()):  # type: ignore[attr-defined]
                mp = own(manifold.getManifoldPoint(j))  # type: ignore[attr-defined]
                n_j = mp.getNormalWorldOnB()
                d1 = mp.getLateralFrictionDir1()
                d2 = mp.getLateralFrictionDir2()
                jn = mp.getAppliedImpulse()
                l1 = mp.getAppliedImpulseLateral1()
                l2 = mp.getAppliedImpulseLateral2()
                jx += jn * n_j[0] + l1 * d1[0] + l2 * d2[0]
                jy += jn * n_j[1] + l1 * d1[1] + l2 * d2[1]
            bullet.append((jx, jy))
            for bid, node in ((a, node0), (b, node1)):
                if bid not in velocity:
                    v = node.getLinearVelocity()
                    velocity[bid] = [v[0], v[1]]
            # Bullet gave A +j and B -j (the normal on B points toward A).
            velocity[a][0] -= jx / ma
            velocity[a][1] -= jy / ma
            velocity[b][0] += jx / mb
            velocity[b][1] += jy / mb
            point = own(manifold.getManifoldPoint(0))  # type: ignore[attr-defined]
            normal = point.getNormalWorldOnB()
            pb = point.getPositionWorldOnB()
            # Centre of A relative to B, and B's centre, when the narrow phase ran.
            sep = bodies[a].radius + bodies[b].radius + point.getDistance()
            norm = math.hypot(normal[0], normal[1]) or 1.0
            nx, ny = normal[0] / norm, normal[1] / norm
            rb = bodies[b].radius
            hits.append((new, a, b, nx * sep, ny * sep, pb[0] - rb * nx, pb[1] - rb * ny))
        # Event by event: of the pairs still closing fast enough to count as
        # a hit, resolve the one that touched first, then look again (the
        # hit may have set another pair closing, as in a cradle).
        events: list[Contact] = []
        struck: set[str] = set()
        waiting = list(range(len(hits)))
        while True:
            best: tuple[float, int, float, float, float] | None = None
            for i in waiting:
                new, a, b, px, py, _bx, _by = hits[i]
                va = velocity[a]
                vb = velocity[b]
                s_back = _rewind(px, py, va, vb, self._reach_of(a, b))
                if s_back is None:
                    continue
                wx, wy = va[0] - vb[0], va[1] - vb[1]
                cx, cy = px - wx * s_back, py - wy * s_back
                c = math.hypot(cx, cy)
                closing = (wx * cx + wy * cy) / c  # < 0
                if -closing < (_MIN_HIT_SPEED if new else _REHIT_SPEED) * BULLET_UNIT:
                    continue
                if best is None or s_back > best[0]:  # the earliest touch
                    best = (s_back, i, cx / c, cy / c, closing)
            if best is None:
                break
            s_back, i, nx, ny, closing = best
            waiting.remove(i)
            new, a, b, px, py, bx, by = hits[i]
            body_a = bodies[a]
            body_b = bodies[b]
            va = velocity[a]
            vb = velocity[b]
            wx, wy = va[0] - vb[0], va[1] - vb[1]
            struck.add(a)
            struck.add(b)
            _forget_impulses(pressed[i][0])
            ma = body_a.spec.mass
            mb = body_b.spec.mass
            m_red = ma * mb / (ma + mb)
            e = body_a.spec.material.restitution * body_b.spec.material.restitution
            jn = -(1.0 + e) * m_red * closing
            tx, ty = wx - closing * nx, wy - closing * ny
            slide = math.hypot(tx, ty)
            mu = body_a.spec.material.friction * body_b.spec.material.friction
            jt = min(mu * jn, 2.0 / 7.0 * m_red * slide)
            ix, iy = jn * nx, jn * ny
            if slide > 0.0:
                ix -= jt * tx / slide
                iy -= jt * ty / slide
            # Where they touched: B's surface point toward A, with B rewound.
            rb = body_b.radius
            where = (float(bx - vb[0] * s_back + rb * nx) / BULLET_UNIT, float(by - vb[1] * s_back + rb * ny) / BULLET_UNIT)
            va[0] += ix / ma
            va[1] += iy / ma
            vb[0] -= ix / mb
            vb[1] -= iy / mb
            t_touch = max(0.0, t_end - h - s_back)
            pair = (a, b) if a < b else (b, a)
            events.append(Contact(t_touch, pair[0], pair[1], jn / BULLET_UNIT, where))
        for i in waiting:
            _, a, b, *_rest = hits[i]
            if a in struck or b in struck:
                # Bullet solved this pair together with a hit we replaced:
                # its share of that answer goes too.
                _forget_impulses(pressed[i][0])
                continue
            # A nudge or a push, not a hit: Bullet's answer stands.
            jx, jy = bullet[i]
            velocity[a][0] += jx / bodies[a].spec.mass
            velocity[a][1] += jy / bodies[a].spec.mass
            velocity[b][0] -= jx / bodies[b].spec.mass
            velocity[b][1] -= jy / bodies[b].spec.mass
        for bid, (vx, vy) in velocity.items():
            bodies[bid].node.setLinearVelocity(Vec3(vx, vy, 0.0))
        events.sort(key=lambda ev: ev.t)
        self._pending.extend(events)

    def _reach_of(self, a: str, b: str) -> float:
        return self._bodies[a].radius + self._bodies[b].radius

    def _flush(self) -> None:
        pending, self._pending = self._pending, []
        publish = self.bus.publish
        for event in pending:
            publish(event)

    def _control(self) -> None:
        """A control tick: rolling resistance, leaving the circle, rest and the time bound."""
        moving = self._moving
        r2 = (self.config.play_radius * BULLET_UNIT) ** 2
        z = self._z
        rows = self._rows
        speed = self._speed
        out: list[tuple[str, Point]] = []
        for bid, body in list(moving.items()):
            node = body.node
            v = node.getLinearVelocity()
            vx = v[0]
            vy = v[1]
            s2 = vx * vx + vy * vy
            dv = body.decel
            if s2 <= dv * dv:
                node.setLinearVelocity(_ZERO)
                node.setActive(False, True)
                del moving[bid]
                s = 0.0
            else:
                s = math.sqrt(s2)
                f = 1.0 - dv / s
                node.setLinearVelocity(Vec3(vx * f, vy * f, 0.0))
            p = node.getTransform().getPos()
            px = p[0]
            py = p[1]
            row = rows[bid]
            z[row] = complex(px, py)
            speed[row] = s
            if px * px + py * py > r2:
                out.append((bid, (float(px) / BULLET_UNIT, float(py) / BULLET_UNIT)))
        for bid, where in out:
            self._take_out(bid, where)
        if self._substep >= self._shot_limit:
            self._stop_all()
        if not moving:
            self._confirm_rest()
        elif self._substep >= self._gate_due:
            self._gate_scan()

    def _gate_scan(self) -> None:
        """Install the contact scan only while some moving body could touch another.

        Between two control ticks no body speeds up unless struck, so a pair
        closes at most at the sum of its present speeds; node positions lag
        Bullet's by one substep, hence the extra substeps of slack.  The scan
        is off only when no moving body can reach another within the next
        tick, and this is not asked again until that clear time has passed.
        """
        moving = self._moving
        near = False
        if moving and len(self._bodies) > 1:
            z = self._z
            speed = self._speed
            reach = self._reach
            if len(moving) <= 2:
                # One or two movers (the usual case): a row each is cheaper.
                clear_time = math.inf
                for bid in moving:
                    i = self._rows[bid]
                    gap = np.abs(z - z[i])
                    gap -= reach[i]            # its own entry is -inf: never near itself
                    closing = speed + max(speed[i], 1e-12)
                    clear_time = min(clear_time, float((gap / closing).min()))
            else:
                idx = np.fromiter((self._rows[b] for b in moving), dtype=np.intp, count=len(moving))
                gap = np.abs(z[None, :] - z[idx][:, None])
                gap -= reach[idx]
                closing = speed[idx][:, None] + speed[None, :]
                np.maximum(closing, 1e-12, out=closing)
                # Time before any pair could meet, each closing head-on at its present speeds.
                clear_time = float((gap / closing).min())
            if clear_time > 0.0:
                # Past a shot's time bound nothing needs asking again.
                horizon = min(clear_time, 2.0 * self.config.max_shot_time)
                clear = math.floor((horizon - 2.0 * self._h) / self.config.tick)
                near = clear < 1
                if not near:
                    self._gate_due = self._substep + clear * self.config.substeps_per_tick
                    if self._woken:
                        self._sleep_idle()
            else:
                near = True
        if near:
            # A tick of scanning costs about as much as two of these
            # decisions; in a crowd that stays near, ask less and less often
            # (1, 2, then 4 ticks).
            self._gate_due = self._substep + self._gate_backoff * self.config.substeps_per_tick
            self._gate_backoff = min(2 * self._gate_backoff, _GATE_RECHECK_TICKS)
        else:
            self._gate_backoff = 1
        if near and not self._scanning:
            self._world.setTickCallback(self._on_substep, False)
            self._scanning = True
        elif not near and self._scanning:
            self._world.clearTickCallback()
            self._scanning = False
            self._touching = set()

    def _sleep_idle(self) -> None:
        """Put back to sleep bodies Bullet woke (an island touched a mover) that never moved.

        Bullet merges islands through overlapping bounding boxes, so a taw
        touching one ball of a cluster wakes the cluster, which would
        otherwise stay awake (and cost Bullet time) until the shot ends.
        Only needed after the scan saw a manifold (no overlap, no merge).
        """
        moving = self._moving
        for bid, body in self._bodies.items():
            if bid not in moving and body.node.isActive():
                body.node.setActive(False, True)
        self._woken = False

    def _take_out(self, body_id: str, where: Point) -> None:
        self._detach(body_id)
        self._touching = {pair for pair in self._touching if body_id not in pair}
        self.bus.publish(BodyOut(self.time, body_id, where))

    def _stop_all(self) -> None:
        for body in self._bodies.values():
            body.node.setLinearVelocity(_ZERO)
            body.node.setActive(False, True)
        self._moving.clear()

    def _confirm_rest(self) -> None:
        """Nothing we know of moves: check every body once, then publish the rest."""
        limit2 = (self.config.rest_speed * BULLET_UNIT) ** 2
        for bid, body in self._bodies.items():
            v = body.node.getLinearVelocity()
            if v[0] * v[0] + v[1] * v[1] > limit2:
                self._moving[bid] = body
        if self._moving:
            return
        for body in self._bodies.values():
            body.node.setLinearVelocity(_ZERO)
        self._in_shot = False
        self._gate_scan()
        self._touching = set()
        self._last_rest = AllAtRest(self.time, self.positions())
        self.bus.publish(self._last_rest)

    # -- lifetime ------------------------------------------------------------

    def close(self) -> None:
        """Clear the Bullet callback and drop the bodies; the world is unusable after."""
        if self._closed:
            return
        self._closed = True
        self._scanning = False
        self._world.clearTickCallback()
        for body in self._bodies.values():
            self._world.removeRigidBody(body.node)
        self._bodies.clear()
        self._moving.clear()

    def __enter__(self) -> "Simulation":
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            if not self._closed:
                self._world.clearTickCallback()
        except AttributeError:
            pass


class _FrameSampler:
    """Calls ``on_frame`` whenever the shot clock reaches the next frame time.

    The next frame time lives on the Simulation (reset by each shot), so a
    shot stepped by many ``advance`` calls gets one evenly spaced sequence:
    the first instant, every frame time (on the first call at or after it),
    and the instant of rest, each once.
    """

    def __init__(self, sim: Simulation, on_frame: FrameCallback, frame_hz: float) -> None:
        if not (frame_hz > 0 and math.isfinite(frame_hz)):
            raise PhysicsError(f"frame_hz must be a positive number, not {frame_hz!r}")
        self.sim = sim
        self.on_frame = on_frame
        self.period = 1.0 / frame_hz

    def maybe_emit(self) -> None:
        sim = self.sim
        t = sim.time
        at_rest = not sim._in_shot
        if t + 1e-9 >= sim._next_frame or (at_rest and sim._next_frame != math.inf):
            ids, poses = sim.poses()
            self.on_frame(t, ids, poses)
            if at_rest:
                sim._next_frame = math.inf
            else:
                while sim._next_frame <= t + 1e-9:
                    sim._next_frame += self.period


def _raw_xy(body: _Body) -> Point:
    """Where a body is, in Bullet units."""
    p = body.node.getTransform().getPos()
    return (float(p[0]), float(p[1]))


def _forget_impulses(manifold: object) -> None:
    """Zero a manifold's stored impulses so Bullet warm-starts nothing of them."""
    for j in range(manifold.getNumManifoldPoints()):  # type: ignore[attr-defined]
        mp = own(manifold.getManifoldPoint(j))  # type: ignore[attr-defined]
        mp.setAppliedImpulse(0.0)
        mp.setAppliedImpulseLateral1(0.0)
        mp.setAppliedImpulseLateral2(0.0)


def _rewind(px: float, py: float, va: list[float], vb: list[float], reach: float) -> float | None:
    """How long before now A, at ``p`` from B and closing at ``va - vb``, touched B.

    Solves ``|p - w s| = reach`` for the touching root.  Usually p lies
    within reach (the balls overlap) and s >= 0; a pair Bullet stopped just
    short of touching gives s < 0 (the touch lies ahead).  None when the pair
    is not closing or its paths never come within reach.
    """
    wx, wy = va[0] - vb[0], va[1] - vb[1]
    pw = px * wx + py * wy
    ww = wx * wx + wy * wy
    if pw >= 0.0 or ww == 0.0:
        return None
    disc = pw * pw - ww * (px * px + py * py - reach * reach)
    if disc < 0.0:
        return None
    return (pw + math.sqrt(disc)) / ww


def _check_specs(specs: list[BodySpec], play_radius: float) -> None:
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
        raise PlacementError(f"{spec.id} at {spec.position} lies outside the play circle")
    gap = np.hypot(*(xy[:, None, :] - xy[None, :, :]).transpose(2, 0, 1)) - (r[:, None] + r[None, :])
    np.fill_diagonal(gap, np.inf)
    i, j = np.unravel_index(int(np.argmin(gap)), gap.shape)
    if gap[i, j] < -_TOUCH_TOLERANCE:
        raise PlacementError(f"{specs[i].id} and {specs[j].id} overlap by {-gap[i, j] * 1000:.2f} mm")
