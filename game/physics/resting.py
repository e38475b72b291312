"""The control tick between two ``doPhysics`` calls: rolling resistance, coming to rest, leaving the circle.

Bullet has no rolling friction in Panda3D 1.10's wrapper, so a ball rolls
on the plane for ever.  Rolling resistance is a force and a torque we apply
to each rolling ball for the next call: ``mu_r m g`` through its centre
against its way, and ``2/5 mu_r m g R`` against its spin, which together
slow a rolling ball at exactly ``mu_r g`` and keep it rolling, so the
ground's friction has nothing to do: the resistance does not depend on
Bullet's contact friction.  A sliding ball gets none: Bullet's contact
friction alone turns its slide into a roll.  In the tick a ball would stop,
both are scaled so that it stops at the tick's end; a rolling ball slower
than ``rest_speed``, or than half of what the resistance takes off in a
call, is stopped and put to sleep.  Only awake bodies are visited.  A
ball's spin about the ground's normal is worn down at 5/2 mu_r g / R by a
torque about the normal, on the plane as on rough ground.

Bullet keeps applied forces and torques through one ``doPhysics`` call's
substeps and clears them after.  A call split at a touch is several
``doPhysics`` calls, so everything applied goes to ``torqued`` too, and the
caller applies it again before each later piece: it acts through the whole
call (``Simulation`` drops a pair's once a touch between them is solved:
after a hit they slide).

On rough ground a ball is off the ground when its centre is above where a
ball resting there has it, and a slow ball is put to rest only where the
slope cannot roll it: where 5/7 g sinθ, the slope's pull on a rolling
ball, is less than the resistance mu_r g that holds it (sinθ < 7/5 mu_r,
4.8° for glass, 8° for lead); on a steeper slope it rolls on (and back,
out of a hollow's side) until it finds such a place.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Mapping

from panda3d.bullet import BulletRigidBodyNode
from panda3d.core import Vec3

from game.physics.ground import Footing
from game.rules.layout import Point
from game.physics.step_planner import Mover
from game.physics.units import BULLET_UNIT
from game.physics.world import Body, sleep

if TYPE_CHECKING:
    from game.physics.config import PhysicsConfig

# A contact point slipping over the ground slower than ROLL_SLIP_MPS plus
# ROLL_SLIP_SHARE of the ball's speed, beyond what the resisting torque
# itself leaves, is rolling.  Bullet's friction answers a torque one substep
# late, so a ball rolling under it shows a steady slip of 3.5 mu_r g h
# (4.3 mm/s for glass at 480 Hz), and as a slide ends Bullet leaves a slip
# of a few per cent of the speed that dies over a few calls; a sliding
# ball's slip falls by 3.5 mu_s g h (29 mm/s for glass) a substep, so the
# share costs it at most a few milliseconds of sliding.
ROLL_SLIP_MPS = 2e-3
ROLL_SLIP_SHARE = 0.05
_SLIP = ROLL_SLIP_MPS * BULLET_UNIT
# Bullet units above its radius at which a ball's centre is off the ground
# (a hop after a hard hit with spin): no rolling torque, no rest there.
_OFF_GROUND = 0.05
_ROLL_TORQUE = 7.0 / 5.0   # a solid sphere: a torque of (1 + 2/5) m a R slows a roll by a
_ROLL_PULL = 5.0 / 7.0     # a slope of angle θ pulls a rolling solid sphere at 5/7 g sinθ
_SPIN_SHARE = 2.0 / 7.0    # of that torque, what slows the spin when a force at the centre slows the ball
# A slab's face is the ground's tangent plane where it was laid, within 0.003 rad of the plane under the
# ball at any contact test (``ground_contact.py``): a ball rolling on it climbs at its own slope's rate to
# within that share of its speed.
_SLAB_TILT = 0.004
_DRILL_NONE = 1e-6         # rad/s: a spin about the ground's normal too slow to wear down (it creeps 8 nm/s)


Applied = tuple[BulletRigidBodyNode, Vec3, Vec3]
"""A body's node, and the force at its centre and the torque applied to it for the call."""


