"""Our side of the comparison with pooltool: each shot of the standard set in our Bullet world and in our closed form.

* **Bullet** (``Simulation``, the game's own world): the shot is played
  twice.  Once as the game steps it (8 substeps a call) to where every ball
  rests; once a substep a call to read each ball's velocity once the first
  hit is done (``bullet_hit``: Bullet's ground friction has acted on it for
  that substep, 8 mm/s for glass).  The play circle is widened so that no
  flick leaves it.
* **The closed form**: the taw slides and rolls by ``motion.evolve`` to the
  touch, the hit is ``impulse_law.rolling_spheres_impulse`` (which keeps
  each ball's spin whole and gives the struck ball none), and each ball then
  goes by ``motion.evolve`` to rest.
"""

from __future__ import annotations

import math
from typing import Mapping

from game.physics import PhysicsConfig, Simulation
from game.physics.impulse_law import rolling_spheres_impulse
from game.physics.materials import BodySpec
from game.physics.motion import BallState, evolve, flick, time_to_cover
from game.rules.events import Contact
from tools.pooltool_cases import SUN, TAW, Group, Launch, Outcome, Shot, ball_of, ground_of

# Room for the longest flick of the set (a rolling taw at the cap: 12.3 m).
PLAY_RADIUS = 16.0


def configs() -> tuple[PhysicsConfig, PhysicsConfig]:
    """The game's stepping with a wide circle, and the same a substep a call (to read a hit's aftermath)."""
    game = PhysicsConfig(play_radius=PLAY_RADIUS)
    return game, PhysicsConfig(play_radius=PLAY_RADIUS, substeps_per_call=1)


def _world(shot: Shot, bodies: Mapping[str, BodySpec], config: PhysicsConfig) -> Simulation:
    sim = Simulation(shot.specs(bodies), config)
    sim.shoot(TAW, (shot.speed, 0.0), shot.spin)
    return sim


def bullet_rest(shot: Shot, bodies: Mapping[str, BodySpec], config: PhysicsConfig) -> dict[str, tuple[float, float]]:
    """Where every ball rests after the shot, stepped as the game steps it."""
    with _world(shot, bodies, config) as sim:
        return dict(sim.run_to_rest().positions)


# Substeps after the first touch in which Bullet may still be pushing the
# balls apart: a hit is often solved over two substeps.
_HIT_SUBSTEPS = 8


def bullet_hit(shot: Shot, bodies: Mapping[str, BodySpec], fine: PhysicsConfig) -> tuple[dict[str, BallState], float]:
    """Every ball's state once Bullet's first hit is done, and the struck ball's spin about the vertical then.

    Played a substep a call.  Bullet solves a hit over one or two
    substeps, so the hit is done at the substep where the struck ball is
    fastest: after it only the ground's friction acts, and slows it.  The
    spin about the vertical (which ``motions()`` leaves out) is read from
    two later poses; nothing changes it on the level plane.
    """
    with _world(shot, bodies, fine) as sim:
        events: list[object] = []
        sim.bus.subscribe(events.append)
        while not any(isinstance(e, Contact) for e in events):
            if sim.advance(fine.call):
                raise RuntimeError(f"{shot.name}: the taw never touched the ball it was aimed at")
        states, turns = [], []
        for _ in range(_HIT_SUBSTEPS):
            states.append(sim.motions())
            ids, poses = sim.poses()
            turns.append(tuple(poses[ids.index(shot.struck), 3:7]))
            sim.advance(fine.call)
        done = max(range(_HIT_SUBSTEPS - 2), key=lambda k: states[k][shot.struck].speed_mps)
        return states[done], _spin_about_z(turns[-2], turns[-1], fine.substep)


