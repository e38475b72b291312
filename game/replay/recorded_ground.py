"""The ground a recorded game was played on, from its header's house rules.

The ground is a house rule (``ground``, ``ground_roughness_mm``,
``ground_seed``), so a replay's header already records it; this reads just
those keys back, strictly, as the ``Terrain`` the viewer draws.  A file
written before the ground was a house rule has none of them: it was played
on the smooth plane, and reads as the smooth plane.
"""

from __future__ import annotations

from typing import Any, Mapping

from game.physics.terrain import Terrain
from game.rules.house import HouseRuleError, HouseRules

GROUND_KEYS = ("ground", "ground_roughness_mm", "ground_seed")


def recorded_ground(house_rules: Mapping[str, Any], source: str = "replay") -> Terrain:
    """The ground named by a header's ``house_rules``; ``HouseRuleError`` (one line) for a bad entry."""
    if not isinstance(house_rules, Mapping):
        raise HouseRuleError(f"{source}: house_rules: must be a table, not {type(house_rules).__name__}")
    named = {key: house_rules[key] for key in GROUND_KEYS if key in house_rules}
    return Terrain.from_house(HouseRules.from_mapping(named, source=f"{source}: house_rules"))
