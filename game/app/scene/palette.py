"""How each body looks: a colour per player, and what kind of ball it is.

Every player's marbles share a colour keyed by planet, so a set reads at a
glance from across the ring; the planet itself carries a bolder vane than its
satellites, the taw is an opaque onionskin in the player's colour, and the
Sun is a dull lead musket ball.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from game.rules.layout import SUN, body_planet, is_planet, is_taw

KIND_GLASS = 0.0
KIND_TAW = 1.0
KIND_LEAD = 2.0

# Distinct hues in the order a player would name them.
PLANET_COLORS: dict[str, tuple[float, float, float]] = {
    "mercury": (0.10, 0.72, 0.74),   # teal
    "venus": (0.98, 0.80, 0.18),     # yellow
    "earth": (0.16, 0.38, 0.95),     # blue
    "mars": (0.90, 0.14, 0.10),      # red
    "jupiter": (0.98, 0.50, 0.12),   # orange
    "saturn": (0.62, 0.26, 0.86),    # violet
    "herschel": (0.18, 0.74, 0.30),  # green
}

CLEAR_GLASS = (0.88, 0.96, 0.92)  # a hint of green, as soda glass has
LEAD_GREY = (0.35, 0.35, 0.37)


@dataclass(frozen=True)
class BodyLook:
    kind: float
    vane_color: tuple[float, float, float]
    glass_tint: tuple[float, float, float]
    seed: float
    vane_count: float
    vane_thickness: float

    def params(self) -> tuple[float, float, float, float]:
        return (self.kind, self.seed, self.vane_count, self.vane_thickness)


def _seed(body_id: str) -> float:
    """A stable per-body number in [0, 1) so no two swirls line up."""
    return (zlib.crc32(body_id.encode()) % 10007) / 10007.0


def look_for(body_id: str) -> BodyLook:
    if body_id == SUN:
        return BodyLook(KIND_LEAD, LEAD_GREY, LEAD_GREY, _seed(body_id), 0.0, 0.0)
    planet = body_planet(body_id) or ""
    color = PLANET_COLORS.get(planet, (0.8, 0.8, 0.8))
    if is_taw(body_id):
        return BodyLook(KIND_TAW, color, CLEAR_GLASS, _seed(body_id), 0.0, 0.0)
    if is_planet(body_id):
        tint = tuple(0.3 * c + 0.7 * g for c, g in zip(color, CLEAR_GLASS))
        return BodyLook(KIND_GLASS, color, tint, _seed(body_id), 4.0, 0.11)  # type: ignore[arg-type]
    tint = tuple(0.18 * c + 0.82 * g for c, g in zip(color, CLEAR_GLASS))
    return BodyLook(KIND_GLASS, color, tint, _seed(body_id), 3.0, 0.08)  # type: ignore[arg-type]
