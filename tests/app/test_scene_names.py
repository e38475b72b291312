"""The names chalked on the ground follow their circles and stay inside the ground they name."""

from __future__ import annotations

import math

import pytest

from game.app.scene.chalk_names import CAP, ArcText, arc_glyphs, line_names, orbit_names, ring_names
from game.app.scene.palette import PLANET_SYMBOLS
from game.rules import vocabulary
from game.rules.layout import PLANETS, Layout

LAYOUT = Layout()


def advance(char: str) -> float:
    return 0.6  # every letter 0.6 of the size wide: enough for the geometry


def angle_of(glyph) -> float:
    return math.degrees(math.atan2(glyph.y, glyph.x))


@pytest.mark.parametrize("inward", [True, False])
def test_letters_sit_on_their_circle_centred_on_the_angle_reading_left_to_right(inward):
    item = ArcText("Mars's line", 0.5, -90.0, 0.04, inward=inward)
    glyphs = arc_glyphs(item, advance)
    assert [g.char for g in glyphs] == list("Mars's line")
    assert all(math.hypot(g.x, g.y) == pytest.approx(0.5) for g in glyphs)
    angles = [angle_of(g) for g in glyphs]
    # tops inward, seen from outside looking in, the reader's right is anticlockwise; tops outward, clockwise
    steps = [b - a for a, b in zip(angles, angles[1:])]
    assert all(s > 0 for s in steps) if inward else all(s < 0 for s in steps)
    assert (angles[0] + angles[-1]) / 2 == pytest.approx(-90.0, abs=1e-6)
    span = math.radians(abs(angles[-1] - angles[0])) * 0.5
    assert span == pytest.approx(0.6 * 0.04 * (len(glyphs) - 1), rel=1e-6)
    for g in glyphs:  # each letter's top points at the Sun, or away from it
        up = math.radians(g.heading)
        outward = (g.x / 0.5, g.y / 0.5)
        dot = math.cos(up) * outward[0] + math.sin(up) * outward[1]
        assert dot == pytest.approx(-1.0 if inward else 1.0)


def test_each_line_is_named_on_both_sides_within_the_orbits_beside_it():
    radii = [LAYOUT.line_radii[p] for p in PLANETS]
    half = LAYOUT.line_width / 2
    items = line_names(LAYOUT, advance)
    for i, planet in enumerate(PLANETS):
        text = f"{PLANET_SYMBOLS[planet]} {vocabulary.line_label(planet)}"
        mine = [item for item in items if item.text == text]
        assert {item.inward for item in mine} == {True, False} and len(mine) >= 4
        inner = radii[i - 1] if i else LAYOUT.inner_ring_radius
        outer = radii[i + 1] if i + 1 < len(radii) else LAYOUT.play_radius
        for item in mine:
            tall = CAP * item.size * item.stretch
            low, high = (item.radius - tall, item.radius) if item.inward else (item.radius, item.radius + tall)
            if item.inward:   # outside the line, inside the next line out
                assert radii[i] + half < low and high < outer - half, item
            else:             # inside the line, outside the next line in
                assert inner + half < low and high < radii[i] - half, item


def test_the_overhead_view_names_every_orbit_in_the_middle_of_it():
    for item, planet in zip(orbit_names(LAYOUT), PLANETS):
        inner, outer = LAYOUT.region_bounds(planet)
        inner = max(inner, LAYOUT.inner_ring_radius)
        assert item.text == vocabulary.orbit_label(planet)
        middle = item.radius - CAP / 2 * item.size if item.inward else item.radius + CAP / 2 * item.size
        assert middle == pytest.approx((inner + outer) / 2)
    overhead = line_names(LAYOUT, advance, overhead=True)
    assert len(overhead) == 2 * len(PLANETS)


def test_the_inner_ring_and_the_play_areas_edge_name_themselves_inside_their_circles():
    names = ring_names(LAYOUT)
    ring = [n for n in names if n.text == vocabulary.INNER_RING]
    edge = [n for n in names if n.text == vocabulary.PLAY_AREA_EDGE]
    assert ring and all(n.radius < LAYOUT.inner_ring_radius for n in ring)
    assert len(edge) >= 4
    assert all(n.radius + CAP * n.size * n.stretch < LAYOUT.play_radius and n.radius > LAYOUT.line_radii["herschel"]
               for n in edge)
