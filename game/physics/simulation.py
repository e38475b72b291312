"""The Bullet world of the Sun and planets, and the events it publishes.

``Simulation`` is the layer's one public object: it owns the world and the
shot's clock and ties together ``world.py`` (bodies), ``contacts.py`` and
``resolver.py`` (hits), ``clock.py`` (substeps and ticks), ``grazes.py``
(paths; the contact scan's gate), ``resting.py`` (rolling, leaving the
circle, rest) and ``frames.py`` (poses and frames).

The ground is not simulated (z locked, no gravity), so Bullet holds only
ball-on-ball manifolds, read by a per-world tick callback (Bullet's
contact callbacks are process-global and would leak between worlds).
``advance`` and ``run_to_rest`` step the same substeps, so a live game and
a headless rerun agree bit for bit. Reasons: ``docs/physics.md``.
"""

from __future__ import annotations

import enum
import math
import weakref
from typing import Iterable, Mapping

import numpy as np
from panda3d.bullet import BulletSphereShape
from panda3d.core import Vec3

from game.physics.materials import BodySpec, Point, specs_from_positions
from game.physics.clock import ShotClock
from game.physics.config import PhysicsConfig
from game.physics.contacts import BulletContacts
from game.physics.physics_errors import PhysicsError, PlacementError, ShotError, UnknownBodyError
from game.physics.frames import FrameCallback, FrameSampler, PoseTracker
from game.physics.glide import glide
from game.physics.grazes import Paths
from game.physics.pandaown import release_states
from game.physics.motion import REST, BallState, evolve, flick
from game.physics.resting import move_moving, sleep_idle, still_moving, stop
from game.physics.units import BULLET_UNIT
from game.physics.world import (
    ZERO,
    Body,
    Mirror,
    check_specs,
    make_body,
    new_world,
    put,
    raw_xy,
    sleep,
    xy_of,
)
from game.rules.events import AllAtRest, BodyOut, Event, EventBus, ShotStarted
from game.rules.layout import Layout

__all__ = ["BULLET_UNIT", "FrameCallback", "Simulation", "shot_velocity"]

_MAX_ADVANCE = 0.25      # s of wall time one advance() call may catch up
# Substeps: a scanned tick is stepped in blocks this long, aligned to the
# tick; Bullet steps a block only if some pair may come near in it.  A power
# of two, so that a doPhysics call of a block steps exactly that many
# substeps (``docs/physics.md``, "Determinism").
_BLOCK = 4


def _event_time(event: Event) -> float:
    return event.t


def shot_velocity(speed: float, angle_deg: float) -> Point:
    """The (vx, vy) of a shot of ``speed`` m/s toward ``angle_deg`` (counter-clockwise from +x)."""
    if not (isinstance(speed, (int, float)) and math.isfinite(speed)) or speed < 0:
        raise ShotError(f"shot speed must be a finite number >= 0, not {speed!r}")
    if not math.isfinite(angle_deg):
        raise ShotError(f"shot angle must be finite, not {angle_deg!r}")
    a = math.radians(angle_deg)
    return (speed * math.cos(a), speed * math.sin(a))


class Phase(enum.Enum):
    """Where a world is in its life; the one state its public methods check."""

    AT_REST = "at rest"   # between shots: bodies may be placed, added and removed
    SHOT = "shot"         # a shot runs until every body rests
    CLOSED = "closed"     # close() ran: the world refuses work


