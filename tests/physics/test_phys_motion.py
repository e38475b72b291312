"""Real marble motion against the textbook: sliding, rolling, follow-through, the stop shot, the cut, energy."""

from __future__ import annotations

import math

import pytest

from game.physics import GLASS, LEAD, MARBLE_MASS, SUN_MASS
from game.physics.config import GRAVITY
from game.physics.impulse_law import Ball, rolling_spheres_impulse
from game.physics.motion import REST, BallPhase, BallState, Ground, evolve, flick, phase, time_to_cover, time_to_roll
from tests.physics.physics_kit import CAP, LAYOUT

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
    assert phase(rolling, G_GLASS) is BallPhase.ROLLING
    assert phase(evolve(start, G_GLASS, 0.5 * t_roll)[2], G_GLASS) is BallPhase.SLIDING


def test_a_flick_launched_rolling_never_slides_and_stops_at_v2_over_2_mu_r_g() -> None:
    start = flick(1.0, 0.0, 1.0, R)
    assert time_to_roll(start, G_GLASS) == 0.0
    dx, _dy, end = evolve(start, G_GLASS, 10.0)
    assert dx == pytest.approx(1.0 / (2 * GLASS.rolling_resistance * GRAVITY))
    assert end is REST


def test_the_impulse_law_of_a_head_on_hit_conserves_momentum_and_loses_energy_by_e() -> None:
    glass = Ball(MARBLE_MASS, GLASS.restitution, GLASS.friction)
    imp = rolling_spheres_impulse(-1.0, 1.0, 0.0, -1.0, 0.0, glass, glass)
    assert imp.normal_Ns == pytest.approx(MARBLE_MASS / 2 * (1 + E_GLASS))
    va, vb = -1.0 + imp.x_Ns / MARBLE_MASS, -imp.x_Ns / MARBLE_MASS
    assert va + vb == pytest.approx(-1.0) and vb - va == pytest.approx(-E_GLASS)


def test_the_impulse_law_of_a_glancing_hit_takes_friction_against_the_sliding() -> None:
    glass = Ball(MARBLE_MASS, GLASS.restitution, GLASS.friction)
    # A moves along -x past B, meeting it along the normal (cos 60, sin 60).
    nx, ny = 0.5, math.sqrt(3) / 2
    imp = rolling_spheres_impulse(-0.5, nx, ny, -1.0, 0.0, glass, glass)
    # A's velocity (-1, 0) has a tangential part along (ny, -nx); friction on A pushes against it.
    tangential = imp.x_Ns * ny - imp.y_Ns * nx
    assert imp.normal_Ns > 0 and tangential > 0


def test_time_to_cover_inverts_evolve_and_is_infinite_past_the_rest() -> None:
    start = flick(2.0, 0.0, -0.5, R)
    t_roll = time_to_roll(start, G_GLASS)
    for t in (0.3 * t_roll, 2.0 * t_roll):
        dx, _dy, state = evolve(start, G_GLASS, t)
        when, after = time_to_cover(start, G_GLASS, dx)
        assert when == pytest.approx(t, rel=1e-9) and after.vx_mps == pytest.approx(state.vx_mps, rel=1e-9)
    reach = evolve(start, G_GLASS, math.inf)[0]
    assert time_to_cover(start, G_GLASS, reach * 1.001) == (math.inf, REST)
