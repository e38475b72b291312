"""Glass on lead, glass on glass: the struck body leaves as the 1-D laws say."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dataclasses import dataclass

from game.physics import GLASS, LEAD, MARBLE_MASS, SUN_MASS
from game.physics.contacts import BulletContacts
from game.physics.motion import BallState, energy_j, evolve
from game.rules.events import Contact
from tests.hypothesis_profiles import examples
from tests.physics.physics_kit import CAP, LAYOUT, world


@dataclass
class Hit:
    """The first resolution with a contact: each body's state just before its touch and just after."""

    contacts: list[Contact]
    before: dict[str, BallState]
    after: dict[str, BallState]


def _first_hit(spots, shooter: str, velocity, spin: float = 0.0, monkeypatch=None) -> Hit:
    """Shoot and run to rest, catching the states the hit resolution leaves (its adapter is the subject)."""
    caught: list[Hit] = []
    original = BulletContacts._new_motions

    def catch(self, answer, t_end):  # noqa: ANN001 - the adapter's own signature
        if answer.contacts and not caught:
            touched = {b: c.t for c in answer.contacts for b in (c.a, c.b)}
            before = {}
            for bid, t in touched.items():
                body = self.bodies[bid]
                before[bid] = evolve(body.state, body.ground, max(0.0, t - body.state_t))[2]
            original(self, answer, t_end)
            caught.append(Hit(list(answer.contacts), before, {b: self.bodies[b].state for b in touched}))
        else:
            original(self, answer, t_end)

    monkeypatch.setattr(BulletContacts, "_new_motions", catch)
    sim, _rec = world(spots)
    with sim:
        sim.shoot(shooter, velocity, spin=spin)
        sim.run_to_rest()
    assert caught, "the shot came to rest without a hit"
    return caught[0]


def test_a_taw_striking_the_resting_sun_head_on_follows_the_1d_collision_law(monkeypatch) -> None:
    spots = {"sun": (0.0, 0.0), "earth.taw": (-0.3, 0.0)}
    hit = _first_hit(spots, "earth.taw", (CAP, 0.0), monkeypatch=monkeypatch)
    v_in = hit.before["earth.taw"].vx_mps
    m1, m2 = MARBLE_MASS, SUN_MASS
    e = GLASS.restitution * LEAD.restitution
    assert hit.after["sun"].vx_mps == pytest.approx(m1 * (1 + e) / (m1 + m2) * v_in, rel=1e-6)
    assert hit.after["earth.taw"].vx_mps == pytest.approx((m1 - e * m2) / (m1 + m2) * v_in, rel=1e-6)
    assert abs(hit.after["sun"].vy_mps) < 1e-6
    # The Sun leaves at a small fraction of the taw's speed, and the taw bounces back.
    assert hit.after["sun"].vx_mps < 0.3 * v_in and hit.after["earth.taw"].vx_mps < 0.0
    contact = hit.contacts[0]
    assert {contact.a, contact.b} == {"earth.taw", "sun"}
    assert contact.impulse == pytest.approx(m1 * m2 / (m1 + m2) * (1 + e) * v_in, rel=1e-6)


def test_glass_on_glass_head_on_passes_nearly_all_the_speed(monkeypatch) -> None:
    spots = {"mars": (0.0, 0.0), "earth.taw": (0.0, -0.4)}
    hit = _first_hit(spots, "earth.taw", (0.0, 2.0), monkeypatch=monkeypatch)
    v_in = hit.before["earth.taw"].vy_mps
    e = GLASS.restitution ** 2
    assert hit.after["mars"].vy_mps == pytest.approx((1 + e) / 2 * v_in, rel=1e-6)
    assert hit.after["earth.taw"].vy_mps == pytest.approx((1 - e) / 2 * v_in, rel=1e-6)
    # A hit at the equator leaves the spin about the horizontal axes as it was.
    assert hit.after["earth.taw"].wx_radps == hit.before["earth.taw"].wx_radps


@settings(max_examples=examples(40))
@given(offset=st.floats(-0.9, 0.9), speed=st.floats(1.3, CAP), spin=st.floats(-1.0, 1.0))
def test_no_hit_creates_kinetic_energy_or_momentum(offset: float, speed: float, spin: float) -> None:
    # An off-centre hit at any speed and spin: the glancing impulse must not add energy.
    spots = {"mars": (0.0, 0.0), "earth.taw": (-0.2, offset * 0.016)}
    with pytest.MonkeyPatch.context() as monkeypatch:
        hit = _first_hit(spots, "earth.taw", (speed, 0.0), spin, monkeypatch=monkeypatch)
    r = LAYOUT.marble_radius

    def energy(states):
        return sum(energy_j(s, MARBLE_MASS, r) for s in states.values())

    def momentum(states):
        return (sum(s.vx_mps for s in states.values()) * MARBLE_MASS,
                sum(s.vy_mps for s in states.values()) * MARBLE_MASS)

    assert energy(hit.after) <= energy(hit.before) * (1 + 1e-9)
    p0, p1 = momentum(hit.before), momentum(hit.after)
    assert math.hypot(p1[0] - p0[0], p1[1] - p0[1]) <= 1e-9


def test_a_row_of_touching_marbles_passes_the_blow_to_the_far_end(monkeypatch) -> None:
    # Newton's cradle: the middle marble stays nearly still, the far one runs.
    spots = {"earth.taw": (-0.2, 0.0), "mars.1": (0.0, 0.0), "mars.2": (0.016, 0.0)}
    hit = _first_hit(spots, "earth.taw", (2.0, 0.0), monkeypatch=monkeypatch)
    v_in = hit.before["earth.taw"].vx_mps
    e = GLASS.restitution ** 2
    assert hit.after["mars.2"].vx_mps == pytest.approx(((1 + e) / 2) ** 2 * v_in, rel=1e-3)
    assert abs(hit.after["mars.1"].vx_mps) < 0.1 * v_in
    assert abs(hit.after["earth.taw"].vx_mps) < 0.1 * v_in
    pairs = [frozenset((c.a, c.b)) for c in hit.contacts]
    assert pairs[:2] == [{"earth.taw", "mars.1"}, {"mars.1", "mars.2"}]
