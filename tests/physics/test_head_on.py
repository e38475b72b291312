"""The 1-D law of a full hit followed through (``head_on``), on plain data."""

from __future__ import annotations

import pytest

from game.physics.head_on import head_on_travel, hit_1d, hit_with_spin
from game.physics.impulse_law import Ball, head_on_speeds
from game.physics.materials import GLASS, LEAD, MARBLE_MASS, SUN_MASS
from game.physics.motion import REST, BallState, Ground, flick, time_to_cover, travel_m
from game.rules.layout import Layout

R, RS = Layout().marble_radius, Layout().sun_radius
TAW, SUN = Ball(MARBLE_MASS, GLASS.restitution, GLASS.friction), Ball(SUN_MASS, LEAD.restitution, LEAD.friction)
ON_GLASS = Ground(R, GLASS.sliding_friction, GLASS.rolling_resistance)
ON_LEAD = Ground(RS, LEAD.sliding_friction, LEAD.rolling_resistance)


def test_a_hit_keeps_the_momentum_and_parts_the_balls_at_the_restitution_s_share():
    va, vb = hit_1d(2.0, 0.5, TAW, SUN)
    assert TAW.mass_kg * va + SUN.mass_kg * vb == pytest.approx(TAW.mass_kg * 2.0 + SUN.mass_kg * 0.5)
    assert vb - va == pytest.approx(TAW.restitution * SUN.restitution * 1.5)
    assert hit_1d(1.0, 0.0, TAW, SUN) == pytest.approx(head_on_speeds(1.0, TAW, SUN))


def test_an_unspun_sliding_taw_strikes_once_and_the_law_is_the_single_hit_s():
    gap = 0.002   # it arrives sliding, all but unspun, and bounces back off the heavier Sun
    taw = BallState(1.0, 0.0)
    single = travel_m(head_on_speeds(time_to_cover(taw, ON_GLASS, gap)[1].vx_mps, TAW, SUN)[1], ON_LEAD)
    # within 1%: the earth spins the taw a little on its way, and the hit's friction turns the Sun a hair with it
    assert head_on_travel(taw, ON_GLASS, TAW, SUN, ON_LEAD, gap) == pytest.approx(single, rel=0.01)


def test_a_topspun_taw_follows_and_strikes_the_sun_again_so_it_goes_farther_than_one_hit_sends_it():
    gap = 0.1 - R - RS
    taw = flick(3.8, 0.0, 1.0, R)
    single = travel_m(head_on_speeds(time_to_cover(taw, ON_GLASS, gap)[1].vx_mps, TAW, SUN)[1], ON_LEAD)
    assert head_on_travel(taw, ON_GLASS, TAW, SUN, ON_LEAD, gap) > 1.15 * single


def test_the_hit_s_friction_takes_topspin_from_the_taw_and_the_earth_holds_most_of_the_sun_s_turn():
    taw = BallState(2.0, 0.0, 0.0, 2.0 / R)   # rolling: its front slides down past the still Sun
    after_taw, after_sun = hit_with_spin(taw, REST, TAW, SUN, ON_GLASS, ON_LEAD)
    assert 0.0 < after_taw.wy_radps < taw.wy_radps
    free_turn = (taw.wy_radps - after_taw.wy_radps) * TAW.mass_kg * R / (SUN.mass_kg * RS)
    assert after_sun.wy_radps == pytest.approx(-free_turn * (1.0 - LEAD.sliding_friction))
