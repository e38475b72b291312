"""The system as painted on the ground: the Sun, seven orbit lines, two rings.

Everything here is pure data and geometry in metres, with the Sun's home at
the origin and +z up.  The numbers are chosen for play at human scale (see
``docs/layout.md``): a hard thumb flick (about 4 m/s) drives the 27 g lead Sun
roughly one or two orbits, so winning by rule 9 takes several good shots.

Body ids are strings: ``sun``; a planet by name (``earth``); its satellites
``earth.1`` .. ``earth.N``; a player's taw ``earth.taw``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Mapping

# A place on the ground: (x, y) in metres from the Sun's home.  The one definition: every layer imports it from here.
Point = tuple[float, float]

PLANETS: tuple[str, ...] = (
    "mercury",
    "venus",
    "earth",
    "mars",
    "jupiter",
    "saturn",
    "herschel",
)

SUN = "sun"
TAW_SUFFIX = "taw"

# Satellites as the text gives them.  Jupiter has no line in the text; four
# moons (the Galilean ones) is our default, configurable per layout.
DEFAULT_SATELLITES: Mapping[str, int] = {
    "mercury": 0,
    "venus": 0,
    "earth": 1,
    "mars": 4,
    "jupiter": 4,
    "saturn": 7,
    "herschel": 6,
}

# Radii of the painted lines, metres.  Spacing widens outward so each region
# holds its planet's satellites without crowding (Mars's four lie in Jupiter's
# region, between the Mars and Jupiter lines, as the text says).
DEFAULT_LINE_RADII: Mapping[str, float] = {
    "mercury": 0.14,
    "venus": 0.24,
    "earth": 0.35,
    "mars": 0.47,
    "jupiter": 0.62,
    "saturn": 0.78,
    "herschel": 0.95,
}

# Where each planet sits on its line, degrees counter-clockwise from +x.  The
# spread keeps planets out of each other's way and off one straight line.
DEFAULT_PLANET_ANGLES: Mapping[str, float] = {
    "mercury": 90.0,
    "venus": 200.0,
    "earth": 310.0,
    "mars": 60.0,
    "jupiter": 170.0,
    "saturn": 280.0,
    "herschel": 20.0,
}


class LayoutError(ValueError):
    """A layout or a placement that cannot exist on the ground."""


def body_planet(body_id: str) -> str | None:
    """The planet a body belongs to (``'earth.2'`` -> ``'earth'``); None for the Sun."""
    if body_id == SUN:
        return None
    return body_id.split(".", 1)[0]


def is_taw(body_id: str) -> bool:
    return body_id.endswith("." + TAW_SUFFIX)


def is_planet(body_id: str) -> bool:
    return body_id in PLANETS


def is_satellite(body_id: str) -> bool:
    planet, _, rest = body_id.partition(".")
    return planet in PLANETS and rest.isdigit()


def taw_id(planet: str) -> str:
    return f"{planet}.{TAW_SUFFIX}"


def satellite_ids(planet: str, count: int) -> list[str]:
    return [f"{planet}.{i}" for i in range(1, count + 1)]


@dataclass(frozen=True)
class Zone:
    """Everything the rules ask about where a point on the ground lies.

    ``region`` is the orbit the body lies in (``Layout.body_region``: on a
    line, that line's orbit), or ``'beyond'`` wholly outside Herschel's
    line.  ``on_line`` names a painted line the body touches, if any.
    """

    region: str
    on_line: str | None
    in_inner_ring: bool
    in_saturn_ring: bool
    beyond_herschel: bool
    in_play: bool


@dataclass(frozen=True)
class Layout:
    """The painted ground and the bodies' sizes and home positions."""

    line_radii: Mapping[str, float] = field(default_factory=lambda: dict(DEFAULT_LINE_RADII))
    satellites: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_SATELLITES))
    planet_angles: Mapping[str, float] = field(default_factory=lambda: dict(DEFAULT_PLANET_ANGLES))
    inner_ring_radius: float = 0.07
    saturn_ring_radius: float = 0.045
    line_width: float = 0.012
    play_radius: float = 2.5
    marble_radius: float = 0.008
    sun_radius: float = 0.00825

    def __post_init__(self) -> None:
        if set(self.line_radii) != set(PLANETS):
            raise LayoutError("line_radii must name exactly the seven planets")
        radii = [self.line_radii[p] for p in PLANETS]
        if any(b <= a for a, b in zip(radii, radii[1:])):
            raise LayoutError("the lines must grow strictly outward from Mercury to Herschel")
        if not 0 < self.inner_ring_radius < radii[0]:
            raise LayoutError("the inner ring must lie inside Mercury's line")
        if radii[-1] >= self.play_radius:
            raise LayoutError("the play area must extend beyond Herschel's line")
        for planet, count in self.satellites.items():
            if planet not in PLANETS:
                raise LayoutError(f"unknown planet {planet!r} in satellites")
            if not 0 <= count <= 12:
                raise LayoutError(f"{planet} cannot have {count} satellites (0 to 12)")

    # -- configuration ---------------------------------------------------

    def with_jupiter_moons(self, count: int) -> "Layout":
        sats = dict(self.satellites)
        sats["jupiter"] = count
        return replace(self, satellites=sats)

    # -- geometry ----------------------------------------------------------

    def line_radius(self, planet: str) -> float:
        try:
            return self.line_radii[planet]
        except KeyError:
            raise LayoutError(f"unknown orbit {planet!r}") from None

    def region_bounds(self, planet: str) -> tuple[float, float]:
        """Inner and outer radius of a planet's orbit region (rule 5)."""
        index = PLANETS.index(planet) if planet in PLANETS else -1
        if index < 0:
            raise LayoutError(f"unknown orbit {planet!r}")
        inner = 0.0 if index == 0 else self.line_radii[PLANETS[index - 1]]
        return inner, self.line_radii[planet]

    def region_at_radius(self, r: float) -> str:
        """Rule 5: the region is the space between a line and the next line inward.

        A point exactly on a line belongs to that line's planet.
        """
        for planet in PLANETS:
            if r <= self.line_radii[planet]:
                return planet
        return "beyond"

    # -- "on the line": one test for every rule (docs/rules.md, "On the line") --

    def on_line(self, distance: float, body_radius: float, line_radius: float) -> bool:
        """The one test of "on the line": the body's outline, seen from above, overlaps the painted stripe.

        ``distance`` is the body's centre from the circle's centre and
        ``line_radius`` the painted circle's radius: an orbit line, the inner
        ring or Saturn's ring.  ``|distance - R| <= body_radius + line_width / 2``.
        Every rule that asks whether a body is beyond, within or on a line
        asks this (rules 3, 6, 9, 10, 11, 13, 16, and where a taw starts).
        """
        return abs(distance - line_radius) <= body_radius + self.line_width / 2

    def clear_beyond(self, distance: float, body_radius: float, line_radius: float) -> bool:
        """Wholly beyond a painted circle: centre outside it, and not on the line."""
        return distance > line_radius and not self.on_line(distance, body_radius, line_radius)

    def clear_within(self, distance: float, body_radius: float, line_radius: float) -> bool:
        """Wholly within a painted circle: centre inside it, and not on the line."""
        return distance < line_radius and not self.on_line(distance, body_radius, line_radius)

    def body_region(self, r: float, body_radius: float) -> str:
        """The orbit a body lies in: one answer for one place, for every rule that asks (3, 4, 5, 8, 9, 10, 11, 12, 16).

        A body on a painted line (``on_line``) lies in that line's orbit,
        whichever side of the line its centre is: the line is the outer edge
        of its planet's orbit, "the line of his own orbit" (rule 6), and a
        body on it has not crossed it (rules 3, 9, 10).  A body clear of every
        line lies in rule 5's region of its centre.  So a Sun on Mercury's line
        is in Mercury's orbit for rule 3 (not beyond it), rule 4 and rule 8
        (seven) alike, and a taw on its own line has fallen into its own orbit
        (rule 12) on every line alike.
        """
        line = self.line_touched(r, body_radius)
        return line if line is not None else self.region_at_radius(r)

    def line_touched(self, r: float, body_radius: float) -> str | None:
        """The painted orbit line a resting body is on (``on_line``); if two lines were ever that close, the nearer."""
        best: tuple[float, str] | None = None
        for planet in PLANETS:
            gap = abs(r - self.line_radii[planet])
            if self.on_line(r, body_radius, self.line_radii[planet]) and (best is None or gap < best[0]):
                best = (gap, planet)
        return best[1] if best else None

    def saturn_home(self) -> Point:
        return self.home_on_line("saturn", self.planet_angles["saturn"])

    def in_saturn_ring(self, point: Point) -> bool:
        """A point inside the circle drawn round Saturn's home spot."""
        sx, sy = self.saturn_home()
        return math.hypot(point[0] - sx, point[1] - sy) <= self.saturn_ring_radius

    def within_saturn_ring(self, centre: Point, body_radius: float) -> bool:
        """Rule 16: a body lies within Saturn's ring when its centre is inside the ring, clear of its line.

        The layout places Saturn's satellites by their centres outside the
        ring; a body on the ring's line is not within it (``on_line``).
        """
        sx, sy = self.saturn_home()
        return self.clear_within(math.hypot(centre[0] - sx, centre[1] - sy), body_radius, self.saturn_ring_radius)

    def within_inner_ring(self, centre: Point, body_radius: float) -> bool:
        """Rule 13: a body lies within the inner ring when its centre is inside it, clear of its line."""
        return self.clear_within(math.hypot(*centre), body_radius, self.inner_ring_radius)

    def zone(self, point: Point, body_radius: float | None = None) -> Zone:
        radius = self.marble_radius if body_radius is None else body_radius
        r = math.hypot(point[0], point[1])
        return Zone(
            region=self.body_region(r, radius),
            on_line=self.line_touched(r, radius),
            in_inner_ring=self.within_inner_ring(point, radius),
            in_saturn_ring=self.within_saturn_ring(point, radius),
            beyond_herschel=self.body_region(r, radius) == "beyond",
            in_play=r <= self.play_radius,
        )

    # -- placements used by the scenario format and the setup ----------------

    def home_on_line(self, planet: str, angle_deg: float) -> Point:
        radius = self.line_radius(planet)
        a = math.radians(angle_deg)
        return (radius * math.cos(a), radius * math.sin(a))

    def point_in_region(self, planet: str, angle_deg: float, frac: float) -> Point:
        """A point inside a region: ``frac`` 0 is its inner edge, 1 its line."""
        if not 0.0 <= frac <= 1.0:
            raise LayoutError(f"frac must lie between 0 and 1, not {frac}")
        inner, outer = self.region_bounds(planet)
        r = inner + frac * (outer - inner)
        a = math.radians(angle_deg)
        return (r * math.cos(a), r * math.sin(a))

    def point_beyond(self, planet: str, angle_deg: float, by: float) -> Point:
        if by < 0:
            raise LayoutError(f"'by' must not be negative, not {by}")
        r = self.line_radius(planet) + by
        a = math.radians(angle_deg)
        return (r * math.cos(a), r * math.sin(a))

    # -- the default setup -----------------------------------------------------

    def home_positions(self, planets: tuple[str, ...] = PLANETS) -> dict[str, Point]:
        """Where the Sun, the given planets and their satellites start.

        Satellites sit where the text puts them: the Moon beside the Earth on
        its line; Mars's four spread through Jupiter's region; Saturn's seven
        outside the ring drawn round Saturn and inside his orbit; the others
        along their planet's line, either side of it.
        """
        spots: dict[str, Point] = {SUN: (0.0, 0.0)}
        spacing = 4.5 * self.marble_radius
        for planet in planets:
            angle = self.planet_angles[planet]
            radius = self.line_radius(planet)
            spots[planet] = self.home_on_line(planet, angle)
            sats = satellite_ids(planet, self.satellites.get(planet, 0))
            if planet == "mars":
                inner, outer = radius, self.line_radii["jupiter"]
                mid = (inner + outer) / 2
                for i, sid in enumerate(sats):
                    a = math.radians(angle + 14.0 * (i - (len(sats) - 1) / 2))
                    spots[sid] = (mid * math.cos(a), mid * math.sin(a))
            elif planet == "saturn":
                spots.update(self._saturn_satellites(spots[planet], sats))
            else:
                for i, sid in enumerate(sats):
                    side = 1 if i % 2 == 0 else -1
                    step = (i // 2 + 1) * spacing / radius
                    a = math.radians(angle) + side * step
                    spots[sid] = (radius * math.cos(a), radius * math.sin(a))
        return spots

    def _saturn_satellites(self, saturn: Point, sats: list[str]) -> dict[str, Point]:
        """Outside the ring drawn round Saturn, and inside his orbit: an arc on the ring's sunward side.

        Saturn sits on his line, so half his ring reaches into Herschel's
        orbit; the arc spans 130 degrees about the line to the Sun,
        far enough out to clear the ring and close enough to stay off the
        Jupiter and Saturn lines (``tests/rules/test_layout.py`` checks it).
        """
        cx, cy = saturn
        inward = math.atan2(-cy, -cx)
        reach = self.saturn_ring_radius + 4.5 * self.marble_radius
        spread = math.radians(130.0)
        spots: dict[str, Point] = {}
        for i, sid in enumerate(sats):
            a = inward + (spread * (i / (len(sats) - 1) - 0.5) if len(sats) > 1 else 0.0)
            spots[sid] = (cx + reach * math.cos(a), cy + reach * math.sin(a))
        return spots

    def default_taw_angle(self, planet: str) -> float:
        """A first-shot spot on the player's own line, away from their planet."""
        return (self.planet_angles[planet] + 180.0) % 360.0
