"""How far a full hit at the cap drives the lead Sun: from Mercury's own line it can release the Sun (rule 3)."""

from __future__ import annotations

import math

import pytest

from game.physics import Simulation
from game.rules.layout import taw_id
from tests.physics.physics_kit import CAP, CONFIG, LAYOUT

# Rule 3 releases the Sun once it is struck clear beyond Mercury's line.
RELEASED_BEYOND = LAYOUT.line_radius("mercury") + LAYOUT.sun_radius + LAYOUT.line_width / 2


def _sun_after_full_hit(planet: str, spin: float, angle_deg: float = 97.0) -> float:
    """The Sun's distance from home after ``planet``'s taw, on its own line, strikes it full at the cap."""
    a = math.radians(angle_deg)
    r = LAYOUT.line_radius(planet)
    taw = taw_id(planet)
    with Simulation.from_positions({"sun": (0.0, 0.0), taw: (-r * math.cos(a), -r * math.sin(a))},
                                   LAYOUT, CONFIG) as sim:
        sim.shoot(taw, (CAP * math.cos(a), CAP * math.sin(a)), spin)
        return math.hypot(*sim.run_to_rest().positions["sun"])


@pytest.mark.parametrize("spin", [0.0, -1.0])
def test_a_full_hit_at_the_cap_from_mercurys_line_releases_the_sun(spin: float) -> None:
    """A plain flick does (0.176 m against 0.154); a stop shot, whose taw stays behind, surely (0.202 m)."""
    assert _sun_after_full_hit("mercury", spin) > RELEASED_BEYOND


def test_from_further_out_a_plain_full_hit_leaves_the_sun_inside_mercurys_line() -> None:
    """The heavy lead Sun: the Earth's taw, having rolled 0.36 m, drives it only about 0.145 m (Venus's: 0.162 m)."""
    assert _sun_after_full_hit("earth", 0.0) < RELEASED_BEYOND
