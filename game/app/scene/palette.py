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
STANDARD_COLORS: dict[str, tuple[float, float, float]] = {
    "mercury": (0.10, 0.72, 0.74),   # teal
    "venus": (0.98, 0.80, 0.18),     # yellow
    "earth": (0.16, 0.38, 0.95),     # blue
    "mars": (0.90, 0.14, 0.10),      # red
    "jupiter": (0.98, 0.50, 0.12),   # orange
    "saturn": (0.62, 0.26, 0.86),    # violet
    "herschel": (0.18, 0.74, 0.30),  # green
}

# For colour-blind players: seven colours chosen so that every pair stays
# apart with normal sight and as deuteranopes, protanopes and tritanopes see
# them (colorspacious at full severity), each near its planet's standard hue
# and none darker than a lightness J' of 42, so a marker reads on the earth.
# The closest pair (CAM02-UCS delta E) is 25.7 in these numbers (Mars and
# Jupiter, to a deuteranope); the figures as the overhead markers are drawn
# are in docs/rendering.md.  The standard hues fall to 4.7 (the Earth's blue
# against Saturn's violet, to a protanope).  tests/app/test_colour_blind.py.
COLOUR_BLIND_COLORS: dict[str, tuple[float, float, float]] = {
    "mercury": (0.09, 0.84, 0.69),   # sea green
    "venus": (1.00, 0.99, 0.33),     # pale yellow
    "earth": (0.69, 0.61, 0.92),     # periwinkle
    "mars": (0.71, 0.02, 0.02),      # deep red
    "jupiter": (0.87, 0.54, 0.09),   # orange
    "saturn": (0.59, 0.20, 0.85),    # violet
    "herschel": (0.20, 0.52, 0.46),  # dark teal
}

# The settings' ``palette`` choices, by name.
PALETTES: dict[str, dict[str, tuple[float, float, float]]] = {
    "standard": STANDARD_COLORS,
    "colour-blind": COLOUR_BLIND_COLORS,
}
PLANET_COLORS = STANDARD_COLORS  # the standard palette, for callers that show no choice

# Each planet's astronomical sign, so that colour is never the only cue
# (Herschel's is the sign now used for Uranus, the planet Herschel found).
PLANET_SYMBOLS: dict[str, str] = {
    "mercury": "\u263f", "venus": "\u2640", "earth": "\u2295", "mars": "\u2642",
    "jupiter": "\u2643", "saturn": "\u2644", "herschel": "\u2645",
}
SUN_SYMBOL = "\u2609"


def planet_colors(palette: str = "standard") -> dict[str, tuple[float, float, float]]:
    """The seven planets' colours in a named palette (``PALETTES``); KeyError for an unknown name."""
    return PALETTES[palette]


def symbol_of(body_id: str) -> str:
    """The sign a body wears: its planet's, the Sun's, or "" for an unknown id."""
    if body_id == SUN:
        return SUN_SYMBOL
    return PLANET_SYMBOLS.get(body_planet(body_id) or "", "")

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


def look_for(body_id: str, palette: str = "standard") -> BodyLook:
    if body_id == SUN:
        return BodyLook(KIND_LEAD, LEAD_GREY, LEAD_GREY, _seed(body_id), 0.0, 0.0)
    planet = body_planet(body_id) or ""
    color = planet_colors(palette).get(planet, (0.8, 0.8, 0.8))
    if is_taw(body_id):
        return BodyLook(KIND_TAW, color, CLEAR_GLASS, _seed(body_id), 0.0, 0.0)
    if is_planet(body_id):
        tint = tuple(0.3 * c + 0.7 * g for c, g in zip(color, CLEAR_GLASS))
        return BodyLook(KIND_GLASS, color, tint, _seed(body_id), 4.0, 0.11)  # type: ignore[arg-type]  # tint: three channels
    tint = tuple(0.18 * c + 0.82 * g for c, g in zip(color, CLEAR_GLASS))
    return BodyLook(KIND_GLASS, color, tint, _seed(body_id), 3.0, 0.08)  # type: ignore[arg-type]  # tint: three channels
