"""Bullet's hits as the referee sees them: the Contact events, their pairs, times and impulses."""

from __future__ import annotations

import pytest

from game.physics import GLASS, MARBLE_MASS, PhysicsConfig
from game.rules.events import Contact
from tests.physics.physics_kit import LAYOUT, world

FINE = PhysicsConfig(play_radius=10.0, substeps_per_call=1)


def _run(spots, shooter, velocity, spin=0.0):
    sim, rec = world(spots, FINE)
    with sim:
        sim.shoot(shooter, velocity, spin)
        last = sim.motions()
        before = None
        while not sim.is_at_rest():
            seen = len(rec.events)
            sim.advance(FINE.call)
            if before is None and any(isinstance(e, Contact) for e in rec.events[seen:]):
                before = last
            last = sim.motions()
    return rec, before


def test_a_head_on_hit_is_one_contact_with_the_impulse_of_the_law() -> None:
    rec, before = _run({"mars": (0.0, 0.0), "earth.taw": (0.0, -0.4)}, "earth.taw", (0.0, 2.0))
    contacts = rec.of("contact")
    assert len(contacts) == 1
    c = contacts[0]
    assert (c.a, c.b) == ("earth.taw", "mars")        # a < b
    e = GLASS.restitution ** 2
    law = MARBLE_MASS / 2 * (1 + e) * before["earth.taw"].vy_mps
    # The taw arrives rolling: the friction between the balls drags the
    # struck one down against the ground, and the ground's answer (its push
    # and its friction, in the same instant) asks Bullet for 2.3% more
    # impulse than the law, which leaves the ground out (``docs/physics.md``).
    assert c.impulse == pytest.approx(law, rel=0.03)
    assert c.position == pytest.approx((0.0, -LAYOUT.marble_radius), abs=0.003)
    assert 0.0 < c.t < rec.of("all_at_rest")[0].t


def test_a_row_of_touching_marbles_passes_the_blow_to_the_far_end() -> None:
    # Newton's cradle: the middle marble stays nearly still, the far one runs.
    spots = {"earth.taw": (-0.2, 0.0), "mars.1": (0.0, 0.0), "mars.2": (0.0161, 0.0)}
    rec, _before = _run(spots, "earth.taw", (2.0, 0.0))
    rest = rec.of("all_at_rest")[0].positions
    assert rest["mars.2"][0] > 0.3
    assert abs(rest["mars.1"][0]) < 0.05
    pairs = {frozenset((c.a, c.b)) for c in rec.of("contact")}
    assert {frozenset(("earth.taw", "mars.1")), frozenset(("mars.1", "mars.2"))} <= pairs


def test_contacts_come_in_time_order_and_a_pushing_pair_is_one_contact() -> None:
    # A taw rolling into a marble at walking pace pushes it along for a while: one contact.
    rec, _before = _run({"earth.taw": (0.0, 0.0), "mars": (0.05, 0.0)}, "earth.taw", (0.4, 0.0), spin=1.0)
    times = [e.t for e in rec.events]
    assert times == sorted(times)
    assert len([c for c in rec.of("contact") if {c.a, c.b} == {"earth.taw", "mars"}]) <= 2