@dataclass(frozen=True, slots=True)
class TickRules:
    """What a control tick needs of a world's config, in Bullet's units where Bullet's numbers are compared."""

    gravity: float          # Bullet units/s²
    tick_s: float           # one call
    rest_speed: float       # Bullet units/s
    play_radius2: float     # the play circle's squared radius, Bullet units²
    footing: Footing        # what a ball stands on: the world's ground says (``ground.Ground``)

    @staticmethod
    def of(config: "PhysicsConfig", footing: Footing) -> "TickRules":
        return TickRules(config.gravity * BULLET_UNIT, config.call, config.rest_speed * BULLET_UNIT,
                         (config.play_radius * BULLET_UNIT) ** 2, footing)


@dataclass(slots=True)
class Tick:
    """What a control tick decided: the bodies moving on (``awake``: none, and the shot is at rest), those put
    to sleep, the forces and torques applied for the next call (``applied``, for its later pieces), and the
    bodies beyond the play circle with where they are (metres); ``aloft``, whether any awake ball is off the
    ground (a landing changes its velocity at once, which no look foresees)."""

    awake: list[Mover] = field(default_factory=list)
    slept: list[str] = field(default_factory=list)
    applied: list[Applied] = field(default_factory=list)
    out: list[tuple[str, Point]] = field(default_factory=list)
    aloft: bool = False


def control_tick(bodies: Mapping[str, Body], rules: TickRules, substep_s: float) -> Tick:
    """Apply rolling resistance for the next call and stop the balls at rest, after a call whose last substep
    was ``substep_s``; see ``Tick`` for what it returns (the forces and torques: the module's docstring)."""
    g, rest, tick_s = rules.gravity, rules.rest_speed, rules.tick_s
    on_ground = _on_slope if rules.footing is Footing.TANGENT else _on_plane
    result = Tick()
    out, slept, awake, torqued = result.out, result.slept, result.awake, result.applied
    for bid, body in bodies.items():
        node = body.node
        if not node.isActive():
            continue
        p = node.getTransform().getPos()
        if p[0] * p[0] + p[1] * p[1] > rules.play_radius2:
            out.append((bid, (float(p[0]) / BULLET_UNIT, float(p[1]) / BULLET_UNIT)))
            continue
        v = node.getLinearVelocity()
        w = node.getAngularVelocity()
        vx, vy = v[0], v[1]
        material = body.spec.material
        decel = material.rolling_resistance * g
        speed = math.hypot(vx, vy)
        aloft, held, pull, slip, drill, downhill = on_ground(body, p, v, w, speed, rest, g, tick_s)
        if aloft or slip >= _SLIP + 3.5 * decel * substep_s + ROLL_SLIP_SHARE * speed:
            # in the air after a hop (gravity and the ground act first), or sliding (Bullet's friction acts);
            # a slide that ends within the call (its slip falls at 7/2 mu_s g) is resisted for the rest of it
            awake.append(Mover(bid, complex(p[0], p[1]), complex(vx, vy), p[2], v[2]))
            result.aloft = result.aloft or aloft
            share = 0.0 if aloft else 1.0 - slip / (3.5 * material.sliding_friction * g * tick_s)
            _slide_ending(body, vx, vy, speed, share, pull, drill, g, tick_s, torqued)
            continue
        net = decel - pull   # how fast the ball slows: the resistance, less the slope's pull
        if held and (speed < rest or speed < 0.5 * net * tick_s):
            sleep(body)   # it would stop in the first half of the next call
            slept.append(bid)
            continue
        awake.append(Mover(bid, complex(p[0], p[1]), complex(vx, vy), p[2], v[2]))
        tx = ty = tz = fx = fy = 0.0
        if speed > 0.0:   # (at rest on a slope too steep to hold it, gravity starts it)
            fx, fy, tx, ty = _resistance(body, vx, vy, speed, decel, pull, downhill if held else None, g, tick_s)
        if drill is not None:
            tx, ty, tz = tx + drill[0], ty + drill[1], drill[2]
        elif speed == 0.0:
            continue
        _apply(node, Vec3(fx, fy, 0.0), Vec3(tx, ty, tz), torqued)
    return result


_NO_FORCE = Vec3(0.0, 0.0, 0.0)


