"""The control tick between two ``doPhysics`` calls: rolling resistance, coming to rest, leaving the circle.

Bullet has no rolling friction in Panda3D 1.10's wrapper, so a ball rolls
on the plane for ever.  Rolling resistance is a torque we apply to each
rolling ball for the next call (Bullet keeps a torque through the call's
substeps and clears it after): ``7/5 mu_r m g R`` against its spin, which
with the ground's friction holding the roll slows it at exactly
``mu_r g``.  A sliding ball gets none: Bullet's contact friction alone turns
its slide into a roll.  In the tick a ball would stop, the torque is scaled
so that it stops at the tick's end; a rolling ball slower than
``rest_speed``, or than half of what the torque takes off in a call, is
stopped and put to sleep.  Only awake bodies are visited.
"""

from __future__ import annotations

import math
from typing import Mapping

from panda3d.core import Vec3

from game.physics.materials import Point
from game.physics.units import BULLET_UNIT
from game.physics.world import Body, sleep

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


def control_tick(bodies: Mapping[str, Body], gravity_mps2: float, substep_s: float, tick_s: float,
                 rest_speed_mps: float,
                 play_radius2_mm2: float, slept: list[str]) -> tuple[bool, list[tuple[str, Point]]]:
    """Apply rolling resistance for the next call and stop the balls at rest (their ids go to ``slept``).

    Returned: whether any body still moves, and the bodies beyond the play
    circle (squared radius in Bullet units) with where they are (metres).
    """
    g = gravity_mps2 * BULLET_UNIT
    rest = rest_speed_mps * BULLET_UNIT
    moving = False
    out: list[tuple[str, Point]] = []
    for bid, body in bodies.items():
        node = body.node
        if not node.isActive():
            continue
        p = node.getTransform().getPos()
        if p[0] * p[0] + p[1] * p[1] > play_radius2_mm2:
            out.append((bid, (float(p[0]) / BULLET_UNIT, float(p[1]) / BULLET_UNIT)))
            continue
        v = node.getLinearVelocity()
        w = node.getAngularVelocity()
        vx, vy = v[0], v[1]
        r = body.radius
        material = body.spec.material
        decel = material.rolling_resistance * g
        speed = math.hypot(vx, vy)
        if p[2] > r + _OFF_GROUND or abs(v[2]) > rest:
            moving = True    # in the air after a hop: gravity and the ground act first
            continue
        if math.hypot(vx - r * w[1], vy + r * w[0]) >= _SLIP + 3.5 * decel * substep_s + ROLL_SLIP_SHARE * speed:
            moving = True    # sliding: Bullet's friction acts
            continue
        if speed < rest or speed < 0.5 * decel * tick_s:
            sleep(body)   # it would stop in the first half of the next call
            slept.append(bid)
            continue
        moving = True
        scale = 1.0 if speed > decel * tick_s else speed / (decel * tick_s)
        torque = _ROLL_TORQUE * material.rolling_resistance * body.spec.mass * g * r * scale / speed
        node.applyTorque(Vec3(torque * vy, -torque * vx, 0.0))
    return moving, out
