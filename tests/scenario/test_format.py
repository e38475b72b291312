"""The scenario file: placements resolve where the docs say, and bad input is one clear line."""

import math

import pytest

from game.errors import UserError
from game.rules.layout import Layout
from game.scenario.format import default_positions, parse_scenario, resolve_direction

CAP = 4.0
BASE = """
players = ["earth", "venus"]
shooter = "earth"
"""


SHOT = '[shot]\naim = "sun"\nspeed = 1\n'


def with_shot(extra: str) -> str:
    """A scenario of the two base players with ``extra`` before its one plain shot at the Sun."""
    return BASE + extra + SHOT


def parse(extra: str, shot: str = '[shot]\naim = "sun"\nspeed = 1.0\n') -> object:
    return parse_scenario(BASE + extra + "\n" + shot, "t.toml", max_speed=CAP)


def error_of(text: str) -> str:
    with pytest.raises(UserError) as caught:
        parse_scenario(text, "t.toml", max_speed=CAP)
    message = str(caught.value)
    assert "\n" not in message and message.startswith("t.toml: ")
    return message


def test_default_setup_has_every_planet_down_and_only_the_players_taws():
    scenario = parse("")
    layout = Layout()
    assert scenario.positions == default_positions(layout, ("earth", "venus"))
    assert "earth.taw" in scenario.positions and "venus.taw" in scenario.positions
    assert "mars.taw" not in scenario.positions
    assert "herschel.6" in scenario.positions and "saturn.7" in scenario.positions
    assert layout.zone(scenario.positions["earth.taw"]).on_line == "earth"


def test_placement_forms_land_where_the_layout_says():
    layout = Layout()
    scenario = parse("""
[bodies]
sun = {in = "earth", angle = 10, frac = 0.5}
mars = {on = "mars", angle = 30}
"earth.1" = [0.5, -0.5]
venus.taw = {beyond = "herschel", angle = 45, by = 0.1}
jupiter = {in = "inner", angle = 90, frac = 0.5}
""")
    p = scenario.positions
    assert p["sun"] == pytest.approx(layout.point_in_region("earth", 10, 0.5))
    assert layout.zone(p["sun"]).region == "earth"
    assert p["mars"] == pytest.approx(layout.home_on_line("mars", 30))
    assert p["earth.1"] == (0.5, -0.5)
    assert math.hypot(*p["venus.taw"]) == pytest.approx(0.95 + 0.1)
    assert layout.zone(p["jupiter"]).in_inner_ring


def test_remove_takes_bodies_off_and_saturn_ring_placement_is_inside_the_ring():
    layout = Layout()
    scenario = parse('[bodies]\nremove = ["saturn.3", "mars"]\n"saturn.1" = {in = "saturn_ring", angle = 0, frac = 0.0}\n'
                     'saturn = {on = "saturn", angle = 250}\n')
    assert "saturn.3" not in scenario.positions and "mars" not in scenario.positions
    assert layout.in_saturn_ring(scenario.positions["saturn.1"])


def direction_of(shot_text: str) -> float:
    scenario = parse("", shot_text)
    start = scenario.positions["earth.taw"]
    return resolve_direction(scenario.shot, scenario.positions, start, "t.toml")


def test_aim_with_offset_turns_the_shot_to_the_left():
    straight = direction_of('[shot]\naim = "sun"\nspeed = 1.0\n')
    cut = direction_of('[shot]\naim = "sun"\nspeed = 1.0\noffset = 0.5\n')
    metres = direction_of('[shot]\naim = "sun"\nspeed = 1.0\noffset_m = 0.008125\n')
    assert straight == pytest.approx(310.0)  # the Earth taw sits at 130 degrees
    assert 0 < cut - straight < 5
    assert metres == pytest.approx(cut)


def test_direction_is_taken_modulo_a_turn():
    assert direction_of("[shot]\ndirection = -90\nspeed = 2\n") == pytest.approx(270.0)


def test_a_sequence_of_shots_names_each_shooter_and_placement():
    scenario = parse_scenario(BASE + '[[shots]]\naim = "sun"\nspeed = 1\n[[shots]]\nshooter = "venus"\n'
                              'direction = 10\nspeed = 2\nplace = {on = "venus", angle = 45}\n',
                              "t.toml", max_speed=CAP)
    assert [s.shooter for s in scenario.shots] == ["earth", "venus"]
    assert scenario.shots[1].place == ("venus", 45.0)


def test_the_top_level_shooter_takes_only_the_first_of_the_shots():
    scenario = parse_scenario(BASE + '[[shots]]\ndirection = 0\nspeed = 1\n[[shots]]\ndirection = 0\nspeed = 1\n',
                              "t.toml", max_speed=CAP)
    assert [s.shooter for s in scenario.shots] == ["earth", None]


def test_house_rules_change_the_layout():
    scenario = parse('[house_rules]\njupiter_moons = 2\n')
    assert "jupiter.2" in scenario.positions and "jupiter.3" not in scenario.positions
    assert error_of(with_shot('[house_rules]\nno_such = 1\n')).startswith(
        "t.toml: house_rules: no_such")