def _apply(node: BulletRigidBodyNode, force: Vec3, torque: Vec3, torqued: list[Applied]) -> None:
    """Apply ``force`` (at the centre) and ``torque`` for the next call and keep them for the call's later pieces."""
    node.applyCentralForce(force)
    node.applyTorque(torque)
    torqued.append((node, force, torque))


def reapply(torqued: list[Applied]) -> None:
    """Apply the tick's forces and torques again: Bullet cleared them after the call's last piece."""
    for node, force, torque in torqued:
        node.applyCentralForce(force)
        node.applyTorque(torque)


def _slide_ending(body: Body, vx: float, vy: float, speed: float, share: float, pull: float,
                  drill: tuple[float, float, float] | None, g: float, tick_s: float, torqued: list[Applied]) -> None:
    """A sliding ball: its spin about the normal worn down, and, for the ``share`` of the call after its slide
    ends, the rolling resistance (spread over the call)."""
    fx = fy = tx = ty = 0.0
    if share > 0.0 and speed > 0.0:
        decel = body.spec.material.rolling_resistance * g
        fx, fy, tx, ty = _resistance(body, vx, vy, speed, decel, pull, None, g, tick_s)
        fx, fy, tx, ty = fx * share, fy * share, tx * share, ty * share
    if drill is not None or share > 0.0:
        dx, dy, dz = drill or (0.0, 0.0, 0.0)
        _apply(body.node, Vec3(fx, fy, 0.0), Vec3(tx + dx, ty + dy, dz), torqued)


def _resistance(body: Body, vx: float, vy: float, speed: float, decel: float, pull: float,
                downhill: tuple[float, float] | None, g: float, tick_s: float) -> tuple[float, float, float, float]:
    """The rolling resistance's force at the centre (x, y) and torque (x, y) for the next call.

    ``_resisting`` gives the torque 7/5 m R q that would slow the roll by q
    through the ground's friction; it is applied as the force -m q at the
    centre and the torque 2/5 m R q, which slow the ball by q and its spin
    with it, the ground's friction doing nothing.
    """
    rx, ry = _resisting(body, vx, vy, speed, decel, pull, downhill, g, tick_s)
    r = body.radius
    return ry / (_ROLL_TORQUE * r), -rx / (_ROLL_TORQUE * r), rx * _SPIN_SHARE, ry * _SPIN_SHARE


def _drill(body: Body, spin_axis_x: float, nx: float, ny: float, nz: float, g: float,
           tick_s: float) -> tuple[float, float, float] | None:
    """The torque about the ground's normal ``n`` that wears down a spin of ``spin_axis_x`` (rad/s, about n) over
    the next call at 5/2 mu_r g / R, all of it if less; None when there is none to wear."""
    if abs(spin_axis_x) <= _DRILL_NONE:
        return None
    r = body.radius
    cut = min(abs(spin_axis_x), 2.5 * body.spec.material.rolling_resistance * g / r * tick_s)
    torque = -math.copysign(0.4 * body.spec.mass * r * r * cut / tick_s, spin_axis_x)
    return (torque * nx, torque * ny, torque * nz)


def _resisting(body: Body, vx: float, vy: float, speed: float, decel: float, pull: float,
               downhill: tuple[float, float] | None, g: float, tick_s: float) -> tuple[float, float]:
    """The rolling resistance's torque (x, y) for the next call: 7/5 mu_r m g R against the roll.

    In the call a ball would stop, only as much as stops it at the call's
    end.  On a slope that holds it (``downhill``, the slope's pull on a
    rolling ball, given), that counts the slope's whole pull, across the
    ball's way as well as along it: a resistance acting only against the
    ball's way stopped the part along it, the pull across it started the
    ball again the other way, and a slow ball zig-zagged down a held slope
    for ever.
    """
    mass_r = body.spec.mass * body.radius
    if downhill is not None:
        qx, qy = vx / tick_s + downhill[0], vy / tick_s + downhill[1]   # what stops it at the call's end
        if qx * qx + qy * qy <= decel * decel:
            return _ROLL_TORQUE * mass_r * qy, -_ROLL_TORQUE * mass_r * qx
    net = decel - pull   # how fast the ball slows: the resistance, less the slope's pull along its way
    scale = 1.0 if net <= 0.0 or speed > net * tick_s else min(1.0, (speed / tick_s + pull) / decel)
    torque = _ROLL_TORQUE * body.spec.material.rolling_resistance * body.spec.mass * g * body.radius * scale / speed
    return torque * vy, -torque * vx


