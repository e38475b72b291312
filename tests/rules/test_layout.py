import math

import pytest

from game.rules.layout import PLANETS, Layout, LayoutError, body_planet, is_satellite, is_taw


def test_default_layout_counts_marbles_as_the_text_does():
    layout = Layout()
    counts = {p: 1 + layout.satellites[p] for p in PLANETS}
    assert counts == {"mercury": 1, "venus": 1, "earth": 2, "mars": 5,
                      "jupiter": 5, "saturn": 8, "herschel": 7}


def test_jupiter_moons_are_configurable():
    assert Layout().with_jupiter_moons(0).satellites["jupiter"] == 0


def test_region_is_the_space_inside_a_line_down_to_the_next():
    layout = Layout()
    assert layout.region_at_radius(0.0) == "mercury"
    for inner, outer in zip(PLANETS, PLANETS[1:]):
        r = (layout.line_radii[inner] + layout.line_radii[outer]) / 2
        assert layout.region_at_radius(r) == outer
    assert layout.region_at_radius(layout.line_radii["herschel"] + 1e-6) == "beyond"
    assert layout.region_at_radius(layout.line_radii["venus"]) == "venus"


def test_a_zone_says_the_line_region_rings_and_play_area_a_point_lies_in():
    layout = Layout()
    on_mars = layout.home_on_line("mars", 33)
    zone = layout.zone(on_mars)
    assert zone.on_line == "mars" and zone.region == "mars"
    assert layout.zone((0.01, 0)).in_inner_ring
    assert not layout.zone((0.2, 0)).in_inner_ring
    assert layout.zone(layout.saturn_home()).in_saturn_ring
    assert layout.zone((2.0, 0)).beyond_herschel and layout.zone((2.0, 0)).in_play
    assert not layout.zone((3.0, 0)).in_play
    # A body between lines touches none of them.
    mid = (layout.line_radii["earth"] + layout.line_radii["mars"]) / 2
    assert layout.zone((mid, 0)).on_line is None


def test_home_positions_do_not_overlap_and_put_satellites_where_the_text_does():
    layout = Layout()
    spots = layout.home_positions()
    ids = list(spots)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            d = math.dist(spots[a], spots[b])
            assert d > 2 * layout.marble_radius + 0.002, (a, b, d)
    for i in range(1, 5):
        assert layout.zone(spots[f"mars.{i}"]).region == "jupiter"
    for planet in PLANETS:
        assert layout.zone(spots[planet]).on_line == planet


def test_saturns_seven_satellites_start_outside_his_ring_and_inside_his_orbit_clear_of_the_lines():
    layout = Layout()
    spots = layout.home_positions()
    saturn = layout.saturn_home()
    for i in range(1, 8):
        spot = spots[f"saturn.{i}"]
        zone = layout.zone(spot)
        assert zone.region == "saturn", f"saturn.{i} lies in {zone.region}'s orbit"
        assert zone.on_line is None, f"saturn.{i} touches the {zone.on_line} line"
        assert math.dist(spot, saturn) > layout.saturn_ring_radius + layout.marble_radius, "inside the drawn ring"
    # So rule 4 counts Saturn's orbit at 8 (Saturn and his seven) and Herschel's at 7, before anyone plays.
    counts = {p: sum(1 for b, at in spots.items() if b != "sun" and layout.zone(at).region == p) for p in PLANETS}
    assert counts["saturn"] == 8 and counts["herschel"] == 7


def test_bad_layouts_are_refused():
    with pytest.raises(LayoutError):
        Layout(inner_ring_radius=0.5)
    radii = dict(Layout().line_radii)
    radii["venus"] = 0.1
    with pytest.raises(LayoutError):
        Layout(line_radii=radii)


def test_body_ids_name_their_planet_and_say_taw_or_satellite():
    assert body_planet("earth.taw") == "earth" and is_taw("earth.taw")
    assert is_satellite("saturn.7") and not is_satellite("saturn.taw")
    assert body_planet("sun") is None

