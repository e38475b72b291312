from __future__ import annotations

import math

import pytest

from game.physics import GLASS, LEAD, MARBLE_MASS, SUN_MASS, BodySpec, Material, specs_from_positions
from game.rules.layout import Layout


def test_specs_from_home_positions_make_the_sun_lead_and_the_rest_glass() -> None:
    layout = Layout()
    spots = dict(layout.home_positions())
    spots["earth.taw"] = (0.5, 0.5)
    specs = specs_from_positions(spots, layout)
    assert [s.id for s in specs] == list(spots)
    by_id = {s.id: s for s in specs}
    sun = by_id["sun"]
    assert sun.material is LEAD and sun.mass == SUN_MASS and sun.radius == layout.sun_radius
    for body_id, spec in by_id.items():
        if body_id != "sun":
            assert spec.material is GLASS and spec.mass == MARBLE_MASS
            assert spec.radius == layout.marble_radius
        assert spec.position == spots[body_id]


def test_the_real_properties_of_a_marble_and_a_musket_ball() -> None:
    # 16 mm of soda-lime glass (2.5 g/cm^3): 5.36 g; 16.5 mm of lead (11.34 g/cm^3): 26.7 g
    assert 2 * Layout().marble_radius == pytest.approx(0.016)
    assert MARBLE_MASS == pytest.approx(2500.0 * 4.0 / 3.0 * math.pi * 0.008 ** 3) == pytest.approx(0.00536, abs=1e-5)
    assert 2 * Layout().sun_radius == pytest.approx(0.0165)
    assert SUN_MASS == pytest.approx(11340.0 * 4.0 / 3.0 * math.pi * 0.00825 ** 3) == pytest.approx(0.0267, abs=1e-4)


def test_every_body_s_mass_is_its_material_s_density_times_its_volume() -> None:
    for radius in (0.005, 0.008, 0.00825):
        assert GLASS.mass_of(radius) == pytest.approx(GLASS.density * 4.0 / 3.0 * math.pi * radius ** 3)
    big = Layout(marble_radius=0.01, sun_radius=0.011)
    assert BodySpec.marble("mars", (0.3, 0.0), big).mass == pytest.approx(GLASS.mass_of(big.marble_radius))
    assert BodySpec.sun((0.0, 0.0), big).mass == pytest.approx(LEAD.mass_of(big.sun_radius))


def test_glass_is_lively_and_lead_is_dead() -> None:
    glass_on_glass = GLASS.restitution * GLASS.restitution
    glass_on_lead = GLASS.restitution * LEAD.restitution
    assert glass_on_glass > 0.85
    assert glass_on_lead < 0.35
    assert LEAD.rolling_resistance > GLASS.rolling_resistance


@pytest.mark.parametrize(
    "kwargs",
    [
        {"radius": 0.0, "mass": 0.005},
        {"radius": 0.008, "mass": -1.0},
        {"radius": 0.008, "mass": 0.005, "position": (float("nan"), 0.0)},
    ],
)
def test_body_spec_refuses_impossible_bodies(kwargs: dict) -> None:
    args = {"radius": 0.008, "mass": 0.005, "position": (0.0, 0.0)} | kwargs
    with pytest.raises(ValueError):
        BodySpec("x", args["radius"], args["mass"], GLASS, args["position"])


def test_material_refuses_restitution_above_one() -> None:
    with pytest.raises(ValueError):
        Material("rubber", restitution=1.2, friction=0.5, rolling_resistance=0.1)