def _on_plane(body: Body, p: Vec3, v: Vec3, w: Vec3, _speed: float, rest: float, g: float,
              tick_s: float) -> tuple[bool, bool, float, float, tuple[float, float, float] | None, None]:
    """``_on_slope`` on the level plane: off the ground above its radius; always held; no pull; the slip of
    its contact point; the torque wearing down its spin about the vertical."""
    r = body.radius
    slip = math.hypot(v[0] - r * w[1], v[1] + r * w[0])
    aloft = p[2] > r + _OFF_GROUND or abs(v[2]) > rest
    return aloft, True, 0.0, slip, _drill(body, w[2], 0.0, 0.0, 1.0, g, tick_s), None


def _on_slope(body: Body, p: Vec3, v: Vec3, w: Vec3, speed: float, rest: float, g: float,
              tick_s: float) -> tuple[bool, bool, float, float, tuple[float, float, float] | None,
                                      tuple[float, float]]:
    """On rough ground: whether the ball is off the ground, whether the slope under it lets it rest, the
    slope's pull along its way (Bullet units/s², + downhill: 5/7 g sinθ in the direction it rolls), how
    fast its contact point slips over the ground, the torque that wears down its spin about the
    ground's normal over the next call (None when there is none to wear), and the slope's pull on a
    rolling ball (x, y: 5/7 g sinθ downhill).

    The ground here is the ball's slab, the plane Bullet rolls it on (the
    ground's tangent plane within a few millimetres, ``ground_contact.py``):
    its height and slope cost no evaluation of the ground's waves.

    A ball's spin about the ground's normal (a hit leaves a taw spinning like
    a top) is worn down at 5/2 mu_r g / R, the rolling resistance's rate,
    by a torque about the normal through the call: on the plane that spin
    never touches the ground's friction, but on a slope part of it does,
    and without this it would creep the ball sideways for ever.  (A rolling
    ball's spin lies in its slab's plane; each new slab's turns it out of
    that plane by a hair, which the same torque takes off.)
    """
    slab = body.slab
    assert slab is not None
    x0, y0, h, gx, gy = slab.plane
    nx, ny, nz, root = slab.normal
    px, py, pz = p
    slope2 = slab.slope2
    mu_r = body.spec.material.rolling_resistance
    k = _ROLL_TORQUE * mu_r
    held = slope2 < k * k * (1.0 + slope2)   # sin²θ < (7/5 mu_r)²: the resistance holds it there
    vx, vy, vz = v
    climb = gx * vx + gy * vy                # the vertical speed of a ball rolling along the ground
    pull = -_ROLL_PULL * g * climb / (speed * root) if speed > 0.0 else 0.0
    down = -_ROLL_PULL * g / root
    r = body.radius
    # where a ball resting here has its centre: on the slab's plane, h + R·sqrt(1 + |∇h|²)
    centre = (h + gx * (px / BULLET_UNIT - x0) + gy * (py / BULLET_UNIT - y0)) * BULLET_UNIT + r * root
    aloft = pz - centre > _OFF_GROUND or abs(vz - climb) > rest + _SLAB_TILT * speed
    wx, wy, wz = w
    drill = _drill(body, wx * nx + wy * ny + wz * nz, nx, ny, nz, g, tick_s)
    # the contact point's velocity, v + w × (-r n), and its part along the ground (the spin about n adds none)
    ux, uy, uz = vx - r * (wy * nz - wz * ny), vy - r * (wz * nx - wx * nz), vz - r * (wx * ny - wy * nx)
    un = ux * nx + uy * ny + uz * nz
    slip = math.sqrt((ux - un * nx) ** 2 + (uy - un * ny) ** 2 + (uz - un * nz) ** 2)
    return aloft, held, pull, slip, drill, (down * gx, down * gy)
