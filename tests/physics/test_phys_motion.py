"""Real marble motion against the textbook: sliding, rolling, follow-through, the stop shot, the cut, energy."""

from __future__ import annotations

import math

import pytest

from game.physics import GLASS, LEAD, MARBLE_MASS, SUN_MASS
from game.physics.config import GRAVITY
from game.physics.resolver import Ball, rolling_spheres_impulse
from game.physics.motion import REST, BallState, Ground, Phase, evolve, flick, phase, time_to_roll
from stress.physics_fuzz import build_case
from game.rules.layout import taw_id
from tests.physics.physics_kit import CAP, CONFIG, LAYOUT, world

R = LAYOUT.marble_radius
G_GLASS = Ground(R, GLASS.sliding_friction, GLASS.rolling_resistance, GRAVITY)
G_LEAD = Ground(LAYOUT.sun_radius, LEAD.sliding_friction, LEAD.rolling_resistance, GRAVITY)
E_GLASS = GLASS.restitution ** 2


def _energy(states: dict[str, BallState]) -> float:
    total = 0.0
    for bid, s in states.items():
        m, r = (SUN_MASS, LAYOUT.sun_radius) if bid == "sun" else (MARBLE_MASS, R)
        total += 0.5 * m * (s.vx_mps ** 2 + s.vy_mps ** 2) + 0.2 * m * r * r * (s.wx_radps ** 2 + s.wy_radps ** 2)
    return total


@pytest.mark.parametrize("v", [0.5, 1.5, CAP])
def test_a_plain_flick_slides_12v2_over_49_mu_g_then_rolls_at_five_sevenths(v: float) -> None:
    start = flick(v, 0.0, 0.0, R)
    mu_g = GLASS.sliding_friction * GRAVITY
    t_roll = time_to_roll(start, G_GLASS)
    assert t_roll == pytest.approx(2 * v / (7 * mu_g))
    dx, dy, rolling = evolve(start, G_GLASS, t_roll)
    assert dx == pytest.approx(12 * v * v / (49 * mu_g)) and dy == 0.0
    assert rolling.vx_mps == pytest.approx(5 / 7 * v)
    assert phase(rolling, G_GLASS) is Phase.ROLLING
    assert phase(evolve(start, G_GLASS, 0.5 * t_roll)[2], G_GLASS) is Phase.SLIDING


def test_a_flick_launched_rolling_never_slides_and_stops_at_v2_over_2_mu_r_g() -> None:
    start = flick(1.0, 0.0, 1.0, R)
    assert time_to_roll(start, G_GLASS) == 0.0
    dx, _dy, end = evolve(start, G_GLASS, 10.0)
    assert dx == pytest.approx(1.0 / (2 * GLASS.rolling_resistance * GRAVITY))
    assert end is REST


def test_a_lone_taw_in_the_world_stops_where_the_motion_says() -> None:
    for v, spin in ((1.0, 0.0), (2.0, -1.0), (0.7, 1.0), (CAP, 0.5)):
        taw = (-1.2, 0.5)
        sim, _rec = world({"sun": (0.0, 0.0), "mars.taw": taw})
        with sim:
            sim.shoot("mars.taw", (v, 0.0), spin=spin)
            rest = sim.run_to_rest()
        expected = evolve(flick(v, 0.0, spin, R), G_GLASS, 60.0)[0]
        x, y = rest.positions.get("mars.taw", (math.inf, 0.0))
        if taw[0] + expected < LAYOUT.play_radius - 0.05:
            assert x - taw[0] == pytest.approx(expected, abs=1e-3), (v, spin)
            assert y == pytest.approx(taw[1], abs=1e-6)


def _hit(spots: dict[str, tuple[float, float]], shooter: str, velocity: tuple[float, float], spin: float):
    """Shoot; step to the first contact; return the sim, recorder and that contact."""
    sim, rec = world(spots)
    sim.shoot(shooter, velocity, spin=spin)
    while not rec.of("contact"):
        assert not sim.advance(CONFIG.call), "the shot came to rest without a hit"
    return sim, rec, rec.of("contact")[0]


def _state_at(sim, body: str, t: float, ground: Ground, after_hit: BallState) -> tuple[BallState, BallState]:
    """The body's motion as the world holds it, and the textbook state after the hit evolved to the same time."""
    t_ref, state = sim.motion(body)
    return state, evolve(after_hit, ground, t_ref - t)[2] if t_ref > t else after_hit


