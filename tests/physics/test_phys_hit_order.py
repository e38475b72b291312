"""Hit order: the referee rules on "struck first" from the order of Contact events.

Two found by ``tools/fuzz_physics.py`` (``docs/stress.md``): a taw cutting
past the Sun into an Earth pressed against it was reported striking the
Earth first (seed 3779700791), and a hit rewound to its touching instant
was published after a later one (seed 991564255).
"""

from __future__ import annotations

import math

import pytest

from game.physics import shot_velocity
from game.rules.events import Contact
from tests.physics.physics_kit import CAP, LAYOUT, aim, world

# Seed 3779700791 of tools/fuzz_physics.py, exactly: the Sun 0.2 mm from the
# Earth, Mars's taw at 2.62 m/s crossing the Sun 8.7 mm deep (743.4 mm out)
# with the Earth's reach 2.1 mm further on.
PRESSED_TABLE = {
    "sun": (0.2093314075294474, -0.2630303059767481),
    "earth": (0.2249756633902887, -0.2681155550916423),
    "mars": (0.23500000000000004, 0.4070319397786861),
    "mars.taw": (0.40555537815080955, 0.4689614432476873),
    "earth.1": (0.2249756633902887 + 0.08, -0.2681155550916423),
}
PRESSED_SHOT = shot_velocity(2.6217824235130114, -104.4361404864829)


def _contacts(events: list) -> list[Contact]:
    return [e for e in events if isinstance(e, Contact)]


def _first_touch_along(start: tuple[float, float], velocity: tuple[float, float],
                       centre: tuple[float, float], reach: float) -> float | None:
    """Distance along the straight path from ``start`` at which a ball of the given reach is met."""
    speed = math.hypot(*velocity)
    ux, uy = velocity[0] / speed, velocity[1] / speed
    dx, dy = centre[0] - start[0], centre[1] - start[1]
    along = dx * ux + dy * uy
    side2 = dx * dx + dy * dy - along * along
    if side2 > reach * reach:
        return None
    return along - math.sqrt(reach * reach - side2)


def test_the_fuzz_geometry_meets_the_sun_before_the_pressed_earth() -> None:
    r = LAYOUT.marble_radius
    to_sun = _first_touch_along(PRESSED_TABLE["mars.taw"], PRESSED_SHOT, PRESSED_TABLE["sun"], r + LAYOUT.sun_radius)
    to_earth = _first_touch_along(PRESSED_TABLE["mars.taw"], PRESSED_SHOT, PRESSED_TABLE["earth"], 2 * r)
    # The premise: on a straight path the taw reaches the Sun about 2 mm before the Earth.
    assert to_sun is not None and to_earth is not None and 0.001 < to_earth - to_sun < 0.003
    sim, rec = world(PRESSED_TABLE)
    with sim:
        sim.shoot("mars.taw", PRESSED_SHOT)
        sim.run_to_rest()
    contacts = _contacts(rec.events)
    assert contacts, "the taw must strike something"
    assert {contacts[0].a, contacts[0].b} == {"mars.taw", "sun"}
    # Struck on the Sun's surface (within a substep's travel: Bullet finds a
    # touch up to a substep late), on the taw's side of it.
    where = contacts[0].position
    sun = PRESSED_TABLE["sun"]
    assert math.dist(where, sun) == pytest.approx(LAYOUT.sun_radius, abs=CAP / 480)
    assert where[1] > sun[1]
    assert [c.t for c in contacts] == sorted(c.t for c in contacts)


@pytest.mark.parametrize("gap", [0.0, 0.0002])
@pytest.mark.parametrize("speed", [1.0, 2.62, CAP])
def test_a_taw_striking_the_sun_pressed_against_the_earth_passes_the_blow_down_the_line(gap: float, speed: float) -> None:
    sun = (0.2, -0.25)
    reach = LAYOUT.sun_radius + LAYOUT.marble_radius
    earth = (sun[0], sun[1] - reach - gap)
    taw = (sun[0], sun[1] + 0.3)
    sim, rec = world({"sun": sun, "earth": earth, "mars.taw": taw})
    with sim:
        sim.shoot("mars.taw", aim(taw, sun, speed))
        sim.run_to_rest()
    contacts = _contacts(rec.events)
    assert [(c.a, c.b) for c in contacts[:2]] == [("mars.taw", "sun"), ("earth", "sun")]
    # Pressed together, the Sun may pass the blow on at the very instant it is struck.
    assert contacts[0].t < contacts[1].t if gap else contacts[0].t <= contacts[1].t
    assert [c.t for c in contacts] == sorted(c.t for c in contacts)
    # The Earth goes on along the line, away from the Sun (it may leave the circle).
    assert sim.positions().get("earth", (earth[0], -math.inf))[1] < earth[1] - 0.01


def _saturns_satellites_round_his_ring(self, saturn, sats):
    """Where Saturn's satellites lay when the fuzz found these seeds: a circle just outside his ring."""
    ring = self.saturn_ring_radius + 2.0 * self.marble_radius
    start = math.radians(self.planet_angles["saturn"])
    return {sid: (saturn[0] + ring * math.cos(2 * math.pi * i / len(sats) + start),
                  saturn[1] + ring * math.sin(2 * math.pi * i / len(sats) + start)) for i, sid in enumerate(sats)}


def test_the_saturn_cluster_struck_at_the_cap_publishes_its_contacts_in_time_order(monkeypatch) -> None:
    from game.physics.config import PhysicsConfig
    from game.rules.layout import Layout, taw_id
    from stress.physics_fuzz import build_case

    # The fuzz's seeds rebuild their tables from the layout's home spots: lay them as they were then.
    monkeypatch.setattr(Layout, "_saturn_satellites", _saturns_satellites_round_his_ring)
    for seed in (991564255, 3779700791):
        case = build_case(seed, PhysicsConfig().max_shot_speed)
        sim, rec = world(case.table)
        with sim:
            sim.shoot(taw_id(case.shooter), shot_velocity(case.speed, case.direction))
            sim.run_to_rest()
        times = [c.t for c in _contacts(rec.events)]
        assert len(times) >= 3
        assert times == sorted(times), f"seed {seed}: {times}"
