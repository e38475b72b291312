from __future__ import annotations

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
    # about 16 mm and 5 g of glass; about 16.5 mm and 27 g of lead
    assert 2 * Layout().marble_radius == pytest.approx(0.016)
    assert MARBLE_MASS == pytest.approx(0.005)
    assert 2 * Layout().sun_radius == pytest.approx(0.0165)
    assert SUN_MASS == pytest.approx(0.027)


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