def test_a_rolling_taw_striking_a_marble_full_on_follows_it_at_about_two_sevenths() -> None:
    spots = {"mars": (0.0, 0.0), "earth.taw": (-0.3, 0.0), "sun": (1.0, 1.0)}
    sim, _rec, hit = _hit(spots, "earth.taw", (1.5, 0.0), spin=1.0)
    with sim:
        v_in = evolve(flick(1.5, 0.0, 1.0, R), G_GLASS, hit.t)[2]
        taw_after = BallState((1 - E_GLASS) / 2 * v_in.vx_mps, 0.0, v_in.wx_radps, v_in.wy_radps)
        held, expected = _state_at(sim, "earth.taw", hit.t, G_GLASS, taw_after)
        assert held.vx_mps == pytest.approx(expected.vx_mps, rel=0.01, abs=1e-3)
        assert held.wy_radps == pytest.approx(expected.wy_radps, rel=0.01)
        # Once it rolls again: 2/7 of the speed it came in with, plus 5/7 of what the hit left it.
        rolling = evolve(taw_after, G_GLASS, time_to_roll(taw_after, G_GLASS))[2]
        assert rolling.vx_mps == pytest.approx(v_in.vx_mps * (2 / 7 + 5 / 7 * (1 - E_GLASS) / 2))
        rest = sim.run_to_rest()
    touch_x = -2 * R
    assert rest.positions["earth.taw"][0] - touch_x > 0.05   # it followed through


def test_a_sliding_taw_striking_a_marble_full_on_stops_dead() -> None:
    spots = {"mars": (0.0, 0.0), "earth.taw": (-2 * R - 0.001, 0.0), "sun": (1.0, 1.0)}
    sim, _rec, hit = _hit(spots, "earth.taw", (2.0, 0.0), spin=0.0)
    with sim:
        v_in = evolve(flick(2.0, 0.0, 0.0, R), G_GLASS, hit.t)[2]
        rest = sim.run_to_rest()
    # Struck to (1 - e)/2 of its speed with the little spin 1 mm of sliding gave it: a few mm on.
    left = BallState((1 - E_GLASS) / 2 * v_in.vx_mps, 0.0, v_in.wx_radps, v_in.wy_radps)
    on = evolve(left, G_GLASS, 60.0)[0]
    assert on < 0.006
    assert rest.positions["earth.taw"][0] - (-2 * R) == pytest.approx(on, abs=1e-3)   # the stop shot
    assert rest.positions["mars"][0] > 0.3


def _final_heading(spots, shooter, velocity, spin) -> tuple[float, float, float]:
    """The shooter's and the struck ball's directions of travel (degrees) over their last rolling frames, and the hit's time."""
    sim, rec = world(spots)
    track: dict[str, list[tuple[float, float]]] = {}

    def on_frame(_t, ids, poses):
        for i, bid in enumerate(ids):
            track.setdefault(bid, []).append((float(poses[i, 0]), float(poses[i, 1])))

    with sim:
        sim.shoot(shooter, velocity, spin=spin)
        sim.run_to_rest(on_frame=on_frame)

    def heading(bid: str) -> float:
        points = [p for p, q in zip(track[bid], track[bid][1:]) if p != q]
        (x0, y0), (x1, y1) = points[-12], points[-2]
        return math.degrees(math.atan2(y1 - y0, x1 - x0))

    return heading(shooter), heading("mars"), rec.of("contact")[0].t


def _cut(v_in: BallState) -> tuple[float, float]:
    """The textbook departure (degrees) of a taw and a resting marble after a half-ball hit, once both roll."""
    ball = Ball(MARBLE_MASS, R * 1000, GLASS.restitution, GLASS.friction)
    nx, ny = -math.cos(math.radians(30)), math.sin(math.radians(30))   # from the marble to the taw
    w = (v_in.vx_mps * 1000, v_in.vy_mps * 1000)
    imp = rolling_spheres_impulse(w[0] * nx + w[1] * ny, nx, ny, w[0], w[1], ball, ball)
    taw = BallState(v_in.vx_mps + imp.x_mNs / MARBLE_MASS / 1000, v_in.vy_mps + imp.y_mNs / MARBLE_MASS / 1000,
                    v_in.wx_radps, v_in.wy_radps)
    marble = BallState(-imp.x_mNs / MARBLE_MASS / 1000, -imp.y_mNs / MARBLE_MASS / 1000)
    headings = []
    for state in (taw, marble):
        rolling = evolve(state, G_GLASS, time_to_roll(state, G_GLASS))[2]
        headings.append(math.degrees(math.atan2(rolling.vy_mps, rolling.vx_mps)))
    return headings[0], headings[1]