def test_a_hat_scenario_needs_only_the_people():
    scenario = parse_scenario('[hat]\npeople = ["ann", "bob"]\nseed = 3\n', "t.toml", max_speed=CAP)
    assert scenario.hat is not None and scenario.hat.people == ("ann", "bob") and scenario.hat.seed == 3


def test_rule_state_and_house_rules_are_read():
    scenario = parse('sun_released = true\nstakes = 3\ncomets = ["venus"]\n[purses]\nearth = 10\n'
                     '[house_rules]\nstarting_purse = 7\n')
    assert scenario.state.sun_released and scenario.state.stakes == 3
    assert scenario.state.comets == ("venus",) and scenario.state.purses == {"earth": 10}
    assert scenario.house.starting_purse == 7


@pytest.mark.parametrize("text, key, words", [
    ("players = [", "", "not valid TOML"),
    (BASE + '[shot]\naim = "sun"\nspeed = 9.0\n', "shot.speed", "above the cap"),
    (BASE + '[shot]\naim = "sun"\nspeed = -1.0\n', "shot.speed", "positive"),
    (BASE + '[shot]\naim = "sun"\nspeed = "fast"\n', "shot.speed", "must be a number"),
    (BASE + '[shot]\naim = "pluto"\nspeed = 1\n', "shot.aim", "pluto"),
    (BASE + '[shot]\naim = "sun"\ndirection = 3\nspeed = 1\n', "shot", "exactly one"),
    (BASE + '[shot]\naim = "sun"\nspeed = 1\nspin = 2\n', "shot.spin", "between -1 and 1 (backspin to topspin)"),
    (with_shot('colour = "red"\n'), "colour", "unknown key"),
    ('players = ["pluto"]\nshooter = "pluto"\n', "players[0]", "unknown planet"),
    ('players = ["earth"]\nshooter = "mars"\n[shot]\naim="sun"\nspeed=1\n', "shooter", "not one of the players"),
    (with_shot('[bodies]\npluto = [0, 1]\n'), "bodies.pluto", "unknown body"),
    (with_shot('[bodies]\n"earth.2" = [0, 1]\n'), "bodies.earth.2", "no such satellite"),
    (with_shot('[bodies]\n"mars.taw" = [0, 1]\n'), "bodies.mars.taw", "not playing"),
    (with_shot('[bodies]\nsun = {on = "pluto"}\n'), "bodies.sun.on", "unknown planet"),
    (with_shot('[bodies]\nsun = {in = "earth", frac = 2}\n'), "bodies.sun.frac", "between 0 and 1"),
    (with_shot('[bodies]\nsun = [3.0, 0]\n'), "bodies.sun", "off the ground"),
    (with_shot('[bodies]\nsun = [0.14, 0.0]\nmercury = {on = "mercury", angle = 0}\n'),
     "bodies.", "overlaps"),
    (with_shot('[bodies]\nsun = {on = "mars", in = "earth"}\n'), "bodies.sun", "exactly one"),
    (with_shot('[bodies]\nsun = {at = [0, 0], angle = 3}\n'), "bodies.sun.angle", "not used"),
    (with_shot('[bodies]\nsun = [0, "x"]\n'), "bodies.sun[1]", "must be a number"),
    (with_shot('[bodies]\nremove = ["earth.taw"]\n'), "bodies.remove[0]", "must stay"),
    (with_shot('stakes = -1\n'), "stakes", "between 0 and 100000"),
    (with_shot('sun_released = "yes"\n'), "sun_released", "true or false"),
    (with_shot('[purses]\nmars = 3\n'), "purses.mars", "not one of the players"),
    (BASE, "shot", "missing"),
])
def test_bad_input_names_the_key_and_the_problem(text, key, words):
    message = error_of(text)
    assert f"t.toml: {key}" in message and words in message, message


def test_missing_file_is_a_user_error(tmp_path):
    from game.scenario import load_scenario

    with pytest.raises(UserError, match="no such file"):
        load_scenario(tmp_path / "none.toml", max_speed=CAP)


def test_stakes_default_to_the_house_rules():
    from game.scenario.run import starting_state

    assert starting_state(parse('[house_rules]\nstarting_stakes = 4\n')).stakes == 4
    assert starting_state(parse('stakes = 2\n[house_rules]\nstarting_stakes = 4\n')).stakes == 2


def test_a_shot_may_carry_spin_and_omitting_it_is_a_plain_flick() -> None:
    from game.scenario.format import parse_scenario

    text = 'players = ["earth"]\nshooter = "earth"\n[shot]\naim = "sun"\nspeed = 1\n'
    assert parse_scenario(text, "t.toml", max_speed=3.8).shots[0].spin == 0.0
    spun = parse_scenario(text + "spin = -0.5\n", "t.toml", max_speed=3.8)
    assert spun.shots[0].spin == -0.5
