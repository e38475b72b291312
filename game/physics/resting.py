"""Sliding and rolling on the packed earth and coming to rest: the control tick's work on moving bodies.

The ground is ours (there is none in the world): every control tick each
moving body's motion (``motion.py``: sliding, rolling, rest, exact) is
followed to the tick and Bullet is given the chord to the next one; a body
whose motion has stopped is zeroed and put to sleep, which also makes it
stop costing Bullet and us anything.  Only the moving bodies are visited.
"""

from __future__ import annotations

from typing import Mapping

from game.physics.materials import Point
from game.physics.grazes import Paths
from game.physics.motion import REST, BallState, evolve
from game.physics.units import BULLET_UNIT
from game.physics.world import ZERO, Body, Mirror, sleep


def move_moving(moving: dict[str, Body], mirror: Mirror, play_radius2: float, paths: Paths, now: int,
                h: float, t_now: float, tick: float, stepped: bool) -> tuple[list[tuple[str, Point]], list[str]]:
    """Set every moving body on the chord of its motion over the coming tick; the bodies beyond the circle.

    Each body's state at ``t_now`` (s) follows exactly from the one it had at
    ``state_t`` (``motion.evolve``); Bullet moves it over the next tick at the
    constant velocity that ends it where that motion does.  Bodies whose
    motion has stopped leave ``moving`` and the mirror gets where they
    stopped; ``play_radius2`` is the squared play radius in Bullet units.
    ``paths`` gets each body's new straight path from substep ``now`` (``h``
    the substep): if Bullet ``stepped`` the tick's end it is one substep
    ahead of the node, at the velocity it held before this tick; after a
    glide (``glide.py``) it is where the node is.  Also returned: the bodies
    whose paths turned or sped up (``_turns``), whose graze candidates must
    be looked for again.
    """
    z = mirror.z
    rows = mirror.rows
    starts = paths.starts
    slowed: list[tuple[str, float, float, float, float, float]] = []
    out: list[tuple[str, Point]] = []
    turned: list[str] = []
    scale = BULLET_UNIT / tick
    lag = h if stepped else 0.0
    for bid, body in list(moving.items()):
        node = body.node
        v = node.getLinearVelocity()
        vx = v[0]
        vy = v[1]
        p = node.getTransform().getPos()
        px = p[0]
        py = p[1]
        path = starts.get(bid)
        if path is not None and path[0] == now:
            bx, by = path[1], path[2]   # a hit set its velocity after Bullet's last substep
        else:
            bx, by = px + vx * lag, py + vy * lag
        ground = body.ground
        if body.state is REST and (vx or vy):
            # Set moving by Bullet alone (a push): it slides off unspun.
            body.state = BallState(vx / BULLET_UNIT, vy / BULLET_UNIT)
            body.state_t = t_now
        state = evolve(body.state, ground, t_now - body.state_t)[2] if t_now != body.state_t else body.state
        dx, dy, _after = evolve(state, ground, tick)
        body.state = state
        body.state_t = t_now
        if dx == 0.0 and dy == 0.0:
            node.setLinearVelocity(ZERO)
            sleep(body)
            del moving[bid]
            body.state = REST
            paths.set(bid, now, bx, by, 0.0, 0.0)
            # A body stopped now stays where Bullet is, a substep ahead of its node.
            z[rows[bid]] = complex(bx, by)
        else:
            cx = dx * scale
            cy = dy * scale
            node.setLinearVelocity((cx, cy, 0.0))
            if path is None or _turns(path[3], path[4], cx * h, cy * h):
                paths.set(bid, now, bx, by, cx * h, cy * h)
                turned.append(bid)
            else:
                slowed.append((bid, now, bx, by, cx * h, cy * h))
        if px * px + py * py > play_radius2:
            out.append((bid, (float(px) / BULLET_UNIT, float(py) / BULLET_UNIT)))
    paths.slow(slowed)
    return out, turned


def _turns(ox: float, oy: float, nx: float, ny: float) -> bool:
    """Does a path of velocity (nx, ny) leave the straight, slowing line of (ox, oy)?

    The graze candidates kept for a mover hold only while it keeps its
    line and slows; a curving slide, the turn into a roll along a new line
    or a speeding-up (topspin beyond rolling) must look again.
    """
    old2 = ox * ox + oy * oy
    new2 = nx * nx + ny * ny
    if new2 > old2 or ox * nx + oy * ny <= 0.0:
        return True
    cross = ox * ny - oy * nx
    return cross * cross > 1e-18 * old2 * new2


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
    """Zero every body's velocity and spin, and put them to sleep if ``asleep``."""
    for body in bodies.values():
        body.node.setLinearVelocity(ZERO)
        body.state = REST
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