def test_a_rolling_cut_taw_curves_forward_to_about_thirty_degrees_and_a_sliding_one_leaves_square() -> None:
    # A half-ball hit: the taw's line passes one radius from the marble's centre (a 30 degree cut).
    spots = {"mars": (0.0, 0.0), "earth.taw": (-0.25, R), "sun": (1.0, 1.0)}
    taw_rolling, ball_rolling, t_hit = _final_heading(spots, "earth.taw", (1.5, 0.0), 1.0)
    expected_taw, expected_ball = _cut(evolve(flick(1.5, 0.0, 1.0, R), G_GLASS, t_hit)[2])
    # The marble leaves along the line of centres (-30), thrown a few degrees by the balls' friction.
    assert ball_rolling == pytest.approx(expected_ball, abs=0.5) and -30.0 < ball_rolling < -23.0
    assert taw_rolling == pytest.approx(expected_taw, abs=0.5)
    assert 25.0 <= taw_rolling <= 35.0   # pool's 30 degree rule
    near = {"mars": (0.0, 0.0), "earth.taw": (-2 * R * math.cos(math.radians(30)) - 0.001, R), "sun": (1.0, 1.0)}
    taw_sliding, ball_sliding, t_hit = _final_heading(near, "earth.taw", (1.5, 0.0), 0.0)
    expected_taw, expected_ball = _cut(evolve(flick(1.5, 0.0, 0.0, R), G_GLASS, t_hit)[2])
    assert taw_sliding == pytest.approx(expected_taw, abs=0.5)
    # Square to the marble's line, less what e < 1 leaves along it and the throw: far from the rolling 30.
    assert 75.0 < taw_sliding - ball_sliding < 95.0


def test_glass_on_the_lead_sun_moves_the_27_gram_sun_at_the_1d_law() -> None:
    spots = {"sun": (0.0, 0.0), "earth.taw": (-0.3, 0.0)}
    sim, _rec, hit = _hit(spots, "earth.taw", (CAP, 0.0), spin=0.0)
    with sim:
        v_in = evolve(flick(CAP, 0.0, 0.0, R), G_GLASS, hit.t)[2].vx_mps
        e = GLASS.restitution * LEAD.restitution
        m1, m2 = MARBLE_MASS, SUN_MASS
        assert hit.impulse == pytest.approx(m1 * m2 / (m1 + m2) * (1 + e) * v_in, rel=1e-3)
        sun_after = BallState(m1 * (1 + e) / (m1 + m2) * v_in, 0.0)
        held, expected = _state_at(sim, "sun", hit.t, G_LEAD, sun_after)
        assert held.vx_mps == pytest.approx(expected.vx_mps, rel=1e-3)
        taw_state = sim.motions()["earth.taw"]
        assert taw_state.vx_mps < 0.0   # glass bounces back off lead
        rest = sim.run_to_rest()
    # Struck unspun, the Sun slides, then rolls: it stops where its motion says (to the chord's few mm).
    travel = evolve(sun_after, G_LEAD, 60.0)[0]
    assert rest.positions["sun"][0] == pytest.approx(travel, abs=4e-3)
    assert 0.12 < travel < 0.25


@pytest.mark.parametrize("seed", range(0, 60, 4))
def test_energy_never_grows_through_a_shot(seed: int) -> None:
    case = build_case(seed, CAP)
    sim, rec = world(case.table)
    energies: list[float] = []
    with sim:
        sim.shoot(taw_id(case.shooter), (case.speed * math.cos(math.radians(case.direction)),
                                          case.speed * math.sin(math.radians(case.direction))),
                  spin=((seed % 5) - 2) / 2)
        while not sim.advance(CONFIG.call):
            energies.append(_energy(sim.motions()))
    assert energies[0] > 0.0
    for before, after in zip(energies, energies[1:]):
        assert after <= before * (1 + 1e-9) + 1e-12
