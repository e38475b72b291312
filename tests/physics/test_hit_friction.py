"""The grip of two balls in a hit falls with their slide (``hit_friction``): the law on plain data."""

from __future__ import annotations

import math

import pytest

from game.physics.hit_friction import curve_terms, hit_friction, slip_share
from game.physics.impulse_law import Ball, rolling_spheres_impulse
from game.physics.materials import GLASS, LEAD, MARBLE_MASS, SUN_MASS

GLASS_BALL = Ball(MARBLE_MASS, GLASS.restitution, GLASS.friction)
SUN_BALL = Ball(SUN_MASS, LEAD.restitution, LEAD.friction)
CAP = 3.8


def test_a_pair_barely_sliding_keeps_its_own_grip_and_loses_nine_tenths_of_it_at_the_cap():
    assert slip_share(0.0) == 1.0
    assert hit_friction(0.09, 0.0) == pytest.approx(0.09)
    assert hit_friction(0.09, 1.0) == pytest.approx(0.09 * (9.951e-3 + 0.108 * math.exp(-1.088)) / 0.117951)
    assert 0.09 < slip_share(CAP) < 0.11
    shares = [slip_share(u / 10) for u in range(0, 60)]
    assert all(a > b for a, b in zip(shares, shares[1:]))   # the faster the slide, the less the grip
    assert slip_share(-2.0) == slip_share(2.0)


def test_the_curve_terms_are_alciatore_s_fit_scaled_to_the_pair_s_grip():
    a, b, c = curve_terms(0.09)
    for u in (0.0, 0.3, 1.0, 3.8):
        assert a + b * math.exp(-c * u) == pytest.approx(hit_friction(0.09, u), rel=1e-12)
    assert (a + b) == pytest.approx(0.09) and c == 1.088


def _lift_mm(taw: Ball, struck: Ball, spin_slip: float, lifted: Ball) -> float:
    """A full hit at the cap: how high Coulomb's law lets the friction throw ``lifted``, mu J / m up."""
    imp = rolling_spheres_impulse(-CAP, -1.0, 0.0, CAP, 0.0, taw, struck, spin_slip)
    mu = hit_friction(taw.friction * struck.friction, math.hypot(0.0, spin_slip))
    up = mu * imp.normal_Ns / lifted.mass_kg
    return up * up / (2 * 9.81) * 1000


def test_coulomb_s_bound_on_a_spun_hit_s_lift_at_the_cap_is_under_5_mm_with_the_grip_the_slide_leaves():
    # full backspin lifts the struck marble, full topspin the taw off a marble or the Sun (its front slides at ~3.8 m/s)
    assert _lift_mm(GLASS_BALL, GLASS_BALL, CAP, GLASS_BALL) < 0.2
    assert _lift_mm(GLASS_BALL, SUN_BALL, CAP, GLASS_BALL) < 0.5
    # with a constant grip (the planted fault: the slide ignored) the same bound is several millimetres
    constant = (0.09 * 0.96 * MARBLE_MASS * CAP / MARBLE_MASS) ** 2 / (2 * 9.81) * 1000
    assert constant > 5.0


def test_the_impulse_law_s_friction_acts_against_the_whole_slide_and_keeps_the_cut_s_throw_at_low_slide():
    nx, ny = -math.cos(math.radians(30)), math.sin(math.radians(30))
    closing = -math.cos(math.radians(30))
    unspun = rolling_spheres_impulse(closing, nx, ny, 1.0, 0.0, GLASS_BALL, GLASS_BALL)
    spun = rolling_spheres_impulse(closing, nx, ny, 1.0, 0.0, GLASS_BALL, GLASS_BALL, spin_slip_mps=2.0)
    # the same normal impulse; a slide out of the plane takes grip and share from the friction across it
    assert spun.normal_Ns == unspun.normal_Ns
    across = (unspun.x_Ns - unspun.normal_Ns * nx, unspun.y_Ns - unspun.normal_Ns * ny)
    across_spun = (spun.x_Ns - spun.normal_Ns * nx, spun.y_Ns - spun.normal_Ns * ny)
    assert 0.0 < math.hypot(*across_spun) < 0.5 * math.hypot(*across)
