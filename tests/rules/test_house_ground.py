"""The ground as a house rule: smooth by default, rough earth with a roughness and a seed, checked like the rest."""

from __future__ import annotations

import pytest

from game.rules.house import GROUNDS, GroundKind, HouseRuleError, HouseRules


def test_the_default_ground_is_the_smooth_plane():
    house = HouseRules()
    assert house.ground is GroundKind.SMOOTH
    assert set(GROUNDS) == {"smooth", "rough"}


def test_rough_earth_reads_from_a_table_and_round_trips():
    house = HouseRules.from_mapping({"ground": "rough", "ground_roughness_mm": 4.5, "ground_seed": 77})
    assert (house.ground, house.ground_roughness_mm, house.ground_seed) == (GroundKind.ROUGH, 4.5, 77)
    assert HouseRules.from_mapping(house.to_dict()) == house
    assert house.to_dict()["ground"] == "rough"


def test_a_whole_number_roughness_is_read_as_millimetres():
    assert HouseRules.from_mapping({"ground_roughness_mm": 2}).ground_roughness_mm == 2.0


def test_rough_earth_reads_from_a_toml_file(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('[house_rules]\nground = "rough"\nground_roughness_mm = 6.0\nground_seed = 3\n')
    house = HouseRules.from_toml(path)
    assert house.ground is GroundKind.ROUGH and house.ground_seed == 3


@pytest.mark.parametrize("table, message", [
    ({"ground": "bumpy"}, "house_rules: ground: must be one of smooth, rough, not 'bumpy'"),
    ({"ground_roughness_mm": 0.1}, "house_rules: ground_roughness_mm: must lie between 0.5 and 8 millimetres, not 0.1"),
    ({"ground_roughness_mm": 9}, "house_rules: ground_roughness_mm: must lie between 0.5 and 8 millimetres, not 9"),
    ({"ground_roughness_mm": "3"}, "house_rules: ground_roughness_mm: must be a number, not '3'"),
    ({"ground_seed": -1}, "house_rules: ground_seed: must lie between 0 and 2147483647, not -1"),
    ({"ground_seed": 1.5}, "house_rules: ground_seed: must be a whole number, not 1.5"),
])
def test_a_bad_ground_is_a_one_line_error_naming_the_key(table, message):
    with pytest.raises(HouseRuleError) as caught:
        HouseRules.from_mapping(table)
    assert str(caught.value) == message


def test_the_other_numbers_keep_their_bounds_in_metres_and_seconds():
    with pytest.raises(HouseRuleError, match="start_tolerance: must lie between 0 and 0.1 metres"):
        HouseRules.from_mapping({"start_tolerance": 0.5})
    with pytest.raises(HouseRuleError, match="simultaneous_s: must lie between 0 and 0.1 seconds"):
        HouseRules.from_mapping({"simultaneous_s": -0.5})
