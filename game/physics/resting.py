"""Rolling on the packed earth and coming to rest: the control tick's work on moving bodies.

Rolling resistance is ours (there is no ground in the world): every control
tick a moving body's horizontal speed drops by ``mu_r * g * tick``, and once
it is below that the body is zeroed and put to sleep, which also makes it
stop costing Bullet and us anything.  Only the moving bodies are visited.
"""

from __future__ import annotations

import math
from typing import Mapping

from game.physics.bodies import Point
from game.physics.grazes import Paths
from game.physics.units import BULLET_UNIT
from game.physics.world import ZERO, Body, Mirror, sleep


def roll_moving(moving: dict[str, Body], mirror: Mirror, play_radius2: float, paths: Paths, now: int,
                h: float) -> list[tuple[str, Point]]:
    """Slow every moving body by one tick of rolling resistance; the bodies beyond the circle.

    Bodies that stop leave ``moving``, and the mirror gets where they
    stopped; ``play_radius2`` is the squared play radius in Bullet units.
    ``paths`` gets each body's new straight path from substep ``now``
    (``h`` the substep): Bullet is one substep ahead of the node, at the
    velocity it held before this tick.
    """
    z = mirror.z
    rows = mirror.rows
    starts = paths.starts
    slowed: list[tuple[str, float, float, float, float, float]] = []
    out: list[tuple[str, Point]] = []
    # Locals and plain tuples for Panda's vectors: this runs every tick for
    # every mover (the values and their conversion to Bullet's floats are
    # the same as with Vec3).
    for bid, body in list(moving.items()):
        node = body.node
        v = node.getLinearVelocity()
        vx = v[0]
        vy = v[1]
        s2 = vx * vx + vy * vy
        dv = body.decel
        p = node.getTransform().getPos()
        px = p[0]
        py = p[1]
        path = starts.get(bid)
        if path is not None and path[0] == now:
            bx, by = path[1], path[2]   # a hit set its velocity after Bullet's last substep
        else:
            bx, by = px + vx * h, py + vy * h
        if s2 <= dv * dv:
            node.setLinearVelocity(ZERO)
            sleep(body)
            del moving[bid]
            paths.set(bid, now, bx, by, 0.0, 0.0)
            # A body stopped now stays where Bullet is, a substep ahead of its node.
            z[rows[bid]] = complex(bx, by)
        else:
            s = math.sqrt(s2)
            f = 1.0 - dv / s
            node.setLinearVelocity((vx * f, vy * f, 0.0))
            slowed.append((bid, now, bx, by, vx * f * h, vy * f * h))
        if px * px + py * py > play_radius2:
            out.append((bid, (float(px) / BULLET_UNIT, float(py) / BULLET_UNIT)))
    paths.slow(slowed)
    return out


def still_moving(bodies: Mapping[str, Body], rest_speed: float, moving: dict[str, Body]) -> None:
    """Add to ``moving`` every body faster than ``rest_speed`` (m/s): the check before declaring rest.

    Rolling resistance zeroes speeds exactly, so this normally finds none; it
    guards the rest event against a body set moving that the scan never saw.
    """
    limit2 = (rest_speed * BULLET_UNIT) ** 2
    for bid, body in bodies.items():
        v = body.node.getLinearVelocity()
        if v[0] * v[0] + v[1] * v[1] > limit2:
            moving[bid] = body


def stop(bodies: Mapping[str, Body], asleep: bool) -> None:
    """Zero every body's velocity, and put them to sleep if ``asleep``."""
    for body in bodies.values():
        body.node.setLinearVelocity(ZERO)
        if asleep:
            sleep(body)


def sleep_idle(bodies: Mapping[str, Body], moving: Mapping[str, Body]) -> None:
    """Put back to sleep bodies Bullet woke (an island touched a mover) that never moved.

    Bullet merges islands through overlapping bounding boxes, so a taw
    touching one ball of a cluster wakes the cluster, which would otherwise
    stay awake (and cost Bullet time) until the shot ends.
    """
    for bid, body in bodies.items():
        if bid not in moving and body.node.isActive():
            sleep(body)
