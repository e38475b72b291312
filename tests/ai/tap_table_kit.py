"""The tap table shared by the tempo and end-price tests: Venus 11 cm straight behind the Sun in Jupiter's orbit.

Rule 8 pays three a strike there, Jupiter paying; Earth and Jupiter are
comets (rule 14), far off.  One table, so the flat tempo and the end's price
are judged on the same position.
"""

from __future__ import annotations

import math
from dataclasses import replace

from game.ai.candidates import Candidate, aim_angle
from game.ai.situation import Situation
from game.rules.house import HouseRules
from game.rules.layout import SUN, body_planet, taw_id
from game.rules.state import new_game

HOUSE = HouseRules()
LAYOUT = HOUSE.layout()
TAP_PURSES = {"venus": 17, "earth": 17, "jupiter": 40}


def ray(radius: float, angle_deg: float = 100.0) -> tuple[float, float]:
    a = math.radians(angle_deg)
    return (radius * math.cos(a), radius * math.sin(a))


def tap_table(purses: dict[str, int] | None = None, stakes: int = 0) -> Situation:
    """The table, Venus to shoot, with the given purses (``TAP_PURSES`` by default) and stakes."""
    home = {b: p for b, p in LAYOUT.home_positions().items() if b == SUN or body_planet(b) == "venus"}
    positions = {**home, SUN: ray(0.50), taw_id("venus"): ray(0.39),
                 taw_id("earth"): ray(1.3, 300.0), taw_id("jupiter"): ray(1.07, 80.0)}
    state = new_game(["venus", "earth", "jupiter"], LAYOUT, HOUSE, positions=positions, sun_released=True,
                     first_shot_done=True, purses=purses or TAP_PURSES, stakes=stakes,
                     comets=("earth", "jupiter"))
    return Situation(LAYOUT, HOUSE, replace(state, turn=0), "venus", positions, (), 3.8)


def at_sun(sit: Situation, speed: float) -> Candidate:
    """A full hit on the Sun from the shooter's taw at ``speed``."""
    origin = sit.positions[sit.taw]
    return Candidate(origin, aim_angle(origin, sit.positions[SUN], 0.0, LAYOUT.marble_radius + LAYOUT.sun_radius),
                     speed, None, SUN)
