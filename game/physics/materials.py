"""What the bodies on the ground are made of and how big they are.

Sizes come from ``game.rules.layout.Layout`` (marble and Sun radii); each
material's density is a physical fact chosen here, and every body's mass is
its material's density times its sphere's volume, here alone
(``Material.mass_of``; ``docs/layout.md``, ``docs/physics.md``).

Bullet combines two bodies' restitution and friction as a *product*, so each
material's own value is the square root of what two bodies of it show
together: glass on glass bounces at about 0.92, lead on glass at about 0.25.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping

from game.rules.layout import SUN, Layout, Point


# The ground's own friction: Bullet multiplies it with a body's, so a glass
# marble (0.3) slides on it at mu_s 0.4 and the lead Sun (0.4125) at 0.55.
GROUND_FRICTION = 4.0 / 3.0


@dataclass(frozen=True)
class Material:
    """How a body bounces, grips and rolls.

    ``restitution`` and ``friction`` are Bullet's per-body values (combined by
    product, with each other and with the ground's); ``rolling_resistance``
    is the coefficient mu_r of rolling on the packed-earth ground, applied
    as a torque (``resting.py``).  ``sliding_friction``, mu_s on the earth,
    follows: the body's friction times the ground's.
    """

    name: str
    restitution: float
    friction: float
    rolling_resistance: float
    density: float = 2500.0   # kg/m^3

    def __post_init__(self) -> None:
        if not 0.0 <= self.restitution <= 1.0:
            raise ValueError(f"{self.name}: restitution must lie in [0, 1]")
        if self.friction <= 0.0 or self.rolling_resistance <= 0.0 or self.density <= 0.0:
            raise ValueError(f"{self.name}: friction, rolling resistance and density must be > 0")

    def mass_of(self, radius_m: float) -> float:
        """The mass (kg) of a solid sphere of this material of ``radius_m``: density times 4/3 pi r^3."""
        return self.density * 4.0 / 3.0 * math.pi * radius_m ** 3

    @property
    def sliding_friction(self) -> float:
        """mu_s on the earth: what Bullet's contact with the ground gives."""
        return self.friction * GROUND_FRICTION


# Glass is lively: two marbles rebound at 0.96^2 ~ 0.92; they grip each other
# at 0.3^2 = 0.09.  Hard smooth glass skids on firm dry earth at mu_s 0.4
# (docs/physics.md), then rolls with mu_r 0.06.
GLASS = Material("glass", restitution=0.96, friction=0.3, rolling_resistance=0.06, density=2500.0)

# Lead is dead: it deforms, so glass on lead rebounds at 0.96 * 0.26 ~ 0.25;
# the soft heavy ball beds into the earth: it skids with mu_s 0.55 and rolls with mu_r 0.10.
LEAD = Material("lead", restitution=0.26, friction=0.4125, rolling_resistance=0.10, density=11340.0)

# The packed earth: no bounce (a marble dropped on it does not rebound, and a
# bounce would lift a rolling ball off the friction that turns it).
GROUND = Material("earth", restitution=0.0, friction=GROUND_FRICTION, rolling_resistance=1.0)

MATERIALS: Mapping[str, Material] = {"glass": GLASS, "lead": LEAD}

# The masses of the default layout's bodies: soda-lime glass (2.5 g/cm^3) of
# 16 mm, 5.36 g; lead (11.34 g/cm^3) of 16.5 mm, 26.7 g.
MARBLE_MASS = GLASS.mass_of(Layout().marble_radius)
SUN_MASS = LEAD.mass_of(Layout().sun_radius)


@dataclass(frozen=True)
class BodySpec:
    """One body to put on the ground: its id, size, mass, material and (x, y)."""

    id: str
    radius: float
    mass: float
    material: Material
    position: Point

    def __post_init__(self) -> None:
        if not self.id:
            raise ValueError("a body needs a non-empty id")
        if not (self.radius > 0.0 and self.mass > 0.0):
            raise ValueError(f"{self.id}: radius and mass must be positive")
        if not all(math.isfinite(c) for c in self.position):
            raise ValueError(f"{self.id}: position must be finite")

    @staticmethod
    def marble(body_id: str, position: Point, layout: Layout | None = None) -> "BodySpec":
        """A glass planet or satellite."""
        lay = layout or Layout()
        return BodySpec(body_id, lay.marble_radius, GLASS.mass_of(lay.marble_radius), GLASS,
                        (float(position[0]), float(position[1])))

    @staticmethod
    def taw(body_id: str, position: Point, layout: Layout | None = None) -> "BodySpec":
        """A player's shooter: glass, the same size and mass as a marble."""
        return BodySpec.marble(body_id, position, layout)

    @staticmethod
    def sun(position: Point = (0.0, 0.0), layout: Layout | None = None) -> "BodySpec":
        """The lead Sun, a musket ball: the most ponderous body on the ground."""
        lay = layout or Layout()
        return BodySpec(SUN, lay.sun_radius, LEAD.mass_of(lay.sun_radius), LEAD,
                        (float(position[0]), float(position[1])))


def spec_for(body_id: str, position: Point, layout: Layout | None = None) -> BodySpec:
    """The spec of a body by its id: ``sun`` is the lead Sun, all else glass."""
    if body_id == SUN:
        return BodySpec.sun(position, layout)
    return BodySpec.marble(body_id, position, layout)


def specs_from_positions(positions: Mapping[str, Point], layout: Layout | None = None) -> list[BodySpec]:
    """Specs for a table given as ``{id: (x, y)}``, e.g. ``Layout.home_positions()`` plus taws.

    The order follows the mapping's order, which fixes the order bodies enter
    the world and so keeps runs reproducible.
    """
    lay = layout or Layout()
    return [spec_for(body_id, pos, lay) for body_id, pos in positions.items()]
