"""The coach shows a win by rule 9 when one is there, however narrow, and its shot played as printed wins.

The position is from a played game (the lead's, shot 16): the Sun 9 cm
inside Herschel's line, Mercury's taw touching it, Venus's taw 19 cm behind.
A full-power shot wins through a window a few tenths of a degree wide; the
planner's own lines at the Sun missed it and the coach said "nothing here
pays".
"""

from __future__ import annotations

import json
import math
import threading
from dataclasses import replace

import pytest

from game.ai.workers import PlanContext, PlannerPool
from game.cli import main
from game.coach.advice import situation_for
from game.coach.win_search import FAN_STEPS, fan, find_win, in_reach, widest_run, wins
from game.scenario.format import parse_scenario
from game.scenario.run import starting_state

IN_REACH = '''
players = ["mercury", "venus"]
shooter = "venus"
sun_released = true
purses = {mercury = 30, venus = 11}

[bodies]
remove = ["mars.3"]
sun = [-0.81679345703125, -0.26897708129882814]
"mercury.taw" = [-0.8063412475585937, -0.2537625579833984]
"venus.taw" = [-0.6462803344726562, -0.1865378875732422]
'''


def _situation(text: str):
    scenario = parse_scenario(text, "in_reach.toml", max_speed=3.8, require_shot=False)
    return situation_for(starting_state(scenario), scenario.house, scenario.layout)


def test_the_widest_run_is_found_and_its_middle_named():
    assert widest_run([False, True, True, True, False, True]) == (2, 1)
    assert widest_run([True, False, True, True]) == (2, 0)
    assert widest_run([False, False]) is None
    assert widest_run([True] * 5) == (2, 2)


def test_the_fan_crosses_the_sun_at_full_power_from_the_taw():
    sit = _situation(IN_REACH)
    shots = fan(sit, 0.0)
    sun, taw = sit.positions["sun"], sit.positions["venus.taw"]
    to_sun = math.atan2(sun[1] - taw[1], sun[0] - taw[0])
    assert len(shots) == FAN_STEPS and all(s.speed == sit.max_speed and s.origin == taw for s in shots)
    assert shots[0].angle < to_sun < shots[-1].angle
    assert math.isclose(shots[FAN_STEPS // 2].angle, to_sun, abs_tol=1e-12)


def test_a_sun_far_inside_herschels_line_is_not_searched():
    home = IN_REACH.replace("sun = [-0.81679345703125, -0.26897708129882814]", "sun = [-0.3, -0.1]")
    assert in_reach(_situation(IN_REACH)) and not in_reach(_situation(home))


def test_the_window_found_wins_at_its_middle_and_at_either_edge_of_its_room():
    sit = _situation(IN_REACH)
    window = find_win(PlanContext(PlannerPool(workers=0), 1, threading.Event()), sit)
    assert window is not None and window.room_deg > 0.0
    room = math.radians(window.room_deg)
    for angle in (window.candidate.angle - room, window.candidate.angle, window.candidate.angle + room):
        assert wins(sit, replace(window.candidate, angle=angle))


@pytest.mark.slow
def test_the_coach_advises_the_win_and_played_as_printed_it_wins(capsys, tmp_path):
    source = tmp_path / "in_reach.toml"
    source.write_text(IN_REACH)
    assert main(["hint", str(source), "--json", "--level", "hard"]) == 0
    hint = json.loads(capsys.readouterr().out)
    assert "rule 9" in hint["why"] and "a fine shot" in hint["why"]
    shot = hint["shot"]
    played = tmp_path / "played.toml"
    played.write_text(IN_REACH + f"\n[shot]\ndirection = {shot['direction']!r}\nspeed = {shot['speed']!r}\n"
                                  f"spin = {shot['spin']!r}\n")
    assert main(["scenario", str(played), "--json"]) == 0
    ruling = json.loads(capsys.readouterr().out)
    assert ruling == hint["ruling"]
    assert ruling["winner"] == "venus" and ruling["finished"] is True
