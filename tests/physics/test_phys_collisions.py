"""Glass on lead, glass on glass: the struck body leaves as the 1-D laws say."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.physics import GLASS, LEAD, MARBLE_MASS, SUN_MASS
from tests.hypothesis_profiles import examples
from tests.physics.physics_kit import CAP, CONFIG, world


def _velocities_around_first_hit(spots, shooter, target, velocity):
    """Step tick by tick; return both bodies' velocities the tick before and after the first contact."""
    sim, rec = world(spots)
    sim.shoot(shooter, velocity)
    before = sim.velocities()
    while not rec.of("contact"):
        before = sim.velocities()
        assert not sim.advance(CONFIG.tick), "the shot came to rest without a hit"
    after = sim.velocities()
    return sim, rec, before, after


def test_a_taw_striking_the_resting_sun_head_on_follows_the_1d_collision_law() -> None:
    spots = {"sun": (0.0, 0.0), "earth.taw": (-0.3, 0.0)}
    sim, rec, before, after = _velocities_around_first_hit(spots, "earth.taw", "sun", (CAP, 0.0))
    v_in = before["earth.taw"][0]
    m1, m2 = MARBLE_MASS, SUN_MASS
    e = GLASS.restitution * LEAD.restitution
    sun_expected = m1 * (1 + e) / (m1 + m2) * v_in
    taw_expected = (m1 - e * m2) / (m1 + m2) * v_in
    # "after" is read after the control tick that followed the hit, which
    # took one tick's rolling resistance off each body.
    sun_after = after["sun"][0] + LEAD.rolling_resistance * CONFIG.gravity * CONFIG.tick
    taw_after = after["earth.taw"][0] - GLASS.rolling_resistance * CONFIG.gravity * CONFIG.tick
    assert sun_after == pytest.approx(sun_expected, rel=0.01)
    assert taw_after == pytest.approx(taw_expected, rel=0.03)
    assert abs(after["sun"][1]) < 1e-3
    # The Sun leaves at a small fraction of the taw's speed, and the taw bounces back.
    assert after["sun"][0] < 0.3 * v_in
    assert after["earth.taw"][0] < 0.0
    contact = rec.of("contact")[0]
    assert {contact.a, contact.b} == {"earth.taw", "sun"}
    j_expected = m1 * m2 / (m1 + m2) * (1 + e) * v_in
    assert contact.impulse == pytest.approx(j_expected, rel=0.03)


def test_glass_on_glass_head_on_passes_nearly_all_the_speed() -> None:
    spots = {"mars": (0.0, 0.0), "earth.taw": (0.0, -0.4)}
    sim, rec, before, after = _velocities_around_first_hit(spots, "earth.taw", "mars", (0.0, 2.0))
    v_in = before["earth.taw"][1]
    e = GLASS.restitution ** 2
    assert after["mars"][1] == pytest.approx((1 + e) / 2 * v_in, rel=0.03)
    assert after["earth.taw"][1] == pytest.approx((1 - e) / 2 * v_in, abs=0.03)


@settings(max_examples=examples(40))
@given(offset=st.floats(-0.9, 0.9), speed=st.floats(0.7, CAP))
def test_no_hit_creates_kinetic_energy_or_momentum(offset: float, speed: float) -> None:
    # An off-centre hit at any speed: the glancing impulse must not add energy.
    spots = {"mars": (0.0, 0.0), "earth.taw": (-0.2, offset * 0.016)}
    sim, rec, before, after = _velocities_around_first_hit(spots, "earth.taw", "mars", (speed, 0.0))

    def energy(v):
        return sum(0.5 * MARBLE_MASS * (vx * vx + vy * vy) for vx, vy in v.values())

    def momentum(v):
        return (sum(vx for vx, _ in v.values()) * MARBLE_MASS, sum(vy for _, vy in v.values()) * MARBLE_MASS)

    assert energy(after) <= energy(before) * 1.001
    p0, p1 = momentum(before), momentum(after)
    # Rolling resistance takes at most one tick's worth of speed from each body.
    slack = 2 * MARBLE_MASS * GLASS.rolling_resistance * CONFIG.gravity * CONFIG.tick
    assert math.hypot(p1[0] - p0[0], p1[1] - p0[1]) <= slack + 1e-6


def test_a_row_of_touching_marbles_passes_the_blow_to_the_far_end() -> None:
    # Newton's cradle: the middle marble stays nearly still, the far one runs.
    spots = {"earth.taw": (-0.2, 0.0), "mars.1": (0.0, 0.0), "mars.2": (0.016, 0.0)}
    sim, rec, before, after = _velocities_around_first_hit(spots, "earth.taw", "mars.1", (2.0, 0.0))
    v_in = before["earth.taw"][0]
    e = GLASS.restitution ** 2
    assert after["mars.2"][0] == pytest.approx(((1 + e) / 2) ** 2 * v_in, rel=0.03)
    assert abs(after["mars.1"][0]) < 0.1 * v_in
    assert abs(after["earth.taw"][0]) < 0.1 * v_in
    pairs = [frozenset((c.a, c.b)) for c in rec.of("contact")]
    assert pairs[:2] == [{"earth.taw", "mars.1"}, {"mars.1", "mars.2"}]