class Simulation:
    """One Bullet world of bodies on the ground, with its own ``EventBus``.

    Its state is declared: ``phase`` (a ``Phase``), ``clock`` (the
    ``ShotClock``), the bodies and the movers, the paths (``Paths``) and
    the contact scan (``BulletContacts``: installed or not, the pairs
    touching, the events not yet published).

    Use it as a context manager or call ``close()`` when done; a dropped
    Simulation also clears its callback when collected.
    """

    def __init__(self, bodies: Iterable[BodySpec], config: PhysicsConfig = PhysicsConfig()) -> None:
        self.config = config
        self.bus = EventBus()
        self.clock = ShotClock(config)
        self.phase = Phase.AT_REST
        self._last_rest: AllAtRest | None = None   # published at the end of the last shot
        self._world = new_world()
        self._shapes: dict[float, BulletSphereShape] = {}
        self._bodies: dict[str, Body] = {}
        self._moving: dict[str, Body] = {}       # the bodies Python steps: shot, struck or pushed
        self._poses = PoseTracker()
        self._paths = Paths()      # moved bodies' straight paths and the grazes booked on them
        self._contacts = BulletContacts(self._world, self._bodies, self._moving, self._paths, config.substep)
        self._mirror = Mirror.empty()   # resting places by row (the contact scan reads the same one)
        # Did Bullet step the last substeps (its nodes then lag it by one), or were they quiet (glide.py)?
        self._stepped = True
        # While the scan is on: the substep from which some pair may come near
        # touching (Bullet must step the block that holds it), and the blocks.
        self._near_from = 0.0
        self._block = _BLOCK if config.substeps_per_tick % _BLOCK == 0 and config.substeps_per_call % _BLOCK == 0 \
            else config.substeps_per_call

        specs = list(bodies)
        check_specs(specs, config.play_radius)
        for spec in specs:
            self._attach(spec, reindex=False)
        self._reindex()

        # The callback holds the Simulation weakly so a forgotten world can be
        # collected; __del__ then clears the callback.  It runs after every
        # substep while installed, so it does the common case (no manifold
        # at all) itself.
        ref = weakref.ref(self)
        count_manifolds = self._world.getNumManifolds
        clock = self.clock
        contacts = self._contacts
        take = self._paths.take
        bookings = self._paths.bookings

        def on_substep(_data: object) -> None:
            sim = ref()
            if sim is None:
                return
            clock.substep += 1
            substep = clock.substep
            n = count_manifolds()
            grazes = take(substep) if bookings else None
            if n or grazes:
                contacts.woken = True
                changed = contacts.scan(n, grazes, substep, clock.time_s)
                if changed:
                    sim._book(changed, fresh=True)
            elif contacts.touching:
                contacts.touching = set()

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
        """One shared sphere shape per radius (Bullet units)."""
        shape = self._shapes.get(radius)
        if shape is None:
            shape = self._shapes[radius] = BulletSphereShape(radius)
        return shape

    def _attach(self, spec: BodySpec, reindex: bool = True) -> None:
        body = make_body(spec, self._shape(spec.radius * BULLET_UNIT), self.config)
        self._world.attachRigidBody(body.node)
        sleep(body)
        self._bodies[spec.id] = body
        # Bullet keeps single precision: roll from where the body is reported.
        self._poses.track(body, xy_of(body))
        if reindex:
            self._reindex()

    def _reindex(self) -> None:
        """Rebuild the numpy mirror of resting places the graze search (and so the scan gate) reads."""
        self._mirror = self._contacts.mirror = Mirror.of(self._bodies)

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
        x, y = xy_of(body)
        return BodySpec(body.spec.id, body.spec.radius, body.spec.mass, body.spec.material, (x, y))

    def __contains__(self, body_id: object) -> bool:
        return body_id in self._bodies

    def is_at_rest(self) -> bool:
        return self.phase is not Phase.SHOT

    @property
    def scan_installed(self) -> bool:
        """Is the per-substep contact scan installed for the current tick?"""
        return self._contacts.installed

    def positions(self) -> dict[str, Point]:
        """Where every body is (metres); a body Bullet has not moved is at its exact place."""
        return {bid: xy_of(body) for bid, body in self._bodies.items()}

    def velocities(self) -> dict[str, Point]:
        out: dict[str, Point] = {}
        for bid, body in self._bodies.items():
            v = body.node.getLinearVelocity()
            out[bid] = (float(v[0]) / BULLET_UNIT, float(v[1]) / BULLET_UNIT)
        return out

    def motion(self, body_id: str) -> tuple[float, BallState]:
        """A body's motion as last set (a shot, a hit, a control tick): the shot time and its state then."""
        body = self._body(body_id)
        return body.state_t, body.state

    def motions(self) -> dict[str, BallState]:
        """Every body's velocity and spin now (``motion.py``), which Bullet's chord velocities average."""
        now = self.time
        out: dict[str, BallState] = {}
        for bid, body in self._bodies.items():
            state = body.state
            if state is not REST and now > body.state_t:
                state = evolve(state, body.ground, now - body.state_t)[2]
            out[bid] = state
        return out

    def poses(self) -> tuple[list[str], np.ndarray]:
        """Ids and an (N, 7) array x, y, z, qw, qx, qy, qz; the spin follows the rolling."""
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
        put(body, (x, y))
        body.node.setLinearVelocity(ZERO)
        sleep(body)
        self._paths.forget(body_id)
        self._poses.moved_to(body, xy_of(body))
        self._mirror.z[self._mirror.rows[body_id]] = complex(*raw_xy(body))

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

    def _detach(self, body_id: str) -> None:
        body = self._bodies.pop(body_id)
        self._moving.pop(body_id, None)
        self._paths.forget(body_id)
        self._poses.forget(body_id)
        self._world.removeRigidBody(body.node)
        self._reindex()

    # -- shooting and stepping ---------------------------------------------

    def shoot(self, body_id: str, velocity: Point, spin: float = 0.0) -> ShotStarted:
        """Flick a body (normally a taw) at ``velocity`` and start a shot.

        ``spin`` in [-1, 1] is the spin the thumb gives it, in units of the
        spin of a ball rolling at that velocity: 0 a plain flick (it slides,
        then rolls), 1 launched rolling (topspin), -1 as much backspin.
        """
        self._require_open()
        if self.phase is Phase.SHOT:
            raise ShotError("a shot is already running: wait until every body is at rest")
        body = self._body(body_id)
        try:
            vx, vy = float(velocity[0]), float(velocity[1])
        except (TypeError, ValueError, IndexError):
            raise ShotError(f"a shot velocity is a pair of numbers, not {velocity!r}") from None
        if not (math.isfinite(vx) and math.isfinite(vy)):
            raise ShotError(f"shot velocity must be finite, not ({vx}, {vy})")
        if not (isinstance(spin, (int, float)) and -1.0 <= spin <= 1.0):
            raise ShotError(f"shot spin must be a number from -1 to 1, not {spin!r}")
        speed = math.hypot(vx, vy)
        cap = self.config.max_shot_speed
        if speed > cap * (1.0 + 1e-9):
            raise ShotError(f"shot speed {speed:.3f} m/s is above the cap of {cap} m/s")
        clock = self.clock
        clock.start_shot()
        self._contacts.touching = set()
        self._last_rest = None
        self.phase = Phase.SHOT
        # Bullet moves it along the chord of its motion to the first control tick.
        body.state = flick(vx, vy, float(spin), body.spec.radius)
        body.state_t = 0.0
        tick = self.config.tick
        dx, dy, _after = evolve(body.state, body.ground, tick)
        cx, cy = dx * BULLET_UNIT / tick, dy * BULLET_UNIT / tick
        body.node.setLinearVelocity(Vec3(cx, cy, 0.0))
        body.node.setActive(True, True)
        self._moving[body_id] = body
        self._paths.new_shot()
        raw = raw_xy(body)   # at rest: where Bullet holds it
        h = clock.h
        self._paths.set(body_id, clock.substep, raw[0], raw[1], cx * h, cy * h)
        self._scan_while(self._book(self._moving, fresh=True))
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
        at ``frame_hz`` (after the 1/60 s doPhysics calls, see
        docs/physics.md) including the shot's first and last instants.
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
        if sampler is None:
            # No frames owed: one doPhysics call per control tick (below).
            step = self._step_tick
            while self.phase is Phase.SHOT:
                step()
        else:
            step = self._step_call
            while self.phase is Phase.SHOT:
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
        """One doPhysics call of whole substeps, then the control work if a tick is due."""
        self._do_substeps(self.config.substeps_per_call)
        if self.clock.take_tick():
            self._control()

    def _step_tick(self) -> None:
        """Step to the next control tick in one doPhysics call, then the control work.

The same bits as ``_step_call``'s calls while both lengths are powers of two
of the float substep (``docs/physics.md``, "Determinism"); otherwise it
steps call by call.
"""
        n = self.clock.to_next_tick()
        k = self.config.substeps_per_call
        if n & (n - 1) or k & (k - 1):
            self._step_call()
            return
        self._do_substeps(n)
        self.clock.take_tick()
        self._control()

    def _do_substeps(self, n: int) -> None:
        """``n`` substeps, then any hits the scan booked.

        While the scan is on, Bullet steps (in one doPhysics call a block)
        the blocks in which some pair may come near touching; elsewhere, and
        in a tick without the scan, the movers glide along their paths
        (``glide.py``).  A call of ``advance`` is whole blocks, so a live
        game and a headless run make the same choices.
        """
        clock = self.clock
        end = clock.substep + n
        if not self._contacts.installed:
            self._glide_to(end)
        else:
            block = self._block
            tick_start = clock.next_control - self.config.substeps_per_tick
            while clock.substep < end:
                block_end = min(end, tick_start + ((clock.substep - tick_start) // block + 1) * block)
                if self._near_from < block_end:
                    self._step_bullet(block_end - clock.substep)
                else:
                    self._glide_to(block_end)
        if self._contacts.pending:
            self._flush()

    def _glide_to(self, substep: int) -> None:
        self.clock.substep = substep
        glide(self._moving, self._paths, substep)
        if self._contacts.touching:
            self._contacts.touching = set()   # what a scan of those substeps would have found
        self._stepped = False

    def _step_bullet(self, n: int) -> None:
        """Bullet steps ``n`` substeps in one call (the scan counts them); after a hit, when may a pair come near next?"""
        h = self.clock.h
        contacts = self._contacts
        contacts.resolved = False
        self._world.doPhysics(n * h, n, h)
        self._stepped = True
        self.clock.stepped += n
        if contacts.resolved:
            self._give_paths()
            self._near_from = self._near(self._book(self._moving, fresh=False))

    def _give_paths(self) -> None:
        """A moving body with no path gets the one Bullet gives it, to glide on and to be asked about.

        Such a body was set moving by Bullet alone (pushed, not struck: the
        resolver leaves it Bullet's answer), or found moving before the rest
        (``still_moving``); the next control tick would give it its own.
        After a Bullet step, Bullet is a substep of its velocity ahead of its
        node; after a glide it is where the node is.
        """
        paths = self._paths
        starts = paths.starts
        h = self.clock.h
        lag = h if self._stepped else 0.0
        for bid, body in self._moving.items():
            if bid not in starts:
                v = body.node.getLinearVelocity()
                p = body.node.getTransform().getPos()
                paths.set(bid, self.clock.substep, p[0] + v[0] * lag, p[1] + v[1] * lag, v[0] * h, v[1] * h)

    # -- the control tick ----------------------------------------------------

    def _flush(self, final: bool = False) -> None:
        """Publish, in time order, the queued events no later event can precede.

        Hits are resolved earliest first within a substep, and a substep's
        hits lie no earlier than a substep before its end; but a follow-on
        touch found ahead of the narrow phase may lie after the next
        substep's first hit.  So an event is held until the clock is a
        substep past it, and the held ones go out merged by time (ties in
        the order they were found); ``final`` publishes all.
        """
        contacts = self._contacts
        pending = contacts.pending
        if final:
            ready, contacts.pending = pending, []
        else:
            horizon = self.clock.time_s - self.clock.h
            if pending[-1].t <= horizon and all(a.t <= b.t for a, b in zip(pending, pending[1:])):
                ready, contacts.pending = pending, []
            else:
                ready = [e for e in pending if e.t <= horizon]
                contacts.pending = [e for e in pending if e.t > horizon]
        ready.sort(key=_event_time)
        publish = self.bus.publish
        for event in ready:
            publish(event)

    def _control(self) -> None:
        """A control tick: rolling resistance, leaving the circle, rest and the time bound."""
        clock = self.clock
        out, turned = move_moving(self._moving, self._mirror, (self.config.play_radius * BULLET_UNIT) ** 2,
                                  self._paths, clock.substep, clock.h, clock.time_s, self.config.tick, self._stepped)
        for bid, where in out:
            self._take_out(bid, where)
        if clock.past_limit():
            self._stop_all()
        if not self._moving:
            self._confirm_rest()
        else:
            # Every mover is on a new chord: book the tick's grazes (looking
            # again for those whose paths turned), and scan the tick only if
            # some pair comes near.
            first = self._book([b for b in turned if b in self._moving], fresh=True) if turned else math.inf
            self._scan_while(min(self._book(self._moving, fresh=False), first))

    def _scan_while(self, first: float) -> None:
        """Install the per-substep contact scan for the coming tick only if some pair comes near, from substep ``first``.

        ``Paths.book`` tells (``math.inf``: none does): with the scan off
        nothing turns before the next tick, so a tick in which no pair
        comes near has no contact.  Bullet then steps the tick from the
        block that holds ``first`` (``_do_substeps``).
        """
        near = first < math.inf
        contacts = self._contacts
        if not near and contacts.woken:
            # Only needed after the scan saw a manifold (no overlap, no merge).
            sleep_idle(self._bodies, self._moving)
            contacts.woken = False
        if near:
            self._near_from = self._near(first)
        if near and not contacts.installed:
            self._world.setTickCallback(self._on_substep, False)
            contacts.installed = True
        elif not near and contacts.installed:
            self._world.clearTickCallback()
            contacts.installed = False
            contacts.touching = set()

    def _near(self, first: float) -> float:
        """The substep from which Bullet must step: ``first`` (some pair comes near), or before a booked graze."""
        booked = self._paths.bookings
        return min(first, min(booked) - 1) if booked else first

    def _book(self, movers: Iterable[str], fresh: bool) -> float:
        """Book the grazes of ``movers``' paths until just past the next control tick (``grazes.py``).

        Returned: the substep at which some pair of them first comes near
        touching by then (``math.inf``: none does).
        """
        clock = self.clock
        self._paths.drop_before(clock.substep)
        return self._paths.book(movers, self._mirror, float(clock.substep), float(clock.next_control + 1), fresh)

    def _take_out(self, body_id: str, where: Point) -> None:
        self._detach(body_id)
        contacts = self._contacts
        contacts.touching = {pair for pair in contacts.touching if body_id not in pair}
        contacts.pending.append(BodyOut(self.time, body_id, where))

    def _stop_all(self) -> None:
        stop(self._bodies, asleep=True)
        self._moving.clear()
        self._settle_paths()

    def _settle_paths(self) -> None:
        """Every body is stopped where its path has brought it now, and the mirror holds it there."""
        self._paths.stop_all(self._bodies, self._mirror, float(self.clock.substep))

    def _confirm_rest(self) -> None:
        """Nothing we know of moves: check every body once, then publish the rest."""
        still_moving(self._bodies, self.config.rest_speed, self._moving)
        if self._moving:
            self._give_paths()
            self._scan_while(self._book(self._moving, fresh=True))
            return
        stop(self._bodies, asleep=False)
        self._settle_paths()
        self.phase = Phase.AT_REST
        self._scan_while(math.inf)
        self._contacts.touching = set()
        self._flush(final=True)
        self._last_rest = AllAtRest(self.time, self.positions())
        self.bus.publish(self._last_rest)

    # -- lifetime ------------------------------------------------------------

    def close(self) -> None:
        """Clear the Bullet callback and drop the bodies; the world is unusable after."""
        if self.phase is Phase.CLOSED:
            return
        self.phase = Phase.CLOSED
        self._contacts.installed = False
        self._world.clearTickCallback()
        for body in self._bodies.values():
            self._world.removeRigidBody(body.node)
        self._bodies.clear()
        self._moving.clear()
        self._paths.clear()
        # Headless, nothing else empties Panda's state cache (pandaown.py).
        release_states()

    def __enter__(self) -> "Simulation":
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            if self.phase is not Phase.CLOSED:
                self._world.clearTickCallback()
        except AttributeError:
            pass