def _spin_about_z(q1: tuple[float, ...], q2: tuple[float, ...], h: float) -> float:
    """The spin about the vertical (rad/s) that turned a ball from orientation ``q1`` to ``q2`` (w, x, y, z) in ``h`` s."""
    w1, x1, y1, z1 = q1
    w2, x2, y2, z2 = q2
    # the turn q2 q1^-1, by the Hamilton product
    dw = w2 * w1 + x2 * x1 + y2 * y1 + z2 * z1
    dx = -w2 * x1 + x2 * w1 - y2 * z1 + z2 * y1
    dy = -w2 * y1 + x2 * z1 + y2 * w1 - z2 * x1
    dz = -w2 * z1 - x2 * y1 + y2 * x1 + z2 * w1
    s = math.sqrt(dx * dx + dy * dy + dz * dz)
    if s == 0.0:
        return 0.0
    angle = 2.0 * math.atan2(s, dw)
    return angle * dz / s / h


def sun_launch(shot: Shot, bodies: Mapping[str, BodySpec], after: BallState, spin_z: float) -> Launch:
    """The Sun's place and state once Bullet's hit is done (its spin about the vertical measured apart)."""
    return Launch(shot.struck_at(bodies), (after.vx_mps, after.vy_mps), (after.wx_radps, after.wy_radps, spin_z))


def bullet_outcome(shot: Shot, bodies: Mapping[str, BodySpec]) -> tuple[Outcome, Launch | None]:
    """Bullet's outcome of ``shot``, and for a shot at the Sun the Sun's state just after the hit."""
    game, fine = configs()
    outcome = Outcome(bullet_rest(shot, bodies, game))
    if shot.struck is None:
        return outcome, None
    after, spin_z = bullet_hit(shot, bodies, fine)
    outcome.after = {bid: (s.vx_mps, s.vy_mps) for bid, s in after.items()}
    launch = sun_launch(shot, bodies, after[SUN], spin_z) if shot.group is Group.SUN else None
    return outcome, launch


def _state_after(state: BallState, ground, distance: float) -> BallState:   # ground: motion.Ground
    """The state of a ball set off in ``state`` once it has gone ``distance`` (``motion.time_to_cover``)."""
    when, after = time_to_cover(state, ground, distance)
    if math.isinf(when):
        raise ValueError("the taw rests before it reaches the ball")
    return after


def closed_outcome(shot: Shot, bodies: Mapping[str, BodySpec], gravity: float) -> Outcome:
    """The closed form's outcome of ``shot`` (the module's docstring)."""
    taw = bodies[TAW]
    taw_ground = ground_of(taw, gravity)
    start = flick(shot.speed, 0.0, shot.spin, taw.radius)
    if shot.struck is None:
        dx, dy, _ = evolve(start, taw_ground, math.inf)
        return Outcome({TAW: (dx, dy)})
    struck = bodies[shot.struck]
    arrive = _state_after(start, taw_ground, shot.run_up)
    sx, sy = shot.struck_at(bodies)
    reach = taw.radius + struck.radius
    nx, ny = (shot.run_up - sx) / reach, (0.0 - sy) / reach   # from the struck ball to the taw
    closing = arrive.vx_mps * nx + arrive.vy_mps * ny
    # the taw's surface at the touch (at -R n from its centre) moves up or down with its spin; the struck ball's is still
    spin_slip = -taw.radius * (arrive.wx_radps * ny - arrive.wy_radps * nx)
    imp = rolling_spheres_impulse(closing, nx, ny, arrive.vx_mps, arrive.vy_mps, ball_of(taw), ball_of(struck),
                                  spin_slip)
    taw_after = BallState(arrive.vx_mps + imp.x_Ns / taw.mass, arrive.vy_mps + imp.y_Ns / taw.mass,
                          arrive.wx_radps, arrive.wy_radps)
    struck_after = BallState(-imp.x_Ns / struck.mass, -imp.y_Ns / struck.mass)
    tdx, tdy, _ = evolve(taw_after, taw_ground, math.inf)
    bdx, bdy, _ = evolve(struck_after, ground_of(struck, gravity), math.inf)
    return Outcome({TAW: (shot.run_up + tdx, tdy), shot.struck: (sx + bdx, sy + bdy)},
                   {TAW: (taw_after.vx_mps, taw_after.vy_mps), shot.struck: (struck_after.vx_mps, struck_after.vy_mps)})
