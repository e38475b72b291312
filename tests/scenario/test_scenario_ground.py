"""A scenario names its ground in its house rules; the shot rolls on it and the hat drops onto it."""

from __future__ import annotations

from game.physics.terrain import Terrain
from game.scenario.format import parse_scenario
from game.scenario.run import run_scenario

BASE = '''description = "a slow roll"
players = ["earth", "mars"]
shooter = "earth"
sun_released = true
{house}
[bodies]
"earth.taw" = [0.3, 0.0]

[shot]
direction = 0
speed = 0.9
'''


def _play(house: str):
    scenario = parse_scenario(BASE.format(house=house), "slow.toml", max_speed=3.8)
    return scenario, run_scenario(scenario).shots[0].positions["earth.taw"]


def test_a_scenario_without_a_ground_plays_on_the_smooth_plane_and_one_naming_rough_earth_on_it():
    smooth, on_plane = _play("")
    rough, on_earth = _play('[house_rules]\nground = "rough"\nground_roughness_mm = 8.0\nground_seed = 25\n')
    assert Terrain.from_house(smooth.house).is_flat
    assert Terrain.from_house(rough.house) == Terrain.rough(8.0, 25)
    assert abs(on_plane[1]) < 1e-4               # straight along the line on the plane
    assert abs(on_earth[1]) > 0.01               # curved off it on rough earth


def test_a_hat_scenario_drops_onto_the_ground_it_names():
    text = '''description = "the hat on rough earth"
[hat]
people = ["ann", "bob", "cy"]
seed = 4
[house_rules]
ground = "rough"
ground_roughness_mm = 8.0
ground_seed = 5
'''
    rough = run_scenario(parse_scenario(text, "hat.toml", max_speed=3.8)).hat
    plane = run_scenario(parse_scenario(text.split("[house_rules]")[0], "hat.toml", max_speed=3.8)).hat
    assert rough != plane
